"""A fake tile reader with a fixed answer, for the app tests."""

from __future__ import annotations

import threading
from pathlib import Path

from tui.recognizer import CameraUnavailable
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


class FakeRecognizer:
    """Answers every photo with ``answer``; the camera can be made to fail."""

    def __init__(self, answer: Recognition = HAND, camera_ok: bool = True) -> None:
        self.answer = answer
        self.camera_ok = camera_ok
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
