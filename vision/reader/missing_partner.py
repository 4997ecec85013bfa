"""Finding the other half of a lone half that the detector missed, by asking the judge.

A half with no partner after pairing and the blank search is usually one end of a tile
whose other half the detector did not see: hidden under glare, or a double laid crosswise
in a crowded tableau. Its partner lies one half-side away in some direction. For a square
half seen at angle t, its axis-aligned box is w = side * (|cos t| + |sin t|) wide, so
each direction gives a place for the partner; the pair judge looks at every such
candidate tile, and the one it believes most, if clearly, becomes the partner.

Why: A lone half the detector is sure of gets the partner the judge sees beside it. When
the other half of a tile was not detected at all (under glare, a crosswise double in a
crowded tableau), its place is one half-side away in some direction; the judge looks at 24
directions and a clear winner (probability 0.9, the lone half scored at least 0.7) becomes
the partner (`vision/reader/missing_partner.py`). Lower thresholds found more tableau
tiles but made up tiles beside stray detections in hands: pip totals on rendered hands
fell from 98% to 94-95%, so the thresholds favour hands.
"""

from __future__ import annotations

import math

import numpy as np

from vision.reader.assemble import HalfSlot, PairProbability, TileSlot, ordered_halves, tile_covers

DIRECTIONS = 24  # every 15 degrees
MIN_PARTNER_PROBABILITY = 0.9  # stricter than pairing: this half is made up
MIN_LONE_HALF_SCORE = 0.7
# Lone halves looked around, surest first: a photo of clutter leaves dozens, each costing
# the judge 24 pictures; a hand or a tableau leaves a few
MAX_LONE_HALVES = 12


def partner_candidates(half: HalfSlot) -> list[HalfSlot]:
    """Where the other half of ``half`` could lie, one per direction."""
    x0, y0, x1, y1 = half.box_xyxy
    w, h = x1 - x0, y1 - y0
    (cx, cy), out = half.center, []
    for k in range(DIRECTIONS):
        angle = 2 * math.pi * k / DIRECTIONS
        c, s = math.cos(angle), math.sin(angle)
        side = (w + h) / 2 / (abs(c) + abs(s))
        px, py = cx + side * c, cy + side * s
        out.append(HalfSlot((px - w / 2, py - h / 2, px + w / 2, py + h / 2), half.score,
                            inferred=True))
    return out


def pair_lone_halves_by_judge(tiles: list[TileSlot], lone: list[HalfSlot],
                              pair_probability: PairProbability | None
                              ) -> tuple[list[TileSlot], list[HalfSlot]]:
    """Tiles completed with the partners the judge finds beside lone halves, and the
    halves still alone."""
    if pair_probability is None or not lone:
        return tiles, lone
    tiles, still_alone = list(tiles), []
    sure = sorted((h for h in lone if h.score >= MIN_LONE_HALF_SCORE), key=lambda h: -h.score)
    looked_at = {id(h) for h in sure[:MAX_LONE_HALVES]}
    for half in lone:
        if id(half) not in looked_at:
            still_alone.append(half)
            continue
        # The partner must lie on free table or tile face, not on a tile already read.
        places = [p for p in partner_candidates(half)
                  if not any(tile_covers(t, p.center) for t in tiles)]
        if not places:
            still_alone.append(half)
            continue
        probs = pair_probability([(half, p) for p in places])
        best = int(np.argmax(probs))
        if probs[best] < MIN_PARTNER_PROBABILITY:
            still_alone.append(half)
            continue
        tiles.append(TileSlot(ordered_halves(half, places[best]),
                              half.score * float(probs[best])))
    return tiles, still_alone
