"""Live frame sources: a camera by index, a network stream (a phone camera app) or a video
file, read so that a stalled or unplugged source never hangs the caller.

``open_source(spec, ...)`` returns a ``CaptureSource``; ``source.read()`` gives the next
``Frame``, ``None`` at the end of a video file, or raises ``SourceError`` (one line) when
the source is gone for good. Every ``FrameSource`` (the protocol) works the same way, so
tests drive the live loop with scripted fakes.

How it keeps going:

- Reads run in a worker thread that owns the OpenCV capture (open, read, release), and the
  caller waits on a queue with a deadline: a read that blocks (a stalled stream, a camera
  driver that stops answering) costs at most ``stall_s``, never a hang.
- A camera or stream that fails mid-way (read fails, or nothing comes for ``stall_s``) is
  reopened after a pause that doubles each time (``backoff_s``); every try is announced
  through ``on_message`` ("camera 0 unplugged: retrying (2/5)"). After the last try the
  source raises ``SourceError``. A frame that arrives resets the count.
- Opening is checked up front: "no camera at index 0", "cannot open stream ...", "no video
  file at ...". A camera that is missing at the start is an error at once, not a retry.
- Cameras and streams hand out the newest frame (older ones are dropped, so the picture
  stays current even when reading is slower than the camera); a video file hands out every
  frame in order, and its end is ``None``. A file that ends well before the frame count in
  its header (a copy cut short) raises ``SourceError`` saying so instead ("ended early:
  16 of 80 frames"); one that ends a few frames short (frames whose data is damaged
  are skipped by the decoder) says how many could not be read, and ends as usual.
- A file or stream name that is not valid UTF-8 is refused in one line: OpenCV's video
  functions crash on one.
- While a file opens (up to its first frame), what OpenCV's own AVI parser prints on
  descriptor 2 is captured and dropped (``vision.native_log``); the error is ours.
"""

from __future__ import annotations

import contextlib
import os
import queue
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from scorer.messages import clip_name, os_reason
from vision.camera_index import camera_index_problem
from vision.file_kind import special_kind
from vision.image import sniff_format
from vision.live.stream_probe import stream_answer
from vision.native_log import captured_stderr

CAMERA, STREAM, FILE = "camera", "stream", "file"
DEFAULT_STALL_S = 3.0
DEFAULT_OPEN_S = 10.0
DEFAULT_BACKOFF_S = (0.5, 1.0, 2.0, 4.0, 8.0)


class SourceError(Exception):
    """The source cannot give frames (missing, or lost after retrying); one line."""


@dataclass(frozen=True)
class Frame:
    """One picture: BGR pixels, its number from the source (0-based), and its time in
    seconds (video time for a file, time since opening for a camera or stream)."""

    image: np.ndarray
    index: int
    time_s: float


class FrameSource(Protocol):
    """What the live loop reads from."""

    name: str  # for messages: "camera 0", "video demo.avi"
    live: bool  # a camera or stream (True) or a file played back (False)
    fps: float | None  # frames per second of a file; None when unknown

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...


class Capture(Protocol):
    """The part of ``cv2.VideoCapture`` used here (fakes implement it in tests)."""

    def isOpened(self) -> bool: ...  # noqa: N802 - OpenCV's name

    def read(self) -> tuple[bool, Any]: ...

    def set(self, prop: int, value: float) -> bool: ...

    def get(self, prop: int) -> float: ...

    def release(self) -> None: ...


@dataclass(frozen=True)
class SourceSpec:
    """What ``--camera`` named: a camera index, a stream URL or a video file path."""

    kind: str
    target: int | str

    @property
    def name(self) -> str:
        if self.kind == CAMERA:
            return f"camera {self.target}"
        if self.kind == STREAM:
            return f"stream {self.target}"
        return f"video {os.path.basename(str(self.target))}"


EARLY_END_SLACK = 0.02  # a header's frame count may be an estimate: allow 2% (and 1 frame)


def ended_early(frames_read: int, frame_count: int | None) -> bool:
    """Whether a file that gave ``frames_read`` frames ended well before its header's
    ``frame_count`` (None or 0: unknown, never early)."""
    if not frame_count:
        return False
    return frames_read < frame_count * (1 - EARLY_END_SLACK) - 1


def _check_encodable(raw: str) -> None:
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise SourceError(f"{os.fsencode(raw).decode('ascii', 'backslashreplace')}: the name is "
                          "not valid UTF-8, which the video decoder cannot open; rename the "
                          "file (plain letters and digits)") from None


def _special_file(path: str) -> str | None:
    """What a path that exists but is no regular file is, in words ("camera" for a
    ``/dev/videoN``; None: nothing there, or a regular file)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    name = os.path.basename(path)
    if stat.S_ISCHR(mode) and name.startswith("video") and name[len("video"):].isdigit():
        return "camera"
    return special_kind(mode)


def parse_source(text: str | int) -> SourceSpec:
    """``0`` -> camera 0; ``rtsp://...``/``http://...`` -> stream; anything else a video
    file, which must exist."""
    raw = str(text).strip()
    numeral = raw[1:] if raw.startswith("-") else raw
    if raw.isascii() and numeral.isdigit() and not os.path.exists(raw):
        problem = camera_index_problem(int(raw))
        if problem is not None:
            raise SourceError(f"camera {clip_name(raw)}: {problem}")
        return SourceSpec(CAMERA, int(raw))
    _check_encodable(raw)
    if "://" in raw:
        return SourceSpec(STREAM, raw)
    path = os.path.expanduser(raw)
    shown = clip_name(raw)
    if not os.path.isfile(path):
        if os.path.isdir(path):
            raise SourceError(f"{shown} is a folder, not a video file")
        kind = _special_file(path)
        if kind == "camera":  # /dev/videoN: the camera OpenCV knows as index N
            return SourceSpec(CAMERA, int(os.path.basename(path)[len("video"):]))
        if kind is not None:
            raise SourceError(f"{shown} is {kind}, not a video file or a camera (give a "
                              "camera index, a stream URL or a video file)")
        try:  # not there, or there but not to be reached (a loop of links, no permission)
            os.stat(path)
        except FileNotFoundError:
            pass
        except OSError as error:
            raise SourceError(f"cannot open {shown}: {os_reason(error)}") from None
        raise SourceError(f"no video file at {shown} (give a camera index, a stream URL or a "
                          "video file)")
    if _empty(path):  # said as such, not as a kind of file OpenCV cannot decode
        raise SourceError(f"cannot open video file {shown}: the file is empty (0 bytes)")
    if _a_photo(path):  # OpenCV plays it as a video of one frame, too short to settle
        raise SourceError(f"{shown} is a photo, not a video: chickenfoot read reads it")
    return SourceSpec(FILE, path)


def _empty(path: str) -> bool:
    try:
        return os.path.getsize(path) == 0
    except OSError:  # gone since it was found: opening it says so
        return False


def _a_photo(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return sniff_format(handle.read(16)) is not None
    except OSError:  # unreadable: the capture says so when it opens
        return False


def opencv_capture(target: int | str) -> Capture:
    """A real ``cv2.VideoCapture`` for a camera index, a URL or a file."""
    import cv2

    _quiet_opencv_warnings(cv2)
    return cv2.VideoCapture(target)


def _quiet_opencv_warnings(cv2: Any) -> None:
    """OpenCV prints its own "[ WARN ]" lines when a camera index is missing; the caller
    says so in one line instead. Errors still show."""
    logging = getattr(getattr(cv2, "utils", None), "logging", None)
    level = getattr(logging, "LOG_LEVEL_ERROR", None)
    if level is not None and hasattr(logging, "setLogLevel"):
        logging.setLogLevel(level)


_END, _FAILED = "end", "failed"


class _Worker(threading.Thread):
    """Owns one capture: opens it, reads into a queue, releases it when told to stop (or
    when its blocked read finally returns after the caller gave up on it)."""

    def __init__(self, spec: SourceSpec, open_capture: Callable[[int | str], Capture],
                 size: tuple[int, int] | None, keep_latest: bool) -> None:
        super().__init__(name=f"frames-{spec.name}", daemon=True)
        self.spec = spec
        self.open_capture = open_capture
        self.size = size
        self.keep_latest = keep_latest
        self.frames: queue.Queue[Any] = queue.Queue(maxsize=0 if keep_latest else 4)
        self.opened = threading.Event()
        self.open_ok = False
        self.open_error = ""
        self.fps: float | None = None
        self.frame_count: int | None = None
        self.actual_size: tuple[int, int] | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            capture = self.open_capture(self.spec.target)
            ok = bool(capture.isOpened())
        except Exception as error:  # a backend error is a failed open, said in one line
            capture, ok = None, False
            self.open_error = str(error).strip().splitlines()[0] if str(error).strip() else ""
        if not ok or capture is None:
            self.opened.set()
            return
        try:
            self._configure(capture)
            self.open_ok = True
            self.opened.set()
            self._loop(capture)
        finally:
            try:
                capture.release()
            except Exception:  # releasing a dead device may fail; nothing more to do
                pass

    def _configure(self, capture: Capture) -> None:
        import cv2

        if self.size is not None and self.spec.kind != FILE:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, float(self.size[0]))
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, float(self.size[1]))
        if self.spec.kind != FILE:
            capture.set(cv2.CAP_PROP_BUFFERSIZE, 1.0)
        fps = float(capture.get(cv2.CAP_PROP_FPS) or 0.0)
        self.fps = fps if 0.0 < fps < 1000.0 else None
        if self.spec.kind == FILE:
            try:
                count = float(capture.get(cv2.CAP_PROP_FRAME_COUNT) or 0.0)
            except (TypeError, ValueError):
                count = 0.0
            self.frame_count = int(count) if 0 < count < 1e9 else None
        w = int(capture.get(cv2.CAP_PROP_FRAME_WIDTH))
        h = int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT))
        self.actual_size = (w, h) if w > 0 and h > 0 else None

    def _loop(self, capture: Capture) -> None:
        while not self.stop.is_set():
            try:
                ok, image = capture.read()
            except Exception:  # a backend that raises instead of returning False
                ok, image = False, None
            if self.stop.is_set():
                return
            if not ok or image is None or getattr(image, "size", 0) == 0:
                self._put(_END if self.spec.kind == FILE else _FAILED)
                return
            self._put(image)

    def _put(self, item: Any) -> None:
        if self.keep_latest:
            if isinstance(item, np.ndarray):
                while True:  # drop frames nobody took: the newest one matters
                    try:
                        self.frames.get_nowait()
                    except queue.Empty:
                        break
            self.frames.put_nowait(item)
            return
        while not self.stop.is_set():
            try:
                self.frames.put(item, timeout=0.1)
                return
            except queue.Full:
                continue


class CaptureSource:
    """A camera, stream or video file read through OpenCV (or any ``Capture`` factory)."""

    def __init__(self, spec: SourceSpec, size: tuple[int, int] | None = None, *,
                 open_capture: Callable[[int | str], Capture] = opencv_capture,
                 stall_s: float = DEFAULT_STALL_S, open_s: float = DEFAULT_OPEN_S,
                 backoff_s: tuple[float, ...] = DEFAULT_BACKOFF_S,
                 on_message: Callable[[str], None] | None = None,
                 sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.spec = spec
        self.name = spec.name
        self.live = spec.kind != FILE
        self.size = size
        self.open_capture = open_capture
        self.stall_s = stall_s
        self.open_s = open_s
        self.backoff_s = tuple(backoff_s)
        self.on_message = on_message or (lambda _text: None)
        self.sleep = sleep
        self.clock = clock
        self.fps: float | None = None
        self.frame_count: int | None = None  # a file's frame count from its header
        self.frame_size: tuple[int, int] | None = None
        self._worker: _Worker | None = None
        self._index = 0
        self._started = clock()
        self._closed = False
        self._first: np.ndarray | None = None
        # Opening a file runs OpenCV's own AVI parser when FFmpeg gives up, and that prints
        # straight to descriptor 2 ("Unexpected element. Expected: LIST. Got: JUNK."); our
        # own line says what is wrong instead. Nothing else prints while a file opens.
        with captured_stderr() if spec.kind == FILE else contextlib.nullcontext():
            self._worker = self._connect()  # raises SourceError when it cannot open at all
            if self._worker is None:
                raise SourceError(self._missing_message(
                    stream_answer(str(spec.target)) if spec.kind == STREAM else ""))
            if not self.live:
                self._first = self._first_frame(self._worker)

    # -- opening --------------------------------------------------------------------------
    def _missing_message(self, detail: str = "") -> str:
        extra = f" ({detail})" if detail else ""
        if self.spec.kind == CAMERA:
            return f"no camera at index {self.spec.target}{extra}: is it plugged in and free?"
        if self.spec.kind == STREAM:
            return f"cannot open stream {self.spec.target}{extra}: check the address and network"
        return f"cannot open video file {self.spec.target}{extra}: not a video OpenCV can decode"

    def _first_frame(self, worker: _Worker) -> np.ndarray | None:
        """A file that opens but ends before its first frame (a text file named .jpg) is
        an error now, not an empty video."""
        try:
            item = worker.frames.get(timeout=self.open_s)
        except queue.Empty:
            return None  # slow to decode: read() waits for it as usual
        if isinstance(item, np.ndarray):
            return item
        self.close()
        raise SourceError(f"{self.spec.target} has no video frames (not a video OpenCV "
                          "can decode)")

    def _connect(self) -> _Worker | None:
        worker = _Worker(self.spec, self.open_capture, self.size, keep_latest=self.live)
        worker.start()
        if not worker.opened.wait(self.open_s):
            worker.stop.set()
            raise SourceError(f"{self.name} did not open within {self.open_s:g} s")
        if not worker.open_ok:
            if worker.open_error and self._worker is None:
                raise SourceError(self._missing_message(worker.open_error))
            return None
        self.fps = worker.fps or self.fps
        self.frame_count = worker.frame_count or self.frame_count
        said_before = self.frame_size == worker.actual_size  # each reconnect said it again
        self.frame_size = worker.actual_size or self.frame_size
        if (self.live and self.size and worker.actual_size
                and worker.actual_size != self.size and not said_before):
            self.on_message(f"{self.name} gives {worker.actual_size[0]}x{worker.actual_size[1]}"
                            f", not the {self.size[0]}x{self.size[1]} asked for")
        return worker

    # -- reading --------------------------------------------------------------------------
    def read(self) -> Frame | None:
        if self._closed:
            return None
        if self._first is not None:
            image, self._first = self._first, None
            return self._frame(image)
        attempt = 0
        problem = "stopped answering"
        while True:
            worker = self._worker
            if worker is not None:
                try:
                    item = worker.frames.get(timeout=self.stall_s)
                except queue.Empty:
                    item = None
                    problem = f"stalled (no frame for {self.stall_s:g} s)"
                if isinstance(item, np.ndarray):
                    return self._frame(item)
                if item in (_END, _FAILED):
                    worker.join(timeout=1.0)  # it is releasing the capture
                if item == _END:
                    self._worker = None
                    self._closed = True  # the end of a file: None from now on
                    if ended_early(self._index, self.frame_count):
                        raise SourceError(f"{self.name} ended early: {self._index} of "
                                          f"{self.frame_count} frames (the file looks cut "
                                          "short or damaged)")
                    if self.frame_count and self._index < self.frame_count:
                        missing = self.frame_count - self._index
                        self.on_message(
                            f"{self.name}: {missing} of its {self.frame_count} frames could "
                            "not be read (the file looks damaged there)")
                    return None
                if item == _FAILED:
                    problem = "unplugged or stopped sending"  # files end with _END
                worker.stop.set()
                self._worker = None
            if not self.live:
                raise SourceError(f"{self.name} {problem}")
            if attempt >= len(self.backoff_s):
                raise SourceError(f"{self.name} lost: {problem}; gave up after "
                                  f"{len(self.backoff_s)} retries")
            self.on_message(f"{self.name} {problem}: retrying ({attempt + 1}/"
                            f"{len(self.backoff_s)})")
            self.sleep(self.backoff_s[attempt])
            attempt += 1
            try:
                self._worker = self._connect()
            except SourceError:
                self._worker = None

    def _frame(self, image: np.ndarray) -> Frame:
        index = self._index
        self._index += 1
        if not self.live and self.fps:
            time_s = index / self.fps
        else:
            time_s = self.clock() - self._started
        if self.frame_size is None:
            self.frame_size = (int(image.shape[1]), int(image.shape[0]))
        return Frame(image, index, time_s)

    def close(self) -> None:
        self._closed = True
        if self._worker is not None:
            self._worker.stop.set()
            self._worker.join(timeout=min(1.0, self.stall_s))
            self._worker = None

    def __enter__(self) -> CaptureSource:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def open_source(text: str | int, size: tuple[int, int] | None = None,
                **options: Any) -> CaptureSource:
    """Open ``--camera``'s value; raise SourceError (one line) when it cannot be used."""
    return CaptureSource(parse_source(text), size, **options)


__all__ = ["CAMERA", "FILE", "STREAM", "Capture", "CaptureSource", "Frame", "FrameSource",
           "SourceError", "SourceSpec", "ended_early", "open_source", "opencv_capture",
           "parse_source"]

