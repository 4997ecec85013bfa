"""Shrinking fast: the size or factor asked for, pixels where they belong, any shape."""

from __future__ import annotations

import cv2
import numpy as np

from vision.image import shrink_by, shrink_to


def _photo(height: int, width: int) -> np.ndarray:
    small = np.random.default_rng(0).integers(0, 255, (height // 16, width // 16, 3), np.uint8)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)


def test_a_big_photo_shrinks_to_the_size_asked_close_to_the_exact_average():
    photo = _photo(3024, 4032)
    fast = shrink_to(photo, 320, 240, halve_while=8.0)
    exact = cv2.resize(photo, (320, 240), interpolation=cv2.INTER_AREA)
    assert fast.shape == (240, 320, 3)
    assert np.abs(fast.astype(int) - exact.astype(int)).mean() < 2.0


def test_a_factor_keeps_points_where_they_were():
    """A bright dot at x lies at (x + 0.5) * factor - 0.5 after the shrink: the judge
    cuts its pictures there."""
    photo = np.zeros((1200, 1600, 3), np.uint8)
    photo[600:608, 1000:1008] = 255
    factor = 0.11
    small = shrink_by(photo, factor)
    y, x = np.unravel_index(np.argmax(small[..., 0]), small.shape[:2])
    assert abs(x - ((1004 + 0.5) * factor - 0.5)) <= 1
    assert abs(y - ((604 + 0.5) * factor - 0.5)) <= 1


def test_a_panorama_strip_is_not_halved_to_nothing_across():
    strip = np.full((32, 40000, 3), 90, np.uint8)
    assert shrink_to(strip, 320, 1).shape == (1, 320, 3)
