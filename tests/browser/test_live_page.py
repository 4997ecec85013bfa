"""`chickenfoot live` as a player sees it in the browser: the page on 127.0.0.1, on the
bundled sample video (4 tiles put down one by one: 12|0 9|2 6|6 5|3, pips 43), and on a
phone-camera stream that stalls and drops, served here over HTTP as MJPEG."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from browsing import ROOT, Served, close_tab, wait_until
from selenium.webdriver.common.by import By

SAMPLE = ROOT / "datasets" / "samples" / "live_demo.avi"


def _text(browser, element_id: str) -> str:
    return browser.find_element(By.ID, element_id).text


def _picture_size(browser) -> tuple[int, int] | None:
    size = browser.execute_script(
        "const v = document.getElementById('view');"
        "return v.complete ? [v.naturalWidth, v.naturalHeight] : null;")
    return tuple(size) if size and size[0] > 0 else None


def _words_seen(browser) -> list[str]:
    return browser.execute_script("return window.__words || []")


WATCH_WORDS = """
window.__words = [];
const word = document.getElementById('word');
new MutationObserver(() => window.__words.push(word.className + ': ' + word.textContent))
  .observe(word, {childList: true, characterData: true, subtree: true, attributes: true});
"""
WATCH_UNSURE = """
window.__unsure = [];
const unsure = document.getElementById('unsure');
const pips = document.getElementById('pips');
new MutationObserver(() => window.__unsure.push([unsure.textContent, pips.textContent]))
  .observe(unsure, {childList: true, characterData: true, subtree: true});
"""


def _snapshots(inbox: Path) -> list[Path]:
    return sorted(inbox.glob("live-*.json"))


def test_a_player_watches_the_sample_video_and_sends_the_hand(browser, tmp_path):
    inbox = tmp_path / "inbox"
    served = Served(["live", "--camera", str(SAMPLE), "--set", "12", "--port", "0"],
                    env={"CHICKENFOOT_INBOX": str(inbox)})
    try:
        assert served.url.startswith("http://127.0.0.1:")
        browser.get(served.url)
        assert browser.title == "chickenfoot live"
        # the camera picture, drawn with the tiles outlined, at the video's own size
        assert wait_until(lambda: _picture_size(browser), 20, "the picture") == (640, 480)
        # the values settle as the video plays (10 fps, 8 s), then stay at its end
        wait_until(lambda: _text(browser, "pips") == "43", 30, "pips 43")
        assert _text(browser, "score") == "43"
        assert _text(browser, "hand").split() == ["12|0", "9|2", "6|6", "5|3"]
        wait_until(lambda: "end of the video" in _text(browser, "word"), 20,
                   "the end of the video said on the page")
        assert wait_until(lambda: _picture_size(browser), 5, "the last picture") == (640, 480)
        assert _snapshots(inbox) == []

        # the button sends the hand to the scorecard's inbox
        browser.find_element(By.ID, "send").click()
        wait_until(lambda: "sent 4 tiles" in _text(browser, "sent"), 10, "the sent message")
        sent = _snapshots(inbox)
        assert len(sent) == 1
        reading = json.loads(sent[0].read_text())
        assert sorted(tuple(t["pips"]) for t in reading["tiles"]) == [
            (5, 3), (6, 6), (9, 2), (12, 0)]
        assert reading["pip_total"] == 43 and reading["score"] == 43
        assert Path(reading["image"]).is_file() and Path(reading["image"]).parent == inbox
        # ... and so does the key s
        browser.find_element(By.TAG_NAME, "body").send_keys("s")
        wait_until(lambda: len(_snapshots(inbox)) == 2, 10, "a second snapshot from the key s")

        # the page closed: the terminal says so and reading goes on; opened again, it shows
        close_tab(browser)
        assert served.wait_for_stderr("the page was closed", 15), served.stderr_text()
        assert served.process.poll() is None
        browser.get(served.url)
        wait_until(lambda: _picture_size(browser), 20, "the picture after reopening")
        wait_until(lambda: _text(browser, "pips") == "43", 10, "pips after reopening")

        # Ctrl+C ends it as every command ends (130, one line, no traceback) ...
        assert served.interrupt() == 130
        assert "chickenfoot: interrupted" in served.stderr_text()
        assert "Traceback" not in served.stderr_text()
        # ... and the page left open says the live view has stopped
        wait_until(lambda: "not answering" in _text(browser, "word"), 10,
                   "the page saying the live view stopped")
        assert browser.find_element(By.ID, "send").get_attribute("disabled") is not None
    finally:
        served.stop()


# -- a phone camera's stream that stalls, then drops -------------------------------------
def _jpeg_frames() -> list[bytes]:
    import cv2

    capture = cv2.VideoCapture(str(SAMPLE))
    frames = []
    while True:
        ok, image = capture.read()
        if not ok:
            break
        frames.append(cv2.imencode(".jpg", image)[1].tobytes())
    capture.release()
    return frames


class _Camera(ThreadingHTTPServer):
    """An MJPEG stream of ``frames`` served here, the way its handler sends them."""

    daemon_threads = True

    def __init__(self, handler: type[BaseHTTPRequestHandler], frames: list[bytes]) -> None:
        super().__init__(("127.0.0.1", 0), handler)
        self.frames = frames
        self.done = threading.Event()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/video"


def _serving(camera: _Camera):
    """The camera serving until the test ends (a fixture's body)."""
    threading.Thread(target=camera.serve_forever, daemon=True).start()
    yield camera
    camera.done.set()
    camera.shutdown()
    camera.server_close()


class PhoneCamera(_Camera):
    """A stream like a phone camera app's. Connection 1: frames, then silence (stalled);
    connection 2: frames, then the connection drops (unplugged); after that: frames until
    the test ends."""

    def __init__(self) -> None:
        super().__init__(_CameraHandler, _jpeg_frames())
        self.connections = 0


class _MJPEGHandler(BaseHTTPRequestHandler):
    def _start(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
        self.end_headers()

    def _send(self, jpeg: bytes) -> None:
        self.wfile.write(b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: "
                         + str(len(jpeg)).encode() + b"\r\n\r\n" + jpeg + b"\r\n")

    def log_message(self, format, *args):  # noqa: A002
        return


class _CameraHandler(_MJPEGHandler):
    server: PhoneCamera

    def do_GET(self) -> None:  # noqa: N802
        self.server.connections += 1
        connection = self.server.connections
        self._start()
        count = 30 if connection <= 2 else 10**6
        try:
            for i in range(count):
                if self.server.done.is_set():
                    return
                self._send(self.server.frames[i % len(self.server.frames)])
                time.sleep(0.1)
            if connection == 1:
                self.server.done.wait(60)  # stalled: the connection open, nothing sent
        except OSError:
            return
        # connection 2 ends here: the socket closes under the reader (unplugged)


@pytest.fixture
def phone_camera():
    yield from _serving(PhoneCamera())


def test_a_stalled_then_dropped_stream_is_said_on_the_page(browser, phone_camera):
    served = Served(["live", "--camera", phone_camera.url, "--port", "0",
                     "--stall-timeout", "2"])
    try:
        browser.get(served.url)
        browser.execute_script(WATCH_WORDS)
        wait_until(lambda: _picture_size(browser), 20, "the stream's picture")
        # connection 1 goes quiet: the page says the stream stalled ...
        wait_until(lambda: any("stalled" in w for w in _words_seen(browser)), 20,
                   "the stall said on the page")
        # connection 2 drops: said too, and the reader keeps going on connection 3
        wait_until(lambda: any("unplugged" in w for w in _words_seen(browser)), 30,
                   "the dropped stream said on the page")
        wait_until(lambda: phone_camera.connections >= 3, 20, "the stream opened again")
        frame = int(browser.execute_script(
            "return fetch('/status.json').then(r => r.json()).then(s => s.frame)"))
        wait_until(lambda: int(browser.execute_script(
            "return fetch('/status.json').then(r => r.json()).then(s => s.frame)")) > frame + 5,
            20, "frames coming again")
        wait_until(lambda: _text(browser, "word") == "", 10, "the word cleared once it is back")
        assert served.process.poll() is None
        assert "stalled" in served.stderr_text() and "unplugged" in served.stderr_text()
        assert served.interrupt() == 130
        assert "Traceback" not in served.stderr_text()
    finally:
        served.stop()


# -- a tile put down before a slow camera ------------------------------------------------
# In the sample video a tile is unsure for one frame (a tenth of a second) before it
# settles, too short for a page that asks every 0.15 s to be sure of seeing it. A camera
# that sends a frame every SLOW_S holds each reading on the page that long.
SLOW_S = 0.8
FIRST_TILE = range(4, 16)  # the sample video's frames around the first tile, 5|3, put down


class SlowCamera(_Camera):
    def __init__(self) -> None:
        frames = _jpeg_frames()
        super().__init__(_SlowHandler, [frames[i] for i in FIRST_TILE])


class _SlowHandler(_MJPEGHandler):
    server: SlowCamera

    def do_GET(self) -> None:  # noqa: N802
        self._start()
        i = 0
        try:
            while not self.server.done.is_set():  # the last frame again once all are sent
                self._send(self.server.frames[min(i, len(self.server.frames) - 1)])
                i += 1
                self.server.done.wait(SLOW_S)
        except OSError:
            return


@pytest.fixture
def slow_camera():
    yield from _serving(SlowCamera())


def test_a_tile_is_marked_unsure_until_it_settles(browser, slow_camera):
    served = Served(["live", "--camera", slow_camera.url, "--set", "12", "--port", "0"])
    try:
        browser.get(served.url)
        browser.execute_script(WATCH_UNSURE)
        # the tile put down is unsure first, said beside the picture with its guess ...
        said = wait_until(lambda: [pips for text, pips in browser.execute_script(
            "return window.__unsure") if "1 tile still unsure, marked ? on the picture "
            "(5?|3?)" in text], 30, "the unsure tile said on the page")
        assert said[0] == "0"  # ... and not counted while unsure
        # ... then it settles: counted, and the doubt is gone from the page
        wait_until(lambda: _text(browser, "pips") == "8", 20, "pips 8 once 5|3 settles")
        assert _text(browser, "hand").split() == ["5|3"]
        assert _text(browser, "unsure") == ""
        assert served.interrupt() == 130
        assert "Traceback" not in served.stderr_text()
    finally:
        served.stop()
