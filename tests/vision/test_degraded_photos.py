"""The blurred and grainy copies the detector learns from: blur sized to the halves."""

import random

import numpy as np

from vision.training.degraded_photos import degrade, half_size_px


def _edge_width(image: np.ndarray) -> int:
    """Columns of the middle row that are neither the dark side nor the light one."""
    row = image[image.shape[0] // 2, :, 0].astype(int)
    return int(np.count_nonzero((row > 25) & (row < 230)))


def _step(size: int) -> np.ndarray:
    image = np.zeros((size, size, 3), np.uint8)
    image[:, size // 2:] = 255
    return image


def test_the_half_size_is_the_median_short_side_of_the_labelled_halves():
    lines = ["0 0.5 0.5 0.1 0.2", "0 0.2 0.2 0.3 0.1", "0 0.7 0.7 0.2 0.2", "1 0.5 0.5 0.9 0.9"]
    assert half_size_px(lines, 1000, 500) == 100.0  # short sides 100, 50, 100; tiles ignored
    assert half_size_px([], 640, 480) == 48.0  # no tile: a tenth of the short side


def test_blur_grows_with_the_halves_not_with_the_photo():
    """The same share of a half blurs a photo twice the size twice as wide."""
    small = degrade(_step(200), 20.0, "blur", random.Random(3))
    large = degrade(_step(400), 40.0, "blur", random.Random(3))
    assert _edge_width(small) > 0
    assert abs(_edge_width(large) - 2 * _edge_width(small)) <= 2


def test_every_kind_keeps_the_photo_shape_and_changes_it():
    image = np.full((120, 160, 3), 128, np.uint8)
    image[40:80, 60:100] = 250
    for kind in ("blur", "shake", "grain", "dim-grain", "blur-grain"):
        out = degrade(image, 30.0, kind, random.Random(1))
        assert out.shape == image.shape and out.dtype == np.uint8
        assert np.abs(out.astype(int) - image).mean() > 0.1, kind
