"""The read benchmark's timing loop works with any reader and picks up its stage times."""

from __future__ import annotations

import math

import cv2

from tests.bench_scripts import load_bench


def _bench():
    return load_bench("bench_read")


class CountingDetector:
    def __init__(self):
        self.calls = 0

    def detect(self, image_bgr):
        self.calls += 1
        assert image_bgr.shape == (720, 1280, 3)
        return None


class StagedReader:
    last_timings_ms = {"detect": 2.0, "pips": 3.0}

    def __init__(self):
        self.detector = CountingDetector()

    def read(self, image_bgr, set_max=None):
        return [], []


def _frame(bench, tmp_path):
    path = tmp_path / "frame.jpg"
    frame = bench.draw_frame(1280, 720)
    assert frame.shape == (720, 1280, 3)
    cv2.imwrite(str(path), frame)
    return path


def test_rounds_interleave_read_detector_predict_and_probe(tmp_path):
    bench = _bench()
    reader, seen = StagedReader(), []
    rounds = bench.time_rounds(_frame(bench, tmp_path), reader, 3,
                               predict=lambda image: seen.append(image.shape),
                               probe=lambda: 2.0)
    assert len(rounds) == 3 and reader.detector.calls == 3
    assert seen == [(720, 1280, 3)] * 5  # two warm-up passes, then one a round
    assert set(rounds[0]) == {"load", "read", "report", "total", "read.detect", "read.pips",
                              "detector", "ultralytics.predict", "cores"}
    assert rounds[0]["read.pips"] == 3.0 and rounds[0]["total"] >= rounds[0]["load"] > 0


def test_summary_takes_medians_and_each_rounds_ratio():
    bench = _bench()
    rounds = [{"total": t, "detector": d, "read.detect": d, "ultralytics.predict": u,
               "cores": c} for t, d, u, c in ((30, 8, 10, 2.0), (50, 16, 16, 1.0),
                                              (32, 9, 12, 1.9))]
    figures = bench.summary(rounds) | bench.by_cores(rounds)
    assert figures["total"] == 32 and figures["detector"] == 9
    assert figures["detector/ultralytics"] == 0.8  # the median of 0.8, 1.0 and 0.75
    assert figures["rounds.both_cores"] == 2 and figures["total.both_cores"] == 31
    assert figures["rounds.core_taken"] == 1 and figures["total.core_taken"] == 50


def test_cores_probe_gives_a_share_of_cores():
    # a ratio of two timings: what it is depends on the machine's load at that moment (a
    # suite run beside benches measured 0.498), so only its being a ratio is asserted
    cores = _bench().CoresProbe(megabytes=1, passes=4)()
    assert math.isfinite(cores) and cores > 0
