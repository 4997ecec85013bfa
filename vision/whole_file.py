"""A file written whole or not at all: its bytes go to a file beside it first, renamed
over it once written, so a full disk or a stop mid-write leaves the last good file (or
none), never half of one. The name beside it is short, so any name fits beside it, and
names this process and thread, so two writers never share it."""

from __future__ import annotations

import os
import threading
from pathlib import Path

PARTIAL_PREFIX, PARTIAL_SUFFIX = ".chickenfoot-", ".partial"


def write_whole(target: Path, data: bytes) -> None:
    """``data`` into ``target``; the OSError of a write that failed, with nothing left
    beside it, as after Ctrl+C or SIGTERM mid-write."""
    partial = target.with_name(
        f"{PARTIAL_PREFIX}{os.getpid()}-{threading.get_ident()}{PARTIAL_SUFFIX}")
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    except BaseException:
        try:
            partial.unlink(missing_ok=True)
        except OSError:
            pass
        raise


def write_text(target: Path, text: str) -> None:
    """``text`` into ``target`` as UTF-8, whole or not at all."""
    write_whole(target, text.encode("utf-8"))


def is_partial(name: str) -> bool:
    """Whether ``name`` is a file ``write_whole`` was writing when its process was killed
    outright (SIGKILL, power lost): nobody's data, safe to pass over or remove."""
    return name.startswith(PARTIAL_PREFIX) and name.endswith(PARTIAL_SUFFIX)
