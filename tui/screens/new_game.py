"""New game: players in seat order, the set, and every house rule."""

from __future__ import annotations

import enum
from dataclasses import fields

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Select

from scorer.rule_problems import require_playable
from scorer.rules import RuleSet
from scorer.scorecard import Scorecard
from scorer.tiles import SET_SIZES
from tui.plain import Label, Static
from tui.typed_first import after_typed_keys

# knob -> (label, choices); choices None means a number typed in an Input.
KNOBS: dict[str, tuple[str, tuple[object, ...] | None]] = {
    "set_max": ("Set", SET_SIZES),
    "spinner_arms": ("Spinner arms", (4, 6, 8)),
    "toes_per_foot": ("Toes per chicken foot", (3,)),
    "hand_size": ("Hand size", None),
    "custom_hand_size": ("Custom hand size", None),
    "first_player": ("First player", None),
    "missing_double": ("Missing starting double", None),
    "drawn_tile": ("Drawn tile", None),
    "voluntary_draw": ("Draw and pass while able to play", None),
    "no_play_empty_boneyard": ("No play, empty boneyard", None),
    "unfillable_foot": ("Unfillable chicken foot", None),
    "round_order": ("Rounds", None),
    "target_total": ("Target total (first to reach it loses)", None),
    "double_blank_value": ("Double-blank (0-0) counts", (50, 25, 0)),
    "blank_end_counts_25": ("Every blank end counts 25", None),
    "going_out_on_double_penalty": ("Going out on a double: penalty", (0, 50)),
    "forgot_last_tile": ("Forgot to announce last tile", None),
    "tie_break": ("Tie-break", None),
}
NUMBER_KNOBS = ("custom_hand_size", "target_total")


def _options(name: str, value: object) -> list[tuple[str, object]]:
    label, choices = KNOBS[name]
    if isinstance(value, bool):
        return [("no", False), ("yes", True)]
    if isinstance(value, enum.Enum):
        return [(m.value.replace("-", " "), m) for m in type(value)]
    assert choices is not None
    if name == "set_max":
        return [(f"double-{n} ({(n + 1) * (n + 2) // 2} tiles)", n) for n in choices]
    return [(str(c), c) for c in choices]


class RuleKnobs(Grid):
    """Every house rule as a field: a list to pick from, or a whole number typed."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(id="knobs")
        self.rules = rules

    def compose(self) -> ComposeResult:
        for f in fields(RuleSet):
            value = getattr(self.rules, f.name)
            yield Label(KNOBS[f.name][0], classes="knob-label")
            if f.name in NUMBER_KNOBS:
                yield Input(str(value), id=f"knob-{f.name}", type="integer",
                            classes="knob", compact=True)
            else:
                yield Select(_options(f.name, value), value=value, allow_blank=False,
                             id=f"knob-{f.name}", classes="knob", compact=True)

    def read(self) -> RuleSet:
        """The rules as set in the fields; ValueError names a field left empty."""
        values: dict[str, object] = {}
        for f in fields(RuleSet):
            if f.name in NUMBER_KNOBS:
                text = self.query_one(f"#knob-{f.name}", Input).value.strip()
                if not text:  # taking the last value unseen would set other rules
                    raise ValueError(f"{KNOBS[f.name][0]} is empty: give a whole number")
                values[f.name] = text
            else:
                values[f.name] = self.query_one(f"#knob-{f.name}", Select).value
        return RuleSet.from_dict(values)


def parse_players(text: str) -> tuple[str, ...]:
    parts = text.replace("\n", ",").split(",")
    return tuple(p.strip() for p in parts if p.strip())


class NewGameScreen(Screen[Scorecard | None]):
    """Dismisses with the new (empty) scorecard, or None when cancelled."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]
    # Enter in the players field starts the game: what is typed behind it is for the
    # scorecard (tui.keys_on_hold)
    CLOSING_KEYS = ("enter",)

    def __init__(self, rules: RuleSet, players: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.rules = rules
        self.players = players

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="new-game"):
            yield Label("Players, in seat order (clockwise), separated by commas:",
                        classes="field-label")
            yield Input(", ".join(self.players), placeholder="Ann, Bo, Cy, Di",
                        id="players")
            yield Static("", id="new-game-error", classes="error")
            yield Label("House rules (standard rules already set):", classes="field-label")
            yield RuleKnobs(self.rules)
            with Horizontal(classes="buttons"):
                yield Button("Start game (Ctrl+S)", id="start", variant="success")
                yield Button("Cancel (Esc)", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "New game"
        self.query_one("#players", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "players":
            self._start()  # Enter came through the field: what was typed before it is in

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self._start()
        else:
            self.action_cancel()

    def action_start(self) -> None:
        # Ctrl+S is a priority binding, acted on as it arrives: names typed or pasted just
        # before it were still on their way to the field ("needs at least 2 players"
        # under three names), so the form is read once the field has taken them
        after_typed_keys(self, self._start)

    def _start(self) -> None:
        error = self.query_one("#new-game-error", Static)
        try:
            rules = self.query_one(RuleKnobs).read()
            card = Scorecard.new(parse_players(self.query_one("#players", Input).value), rules)
            require_playable(rules, len(card.players))  # a RulesError is a ValueError
        except ValueError as problem:
            error.update(f"Cannot start: {problem}")
            self.notify(str(problem), title="Cannot start", severity="error")
            return
        error.update("")
        self.dismiss(card)

    def action_cancel(self) -> None:
        self.dismiss(None)
