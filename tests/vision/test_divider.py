"""A double blank's divider stops at its sides; the seam between two backs runs on."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader.divider import shows_divider

TABLE, FACE, LINE = 70, 210, 120
FIRST, SECOND = (160.0, 150.0), (240.0, 150.0)  # half centres: a tile 160 long, 80 wide


def _photo() -> np.ndarray:
    rng = np.random.default_rng(3)
    image = np.full((300, 400, 3), TABLE, np.float32)
    return image + rng.normal(0, 3, image.shape).astype(np.float32)


def _finish(image: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(image, (0, 0), 1.0).clip(0, 255).astype(np.uint8)


def test_a_double_blank_shows_its_divider():
    image = _photo()
    image[110:190, 120:280] = FACE
    image[112:188, 198:202] = LINE
    assert shows_divider(_finish(image), FIRST, SECOND)


def test_two_backs_side_by_side_show_a_seam_not_a_divider():
    image = _photo()
    image[70:230, 120:199] = FACE  # two upright backs, their long sides touching:
    image[70:230, 201:280] = FACE  # the middle of each is a blank half
    image[70:230, 199:201] = LINE
    assert not shows_divider(_finish(image), FIRST, SECOND)


def test_no_line_at_all_is_no_divider():
    image = _photo()
    image[110:190, 120:280] = FACE
    assert not shows_divider(_finish(image), FIRST, SECOND)


def test_a_divider_seen_at_an_angle_still_shows():
    image = _photo()
    image[110:190, 120:280] = FACE
    cv2.line(image, (192, 112), (208, 188), (LINE,) * 3, 3)  # slanting 12 degrees
    assert shows_divider(_finish(image), FIRST, SECOND)


def test_a_back_with_a_ring_emblem_shows_no_divider():
    # the ring darkens the middle as a divider does, but crosses the width nowhere straight
    image = _photo()
    image[110:190, 120:280] = FACE
    cv2.circle(image, (200, 150), 14, (LINE,) * 3, 3)
    assert not shows_divider(_finish(image), FIRST, SECOND)

