"""The candidate-tile picture: rectified along the halves, first half on the left."""

from __future__ import annotations

import numpy as np

from vision.reader.pair_crop import ALONG, PAIR_COLS, PAIR_ROWS, crop_pair


def _scene() -> np.ndarray:
    image = np.zeros((400, 400, 3), np.uint8)
    image[100:200, 150:200] = (0, 0, 255)  # red upper half of a standing tile
    image[200:300, 150:200] = (255, 0, 0)  # blue lower half
    return image


def test_the_first_half_lies_left_of_the_middle_and_the_second_right():
    picture = crop_pair(_scene(), (175, 150), (175, 250))
    assert picture.shape == (PAIR_ROWS, PAIR_COLS, 3)
    middle_row = picture[PAIR_ROWS // 2]
    left = middle_row[PAIR_COLS // 2 - PAIR_COLS // 5]
    right = middle_row[PAIR_COLS // 2 + PAIR_COLS // 5]
    assert left[2] > 200 and left[0] < 50  # red
    assert right[0] > 200 and right[2] < 50  # blue


def test_swapping_the_halves_turns_the_picture_end_for_end():
    forward = crop_pair(_scene(), (175, 150), (175, 250)).astype(int)
    backward = crop_pair(_scene(), (175, 250), (175, 150)).astype(int)
    assert np.abs(forward[::-1, ::-1] - backward).mean() < 8


def test_the_table_shows_past_the_ends_of_a_tile():
    picture = crop_pair(_scene(), (175, 150), (175, 250))
    end = int(PAIR_COLS * (ALONG - 2) / ALONG / 2) - 2  # the margin beyond each tile end
    assert picture[:, :end].max() < 30 and picture[:, PAIR_COLS - end:].max() < 30


def test_points_outside_the_photo_give_a_picture_not_an_error():
    picture = crop_pair(np.full((20, 30, 3), 90, np.uint8), (-500, -500), (900, 900))
    assert picture.shape == (PAIR_ROWS, PAIR_COLS, 3)
