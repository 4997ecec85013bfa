"""House rules changed mid-game: the table agrees to count the double blank 25 from now
on, or to play to a target total. Every rule as in the new-game form, set as this game
has them; the change is checked on the game's scores before the form closes."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header

from scorer.rules import RuleSet
from tui.plain import Label, Static
from tui.screens.new_game import RuleKnobs
from tui.typed_first import after_typed_keys


class HouseRulesScreen(Screen[RuleSet | None]):
    """Dismisses with the rules as changed, or None when cancelled or unchanged.
    ``check`` raises ValueError, in a player's words, for rules the game cannot take."""

    BINDINGS = [
        Binding("ctrl+s", "change", "Change rules", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, rules: RuleSet, check: Callable[[RuleSet], None]) -> None:
        super().__init__()
        self.rules = rules
        self.check = check

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="new-game"):
            yield Label("House rules for this game, from now on. Hands scored from their "
                        "tiles are scored again; typed scores stay as typed.",
                        classes="field-label")
            yield Static("", id="new-game-error", classes="error")
            yield RuleKnobs(self.rules)
            with Horizontal(classes="buttons"):
                yield Button("Change rules (Ctrl+S)", id="change", variant="success")
                yield Button("Cancel (Esc)", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "House rules"
        self.query_one("#knob-set_max").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "change":
            self.action_change()
        else:
            self.action_cancel()

    def action_change(self) -> None:
        after_typed_keys(self, self._change)  # a number typed just before Ctrl+S counts

    def _change(self) -> None:
        error = self.query_one("#new-game-error", Static)
        try:
            rules = self.query_one(RuleKnobs).read()
            if rules != self.rules:
                self.check(rules)
        except ValueError as problem:
            error.update(f"Cannot change: {problem}")
            self.notify(str(problem), title="Cannot change the rules", severity="error")
            return
        self.dismiss(None if rules == self.rules else rules)

    def action_cancel(self) -> None:
        self.dismiss(None)
