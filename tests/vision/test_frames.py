"""Frame sources: parsing --camera, a missing camera, unplugging, stalls, end of a file.

Cameras are faked with scripted captures; nothing here waits longer than a short stall
timeout, and nothing sleeps through a backoff (the sleep is recorded instead).
"""

from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.live.frames import CAMERA, FILE, STREAM, SourceError, open_source, parse_source

SAMPLE = Path(__file__).resolve().parents[2] / "datasets/samples/live_demo.avi"
STALL = "stall"
FAIL = "fail"


class FakeCapture:
    """Plays a script: arrays are frames, FAIL is a failed read, STALL blocks the read
    until released (as a frozen driver would)."""

    def __init__(self, script, opened=True, release_stall=None):
        self.script = list(script)
        self.opened = opened
        self.release_stall = release_stall or threading.Event()
        self.released = False

    def isOpened(self):  # noqa: N802 - OpenCV's name
        return self.opened

    def read(self):
        if not self.script:
            return False, None
        item = self.script.pop(0)
        if isinstance(item, str) and item == STALL:
            self.release_stall.wait(10)
            return False, None
        if isinstance(item, str) and item == FAIL:
            return False, None
        return True, item

    def set(self, prop, value):
        return True

    def get(self, prop):
        return 0.0

    def release(self):
        self.released = True


class Factory:
    """Hands out the given captures in turn, then closed ones (a camera still gone)."""

    def __init__(self, *captures):
        self.captures = list(captures)
        self.targets = []

    def __call__(self, target):
        self.targets.append(target)
        return self.captures.pop(0) if self.captures else FakeCapture([], opened=False)


def _img(value):
    return np.full((4, 6, 3), value, np.uint8)


@pytest.fixture
def release():
    event = threading.Event()
    yield event
    event.set()  # free any worker still blocked in a stalled read


def test_parse_source_kinds(tmp_path):
    assert parse_source("0") == parse_source(0)
    assert parse_source("2").kind == CAMERA and parse_source("2").target == 2
    assert parse_source("http://192.168.1.20:8080/video").kind == STREAM
    video = tmp_path / "clip.avi"
    video.write_bytes(b"x")
    assert parse_source(str(video)).kind == FILE
    with pytest.raises(SourceError, match="no video file at nothing.avi"):
        parse_source("nothing.avi")
    with pytest.raises(SourceError, match="is a folder"):
        parse_source(str(tmp_path))


def test_a_photo_given_as_the_camera_points_to_read(tmp_path):
    # OpenCV plays a photo as a video of one frame: no tile settles, so "0 tiles" was all
    # a player saw of a photo that read finds 6 tiles in
    photo = Path(__file__).resolve().parents[2] / "datasets/samples/hand-double12.jpg"
    with pytest.raises(SourceError, match="is a photo, not a video: chickenfoot read reads it"):
        parse_source(str(photo))
    named_avi = tmp_path / "clip.avi"
    named_avi.write_bytes(photo.read_bytes())
    with pytest.raises(SourceError, match="is a photo"):
        parse_source(str(named_avi))


def test_a_device_or_pipe_is_named_for_what_it_is(tmp_path):
    with pytest.raises(SourceError, match="/dev/zero is a device, not a video file or a camera"):
        parse_source("/dev/zero")
    fifo = tmp_path / "feed"
    os.mkfifo(fifo)
    with pytest.raises(SourceError, match=r"is a named pipe \(FIFO\), not a video file"):
        parse_source(str(fifo))


def test_a_missing_camera_is_one_clear_error_at_once():
    messages = []
    sleeps = []
    with pytest.raises(SourceError) as caught:
        open_source("0", open_capture=Factory(FakeCapture([], opened=False)),
                    on_message=messages.append, sleep=sleeps.append)
    assert str(caught.value).startswith("no camera at index 0")
    assert "\n" not in str(caught.value) and sleeps == [] and messages == []


def test_a_stream_that_does_not_open_names_the_address():
    with pytest.raises(SourceError, match="cannot open stream rtsp://cam/live"):
        open_source("rtsp://cam/live", open_capture=Factory(FakeCapture([], opened=False)))


def test_a_backend_that_raises_on_open_is_a_clear_error():
    def broken(_target):
        raise RuntimeError("backend exploded\nwith details")

    with pytest.raises(SourceError, match=r"no camera at index 1 \(backend exploded\)"):
        open_source("1", open_capture=broken)


def test_unplugged_mid_stream_retries_with_backoff_then_gives_up():
    messages, sleeps = [], []
    factory = Factory(FakeCapture([_img(1), _img(2), FAIL]))
    source = open_source("0", open_capture=factory, on_message=messages.append,
                         sleep=sleeps.append, backoff_s=(0.5, 1.0, 2.0), stall_s=1.0)
    frame = source.read()  # a camera hands out its newest frame; older ones are dropped
    assert frame.index == 0 and int(frame.image[0, 0, 0]) in (1, 2)
    with pytest.raises(SourceError, match="camera 0 lost: unplugged or stopped sending; "
                                          "gave up after 3 retries"):
        source.read()
    assert sleeps == [0.5, 1.0, 2.0]
    assert messages == [f"camera 0 unplugged or stopped sending: retrying ({k}/3)"
                        for k in (1, 2, 3)]
    assert factory.targets == [0, 0, 0, 0]
    source.close()


def test_a_camera_plugged_back_in_carries_on():
    messages, sleeps = [], []
    factory = Factory(FakeCapture([_img(1), FAIL]), FakeCapture([], opened=False),
                      FakeCapture([_img(7), _img(8)]))
    source = open_source("0", open_capture=factory, on_message=messages.append,
                         sleep=sleeps.append)
    assert int(source.read().image[0, 0, 0]) == 1
    frame = source.read()
    assert int(frame.image[0, 0, 0]) in (7, 8) and frame.index == 1
    assert len(messages) == 2 and sleeps == [0.5, 1.0]
    source.close()


def test_a_camera_that_gives_another_size_says_so_once_not_at_every_reconnect():
    # a stream that stalled and came back said "gives 416x416, not ..." at every reconnect
    class Sized(FakeCapture):
        def get(self, prop):
            return {cv2.CAP_PROP_FRAME_WIDTH: 6.0, cv2.CAP_PROP_FRAME_HEIGHT: 4.0}.get(prop, 0.0)

    messages = []
    factory = Factory(Sized([_img(1), FAIL]), Sized([_img(2), FAIL]), Sized([_img(3)]))
    source = open_source("0", (1280, 720), open_capture=factory, on_message=messages.append,
                         sleep=lambda _s: None)
    assert [int(source.read().image[0, 0, 0]) for _ in range(3)] == [1, 2, 3]
    assert [m for m in messages if "asked for" in m] == ["camera 0 gives 6x4, not the 1280x720 "
                                                         "asked for"]
    assert len([m for m in messages if "retrying" in m]) == 2
    source.close()


def test_a_stalled_stream_never_hangs(release):
    messages, sleeps = [], []
    stalled = FakeCapture([_img(1), STALL], release_stall=release)
    factory = Factory(stalled, FakeCapture([STALL], release_stall=release))
    source = open_source("http://phone/video", open_capture=factory,
                         on_message=messages.append, sleep=sleeps.append, stall_s=0.15,
                         backoff_s=(0.1,))
    assert source.read() is not None
    started = time.monotonic()
    with pytest.raises(SourceError, match=r"stalled \(no frame for 0.15 s\); gave up after 1"):
        source.read()
    assert time.monotonic() - started < 2.0
    assert messages == ["stream http://phone/video stalled (no frame for 0.15 s): retrying "
                        "(1/1)"]
    source.close()


def test_a_capture_that_never_opens_is_bounded(release):
    def slow(_target):
        release.wait(10)
        return FakeCapture([])

    started = time.monotonic()
    with pytest.raises(SourceError, match="did not open within 0.2 s"):
        open_source("3", open_capture=slow, open_s=0.2)
    assert time.monotonic() - started < 2.0


def test_a_video_file_plays_every_frame_then_ends():
    messages = []
    source = open_source(str(SAMPLE), (1280, 720), on_message=messages.append)
    assert messages == []  # a file plays at its own size; nothing was asked of it
    assert not source.live and source.fps == pytest.approx(10.0)
    frames = []
    while (frame := source.read()) is not None:
        frames.append(frame)
    assert len(frames) == 80
    assert [f.index for f in frames] == list(range(80))
    assert frames[10].time_s == pytest.approx(1.0)
    assert frames[0].image.shape == (480, 640, 3)
    assert source.read() is None
    source.close()


def test_a_file_that_is_not_a_video(tmp_path):
    bogus = tmp_path / "notes.avi"
    bogus.write_text("not a video")
    with pytest.raises(SourceError, match="cannot open video file"):
        open_source(str(bogus))


def test_a_file_that_opens_but_has_no_frames_is_an_error_at_once(tmp_path):
    notes = tmp_path / "notes.jpg"
    notes.write_text("shopping list")
    with pytest.raises(SourceError, match="notes.jpg has no video frames"):
        open_source(str(notes), open_capture=Factory(FakeCapture([])))
    either = r"notes\.jpg has no video frames|cannot open video file .*notes\.jpg"
    with pytest.raises(SourceError, match=either):
        open_source(str(notes))  # whatever OpenCV makes of it, one clear error


def test_a_missing_camera_index_prints_no_opencv_warnings(capfd):
    with pytest.raises(SourceError, match="no camera at index 99"):
        open_source("99", open_s=5.0)
    assert "WARN" not in capfd.readouterr().err


def test_a_web_page_given_for_a_stream_is_said_to_be_a_page(tmp_path):
    # "cannot open stream http://...: check the address and network" for a camera app's
    # page given instead of its video, as for a typo or a server that is not there
    import functools
    import http.server

    (tmp_path / "index.html").write_text("<html><body>camera app</body></html>")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        for path, said in (("/", "it answers with a page (text/html), not a video"),
                           ("/cam.mjpg", "the server there answers 404")):
            with pytest.raises(SourceError, match=re.escape(said)):
                open_source(url + path, open_capture=Factory(FakeCapture([], opened=False)))
    finally:
        server.shutdown()
        server.server_close()


def test_a_stream_address_where_nothing_listens_asks_for_the_camera_app():
    with pytest.raises(SourceError, match="nothing answers there"):
        open_source("http://127.0.0.1:9/video",
                    open_capture=Factory(FakeCapture([], opened=False)))
