"""The one narrow call the app makes into the tile reader, and what it gets back.

The app talks to a ``Recognizer``; the real one adapts ``vision.reader.tile_reader`` lazily so the
app starts (and typed or picked scores work) even when the reader or its model is absent.
Recognition always runs in a worker thread; ``progress`` is called from that thread with
short lines for the player ("Looking for tiles...").
"""

from __future__ import annotations

import dataclasses
import glob
import os
import re
import shlex
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlparse

from scorer.dispute import DisputeResult
from scorer.messages import clip, clip_name
from scorer.notation import Board
from scorer.rules import RuleSet
from scorer.tiles import MAX_SET, Tile
from vision.doubt import DOUBT_BELOW
from vision.types import Recognition, TileReading

Progress = Callable[[str], None]

TYPE_INSTEAD = "type the points (F2) or pick the tiles (F3)"  # when no photo can be read
# a tile read with less (calibrated) confidence is shown as doubtful: the reader's one
# threshold, so the app and `chickenfoot read` ask about the same tiles
DOUBTFUL_BELOW = DOUBT_BELOW


class RecognizerUnavailable(Exception):
    """The reader cannot run here (not installed, no model file): say so, in one line."""


class CameraUnavailable(Exception):
    """No camera, or it stopped answering."""


class NoSnapshotWaiting(Exception):
    """The live view's inbox holds no snapshot (or the one there cannot be read)."""


class CannotJudge(Exception):
    """A tile of a photo's board that cannot be judged there (the message says why)."""


@dataclasses.dataclass(frozen=True, slots=True)
class TileVerdicts:
    """A tile of a photo's board judged where it lies: each reading of it, likeliest
    first, with its chance, and the readings of it the board rules out (held elsewhere),
    in words."""

    readings: tuple[tuple[DisputeResult, float], ...]
    settled: tuple[str, ...] = ()


# (the tile in dispute, the rules) -> its verdicts; raises CannotJudge
JudgeTile = Callable[[Tile, RuleSet], TileVerdicts]


@dataclasses.dataclass(frozen=True, slots=True)
class BoardReading:
    """A photo of the tableau as the app sees it: the board read as it lies (None when
    the photo gave none), what is wrong with it or why there is none (``problems``),
    what the reader noticed or the board corrected on the way (``notes``), and ``judge``,
    which judges any tile of it on this same reading (the photo is read once). No
    pixels."""

    image: str
    board: Board | None
    set_max: int
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    tiles_read: int = 0
    judge: JudgeTile | None = None

    @property
    def ok(self) -> bool:
        """A board, and nothing wrong with it."""
        return self.board is not None and not self.problems


class Recognizer(Protocol):
    def read_path(self, path: str, set_max: int = 9,
                  progress: Progress | None = None) -> Recognition: ...

    def read_camera(self, index: int = 0, set_max: int = 9,
                    progress: Progress | None = None) -> Recognition: ...

    def read_board(self, path: str, rules: RuleSet,
                   progress: Progress | None = None) -> BoardReading:
        """The board in a photo of the tableau played under ``rules``, as it lies."""
        ...

    def take_live_snapshot(self, progress: Progress | None = None) -> Recognition:
        """The newest snapshot ``chickenfoot live --send`` left in the inbox, moved to
        ``taken/``; raises NoSnapshotWaiting when there is none."""
        ...

    def put_back_live_snapshot(self, recognition: Recognition) -> None:
        """The snapshot ``take_live_snapshot`` gave back in the inbox, for the next try:
        the score it was taken for was not saved."""
        ...


# What a shell (or a terminal dropping a file) escapes with a backslash in a path.
_SHELL_ESCAPED = re.compile(r"\\([ !\"#$&'()*,;<=>?\[\\\]^`{|}~])")


def clean_path(text: str) -> str:
    """A path as typed, pasted or dropped on the terminal: quotes, file:// URLs, ~ and
    shell escapes (``My\\ Photos/it\\'s\\ \\(1\\).jpg``) are all accepted."""
    text = text.strip()
    if ("'" in text or '"' in text) and not text.startswith("file://"):
        # as a shell reads it: 'it'\''s.jpg' (a quote inside single quotes) and "a b".jpg
        try:
            words = shlex.split(text)
        except ValueError:  # an apostrophe in a name typed plain: not shell quoting
            words = []
        if len(words) == 1:
            return os.path.expanduser(words[0])
    quoted = len(text) >= 2 and text[0] == text[-1] and text[0] in "'\""
    if quoted:
        text = text[1:-1]
    if text.startswith("file://"):
        text = unquote(urlparse(text).path)
    elif not quoted:
        text = _SHELL_ESCAPED.sub(r"\1", text)
    return os.path.expanduser(text)


def folder_not_photo(path: str) -> str | None:
    """The one line saying ``path`` (cleaned) is a folder, not a photo; None when it is
    not a folder."""
    if not os.path.isdir(path):
        return None
    return f"{clip_name(path)} is a folder, not a photo: give the path of a photo in it"


def _noop(_: str) -> None:
    return None


def _judge_on(reading) -> JudgeTile:
    """Judging any tile of ``reading`` (a vision.board.TableauReading), reading nothing
    again."""
    def judge(tile: Tile, rules: RuleSet) -> TileVerdicts:
        from tui.board_words import refusal_line, ruled_out_line
        from vision.board import NoDispute, judge_tile

        try:
            judged = judge_tile(reading, tile, rules)
        except NoDispute as error:
            raise CannotJudge(refusal_line(error, reading.tiles)) from None
        return TileVerdicts(judged.readings, tuple(
            ruled_out_line(tile, other, chance) for other, chance in judged.ruled_out))

    return judge


class VisionRecognizer:
    """The real reader: ``vision.reader.read_image_file(path, set_max, models_dir=...)``."""

    def __init__(self, models_dir: Path | None = None,
                 inbox: Path | None = None) -> None:
        self._models_dir = models_dir  # None: the reader's own, looked up on first use
        self.inbox = inbox  # None: where ``chickenfoot live --send`` writes

    @property
    def models_dir(self) -> Path:
        if self._models_dir is None:
            from vision.reader import MODELS_DIR  # only now: the app starts without it

            self._models_dir = MODELS_DIR
        return self._models_dir

    def _reader(self, instead: str = TYPE_INSTEAD):
        try:
            import vision.reader as reader
        except ImportError as error:
            raise RecognizerUnavailable(
                "The tile reader is not installed in this copy of chickenfoot "
                f"({type(error).__name__}); {instead}.") from None
        if not glob.glob(str(self.models_dir / "*.onnx")):
            raise RecognizerUnavailable(f"No tile-reading model in {self.models_dir}; "
                                        f"{instead}.")
        return reader

    def _photo_and_reader(self, path: str, progress: Progress, instead: str = TYPE_INSTEAD):
        """The cleaned path of an existing photo, and the reader module to read it with."""
        path = clean_path(path)
        folder = folder_not_photo(path)
        if folder is not None:
            raise FileNotFoundError(folder)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"No photo at {clip_name(path)}")
        progress("Loading the tile reader...")
        return path, self._reader(instead)

    def read_path(self, path: str, set_max: int = 9,
                  progress: Progress | None = None) -> Recognition:
        progress = progress or _noop
        path, reader = self._photo_and_reader(path, progress)
        progress(f"Reading the tiles in {os.path.basename(path)}...")
        try:
            return reader.read_image_file(path, set_max, models_dir=self.models_dir)
        except (FileNotFoundError, RecognizerUnavailable):
            raise
        except Exception as error:  # the reader's own failure, shown to the player
            raise RecognizerUnavailable(f"The reader could not read {clip_name(path)}: "
                                        f"{clip(str(error), 200)}") from None

    def read_camera(self, index: int = 0, set_max: int = 9,
                    progress: Progress | None = None) -> Recognition:
        progress = progress or _noop
        progress(f"Opening camera {index}...")
        try:
            import cv2

            from vision.live import SourceError, open_source
        except ImportError:
            raise CameraUnavailable("OpenCV is not installed, so no camera can be used; "
                                    "open a photo file instead.") from None
        # The live view's frame source: a camera that never answers, or stalls, is given
        # up on within seconds (no retries for one picture) instead of hanging the app.
        try:
            source = open_source(index, backoff_s=())
            try:
                progress("Taking a picture...")
                frame = source.read()
            finally:
                source.close()
        except SourceError as error:
            raise CameraUnavailable(f"Camera {index}: {str(error).rstrip('.?')}? Open a photo "
                                    "file instead, or type the points (F2).") from None
        if frame is None:
            raise CameraUnavailable(f"Camera {index} gave no picture (unplugged?). Open a "
                                    "photo file instead, or type the points (F2).")
        fd, shot = tempfile.mkstemp(prefix="chickenfoot-camera-", suffix=".png")
        os.close(fd)
        cv2.imwrite(shot, frame.image)
        del frame
        try:
            return self.read_path(shot, set_max, progress)
        finally:
            os.unlink(shot)

    def read_board(self, path: str, rules: RuleSet,
                   progress: Progress | None = None) -> BoardReading:
        progress = progress or _noop
        path, reader = self._photo_and_reader(path, progress, "type the board notation instead")
        try:
            from vision.board import PhotoError, read_board_photo

            # the same models as photo reads, loaded once per process
            tiles_reader = reader.shared_reader(self.models_dir)
            progress(f"Reading the tableau in {os.path.basename(path)}...")
            photo = read_board_photo(path, tiles_reader, rules.set_max)
        except PhotoError as error:
            raise RecognizerUnavailable(f"Cannot read the photo: {clip(str(error), 200)}") from None
        except Exception as error:  # the reader's own failure, shown to the player
            raise RecognizerUnavailable(
                f"The reader could not read {clip_name(path)}: {clip(str(error), 200)}"
            ) from None
        reading = photo.reading
        from tui.board_words import note_lines, problem_lines

        problems = tuple(problem_lines(reading))
        if reading.built:
            notes = (*note_lines(reading), *photo.reader_problems)
            return BoardReading(path, reading.board, reading.set_max, problems, notes,
                                len(photo.tiles), _judge_on(reading))
        return BoardReading(path, None, reading.set_max, problems + photo.reader_problems, (),
                            len(photo.tiles))

    def take_live_snapshot(self, progress: Progress | None = None) -> Recognition:
        progress = progress or _noop
        progress("Looking in the live view's inbox...")
        try:
            from vision.live import inbox_dir, inbox_problem, pending_snapshots, take_snapshot
        except ImportError as error:
            raise RecognizerUnavailable(
                "The live view is not installed in this copy of chickenfoot "
                f"({type(error).__name__}); open a photo or type the points (F2).") from None
        inbox = self.inbox if self.inbox is not None else inbox_dir()
        problem = inbox_problem(Path(inbox))
        if problem is not None:
            raise NoSnapshotWaiting(problem[0].upper() + problem[1:] + ".")
        waiting = pending_snapshots(inbox)
        if not waiting:
            raise NoSnapshotWaiting(
                f"No live snapshot waiting in {inbox}. Press Send on the `chickenfoot "
                "live` page (or s in its window, with --send), then try again.")
        newest = waiting[-1]
        progress(f"Taking {newest.name}...")
        try:
            return take_snapshot(newest)
        except (OSError, ValueError) as error:
            raise NoSnapshotWaiting(f"The snapshot {newest.name} cannot be used: "
                                    f"{error}") from None

    def put_back_live_snapshot(self, recognition: Recognition) -> None:
        from vision.live import put_back_snapshot

        put_back_snapshot(recognition.image)


# -- turning a reading into tiles the player can check ----------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class ReadTile:
    """One tile as shown for review: what it is now, how sure the reader was, and the
    tile the reader would have said second (accepting it is one keystroke)."""

    tile: Tile
    confidence: float
    alternative: Tile | None = None
    fixed: bool = False  # changed or added by the player
    confirmed: bool = False  # doubtful as read, and the player said it is right

    @property
    def doubtful(self) -> bool:
        return not (self.fixed or self.confirmed) and self.confidence < DOUBTFUL_BELOW

    @property
    def checked(self) -> bool:
        """The player looked at it: fixed, added or confirmed."""
        return self.fixed or self.confirmed


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
    """The reader's raw result as plain data, to keep beside the confirmed tiles (numpy
    numbers from the reader become plain ones, so it can be written as JSON)."""
    return _plain(dataclasses.asdict(recognition))


def _plain(value):
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(item) for item in value)
    if type(value).__module__ == "numpy" and hasattr(value, "item"):  # np.float32 and kin
        return value.item()
    return value
