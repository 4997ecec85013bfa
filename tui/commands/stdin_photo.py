"""A photo given as ``-``: standard input's bytes kept in a private temporary file.

``spooled_stdin()`` is a context manager giving the path of a file holding what came on
standard input, in a folder only this user can open (``tempfile.mkdtemp``), removed with
it on leaving. The photo loader (``vision.image.load_image``) then reads that file as it
reads any other, so piped bytes get every check a file gets: the format sniffed from the
header, the size limits, damaged data, transparency.

Refused with ``InputError`` (one line) before the photo is read: a terminal on standard
input (nothing is waited for), standard input closed, empty, more than
``MAX_FILE_BYTES`` (a file's limit; reading stops one byte past it, so an endless pipe
fills neither memory nor the disk), or a pipe silent for ``PIPE_SILENCE_S`` seconds (a
writer that never writes nor closes). The bytes go to the file as they come, never
all held in memory.
"""

from __future__ import annotations

import os
import select
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scorer.messages import os_reason
from tui.commands.errors import InputError

STDIN = "-"
# the photo's name in what is printed, and that of the file it is kept in: a warning
# from the loader ("... looks cut short") names the file
STDIN_NAME = "(standard input)"
# a pipe silent this long is given up: a phone-transfer tool may take a while to connect
PIPE_SILENCE_S = 30.0
_CHUNK = 1 << 20


@contextmanager
def spooled_stdin() -> Iterator[Path]:
    """The path of a private file holding standard input's photo (see the module doc)."""
    from vision.image import MAX_FILE_BYTES

    fd = _stdin_fd()
    try:
        folder = tempfile.mkdtemp(prefix="chickenfoot-stdin-")
    except OSError as error:
        raise InputError("cannot keep the photo from standard input in a temporary "
                         f"folder: {os_reason(error)}") from None
    try:
        path = Path(folder) / STDIN_NAME
        try:
            with open(path, "xb") as out:
                size = _copy(fd, out, MAX_FILE_BYTES)
        except OSError as error:
            raise InputError(f"cannot keep the photo from standard input: "
                             f"{os_reason(error)}") from None
        if size == 0:
            raise InputError("no photo on standard input: it was empty (0 bytes)")
        if size > MAX_FILE_BYTES:
            raise InputError(f"standard input holds more than {MAX_FILE_BYTES / 2**20:.0f} "
                             "MiB, the limit for a photo file")
        yield path
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _stdin_fd() -> int:
    stream = sys.stdin
    if stream is None:  # started with its input closed (``<&-``)
        raise InputError("no photo on standard input: it is closed")
    try:
        fd = getattr(stream, "buffer", stream).fileno()
    except (AttributeError, OSError, ValueError):  # a stream with no file behind it
        raise InputError("no photo on standard input: it is not a file or pipe") from None
    try:
        if os.isatty(fd):
            raise InputError("no photo on standard input: it is a terminal (pipe one in, "
                             "like: cat photo.jpg | chickenfoot read -)")
        os.fstat(fd)
    except OSError:  # its descriptor was closed
        raise InputError("no photo on standard input: it is closed") from None
    return fd


def _copy(fd: int, out, limit: int) -> int:
    """Copy ``fd`` to ``out`` up to its end or one byte past ``limit``; the bytes copied."""
    size = 0
    while size <= limit:
        ready, _, _ = select.select([fd], [], [], PIPE_SILENCE_S)
        if not ready:
            said = f" after {size:,} bytes" if size else ""
            raise InputError(f"no photo on standard input: nothing came through the pipe "
                             f"for {PIPE_SILENCE_S:g} s{said}")
        try:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
        except BlockingIOError:
            continue
        if not chunk:
            break
        out.write(chunk)
        size += len(chunk)
    return size
