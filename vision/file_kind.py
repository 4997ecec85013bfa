"""What a path is when it is no regular file, in a player's words.

A photo, a label file, a set's class list or a video given as a named pipe was waited on
(a pipe with no writer blocks its reader for ever), skipped without a word, or called
"not an image"; every command that reads a file names what it was given instead, from
this one place: ``is a named pipe (FIFO), not a label file``.
"""

from __future__ import annotations

import stat


def special_kind(mode: int) -> str | None:
    """What a file of ``mode`` (``os.stat``'s ``st_mode``) is, with its article, when it
    is no regular file ("a folder", "a named pipe (FIFO)", "a device", "a socket", "a
    special file"); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"
