"""Calibration: the fit makes confidence mean the share read right."""

from __future__ import annotations

import numpy as np

from vision.evaluation.evaluate import expected_calibration_error
from vision.reader.calibration import Calibration, fit


def sample(true_rate, raw, n=4000, seed=0):
    """Tiles whose raw confidence is ``raw(p)`` when the real chance of being right is p."""
    rng = np.random.default_rng(seed)
    p = rng.uniform(0.05, 0.99, n)
    return [float(raw(x)) for x in p], [bool(rng.random() < true_rate(x)) for x in p]


def test_an_overconfident_reader_is_brought_back_to_its_real_rate():
    # raw confidence sqrt(p): a tile right 49% of the time says 0.7
    conf, right = sample(lambda p: p, np.sqrt)
    calibration = fit(conf, right)
    before = expected_calibration_error(list(zip(conf, right, strict=True)))
    after = expected_calibration_error([(calibration(c), r)
                                        for c, r in zip(conf, right, strict=True)])
    assert before > 0.08
    assert after < 0.03


def test_a_calibrated_reader_is_left_nearly_alone():
    conf, right = sample(lambda p: p, lambda p: p, seed=1)
    calibration = fit(conf, right)
    assert abs(calibration.slope - 1) < 0.15 and abs(calibration.offset) < 0.15


def test_a_set_without_mistakes_does_not_make_everything_certain():
    calibration = fit([0.9] * 200, [True] * 200)
    assert calibration(0.3) < 0.9


def test_without_the_file_the_calibration_changes_nothing(tmp_path):
    identity = Calibration.load(tmp_path / "missing.json")
    assert abs(identity(0.37) - 0.37) < 1e-6


def test_a_saved_calibration_loads_back(tmp_path):
    path = tmp_path / "calibration.json"
    Calibration(0.8, -0.2).save(path, "test")
    assert Calibration.load(path) == Calibration(0.8, -0.2)


def test_a_tile_is_never_made_certain():
    # the shipped slope turned a 0.999 reading into 1.0 after rounding: "--min-confidence
    # 1" then kept it sure while every half of it was shown in doubt
    from vision.types import HalfReading, TileReading

    halves = (HalfReading((0.0, 0.0), 5, 0.999), HalfReading((0.0, 10.0), 3, 0.999))
    tile = TileReading(((0, 0), (5, 0), (5, 20), (0, 20)), halves, 0.999)
    assert Calibration(2.04447, 1.43102).tile(tile).confidence < 1.0
