"""A file written whole or not at all: its bytes go to a file beside it first, renamed
over it once written, so a full disk or a stop mid-write leaves the last good file (or
none), never half of one. The name beside it is short, so any name fits beside it, and
names this process and thread, so two writers never share it."""

from __future__ import annotations

import os
import threading
from pathlib import Path


def write_whole(target: Path, data: bytes) -> None:
    """``data`` into ``target``; the OSError of a write that failed, with nothing left
    beside it."""
    partial = target.with_name(f".chickenfoot-{os.getpid()}-{threading.get_ident()}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    except OSError:
        try:
            partial.unlink(missing_ok=True)
        except OSError:
            pass
        raise
