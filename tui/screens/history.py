"""Every game kept, newest first: open one, export one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from tui.store import GameInfo


class HistoryScreen(Screen[int | None]):
    """Dismisses with the id of the game to open, or None."""

    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("x", "export", "Export"),
    ]

    def __init__(self, games: list[GameInfo]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="history-note")
        yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "History"
        table = self.query_one("#history-table", DataTable)
        table.add_columns("Game", "Started", "Last change", "Players", "Result")
        for game in self.games:
            if game.finished:
                result = "won by " + " and ".join(game.winners)
            else:
                result = "unfinished"
            table.add_row(str(game.id), game.created, game.updated, ", ".join(game.players),
                          result, key=str(game.id))
        count = f"{len(self.games)} game" + ("" if len(self.games) == 1 else "s")
        note = (f"{count}. Enter opens one, x exports it to CSV and JSON."
                if self.games else "No games yet.")
        self.query_one("#history-note", Static).update(note)
        table.focus()

    def _selected(self) -> int | None:
        table = self.query_one("#history-table", DataTable)
        if not self.games:
            return None
        return self.games[min(table.cursor_row, len(self.games) - 1)].id

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.dismiss(self._selected())

    def action_export(self) -> None:
        game = self._selected()
        if game is not None:
            self.app.export_game(game)  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)
