"""Second looks: the reader asked to read one place again where the board says a tile
must lie, and what it finds there.

    a tile read unsurely                  -> read again along its length (recentred)
    a bare place where several tiles meet -> the double missed there (doubles_in_holes)
    a gap in a chain (one tile long, or   -> the tile missed there (tiles_in_gaps)
    at a corner)

``vision.board.gaps`` says where those places are; ``vision.board.read`` decides when to
look. A tile found replaces any first reading lying on it (``without_misreadings``).

Why: in a line of abutting tiles the detector boxes halves off centre or too long, and a
half's crop reaching into the next tile counts some of its pips (a 7 read as 8, with no
join at the end of a chain to disagree); read centred on the tile, both halves are sure.
The surest look tells the value and the length, not the place to the pixel: a tile is
moved only when its values or length change (moving tiles read right nudged them onto
their neighbours' ends). Falling back to the first looks when the board with the moves
does not fit changed none of 400 fresh boards (models/MODEL_CARD.md) and was taken out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from vision.board.budget import LookBudget, Place
from vision.board.gaps import Hole, gaps_in_lines, holes_where_tiles_meet
from vision.board.geometry import (
    TableauTree,
    inside_quad,
    point_to_tile,
    tile_ends,
    tile_quad,
)
from vision.board.problems import BoardNote, Note
from vision.board.sizes import expected_lengths
from vision.board.sureness import FAINT, FOUND, LIKELY, SURE, tileness
from vision.types import TileReading

HOLE_VALUES = 2  # a double found where tiles meet shows the value of this many of them
# A tile read under SURE is read again moved along its length by up to three steps of this
# share of its half spacing each way, and moved where a look is surer, and LIKELY: a move
# trades one reading for another
RECENTRE_STEP = 0.1
RECENTRE_LENGTH = 0.1  # ... and also at its neighbours' length when this far off it

def tiles_in_gaps(tiles: tuple[TileReading, ...], tree: TableauTree, look: LookBudget
                  ) -> tuple[TileReading, ...]:
    """The tiles a second look finds where a chain of tiles has a gap: one tile long, or
    at a corner (``vision.board.gaps.gaps_in_lines``)."""
    in_tree = [tree.in_tree(i) for i in range(len(tiles))]
    doubles = [i for i, t in enumerate(tiles) if t.pips[0] == t.pips[1] or i == tree.root]
    seen = (look(centres) for centres in gaps_in_lines(tiles, in_tree, doubles))
    # of the tiles found, those read FAINT or more, none lying on a surer tile
    found: tuple[TileReading, ...] = ()
    # two gaps may face the same missed tile (a spinner between arms): keep the surer look
    for tile in sorted((t for t in seen if t is not None and t.confidence >= FAINT),
                       key=lambda t: -t.confidence):
        if all(t.confidence <= tile.confidence for t in _lying_on(tile, tiles)):
            found += without_misreadings((tile,), found)
    return found


def doubles_in_holes(tiles: tuple[TileReading, ...], look: LookBudget
                     ) -> tuple[tuple[TileReading, ...], tuple[BoardNote, ...]]:
    """The doubles a second look finds in places where three or more tiles meet, and a
    note for each. Each place is read with the double lying both ways, the surer kept;
    a double is taken only when at least HOLE_VALUES of the tiles meeting it show its
    value on the half that points at it. A first look centred there that is unsure is
    replaced by a surer second look (it was the double boxed askew); a sure one stays.
    In a bare place the look's pips must read FAINT or more, unless the pair judge sees
    a tile there SURE: then the meeting ends vouch for the value, which each half must
    read as its value or its runner-up (``_as_met``): a 0-0 spinner crowded by its blank
    arms, their pips reaching into the picture, read 0 on each half at 0.30 and 0.32
    (bench seed 104616 with --spinner 0, dispute #8), or 2-0 with 0 the runner-up at
    0.30 (seed 104613, dispute #74), and the dispute got no verdict."""
    found: tuple[TileReading, ...] = ()
    notes: tuple[BoardNote, ...] = ()
    for hole in holes_where_tiles_meet(tiles):
        first = max((tiles[k] for k in hole.read_there), key=lambda t: t.confidence,
                    default=None)
        if first is not None and first.confidence >= FOUND:
            continue
        seen = [t for t in (look(hole.along), look(hole.across)) if t is not None]
        doubles = [t for t in seen if t.halves[0].pips == t.halves[1].pips]
        if first is None:  # in a bare place the meeting ends vouch for the value
            doubles += [d for d in (_as_met(t, tiles, hole) for t in seen
                                    if t not in doubles and tileness(t) >= SURE) if d]
        if not doubles:
            continue  # a hole holds a double: a look that reads none saw no tile there
        surest = max(doubles, key=lambda t: (_seen_as(t, first), t.confidence))
        tile = _lying_as_met(surest, seen, tiles, hole)
        value = tile.halves[0].pips
        shown = sum(value in (tiles[k].halves[h].pips, tiles[k].halves[h].runner_up)
                    for k, h in hole.meeting)
        if shown < HOLE_VALUES:
            continue
        if _seen_as(tile, first) < max(FAINT, first.confidence if first else 0.0) and not (
                first is None and tileness(tile) >= SURE):
            continue
        found += (tile,)
        notes += (BoardNote(Note.FOUND_IN_HOLE, tile) if first is None
                  else BoardNote(Note.REREAD_IN_HOLE, tile, first),)
    return found, notes


def _as_met(tile: TileReading, tiles: Sequence[TileReading], hole: Hole
            ) -> TileReading | None:
    """A look in a hole read as the double the meeting ends show (HOLE_VALUES of them or
    more), each half reading that value as its value or its runner-up, the runner-up
    then taken as read; None when no such value is."""
    shown = Counter(tiles[k].halves[h].pips for k, h in hole.meeting)
    value = next((v for v, count in shown.most_common() if count >= HOLE_VALUES
                  and all(v in (h.pips, h.runner_up) for h in tile.halves)), None)
    if value is None:
        return None
    halves = tuple(h if h.pips == value else replace(
        h, pips=value, confidence=h.runner_up_confidence, runner_up=h.pips,
        runner_up_confidence=h.confidence) for h in tile.halves)
    return replace(tile, halves=halves,
                   confidence=min(h.confidence for h in halves) * tileness(tile))


def _seen_as(tile: TileReading, first: TileReading | None) -> float:
    """How surely a look in a hole saw a tile: its confidence where a first look saw one
    there too; in a bare place, its less sure half's. The meeting tiles already say a tile
    lies there, so only its pips are in question (whether the look sees a tile at all is
    the pair judge's guess, and a double in a glare, all face and no edge, looks like none
    to it)."""
    return tile.confidence if first is not None else min(h.confidence for h in tile.halves)


def _lying_as_met(tile: TileReading, seen: Sequence[TileReading],
                  tiles: Sequence[TileReading], hole: Hole) -> TileReading:
    """The surer reading ``tile`` of a hole, laid the way of the look whose box the
    meeting tiles' ends touch best: two arms meet a double's ends and the others its long
    sides, which a look across the reader's crowded crops may not show."""
    ends = [tile_ends(tiles[k])[h] for k, h in hole.meeting]

    def apart(t: TileReading) -> float:
        quad = tile_quad(t)
        return sum(point_to_tile(end, quad) for end in ends)

    laid = min(seen, key=apart)
    if apart(laid) >= apart(tile):
        return tile
    return replace(tile, corners_px=laid.corners_px,
                   halves=tuple(replace(h, center_px=c.center_px)
                                for h, c in zip(tile.halves, laid.halves, strict=True)))


def recentred(tiles: tuple[TileReading, ...], look: LookBudget, beside: tuple[TileReading, ...] = ()
              ) -> tuple[tuple[TileReading, ...], tuple[str, ...]]:
    """The tiles, each unsure one moved along its length to where it reads surest. In a
    line of abutting tiles the detector boxes halves off centre or too long, and a crop
    reaching into the next tile counts some of its pips (a 7 read as 8); read centred on
    the tile, both halves come out sure. A tile read much longer or shorter than its
    neighbours is also read at their length (``beside`` are more neighbours, not looked
    at again). A tile is moved only when its halves' values or its length change, with a
    note when its value changed."""
    out: list[TileReading] = []
    notes: list[BoardNote] = []
    lengths = expected_lengths(beside + tiles)[len(beside):]
    for tile, length in zip(tiles, lengths, strict=True):
        here, best = _looks_along(tile, length, look) if tile.confidence < SURE else (None, None)
        beat = max(tile.confidence, here.confidence if here is not None else 0.0)
        if best is None or best.confidence < max(beat, LIKELY):
            out.append(tile)
            continue
        # The surest look tells the value and the length, not the place to the pixel: a
        # reading it confirms at the same length stays where it was read, joins and all.
        resized = abs(_spacing(best) - _spacing(tile)) > RECENTRE_LENGTH * _spacing(tile)
        if best.pips == tile.pips and not resized:
            out.append(tile)
            continue
        out.append(_keeping_first_values(best, tile))
        if sorted(best.pips) != sorted(tile.pips):
            notes.append(BoardNote(Note.REREAD_CENTRED, tile, best))
    return tuple(out), tuple(notes)


def _keeping_first_values(moved: TileReading, first: TileReading) -> TileReading:
    """The moved reading, each half whose value changed keeping the first look's value as
    its runner-up: a look moved a little too far cuts a pip off (8 read as 7) as surely as
    a look off centre gains one, and the joins then decide between them."""
    halves = tuple(
        h if h.pips == f.pips or (h.runner_up == f.pips
                                  and h.runner_up_confidence >= f.confidence)
        else replace(h, runner_up=f.pips, runner_up_confidence=min(f.confidence, h.confidence))
        for h, f in zip(moved.halves, first.halves, strict=True))
    return replace(moved, halves=halves)


def _spacing(tile: TileReading) -> float:
    """The distance between the tile's half centres."""
    return float(np.linalg.norm(np.subtract(*(h.center_px for h in tile.halves))))


def _looks_along(tile: TileReading, length: float | None, look: LookBudget
                 ) -> tuple[TileReading | None, TileReading | None]:
    """The look where ``tile`` was read, and the surest of the looks moved along its
    length (and at ``length``, its neighbours', when it was read much longer or shorter)."""
    a, b = (np.asarray(h.center_px, float) for h in tile.halves)
    spacing = _spacing(tile)
    if spacing < 1e-6:
        return None, None
    axis, middle = (b - a) / spacing, (a + b) / 2

    def at(shift: float, apart: float) -> Place:
        centre = middle + shift * spacing * axis
        return (tuple(centre - apart / 2 * axis), tuple(centre + apart / 2 * axis))

    spacings = [spacing]
    if length is not None and abs(length / 2 - spacing) > RECENTRE_LENGTH * spacing:
        spacings.append(length / 2)
    here, *seen = look.many([at(0.0, spacing)] + [
        at(RECENTRE_STEP * k, apart) for apart in spacings for k in range(-3, 4)
        if (k, apart) != (0, spacing)])
    best = max((t for t in seen if t is not None), key=lambda t: t.confidence, default=None)
    return here, best


def without_misreadings(tiles: tuple[TileReading, ...], found: tuple[TileReading, ...]
                        ) -> tuple[TileReading, ...]:
    """The tiles less any whose centre lies on a tile found on a second look: the first
    look's reading of that same tile, boxed askew (no tile lies on another)."""
    covered = {id(t) for tile in found for t in _lying_on(tile, tiles)}
    return tuple(t for t in tiles if id(t) not in covered)


def _lying_on(tile: TileReading, tiles: Sequence[TileReading]) -> list[TileReading]:
    """The tiles whose centre lies on ``tile``."""
    quad = tile_quad(tile)
    return [t for t in tiles if inside_quad(np.asarray([t.center_px]), quad)[0]]


__all__ = ["doubles_in_holes", "recentred", "tiles_in_gaps", "without_misreadings"]
