"""A photo of the tableau -> the tiles read -> the board, and the board drawn on the photo.

The one call the commands make: ``read_board_photo(path, reader, set_max)``. It
reads the tiles with the shipped reader (coordinates in the original photo's pixels) and
rebuilds the board with ``vision.board.read``, once, whatever is later put in dispute.
``annotate_board`` draws the board as read: every tile with its decoded values, every join
as a line between the touching halves (a mismatched one in red), the spinner ringed,
halves the board corrected in orange, loose tiles in red.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from scorer.messages import clip_name
from vision.board.budget import Place
from vision.board.glare import burnt_white, washed_out
from vision.board.read import TableauReading, read_tableau
from vision.image import ImageError, LoadedImage, load_image
from vision.reader import (
    UNPLACED_DAMAGE,
    FrameReader,
    read_squared,
    read_undamaged,
    scale_tile,
    unplaced_damage,
)
from vision.types import LoneHalf, TileReading

JOIN_BGR = (255, 200, 0)
SURE_BGR = (60, 200, 60)
FIXED_BGR = (0, 140, 255)
LOOSE_BGR = (40, 40, 230)
SPINNER_BGR = (255, 0, 255)
_FONT = cv2.FONT_HERSHEY_SIMPLEX


class PhotoError(ValueError):
    """A photo that cannot be read; the message is one line."""


@dataclass(frozen=True)
class BoardPhoto:
    """A photo, the tiles the board was built from (with the reader's problems) and the
    board."""

    loaded: LoadedImage
    tiles: tuple[TileReading, ...]
    about_the_photo: tuple[str, ...]  # what the reader says of it whole: damaged, a set...
    reading: TableauReading
    about_places: tuple[str, ...] = ()  # ... and of one place in it: a half alone

    @property
    def reader_problems(self) -> tuple[str, ...]:
        """Everything the reader says, of the whole photo first."""
        return self.about_the_photo + self.about_places


def read_board_photo(path: str, reader: FrameReader, set_max: int | None = None
                     ) -> BoardPhoto:
    """Read the tableau in the photo at ``path`` as it lies (the house rules judge it
    afterwards); raises PhotoError for a bad file."""
    try:
        loaded = load_image(path)
    except ImageError as error:
        raise PhotoError(str(error)) from None
    if unplaced_damage(loaded):
        raise PhotoError(f"{clip_name(path)}: {UNPLACED_DAMAGE}")
    # a damaged photo only where its pixels are its own, as for a hand; tiles lying askew
    # are read again turned square to them
    tiles, problems = read_undamaged(loaded,
                                     lambda pixels: read_squared(reader, pixels, set_max))
    if loaded.scale != 1.0:
        tiles = [scale_tile(t, loaded.scale) for t in tiles]
        problems = [p.scaled(loaded.scale) if isinstance(p, LoneHalf) else p for p in problems]
    lone = [p.center_px for p in problems if isinstance(p, LoneHalf)]
    reading = read_tableau(tiles, set_max, second_look(reader, loaded, set_max), lone)
    return BoardPhoto(
        loaded, reading.tiles, tuple(loaded.warnings) + tuple(
            str(p) for p in problems if not isinstance(p, LoneHalf)),
        reading, tuple(str(p) for p in problems if isinstance(p, LoneHalf)))


class PhotoLook:
    """The reader's look at places in a photo (coordinates in the photo's own pixels, like
    the tiles'; ``scale`` photo pixels per pixel of ``pixels``): one place, or many at
    once (``many``: one model run for them all); where the reader has one, a cheap first
    look saying how surely any tile there could be read (``most_sure``); and how washed
    out the photo is there (``washed_out``: vision.board.glare)."""

    def __init__(self, read_at_many, pixels: np.ndarray, scale: float,
                 set_max: int | None, most_sure_at_many=None) -> None:
        self._read_at_many = read_at_many
        self._most_sure_at_many = most_sure_at_many
        self._pixels = pixels
        self._scale = scale
        self._set_max = set_max

    @property
    def pixels(self) -> np.ndarray:
        """The photo's pixels the looks read."""
        return self._pixels

    def __call__(self, centres: Place) -> TileReading:
        return self.many([centres])[0]

    def many(self, places: Sequence[Place]) -> list[TileReading]:
        scale = self._scale
        tiles = self._read_at_many(self._pixels, self._in_pixels(places), self._set_max)
        return tiles if scale == 1.0 else [scale_tile(t, scale) for t in tiles]

    def most_sure(self, places: Sequence[Place]) -> list[float]:
        if self._most_sure_at_many is None:
            return [1.0] * len(places)
        return list(self._most_sure_at_many(self._pixels, self._in_pixels(places)))

    def washed_out(self, places: Sequence[Place]) -> list[float]:
        return washed_out(self._burnt, self._in_pixels(places))

    @cached_property
    def _burnt(self) -> np.ndarray | None:
        return burnt_white(self._pixels)  # once a photo: the board asks more than once

    def _in_pixels(self, places: Sequence[Place]) -> list[Place]:
        scale = self._scale
        return [tuple((x / scale, y / scale) for x, y in centres)  # type: ignore[misc]
                for centres in places]


def second_look(reader: FrameReader, loaded: LoadedImage,
                set_max: int | None) -> PhotoLook | None:
    """The reader's look at places in the photo, or None for a reader that cannot look at
    one place."""
    read_at_many = getattr(reader, "read_at_many", None)
    if read_at_many is None:
        return None
    return PhotoLook(read_at_many, loaded.pixels, loaded.scale, set_max,
                     getattr(reader, "most_sure_at_many", None))


def annotate_board(image_bgr: np.ndarray, tiles: Sequence[TileReading],
                   reading: TableauReading, scale: float = 1.0) -> np.ndarray:
    """A copy of the photo with the board as read drawn on it (``scale``: photo pixels per
    reading pixel, for a photo decoded reduced)."""
    canvas = image_bgr.copy()
    line = max(1, round(min(canvas.shape[:2]) / 500))
    tree = reading.tree
    values = reading.decoding.values if reading.decoding else tuple(t.pips for t in tiles)
    fixed = {(c.tile, c.half) for c in reading.corrections}
    mismatched = ({frozenset((m.a, m.b)) for m in reading.decoding.mismatches}
                  if reading.decoding else set())

    def pt(p) -> tuple[int, int]:
        return (int(round(p[0] / scale)), int(round(p[1] / scale)))

    for i, tile in enumerate(tiles):
        corners = np.array([pt(c) for c in tile.corners_px], np.int32)
        joined = tree is not None and tree.in_tree(i)
        colour = SPINNER_BGR if tree is not None and i == tree.root else (
            SURE_BGR if joined else LOOSE_BGR)
        cv2.polylines(canvas, [corners], True, colour, line + (i == getattr(tree, "root", -1)),
                      cv2.LINE_AA)
        width = float(np.linalg.norm(corners[1] - corners[0])) or 10.0
        for h, half in enumerate(tile.halves):
            text = str(values[i][h])
            _put(canvas, text, pt(half.center_px), max(8.0, 0.5 * width),
                 FIXED_BGR if (i, h) in fixed else (255, 255, 255))
    if tree is not None:
        for join in tree.join:
            if join is None:
                continue
            a = pt(tiles[join.a].halves[join.a_half].center_px)
            b_tile = tiles[join.b]
            b = pt(b_tile.center_px if join.b_half is None
                   else b_tile.halves[join.b_half].center_px)
            colour = LOOSE_BGR if frozenset((join.a, join.b)) in mismatched else JOIN_BGR
            cv2.line(canvas, a, b, colour, line * 2, cv2.LINE_AA)
            cv2.circle(canvas, b, line * 3, colour, -1, cv2.LINE_AA)
    return canvas


def _put(canvas: np.ndarray, text: str, centre: tuple[int, int], height_px: float,
         colour: tuple[int, int, int]) -> None:
    scale = height_px / 22.0
    thickness = max(1, round(scale * 2))
    (w, h), _ = cv2.getTextSize(text, _FONT, scale, thickness)
    origin = (centre[0] - w // 2, centre[1] + h // 2)
    cv2.putText(canvas, text, origin, _FONT, scale, (0, 0, 0), thickness + 2, cv2.LINE_AA)
    cv2.putText(canvas, text, origin, _FONT, scale, colour, thickness, cv2.LINE_AA)


__all__ = ["BoardPhoto", "PhotoError", "annotate_board", "read_board_photo"]
