"""Quitting with changes that are not on disk yet: try saving again, quit anyway, or stay."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from tui.plain import Label
from tui.screens.question import Question


class QuitUnsavedScreen(Question[str]):
    """Dismisses with "retry", "quit" or "stay"."""

    ANSWER_KEYS = {"s": "retry", "q": "quit", "escape": "stay"}

    def __init__(self, changes: int, reason: str) -> None:
        super().__init__()
        self.changes = changes
        self.reason = reason

    def compose(self) -> ComposeResult:
        what = "1 change is" if self.changes == 1 else f"{self.changes} changes are"
        with Vertical(classes="dialog"):
            yield Label("Not saved", classes="title")
            yield Label(f"{what} only in this window, not on disk"
                        f"{f' ({self.reason})' if self.reason else ''}. Quitting now loses "
                        f"{'it' if self.changes == 1 else 'them'}.", classes="question")
            with Horizontal(classes="buttons"):
                yield Button("Save and quit (s)", id="retry", variant="primary")
                yield Button("Quit anyway (q)", id="quit", variant="error")
                yield Button("Stay (Esc)", id="stay")

    def on_mount(self) -> None:
        self.query_one("#retry", Button).focus()
