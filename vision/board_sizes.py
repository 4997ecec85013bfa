"""Tiles of a tableau are all one size: a tile read much shorter than its neighbours
is restored to their length before the joins are looked for.

In a crowded tableau the detector sometimes boxes a half too small or off-centre where
tiles abut (around the spinner, in long straight chains), and the tile built from those
halves comes out short: its ends then stop short of the tiles they touch and the tile
looks unjoined. Its centre and direction are still right, and every tile in the photo has
the same real size, so the nearby tiles say how long it should be.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from vision.board_geometry import point_to_tile
from vision.types import TileReading

NEIGHBOURS = 4  # nearby tiles that set the expected length (perspective changes it slowly)
SHORT = 0.8  # a tile shorter than this share of the expected length is restored
STRAY = 0.5  # ... but one this short that, restored, would lie on other tiles
MAX_COVERED = 0.2  # (this share of its face under them) is a stray reading, dropped


def tile_length(tile: TileReading) -> float:
    """Distance between the midpoints of the tile's two short sides."""
    q = np.asarray(tile.corners_px, dtype=np.float64)
    return float(np.linalg.norm((q[2] + q[3]) / 2 - (q[0] + q[1]) / 2))


def expected_lengths(tiles: Sequence[TileReading]) -> list[float | None]:
    """The median length of each tile's nearest neighbours (None with too few tiles)."""
    if len(tiles) < 3:
        return [None] * len(tiles)
    lengths = np.array([tile_length(t) for t in tiles])
    centres = np.array([t.center_px for t in tiles], dtype=np.float64)
    out: list[float | None] = []
    for i in range(len(tiles)):
        dist = np.linalg.norm(centres - centres[i], axis=1)
        dist[i] = np.inf
        near = np.argsort(dist)[:NEIGHBOURS]
        out.append(float(np.median(lengths[near])))
    return out


def restored(tile: TileReading, length: float) -> TileReading:
    """The tile grown about its centre, along its own axis, to ``length`` by half that."""
    q = np.asarray(tile.corners_px, dtype=np.float64)
    first_end, second_end = (q[0] + q[1]) / 2, (q[2] + q[3]) / 2
    axis = second_end - first_end
    norm = float(np.linalg.norm(axis))
    if norm < 1e-6:
        return tile
    u = axis / norm
    across = np.array([u[1], -u[0]])  # the corners' clockwise order needs this side
    centre = (first_end + second_end) / 2
    a, w = u * length / 2, across * length / 4
    corners = (centre - a - w, centre - a + w, centre + a + w, centre + a - w)
    half_centres = (centre - u * length / 4, centre + u * length / 4)
    halves = tuple(replace(h, center_px=(float(c[0]), float(c[1])))
                   for h, c in zip(tile.halves, half_centres, strict=True))
    return replace(tile, corners_px=tuple((float(c[0]), float(c[1])) for c in corners),
                   halves=halves)


def true_to_size(tiles: Sequence[TileReading]) -> list[TileReading]:
    """The tiles of a tableau, each one read much shorter than its neighbours restored to
    their length. One read very short that, restored, would lie on other tiles is dropped
    instead: it was a second reading of the place where two tiles meet (real tiles never
    lie on each other, and a real tile read short still has its own place on the table)."""
    expected = expected_lengths(tiles)
    quads = [np.asarray(t.corners_px, dtype=np.float64) for t in tiles]
    out = []
    for i, (tile, want) in enumerate(zip(tiles, expected, strict=True)):
        if want is None or not math.isfinite(want) or tile_length(tile) >= SHORT * want:
            out.append(tile)
            continue
        grown = restored(tile, want)
        others = [q for j, q in enumerate(quads) if j != i]
        if (tile_length(tile) >= STRAY * want
                or covered(np.asarray(grown.corners_px, dtype=np.float64), others) < MAX_COVERED):
            out.append(grown)
    return out


def covered(quad: np.ndarray, others: Sequence[np.ndarray]) -> float:
    """The share of a tile's face (sampled on a grid) that lies under other tiles."""
    s, t = np.meshgrid(np.linspace(0.1, 0.9, 5), np.linspace(0.05, 0.95, 10))
    s, t = s.ravel()[:, None], t.ravel()[:, None]
    # Bilinear points over the quad: s across (corners 0 to 1), t along (0 to 3).
    points = ((1 - s) * (1 - t) * quad[0] + s * (1 - t) * quad[1] + s * t * quad[2]
              + (1 - s) * t * quad[3])
    under = sum(any(point_to_tile(p, q) == 0.0 for q in others) for p in points)
    return under / len(points)


__all__ = ["covered", "expected_lengths", "restored", "tile_length", "true_to_size"]
