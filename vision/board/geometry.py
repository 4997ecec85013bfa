"""Which half of which tile touches which, from the corners and half centres read, and
the tree those joins make, rooted at the spinner.

A tile's two ends are the midpoints of its short sides (corners 0-1 for the first half,
2-3 for the second). An end that lies on or next to another tile joins the two: end to
end (a chain), end to side at the other tile's divider (a double lying crosswise: the
spinner's side arms, a chicken foot's incoming tile), or end to corner (a slanting toe).
Distances are in tile widths, so the same rules hold for a 12 MP photo and a webcam frame.

Why the spinner is chosen as it is (``choose_spinner``): it is the double with the most
joins; between doubles with as many, the one joined all round (a chicken foot's parent
and three toes leave an opening of about 135 degrees, four arms none over 90), then the
one whose ends are met by arms (a foot's toes slant about 35 degrees off its axis). Each
end joins the tile it touches first, except where two toes of a chicken foot converge on
their double and one boxed a little wide covers the other's end (``_toe_beside_toe``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.board.sureness import LIKELY
from vision.types import Point, TileReading

TOUCH_WIDTHS = 0.3  # an end this close to another tile (in tile widths) touches it
# ... and a tile that may be a double (MAY_BE_DOUBLE) is touched on its long side
# (crosswise) this close to its divider: only a double lies across a line
SIDE_WIDTHS = 0.25
# A tile whose readings make it a double this likely may be one (``double_likelihood``):
# blank halves among a spinner's arms are often read at a third
MAY_BE_DOUBLE = 0.2
IN_LINE_COS = math.cos(math.radians(20))  # a tile this near the axis lies beyond an end
TOE_ENDS_APART = 0.6  # two ends this near (in tile widths) meet the same place: a double
# when the tile there is LIKELY one
ONE_SIDED_DEGREES = 115  # joins leaving an opening this wide are not all round the tile


@dataclass(frozen=True, slots=True)
class Join:
    """Half ``a_half`` of tile ``a`` touches tile ``b``: its half ``b_half``, or its long
    side across both halves when ``b_half`` is None (``b`` then lies crosswise)."""

    a: int
    a_half: int
    b: int
    b_half: int | None
    gap_widths: float = 0.0

    def other(self, tile: int) -> int:
        return self.b if tile == self.a else self.a

    @property
    def b_halves(self) -> tuple[int, ...]:
        """The halves of ``b`` the end touches: one, or both along its side."""
        return (0, 1) if self.b_half is None else (self.b_half,)

    @property
    def touching(self) -> bool:
        """The end touches the tile (within TOUCH_WIDTHS), not merely reaches it."""
        return self.gap_widths < TOUCH_WIDTHS


@dataclass(frozen=True, slots=True)
class TableauTree:
    """The joins rooted at the spinner: ``parent[i]`` is the tile tile ``i`` is played on
    (None for the spinner and for tiles not joined to it), ``join[i]`` the join between
    them. ``loose`` lists tiles outside the spinner's tree, ``extra`` joins that would
    close a loop (tiles that merely touch)."""

    root: int
    parent: tuple[int | None, ...]
    join: tuple[Join | None, ...]
    loose: tuple[int, ...]
    extra: tuple[Join, ...]

    def children(self, tile: int) -> list[int]:
        return [i for i, p in enumerate(self.parent) if p == tile]

    def in_tree(self, tile: int) -> bool:
        return tile == self.root or self.parent[tile] is not None

    def order(self) -> list[int]:
        """The tree's tiles breadth first from the spinner."""
        out, i = [self.root], 0
        while i < len(out):
            out.extend(self.children(out[i]))
            i += 1
        return out


# ---------------------------------------------------------------- tile geometry
def tile_quad(tile: TileReading) -> np.ndarray:
    return np.asarray(tile.corners_px, dtype=np.float64)


def quad_about(middle: np.ndarray, unit: np.ndarray, length: float, width: float
               ) -> np.ndarray:
    """The corners, in a reading's clockwise order, of a tile ``length`` by ``width``
    centred on ``middle`` with its first half towards ``-unit`` (a unit vector)."""
    along = unit * length / 2
    side = np.array([unit[1], -unit[0]]) * width / 2
    return np.array([middle - along - side, middle - along + side,
                     middle + along + side, middle + along - side])


def halves_about(middle: np.ndarray, direction: np.ndarray, length: float
                 ) -> tuple[Point, Point]:
    """The half centres of a tile ``length`` long centred on ``middle``, along
    ``direction``."""
    step = direction / (float(np.linalg.norm(direction)) or 1.0) * length / 4
    return as_point(middle - step), as_point(middle + step)


def as_point(p: np.ndarray) -> Point:
    return (float(p[0]), float(p[1]))


def tile_width(tile: TileReading) -> float:
    q = tile_quad(tile)
    return float((np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[3] - q[2])) / 2) or 1.0


def tile_ends(tile: TileReading) -> tuple[np.ndarray, np.ndarray]:
    """The outer end midpoints of the first and the second half."""
    q = tile_quad(tile)
    return (q[0] + q[1]) / 2, (q[2] + q[3]) / 2


def _on_segment(pt: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The point of segment ``a``-``b`` nearest ``pt``."""
    ab = b - a
    denom = float(ab @ ab) or 1e-12
    return a + float(np.clip((pt - a) @ ab / denom, 0.0, 1.0)) * ab


def inside_quad(points: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Which of ``points`` (N, 2) lie in the convex quad ``quad`` (4, 2), edges included."""
    return inside_quads(points, np.asarray(quad)[None])[:, 0]


def inside_quads(points: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """Which of ``points`` (N, 2) lie in which of the convex ``quads`` (M, 4, 2), edges
    included: (N, M)."""
    edges = np.roll(quads, -1, axis=1) - quads
    rel = np.asarray(points, dtype=np.float64)[:, None, None, :] - quads[None]
    cross = edges[None, ..., 0] * rel[..., 1] - edges[None, ..., 1] * rel[..., 0]
    return np.all(cross >= 0, axis=2) | np.all(cross <= 0, axis=2)


def nearest_on_tile(pt: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The point of a convex quad nearest ``pt`` (``pt`` itself inside)."""
    if inside_quad(np.asarray(pt)[None], np.asarray(quad, dtype=np.float64))[0]:
        return np.asarray(pt, dtype=np.float64)
    edges = [_on_segment(pt, quad[i], quad[(i + 1) % 4]) for i in range(4)]
    return min(edges, key=lambda q: float(np.linalg.norm(pt - q)))


def point_to_tile(pt: np.ndarray, quad: np.ndarray) -> float:
    """Distance from a point to a convex quad in pixels (0 inside)."""
    return float(np.linalg.norm(np.asarray(pt, dtype=np.float64) - nearest_on_tile(pt, quad)))


def _along(pt: np.ndarray, tile: TileReading) -> tuple[float, float]:
    """Where ``pt`` projects onto the tile's length (0 at its first end, 1 at its second),
    and that length in pixels."""
    e0, e1 = tile_ends(tile)
    axis = e1 - e0
    length = float(np.linalg.norm(axis)) or 1.0
    return float((pt - e0) @ axis) / (length * length), length


def _where_on(pt: np.ndarray, tile: TileReading) -> int | None:
    """Which half of ``tile`` a touching point is on; None at its divider (its side)."""
    t, length = _along(pt, tile)
    off = abs(t - 0.5) * length / tile_width(tile)
    if off < SIDE_WIDTHS and double_likelihood(tile) >= MAY_BE_DOUBLE:
        return None
    return 0 if t < 0.5 else 1


# ---------------------------------------------------------------- joins
def find_joins(tiles: Sequence[TileReading], touch_widths: float = TOUCH_WIDTHS
               ) -> tuple[Join, ...]:
    """Every join between the tiles: at most one per tile end, one per pair of tiles."""
    quads = [tile_quad(t) for t in tiles]
    centres = np.array([q.mean(0) for q in quads]) if quads else np.zeros((0, 2))
    reach = [2.5 * max(np.linalg.norm(q - q.mean(0), axis=1)) for q in quads]
    ends = [tile_ends(t) for t in tiles]

    def touching(a: int, end: np.ndarray) -> list[tuple[float, int]]:
        """The tiles an end of tile ``a`` touches, nearest first, as (gap in widths, tile)."""
        width = tile_width(tiles[a])
        near = ((point_to_tile(end, quads[b]) / width, b) for b in range(len(tiles))
                if b != a and np.linalg.norm(centres[b] - end) <= reach[b])
        return sorted((gap, b) for gap, b in near if gap < touch_widths)

    near = [[touching(a, end) for end in ends[a]] for a in range(len(tiles))]
    found: dict[tuple[int, int], Join] = {}
    for a in range(len(tiles)):
        for half, end in enumerate(ends[a]):
            if not near[a][half]:
                continue
            gap, b = _toe_beside_toe(tiles, ends, near, a, half) or near[a][half][0]
            join = Join(a, half, b, _where_on(end, tiles[b]), round(gap, 3))
            key = (min(a, b), max(a, b))
            old = found.get(key)
            if old is None or _better(join, old):
                found[key] = join
    return tuple(found[k] for k in sorted(found))


def _toe_beside_toe(tiles: Sequence[TileReading], ends: Sequence[tuple[np.ndarray, np.ndarray]],
                    near: Sequence[Sequence[list[tuple[float, int]]]], a: int, half: int
                    ) -> tuple[float, int] | None:
    """The double that end ``half`` of tile ``a`` meets, not the tile it touches first,
    when that tile is no double touched on its long side (a toe against its neighbour
    toe's side), or is touched at an end that itself meets that double, read more surely
    than that tile: two toes of a chicken foot converge on their double, and one toe
    boxed a little wide (so read unsurely) covers the other's end. An end meets one tile,
    and only a double is met by several. A double read less surely is likelier a second
    reading of the place."""
    _, b = near[a][half][0]
    end = ends[a][half]
    if _beside(end, tiles[b]) and double_likelihood(tiles[b]) <= LIKELY:
        # a tile is played on another's end, or on a double's side: an end against the
        # long side of a tile that is no double meets the double it touches too, if any
        return next(((g, c) for g, c in near[a][half][1:]
                     if double_likelihood(tiles[c]) > LIKELY), None)
    width = tile_width(tiles[a])
    for b_half, b_end in enumerate(ends[b]):
        if float(np.linalg.norm(b_end - end)) > TOE_ENDS_APART * width:
            continue
        beyond = [(gap, c) for gap, c in near[b][b_half] if c != a]
        if not beyond:
            continue
        double = beyond[0][1]
        mine = next((g for g, c in near[a][half] if c == double), None)
        if (mine is not None and double_likelihood(tiles[double]) > LIKELY
                and tiles[double].confidence > tiles[b].confidence):
            return mine, double
    return None


def _beside(pt: np.ndarray, tile: TileReading) -> bool:
    """Whether ``pt`` lies off the tile beside its long side rather than beyond an end:
    outside it, projecting onto its length short of both ends."""
    t, _ = _along(pt, tile)
    return 0.0 < t < 1.0 and not inside_quad(np.asarray(pt)[None], tile_quad(tile))[0]


def _better(new: Join, old: Join) -> bool:
    """Prefer the reading of a join where both halves are named (end to end)."""
    return (new.b_half is None, new.gap_widths) < (old.b_half is None, old.gap_widths)


# ---------------------------------------------------------------- the tree
def double_likelihood(tile: TileReading) -> float:
    """How likely the reader's values make this tile a double (top two choices only)."""
    first, second = ([(h.pips, h.confidence), (h.runner_up, h.runner_up_confidence)]
                     for h in tile.halves)
    return sum((c1 * c2 for v1, c1 in first for v2, c2 in second
                if v1 is not None and v1 == v2), 0.0)


def ends_met(tiles: Sequence[TileReading], joins: Sequence[Join], i: int) -> int:
    """How many of tile ``i``'s own ends have a joined tile head on: touching the end, or
    lying in line beyond it (an end read a little short stops before the arm it meets).
    The spinner's arms meet its ends; a chicken foot's tiles meet only its long sides and
    corners, and its slanting toes lie about 35 degrees off its axis."""
    others = [tiles[j.other(i)] for j in joins if i in (j.a, j.b)]
    quads = [tile_quad(t) for t in others]
    width = tile_width(tiles[i])
    ends = tile_ends(tiles[i])
    centre = (ends[0] + ends[1]) / 2
    met = 0
    for end in ends:
        outward = (end - centre) / (float(np.linalg.norm(end - centre)) or 1.0)
        touched = any(point_to_tile(end, q) < TOUCH_WIDTHS * width for q in quads)
        in_line = any(cosine(np.asarray(t.center_px) - centre, outward) > IN_LINE_COS
                      for t in others)
        met += touched or in_line
    return met


def widest_opening(tiles: Sequence[TileReading], joins: Sequence[Join], i: int) -> float:
    """The widest angle (degrees) around tile ``i``'s centre with no joined tile in it.
    A spinner's arms go out all round, so no opening is much over 90 degrees once it has
    four; a chicken foot's parent and its three toes leave two openings of about 135."""
    others = [tiles[j.other(i)].center_px for j in joins if i in (j.a, j.b)]
    if len(others) < 2:
        return 360.0
    centre = tiles[i].center_px
    angles = sorted(math.degrees(math.atan2(y - centre[1], x - centre[0])) for x, y in others)
    gaps = [b - a for a, b in zip(angles, angles[1:], strict=False)]
    return max(gaps + [360.0 - angles[-1] + angles[0]])


def cosine(v: np.ndarray, w: np.ndarray) -> float:
    """The cosine of the angle between two vectors (0 if either is zero)."""
    return float(v @ w) / ((float(np.linalg.norm(v)) * float(np.linalg.norm(w))) or 1.0)


def choose_spinner(tiles: Sequence[TileReading], joins: Sequence[Join]) -> int:
    """The spinner: a likely double (read as one, however unsurely, since blank halves
    among arms are often read at a third; or one its second guesses make one; or one
    joined to more than two tiles, which no other tile can be), with the most joins,
    then the one joined all round (a full chicken foot has as many joins, its toes all
    on one side), then the one whose ends are met by arms, then the one nearest the
    centre of the layout."""
    degree = [sum(i in (j.a, j.b) for j in joins) for i in range(len(tiles))]
    quads = np.vstack([tile_quad(t) for t in tiles])
    centre = (quads.min(0) + quads.max(0)) / 2
    scale = max(tile_width(t) for t in tiles)

    def key(i: int) -> tuple[float, float, float, float]:
        dist = math.dist(tiles[i].center_px, centre) / scale
        # a tile that is no double has two ends to join
        double = (tiles[i].pips[0] == tiles[i].pips[1] or degree[i] > 2
                  or double_likelihood(tiles[i]) > MAY_BE_DOUBLE)
        one_sided = widest_opening(tiles, joins, i) > ONE_SIDED_DEGREES
        return (-double, -degree[i], one_sided, -ends_met(tiles, joins, i), dist)

    return min(range(len(tiles)), key=key)


def build_tree(tiles: Sequence[TileReading], joins: Sequence[Join]) -> TableauTree:
    """Root the joins at the spinner (``choose_spinner``)."""
    root = choose_spinner(tiles, joins)
    by_tile: dict[int, list[Join]] = {}
    for j in joins:
        by_tile.setdefault(j.a, []).append(j)
        by_tile.setdefault(j.b, []).append(j)
    parent: list[int | None] = [None] * len(tiles)
    via: list[Join | None] = [None] * len(tiles)
    seen = {root}
    queue = [root]
    used: set[Join] = set()
    while queue:
        tile = queue.pop(0)
        for j in sorted(by_tile.get(tile, ()), key=lambda j: j.gap_widths):
            other = j.other(tile)
            if other in seen:
                continue
            seen.add(other)
            parent[other], via[other] = tile, j
            used.add(j)
            queue.append(other)
    loose = tuple(i for i in range(len(tiles)) if i not in seen)
    extra = tuple(j for j in joins if j not in used and j.a in seen and j.b in seen)
    return TableauTree(root, tuple(parent), tuple(via), loose, extra)


class Groups:
    """Union-find over 0..count-1: which items the unions so far hold together."""

    def __init__(self, count: int) -> None:
        self._up = list(range(count))

    def find(self, i: int) -> int:
        up = self._up
        while up[i] != i:
            up[i] = up[up[i]]
            i = up[i]
        return i

    def union(self, a: int, b: int) -> bool:
        """Join the groups of ``a`` and ``b``; False when they were one already."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self._up[ra] = rb
        return True

    def members(self) -> list[list[int]]:
        out: dict[int, list[int]] = {}
        for i in range(len(self._up)):
            out.setdefault(self.find(i), []).append(i)
        return list(out.values())


def components(count: int, joins: Sequence[Join]) -> list[list[int]]:
    """Groups of tiles joined to each other, largest first."""
    groups = Groups(count)
    for j in joins:
        groups.union(j.a, j.b)
    return sorted(groups.members(), key=lambda g: (-len(g), g[0]))


__all__ = ["Groups", "Join", "TableauTree", "as_point", "build_tree", "choose_spinner",
           "components", "cosine", "double_likelihood", "ends_met", "find_joins",
           "halves_about", "inside_quad", "inside_quads", "nearest_on_tile", "point_to_tile",
           "quad_about", "tile_ends", "tile_quad", "tile_width", "widest_opening"]
