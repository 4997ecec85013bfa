"""Tiles of a tableau are all one size and never lie on each other: a tile read much
shorter than its neighbours is restored to their length, and a reading that would lie on
a surer one is dropped, before the joins are looked for.

Why: where tiles abut (around the spinner, in long chains) the detector sometimes boxes a
half too small or off centre; the tile comes out short, its ends stop short of the tiles
they touch, and it looks unjoined. Its centre and direction are still right, and the
nearby tiles say how long it should be. The strays dropped are kept: one may hold a half
of a tile never found, paired across to its neighbour (``vision.board.read``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from vision.board.geometry import (
    as_point,
    halves_about,
    inside_quads,
    quad_about,
    tile_ends,
    tile_quad,
)
from vision.board.sureness import SURE
from vision.median import median
from vision.types import TileReading

NEIGHBOURS = 4  # nearby tiles that set the expected length (perspective changes it slowly)
SHORT = 0.8  # a tile shorter than this share of the expected length is restored
MAX_UNDER = 0.3  # a tile with this share of its face under surer tiles is dropped
STRAY = 0.5  # ... and a restored one read this short, with this share under them
MAX_UNDER_RESTORED = 0.2
# A reading with this share of its face under a surer reading of the same tile is that
# tile read twice: every tile exists once (a crosswise double is read again shifted onto
# its neighbour, and the decoder would make the copy some other tile)
MAX_UNDER_SAME = 0.1


def tile_length(tile: TileReading) -> float:
    """Distance between the midpoints of the tile's two short sides."""
    first_end, second_end = tile_ends(tile)
    return float(np.linalg.norm(second_end - first_end))


def expected_lengths(tiles: Sequence[TileReading]) -> list[float | None]:
    """The median length of each tile's nearest neighbours (None with too few tiles)."""
    if len(tiles) < 3:
        return [None] * len(tiles)
    lengths = np.array([tile_length(t) for t in tiles])
    centres = np.array([t.center_px for t in tiles], dtype=np.float64)
    dist = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    np.fill_diagonal(dist, np.inf)
    return [median(lengths[near]) for near in np.argsort(dist, axis=1)[:, :NEIGHBOURS]]


def restored(tile: TileReading, length: float) -> TileReading:
    """The tile grown about its centre, along its own axis, to ``length`` by half that."""
    first_end, second_end = tile_ends(tile)
    axis = second_end - first_end
    norm = float(np.linalg.norm(axis))
    if norm < 1e-6:
        return tile
    centre = (first_end + second_end) / 2
    corners = quad_about(centre, axis / norm, length, length / 2)
    halves = tuple(replace(h, center_px=c) for h, c in
                   zip(tile.halves, halves_about(centre, axis, length), strict=True))
    return replace(tile, corners_px=tuple(as_point(c) for c in corners), halves=halves)


def at_full_length(tiles: Sequence[TileReading], long: float = math.inf
                   ) -> list[TileReading]:
    """Every tile read shorter than its neighbours grown to their length (about its own
    centre): where its ends would lie if it had been boxed whole; with ``long``, every
    tile read longer than that share of their length shrunk to it."""
    out = []
    for tile, want in zip(tiles, expected_lengths(tiles), strict=True):
        off = want is not None and math.isfinite(want) and not (
            want <= tile_length(tile) <= long * want)
        out.append(restored(tile, want) if off else tile)
    return out


def sized_tiles(tiles: Sequence[TileReading]
                ) -> tuple[list[TileReading], list[TileReading]]:
    """The tiles of a tableau as they lie, each read much shorter than its neighbours
    restored to their length, none lying on another; and the strays left out (as read).
    Of two that would lie on each other the surer reading stays (a tile of normal length
    before a restored one); a reading of the same tile as a surer one goes sooner
    (MAX_UNDER_SAME): every tile exists once."""
    expected = expected_lengths(tiles)
    sized: list[tuple[TileReading, float | None]] = []  # (tile, share of length read)
    for tile, want in zip(tiles, expected, strict=True):
        if want is None or not math.isfinite(want) or tile_length(tile) >= SHORT * want:
            sized.append((tile, None))
        else:
            sized.append((restored(tile, want), tile_length(tile) / want))
    order = sorted(range(len(tiles)), key=lambda i: (sized[i][1] is not None,
                                                      -tiles[i].confidence))
    quads = [tile_quad(tile) for tile, _ in sized]
    kept: list[int] = []
    for i in order:
        share_read = sized[i][1]
        under = covered(quads[i], [quads[k] for k in kept])
        if share_read is None:
            stray = under >= MAX_UNDER
        else:  # restored, a short reading not read SURE lies under surer tiles as any
            # may (a tile boxed as two short ones under glare: bench_board seed 75000, 30
            # tiles #79); a sure one read a little short beside them stays
            stray = (share_read < STRAY and under >= MAX_UNDER_RESTORED) or (
                under >= MAX_UNDER and tiles[i].confidence < SURE)
        same = [quads[k] for k in kept if sorted(tiles[k].pips) == sorted(tiles[i].pips)]
        stray = stray or (bool(same) and covered(quads[i], same) >= MAX_UNDER_SAME)
        if not stray:
            kept.append(i)
    dropped = sorted(set(range(len(tiles))) - set(kept))
    return [sized[i][0] for i in sorted(kept)], [tiles[i] for i in dropped]


def covered(quad: np.ndarray, others: Sequence[np.ndarray]) -> float:
    """The share of a tile's face (sampled on a grid) that lies under other tiles."""
    if not others:
        return 0.0
    s, t = np.meshgrid((np.arange(5) + 0.5) / 5, (np.arange(10) + 0.5) / 10)  # cell centres
    s, t = s.ravel()[:, None], t.ravel()[:, None]
    # Bilinear points over the quad: s across (corners 0 to 1), t along (0 to 3).
    points = ((1 - s) * (1 - t) * quad[0] + s * (1 - t) * quad[1] + s * t * quad[2]
              + (1 - s) * t * quad[3])
    return float(inside_quads(points, np.asarray(others, dtype=np.float64)).any(axis=1).mean())


__all__ = ["at_full_length", "covered", "expected_lengths", "restored", "sized_tiles",
           "tile_length"]
