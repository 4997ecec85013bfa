"""The other half of a lone half, found where the pair judge sees a tile."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision.reader.assemble import HalfSlot, TileSlot
from vision.reader.missing_partner import (
    DIRECTIONS,
    pair_lone_halves_by_judge,
    partner_candidates,
)

LONE = HalfSlot((100, 100, 150, 150), 0.9)


def test_candidates_lie_one_half_side_away_in_every_direction():
    places = partner_candidates(LONE)
    assert len(places) == DIRECTIONS and all(p.inferred for p in places)
    right, down = places[0].center, places[DIRECTIONS // 4].center
    assert right == pytest.approx((175.0, 125.0)) and down == pytest.approx((125.0, 175.0))
    # at 45 degrees the box of a square half is sqrt(2) sides wide, so the step is shorter
    diagonal = places[DIRECTIONS // 8].center
    assert math.dist(diagonal, LONE.center) == pytest.approx(50 / math.sqrt(2))


def _judge_likes(centre):
    def probability(pairs):
        return np.array([0.95 if math.dist(b.center, centre) < 1 else 0.3 for _, b in pairs])
    return probability


def test_the_judge_picks_the_partner_and_the_half_joins_a_tile():
    tiles, lone = pair_lone_halves_by_judge([], [LONE], _judge_likes((125.0, 75.0)))
    assert lone == [] and len(tiles) == 1
    centres = {tuple(round(v, 6) for v in h.center) for h in tiles[0].halves}
    assert centres == {(125.0, 125.0), (125.0, 75.0)}


def test_no_partner_on_a_tile_already_read_nor_for_an_unsure_or_doubted_half():
    above = TileSlot((HalfSlot((100, 0, 150, 50), 0.9), HalfSlot((100, 50, 150, 100), 0.9)), 0.9)
    tiles, lone = pair_lone_halves_by_judge([above], [LONE], _judge_likes((125.0, 75.0)))
    assert tiles == [above] and lone == [LONE]
    unsure = HalfSlot(LONE.box_xyxy, 0.3)
    assert pair_lone_halves_by_judge([], [unsure], _judge_likes((125.0, 75.0)))[1] == [unsure]
    assert pair_lone_halves_by_judge([], [LONE], _judge_likes((0.0, 0.0)))[1] == [LONE]
    assert pair_lone_halves_by_judge([], [LONE], None) == ([], [LONE])
