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
