"""Pairing detected halves into tiles, from hand-made detections with known answers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision.reader.assemble import (
    HalfSlot,
    TileSlot,
    assemble,
    greedy_pairs,
    half_pair_error,
    pair_error,
    without_overlaps,
)
from vision.reader.detections import HALF, TILE, Detections


def _dets(halves: list[tuple[float, float, float, float]],
          tiles: list[tuple[float, float, float, float]] = ()) -> Detections:
    boxes = list(halves) + list(tiles)
    classes = [HALF] * len(halves) + [TILE] * len(tiles)
    return Detections(np.array(boxes, np.float32).reshape(-1, 4),
                      np.full(len(boxes), 0.9, np.float32), np.array(classes, np.int64))


def test_two_touching_halves_form_one_tile_even_without_a_tile_box():
    tiles, lone = assemble(_dets([(0, 0, 50, 50), (50, 0, 100, 50)]))
    assert len(tiles) == 1 and lone == []
    assert [h.center for h in tiles[0].halves] == [(25.0, 25.0), (75.0, 25.0)]


def test_tile_boxes_decide_between_equally_close_neighbours():
    # Two vertical tiles side by side: four halves in a 2x2 square. Geometry alone could
    # pair them across; the tile boxes say the pairs are vertical.
    halves = [(0, 0, 50, 50), (50, 0, 100, 50), (0, 50, 50, 100), (50, 50, 100, 100)]
    tiles, lone = assemble(_dets(halves, [(0, 0, 50, 100), (50, 0, 100, 100)]))
    assert lone == []
    pairs = sorted(tuple(h.center for h in t.halves) for t in tiles)
    assert pairs == [((25.0, 25.0), (25.0, 75.0)), ((75.0, 25.0), (75.0, 75.0))]


def test_a_tile_box_with_one_detected_half_gets_its_other_half_from_the_box():
    tiles, lone = assemble(_dets([(0, 0, 50, 50)], [(0, 0, 100, 50)]))
    assert lone == [] and len(tiles) == 1
    inferred = [h for h in tiles[0].halves if h.inferred]
    assert len(inferred) == 1 and inferred[0].center == (75.0, 25.0)


def test_far_apart_halves_stay_alone_and_are_not_made_into_a_tile():
    tiles, lone = assemble(_dets([(0, 0, 50, 50), (300, 300, 350, 350)]))
    assert tiles == [] and len(lone) == 2


def test_rotated_tile_halves_pair_at_45_degrees():
    side = 40.0
    # Half centres one side apart along a 45-degree axis; each half's axis-aligned box
    # is side * sqrt(2) wide.
    box = side * math.sqrt(2)
    a = (100.0, 100.0)
    b = (a[0] + side / math.sqrt(2), a[1] + side / math.sqrt(2))
    halves = [(c[0] - box / 2, c[1] - box / 2, c[0] + box / 2, c[1] + box / 2) for c in (a, b)]
    assert pair_error(HalfSlot(halves[0], 1.0), HalfSlot(halves[1], 1.0)) < 0.05
    tiles, lone = assemble(_dets(halves))
    assert len(tiles) == 1 and lone == []


@pytest.mark.parametrize("angle_deg", [0, 30, 90, 135, 200])
def test_corners_are_a_clockwise_two_to_one_rectangle(angle_deg):
    a = math.radians(angle_deg)
    c1 = (200.0, 200.0)
    c2 = (c1[0] + 50 * math.cos(a), c1[1] + 50 * math.sin(a))
    slots = tuple(HalfSlot((x - 25, y - 25, x + 25, y + 25), 1.0) for x, y in (c1, c2))
    corners = np.array(TileSlot(slots, 1.0).corners())
    sides = [np.linalg.norm(corners[i] - corners[(i + 1) % 4]) for i in range(4)]
    assert sides == pytest.approx([50, 100, 50, 100], abs=1e-6)
    # Shoelace: positive area means clockwise on screen (y points down).
    x, y = corners[:, 0], corners[:, 1]
    assert 0.5 * np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y) == pytest.approx(5000)
    # The first two corners belong to the first half.
    assert np.linalg.norm(corners[:2].mean(0) - c1) < np.linalg.norm(corners[:2].mean(0) - c2)


@pytest.mark.parametrize("angle_deg", [0, 17, 45, 90, 120])
@pytest.mark.parametrize("stretch", [(1.0, 1.0), (1.0, 1.33), (0.75, 1.0)])
def test_pair_error_is_zero_for_the_halves_of_one_tile_at_any_rotation_and_stretch(
    angle_deg, stretch
):
    a = math.radians(angle_deg)
    side = 40.0
    spread = side * (abs(math.cos(a)) + abs(math.sin(a)))  # box of a rotated square half
    centres = [(200.0, 200.0), (200.0 + side * math.cos(a), 200.0 + side * math.sin(a))]
    sx, sy = stretch
    boxes = [
        (
            (x - spread / 2) * sx,
            (y - spread / 2) * sy,
            (x + spread / 2) * sx,
            (y + spread / 2) * sy,
        )
        for x, y in centres
    ]
    assert half_pair_error(*boxes) == pytest.approx(0.0, abs=1e-9)


def test_halves_two_sides_apart_or_diagonal_are_poor_partners():
    box = (0.0, 0.0, 40.0, 40.0)
    assert half_pair_error(box, (80.0, 0.0, 120.0, 40.0)) == pytest.approx(1.0)
    assert half_pair_error(box, (40.0, 40.0, 80.0, 80.0)) == pytest.approx(1.0)


def test_greedy_pairs_takes_the_best_fit_first_and_leaves_the_rest_alone():
    boxes = [(0, 0, 40, 40), (40, 0, 80, 40), (84, 0, 124, 40), (300, 300, 340, 340)]
    pairs, lone = greedy_pairs(boxes, 0.3)
    assert pairs == [(0, 1)] and lone == [2, 3]


# -- with the pair judge -----------------------------------------------------------------
def _judge_says(tiles: set[frozenset[tuple[float, float]]]):
    """A pair judge that knows the answer: 0.9 for the given tiles, 0.1 for anything else."""
    def probability(pairs):
        return np.array([0.9 if frozenset((a.center, b.center)) in tiles else 0.1
                         for a, b in pairs], np.float32)
    return probability


def test_the_judge_decides_pairs_that_geometry_cannot():
    # Two level tiles stacked: the 2x2 square of halves again, but now with no tile boxes.
    halves = [(0, 0, 50, 50), (50, 0, 100, 50), (0, 50, 50, 100), (50, 50, 100, 100)]
    truth = {frozenset({(25.0, 25.0), (75.0, 25.0)}), frozenset({(25.0, 75.0), (75.0, 75.0)})}
    tiles, lone = assemble(_dets(halves), _judge_says(truth))
    assert lone == []
    assert {frozenset(h.center for h in t.halves) for t in tiles} == truth


def test_pairs_the_judge_rejects_stay_apart():
    tiles, lone = assemble(_dets([(0, 0, 50, 50), (50, 0, 100, 50)]), _judge_says(set()))
    assert tiles == [] and len(lone) == 2


def test_a_tile_box_mirrors_a_lone_half_only_when_the_judge_sees_a_tile():
    dets = _dets([(0, 0, 50, 50)], [(0, 0, 100, 50)])
    tiles, lone = assemble(dets, _judge_says({frozenset({(25.0, 25.0), (75.0, 25.0)})}))
    assert lone == [] and len(tiles) == 1 and tiles[0].halves[1].inferred
    tiles, lone = assemble(dets, _judge_says(set()))
    assert tiles == [] and len(lone) == 1


def _judge_gives(probability: float):
    return lambda pairs: np.full(len(pairs), probability, np.float32)


def test_two_sure_halves_left_alone_that_lie_just_right_make_a_doubtful_tile():
    halves = [(0, 0, 50, 50), (50, 0, 100, 50)]
    tiles, lone = assemble(_dets(halves), _judge_gives(0.3))
    assert lone == [] and len(tiles) == 1 and tiles[0].score < 0.5
    # ... but not when the judge all but rules it out, or the geometry is only loose
    assert assemble(_dets(halves), _judge_gives(0.1))[0] == []
    assert assemble(_dets([(0, 0, 50, 50), (50, 30, 100, 80)]), _judge_gives(0.3))[0] == []


def _judge_of(believed: dict[frozenset, float]):
    def probability(pairs):
        return np.array([believed.get(frozenset((a.center, b.center)), 0.05)
                         for a, b in pairs], np.float32)
    return probability


def test_a_pair_across_two_tiles_leaving_their_far_halves_alone_is_made_two_tiles():
    # Two level tiles end to end: the judge is surest of the two halves that touch (a
    # chain's matching ends look like a double), but believes each true tile too.
    halves = [(0, 0, 50, 50), (50, 0, 100, 50), (100, 0, 150, 50), (150, 0, 200, 50)]
    a, b, c, d = [(x + 25.0, 25.0) for x in (0, 50, 100, 150)]
    believed = {frozenset({b, c}): 0.96, frozenset({a, b}): 0.85, frozenset({c, d}): 0.8}
    tiles, lone = assemble(_dets(halves), _judge_of(believed))
    assert lone == []
    assert {frozenset(h.center for h in t.halves) for t in tiles} == {
        frozenset({a, b}), frozenset({c, d})}
    # ... but not when the judge doubts one of the two (then the far half is no partner)
    believed[frozenset({c, d})] = 0.3
    tiles, lone = assemble(_dets(halves), _judge_of(believed))
    assert [frozenset(h.center for h in t.halves) for t in tiles] == [frozenset({b, c})]


def test_a_second_detection_of_a_paired_half_joins_no_tile_and_is_not_reported():
    halves = [(0, 0, 50, 50), (50, 0, 100, 50), (4, 3, 54, 53)]  # the third echoes the first
    tiles, lone = assemble(_dets(halves), _judge_gives(0.9))
    assert len(tiles) == 1 and lone == []


def test_the_judge_is_only_asked_about_halves_roughly_one_half_apart():
    asked = []

    def probability(pairs):
        asked.extend(pairs)
        return np.full(len(pairs), 0.9, np.float32)

    tiles, lone = assemble(_dets([(0, 0, 50, 50), (300, 300, 350, 350)]), probability)
    assert asked == [] and tiles == [] and len(lone) == 2


def test_a_second_tile_read_on_top_of_a_surer_one_goes():
    sure = TileSlot((HalfSlot((0, 0, 50, 50), 0.9), HalfSlot((50, 0, 100, 50), 0.9)), 0.9)
    shifted = TileSlot((HalfSlot((10, 5, 60, 55), 0.5), HalfSlot((60, 5, 110, 55), 0.5)), 0.4)
    beside = TileSlot((HalfSlot((100, 0, 150, 50), 0.9), HalfSlot((150, 0, 200, 50), 0.9)), 0.8)
    below = TileSlot((HalfSlot((0, 50, 50, 100), 0.9), HalfSlot((50, 50, 100, 100), 0.9)), 0.8)
    assert without_overlaps([shifted, sure, beside, below]) == [sure, beside, below]
