"""Photos made of real halves (vision.evaluation.half_pictures cuts them,
vision.synth.real_halves lays them out): tiles of two halves with a divider between, a
half of every value, and the board reader reads such tableaux.

Needs the shipped models and the committed validation photos.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.evaluation.half_pictures import real_half_pictures
from vision.synth.real_halves import (
    HALF_PX,
    HalfPool,
    halves_cover,
    real_tile_photo,
    tile_picture,
)

VALID = Path(__file__).resolve().parents[2] / "datasets/real/pip-tracker-double12/valid"
BOARDS = 8
# 5-tile boards of seeds 81000.. read exactly: 8 of 8 measured on 2026-12-03; the margin is
# for other CPUs' rounding
FLOOR = 7
HANDS = 10
HANDS_FLOOR = 0.95  # of tiles read exactly: 53 of 53 on seed 992, measured 2026-12-03


@pytest.fixture(scope="module")
def pool():
    from vision.reader.tile_reader import shared_reader

    return HalfPool.of(real_half_pictures(VALID, shared_reader()))


def test_a_tile_picture_is_two_halves_with_a_divider_between() -> None:
    face = np.full((HALF_PX, HALF_PX, 3), 220, np.uint8)
    pips = face.copy()
    pips[10:20, 10:20] = 30  # a pip near the outer end
    tile = tile_picture(pips, face)
    assert tile.shape == (2 * HALF_PX, HALF_PX, 3)
    middle = tile[HALF_PX - 1:HALF_PX + 1, HALF_PX // 4:3 * HALF_PX // 4]
    assert middle.mean() < 100 < tile[HALF_PX + 10:HALF_PX + 20].mean()
    assert tile[10:20, 10:20].mean() < 100  # the first half as cut, its pip at the top


def test_the_validation_photos_give_a_half_of_every_value_of_a_double_nine(pool) -> None:
    assert halves_cover(pool, 9)
    assert all(p.shape == (HALF_PX, HALF_PX, 3) for pictures in pool.halves.values()
               for p in pictures)


def test_boards_of_real_halves_are_read(pool) -> None:
    from tests.vision.test_board_read_photos import boards_read_exactly

    exact = boards_read_exactly(lambda laid, size, rng: real_tile_photo(laid, size, pool, rng),
                                81_000, BOARDS, 5)
    assert exact >= FLOOR, f"{exact} of {BOARDS} boards of real halves read exactly"


def test_hands_of_real_halves_are_read(pool, tmp_path) -> None:
    from vision.evaluation import evaluate
    from vision.reader.tile_reader import shared_reader
    from vision.synth.real_halves import write_real_hands

    write_real_hands(tmp_path, HANDS, 992, pool)
    metrics = evaluate(tmp_path, shared_reader(), set_max=12)
    assert metrics.tiles_labelled > 0
    assert metrics.tiles_exact >= HANDS_FLOOR * metrics.tiles_labelled, metrics.lines()
