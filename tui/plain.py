"""Text shown as it is written: a player's name, a typed score, a file's path or a message
quoting them is never read as markup.

Textual reads ``[...]`` in a Static's, a Label's, a notification's or a table cell's text
as markup: a player named ``[/]`` or a photo path holding it ended the app with a
MarkupError (and, saved in a game, on every start after), and ``[b]Ann`` showed a bold
"Ann". The screens use these widgets and ``cell`` instead, and the app's notifications
are plain (``tui.app``); the few words styled on purpose are ``rich.text.Text``.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Label as _Label
from textual.widgets import Static as _Static


class Static(_Static):
    """A Static whose string is shown as it is (``markup=True`` to read markup)."""

    def __init__(self, content: object = "", *, markup: bool = False, **options) -> None:
        super().__init__(content, markup=markup, **options)  # type: ignore[arg-type]


class Label(_Label):
    """A Label whose string is shown as it is (``markup=True`` to read markup)."""

    def __init__(self, content: object = "", *, markup: bool = False, **options) -> None:
        super().__init__(content, markup=markup, **options)  # type: ignore[arg-type]


def cell(text: object) -> Text:
    """A table cell showing ``text`` as it is (a DataTable reads a str cell as markup)."""
    return text if isinstance(text, Text) else Text(str(text))


__all__ = ["Label", "Static", "cell"]
