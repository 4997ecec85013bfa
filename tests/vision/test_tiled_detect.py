"""When and how big photos are looked at again in windows."""

from __future__ import annotations

import numpy as np

from vision.reader.detections import HALF, Detections
from vision.reader.tiled_detect import window_side_for, windows


def _halves(side_px: float, count: int = 4) -> Detections:
    boxes = np.array(
        [[i * 3 * side_px, 0, i * 3 * side_px + side_px, side_px] for i in range(count)], np.float32
    )
    return Detections(boxes, np.full(count, 0.9, np.float32), np.full(count, HALF, np.int64))


def test_small_photos_and_big_halves_need_no_second_look():
    assert window_side_for((480, 640), 384, _halves(30)) is None
    # 4032 px photo, halves 300 px wide: 28 px at the model's 384 px.
    assert window_side_for((3024, 4032), 384, _halves(300)) is None


def test_tiny_halves_in_a_big_photo_get_windows_that_make_them_about_40_px():
    side = window_side_for((3024, 4032), 384, _halves(100))
    assert side is not None
    assert abs(100 * 384 / side - 40) < 1


def test_a_big_photo_with_nothing_found_is_searched_in_thirds():
    assert window_side_for((3024, 4032), 384, Detections.empty()) == 4032 // 3


def test_windows_cover_the_photo_with_overlap():
    wins = windows(3024, 4032, 1344)
    covered = np.zeros((3024, 4032), bool)
    for x0, y0, x1, y1 in wins:
        assert x1 - x0 == 1344 and y1 - y0 == 1344
        covered[y0:y1, x0:x1] = True
    assert covered.all()
    xs = sorted({w[0] for w in wins})
    assert all(b - a < 1344 for a, b in zip(xs, xs[1:], strict=False))
