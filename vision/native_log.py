"""Keeping the C libraries' own lines off the terminal.

libjpeg ("Premature end of JPEG file"), libpng ("libpng error: ...") and FFmpeg
("[tcp @ 0x...] Connection refused") write straight to file descriptor 2, around Python.
The commands say what went wrong in their own words instead, so:

- ``quiet_defaults()`` sets OpenCV's and FFmpeg's log levels in the environment (they are
  read when cv2 is first imported, so ``vision/__init__`` calls it), and turns ONNX
  Runtime's telemetry off; a value already set (a developer debugging a camera) is kept.
- ``captured_stderr()`` points descriptor 2 at a temporary file while a decoder runs and
  hands back what the decoder wrote, for the caller to turn into a warning. Only the
  calling thread should write to stderr meanwhile (the photo commands decode in the main
  thread; nothing else prints then).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

QUIET_ENV = {
    "OPENCV_LOG_LEVEL": "ERROR",  # OpenCV's "[ WARN:0@...]" lines
    "OPENCV_FFMPEG_LOGLEVEL": "-8",  # AV_LOG_QUIET: FFmpeg's "[tcp @ 0x...]" lines
    # ONNX Runtime's telemetry (1.29 on): a device id written under ~/.cache/Microsoft, an
    # upload tried from a program that works offline, and a coloured warning on every
    # command where the home folder cannot be written. Read when its first session opens.
    "ORT_DISABLE_TELEMETRY": "1",
}
MAX_CAPTURED = 4096
_lock = threading.Lock()


def quiet_defaults(environ: dict[str, str] | os._Environ[str] = os.environ) -> None:
    """Set each of ``QUIET_ENV`` unless already set."""
    for key, value in QUIET_ENV.items():
        environ.setdefault(key, value)


class Captured:
    """What a native library wrote to stderr inside ``captured_stderr`` (set on exit)."""

    def __init__(self) -> None:
        self.text = ""

    @property
    def lines(self) -> list[str]:
        return [line.strip() for line in self.text.splitlines() if line.strip()]


@contextmanager
def captured_stderr() -> Iterator[Captured]:
    """Descriptor 2 goes to a temporary file for the duration; yields a ``Captured``
    whose ``text`` holds the first ``MAX_CAPTURED`` bytes written (decoded leniently)."""
    result = Captured()
    with _lock:
        try:
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        try:
            saved = os.dup(2)
        except OSError:  # no descriptor 2 at all: nothing to keep quiet
            yield result
            return
        import tempfile  # not at the top: `check` on a board file never needs it (10 ms)

        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield result
            finally:
                os.dup2(saved, 2)
                os.close(saved)
                sink.seek(0)
                result.text = sink.read(MAX_CAPTURED).decode("utf-8", "replace")
