"""Where a tile the reader missed must lie: a gap of one tile in a straight line.

A tableau is one connected piece, so tiles that reach the spinner by no join mean a tile
is missing somewhere. In a straight chain of abutting tiles the detector sometimes misses
one whole tile; its neighbours then face each other across a gap one tile long, each in
line with the gap. That place is given back to the reader for a second look
(``vision.board_read``); a gap that is not in line, or not one tile long, is left alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.board_geometry import (
    IN_LINE_COS,
    TOUCH_WIDTHS,
    cosine,
    point_to_tile,
    tile_ends,
    tile_quad,
    tile_width,
)
from vision.board_sizes import at_full_length, tile_length
from vision.types import TileReading

Point = tuple[float, float]

# The ends' distance, in tile lengths, that one tile fills: a neighbour boxed too long
# (the detector took a half of the missed tile for its own) makes the gap look short.
GAP_LENGTHS = (0.5, 1.3)
# Each tile points at the other within board_geometry's IN_LINE_COS (20 degrees).


def gaps_in_lines(tiles: Sequence[TileReading], in_tree: Sequence[bool]
                  ) -> list[tuple[Point, Point]]:
    """The half centres of a missing tile for each gap between an open end of a tile on
    the tree and an open end of one off it (one gap per tile off it, the best fit): a
    tile as long as its neighbours, in the middle of the gap."""
    whole = at_full_length(tiles)  # a short reading must not make the gap look long
    quads = [tile_quad(t) for t in whole]
    ends = [tile_ends(t) for t in whole]
    open_ends = [[_is_open(end, i, quads, tile_width(whole[i])) for end in ends[i]]
                 for i in range(len(whole))]
    best: dict[int, tuple[float, Point, Point]] = {}
    for a in range(len(whole)):
        if not in_tree[a]:
            continue
        for b in range(len(whole)):
            if in_tree[b]:
                continue
            length = (tile_length(whole[a]) + tile_length(whole[b])) / 2
            for ha in (0, 1):
                for hb in (0, 1):
                    if not (open_ends[a][ha] and open_ends[b][hb]):
                        continue
                    fit = _gap_fit(ends[a], ha, ends[b], hb, length)
                    if fit is not None and (b not in best or fit < best[b][0]):
                        e1, e2 = ends[a][ha], ends[b][hb]
                        middle, step = (e1 + e2) / 2, (e2 - e1) / np.linalg.norm(e2 - e1)
                        first, second = middle - step * length / 4, middle + step * length / 4
                        best[b] = (fit, _point(first), _point(second))
    return [(first, second) for _, first, second in best.values()]


def _gap_fit(ends_a: tuple[np.ndarray, np.ndarray], ha: int,
             ends_b: tuple[np.ndarray, np.ndarray], hb: int, length: float) -> float | None:
    """How far the gap is from one tile long (0 = exactly), None if no tile fits it."""
    e1, e2 = ends_a[ha], ends_b[hb]
    gap = e2 - e1
    span = float(np.linalg.norm(gap))
    if not GAP_LENGTHS[0] * length <= span <= GAP_LENGTHS[1] * length:
        return None
    out_a = ends_a[ha] - ends_a[1 - ha]  # from the tile's other end through this one
    out_b = ends_b[hb] - ends_b[1 - hb]
    if cosine(gap, out_a) < IN_LINE_COS or cosine(-gap, out_b) < IN_LINE_COS:
        return None
    return abs(span / length - 1.0)


def _is_open(end: np.ndarray, tile: int, quads: Sequence[np.ndarray], width: float) -> bool:
    """No other tile touches this end."""
    return all(point_to_tile(end, q) >= TOUCH_WIDTHS * width
               for k, q in enumerate(quads) if k != tile)


def _point(p: np.ndarray) -> Point:
    return (float(p[0]), float(p[1]))


__all__ = ["gaps_in_lines"]
