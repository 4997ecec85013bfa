"""Yes/no questions, and the offer to resume an unfinished game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from tui.plain import Label


class ConfirmScreen(ModalScreen[bool]):
    """Ask once; y or Enter on Yes says yes, n or Escape says no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

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

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ResumeScreen(ModalScreen[str]):
    """An unfinished game was found: resume it, start a new one, or browse history."""

    BINDINGS = [
        Binding("r", "choose('resume')", "Resume"),
        Binding("n", "choose('new')", "New game"),
        Binding("h", "choose('history')", "History"),
        Binding("escape", "choose('resume')", "Resume", show=False),
    ]

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

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
