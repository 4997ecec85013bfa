"""The one narrow call the app makes into the tile reader, and what it gets back.

The app talks to a ``Recognizer``; the real one adapts ``vision.reader`` lazily so the
app starts (and typed or picked scores work) even when the reader or its model is absent.
Recognition always runs in a worker thread; ``progress`` is called from that thread with
short lines for the player ("Looking for tiles...").
"""

from __future__ import annotations

import dataclasses
import glob
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlparse

from scorer.tiles import MAX_SET, Tile
from vision.types import Recognition, TileReading

Progress = Callable[[str], None]

DOUBTFUL_BELOW = 0.80  # a tile or half read with less confidence is shown as doubtful


class RecognizerUnavailable(Exception):
    """The reader cannot run here (not installed, no model file): say so, in one line."""


class CameraUnavailable(Exception):
    """No camera, or it stopped answering."""


class Recognizer(Protocol):
    def read_path(self, path: str, set_max: int = 9,
                  progress: Progress | None = None) -> Recognition: ...

    def read_camera(self, index: int = 0, set_max: int = 9,
                    progress: Progress | None = None) -> Recognition: ...


def clean_path(text: str) -> str:
    """A path as typed, pasted or dropped on the terminal: quotes, file:// URLs, escaped
    spaces and ~ are all accepted."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    if text.startswith("file://"):
        text = unquote(urlparse(text).path)
    text = text.replace("\\ ", " ")
    return os.path.expanduser(text)


def _noop(_: str) -> None:
    return None


class VisionRecognizer:
    """The real reader: ``vision.reader.read_image_file(path, set_max)``."""

    def __init__(self, models_dir: Path | None = None) -> None:
        self.models_dir = models_dir or Path(__file__).resolve().parent.parent / "models"

    def _reader(self):
        try:
            from vision import reader
        except ImportError as error:
            raise RecognizerUnavailable(
                "The tile reader is not installed in this copy of chickenfoot "
                f"({type(error).__name__}); type the points (F2) or pick the tiles (F3)."
            ) from None
        if not glob.glob(str(self.models_dir / "*.onnx")):
            raise RecognizerUnavailable(
                f"No tile-reading model in {self.models_dir}; type the points (F2) or "
                "pick the tiles (F3).")
        return reader

    def read_path(self, path: str, set_max: int = 9,
                  progress: Progress | None = None) -> Recognition:
        progress = progress or _noop
        path = clean_path(path)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"No photo at {path}")
        progress("Loading the tile reader...")
        reader = self._reader()
        progress(f"Reading the tiles in {os.path.basename(path)}...")
        try:
            return reader.read_image_file(path, set_max)
        except (FileNotFoundError, RecognizerUnavailable):
            raise
        except Exception as error:  # the reader's own failure, shown to the player
            raise RecognizerUnavailable(f"The reader could not read {path}: {error}") from None

    def read_camera(self, index: int = 0, set_max: int = 9,
                    progress: Progress | None = None) -> Recognition:
        progress = progress or _noop
        progress(f"Opening camera {index}...")
        try:
            import cv2
        except ImportError:
            raise CameraUnavailable("OpenCV is not installed, so no camera can be used; "
                                    "open a photo file instead.") from None
        camera = cv2.VideoCapture(index)
        try:
            if not camera.isOpened():
                raise CameraUnavailable(f"No camera {index} found: is it plugged in? Open a "
                                        "photo file instead, or type the points (F2).")
            progress("Taking a picture...")
            ok, frame = camera.read()
            if not ok or frame is None:
                raise CameraUnavailable(f"Camera {index} stopped answering (unplugged?). "
                                        "Open a photo file instead, or type the points (F2).")
            fd, shot = tempfile.mkstemp(prefix="chickenfoot-camera-", suffix=".png")
            os.close(fd)
            cv2.imwrite(shot, frame)
            del frame
        finally:
            camera.release()
        try:
            return self.read_path(shot, set_max, progress)
        finally:
            os.unlink(shot)


# -- turning a reading into tiles the player can check ----------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class ReadTile:
    """One tile as shown for review: what it is now, how sure the reader was, and the
    tile the reader would have said second (accepting it is one keystroke)."""

    tile: Tile
    confidence: float
    alternative: Tile | None = None
    fixed: bool = False  # changed or added by the player

    @property
    def doubtful(self) -> bool:
        return not self.fixed and self.confidence < DOUBTFUL_BELOW


def review_tiles(recognition: Recognition, set_max: int) -> list[ReadTile]:
    out: list[ReadTile] = []
    for reading in recognition.tiles:
        tile = _tile_of(reading, set_max)
        if tile is None:
            continue
        out.append(ReadTile(tile, _confidence(reading), _alternative(reading, set_max)))
    return out


def _tile_of(reading: TileReading, set_max: int) -> Tile | None:
    a, b = reading.pips
    if not (0 <= a <= min(set_max, MAX_SET) and 0 <= b <= min(set_max, MAX_SET)):
        return None
    return Tile.of(a, b)


def _confidence(reading: TileReading) -> float:
    return min([reading.confidence, *(h.confidence for h in reading.halves)])


def _alternative(reading: TileReading, set_max: int) -> Tile | None:
    """The runner-up of the least sure half that has one."""
    halves = sorted(enumerate(reading.halves), key=lambda ih: ih[1].confidence)
    for i, half in halves:
        if half.runner_up is None or not 0 <= half.runner_up <= set_max:
            continue
        other = reading.halves[1 - i].pips
        return Tile.of(half.runner_up, other)
    return None


def recognition_to_data(recognition: Recognition) -> dict[str, object]:
    """The reader's raw result as plain data, to keep beside the confirmed tiles."""
    return dataclasses.asdict(recognition)
