"""The read benchmark's timing loop works with any reader and picks up its stage times."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import cv2

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_read.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_read", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class StagedReader:
    last_timings_ms = {"detect": 2.0, "pips": 3.0}

    def read(self, image_bgr, set_max=None):
        return [], []


def test_time_one_reports_medians_per_stage(tmp_path):
    bench = _bench()
    path = tmp_path / "frame.jpg"
    frame = bench.draw_frame(1280, 720)
    assert frame.shape == (720, 1280, 3)
    cv2.imwrite(str(path), frame)
    timings = bench.time_one(path, StagedReader(), 2)
    assert set(timings) == {"load", "read", "report", "total", "read.detect", "read.pips"}
    assert timings["read.pips"] == 3.0 and timings["total"] >= timings["load"] > 0


class CountingDetector:
    def __init__(self):
        self.calls = 0

    def detect(self, image_bgr):
        self.calls += 1
        assert image_bgr.shape == (720, 1280, 3)
        return None


def test_time_detector_times_whole_photo_passes_after_a_warm_up(tmp_path):
    bench = _bench()
    path = tmp_path / "frame.jpg"
    cv2.imwrite(str(path), bench.draw_frame(1280, 720))
    detector = CountingDetector()
    assert bench.time_detector(detector, path, 3) >= 0
    assert detector.calls == 4
