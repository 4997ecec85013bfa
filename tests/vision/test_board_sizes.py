"""Tiles of a tableau are one size: a short reading is restored, a stray one dropped."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from scorer.notation import format_board, parse_board
from tests.vision.test_board_read import BOARDS, index_of, readings_of
from tui.board_words import problem_lines
from vision.board.geometry import find_joins, tile_quad
from vision.board.problems import Kind
from vision.board.read import read_tableau
from vision.board.sizes import covered, expected_lengths, restored, sized_tiles, tile_length
from vision.types import TileReading


def shrunk(tile: TileReading, factor: float) -> TileReading:
    """The tile read ``factor`` times its length about its centre (halves too close)."""
    q = np.asarray(tile.corners_px, dtype=np.float64)
    c = q.mean(0)
    corners = tuple((float(x), float(y)) for x, y in c + (q - c) * factor)
    halves = tuple(replace(h, center_px=tuple(c + (np.asarray(h.center_px) - c) * factor))
                   for h in tile.halves)
    return replace(tile, corners_px=corners, halves=halves)


def nudged_off(tile: TileReading, other: TileReading, widths: float) -> TileReading:
    """The tile moved ``widths`` tile widths further from ``other``, centre to centre."""
    width = float(np.linalg.norm(np.subtract(tile.corners_px[1], tile.corners_px[0])))
    step = np.subtract(tile.center_px, other.center_px)
    away = step / np.linalg.norm(step) * width * widths
    return replace(tile, corners_px=tuple(tuple(p + away) for p in tile.corners_px),
                   halves=tuple(replace(h, center_px=tuple(np.asarray(h.center_px) + away))
                                for h in tile.halves))


def test_restored_tile_keeps_centre_direction_and_corner_order() -> None:
    tile = readings_of(BOARDS[1])[3]
    back = restored(shrunk(tile, 0.6), tile_length(tile))
    # the photo's tilt makes the real tile a little off square; restored it is a rectangle
    assert np.allclose(back.corners_px, tile.corners_px, atol=2.0)
    for a, b in zip(back.halves, tile.halves, strict=True):
        assert np.allclose(a.center_px, b.center_px, atol=2.0)
        assert a.pips == b.pips


def test_expected_length_comes_from_the_neighbours() -> None:
    tiles = readings_of(BOARDS[2])
    lengths = [tile_length(t) for t in tiles]
    for want in expected_lengths(tiles):
        assert want == pytest.approx(float(np.median(lengths)), rel=0.15)
    assert expected_lengths(tiles[:2]) == [None, None]


@pytest.mark.parametrize("notation", BOARDS[1:])
def test_a_tile_read_short_is_restored_and_the_board_reads_exactly(notation: str) -> None:
    tiles = readings_of(notation)
    spinner = index_of(tiles, *parse_board(notation).entries[0].tile.ends)
    length = tile_length(tiles[spinner])
    before = sum(spinner in (j.a, j.b) for j in find_joins(tiles))
    tiles[spinner] = shrunk(tiles[spinner], 0.6)
    assert sum(spinner in (j.a, j.b) for j in find_joins(tiles)) < before  # arms fall short
    fixed, _ = sized_tiles(tiles)
    assert tile_length(fixed[spinner]) == pytest.approx(length, rel=0.05)
    reading = read_tableau(tiles, 9)
    assert reading.ok, reading.problems
    assert format_board(reading.board) == format_board(parse_board(notation))


def test_a_stray_reading_where_tiles_meet_is_dropped() -> None:
    tiles = readings_of(BOARDS[2])
    a, b = tiles[index_of(tiles, 1, 1)], tiles[index_of(tiles, 1, 5)]
    # two halves read again, across the join of 1-1 and 1-5
    meet = (np.mean(a.corners_px, 0) + np.mean(b.corners_px, 0)) / 2
    stray = shrunk(replace(a, corners_px=tuple(tuple(p - np.mean(a.corners_px, 0) + meet)
                                                for p in np.asarray(a.corners_px))), 0.35)
    fixed, _ = sized_tiles(tiles + [stray])
    assert len(fixed) == len(tiles)
    reading = read_tableau(tiles + [stray], 9)
    assert reading.ok, reading.problems
    assert format_board(reading.board) == format_board(parse_board(BOARDS[2]))


def test_covered_share_of_a_face() -> None:
    square = np.array([[0, 0], [10, 0], [10, 20], [0, 20]], np.float64)
    assert covered(square, []) == 0.0
    assert covered(square, [square + [0, 10]]) == pytest.approx(0.5)
    assert covered(square, [square]) == 1.0


def test_a_tile_just_beyond_the_touching_distance_still_joins_when_nothing_else_does() -> None:
    tiles = readings_of(BOARDS[1])
    i, on = index_of(tiles, 1, 5), index_of(tiles, 9, 1)
    assert any({j.a, j.b} == {i, on} for j in find_joins(tiles))
    tiles[i] = nudged_off(tiles[i], tiles[on], 0.45)  # 1-5 nudged off the end of 9-1
    assert not any({j.a, j.b} == {i, on} for j in find_joins(tiles))
    reading = read_tableau(tiles, 9)
    assert reading.ok, reading.problems
    assert format_board(reading.board) == format_board(parse_board(BOARDS[1]))


def test_a_tile_lying_on_a_surer_one_is_dropped() -> None:
    tiles = readings_of(BOARDS[2])
    i = index_of(tiles, 1, 5)
    q = np.asarray(tiles[i].corners_px, dtype=np.float64)
    across = q[1] - q[0]  # half a tile sideways: it lies over half of 1-5
    ghost = replace(tiles[i], corners_px=tuple(tuple(p + across * 0.5) for p in q),
                    halves=tuple(replace(h, pips=0, center_px=tuple(np.asarray(h.center_px)
                                                                   + across * 0.5))
                                 for h in tiles[i].halves), confidence=0.3)
    assert len(sized_tiles(tiles + [ghost])[0]) == len(tiles)
    reading = read_tableau(tiles + [ghost], 9)
    assert reading.ok, reading.problems
    assert format_board(reading.board) == format_board(parse_board(BOARDS[2]))


def shifted(tile: TileReading, across: float, confidence: float, pips=None) -> TileReading:
    """The tile moved ``across`` tile widths sideways, read ``confidence`` surely."""
    q = np.asarray(tile.corners_px, dtype=np.float64)
    step = (q[1] - q[0]) * across
    values = pips or tuple(h.pips for h in tile.halves)
    return replace(tile, corners_px=tuple(tuple(p + step) for p in q), confidence=confidence,
                   halves=tuple(replace(h, pips=v, center_px=tuple(np.asarray(h.center_px)
                                                                   + step))
                                for h, v in zip(tile.halves, values, strict=True)))


def test_a_tile_read_again_partly_beside_itself_is_one_tile() -> None:
    """Seen on a board of real halves: a crosswise 9-9 read a second time, shifted off it,
    too little on it to count as lying on it; the decoder then made the copy some other
    tile (8-9). The same tile read twice is left out sooner: every tile exists once."""
    tiles = readings_of(BOARDS[1])
    i = index_of(tiles, 1, 5)  # a leaf, with table beside it
    again = shifted(tiles[i], -0.8, 0.38)
    assert 0.1 <= covered(tile_quad(again), [tile_quad(t) for t in tiles]) < 0.3
    kept, strays = sized_tiles(tiles + [again])
    assert len(kept) == len(tiles) and strays == [again]
    reading = read_tableau(tiles + [again], 9)
    assert reading.ok, reading.problems
    assert format_board(reading.board) == format_board(parse_board(BOARDS[1]))


def test_another_tile_overlapping_a_little_is_kept() -> None:
    tiles = readings_of(BOARDS[1])
    other = shifted(tiles[index_of(tiles, 1, 5)], -0.8, 0.38, pips=(7, 7))
    assert len(sized_tiles(tiles + [other])[0]) == len(tiles) + 1


def test_a_tile_read_short_and_nudged_off_still_joins_at_full_length() -> None:
    tiles = readings_of(BOARDS[1])
    i, on = index_of(tiles, 1, 5), index_of(tiles, 9, 1)
    # too little shorter to restore, enough to stop short of 9-1
    tiles[i] = shrunk(nudged_off(tiles[i], tiles[on], 0.6), 0.85)
    assert sized_tiles(tiles)[0][i] == tiles[i]
    assert not any({j.a, j.b} == {i, on} for j in find_joins(tiles, 0.6))
    reading = read_tableau(tiles, 9)
    assert reading.ok, reading.problems
    assert format_board(reading.board) == format_board(parse_board(BOARDS[1]))


def _slid_onto(tile: TileReading, parent: TileReading, pips: tuple[int, int]) -> TileReading:
    """A reading of ``tile`` slid most of a half's length towards ``parent``: one half
    over the parent's end, the other about where the tile's near half lies (a half paired
    across)."""
    towards = np.subtract(parent.center_px, tile.center_px)
    axis = np.subtract(tile.halves[1].center_px, tile.halves[0].center_px)
    step = axis if np.dot(axis, towards) > 0 else -axis
    step = step * 0.6
    return replace(tile, corners_px=tuple(tuple(np.add(p, step)) for p in tile.corners_px),
                   halves=tuple(replace(h, pips=v, center_px=tuple(np.add(h.center_px, step)))
                                for h, v in zip(tile.halves, pips, strict=True)),
                   confidence=0.5)


def test_a_reading_left_out_with_a_half_on_no_tile_says_a_tile_may_be_missing() -> None:
    """A tile never found, whose half was paired across with its neighbour's: the reading
    lies on the neighbour and is left out, the board lacks the tile, and a problem says a
    tile may be missing there. With the tile found, the same reading is left out unsaid."""
    tiles = readings_of(BOARDS[3])
    leaf, parent = index_of(tiles, 4, 6), index_of(tiles, 1, 4)
    stray = _slid_onto(tiles[leaf], tiles[parent], (4, 4))
    missing = [t for i, t in enumerate(tiles) if i != leaf]
    reading = read_tableau(missing + [stray], 9)
    assert reading.built and not reading.ok
    assert [p.kind for p in reading.problems] == [Kind.HALF_ALONE]
    assert "a tile there may be missing" in problem_lines(reading)[0]
    whole = read_tableau(tiles + [stray], 9)
    assert whole.ok, problem_lines(whole)
    assert format_board(whole.board) == format_board(parse_board(BOARDS[3]))
    # a reading of a tile the board holds is a second look at it: every tile exists once
    again = read_tableau(missing + [_slid_onto(tiles[leaf], tiles[parent], (1, 4))], 9)
    assert not any(p.kind is Kind.HALF_ALONE for p in again.problems)
