"""The loop behind the live page: read a frame, post what it shows to the ``LiveBoard``,
draw the picture when a page is watching, and keep going whatever the source does.

- A video file plays at its own pace, so the player sees it as filmed; at its end the last
  picture stays on the page (it can still be sent) until Ctrl+C.
- A camera or stream that stops is retried by the source itself (``vision.live``), each
  try said on the page and the terminal; once the source gives up, the loop says so and
  opens it again every ``REOPEN_S`` (the player plugs the camera back in).
- A page that stops asking (the tab was closed) is noted on the terminal once; the loop
  runs on, and a page opened again picks up where it is.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from tui.web.live_board import ENDED, LOST, RETRYING, LiveBoard, Posted

REOPEN_S = 5.0
CLOSED_S = 6.0  # no status asked for this long: the page was closed
MAX_PICTURE_FPS = 20.0
JPEG_QUALITY = 80


def posted_from(session: Any, doubt_below: float) -> Posted:
    """The session's view as plain data for the page."""
    summary = session.summary()
    tiles = []
    for tile in session.tiles:
        if not all(h.pips is not None for h in tile.halves):
            continue
        guess = [int(h.pips) for h in tile.halves]
        tiles.append({
            "values": list(tile.values) if tile.values is not None else None,
            "guess": guess,
            "settled": bool(tile.settled),
            "unsure": bool(tile.unsure),
            "confidence": round(float(min(h.confidence for h in tile.halves)), 3),
            "doubtful_halves": [bool(not h.settled or h.confidence < doubt_below)
                                for h in tile.halves],
        })
    frame = session.frame
    return Posted(frame=frame.index, time_s=float(frame.time_s), fps=float(session.fps),
                  tiles=tiles, hand=[f"{t.high}|{t.low}" for t in summary.tiles],
                  pips=summary.pip_total, score=summary.score, unsure=summary.unsure,
                  problems=list(session.problems))


def encode_picture(session: Any, doubt_below: float) -> bytes:
    import cv2

    from vision.live import draw_view

    canvas = draw_view(session.frame.image, session, True, "", doubt_below)
    ok, data = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise OSError("the picture could not be encoded as JPEG")
    return data.tobytes()


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


class PageLoop:
    """Drives ``session`` for the page until ``max_frames`` (exit 0), Ctrl+C, or
    ``stop`` set by whoever runs it in a thread (exit 130)."""

    def __init__(self, session: Any, board: LiveBoard, *, doubt_below: float,
                 url: str, max_frames: int | None = None,
                 reopen: Callable[[], Any] | None = None,
                 err: Callable[[str], None] = print,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep,
                 wait_for_page_s: float = 0.0) -> None:
        self.session = session
        self.wait_for_page_s = wait_for_page_s
        self.board = board
        self.doubt_below = doubt_below
        self.url = url
        self.max_frames = max_frames
        self.reopen = reopen
        self.err = err
        self.clock = clock
        self.sleep = sleep
        self._drawn_frame = -1
        self._drawn_at = -1e9
        self._watching = False
        self.stop = threading.Event()

    def run(self) -> int:
        ended, lost, retry_at = False, False, 0.0
        # A video plays for someone watching: it starts when the page first opens (or
        # after ``wait_for_page_s`` with nobody there), not while the browser starts
        until = self.clock() + self.wait_for_page_s
        while (self.board.last_seen() is None and self.clock() < until
               and not self.stop.is_set()):
            self.sleep(0.05)
        while not self.stop.is_set():
            began = self.clock()
            if not ended:
                ended, lost = self._step()
                if lost:
                    retry_at = self.clock() + REOPEN_S
                if (self.max_frames is not None and self.session.frames >= self.max_frames):
                    self._draw(force=True)
                    return 0
            self._draw(force=ended)
            self._note_page()
            if lost and self.reopen is not None and self.clock() >= retry_at:
                if self._reopen():
                    ended, lost = False, False
                else:
                    retry_at = self.clock() + REOPEN_S
            self.sleep(self._pause(began, ended))
        return 130

    def _step(self) -> tuple[bool, bool]:
        """One frame; returns (ended, lost)."""
        from vision.live import SourceError

        try:
            more = self.session.step()
        except SourceError as error:
            self.err(f"chickenfoot live: {error}")
            again = self.reopen is not None and self.session.source.live
            word = _sentence(str(error)) + (
                f" Plug it back in: trying again every {REOPEN_S:g} s." if again
                else " The last picture stays; Ctrl+C to quit.")
            self.board.say(LOST, word)
            return True, again
        if not more:
            self.board.say(ENDED, "end of the video: the last picture stays (you can still "
                                  "send it); Ctrl+C to quit")
            self.err("chickenfoot live: end of the video; the page stays open (Ctrl+C to "
                     "quit)")
            return True, False
        session = self.session
        self.board.post(posted_from(session, self.doubt_below),
                        (session.frame.image, session.recognition(), session.rules))
        return False, False

    def _draw(self, force: bool) -> None:
        frame = self.session.frame
        if frame is None or frame.index == self._drawn_frame:
            return
        now = self.clock()
        first = self._drawn_frame < 0
        if not (first or force or self.board.watched()):
            return
        if not (first or force) and now - self._drawn_at < 1.0 / MAX_PICTURE_FPS:
            return
        try:
            self.board.post_picture(encode_picture(self.session, self.doubt_below))
        except OSError as error:
            self.board.say(LOST, str(error))
        self._drawn_frame, self._drawn_at = frame.index, now

    def _note_page(self) -> None:
        seen = self.board.last_seen()
        if seen is None:
            return
        recent = self.clock() - seen < CLOSED_S
        if recent and not self._watching:
            self._watching = True
        elif not recent and self._watching:
            self._watching = False
            self.err(f"chickenfoot live: the page was closed; reading goes on (open "
                     f"{self.url} to watch again)")

    def _reopen(self) -> bool:
        from vision.live import SourceError

        try:
            source = self.reopen()  # type: ignore[misc]
        except SourceError as error:
            self.board.say(LOST, f"{_sentence(str(error))} Trying again every {REOPEN_S:g} s.")
            return False
        try:
            self.session.source.close()
        except Exception:  # noqa: BLE001 - the old source is gone already
            pass
        self.session.source = source
        self.board.say(RETRYING, f"{source.name} is back: reading again")
        self.err(f"chickenfoot live: {source.name} is back")
        return True

    def _pause(self, began: float, ended: bool) -> float:
        if ended:
            return 0.1
        source = self.session.source
        if source.live or not source.fps:
            return 0.0
        return max(0.0, 1.0 / source.fps - (self.clock() - began))
