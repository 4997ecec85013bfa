"""Yes/no questions, and the offer to resume an unfinished game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from tui.plain import Label
from tui.screens.question import Question


class ConfirmScreen(Question[bool]):
    """Ask once; y or Enter on Yes says yes, n or Escape says no."""

    ANSWER_KEYS = {"y": True, "n": False, "escape": False}

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="question")
            with Horizontal(classes="buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error")
                yield Button(f"{self.no} (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def button_answer(self, button: Button) -> bool:
        return button.id == "yes"


class ResumeScreen(Question[str]):
    """An unfinished game was found: resume it, start a new one, or browse history."""

    ANSWER_KEYS = {"r": "resume", "n": "new", "h": "history", "escape": "resume"}

    def __init__(self, description: str) -> None:
        super().__init__()
        self.description = description

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("An unfinished game is waiting", classes="title")
            yield Label(self.description, classes="question")
            with Horizontal(classes="buttons"):
                yield Button("Resume (r)", id="resume", variant="primary")
                yield Button("New game (n)", id="new")
                yield Button("History (h)", id="history")

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()
