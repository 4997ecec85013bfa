"""Stats across games: one row per player of every finished game kept."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header

from tui.plain import Static, cell
from tui.stats import PlayerStats


def _or_dash(value: int | None) -> str:
    return "–" if value is None else str(value)


class StatsScreen(Screen[None]):
    BINDINGS = [Binding("escape,q,s", "close", "Back")]

    def __init__(self, stats: list[PlayerStats], games: int, skipped: int = 0) -> None:
        super().__init__()
        self.stats = stats
        self.games = games  # finished games counted
        self.skipped = skipped  # games that could not be read

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="stats-note")
        yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Stats across games"
        table = self.query_one("#stats-table", DataTable)
        table.add_columns("Player", "Games", "Wins", "Average", "Best round",
                          "Worst round", "Zero rounds")
        for s in self.stats:
            table.add_row(cell(s.player), str(s.games), str(s.wins), f"{s.average:.1f}",
                          _or_dash(s.best_round), _or_dash(s.worst_round),
                          str(s.zero_rounds), key=s.player)
        note = ("No finished games yet." if not self.stats else
                f"{self.games} finished game{'' if self.games == 1 else 's'}. Average: "
                "total per game; best and worst: single rounds; most wins first.")
        if self.skipped:
            note += f" {self.skipped} damaged game(s) left out."
        self.query_one("#stats-note", Static).update(note)
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
