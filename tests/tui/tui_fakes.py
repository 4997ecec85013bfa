"""A fake tile reader with fixed answers (a hand, a tableau, the live view's inbox), and a
database file from a newer chickenfoot, for the app tests."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from scorer.dispute import judge_dispute
from scorer.notation import parse_board
from scorer.tiles import Tile
from tui.recognizer import (
    BoardReading,
    CameraUnavailable,
    NoSnapshotWaiting,
    RecognizerUnavailable,
    TileVerdicts,
)
from vision.types import HalfReading, Recognition, TileReading


def reading(a: int, b: int, confidence: float = 0.97, runner_up: int | None = None,
            half_confidence: float | None = None) -> TileReading:
    corners = ((0.0, 0.0), (10.0, 0.0), (10.0, 20.0), (0.0, 20.0))
    first = HalfReading((5.0, 5.0), a, confidence)
    second = HalfReading((5.0, 15.0), b, half_confidence or confidence, runner_up,
                         0.3 if runner_up is not None else 0.0)
    return TileReading(corners, (first, second), confidence)


# 6-5 (sure), 0-0 (sure), 4-2 read with doubt: its second half may be a 3.
HAND = Recognition(
    image="hand.jpg", width=640, height=480,
    tiles=(reading(6, 5), reading(0, 0), reading(4, 2, 0.55, runner_up=3)),
    problems=("one tile is partly outside the photo",),
)

JUDGED: list[Tile] = []  # tiles judged on the fake tableau's reading, in order


def _judge_on_fake_tableau(tile: Tile, rules):
    """As the real reading judges: on the board read, without reading the photo again."""
    JUDGED.append(tile)
    return TileVerdicts(((judge_dispute(_TABLEAU_BOARD, tile, rules), 0.99),))


# A tableau: the spinner with two arms, and 1-5 on the 1 of 9-1, played before the
# spinner had its four arms; the board noticed a half it corrected.
_TABLEAU_BOARD = parse_board("9-9 9-1@9-9 9-2@9-9 1-5@9-1")
TABLEAU = BoardReading(
    image="tableau.jpg", board=_TABLEAU_BOARD, set_max=9,
    notes=("read 9-2 at (120, 80) as 9-2: 8 does not fit the board, 9 does",),
    tiles_read=4, judge=_judge_on_fake_tableau)

NO_BOARD = BoardReading(
    image="tableau.jpg", board=None, set_max=9,
    problems=("2 tiles touch no other tile (3-4, 5-5)", "no spinner (a double) was found"),
    tiles_read=2)

# Sent by the live view: 3-3 sure, 5-1 doubtful (its 1 may be a 2).
LIVE = Recognition(image="/inbox/taken/live-20260314-201500-123.png", width=1280,
                   height=720, tiles=(reading(3, 3), reading(5, 1, 0.45, runner_up=2)),
                   problems=())


class FakeRecognizer:
    """Answers every photo with ``answer`` (a tableau photo with ``board``); the camera
    can be made to fail, the model to be missing; ``snapshots`` is the live view's inbox,
    oldest first."""

    def __init__(self, answer: Recognition = HAND, camera_ok: bool = True,
                 board: BoardReading = TABLEAU, model_ok: bool = True,
                 snapshots: list[Recognition] | None = None) -> None:
        self.answer = answer
        self.camera_ok = camera_ok
        self.board = board
        self.model_ok = model_ok
        self.snapshots = list(snapshots or [])
        self.calls: list[tuple[str, object]] = []
        self.thread_names: list[str] = []

    def read_path(self, path, set_max=9, progress=None):
        self.calls.append(("path", path))
        self.thread_names.append(threading.current_thread().name)
        if progress:
            progress("Reading the tiles...")
        if not Path(path).exists():
            raise FileNotFoundError(f"No photo at {path}")
        return self.answer

    def read_camera(self, index=0, set_max=9, progress=None):
        self.calls.append(("camera", index))
        if not self.camera_ok:
            raise CameraUnavailable(f"Camera {index} stopped answering (unplugged?).")
        if progress:
            progress("Taking a picture...")
        return self.answer

    def read_board(self, path, rules, progress=None):
        self.calls.append(("board", path, rules.set_max))
        self.thread_names.append(threading.current_thread().name)
        if progress:
            progress("Reading the tableau...")
        if not Path(path).exists():
            raise FileNotFoundError(f"No photo at {path}")
        if not self.model_ok:
            raise RecognizerUnavailable("No tile-reading model in models/; type the board "
                                        "notation instead.")
        return self.board

    def take_live_snapshot(self, progress=None):
        self.calls.append(("live", len(self.snapshots)))
        self.thread_names.append(threading.current_thread().name)
        if not self.snapshots:
            raise NoSnapshotWaiting("No live snapshot waiting in /inbox. Press Send on the "
                                    "`chickenfoot live` page (or s in its window, with "
                                    "--send), then try again.")
        return self.snapshots.pop()

    def put_back_live_snapshot(self, recognition):
        self.calls.append(("put back", recognition.image))
        self.snapshots.append(recognition)


def newer_version_database(path: Path) -> Path:
    """A database file whose schema version (99) this chickenfoot does not know."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE schema_version (version INTEGER)")
    conn.execute("INSERT INTO schema_version VALUES (99)")
    conn.commit()
    conn.close()
    return path
