"""Laying a tableau out the way players do, for rendering photos of it with known truth.

The spinner lies in the centre; its arms go straight out from its four sides (six or eight
arms add diagonals from its corners). A tile played on an open end continues the chain
straight on, touching end to end; a chain that would leave the table or run into another
tile turns a corner (an L) instead. A double is laid crosswise across the end it is
played on, and its toes leave from its far side: one straight on and two slanting away at
about 45 degrees from its far corners.

Geometry is in table units of one tile half (a tile is 1 wide and 2 long); ``fit_poses``
scales it into a photo. A Pose's long axis is its local y and its first half lies at local
-y, so ``values[i]`` lists the half at -y first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from scorer.round import RoundState, apply_legal, legal_moves, seat_view
from scorer.rules import RuleSet
from scorer.simulate import new_round, random_player
from scorer.tableau import Placement, Tableau
from scorer.tiles import Tile
from vision.synth.scene import Pose

CLEARANCE = 0.45  # tiles that do not touch keep their ends this far from each other
BODY_GAP = 0.06  # and their bodies at least this far apart


class LayoutError(RuntimeError):
    """No layout without overlaps was found for a board."""


@dataclass(frozen=True, slots=True)
class LaidTile:
    """One tile on the table: its placement (tile, parent, touching value), where it lies
    in table units, and its values in the Pose's half order."""

    placement: Placement
    pose: Pose
    values: tuple[int, int]


@dataclass(frozen=True, slots=True)
class _Anchor:
    """A place on a tile where a child's touching end goes, and the way the child points."""

    x: float
    y: float
    dx: float
    dy: float
    bends: bool = False  # only a chain's end may take a tile turned by 90 (an L)


# ---------------------------------------------------------------- geometry helpers
def _rot(dx: float, dy: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return (dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a))


def _angle_for(axis: tuple[float, float]) -> float:
    """The Pose angle whose local +y points along ``axis``."""
    return math.degrees(math.atan2(-axis[0], axis[1]))


def _quad(pose: Pose) -> np.ndarray:
    return pose.corners().astype(np.float64)


def _separated(p: np.ndarray, q: np.ndarray) -> bool:
    for poly in (p, q):
        for i in range(4):
            edge = poly[(i + 1) % 4] - poly[i]
            normal = np.array([-edge[1], edge[0]])
            a, b = p @ normal, q @ normal
            if a.max() <= b.min() + 1e-9 or b.max() <= a.min() + 1e-9:
                return True
    return False


def _point_segment(pt: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    ab = b - a
    t = float(np.clip((pt - a) @ ab / (ab @ ab), 0.0, 1.0))
    return float(np.linalg.norm(pt - (a + t * ab)))


def point_quad_distance(pt: np.ndarray, quad: np.ndarray) -> float:
    """Distance from a point to a convex quad (0 inside)."""
    signs = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        signs.append((b[0] - a[0]) * (pt[1] - a[1]) - (b[1] - a[1]) * (pt[0] - a[0]))
    if all(s >= 0 for s in signs) or all(s <= 0 for s in signs):
        return 0.0
    return min(_point_segment(pt, quad[i], quad[(i + 1) % 4]) for i in range(4))


def quad_distance(p: np.ndarray, q: np.ndarray) -> float:
    """Distance between two convex quads (0 when they overlap)."""
    if not _separated(p, q):
        return 0.0
    return min(min(point_quad_distance(v, q) for v in p), min(point_quad_distance(v, p) for v in q))


def _ends(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return (quad[0] + quad[1]) / 2, (quad[2] + quad[3]) / 2


# ---------------------------------------------------------------- the layout
class _Table:
    def __init__(self, half_w: float, half_h: float) -> None:
        self.half_w, self.half_h = half_w, half_h
        self.quads: dict[Tile, np.ndarray] = {}

    def fits(self, quad: np.ndarray, parent: Tile | None) -> bool:
        if np.abs(quad[:, 0]).max() > self.half_w or np.abs(quad[:, 1]).max() > self.half_h:
            return False
        ends = _ends(quad)
        for tile, other in self.quads.items():
            if tile == parent:
                if quad_distance(quad, other) > 0.02 or not self._touches_only(quad, other):
                    return False
                continue
            if quad_distance(quad, other) < BODY_GAP:
                return False
            if any(point_quad_distance(e, other) < CLEARANCE for e in ends):
                return False
            if any(point_quad_distance(e, quad) < CLEARANCE for e in _ends(other)):
                return False
        return True

    @staticmethod
    def _touches_only(quad: np.ndarray, other: np.ndarray) -> bool:
        shrunk = quad.mean(0) + (quad - quad.mean(0)) * 0.97
        return _separated(shrunk, other)


def _pose_single(anchor: _Anchor, touching_first: bool) -> Pose:
    """A tile that is not a double, its touching end on the anchor, pointing along it."""
    d = (anchor.dx, anchor.dy)
    cx, cy = anchor.x + d[0], anchor.y + d[1]
    axis = d if touching_first else (-d[0], -d[1])
    return Pose(cx, cy, _angle_for(axis), 1.0)


def _pose_bent(anchor: _Anchor, turn: float, touching_first: bool) -> tuple[Pose, _Anchor]:
    """An L: the tile's touching half sits just past the end, the tile turned by 90."""
    d = (anchor.dx, anchor.dy)
    nd = _rot(*d, turn)
    hx, hy = anchor.x + d[0] * 0.5, anchor.y + d[1] * 0.5  # centre of the touching half
    cx, cy = hx + nd[0] * 0.5, hy + nd[1] * 0.5
    axis = nd if touching_first else (-nd[0], -nd[1])
    pose = Pose(cx, cy, _angle_for(axis), 1.0)
    return pose, _Anchor(cx + nd[0], cy + nd[1], nd[0], nd[1], True)


def _pose_double(anchor: _Anchor, flip: bool) -> Pose:
    d = (anchor.dx, anchor.dy)
    cx, cy = anchor.x + d[0] * 0.5, anchor.y + d[1] * 0.5
    side = (-d[1], d[0]) if not flip else (d[1], -d[0])
    return Pose(cx, cy, _angle_for(side), 1.0)


def _foot_anchors(pose: Pose, d: tuple[float, float]) -> list[_Anchor]:
    """Toe places of a crosswise double: straight on, and slanting from the far corners."""
    px, py = -d[1], d[0]
    fx, fy = pose.cx + d[0] * 0.5, pose.cy + d[1] * 0.5
    straight = _Anchor(fx, fy, d[0], d[1])
    left = _Anchor(fx + px, fy + py, *_rot(*d, 45.0 if _cross(d, (px, py)) > 0 else -45.0))
    right = _Anchor(fx - px, fy - py, *_rot(*d, -45.0 if _cross(d, (px, py)) > 0 else 45.0))
    return [straight, left, right]


def _cross(a: tuple[float, float], b: tuple[float, float]) -> float:
    return a[0] * b[1] - a[1] * b[0]


def _spinner_anchors(pose: Pose, arms: int) -> list[_Anchor]:
    a = math.radians(pose.angle_deg)
    axis = (-math.sin(a), math.cos(a))
    side = (math.cos(a), math.sin(a))
    cx, cy = pose.cx, pose.cy
    ends = [_Anchor(cx + axis[0], cy + axis[1], *axis),
            _Anchor(cx - axis[0], cy - axis[1], -axis[0], -axis[1])]
    sides = [_Anchor(cx + side[0] * 0.5, cy + side[1] * 0.5, *side),
             _Anchor(cx - side[0] * 0.5, cy - side[1] * 0.5, -side[0], -side[1])]
    corners = []
    for sa in (1, -1):
        for sb in (1, -1):
            ox = axis[0] * sa + side[0] * sb * 0.5
            oy = axis[1] * sa + side[1] * sb * 0.5
            dx = (axis[0] * sa + side[0] * sb) / math.sqrt(2)
            dy = (axis[1] * sa + side[1] * sb) / math.sqrt(2)
            corners.append(_Anchor(cx + ox, cy + oy, dx, dy))
    if arms == 4:
        return sides + ends
    if arms == 6:  # three on each long side: straight out and two diagonals
        return sides + corners
    return sides + ends + corners


def _table_size(count: int) -> tuple[float, float]:
    area = max(40.0, count * 2.0 / 0.16)
    half_h = math.sqrt(area * 3 / 4) / 2
    return half_h * 4 / 3, half_h


def layout_tableau(placements: Sequence[Placement], rules: RuleSet, rng: random.Random,
                   tries: int = 40) -> list[LaidTile]:
    """Lay out ``placements`` (in play order, the spinner first) without overlaps."""
    count = len(placements)
    for attempt in range(tries):
        grow = 1.0 + 0.04 * attempt
        half_w, half_h = _table_size(count)
        try:
            return _try_layout(placements, rules, rng, half_w * grow, half_h * grow)
        except LayoutError:
            continue
    raise LayoutError(f"no layout without overlaps for {count} tiles")


def _try_layout(placements: Sequence[Placement], rules: RuleSet, rng: random.Random,
                half_w: float, half_h: float) -> list[LaidTile]:
    table = _Table(half_w, half_h)
    free: dict[Tile, list[_Anchor]] = {}
    laid: list[LaidTile] = []
    for p in placements:
        tile = p.tile
        if p.parent is None:
            pose = Pose(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(0, 360), 1.0)
            anchors = _spinner_anchors(pose, rules.spinner_arms)
            rng.shuffle(anchors)
            free[tile] = anchors
            table.quads[tile] = _quad(pose)
            laid.append(LaidTile(p, pose, (tile.low, tile.high)))
            continue
        options = free.get(p.parent)
        if not options:
            raise LayoutError(f"no place left on {p.parent}")
        placed = None
        for i, anchor in enumerate(options):
            placed = _place(tile, p, anchor, table, rng)
            if placed is not None:
                del options[i]
                break
        if placed is None:
            raise LayoutError(f"{tile} does not fit on {p.parent}")
        pose, values, anchors = placed
        table.quads[tile] = _quad(pose)
        free[tile] = anchors
        laid.append(LaidTile(p, pose, values))
    return laid


def _place(tile: Tile, p: Placement, anchor: _Anchor, table: _Table, rng: random.Random
           ) -> tuple[Pose, tuple[int, int], list[_Anchor]] | None:
    touching = p.touching
    other = tile.other_end(touching) if tile.has(touching) else tile.high
    if not tile.has(touching):  # a mismatched play: it touches with one of its own halves
        touching, other = tile.low, tile.high
    if tile.is_double:
        pose = _pose_double(anchor, rng.random() < 0.5)
        if not table.fits(_quad(pose), p.parent):
            return None
        anchors = _foot_anchors(pose, (anchor.dx, anchor.dy))
        rng.shuffle(anchors)
        return pose, (tile.low, tile.high), anchors
    first = rng.random() < 0.5
    values = (touching, other) if first else (other, touching)
    pose = _pose_single(anchor, first)
    if table.fits(_quad(pose), p.parent):
        d = (anchor.dx, anchor.dy)
        return pose, values, [_Anchor(pose.cx + d[0], pose.cy + d[1], d[0], d[1], True)]
    if not anchor.bends:
        return None  # a tile turned against a double's side would not touch it end first
    turns = [90.0, -90.0]
    rng.shuffle(turns)
    for turn in turns:
        pose, nxt = _pose_bent(anchor, turn, first)
        if table.fits(_quad(pose), p.parent):
            return pose, values, [nxt]
    return None


def fit_poses(laid: Sequence[LaidTile], size: tuple[int, int], margin: float = 0.07
              ) -> list[Pose]:
    """Scale and centre the table-unit poses into a ``size`` (w, h) photo."""
    quads = np.vstack([_quad(t.pose) for t in laid])
    lo, hi = quads.min(0), quads.max(0)
    w, h = size
    scale = min(w * (1 - 2 * margin) / (hi[0] - lo[0]), h * (1 - 2 * margin) / (hi[1] - lo[1]))
    mid = (lo + hi) / 2
    return [Pose(float((t.pose.cx - mid[0]) * scale + w / 2),
                 float((t.pose.cy - mid[1]) * scale + h / 2),
                 t.pose.angle_deg, float(scale)) for t in laid]


# ---------------------------------------------------------------- boards from real games
def simulated_state(rules: RuleSet, tiles: int, rng: random.Random, players: int = 4,
                    stop: Callable[[RoundState], bool] | None = None,
                    spinner: int | None = None) -> RoundState:
    """A round of random play stopped once ``tiles`` tiles lie on the tableau (or, given
    ``stop``, at the first state it accepts); a round that ends first is dealt again.
    The round's spinner is ``spinner``'s double, or any at random."""
    done = stop or (lambda state: len(state.tableau) >= tiles)
    for _ in range(500):
        double = rng.randint(0, rules.set_max) if spinner is None else spinner
        state = new_round(rules, players, double, rng)
        while state.end is None:
            if len(state.tableau) > 0 and done(state):
                return state
            moves = legal_moves(state)
            state = apply_legal(state, random_player(seat_view(state), moves, rng))
    raise LayoutError(f"no simulated round reached {tiles} tiles")


def tableau_placements(tableau: Tableau) -> tuple[Placement, ...]:
    """The placements of a tableau in the order they were played."""
    return tuple(tableau.order)


__all__ = ["LaidTile", "LayoutError", "fit_poses", "layout_tableau", "point_quad_distance",
           "quad_distance", "simulated_state", "tableau_placements"]
