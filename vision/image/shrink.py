"""Shrinking a photo to a small size, fast and without aliasing.

OpenCV's area resampling averages every source pixel into the output, which is what a
shrink needs (no pip is lost between samples), but for a factor that is not a whole
number it takes about 50 ms on a 12 MP photo. Halving by exactly 2 has a fast path
(3 ms): a 2x2 box average. So the photo is halved while it stays at least twice the
target on both sides, and area-resampled once from there: nearly the same box average, in
a seventh of the time at 320 px. A caller that needs the average closer to the exact one
halves less (``halve_while``).
"""

from __future__ import annotations

import cv2
import numpy as np


def shrink(image: np.ndarray, width: int, height: int, halve_while: float = 2.0) -> np.ndarray:
    """``image`` area-resampled to ``width`` x ``height`` (no larger than it is), halved
    first while it is at least ``halve_while`` times that size. Each halving widens the
    average a little past the exact one (by at most 1 / halve_while of it, once the last
    area step has a factor of ``halve_while / 2`` or more left)."""
    while image.shape[1] >= halve_while * width and image.shape[0] >= halve_while * height:
        # An odd side leaves the fast path (ten times slower): its last line goes.
        image = image[:image.shape[0] // 2 * 2, :image.shape[1] // 2 * 2]
        image = cv2.resize(image, (image.shape[1] // 2, image.shape[0] // 2),
                           interpolation=cv2.INTER_AREA)
    if image.shape[1] == width and image.shape[0] == height:
        return image
    return cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA)
