"""The loop behind the live page: a camera lost mid-game is said on the page and opened
again once it is back; a video's end leaves the last reading to send."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tui.web.live_board import LiveBoard
from tui.web.live_loop import REOPEN_S, PageLoop
from vision.live import Frame, LiveSession, SourceError
from vision.synth.live_video import TruthReader, load_truth

SAMPLE = Path(__file__).resolve().parents[2] / "datasets/samples/live_demo.avi"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.01)


class Camera:
    name, live, fps = "camera 0", True, None

    def __init__(self, frames: int, first: int = 0) -> None:
        self.left, self.index = frames, first

    def read(self):
        if self.left == 0:
            raise SourceError("camera 0 lost: unplugged or stopped sending; gave up after 5 "
                              "retries")
        self.left -= 1
        self.index += 1
        return Frame(np.zeros((480, 640, 3), np.uint8), self.index - 1, float(self.index))

    def close(self) -> None:
        pass


def test_a_camera_lost_mid_game_is_said_and_opened_again_when_back():
    clock = Clock()
    board = LiveBoard("camera 0", stall_s=3.0, clock=clock)
    words: list[tuple[str, str]] = []
    say = board.say
    board.say = lambda state, word: (words.append((state, word)), say(state, word))
    tries = []

    def reopen():
        tries.append(clock())
        if len(tries) == 1:
            raise SourceError("no camera at index 0: is it plugged in and free?")
        return Camera(3, first=3)

    errors: list[str] = []
    session = LiveSession(Camera(3), TruthReader(load_truth(SAMPLE)), set_max=12)
    loop = PageLoop(session, board, doubt_below=0.6, url="http://127.0.0.1:1/",
                    max_frames=6, reopen=reopen, err=errors.append, clock=clock,
                    sleep=clock.sleep)
    assert loop.run() == 0
    assert session.frames == 6
    assert words[0] == ("lost", "camera 0 lost: unplugged or stopped sending; gave up after 5 "
                                "retries. Plug it back in: trying again every 5 s.")
    assert words[1] == ("lost", "no camera at index 0: is it plugged in and free? Trying "
                                "again every 5 s.")
    assert words[2] == ("retrying", "camera 0 is back: reading again")
    assert tries[1] - tries[0] >= REOPEN_S
    assert board.status()["state"] == "running" and board.status()["frame"] == 5
    assert errors == ["chickenfoot live: camera 0 lost: unplugged or stopped sending; gave up "
                      "after 5 retries", "chickenfoot live: camera 0 is back"]
    assert board.picture()[1][:2] == b"\xff\xd8"  # a JPEG of the last frame


def test_a_lost_video_file_is_not_opened_again():
    class Cut(Camera):
        name, live, fps = "video cut.avi", False, 10.0

    clock = Clock()
    board = LiveBoard("video cut.avi", stall_s=3.0, clock=clock)
    session = LiveSession(Cut(2), TruthReader(load_truth(SAMPLE)), set_max=12)
    loop = PageLoop(session, board, doubt_below=0.6, url="u", reopen=None,
                    err=lambda _: None, clock=clock, sleep=clock.sleep)
    loop._step(), loop._step()
    ended, lost = loop._step()
    assert (ended, lost) == (True, False)
    status = board.status()
    assert status["state"] == "lost" and status["word"].endswith(
        "The last picture stays; Ctrl+C to quit.")
    assert status["frame"] == 1  # the last reading stays, to send
    assert board.send(lambda *_: "sent") == (True, "sent")
