"""The scorecard: one column per round headed by its starting double, one row per
player, totals, zero rounds, ranks (tie-break applied), who leads, rounds left, and the
result in words. The result sits under the status line at the top, where toasts (bottom
right) never cover it; the footer is compact and names the keys used most, ``?`` lists
every key."""

from __future__ import annotations

import inspect
import os
from pathlib import Path

from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header

from scorer.messages import clip
from scorer.scorecard import Method, Scorecard
from tui.column_fit import fitted_widths
from tui.pasted_column import (
    column_keys,
    column_problem,
    is_column,
    pasted_lines,
    placement_problem,
)
from tui.plain import Static
from tui.recognizer import clean_path, folder_not_photo
from tui.standings import lead_words, names, ranks
from tui.widgets import DIGITS, rules_summary, went_out_words
from vision.photo_suffixes import IMAGE_SUFFIXES

WIDE_ENOUGH_FOR_RULES = 130
FIRST_ROUND_COLUMN = 4  # Player, Total, Zero, Rank stay in view; the rounds scroll
# Marks that cannot be read as keys: a tile for picked tiles, a lens for a photo.
METHOD_MARK = {Method.TYPED: "", Method.TILES: "▪", Method.CAPTURE: "◉"}
LEGEND = "out went out · ▪ picked tiles · ◉ from a photo · digits type a score"


# A key on the scorecard that opens the selected cell's score screen, and its tab.
OPENS_ENTRY = {"enter": "typed", "p": "tiles", "c": "capture"}


class ScorecardScreen(Screen[None]):
    """Shows ``card``; the app sets it after every change (attributes down)."""

    BINDINGS = [
        Binding("enter", "app.score('typed')", "Type", key_display="⏎", priority=False),
        Binding("r", "app.score_row", "Row"),
        Binding("p", "app.score('tiles')", "Tiles"),
        Binding("c", "app.score('capture')", "Photo"),
        Binding("o", "app.went_out", "Out"),
        Binding("backspace", "app.clear_score", "Clear a score", show=False),
        Binding("d", "app.delete_round", "Delete round", show=False),
        Binding("u,ctrl+z", "app.undo", "Undo"),
        Binding("U,ctrl+y", "app.redo", "Redo", show=False),
        Binding("e", "app.changes", "Past changes", show=False),
        Binding("v", "app.verify", "Verify a play", show=False),
        Binding("l", "app.score('live')", "Live view snapshot", show=False),
        Binding("t", "toggle_totals", "Points or running totals", show=False),
        Binding("n", "app.new_game", "New game", show=False),
        Binding("N", "app.rematch", "New game, same table", show=False),
        Binding("H", "app.house_rules", "House rules", show=False),
        Binding("h", "app.history", "History", show=False),
        Binding("s", "app.stats", "Stats across games", show=False),
        Binding("x", "app.export", "Export CSV and JSON", show=False),
        Binding("ctrl+s", "app.save_now", "Save now", show=False),
        Binding("question_mark,f1", "app.help", "All keys", key_display="?"),
    ]

    card: reactive[Scorecard | None] = reactive(None, always_update=True)
    running: reactive[bool] = reactive(False)
    unsaved: reactive[str] = reactive("")  # what is not on disk yet, and why; "" = saved

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="board"):
            with Vertical(id="card-pane"):
                yield Static("", id="unsaved")
                yield Static("", id="status")
                yield Static("", id="result")
                yield DataTable(id="card-table", cursor_type="cell", zebra_stripes=True,
                                fixed_columns=FIRST_ROUND_COLUMN)
                yield Static(LEGEND, id="legend")
                yield Static("", id="rules-line")
            with VerticalScroll(id="rules-pane"):
                yield Static("", id="rules-full")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._fit_rules(self.app.size.width)
        self.watch_unsaved(self.unsaved)

    def watch_unsaved(self, unsaved: str) -> None:
        if not self.is_mounted:
            return
        banner = self.query_one("#unsaved", Static)
        banner.update(unsaved)
        banner.display = bool(unsaved)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_rules(event.size.width)

    def _fit_rules(self, width: int) -> None:
        wide = width >= WIDE_ENOUGH_FOR_RULES
        self.query_one("#rules-pane").display = wide
        self.query_one("#rules-line").display = not wide

    # -- the selected cell -------------------------------------------------------------
    def selected(self) -> tuple[int, str] | None:
        """(round index, player) under the cursor; a non-round column means the round
        being played now."""
        card = self.card
        if card is None:
            return None
        table = self.query_one("#card-table", DataTable)
        row, column = table.cursor_coordinate
        if not 0 <= row < len(card.players):
            return None
        player = card.players[row]
        round_index = column - FIRST_ROUND_COLUMN
        if not 0 <= round_index < self._columns_for(card):
            current = card.current_round()
            if current is None:
                return None
            round_index = current
        return round_index, player

    def move_to(self, round_index: int, player: str) -> None:
        card = self.card
        if card is None or player not in card.players:
            return
        table = self.query_one("#card-table", DataTable)
        column = min(round_index, self._columns_for(card) - 1) + FIRST_ROUND_COLUMN
        table.move_cursor(row=card.players.index(player), column=column, animate=False)

    @staticmethod
    def _columns_for(card: Scorecard) -> int:
        """Round columns shown: every round, plus the next one in a target-total game."""
        extra = 1 if card.is_open_ended and card.current_round() == len(card.rounds) else 0
        return len(card.rounds) + extra

    # -- drawing -----------------------------------------------------------------------
    def action_toggle_totals(self) -> None:
        self.running = not self.running
        self.notify("Showing running totals" if self.running else "Showing round points")

    def watch_running(self) -> None:
        self.watch_card(self.card)

    def watch_card(self, card: Scorecard | None) -> None:
        if not self.is_mounted:
            return
        table = self.query_one("#card-table", DataTable)
        cursor = table.cursor_coordinate
        table.clear(columns=True)
        status = self.query_one("#status", Static)
        result_line = self.query_one("#result", Static)
        if card is None:
            status.update("No game yet. Press n to start one.")
            result_line.update("")
            result_line.display = False
            self.query_one("#rules-line", Static).update("")
            self.query_one("#rules-full", Static).update("")
            self.sub_title = ""
            return
        current = card.current_round()
        headers = list(card.round_headers())
        if self._columns_for(card) > len(headers):
            headers.append(card.round_header(len(headers)))
        labels: list[object] = ["Player", "Total", "Zero", "Rank"]
        keys = ["player", "total", "zero", "rank"] + [f"r{i}" for i in range(len(headers))]
        for i, head in enumerate(headers):
            labels.append(Text(head, style="bold reverse") if i == current else Text(head))
        rows = self._rows(card, len(headers))
        # widths set with the rows: the table's own measuring comes too late (column_fit)
        for label, key, width in zip(labels, keys, fitted_widths(labels, rows), strict=True):
            table.add_column(label, key=key, width=width)
        for player, cells in zip(card.players, rows, strict=True):
            table.add_row(*cells, key=player)
        if cursor.row < table.row_count and cursor.column < len(table.columns):
            table.cursor_coordinate = cursor
        status.update(self._status(card))
        result_line.update(self._result(card))
        result_line.display = card.is_finished
        self.query_one("#rules-line", Static).update(
            "Rules: " + rules_summary(card.rules, len(card.players)))
        self.query_one("#rules-full", Static).update(
            Text.assemble(("House rules of this game", "bold"), "\n",
                          "\n".join(card.rules_in_words())))
        self.sub_title = " vs ".join(card.players) if len(card.players) <= 4 else (
            f"{len(card.players)} players")

    def _rows(self, card: Scorecard, rounds: int) -> list[list[object]]:
        """One row of cells per player: name, total, zero rounds, rank, then ``rounds``
        round cells (points, or running totals when ``running``)."""
        totals, zeros = card.totals(), card.zero_rounds()
        rank = ranks(card)
        running = card.running_totals()
        rows: list[list[object]] = []
        for seat, player in enumerate(card.players):
            place = rank.get(player)
            rank_cell = (Text("–", style="dim") if place is None else
                         Text(f"#{place}", style="bold green" if place == 1 else ""))
            cells: list[object] = [
                Text(player, style="bold"), Text(str(totals[player]), style="bold"),
                str(zeros[player]), rank_cell]
            for r in range(rounds):
                entry = card.rounds[r][seat] if r < len(card.rounds) else None
                if entry is None:
                    cells.append(Text("·", style="dim"))
                elif self.running:
                    cells.append(str(running[player][r]))
                elif entry.went_out:
                    cells.append(Text(went_out_words(entry), style="green"))
                else:
                    cells.append(f"{entry.points}{METHOD_MARK[entry.method]}")
            rows.append(cells)
        return rows

    @staticmethod
    def _status(card: Scorecard) -> str:
        current = card.current_round()
        if current is None:
            return f"Game over after {card.rounds_played()} rounds."
        left = card.rounds_left()
        if left is None:
            rounds = (f"Round {current + 1} ({card.round_header(current)}), until someone "
                      f"reaches {card.rules.target_total}")
        else:
            rounds = (f"Round {current + 1} of {len(card.rounds)} "
                      f"({card.round_header(current)}) · {left} left")
        lead = lead_words(card)
        if lead:
            return f"{rounds} · {lead}"
        if card.round_started(0):
            return f"{rounds} · r types the whole round in one row"
        return f"{rounds} · Enter scores a cell, r a whole round"

    @staticmethod
    def _result(card: Scorecard) -> Text:
        if not card.is_finished:
            return Text("")
        result = card.result()
        text = Text()
        text.append(f"Winner: {names(result.winners)}", style="bold green")
        text.append(f" — {result.reason}.")
        loser = card.loser_reached_target()
        if loser:
            text.append(f" {loser} reached {card.rules.target_total}.")
        text.append(" N: new game, same table.", style="dim")
        return text

    def on_key(self, event: events.Key) -> None:
        """A digit starts typing the selected player's points straight away."""
        if self.take_key(event.key, event.character):
            event.stop()
            event.prevent_default()
            # a key that opens a screen (h, ?) ran here and goes no further: the keys
            # held behind it go to that screen once it has focus (tui.keys_on_hold)
            held = getattr(self.app, "keys_on_hold", None)
            if held is not None:
                held.acted_on(event)

    def take_key(self, key: str, character: str | None) -> bool:
        """Whether a key typed on the scorecard (or sent on by tui.keys_ahead) is taken
        as typed here: a digit opens the selected cell's screen, and what is typed while
        it opens goes into it."""
        if getattr(self.app, "asking_before_change", None) is not None:
            # typed behind the key that asked before a new change, while the question
            # opened: part of that change, kept for it (tui.app ``_new_change_then``)
            self.app.keys_ahead.hold_key(key, character)
            return True
        opening = getattr(self.app, "opening_entry", None)
        if opening is not None and not opening.is_mounted:
            # Keys typed faster than the entry screen opened belong to it: all of them up
            # to an Enter, so that "12.5" or "1x" is shown there as typed and refused,
            # not cut to 125; those past it to the next cell (tui.keys_ahead).
            if opening.save_on_open:
                self.app.keys_ahead.hold_key(key, character)
            elif character and character.isprintable():
                opening.typed += character
            elif key == "tab" and getattr(opening, "TAB_IN_TYPED", False):
                opening.typed += "\t"
            elif key == "enter":
                opening.save_on_open = True
            else:
                return False
            return True
        if self.card is None:
            return False
        if character and character in DIGITS:
            self.app.action_score("typed", typed=character)
            return True
        # The keys that open a score screen open it here, at once: as bindings they ran
        # after the keys typed right behind them ("r5" opened Ann's score with 5 typed)
        if key == "r":
            self.app.action_score_row()
            return True
        if key in OPENS_ENTRY:
            self.app.action_score(OPENS_ENTRY[key])
            return True
        return self._run_binding(key)

    def _run_binding(self, key: str) -> bool:
        """Run the scorecard's (or its table's) binding for ``key`` here, in the order
        typed. Looked up once back at the app, it ran after a digit typed behind it had
        opened a score screen: "down 4" gave Ann the 4 meant for Bo, and "u u u 7" undid
        nothing and wrote the 7 over the last score. The app's own keys (Ctrl+Q, the
        palette) and an action that must be awaited go on to the app."""
        active = self.active_bindings.get(key)
        if active is None or active.binding.priority or not active.enabled or (
                active.node is self.app):
            return False
        namespace, name, arguments = parse_action(active.binding.action)
        target = self.app if namespace == "app" else active.node
        action = getattr(target, f"action_{name}", None)
        if action is None or inspect.iscoroutinefunction(action):
            return False
        action(*arguments)
        return True

    def on_paste(self, event: events.Paste) -> None:
        """A photo dropped on the terminal arrives as a pasted path: read it for the
        selected cell. Pasted digits are a score typed; anything else is neither, and
        is said so rather than read as a photo that is not there; a folder is named a
        folder, as the photo tab names it."""
        event.stop()
        text = event.text.strip()
        folder = folder_not_photo(clean_path(text)) if text and "\n" not in text else None
        lines = pasted_lines(text)
        if is_column(lines) and all(line.isascii() and line.isdigit() for line in lines):
            self._take_column(lines)
        elif text.isascii() and text.isdigit():
            self.app.action_score("typed", typed=text)
        elif folder is not None:
            self.notify(folder, severity="warning")
        elif _names_a_photo(text):
            self.app.action_score("capture", event.text)
        else:
            self.notify(f"Pasted text is no photo path and no score: {clip(text, 40)!r}. "
                        "Drop a photo file here, or type the points.", severity="warning")

    def _take_column(self, lines: list[str]) -> None:
        """A column of scores pasted on the scorecard (tui.pasted_column): typed here, a
        score and its Enter a line, from the selected cell on; refused whole when a line
        is more than a hand holds."""
        if self.card is None:
            self.app.action_score("typed")  # says to start a game first
            return
        problem = column_problem(lines, self.card.rules)
        spot = self.selected()
        if problem is None and spot is not None:
            problem = placement_problem(lines, self.card, spot)
        if problem is not None:
            self.notify(problem, title="Pasted", severity="warning", timeout=8)
            return
        for key, character in column_keys(lines):
            self.take_key(key, character)

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()
        self.app.action_score("typed")


def _names_a_photo(text: str) -> bool:
    """Whether pasted ``text`` is one path of a photo file: a file that is there, or a
    name ending as a photo's does (said missing when read)."""
    if not text or "\n" in text:
        return False
    path = clean_path(text)
    return os.path.isfile(path) or Path(path).suffix.lower() in IMAGE_SUFFIXES
