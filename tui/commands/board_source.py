"""Where `chickenfoot check` finds the board: standard input (``-``), a file, or the words
typed on the command line.

Input is capped at ``MAX_BOARD_BYTES`` (a full double-18 set is about 2 KB of notation) and
read no further, so a 10 MB file or an endless pipe costs nothing. Text must be UTF-8; a
leading byte-order mark is dropped. A regular file or a pipe (``<(...)``) is read; a
folder, a device (``/dev/zero``) or a socket is refused by name. A named pipe that nobody
writes to, or a standard input pipe that never sends, is given up after
``PIPE_SILENCE_S`` seconds, not waited on forever.
"""

from __future__ import annotations

import os
import select
import stat
import sys
from typing import BinaryIO

from scorer.messages import clip_name, os_reason
from scorer.notation import BOM, MAX_BOARD_CHARS
from tui.commands.errors import InputError
from tui.commands.stdin_photo import STDIN

MAX_BOARD_BYTES = MAX_BOARD_CHARS
# a pipe silent this long (no writer at all) is given up; every run ends within 10 s
PIPE_SILENCE_S = 5.0


def read_board_source(words: list[str]) -> str:
    """The board text: standard input for '-', a file's contents, or the words given."""
    if words == [STDIN]:
        return _read_stdin()
    if STDIN in words:  # it was joined into notation: "'-' is not a tile on a board"
        said = "is given twice" if words.count(STDIN) > 1 else "is given with other words"
        raise InputError(f"{STDIN} (standard input) {said}: it holds the whole board")
    if len(words) == 1:
        text = _read_named_file(words[0])
        if text is not None:
            return text
    return " ".join(words)


def looks_like_path(word: str) -> bool:
    return (not word.lstrip().startswith(("{", "["))
            and ("/" in word or os.sep in word or "." in word))


def _read_named_file(word: str) -> str | None:
    """The file's text, or None when ``word`` names no file and is taken as notation."""
    name = clip_name(word)
    try:
        info = os.stat(word)
    except (FileNotFoundError, NotADirectoryError):
        info = None
    except OSError as error:
        if not looks_like_path(word):
            return None  # a long board typed as one word is notation, not a file name
        raise InputError(f"cannot read {name}: {os_reason(error)}") from None
    except ValueError:  # a NUL character in the name
        return None
    if info is None:
        if looks_like_path(word):
            raise InputError(f"{name}: no such file (give a board like '9-9 9-1@9-9', "
                             "a file holding one, or -)")
        return None
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise InputError(f"{name} is a folder, not a board file")
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        raise InputError(f"{name} is a device or socket, not a board file")
    if info.st_size > MAX_BOARD_BYTES:
        raise InputError(too_long(name, info.st_size))
    try:
        if stat.S_ISFIFO(mode):
            data = _read_pipe(word, name)
        else:
            with open(word, "rb") as handle:
                data = handle.read(MAX_BOARD_BYTES + 1)
    except OSError as error:
        raise InputError(f"cannot read {name}: {os_reason(error)}") from None
    return decode(data, name)


def _read_pipe(word: str, name: str) -> bytes:
    """A named pipe's bytes up to its end (or one byte past the cap). Opened without
    blocking: opening a pipe no one writes to would otherwise wait forever."""
    fd = os.open(word, os.O_RDONLY | os.O_NONBLOCK)
    try:
        return _read_until_silent(fd, name)
    finally:
        os.close(fd)


def _read_until_silent(fd: int, name: str) -> bytes:
    """``fd``'s bytes up to its end (or one byte past the cap); given up when nothing
    comes for ``PIPE_SILENCE_S`` seconds (a pipe whose writer never writes)."""
    data = b""
    while len(data) <= MAX_BOARD_BYTES:
        ready, _, _ = select.select([fd], [], [], PIPE_SILENCE_S)
        if not ready:  # said as it happened: silent from the start, or stopped short
            said = f"for {PIPE_SILENCE_S:g} s after {len(data):,} bytes" if data else (
                f"in {PIPE_SILENCE_S:g} s")
            raise InputError(f"{name}: nothing came through the pipe {said}, and it did "
                             "not end")
        try:
            chunk = os.read(fd, MAX_BOARD_BYTES + 1 - len(data))
        except BlockingIOError:
            continue
        if not chunk:
            break
        data += chunk
    return data


def _read_stdin() -> str:
    if sys.stdin is None:  # started with its input closed (``<&-``)
        raise InputError("standard input is closed: give the board as text or a file")
    buffer: BinaryIO | None = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream (tests, an embedding program)
        text = sys.stdin.read(MAX_BOARD_BYTES + 1)
        if len(text) > MAX_BOARD_BYTES:
            raise InputError(too_long("standard input", None))
        return text[1:] if text.startswith(BOM) else text
    try:
        fd = buffer.fileno()
    except (OSError, ValueError):  # a stream with no file behind it
        fd = None
    if fd is None or os.isatty(fd):  # a person typing: waited for, Ctrl+D ends it
        return decode(buffer.read(MAX_BOARD_BYTES + 1), "standard input")
    try:  # a pipe or a file: a pipe whose writer never writes is given up
        data = _read_until_silent(fd, "standard input")
    except OSError as error:
        raise InputError(f"cannot read standard input: {os_reason(error)}") from None
    return decode(data, "standard input")


def too_long(name: str, size: int | None) -> str:
    """One line; ``size`` is None when only the first ``MAX_BOARD_BYTES`` were read."""
    limit = f"{MAX_BOARD_BYTES // 1024} KB"
    said = (f"is {size / 1024:,.0f} KB; a board is at most {limit}" if size is not None
            else f"holds more than {limit}, the most a board can be")
    return f"{name} {said} (a whole double-18 set is about 2 KB)"


def decode(data: bytes, name: str) -> str:
    """UTF-8 text without a byte-order mark; InputError when too long or not UTF-8."""
    if len(data) > MAX_BOARD_BYTES:
        raise InputError(too_long(name, None))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(f"{name} is not UTF-8 text (byte 0x{data[error.start]:02x} at "
                         f"offset {error.start})") from None
