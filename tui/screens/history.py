"""Every game kept, newest first: open one, export one, delete one (asked first). A game
whose record is damaged is listed with the word "damaged" and why, not hidden."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header

from tui.plain import Static, cell
from tui.screens.confirm import ConfirmScreen
from tui.store import GameInfo


class HistoryScreen(Screen[int | None]):
    """Dismisses with the id of the game to open, or None."""

    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("x", "export", "Export"),
        Binding("delete,D", "delete", "Delete", key_display="Del"),
    ]
    # Enter opens the game selected: what is typed behind it is for that game's card
    # (tui.keys_on_hold)
    CLOSING_KEYS = ("enter",)

    def __init__(self, games: list[GameInfo]) -> None:
        super().__init__()
        self.games = list(games)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="history-note")
        yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "History"
        table = self.query_one("#history-table", DataTable)
        table.add_columns("Game", "Started", "Last change", "Players", "Result")
        self._fill()
        table.focus()

    def _fill(self) -> None:
        table = self.query_one("#history-table", DataTable)
        table.clear()
        for index, game in enumerate(self.games):
            if game.damaged:
                result = Text("damaged", style="bold red")
            elif game.finished:
                result = Text("won by " + " and ".join(game.winners))
            else:
                result = Text("unfinished")
            table.add_row(str(game.id), cell(game.created), cell(game.updated),
                          cell(", ".join(game.players) or "?"), result, key=f"{index}")
        count = f"{len(self.games)} game" + ("" if len(self.games) == 1 else "s")
        damaged = sum(1 for g in self.games if g.damaged)
        note = (f"{count}. Enter opens one, x exports it, Delete deletes it (asked first)."
                if self.games else "No games yet.")
        if damaged:
            note += (f" {damaged} damaged: cannot be opened, only deleted (Enter says "
                     "what is wrong).")
        self.query_one("#history-note", Static).update(note)

    def _selected_game(self) -> GameInfo | None:
        table = self.query_one("#history-table", DataTable)
        if not self.games:
            return None
        return self.games[min(table.cursor_row, len(self.games) - 1)]

    def _selected(self) -> int | None:
        game = self._selected_game()
        return None if game is None else game.id

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        game = self._selected_game()
        if game is not None and game.damaged:
            self.notify(f"Game {game.id} is damaged ({game.damaged}); it cannot be opened.",
                        severity="error")
            return
        self.dismiss(self._selected())

    def action_export(self) -> None:
        game = self._selected_game()
        if game is not None and not game.damaged:
            self.app.export_game(game.id)  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        game = self._selected_game()
        if game is None:
            return
        who = ", ".join(game.players) or "players unknown"
        what = "damaged" if game.damaged else ("finished" if game.finished else "unfinished")

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            if self.app.delete_game(game.id):  # type: ignore[attr-defined]
                row = self.games.index(game)
                self.games.remove(game)
                self._fill()
                table = self.query_one("#history-table", DataTable)
                if self.games:
                    table.move_cursor(row=min(row, len(self.games) - 1), animate=False)

        self.app.push_screen(ConfirmScreen(
            f"Delete game {game.id} ({who}; {what}, started {game.created}) and every "
            "change kept for it? This cannot be undone.", yes="Delete"), answered)

    def action_close(self) -> None:
        self.dismiss(None)
