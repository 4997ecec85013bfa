"""How much of a place in a photo is washed out: glare, or a lamp's reflection, burns the
pixels to white, and a tile lying there shows neither its edges nor its pips.

Why: the looks past an open end find a tile the detector missed only where the photo
still shows it. Where a tile played there would lie in burnt-out pixels, the look reads
it unsurely, so board reading asks about a tile read there less surely than elsewhere
(``vision.board.read``).
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.types import Point

BURNT_FROM = 250  # every channel this bright: the sensor clipped, nothing is seen there
# Glare is a spot. A photo burnt white over more than this share is a white table or an
# overexposed photo: bare table is white there, and a tile on it still shows its dark pips
# and edges to a look, so burnt pixels hide nothing.
SPOT_UPTO = 0.25


def burnt_white(pixels: np.ndarray) -> np.ndarray | None:
    """The pixels burnt white (255 where every channel is at BURNT_FROM or more), or None
    for a photo burnt white over more than SPOT_UPTO of it."""
    top = (BURNT_FROM,) * (pixels.shape[2] if pixels.ndim == 3 else 1)
    burnt = cv2.inRange(pixels, top, (255,) * len(top))
    return None if cv2.countNonZero(burnt) > SPOT_UPTO * burnt.size else burnt


def washed_out(burnt: np.ndarray | None, places: Sequence[tuple[Point, Point]]
               ) -> list[float]:
    """For each place (a tile's two half centres, in the photo's pixels), the share of its
    more washed-out half that is burnt white (``burnt``: ``burnt_white`` of the photo; each
    half a square as wide as the centres lie apart)."""
    if burnt is None:
        return [0.0] * len(places)
    out = []
    for near, far in places:
        a, b = np.asarray(near, np.float64), np.asarray(far, np.float64)
        along = (b - a) / 2  # half a square's side, along the tile
        across = np.array([-along[1], along[0]])
        out.append(max(_share(burnt, np.array([c - along - across, c + along - across,
                                               c + along + across, c - along + across]))
                       for c in (a, b)))
    return out


def _share(burnt: np.ndarray, corners: np.ndarray) -> float:
    """The share of the quadrilateral ``corners`` (inside the photo) that is burnt."""
    h, w = burnt.shape
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(mask, np.round(corners - (x0, y0)).astype(np.int32), 1)
    inside = mask.astype(bool)
    return float((burnt[y0:y1, x0:x1][inside] > 0).mean()) if inside.any() else 0.0


__all__ = ["burnt_white", "washed_out"]
