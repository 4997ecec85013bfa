"""A whole round in one row: every player's score typed in a line, Tab between cells.

A cell takes the points (``12``), ``o`` or ``out`` for a player who went out, or stays
empty (not scored yet). F3 picks the tiles and F4 reads a photo for the cell the cursor
is in, on the usual score screen; the cell then shows the points with their mark. Enter
or Ctrl+S records the row as one change; Escape drops it. Under the "next lower double"
rule the row also records the double the round opened on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Select

from scorer.rules import RuleSet
from scorer.scorecard import Entry, Method, Scorecard
from tui.keys_ahead import FieldInput
from tui.plain import Label, Static
from tui.row_change import set_row
from tui.screens.points import typed_points
from tui.screens.score_entry import ScoreEntryScreen
from tui.typed_first import after_typed_keys
from tui.widgets import went_out_words
from tui.widgets_opening import chosen_opening, opening_select, records_opening

MARK = {Method.TYPED: "", Method.TILES: " ▪", Method.CAPTURE: " ◉"}
WENT_OUT_WORDS = ("o", "out", "went out")
OUT_PLUS = re.compile(r"(?:o|out|went out) ?\+ ?([0-9]*)")  # "out+50", "out + 50"


@dataclass(frozen=True)
class RowResult:
    entries: dict[str, Entry | None]  # only the cells that changed; None clears one
    opening: int | None  # the double the round opened on; None: the ladder's


def shown(entry: Entry | None) -> str:
    if entry is None:
        return ""
    if entry.went_out:
        return went_out_words(entry)
    return f"{entry.points}{MARK[entry.method]}"


def went_out_cell(text: str, rules: RuleSet) -> Entry | None:
    """What a cell saying its player went out scores: ``o`` or ``out`` 0, ``out+50``
    the going-out-on-a-double penalty where the house rule has one; None for a cell
    that says nothing of going out. ValueError names the penalty this game has."""
    words = " ".join(text.casefold().split())
    if words in WENT_OUT_WORDS:
        return Entry(0, went_out=True)
    match = OUT_PLUS.fullmatch(words)
    if match is None:
        return None
    penalty = rules.going_out_on_double_penalty
    if not penalty:
        raise ValueError("this game has no penalty for going out on a double: type out "
                         "(scores 0)")
    if match.group(1).lstrip("0") != str(penalty):
        raise ValueError(f"going out on a double scores {penalty} in this game: type "
                         f"out+{penalty}")
    return Entry(penalty, went_out=True)


def help_line(rules: RuleSet) -> str:
    penalty = rules.going_out_on_double_penalty
    on_double = f"out+{penalty}: went out on a double · " if penalty else ""
    return (f"o or out: went out · {on_double}F3 tiles, F4 photo for the cell · "
            "Enter saves the row · F1 all keys")


class RoundRowScreen(Screen[RowResult | None]):
    """Dismisses with the row's changes, or None when cancelled."""

    TAB_IN_TYPED = True  # keys typed before it opens may hold Tabs between cells

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True),
        # Tab moves on as the key arrives: left to the focused cell, it waited behind the
        # digits typed there, and a digit typed 30 ms after it went into the same cell
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
        Binding("f3", "cell('tiles')", "Tiles"),
        Binding("f4", "cell('capture')", "Photo"),
        Binding("ctrl+o", "went_out", "Out", priority=True),
        Binding("escape", "cancel", "Cancel"),
        Binding("f1", "app.help", "All keys"),
    ]

    def __init__(self, card: Scorecard, round_index: int, typed: str = "") -> None:
        super().__init__()
        self.card = card
        self.round_index = round_index
        self.typed = typed  # keys typed before the screen opened ("12\t0\t")
        self.save_on_open = False
        # saved and closing: keys typed meanwhile are for the next cell (tui.keys_ahead),
        # and a second Enter must not close a second screen (the scorecard went blank)
        self.closing = False
        self.before = {p: self._existing(p) for p in card.players}
        self.picked: dict[str, Entry] = {}  # cells scored with tiles or a photo
        self._focused_seat = 0

    def _existing(self, player: str) -> Entry | None:
        if self.round_index < len(self.card.rounds):
            return self.card.entry(self.round_index, player)
        return None

    # -- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        card = self.card
        yield Header()
        with Vertical(id="row-entry"):
            yield Label(f"Round {self.round_index + 1} "
                        f"({card.round_header(self.round_index)}): every player's points, "
                        "Tab between cells", id="row-title")
            with Grid(id="row-cells"):
                for seat, player in enumerate(card.players):
                    with Vertical(classes="row-cell"):
                        yield Label(player, classes="row-name")
                        yield FieldInput(shown(self.before[player]), id=f"cell-{seat}",
                                         placeholder="pts / o", compact=True,
                                         take_column=self._take_column)
            if records_opening(card):
                with Horizontal(id="row-opening-line"):
                    yield Label("Opened on ", classes="knob-label")
                    yield opening_select(card, self.round_index, "row-opening")
            yield Static("", id="row-problems", classes="error")
            yield Static(help_line(card.rules), id="row-help")
            with Horizontal(classes="buttons"):
                yield Button("Save row ^S", id="row-save", variant="success")
                yield Button("Cancel Esc", id="row-cancel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = f"Round {self.round_index + 1}"
        count = len(self.card.players)
        self.query_one("#row-cells", Grid).styles.grid_size_columns = min(count, 4)
        first = next((s for s, p in enumerate(self.card.players)
                      if self.before[p] is None), 0)
        self._typed_to = self._replay(first)
        if self.save_on_open:
            # nothing focused meanwhile: keys typed on reach on_key, for the next cell
            self.call_after_refresh(self._save_on_open)
        else:
            self._typed_to.focus()

    def _replay(self, seat: int) -> Input:
        """Put the keys typed before the screen opened into the cells, Tab moving on; the
        cell typed last."""
        parts = self.typed.split("\t")
        for offset, text in enumerate(parts):
            cell = self._cell((seat + offset) % len(self.card.players))
            if text or offset:
                cell.value = text
        target = self._cell((seat + len(parts) - 1) % len(self.card.players))
        target.cursor_position = len(target.value)
        self._check()
        return target

    def _save_on_open(self) -> None:
        """Enter typed before the screen opened: save at once. Refused, the row stays on
        screen to be put right, and the keys typed after that Enter are let go."""
        if not self._save():
            self.save_on_open = False
            self.app.keys_ahead.let_go()
            self._typed_to.focus()

    def on_key(self, event: events.Key) -> None:
        """While the row saves on opening, or closes once saved, keys typed on are for
        the next cell."""
        if self.save_on_open or self.closing:
            self.app.keys_ahead.hold(event)

    def _close_with(self, result: RowResult) -> None:
        """Close with the row saved; from now on no field takes a key."""
        self.closing = True
        self.set_focus(None)
        self.dismiss(result)

    def _take_column(self, cell: FieldInput, lines: list[str]) -> bool:
        """A column pasted in a cell (tui.pasted_column) fills it and the cells after
        it, a line each, to be checked and saved with Enter as a row typed is; one
        longer than the cells left is refused, said in one line."""
        seat = self._seat_of(cell) or 0
        left = len(self.card.players) - seat
        if len(lines) > left:
            self.notify(f"Not pasted: {len(lines)} lines, and {left} cell(s) from "
                        f"{self.card.players[seat]}'s on. Paste one score a line.",
                        title="Pasted", severity="warning", timeout=8)
            return False
        for offset, line in enumerate(lines):
            self._cell(seat + offset).value = line
        last = self._cell(seat + len(lines) - 1)
        last.focus()
        last.cursor_position = len(last.value)
        self._check()
        return False

    def _cell(self, seat: int) -> Input:
        return self.query_one(f"#cell-{seat}", Input)

    def _seat_of(self, widget: object) -> int | None:
        if isinstance(widget, Input) and widget.id and widget.id.startswith("cell-"):
            return int(widget.id.removeprefix("cell-"))
        return None

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        seat = self._seat_of(event.widget)
        if seat is not None:
            self._focused_seat = seat

    # -- reading the row ---------------------------------------------------------------
    def entry_for(self, seat: int) -> Entry | None:
        """The cell's entry (None: empty); ValueError says what is wrong with it."""
        player = self.card.players[seat]
        text = self._cell(seat).value.strip()
        picked = self.picked.get(player) or self.before[player]
        if picked is not None and text == shown(picked):
            return picked
        if not text:
            return None
        out = went_out_cell(text, self.card.rules)
        if out is not None:
            return out
        return Entry(typed_points(text, self.card.rules), method=Method.TYPED)

    def _check(self) -> list[str]:
        problems = []
        for seat, player in enumerate(self.card.players):
            try:
                self.entry_for(seat)
            except ValueError as error:
                problems.append(f"{player}: {error}")
        line = self.query_one("#row-problems", Static)
        line.update("\n".join(problems))
        line.display = bool(problems)
        return problems

    def on_input_changed(self, event: Input.Changed) -> None:
        if self._seat_of(event.input) is not None:
            self._check()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        # saved at once: the cell takes nothing after its Enter (FieldInput), and refused
        # it takes keys again
        saved = self._save()
        if isinstance(event.input, FieldInput):
            event.input.settle(saved)

    def result(self) -> RowResult:
        entries: dict[str, Entry | None] = {}
        for seat, player in enumerate(self.card.players):
            entry = self.entry_for(seat)
            if entry != self.before[player]:
                entries[player] = entry
        opening = self.card.opening(self.round_index)
        if records_opening(self.card):
            opening = chosen_opening(self.query_one("#row-opening", Select))
            self.card.with_opening(self.round_index, opening)  # ValueError if not allowed
        return RowResult(entries, opening)

    # -- actions -----------------------------------------------------------------------
    def action_save(self) -> None:
        after_typed_keys(self, self._save)

    def _save(self) -> bool:
        """Save and close; False (and why said) when the row stays open."""
        if self.closing:
            return True
        problems = self._check()
        if problems:
            self.notify(problems[0], title="Row not saved", severity="error")
            return False
        try:
            result = self.result()
            # the row as the card would take it: two players out, or one tile in two
            # hands, is said here, while what was typed is still on screen
            set_row(self.card, self.round_index, result.entries, result.opening
                    ).apply(self.card)
        except ValueError as error:
            self.notify(str(error), title="Row not saved", severity="error")
            return False
        self._close_with(result)
        return True

    def action_went_out(self) -> None:
        after_typed_keys(self, self._went_out)

    def _went_out(self) -> None:
        cell = self._cell(self._focused_seat)
        cell.value = "out"
        self._next_cell()

    def _next_cell(self) -> None:
        seat = (self._focused_seat + 1) % len(self.card.players)
        self._cell(seat).focus()

    def action_cell(self, mode: str) -> None:
        seat = self._focused_seat
        player = self.card.players[seat]

        def scored(entry: Entry | None) -> None:
            if entry is None:
                return
            self.picked[player] = entry
            self._cell(seat).value = shown(entry)
            self._check()
            self._next_cell()

        self.app.push_screen(ScoreEntryScreen(self.card, self.round_index, player, mode),
                             scored)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "row-save":
            self.action_save()
        else:
            self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)
