"""Pasted text is taken as text, never as keys.

A terminal sends a paste between two markers (bracketed paste). Textual's parser reads an
escape character inside a paste as the start of a key: an escape followed by another one
(the end marker, or a second escape) becomes the Escape key, which closes whatever form
is open, and the text after a lone escape becomes key presses typed outside the paste.
``PasteSafeParser`` hands Textual's parser each escape inside a paste as a stand-in
character instead, for every terminal driver (``read_pastes_as_text``), and the app leaves
control characters out of the pasted text (``pasted_text``), saying which.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Iterable

from textual.message import Message

try:  # Textual's own parser is not public: a Textual that moves it pastes as it always did
    from textual._xterm_parser import XTermParser
except ImportError:
    XTermParser = None

ESC = "\x1b"
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
# A noncharacter: Unicode keeps it for a program's own use, so no text means it.
ESCAPE_STAND_IN = "\uffff"
KEPT_CONTROLS = "\t\n\r"  # whitespace the fields already handle (a name refuses a tab)

# The modules of Textual's drivers that make their own XTermParser.
_DRIVER_MODULES = ("textual.drivers.linux_driver", "textual.drivers.linux_inline_driver",
                   "textual.drivers.web_driver", "textual.drivers.win32")


class _PasteEscapes:
    """Terminal input with every escape inside a paste turned into ``ESCAPE_STAND_IN``.
    Input arrives in pieces (4 KiB at a time), cut anywhere, markers included."""

    def __init__(self) -> None:
        self.in_paste = False
        self.seen = ""  # the end of the input outside a paste: a start marker cut in two
        self.held = ""  # the end of a paste that may begin its end marker

    def clean(self, data: str) -> str:
        out: list[str] = []
        data, self.held = self.held + data, ""
        while data:
            if not self.in_paste:
                # Outside a paste nothing is held back: an Escape pressed goes at once.
                look = self.seen + data
                at = look.find(PASTE_START)
                if at < 0:
                    out.append(data)
                    self.seen = look[-(len(PASTE_START) - 1):]
                    return "".join(out)
                after = at + len(PASTE_START) - len(self.seen)
                out.append(data[:after])
                data, self.in_paste, self.seen = data[after:], True, ""
            else:
                at = data.find(PASTE_END)
                if at >= 0:
                    out += [data[:at].replace(ESC, ESCAPE_STAND_IN), PASTE_END]
                    data, self.in_paste = data[at + len(PASTE_END):], False
                    continue
                cut = len(data) - _marker_begun(data, PASTE_END)
                out.append(data[:cut].replace(ESC, ESCAPE_STAND_IN))
                self.held = data[cut:]
                break
        return "".join(out)

    def flush(self) -> str:
        """What is held when the input ends (a paste never closed)."""
        held, self.held = self.held, ""
        return held.replace(ESC, ESCAPE_STAND_IN)


def _marker_begun(data: str, marker: str) -> int:
    """How many characters at the end of ``data`` could begin ``marker``."""
    for length in range(min(len(marker) - 1, len(data)), 0, -1):
        if marker.startswith(data[-length:]):
            return length
    return 0


class PasteSafeParser(XTermParser or object):  # type: ignore[misc]
    """Textual's terminal parser, handed no escape from inside a paste."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._paste_escapes = _PasteEscapes()

    def feed(self, data: str) -> Iterable[Message]:
        if data:
            yield from super().feed(self._paste_escapes.clean(data))
            return
        rest = self._paste_escapes.flush()  # "" ends the input
        if rest:
            yield from super().feed(rest)
        yield from super().feed("")


def read_pastes_as_text() -> None:
    """Every Textual driver that reads a terminal (or a browser's, served) reads it with
    ``PasteSafeParser``: the drivers look their parser up by name when they start."""
    if XTermParser is None:
        return
    for name in _DRIVER_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:  # another system's driver (termios, msvcrt)
            continue
        if getattr(module, "XTermParser", None) is XTermParser:
            module.XTermParser = PasteSafeParser  # type: ignore[attr-defined]


def pasted_text(text: str) -> tuple[str, str]:
    """(the text to paste, the control characters left out of it). A control character
    in a field would be refused later (names) or repaint the terminal; an escape is the
    one a paste most often holds (text copied with its colours)."""
    text = text.replace(ESCAPE_STAND_IN, ESC)
    if not any(_left_out(c) for c in text):
        return text, ""
    return ("".join(c for c in text if not _left_out(c)),
            "".join(c for c in text if _left_out(c)))


def _left_out(char: str) -> bool:
    return unicodedata.category(char) == "Cc" and char not in KEPT_CONTROLS
