"""Keeping messages short and plain: echoed input is clipped, long lists are counted, and a
character that does not belong is named (an invisible one would otherwise be shown as
nothing at all).

Every message a command prints is one line a person reads; input can be megabytes. So a
message names at most ``MAX_LISTED`` problems and counts the rest, and quotes at most
``MAX_ECHO`` characters of what was typed.
"""

from __future__ import annotations

import errno
import os
import unicodedata
from collections.abc import Sequence

MAX_ECHO = 40
MAX_NAME = 120
MAX_LISTED = 3


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis and the full length when
    cut: ``'[[[[[[...' (100000 characters)``; control characters shown escaped, as in
    ``clip_name``."""
    if len(text) > limit:
        return f"{escaped(text[:limit])}... ({len(text):,} characters)"
    return escaped(text)


CONTROL = frozenset({"Cc"})  # newlines, escape sequences: they split or repaint a message
INVISIBLE = frozenset({"Cc", "Cf"})  # and zero-width or direction marks, unseen in a name


def escaped(text: str, hidden: frozenset[str] = CONTROL) -> str:
    """``text`` with its characters of the ``hidden`` Unicode categories written as
    escapes (``\\x1b``, ``\\n``, ``\\u200b``): echoed input must not repaint the player's
    terminal nor split a message."""
    if not any(unicodedata.category(c) in hidden for c in text):
        return text
    return "".join(repr(c)[1:-1] if unicodedata.category(c) in hidden else c for c in text)


def clip_name(name: str | bytes | os.PathLike, limit: int = MAX_NAME) -> str:
    """A file name or path cut in the middle, keeping its start and its end (where the
    file's own name is): ``'/very/long/.../photo.jpg'``. Control characters are shown
    escaped (``bad\\nname.jpg``): a newline in a name must not split a message in two,
    nor an escape sequence repaint the player's terminal. So are invisible ones
    (``x\\u200b.jpg``): a name that reads like another file's, or a right-to-left mark
    turning the name around, would hide which file is meant."""
    name = os.fspath(name)
    if isinstance(name, bytes):  # a name the system gave as bytes (not UTF-8)
        name = name.decode("utf-8", "backslashreplace")
    name = escaped(name, INVISIBLE)
    if len(name) <= limit:
        return name
    folder, slash, own = name.rpartition("/")
    if slash and len(own) <= limit - 20:  # the file's own name whole, its folders cut
        return f"{folder[:limit - len(own) - 4]}.../{own}"
    half = (limit - 3) // 2
    return f"{name[:half]}...{name[-half:]}"


def summarize(messages: Sequence[str], limit: int = MAX_LISTED, sep: str = "; ") -> str:
    """The first ``limit`` messages joined, and how many more there are."""
    shown = list(messages[:limit])
    rest = len(messages) - len(shown)
    if rest > 0:
        shown.append(f"and {rest:,} more")
    return sep.join(shown)


def name_char(char: str) -> str:
    """A character as a person can find it: ``'٣' (U+0663 ARABIC-INDIC DIGIT THREE)``;
    invisible ones without the glyph: ``U+FEFF ZERO WIDTH NO-BREAK SPACE``."""
    code = f"U+{ord(char):04X}"
    name = unicodedata.name(char, "")
    label = f"{code} {name}" if name else code
    if unicodedata.category(char)[0] in "CZ" and char != " ":
        return label
    return f"'{char}' ({label})"


def first_foreign(text: str) -> str | None:
    """The first character outside printable ASCII, or None."""
    for char in text:
        if not (" " <= char <= "~"):
            return char
    return None


def counted(n: int, word: str) -> str:
    """``1 tile``, ``3 tiles``: a count in player words."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def os_reason(error: OSError) -> str:
    """What the system said went wrong, in its words, never None (an error raised with a
    message only has no ``strerror``; the path it names is shown by the caller)."""
    if error.errno == errno.ENAMETOOLONG:
        return "the file name is too long"
    if error.strerror:
        return error.strerror
    if error.errno:
        return os.strerror(error.errno)
    return clip(str(error), 120) or type(error).__name__
