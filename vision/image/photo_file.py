"""Opening a photo file: only a regular file with bytes in it, and never a wait.

``open_photo(path)`` is a context manager giving the open binary file, or raises
``ImageError`` saying what the path is instead: missing, a name too long, a folder (and
whether it can be read), a named pipe (FIFO), a device (``/dev/zero``), a socket, a
``/proc``-style file that reports no size, an empty file, or one over ``MAX_FILE_BYTES``.
The file is opened non-blocking and checked with ``fstat`` on the open descriptor, so a
FIFO with no writer is refused at once and what is checked is what is read.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from scorer.messages import clip_name
from vision.file_kind import special_kind

MAX_FILE_BYTES = 256 * 1024 * 1024
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(
    os, "O_BINARY", 0)


class ImageError(Exception):
    """A file that cannot be read as a photo; ``str(error)`` is one line naming the file."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = str(os.fspath(path)) if not isinstance(path, bytes) else os.fsdecode(path)
        self.reason = reason
        super().__init__(f"{clip_name(self.path)}: {reason}")


@contextmanager
def open_photo(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """The regular, non-empty file at ``path``, open for reading (see the module doc)."""
    fd = _open(path)
    try:
        info = os.fstat(fd)
        _check_kind(path, fd, info)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        try:
            yield handle
        except OSError as error:
            raise ImageError(path, f"cannot read ({error.strerror or error})") from None


def _open(path: str | os.PathLike[str]) -> int:
    try:
        return os.open(path, _FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        raise ImageError(path, "no such file") from None
    except PermissionError as error:
        if os.path.isdir(path):
            raise ImageError(path, "is a folder that cannot be read "
                                   f"({error.strerror or error})") from None
        raise ImageError(path, f"cannot open ({error.strerror or error})") from None
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            raise ImageError(path, f"the file name is too long ({len(os.fspath(path)):,} "
                                   "characters)") from None
        raise ImageError(path, f"cannot open ({error.strerror or error})") from None
    except ValueError:  # a NUL character in the name
        raise ImageError(path, "is not a file name (it holds a NUL character)") from None


def _check_kind(path: str | os.PathLike[str], fd: int, info: os.stat_result) -> None:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        try:
            os.listdir(path)
        except OSError as error:
            raise ImageError(path, f"is a folder that cannot be read "
                                   f"({error.strerror or error})") from None
        raise ImageError(path, "is a folder, not an image file")
    kind = special_kind(mode)
    if kind is not None:
        raise ImageError(path, f"is {kind}, not a photo file")
    if info.st_size > MAX_FILE_BYTES:
        raise ImageError(path, f"file is {info.st_size / 2**20:.0f} MiB; the limit is "
                               f"{MAX_FILE_BYTES / 2**20:.0f} MiB")
    if info.st_size == 0:
        try:
            some = os.read(fd, 1)
        except OSError:
            some = b""
        if some:
            raise ImageError(path, "is a special file that gives no size (like those in "
                                   "/proc), not a photo file")
        raise ImageError(path, "file is empty (0 bytes)")
