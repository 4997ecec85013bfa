"""Cutting halves: the same pixels as blurring and warping the whole photo, at any size
(within a grey level or so where a big half is halved before its blur)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.reader.half_crop import CROP_PX, MARGIN, crop_half


def _whole_photo_crop(image, box):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    shrink = max(w, h) * (1 + 2 * MARGIN) / CROP_PX
    if shrink > 2:
        image = cv2.GaussianBlur(image, (0, 0), sigmaX=shrink / 3)
    src = np.array([[x0 - MARGIN * w, y0 - MARGIN * h], [x1 + MARGIN * w, y0 - MARGIN * h],
                    [x0 - MARGIN * w, y1 + MARGIN * h]], np.float32)
    dst = np.array([[0, 0], [CROP_PX, 0], [0, CROP_PX]], np.float32)
    return cv2.warpAffine(image, cv2.getAffineTransform(src, dst), (CROP_PX, CROP_PX),
                          flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


@pytest.mark.parametrize("box", [(500, 300, 540, 340), (-20, -10, 60, 70),
                                 (950, 700, 1010, 760)])
def test_crops_match_the_whole_photo_reference(box):
    image = _noise()
    crop = crop_half(image, box)
    assert crop.shape == (CROP_PX, CROP_PX, 3)
    assert np.abs(crop.astype(int) - _whole_photo_crop(image, box).astype(int)).max() <= 1


@pytest.mark.parametrize(("box", "mean_grey"), [((100, 100, 400, 400), 0.6),
                                                ((100, 100, 700, 700), 1.0)])
def test_a_big_half_halved_before_its_blur_is_the_same_picture(box, mean_grey):
    """Halving first (fast) blurs a little differently; cut without placing the halved
    pixels' centres right (a quarter of a halved pixel or more out), the crops differ about
    twice as much on this fine noise (1.1 and 1.9 grey levels)."""
    image = _noise()
    difference = np.abs(crop_half(image, box).astype(int)
                        - _whole_photo_crop(image, box).astype(int))
    assert difference.mean() <= mean_grey
    assert difference.max() <= 8


def _noise() -> np.ndarray:
    rng = np.random.default_rng(0)
    return cv2.GaussianBlur(rng.integers(0, 255, (768, 1024, 3), np.uint8), (0, 0), 2)
