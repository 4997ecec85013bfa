"""A photo whose first look is in doubt, read again: turned square to tiles lying askew
(a hand or a tableau), or with table around it (a hand).

The detector boxes halves square to the photo, and the pip reader reads each half's box:
a half lying askew (30 to 60 degrees) is boxed with parts of its neighbours, and is
missed or misread (the real validation photos turned 45 degrees: pip totals 86% against
100% as taken). So when the first look is in doubt and the tiles read lie on the whole
``ASKEW_FROM_DEGREES`` or more from square, the photo is read again turned by that much,
and the tiles turned back.

The detector learnt tiles lying on a table with room around them. A close-up, where one
tile or two fill the frame edge to edge, is outside what it saw: it finds nothing, boxes
single pips as halves, or makes a tile of a plain face. The same photo with a margin of
table around it is read right (measured on close-ups cut from the real validation
photos: see the model card). So when the first look is doubtful (nothing found, a
doubtful tile, a half left alone, or tiles as big as the frame), the photo is read again
in the middle of a frame twice as wide and high, filled with its own border colour, and
the look whose tiles are surer wins.

All looks are compared by one score: each tile counts for its confidence against the
chance that it is wrong (2c - 1), and each half left alone costs half a tile. A look
that finds one sure tile beats one that finds five pips read as doubtful tiles; a look
that loses sure tiles loses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.doubt import is_doubtful_confidence
from vision.median import median
from vision.types import LoneHalf, Point, ReaderProblem, TileReading

if TYPE_CHECKING:
    from vision.reader.recognize import FrameReader

MARGIN = 0.5  # of the photo's longer side, on every side
# The framed photo is read with its longer side at most this long. The look is for tiles
# as big as the frame, which stay big when shrunk; read whole, a 12 MP frame of a 3 MP
# photo was cut into 16 windows (vision.reader.tiled_detect) for small tiles the first
# look had already looked for: an empty 49 MP PNG took 68 detector passes and 10 s. Under
# four times the detector's input (1280) a photo with nothing in it is not windowed.
MARGIN_LOOK_SIDE_PX = 1200
BIG_TILE = 0.45  # a tile this long against the frame's shorter side fills the frame
LONE_HALF_COST = 0.5
# Tiles lying this far from square to the photo (degrees) are read again turned square
ASKEW_FROM_DEGREES = 15.0


def read_hand(reader: FrameReader, image_bgr: np.ndarray,
              set_max: int | None = None) -> tuple[list[TileReading], list[ReaderProblem]]:
    """The tiles of a hand photo: the first look, or, when it is in doubt, a surer second
    one: the photo turned square to tiles lying askew, or with a margin of table."""
    first = reader.read(image_bgr, set_max)
    if not _in_doubt(first, image_bgr.shape):
        return first
    looks = [first, _margin_look(reader, image_bgr, set_max)]
    angle = askew_degrees(first[0])
    if angle is not None:
        looks.append(_turned_look(reader, image_bgr, angle, set_max))
    # the first look wins a tie: a second look must be surer to be taken
    return max(looks, key=look_score)


def read_squared(reader: FrameReader, image_bgr: np.ndarray, set_max: int | None = None
                 ) -> tuple[list[TileReading], list[ReaderProblem]]:
    """The tiles of a tableau photo: the first look, or, when it is in doubt and its tiles
    lie askew, the look turned square to them when that scores higher (no margin look: a
    tableau is no close-up)."""
    first = reader.read(image_bgr, set_max)
    angle = askew_degrees(first[0])
    if angle is None or not _in_doubt(first, image_bgr.shape):
        return first
    return max([first, _turned_look(reader, image_bgr, angle, set_max)], key=look_score)


def _margin_look(reader: FrameReader, image_bgr: np.ndarray, set_max: int | None
                 ) -> tuple[list[TileReading], list[ReaderProblem]]:
    """The photo read inside a margin of its border colour, the tiles put back in place."""
    small, factor = _at_most(image_bgr, MARGIN_LOOK_SIDE_PX / (1 + 2 * MARGIN))
    framed, (dx, dy) = with_margin(small, MARGIN)
    tiles, problems = reader.read(framed, set_max)
    height, width = image_bgr.shape[:2]
    back = (t.moved(-dx, -dy).scaled(factor) for t in tiles)
    return ([t for t in back if _inside(t, width, height)],
            [p.moved(-dx, -dy).scaled(factor) if isinstance(p, LoneHalf) else p
             for p in problems])


def askew_degrees(tiles: list[TileReading]) -> float | None:
    """How far the tiles read lie turned from the photo's axes, in degrees (-45 to 45),
    when that is ASKEW_FROM_DEGREES or more; None for tiles square to the photo. Tiles
    at right angles to each other lie alike here: angles are taken modulo 90 degrees
    (a mean of 4 x angle on the circle), each tile weighted by its confidence."""
    if not tiles:
        return None
    turns = []
    for t in tiles:
        (ax, ay), (bx, by) = t.halves[0].center_px, t.halves[1].center_px
        turns.append(4.0 * np.arctan2(by - ay, bx - ax))
    weights = np.array([t.confidence for t in tiles])
    mean = complex(np.sum(weights * np.cos(turns)), np.sum(weights * np.sin(turns)))
    if abs(mean) < 1e-9:
        return None
    degrees = float(np.degrees(np.angle(mean))) / 4.0
    return degrees if abs(degrees) >= ASKEW_FROM_DEGREES else None


def _turned_look(reader: FrameReader, image_bgr: np.ndarray, degrees: float,
                 set_max: int | None) -> tuple[list[TileReading], list[ReaderProblem]]:
    """The photo read turned by ``degrees`` (so that tiles lying that far askew lie
    square to it: the detector boxes halves square to the photo, and the pip reader reads
    each half's box, which for a half lying askew takes in its neighbours), the tiles
    turned back into the photo's pixels."""
    height, width = image_bgr.shape[:2]
    turned, turn = turned_photo(image_bgr, degrees)
    tiles, problems = reader.read(turned, set_max)
    point = point_mover(cv2.invertAffineTransform(turn))
    return ([t for t in (mapped_tile(t, point) for t in tiles) if _inside(t, width, height)],
            [LoneHalf(point(p.center_px)) if isinstance(p, LoneHalf) else p for p in problems])


def turned_photo(image_bgr: np.ndarray, degrees: float) -> tuple[np.ndarray, np.ndarray]:
    """The photo turned by ``degrees`` about its centre on a canvas grown to hold all of
    it, the rest filled with its border colour, and the 2x3 matrix taking its pixels to
    the turned photo's."""
    height, width = image_bgr.shape[:2]
    turn = cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0)
    cos, sin = abs(turn[0, 0]), abs(turn[0, 1])
    size = (int(np.ceil(width * cos + height * sin)), int(np.ceil(width * sin + height * cos)))
    turn[:, 2] += (size[0] - width) / 2, (size[1] - height) / 2
    turned = cv2.warpAffine(image_bgr, turn, size, flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_CONSTANT,
                            borderValue=tuple(int(c) for c in border_colour(image_bgr)))
    return turned, turn


def point_mover(matrix: np.ndarray) -> Callable[[Point], Point]:
    """A point moved by the 2x3 ``matrix``."""
    def point(p: Point) -> Point:
        x, y = matrix @ np.array([p[0], p[1], 1.0])
        return (float(x), float(y))
    return point


def mapped_tile(tile: TileReading, point: Callable[[Point], Point]) -> TileReading:
    """The reading with every corner and half centre moved by ``point``."""
    return replace(tile, corners_px=tuple(point(c) for c in tile.corners_px),
                   halves=tuple(replace(h, center_px=point(h.center_px)) for h in tile.halves))


def _at_most(image_bgr: np.ndarray, side_px: float) -> tuple[np.ndarray, float]:
    """The photo shrunk so that its longer side is at most ``side_px``, and the factor
    back to its pixels."""
    height, width = image_bgr.shape[:2]
    shrink = max(height, width) / side_px
    if shrink <= 1.0:
        return image_bgr, 1.0
    size = (max(1, round(width / shrink)), max(1, round(height / shrink)))
    return cv2.resize(image_bgr, size, interpolation=cv2.INTER_AREA), width / size[0]


def look_score(look: tuple[list[TileReading], list[ReaderProblem]]) -> float:
    tiles, problems = look
    lone = sum(1 for p in problems if isinstance(p, LoneHalf))
    return sum(2 * t.confidence - 1 for t in tiles) - LONE_HALF_COST * lone


def _in_doubt(look: tuple[list[TileReading], list[ReaderProblem]], shape: tuple[int, ...]) -> bool:
    tiles, problems = look
    if not tiles or any(isinstance(p, LoneHalf) for p in problems):
        return True
    if any(is_doubtful_confidence(t.confidence) for t in tiles):
        return True
    short_side = min(shape[0], shape[1])
    return any(_length(t) > BIG_TILE * short_side for t in tiles)


def with_margin(image_bgr: np.ndarray, margin: float) -> tuple[np.ndarray, tuple[int, int]]:
    """The photo in the middle of a bigger frame filled with its border's median colour
    (plain table, never a mirrored tile), and where the photo's corner now lies."""
    height, width = image_bgr.shape[:2]
    pad = int(round(margin * max(height, width)))
    framed = np.empty((height + 2 * pad, width + 2 * pad, 3), np.uint8)
    framed[:] = border_colour(image_bgr)
    framed[pad:pad + height, pad:pad + width] = image_bgr
    return framed, (pad, pad)


def border_colour(image_bgr: np.ndarray) -> np.ndarray:
    """The median colour of the photo's outermost pixels: most often the table."""
    border = np.concatenate([image_bgr[0], image_bgr[-1], image_bgr[:, 0], image_bgr[:, -1]])
    return median(border, axis=0).astype(np.uint8)


def _inside(tile: TileReading, width: int, height: int) -> bool:
    x, y = tile.center_px
    return 0 <= x < width and 0 <= y < height


def _length(tile: TileReading) -> float:
    (ax, ay), (bx, by) = tile.halves[0].center_px, tile.halves[1].center_px
    return 2.0 * float(np.hypot(bx - ax, by - ay))
