"""Pairing detected halves into tiles.

The detector finds halves and whole tiles as axis-aligned boxes. Geometry says which
halves could be one tile (two halves of a tile lie one half-side apart); the pair judge
(vision.reader.pair_judge), looking at the photo, says which of those candidates are. Taken
likeliest first, with a second round for sure halves left alone that lie just right; a
second detection of a paired half is dropped, and a tile read on top of a surer one goes.
A tile box holding only one half gets its other half from the box (a missed blank half),
when the judge agrees. Halves with no partner at all are reported as problems rather
than guessed into tiles. Without a judge, tile boxes claim the pair that fills them best
and the rest are paired by geometry alone.

Why: Detector: halves and tiles as two classes of axis-aligned boxes, not a pose or
oriented-box model. The only real labels we have (`datasets/real/`) are axis-aligned half
boxes; a plain detector can be judged on them directly and, later, trained on them. Tiles
are rebuilt from their halves: two halves of one tile lie exactly one half-side apart (for
a half whose box is w wide, seen at angle t, the side is w/(|cos t|+|sin t|)), and a
detected tile box decides between equally close neighbours (tiles touching side by side).
A tile box that holds one detected half gets its other half by reflecting the half through
the box centre, so a missed blank half is still read. The corners of a tile follow from
its two half centres, at any rotation. NMS uses IoU 0.7 because rotated touching tiles
overlap a lot as axis-aligned boxes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from vision.reader.detections import HALF, TILE, Detections, box_iou

Box = tuple[float, float, float, float]

# Boxes of rotated halves, as drawn by people and so as learnt by the detector, hug the
# half's face more tightly than the square-half geometry assumes, so real pairs measure
# up to ~0.45 off. Inside a detected tile box, whose fit is checked as well, more slack.
PAIR_TOLERANCE = 0.45
PAIR_TOLERANCE_IN_TILE_BOX = 0.7
# Pairs the pair judge looks at: geometry only rules out halves plainly too far apart.
CANDIDATE_PAIR_ERROR = 0.8


@dataclass(frozen=True)
class HalfSlot:
    """A half to be read: its box in image pixels and how sure the detector was."""

    box_xyxy: Box
    score: float
    inferred: bool = False  # made from a tile box, not detected itself

    @property
    def center(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box_xyxy
        return ((x0 + x1) / 2, (y0 + y1) / 2)


@dataclass(frozen=True)
class TileSlot:
    halves: tuple[HalfSlot, HalfSlot]
    score: float

    def corners(self) -> tuple[tuple[float, float], ...]:
        """Four corners, clockwise on screen from the first half's outer corner. The tile is
        a 2:1 rectangle whose long axis joins the half centres."""
        (ax, ay), (bx, by) = self.halves[0].center, self.halves[1].center
        dx, dy = bx - ax, by - ay
        side = math.hypot(dx, dy) or 1.0
        ux, uy = dx / side, dy / side
        px, py = uy, -ux  # across the tile, so the corners run clockwise
        h = side / 2
        return (
            (ax - ux * h - px * h, ay - uy * h - py * h),
            (ax - ux * h + px * h, ay - uy * h + py * h),
            (bx + ux * h + px * h, by + uy * h + py * h),
            (bx + ux * h - px * h, by + uy * h - py * h),
        )


def half_pair_error(a: Box, b: Box) -> float:
    """How far box b is from where the partner of half box a would lie (0 = exactly).

    Measure the offset between the centres in units of the two boxes' mean width and
    height: for the two square halves of one tile at any rotation, |dx| + |dy| is then
    exactly 1, and it stays 1 when the photo is stretched (both offset and boxes scale).
    Halves of different sizes are penalised too.
    """
    wa, ha, wb, hb = a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]
    if min(wa, ha, wb, hb) <= 0:
        return math.inf
    dx = ((b[0] + b[2]) - (a[0] + a[2])) / (wa + wb)
    dy = ((b[1] + b[3]) - (a[1] + a[3])) / (ha + hb)
    size_mismatch = abs(wa * ha - wb * hb) / max(wa * ha, wb * hb)
    return abs(abs(dx) + abs(dy) - 1.0) + 0.5 * size_mismatch


def pair_error(a: HalfSlot, b: HalfSlot) -> float:
    return half_pair_error(a.box_xyxy, b.box_xyxy)


def greedy_pairs(boxes: Sequence[Box], max_error: float) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair half boxes best fit first: (index pairs, indices left alone)."""
    candidates = sorted(
        (half_pair_error(boxes[i], boxes[j]), i, j)
        for i in range(len(boxes))
        for j in range(i + 1, len(boxes))
    )
    used: set[int] = set()
    pairs = []
    for error, i, j in candidates:
        if error > max_error:
            break
        if i not in used and j not in used:
            used.update((i, j))
            pairs.append((i, j))
    return pairs, [i for i in range(len(boxes)) if i not in used]


def _union(a: HalfSlot, b: HalfSlot) -> np.ndarray:
    return np.array(
        [
            min(a.box_xyxy[0], b.box_xyxy[0]),
            min(a.box_xyxy[1], b.box_xyxy[1]),
            max(a.box_xyxy[2], b.box_xyxy[2]),
            max(a.box_xyxy[3], b.box_xyxy[3]),
        ],
        np.float32,
    )


def ordered_halves(a: HalfSlot, b: HalfSlot) -> tuple[HalfSlot, HalfSlot]:
    """A fixed half order: top half first, or left half first for a level tile."""
    (ax, ay), (bx, by) = a.center, b.center
    return (a, b) if (ay, ax) <= (by, bx) else (b, a)


def _mirror(half: HalfSlot, tile_box: np.ndarray, score: float) -> HalfSlot:
    """The other half of ``half`` inside ``tile_box``: the box reflected through its centre."""
    cx, cy = (tile_box[0] + tile_box[2]) / 2, (tile_box[1] + tile_box[3]) / 2
    hx, hy = half.center
    ox, oy = 2 * cx - hx, 2 * cy - hy
    w, h = half.box_xyxy[2] - half.box_xyxy[0], half.box_xyxy[3] - half.box_xyxy[1]
    return HalfSlot((ox - w / 2, oy - h / 2, ox + w / 2, oy + h / 2), score, inferred=True)


PairProbability = Callable[[list[tuple[HalfSlot, HalfSlot]]], np.ndarray]
MIN_PAIR_PROBABILITY = 0.5
MIN_PAIR_PROBABILITY_FITTING = 0.2  # for two halves left alone that lie just right
MIN_SCORE_FITTING = 0.5  # ... and that the detector is fairly sure of
OVERLAP_SHRINK = 0.8  # of a tile's outline, so touching tiles never count as overlapping
CANDIDATES_PER_HALF = 4  # partners a half is judged with, best-fitting first
ECHO_FRACTION = 0.3  # of a paired half's box: a detection centred closer is the same half


def assemble(
    dets: Detections,
    pair_probability: PairProbability | None = None,
    max_pair_error: float = PAIR_TOLERANCE,
    max_pair_error_in_tile: float = PAIR_TOLERANCE_IN_TILE_BOX,
) -> tuple[list[TileSlot], list[HalfSlot]]:
    """Tiles made of detected halves, and the halves left without a partner.

    With ``pair_probability`` (the pair judge looking at the photo), halves are paired by
    what the candidate tiles look like; without it, by tile boxes and geometry alone.
    """
    half_dets, tile_dets = dets.of_class(HALF), dets.of_class(TILE)
    halves = [
        HalfSlot(tuple(map(float, b)), float(s))
        for b, s in zip(half_dets.boxes_xyxy, half_dets.scores, strict=True)
    ]
    if pair_probability is not None:
        tiles, used = _pairs_by_judge(halves, pair_probability)
        tiles += _mirrored_in_tile_boxes(halves, used, tile_dets, pair_probability)
        tiles = without_overlaps(tiles)
    else:
        tiles, used = _pairs_by_geometry(halves, tile_dets, max_pair_error,
                                         max_pair_error_in_tile)
    lone = [halves[i] for i in range(len(halves)) if i not in used]
    return tiles, lone


def _pairs_by_judge(halves: list[HalfSlot],
                    pair_probability: PairProbability) -> tuple[list[TileSlot], set[int]]:
    """Candidates within the loose geometry, the likeliest tile first."""
    candidates = _nearest_candidates(halves)
    if not candidates:
        return [], set()
    probs = pair_probability([(halves[i], halves[j]) for i, j in candidates])
    used: set[int] = set()
    # Likeliest first: that the two are one tile, and that both are halves at all (a
    # weak second detection of a half must not take its neighbour from the real one).
    # First the pairs the judge believes; then, among halves still alone, a pair it only
    # half believes but whose geometry fits: two lone halves lose their pips from the
    # score, a doubtful tile keeps them.
    strength = probs * np.array([min(halves[i].score, halves[j].score) for i, j in candidates])
    order = np.argsort(-strength, kind="stable")
    chosen: list[int] = []  # candidates taken as tiles
    for minimum, geometry, detected in ((MIN_PAIR_PROBABILITY, math.inf, 0.0),
                                        (MIN_PAIR_PROBABILITY_FITTING, PAIR_TOLERANCE,
                                         MIN_SCORE_FITTING)):
        for k in order:
            i, j = candidates[k]
            if probs[k] < minimum:
                continue
            if (i in used or j in used or pair_error(halves[i], halves[j]) > geometry
                    or min(halves[i].score, halves[j].score) < detected
                    or _echo(halves[i], halves, used) or _echo(halves[j], halves, used)):
                continue
            used.update((i, j))
            chosen.append(k)
    echoes = {i for i, h in enumerate(halves) if i not in used and _echo(h, halves, used)}
    chosen = _two_for_one(chosen, candidates, probs, strength, used | echoes)
    tiles = [TileSlot(ordered_halves(halves[candidates[k][0]], halves[candidates[k][1]]),
                      float(strength[k])) for k in chosen]
    used = {i for k in chosen for i in candidates[k]}
    return tiles, used | echoes


def _two_for_one(chosen: list[int], candidates: list[tuple[int, int]], probs: np.ndarray,
                 strength: np.ndarray, taken: set[int]) -> list[int]:
    """The tiles ``chosen`` (indices into ``candidates``), each tile whose halves could
    each make a tile with a half left alone beyond it made those two tiles instead, when
    the judge believes both (as much as a first-round tile) and together more than the
    one. Taking the likeliest pair first can pair the touching ends of two tiles in a
    chain (halves that always match, so a phantom double) and leave their far halves
    alone; every half detected is a half of some tile, so the pairing that explains
    four halves with two believed tiles is the better one."""
    partners: dict[int, list[tuple[int, int]]] = {}  # half -> (a half alone, candidate)
    alone = {i for pair in candidates for i in pair} - taken
    for k, (i, j) in enumerate(candidates):
        if probs[k] >= MIN_PAIR_PROBABILITY:
            partners.setdefault(i, []).append((j, k))
            partners.setdefault(j, []).append((i, k))
    out: list[int] = []
    for k in chosen:
        best: tuple[float, int, int] | None = None
        for a, b in (candidates[k], candidates[k][::-1]):
            for x, first in partners.get(a, ()):
                for y, second in partners.get(b, ()):
                    both = float(strength[first] + strength[second])
                    if (x in alone and y in alone and x != y and both > strength[k]
                            and (best is None or both > best[0])):
                        best = (both, first, second)
        if best is None:
            out.append(k)
            continue
        out += best[1:]
        alone -= {i for pair in (candidates[best[1]], candidates[best[2]]) for i in pair}
    return out


def _nearest_candidates(halves: list[HalfSlot]) -> list[tuple[int, int]]:
    """Pairs within the loose geometry, each half keeping only its CANDIDATES_PER_HALF
    best-fitting partners: a half of a tile has one partner and, where tiles crowd, a few
    neighbours at the same spacing; a photo of clutter with hundreds of boxes must not
    cost the judge hundreds of looks per box."""
    near: dict[int, list[tuple[float, int]]] = {}
    for i in range(len(halves)):
        for j in range(i + 1, len(halves)):
            error = pair_error(halves[i], halves[j])
            if error <= CANDIDATE_PAIR_ERROR:
                near.setdefault(i, []).append((error, j))
                near.setdefault(j, []).append((error, i))
    return sorted({(min(i, j), max(i, j)) for i, options in near.items()
                   for _, j in sorted(options)[:CANDIDATES_PER_HALF]})


def _echo(half: HalfSlot, halves: list[HalfSlot], used: set[int]) -> bool:
    """True when ``half`` is a second detection of a paired half (its centre lies well
    inside that half's box): it is not a half of its own and joins no tile."""
    for j in used:
        x0, y0, x1, y1 = halves[j].box_xyxy
        if halves[j] is not half and (
            abs(half.center[0] - (x0 + x1) / 2) < ECHO_FRACTION * (x1 - x0)
            and abs(half.center[1] - (y0 + y1) / 2) < ECHO_FRACTION * (y1 - y0)
        ):
            return True
    return False


def without_overlaps(tiles: list[TileSlot], shrink: float = OVERLAP_SHRINK) -> list[TileSlot]:
    """Real tiles do not lie on top of each other: a tile with a half centre inside a
    surer tile (or holding one of its half centres) is a second reading of the same
    place, and goes."""
    kept: list[tuple[TileSlot, tuple[float, float], float]] = []
    for tile in sorted(tiles, key=lambda t: -t.score):
        centre, reach = _reach(tile)
        # only tiles whose outlines can meet are compared: a wide photo holds hundreds
        if not any(math.dist(centre, c) <= reach + r and _overlap(tile, other, shrink)
                   for other, c, r in kept):
            kept.append((tile, centre, reach))
    return [tile for tile, _, _ in kept]


def _reach(tile: TileSlot) -> tuple[tuple[float, float], float]:
    """The tile's centre, and how far from it its outline (and so its half centres) lies."""
    (ax, ay), (bx, by) = tile.halves[0].center, tile.halves[1].center
    centre = ((ax + bx) / 2, (ay + by) / 2)
    return centre, max(math.dist(centre, c) for c in tile.corners())


def tile_covers(tile: TileSlot, point: tuple[float, float]) -> bool:
    """True when ``point`` lies on ``tile`` (well inside its outline)."""
    return _in_quad(point, tile.corners(), OVERLAP_SHRINK)


def _overlap(a: TileSlot, b: TileSlot, shrink: float) -> bool:
    return any(_in_quad(h.center, b.corners(), shrink) for h in a.halves) or any(
        _in_quad(h.center, a.corners(), shrink) for h in b.halves)


def _in_quad(point: tuple[float, float], corners, shrink: float) -> bool:
    """Inside the convex quadrilateral shrunk towards its centre by ``shrink``."""
    cx = sum(c[0] for c in corners) / 4
    cy = sum(c[1] for c in corners) / 4
    quad = [(cx + (x - cx) * shrink, cy + (y - cy) * shrink) for x, y in corners]
    signs = []
    for k in range(4):
        (x0, y0), (x1, y1) = quad[k], quad[(k + 1) % 4]
        signs.append((x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0) > 0)
    return all(signs) or not any(signs)


def _mirrored_in_tile_boxes(halves: list[HalfSlot], used: set[int], tile_dets: Detections,
                            pair_probability: PairProbability) -> list[TileSlot]:
    """A tile box holding exactly one unpaired half, filling one end of it: the other half
    is its mirror image (a blank the detector missed), when the judge agrees that the two
    make a tile. Marks the halves used."""
    found: list[tuple[int, HalfSlot, float]] = []
    for tile_box, tile_score in zip(tile_dets.boxes_xyxy, tile_dets.scores, strict=True):
        free = [i for i in range(len(halves))
                if i not in used and _inside(halves[i].center, tile_box)]
        if len(free) == 1 and _half_fills_half_of(halves[free[0]], tile_box):
            mirror = _mirror(halves[free[0]], tile_box, float(tile_score))
            if not _echo(mirror, halves, used):  # the other end is not another tile's half
                found.append((free[0], mirror, float(tile_score)))
    if not found:
        return []
    probs = pair_probability([(halves[i], mirror) for i, mirror, _ in found])
    tiles: list[TileSlot] = []
    for (i, mirror, score), prob in zip(found, probs, strict=True):
        if prob >= MIN_PAIR_PROBABILITY and i not in used:
            used.add(i)
            tiles.append(TileSlot(ordered_halves(halves[i], mirror), score * float(prob)))
    return tiles


def _pairs_by_geometry(halves: list[HalfSlot], tile_dets: Detections, max_pair_error: float,
                       max_pair_error_in_tile: float) -> tuple[list[TileSlot], set[int]]:
    used: set[int] = set()
    tiles: list[TileSlot] = []

    # 1. Tile boxes, most confident first, claim the pair of halves that fills them best.
    for tile_box, tile_score in zip(tile_dets.boxes_xyxy, tile_dets.scores, strict=True):
        free = [
            i for i in range(len(halves)) if i not in used and _inside(halves[i].center, tile_box)
        ]
        best, best_fit = None, 0.5
        for n, i in enumerate(free):
            for j in free[n + 1 :]:
                if pair_error(halves[i], halves[j]) > max_pair_error_in_tile:
                    continue
                fit = float(box_iou(_union(halves[i], halves[j])[None], tile_box[None])[0, 0])
                if fit > best_fit:
                    best, best_fit = (i, j), fit
        if best is not None:
            used.update(best)
            tiles.append(
                TileSlot(ordered_halves(halves[best[0]], halves[best[1]]), float(tile_score))
            )
        elif len(free) == 1 and _half_fills_half_of(halves[free[0]], tile_box):
            only = halves[free[0]]
            used.add(free[0])
            tiles.append(
                TileSlot(
                    ordered_halves(only, _mirror(only, tile_box, float(tile_score))),
                    float(tile_score),
                )
            )

    # 2. Halves no tile box claimed: pair by geometry, best fit first.
    rest = [i for i in range(len(halves)) if i not in used]
    pairs, _ = greedy_pairs([halves[i].box_xyxy for i in rest], max_pair_error)
    for a, b in pairs:
        i, j = rest[a], rest[b]
        used.update((i, j))
        score = min(halves[i].score, halves[j].score)
        tiles.append(TileSlot(ordered_halves(halves[i], halves[j]), score))
    return tiles, used


def _inside(point: tuple[float, float], box: np.ndarray, grow: float = 0.1) -> bool:
    w, h = box[2] - box[0], box[3] - box[1]
    return (box[0] - grow * w <= point[0] <= box[2] + grow * w) and (
        box[1] - grow * h <= point[1] <= box[3] + grow * h
    )


def _half_fills_half_of(half: HalfSlot, tile_box: np.ndarray) -> bool:
    """True when the half box covers roughly half of the tile box, at one end of it."""
    hw, hh = half.box_xyxy[2] - half.box_xyxy[0], half.box_xyxy[3] - half.box_xyxy[1]
    tw, th = tile_box[2] - tile_box[0], tile_box[3] - tile_box[1]
    ratio = (hw * hh) / max(tw * th, 1e-9)
    return 0.25 <= ratio <= 0.75
