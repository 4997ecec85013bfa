"""The live page's board: what the page is told when frames stop, and a Send with
nothing to send."""

from __future__ import annotations

from tui.web.live_board import ENDED, LiveBoard, Posted


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_no_frame_for_longer_than_the_stall_time_is_said_stalled():
    clock = Clock()
    board = LiveBoard("camera 0", stall_s=3.0, clock=clock)
    assert board.status()["state"] == "starting"
    board.post(Posted(frame=5, pips=12, score=12, hand=["6|6"]), (None, None, None))
    assert board.status()["state"] == "running" and board.status()["word"] == ""
    clock.now += 4.0
    status = board.status()
    assert status["state"] == "stalled" and "no picture for 4 s" in status["word"]
    assert status["pips"] == 12 and status["hand"] == ["6|6"]  # the last reading stays


def test_the_end_is_not_a_stall():
    clock = Clock()
    board = LiveBoard("video a.avi", stall_s=1.0, clock=clock)
    board.post(Posted(frame=79), (None, None, None))
    board.say(ENDED, "end of the video")
    clock.now += 60
    assert board.status()["state"] == ENDED


def test_send_before_any_frame_says_why_not():
    board = LiveBoard("camera 0", stall_s=3.0)
    ok, message = board.send(lambda *_: "sent")
    assert not ok and message.startswith("nothing to send yet")


def test_a_failed_write_is_said_not_raised():
    board = LiveBoard("camera 0", stall_s=3.0)
    board.post(Posted(frame=1), ("image", "reading", "rules"))

    def full_disk(*_):
        raise OSError("no space left on device")

    assert board.send(full_disk) == (False, "not sent: no space left on device")
    assert board.send(lambda *m: f"sent {m}") == (True, "sent ('image', 'reading', 'rules')")
    assert board.status()["sends"] == 1
