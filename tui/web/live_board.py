"""What the live loop posts and the page reads: the newest picture (JPEG), the reading in
view and a word on what the source is doing, behind one lock.

The loop (main thread) owns the ``LiveSession``; the page server (its own threads) never
touches it. After each frame the loop posts plain data here, including what a snapshot
needs (the frame and its reading), so the page's Send button writes the snapshot at once,
even while the loop is waiting on a stalled camera.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# states of the source, as the page shows them
STARTING, RUNNING, RETRYING, ENDED, LOST = "starting", "running", "retrying", "ended", "lost"

WATCHED_S = 3.0  # a page that asked for the status this recently is being watched


@dataclass
class Posted:
    """One frame's worth of what the page shows, as plain data."""

    frame: int = -1
    time_s: float = 0.0
    fps: float = 0.0
    tiles: list[dict[str, Any]] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    pips: int = 0
    score: int = 0
    unsure: int = 0
    problems: list[str] = field(default_factory=list)


class LiveBoard:
    """Shared by the loop and the page server; every method takes the lock."""

    def __init__(self, source_name: str, stall_s: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._clock = clock
        self.source_name = source_name
        self.stall_s = stall_s
        self._jpeg: bytes | None = None
        self._jpeg_seq = 0
        self._posted = Posted()
        self._frame_at: float | None = None
        self._state = STARTING
        self._word = f"opening {source_name}..."
        self._material: tuple[Any, Any, Any] | None = None  # image, recognition, rules
        self._last_sent = ""
        self._last_seen: float | None = None
        self._sends = 0

    # -- the loop's side ------------------------------------------------------------------
    def post(self, posted: Posted, material: tuple[Any, Any, Any]) -> None:
        with self._lock:
            self._posted = posted
            self._material = material
            self._frame_at = self._clock()
            if self._state in (STARTING, RETRYING):
                self._state, self._word = RUNNING, ""

    def post_picture(self, jpeg: bytes) -> None:
        with self._lock:
            self._jpeg = jpeg
            self._jpeg_seq += 1

    def say(self, state: str, word: str) -> None:
        with self._lock:
            self._state, self._word = state, word

    def watched(self) -> bool:
        """Whether a page asked for the status lately (pictures are drawn only then)."""
        with self._lock:
            return (self._last_seen is not None
                    and self._clock() - self._last_seen < WATCHED_S)

    def last_seen(self) -> float | None:
        with self._lock:
            return self._last_seen

    # -- the page's side ------------------------------------------------------------------
    def picture(self) -> tuple[int, bytes | None]:
        with self._lock:
            return self._jpeg_seq, self._jpeg

    def status(self) -> dict[str, Any]:
        """What the page shows, as JSON data. A source giving no frame for longer than
        its stall time is said to be stalled here, before the source itself gives up."""
        with self._lock:
            now = self._clock()
            self._last_seen = now
            posted = self._posted
            age = None if self._frame_at is None else round(now - self._frame_at, 2)
            state, word = self._state, self._word
            if state == RUNNING and age is not None and age > self.stall_s:
                state = "stalled"
                word = (f"{self.source_name} stalled: no picture for {age:.0f} s "
                        "(is the camera still plugged in?)")
            return {
                "source": self.source_name, "state": state, "word": word,
                "frame": posted.frame, "time_s": round(posted.time_s, 2),
                "fps": round(posted.fps, 1), "frame_age_s": age,
                "picture": self._jpeg_seq, "tiles": posted.tiles, "hand": posted.hand,
                "pips": posted.pips, "score": posted.score, "unsure": posted.unsure,
                "problems": posted.problems, "sent": self._last_sent, "sends": self._sends,
            }

    def send(self, write: Callable[[Any, Any, Any], str]) -> tuple[bool, str]:
        """Write the newest view with ``write(image, recognition, rules)`` (which returns
        what to tell the player, or raises OSError)."""
        with self._lock:
            material = self._material
        if material is None:
            return False, "nothing to send yet: no picture from the camera so far"
        try:
            message = write(*material)
        except OSError as error:
            message = f"not sent: {error}"
            ok = False
        else:
            ok = True
        with self._lock:
            self._last_sent = message
            self._sends += ok
        return ok, message
