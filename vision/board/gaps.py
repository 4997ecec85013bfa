"""Where a tile the reader missed must lie: a gap of one tile in a straight line, or a
hole where several tiles meet, or past an open place of the tree.

A tableau is one connected piece, so tiles that reach the spinner by no join mean a tile
is missing. In a straight chain of abutting tiles the detector sometimes misses a whole
tile; its neighbours then face each other across a gap one tile long, or, at a corner,
the missed tile lies straight on from one neighbour and the other, turned square, touches
its far half (``gaps_in_lines``).

A tile missed at an open place leaves no gap: nothing lies beyond it. An open place is a
tile's end, the middle of a double's long side, or a far corner of a chicken foot (where
a toe slants from), that no tile touches. A lone half the reader found there marks such
a tile (``tiles_at_open_ends``); where it found neither half, every open place is looked
past all the same (``beyond_open_ends``).

Where three or more tiles point their ends at one place, two of them head on across it,
and nothing lies there but perhaps an unsure reading centred in it, a double was missed
or boxed askew (``holes_where_tiles_meet``): only doubles are met by three tiles, and the
spinner, crowded by its arms, is where the detector does worst.

Why sized by the tiles around: a neighbour boxed too long, over part of the missed tile,
would make the gap look short, so gaps and holes are measured with every tile at its
neighbours' length. What is found at these places is ``vision.board.looks``'s.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from vision.board.geometry import (
    IN_LINE_COS,
    TOUCH_WIDTHS,
    as_point,
    cosine,
    halves_about,
    inside_quad,
    point_to_tile,
    quad_about,
    tile_ends,
    tile_quad,
    tile_width,
)
from vision.board.sizes import at_full_length, expected_lengths, tile_length
from vision.types import Point, TileReading

# The ends' distance, in tile lengths, that one tile fills: a neighbour boxed too long
# (the detector took a half of the missed tile for its own) makes the gap look short.
GAP_LENGTHS = (0.5, 1.3)
# Each tile points at the other within board_geometry's IN_LINE_COS (20 degrees).

# A tile missed at a corner of a chain (an L): the tile turned square to it (within
# SQUARE_COS) touches it (TOUCH_WIDTHS); a straight gap fits better than any bend.
SQUARE_COS = math.cos(math.radians(60))

# What lies within POINTS_AT_COS (45 degrees) of straight on from an end lies ahead of it:
# a tile nudged along its line, one turned at a corner, a chicken foot's slanting toe
POINTS_AT_COS = math.cos(math.radians(45))

# Two tiles head on across a missed double lie its width (its long sides' arms) or its
# length (its ends' arms) apart, in tile lengths; less where the detector boxed an arm
# too long, taking a half of the double for its own; at most as far as a gap's ends.
HOLE_LENGTHS = (0.25, GAP_LENGTHS[1])
HOLE_REACH = 0.75  # an end this near the hole (tile lengths), pointing at it, meets it
HOLE_ENDS = 3  # tiles meeting a hole: a chain's gap has two, a double three or more
LONG = 1.2  # a tile this much longer than its neighbours was boxed too long


@dataclass(frozen=True, slots=True)
class Hole:
    """A place where a double was missed: the half centres of a double lying along the
    two tiles that face each other through it, and of one lying across them (arms boxed
    too long hide which, so both are looked at), the (tile, half) ends pointing at it,
    each of which must show the double's value, and the tiles read in the middle of it
    (the double itself, perhaps boxed askew: an unsure one is looked at again)."""

    along: tuple[Point, Point]
    across: tuple[Point, Point]
    meeting: tuple[tuple[int, int], ...]
    read_there: tuple[int, ...] = ()


def gaps_in_lines(tiles: Sequence[TileReading], in_tree: Sequence[bool],
                  doubles: Collection[int] = ()) -> list[tuple[Point, Point]]:
    """The half centres of a missing tile for each gap between an open end of a tile on
    the tree and an open end of one off it (one gap per tile off it, the best fit): a
    tile as long as its neighbours, in the middle of a straight gap, or straight on from
    one of them at a corner. The middle of a long side of a double on the tree
    (``doubles``) is an end too: an arm the detector missed beside the crowded spinner
    leaves a gap between the spinner's side and the arm's next tile. (Two tiles missed
    in a row are found one by one: the first past the open end of the tree, the next in
    the gap it leaves.)"""
    whole = at_full_length(tiles)  # a short reading must not make the gap look long
    lengths = _lengths(whole)
    footprints = _Footprints(whole)
    ends = [tile_ends(t) for t in whole]
    open_ends = [[footprints.is_open(end, i, tile_width(whole[i])) for end in ends[i]]
                 for i in range(len(whole))]
    # tile off the tree -> (a bend, how far off a tile's fit), centres: straight first
    best: dict[int, tuple[tuple[bool, float], tuple[Point, Point]]] = {}

    def offer(b: int, fit: tuple[bool, float], centres: tuple[Point, Point]) -> None:
        if b not in best or fit < best[b][0]:
            best[b] = (fit, centres)

    sides = {a: _sides(whole[a]) for a in doubles if in_tree[a]}
    open_sides = {a: [footprints.is_open(side, a, tile_width(whole[a])) for side in pair]
                  for a, pair in sides.items()}
    for a in (a for a in range(len(whole)) if in_tree[a]):
        for b in (b for b in range(len(whole)) if not in_tree[b]):
            length = (lengths[a] + lengths[b]) / 2
            for ha in (0, 1):
                for hb in (0, 1):
                    if not open_ends[b][hb]:
                        continue
                    e2 = ends[b][hb]
                    for places, open_at in ((ends[a], open_ends[a]),
                                            (sides.get(a), open_sides.get(a))):
                        if places is None or not open_at[ha]:
                            continue
                        span = _facing(places, ha, ends[b], hb, length, GAP_LENGTHS)
                        if span is not None:  # fit 0: one tile exactly
                            e1 = places[ha]
                            offer(b, (False, abs(span - 1.0)),
                                  halves_about((e1 + e2) / 2, e2 - e1, length))
                    if not open_ends[a][ha]:
                        continue
                    for x, hx, y in ((b, hb, a), (a, ha, b)):
                        bend = _bend(x, hx, y, ends, footprints, length, tile_width(whole[x]))
                        if bend is not None:
                            offer(b, (True, bend[0]), bend[1])
    return [centres for _, centres in best.values()]


@dataclass(frozen=True, slots=True)
class OpenPlace:
    """Where a tile could be played on the tree: half ``half`` of tile ``tile`` at its end,
    or (``half`` None) a double's long side, at its middle or, on a chicken foot's far
    side, at a corner (a toe slants from there); ``point`` is on its edge and ``out`` the
    unit vector a tile played there leaves along."""

    tile: int
    half: int | None
    point: np.ndarray
    out: np.ndarray
    width: float

    def halves(self, turn: int = 0) -> tuple[Point, Point]:
        """The half centres of a tile abutting the place, its near half half a width
        out, lying straight on (``turn`` 0) or turned square, its far half to one side
        (``turn`` 1 or -1), as a chain turns at a corner."""
        first = self.point + self.out * 0.5 * self.width
        onwards = self.out if not turn else turn * np.array([-self.out[1], self.out[0]])
        return as_point(first), as_point(first + onwards * self.width)


def _open_places(whole: Sequence[TileReading], in_tree: Sequence[bool],
                 doubles: Mapping[int, int | None], footprints: _Footprints
                 ) -> list[OpenPlace]:
    """Every end of a tile on the tree, the middle of both long sides of each double on it
    (a double takes tiles on its sides: arms, a chicken foot), and the two far corners of
    each chicken foot (``doubles`` maps a double to the tile it is played on, None for
    the spinner: a foot's toes leave its far side, one straight on and two slanting 45
    degrees from its corners), that no tile touches."""
    out = []
    for a, tile in enumerate(whole):
        if not in_tree[a]:
            continue
        ends, width = tile_ends(tile), tile_width(tile)
        axis = ends[1] - ends[0]
        axis = axis / (float(np.linalg.norm(axis)) or 1.0)
        places = [OpenPlace(a, 0, ends[0], -axis, width), OpenPlace(a, 1, ends[1], axis, width)]
        if a in doubles:
            middle, across = (ends[0] + ends[1]) / 2, np.array([-axis[1], axis[0]])
            places += [OpenPlace(a, None, middle + side * across * width / 2, side * across,
                                 width) for side in (-1.0, 1.0)]
            parent = doubles.get(a)
            if parent is not None:  # a foot: its far side is away from its parent
                away = middle - np.asarray(whole[parent].center_px, dtype=np.float64)
                far = across if float(away @ across) >= 0 else -across
                places += [OpenPlace(a, None, end + far * width / 2,
                                     (far + outward) / math.sqrt(2), width)
                           for end, outward in ((ends[0], -axis), (ends[1], axis))]
        out += [p for p in places if footprints.is_open(p.point, a, width)]
    return out


def tiles_at_open_ends(tiles: Sequence[TileReading], in_tree: Sequence[bool],
                       lone: Sequence[Point], doubles: Mapping[int, int | None] = {}
                       ) -> list[tuple[Point, Point]]:
    """The half centres of a tile played on an open place of the tree (``_open_places``)
    of which the reader found one half alone (``lone``: centres of halves with no
    partner): the lone half lies on bare table on the footprint of a tile abutting the
    place (its near half, its far half or between them: a whole leaf under glare is found
    as one box), ahead of it (POINTS_AT_COS). One place per lone half (the place whose
    abutting tile's middle it lies nearest)."""
    whole = at_full_length(tiles)
    footprints = _Footprints(whole)
    places = _open_places(whole, in_tree, doubles, footprints)
    found = []
    for centre in lone:
        c = np.asarray(centre, dtype=np.float64)
        if footprints.covered(c):
            continue  # a half of a tile already read
        fits = [(abs(float(np.linalg.norm(c - p.point)) / p.width - 1.0), k)
                 for k, p in enumerate(places) if cosine(c - p.point, p.out) >= POINTS_AT_COS]
        fit, k = min(fits, default=(math.inf, -1))
        if fit <= 1.0:  # the lone half one width (give or take one) out: the tile there
            place = places[k]
            away = c - place.point
            apart = float(np.linalg.norm(away)) / place.width
            found.append(replace(place, out=away / (apart * place.width)).halves())
    return found


def beyond_open_ends(tiles: Sequence[TileReading], in_tree: Sequence[bool],
                     doubles: Mapping[int, int | None] = {}
                     ) -> list[tuple[OpenPlace, int, tuple[Point, Point]]]:
    """Every open place of the tree (``_open_places``) with each way a tile played there
    may lie on bare table: straight on (turn 0), or turned square at a corner to either
    side (turn 1 or -1), with its half centres. A leaf the detector missed whole leaves no
    gap and no half alone, so only a look there can find it; a chain turns where it meets
    another arm or the table's edge (bench seed 104618, 15 tiles #7: a 2-1 turned at the
    end of 7-2, half in glare, was missed and the board given whole without it)."""
    whole = at_full_length(tiles, LONG)
    footprints = _Footprints(whole)
    ways = [(place, turn, place.halves(turn=turn))
            for place in _open_places(whole, in_tree, doubles, footprints) for turn in (0, 1, -1)]
    return [way for way in ways if not any(footprints.covered(np.asarray(h)) for h in way[2])]


def _bend(x: int, hx: int, y: int, ends: Sequence[tuple[np.ndarray, np.ndarray]],
          footprints: _Footprints, length: float, width: float
          ) -> tuple[float, tuple[Point, Point]] | None:
    """A tile missed at a corner of a chain: one tile long straight on from tile ``x``'s
    end, on bare table, with tile ``y`` turned square to it touching its far half (``y``'s
    end against its side, or its far end against ``y``'s side). How far from touching,
    in tile widths, and its half centres; None where no such tile fits."""
    out = ends[x][hx] - ends[x][1 - hx]
    out = out / (float(np.linalg.norm(out)) or 1.0)
    start = ends[x][hx]
    middle = start + out * length / 2
    centres = halves_about(middle, out, length)
    quad = quad_about(middle, out, length, width)
    axis_y = ends[y][1] - ends[y][0]
    if abs(cosine(axis_y, out)) > SQUARE_COS:
        return None  # not turned square: a straight gap, or none
    if any(footprints.covered(np.asarray(p)) for p in centres + (as_point(middle),)):
        return None  # a tile lies there already
    far_end = start + out * length
    beside = [point_to_tile(end, quad) for end in ends[y]
              if 0.5 * length <= float((end - start) @ out) <= length]
    touch = min(beside + [point_to_tile(far_end, footprints.quads[y])]) / width
    return None if touch > TOUCH_WIDTHS else (touch, centres)


def holes_where_tiles_meet(tiles: Sequence[TileReading]) -> list[Hole]:
    """Each place that three or more tiles' ends point at, two of them head on across
    it, with no tile lying across it (a reading centred in it is the double, perhaps
    boxed askew), and where the double that would fill it lies."""
    whole = at_full_length(tiles)
    lengths = _lengths(whole)
    footprints = _Footprints(whole)
    ends = [tile_ends(t) for t in whole]
    outward = [(e[0] - e[1], e[1] - e[0]) for e in ends]
    centres = [np.asarray(t.center_px, dtype=np.float64) for t in whole]
    # (minus the ends meeting it, fit, middle, direction, length, meeting, read there)
    found: list[tuple[int, float, np.ndarray, np.ndarray, float, tuple[tuple[int, int], ...],
                      tuple[int, ...]]] = []
    for a in range(len(whole)):
        for b in range(a + 1, len(whole)):
            length = (lengths[a] + lengths[b]) / 2
            for ha in (0, 1):
                for hb in (0, 1):
                    span = _facing(ends[a], ha, ends[b], hb, length, HOLE_LENGTHS)
                    if span is None:
                        continue
                    middle = (ends[a][ha] + ends[b][hb]) / 2
                    over = tuple(k for k in footprints.under(middle)
                                 if not _tip_only(middle, ends[k], lengths[k]))
                    if any(np.linalg.norm(centres[k] - middle) > length / 4 for k in over):
                        continue  # a tile lies across the place: not a hole
                    meeting = tuple(
                        (k, h) for k in range(len(whole)) for h in (0, 1)
                        if _meets(middle, ends[k][h], outward[k][h], length))
                    if len({k for k, _ in meeting if k not in over}) >= HOLE_ENDS:
                        # a pair a double's width or length apart places it best
                        fit = min(abs(span - 0.5), abs(span - 1.0))
                        found.append((-len(meeting), fit, middle, ends[b][hb] - ends[a][ha],
                                      length, meeting, over))
    holes: list[Hole] = []
    for _, _, middle, along, length, meeting, over in sorted(found, key=lambda f: f[:2]):
        if any(np.linalg.norm(middle - np.mean(h.along, axis=0)) < length / 4 for h in holes):
            continue  # the same hole, seen across another pair of its tiles
        across = np.array([-along[1], along[0]])
        holes.append(Hole(halves_about(middle, along, length),
                          halves_about(middle, across, length), meeting, over))
    return holes


def _sides(tile: TileReading) -> tuple[np.ndarray, np.ndarray]:
    """The middles of a tile's two long sides, as a pair of "ends" facing away from each
    other (what an arm played on a double's side touches)."""
    ends = tile_ends(tile)
    axis = ends[1] - ends[0]
    across = np.array([-axis[1], axis[0]]) / (float(np.linalg.norm(axis)) or 1.0)
    middle, width = (ends[0] + ends[1]) / 2, tile_width(tile)
    return middle - across * width / 2, middle + across * width / 2


def _lengths(tiles: Sequence[TileReading]) -> list[float]:
    """How long each tile should be: as long as the tiles around it (a tile boxed too
    long, over part of the missed one, must not make the gap look short)."""
    return [tile_length(t) if want is None else want
            for t, want in zip(tiles, expected_lengths(tiles), strict=True)]


def _meets(middle: np.ndarray, end: np.ndarray, outward: np.ndarray, length: float
           ) -> bool:
    """A tile's end meets the double missed at ``middle``: it is near and points at it."""
    near = float(np.linalg.norm(middle - end)) / length
    return near <= HOLE_REACH and cosine(middle - end, outward) >= POINTS_AT_COS


def _tip_only(point: np.ndarray, ends: tuple[np.ndarray, np.ndarray], length: float
              ) -> bool:
    """The point lies beyond where a tile ``length`` long about this one's centre would
    end: only the tip of a tile boxed too long reaches it."""
    axis = ends[1] - ends[0]
    along = abs(float((point - (ends[0] + ends[1]) / 2) @ axis)) / (
        float(np.linalg.norm(axis)) or 1.0)
    return along > length / 2


def _facing(ends_a: tuple[np.ndarray, np.ndarray], ha: int,
            ends_b: tuple[np.ndarray, np.ndarray], hb: int, length: float,
            lengths: tuple[float, float]) -> float | None:
    """How many tile lengths apart the two ends are, when each tile points at the other
    (within IN_LINE_COS) and the gap is within ``lengths``; None otherwise."""
    gap = ends_b[hb] - ends_a[ha]
    span = float(np.linalg.norm(gap)) / length
    if not lengths[0] <= span <= lengths[1]:
        return None
    out_a = ends_a[ha] - ends_a[1 - ha]  # from the tile's other end through this one
    out_b = ends_b[hb] - ends_b[1 - hb]
    if cosine(gap, out_a) < IN_LINE_COS or cosine(-gap, out_b) < IN_LINE_COS:
        return None
    return span


class _Footprints:
    """The tiles' outlines, and which of them a point lies on or near. Every point is
    measured only against the tiles whose corners can reach it: against every tile, the
    ends of a 30-tile board took about 0.1 s in Python."""

    def __init__(self, tiles: Sequence[TileReading]) -> None:
        self.quads = [tile_quad(t) for t in tiles]
        self._centres = np.array([q.mean(axis=0) for q in self.quads]).reshape(-1, 2)
        self._radii = np.array([float(np.linalg.norm(q - q.mean(axis=0), axis=1).max())
                                for q in self.quads])

    def _near(self, point: np.ndarray, margin: float) -> list[int]:
        """The tiles that may lie within ``margin`` of ``point`` (a point of a tile lies
        within its radius of its centre), rounding allowed for."""
        reach = np.linalg.norm(self._centres - point, axis=1) - self._radii
        return np.flatnonzero(reach <= margin + 1e-6).tolist()

    def is_open(self, end: np.ndarray, tile: int, width: float) -> bool:
        """No other tile touches this end."""
        return all(point_to_tile(end, self.quads[k]) >= TOUCH_WIDTHS * width
                   for k in self._near(end, TOUCH_WIDTHS * width) if k != tile)

    def under(self, point: np.ndarray) -> list[int]:
        """The tiles lying on ``point``, in order."""
        return [k for k in self._near(point, 0.0)
                if inside_quad(np.asarray(point)[None], self.quads[k])[0]]

    def covered(self, point: np.ndarray) -> bool:
        """Whether a tile lies on ``point``."""
        return bool(self.under(point))


__all__ = ["Hole", "OpenPlace", "beyond_open_ends", "gaps_in_lines", "holes_where_tiles_meet",
           "tiles_at_open_ends"]
