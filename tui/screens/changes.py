"""The past changes of one game, oldest first, as the store keeps them (one snapshot per
change, with its label). Changes past the undo point are marked: redo brings them back."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header

from tui.plain import Static


class ChangesScreen(Screen[None]):
    BINDINGS = [Binding("escape,q,e", "close", "Back")]

    def __init__(self, game_id: int, changes: list[tuple[int, str, str]],
                 cursor: int) -> None:
        super().__init__()
        self.game_id = game_id
        self.changes = changes
        self.cursor = cursor

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="changes-note")
        yield DataTable(id="changes-table", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = f"Game {self.game_id}: past changes"
        table = self.query_one("#changes-table", DataTable)
        table.add_columns("#", "When", "Change", "")
        for seq, label, at in self.changes:
            if seq == self.cursor:
                state = Text("◀ now", style="bold green")
            elif seq > self.cursor:
                state = Text("undone (U redoes)", style="dim")
            else:
                state = Text("")
            table.add_row(str(seq), at, Text(label, style="dim" if seq > self.cursor
                                             else ""), state, key=str(seq))
        undone = sum(1 for seq, _, _ in self.changes if seq > self.cursor)
        note = f"{len(self.changes)} change(s) kept"
        note += f", {undone} undone." if undone else "."
        self.query_one("#changes-note", Static).update(note)
        if self.changes:
            table.move_cursor(row=min(self.cursor, len(self.changes)) - 1, animate=False)
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
