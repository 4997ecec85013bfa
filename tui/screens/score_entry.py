"""Score one player's round: type a number, pick the tiles, or read them from a photo, the
camera or the live view's newest snapshot, check what was read, fix it, confirm."""

from __future__ import annotations

import json
import os
import time
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Footer,
    Header,
    Input,
    LoadingIndicator,
    Select,
    SelectionList,
    TabbedContent,
    TabPane,
)

from scorer.messages import counted
from scorer.scorecard import Entry, Method, Scorecard
from scorer.scoring import score_hand, tile_points
from scorer.tiles import Tile, full_set
from tui.keys_ahead import FieldInput
from tui.pasted_column import column_keys, column_problem, placement_problem
from tui.plain import Label, Static
from tui.recognizer import (
    CameraUnavailable,
    NoSnapshotWaiting,
    ReadTile,
    RecognizerUnavailable,
    clean_path,
    recognition_to_data,
    review_tiles,
)
from tui.screens.confirm import ConfirmScreen
from tui.screens.points import typed_points
from tui.typed_first import after_typed_keys
from tui.widgets import DIGITS, chip, chips, confidence_text, parse_tiles, score_now_words
from tui.widgets_opening import chosen_opening, opening_select, records_opening
from vision.types import Recognition

TABS = {"typed": "typed", "tiles": "tiles", "capture": "capture"}


class ReadProgress(Message):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class ReadDone(Message):
    def __init__(self, recognition: Recognition) -> None:
        super().__init__()
        self.recognition = recognition


class ReadFailed(Message):
    def __init__(self, text: str, title: str, severity: str = "error") -> None:
        super().__init__()
        self.text = text
        self.title = title
        self.severity = severity


# The field that takes the keys in each mode.
MODE_FIELDS = {"typed": "#points", "tiles": "#tile-text", "capture": "#photo-path"}


class ReviewTable(DataTable):
    """The tiles read, one per row. Enter confirms a doubtful tile as read, two digits
    replace the tile, a takes the second guess, Delete removes it, + adds one, f fixes it
    by typing."""

    BINDINGS = [
        Binding("enter", "screen.confirm_tile", "Confirm"),
        Binding("a", "screen.take_alternative", "2nd guess"),
        Binding("delete,backspace", "screen.remove_tile", "Remove"),
        Binding("plus,insert", "screen.add_tile", "Add"),
        Binding("f", "screen.fix_tile", "Fix"),
    ]

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character in DIGITS:  # not "²" or "٣": int() of them
            event.stop()
            event.prevent_default()
            screen = self.screen
            if isinstance(screen, ScoreEntryScreen):
                screen.digit(int(event.character))


class ScoreEntryScreen(Screen[Entry | None]):
    """Dismisses with the confirmed Entry, or None when cancelled."""

    BINDINGS = [
        Binding("f1", "app.help", "All keys"),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+o", "went_out", "Went out", priority=True),
        Binding("f2", "tab('typed')", "Type"),
        Binding("f3", "tab('tiles')", "Tiles"),
        Binding("f4", "tab('capture')", "Photo"),
        Binding("ctrl+r", "camera", "Camera", priority=True),
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+l", "live", "Live view", priority=True),
    ]

    def __init__(self, card: Scorecard, round_index: int, player: str, mode: str = "typed",
                 photo: str = "", camera_index: int = 0, typed: str = "",
                 live: bool = False, ask_opening: bool = True) -> None:
        super().__init__()
        self.card = card
        self.rules = card.rules
        self.round_index = round_index
        self.player = player
        self.mode = mode if mode in TABS else "typed"
        # Focus lands on the mode's field as the screen opens, not on the first focusable
        # widget (the opening double's list), which would take the keys typed fast.
        self.AUTO_FOCUS = MODE_FIELDS[self.mode]
        self.photo = photo
        self.camera_index = camera_index
        self.typed = typed
        self.live = live  # take the live view's newest snapshot on opening
        # Under the "next lower double" rule: the double the round opened on, as chosen
        # here (read by the app when the screen is dismissed).
        self.ask_opening = ask_opening and records_opening(card) and (
            round_index < len(card.rounds))
        self.opening: int | None = card.opening(round_index)
        self.save_on_open = False
        # saved and closing: keys typed meanwhile are for the next cell (tui.keys_ahead),
        # and a second Enter must not close a second screen (the scorecard went blank)
        self.closing = False
        self.read: list[ReadTile] = []
        self.recognition: Recognition | None = None
        self._pending_digit: tuple[int, int] | None = None  # (row, first half typed)
        self._syncing = False
        self._fix_row: int | None = None  # row being fixed by typing; None = adding
        self._from_live = False  # the reading under way comes from the live view

    # -- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        before = self._existing()
        yield Header()
        with Vertical(id="entry"):
            head = (f"{self.player} · round {self.round_index + 1} "
                    f"({self.card.round_header(self.round_index)})")
            if before is not None:
                head += f" · now {score_now_words(before)}"
            yield Label(head, id="entry-title")
            if self.ask_opening:
                with Horizontal(id="entry-opening-line"):
                    yield Label("Round opened on ", classes="knob-label")
                    yield opening_select(self.card, self.round_index, "entry-opening")
            with TabbedContent(initial=self.mode, id="modes"):
                with TabPane("Type F2", id="typed"):
                    yield Label("Points left in the hand:")
                    yield FieldInput(self.typed or (str(before.points) if before else ""),
                                select_on_focus=not self.typed,
                                placeholder="e.g. 23", id="points",
                                take_column=self._take_column)
                    yield Static("", id="points-problem", classes="error")
                    yield Checkbox("Went out (scores 0)", bool(before and before.went_out),
                                   id="went-out")
                    penalty = self.rules.going_out_on_double_penalty
                    if penalty:  # the house rule: going out on a double costs this
                        yield Checkbox(f"Went out on a double (scores {penalty})",
                                       bool(before and before.went_out and before.points),
                                       id="out-on-double")
                with TabPane("Tiles F3", id="tiles"):
                    yield FieldInput(", ".join(str(t) for t in before.tiles) if before else "",
                                placeholder="5-3 6-6 0-0  (or 53 66 00)", id="tile-text")
                    yield Static("", id="tiles-total", classes="total")
                    yield SelectionList[Tile](
                        *[(chip(t) + f"  {tile_points(t, self.rules):>2}", t)
                          for t in full_set(self.rules.set_max)], id="tile-list")
                with TabPane("Photo F4", id="capture"):
                    with Horizontal(id="photo-row"):
                        yield Input(self.photo, placeholder="photo path (type, paste or drop "
                                    "it here), Enter reads it", id="photo-path")
                        yield Button("Read", id="read-photo", variant="primary")
                        yield Button("Camera ^R", id="read-camera")
                    with Horizontal(id="progress-row"):
                        yield LoadingIndicator(id="busy")
                        yield Static("", id="progress")
                    yield ReviewTable(id="review", cursor_type="row", zebra_stripes=True)
                    yield Input(placeholder="tile, e.g. 5-2, Enter", id="fix-input")
                    yield Static("", id="capture-total", classes="total")
            with Horizontal(classes="buttons"):
                yield Button("Save ^S", id="save", variant="success")
                yield Button("Went out ^O", id="went-out-button")
                yield Button("Cancel Esc", id="cancel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = f"Score {self.player}"
        self.query_one("#busy").display = False
        self.query_one("#fix-input").display = False
        review = self.query_one("#review", ReviewTable)
        review.add_columns("#", "Tile", "Sure", "2nd guess", "Points")
        before = self._existing()
        if before is not None and before.method is Method.TILES:
            self._sync_list_from_text()
        if before is not None and before.method is Method.CAPTURE:
            self._restore_capture(before)
        self._update_tiles_total()
        self._render_review()
        self._check_points()
        # Keys typed before the screen opened go to the field of its mode; Enter among
        # them does what Enter does there (save, or read the photo).
        if self.typed:
            self.query_one(MODE_FIELDS[self.mode], Input).value = self.typed
            if self.mode == "capture" and self.save_on_open:
                self.photo = self.photo or self.typed
        if self.save_on_open and self.mode != "capture":
            # nothing focused meanwhile: keys typed on reach on_key, for the next cell
            self.call_after_refresh(self._save_on_open)
        else:  # a photo's Enter reads it, and the player reviews it: nothing to type on
            self.save_on_open = False
            self.app.keys_ahead.let_go()
            self.call_after_refresh(self._focus_mode)
        if self.mode == "capture" and self.photo:
            self.read_photo(self.photo)
        elif self.mode == "capture" and self.live:
            self.action_live()

    def _save_on_open(self) -> None:
        """Enter typed before the screen opened: save at once. Refused, what was typed
        stays on screen to be put right, and the keys typed after that Enter are let go."""
        if not self._save():
            self.save_on_open = False
            self.app.keys_ahead.let_go()
            self._focus_mode()

    def on_key(self, event: events.Key) -> None:
        """A key that reaches the screen while nothing has focus yet (typed fast, just
        after it opened) belongs to the mode's field, never lost: "12.5" stays 12.5; while
        it saves on opening, to the next cell."""
        if self.save_on_open or self.closing:
            self.app.keys_ahead.hold(event)
            return
        field = self.query_one(MODE_FIELDS[self.mode], Input)
        if (event.key == "enter" and isinstance(field, FieldInput) and field.entered is None
                and self.focused in (None, field)):
            # the field's Enter, sent here before it had focus (the field never saw it:
            # an Enter it saw is marked): it was lost, and the next score's digits went
            # on into this one (5, Enter, 1 saved 51)
            event.stop()
            event.prevent_default()
            field.entered = field.value
            field.settle(self._save())
            return
        if not (event.character and event.is_printable):
            return
        if self.mode == "capture" and self.read:
            return
        # a focused field takes its printable keys itself: one reaching the screen was
        # sent here before the field had focus, and is the field's all the same
        if self.focused is not None and self.focused is not field:
            return
        if isinstance(field, FieldInput) and field.entered is not None:
            self.app.keys_ahead.hold(event)  # the field's Enter came first
            return
        field.value += event.character
        field.cursor_position = len(field.value)
        event.stop()
        event.prevent_default()

    def _focus_mode(self, now: bool = False, to_path: bool = False) -> None:
        if self.mode == "capture" and self.read and not to_path:
            widget = self.query_one("#review")
        else:
            widget = self.query_one(MODE_FIELDS[self.mode])
        if now:
            self.set_focus(widget)
        else:
            widget.focus()

    def _existing(self) -> Entry | None:
        if self.round_index < len(self.card.rounds):
            return self.card.entry(self.round_index, self.player)
        return None

    def _restore_capture(self, entry: Entry) -> None:
        raw = entry.raw if isinstance(entry.raw, dict) else {}
        self.read = [ReadTile(t, 1.0, confirmed=True) for t in entry.tiles]
        if raw:
            self.query_one("#progress", Static).update(
                f"Earlier reading of {raw.get('image', 'a photo')}: confirmed tiles below.")

    # -- switching modes ---------------------------------------------------------------
    def action_tab(self, tab: str) -> None:
        # F4 on the photo tab is to give another photo: the path, not the tiles read
        # (whose digit keys would take a typed path's digits as fixes).
        self._switch(tab, to_path=tab == "capture" and self.mode == "capture")

    def _switch(self, tab: str, to_path: bool = False) -> None:
        self.mode = tab
        self.query_one("#modes", TabbedContent).active = tab
        # Focus now, so keys typed straight after the switch reach the field, and again
        # after the refresh in case the pane was not shown yet.
        self._focus_mode(now=True, to_path=to_path)
        self.call_after_refresh(lambda: self._focus_mode(to_path=to_path))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id in TABS:
            self.mode = str(event.pane.id)

    # -- typed -------------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id in ("points", "tile-text"):
            # saved at once, not behind the field's queue (after_typed_keys): the field
            # takes nothing after its Enter (FieldInput), and refused it takes keys again
            saved = self._save()
            if isinstance(event.input, FieldInput):
                event.input.settle(saved)
        elif event.input.id == "photo-path":
            self.read_photo(event.value)
        elif event.input.id == "fix-input":
            self._apply_fix(event.value)

    def _take_column(self, field: FieldInput, lines: list[str]) -> bool:
        """A column of scores pasted in the points field (tui.pasted_column): the first
        is this cell's, saved now; the others are typed on, each with its Enter, for
        the cells Enter moves to. Refused whole when a line is no score."""
        problem = column_problem(lines, self.rules)
        if problem is None:
            problem = placement_problem(lines, self.card, (self.round_index, self.player))
        if problem is not None:
            self.notify(problem, title="Pasted", severity="warning", timeout=8)
            return False
        field.value = lines[0]
        for key, character in column_keys(lines[1:]):
            self.app.keys_ahead.hold_key(key, character)  # type: ignore[attr-defined]
        return True

    # -- tiles -------------------------------------------------------------------------
    def _check_points(self) -> None:
        """Say under the field, as it is typed, what is wrong with the points."""
        text = self.query_one("#points", Input).value
        problem = ""
        if text.strip():
            try:
                typed_points(text, self.rules)
            except ValueError as error:
                problem = str(error)
        line = self.query_one("#points-problem", Static)
        line.update(problem)
        line.display = bool(problem)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "points":
            self._check_points()
            self._untick_went_out(event.value)
        if event.input.id == "tile-text" and not self._syncing:
            self._sync_list_from_text()
            self._update_tiles_total()

    def _went_out_points(self) -> int:
        """What going out scores as the boxes say: 0, or the penalty on a double."""
        on_double = self.query(Checkbox).filter("#out-on-double")
        return (self.rules.going_out_on_double_penalty
                if on_double and on_double.first().value else 0)

    def _untick_went_out(self, typed: str) -> None:
        """Points typed over a hand that went out mean it did not: the box would
        otherwise save what going out scores and drop them unseen."""
        went_out = self.query_one("#went-out", Checkbox)
        if went_out.value and typed.strip() not in ("", str(self._went_out_points())):
            went_out.value = False
            for box in self.query(Checkbox).filter("#out-on-double"):
                box.value = False

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "out-on-double" and event.value:
            self.query_one("#went-out", Checkbox).value = True
        if event.checkbox.id in ("went-out", "out-on-double") and (
                self.query_one("#went-out", Checkbox).value):
            self.query_one("#points", Input).value = str(self._went_out_points())

    def _sync_list_from_text(self) -> None:
        tiles, _ = parse_tiles(self.query_one("#tile-text", Input).value, self.rules.set_max)
        picker = self.query_one("#tile-list", SelectionList)
        self._syncing = True
        try:
            picker.deselect_all()
            for tile in tiles:
                picker.select(tile)
        finally:
            self._syncing = False

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        if self._syncing:
            return
        typed, _ = parse_tiles(self.query_one("#tile-text", Input).value, self.rules.set_max)
        chosen = set(event.selection_list.selected)
        if chosen == set(typed):
            return  # the echo of a change typed in the text box
        tiles = [t for t in typed if t in chosen] + sorted(
            (t for t in chosen if t not in typed), key=lambda t: (-t.high, -t.low))
        self._syncing = True
        try:
            self.query_one("#tile-text", Input).value = " ".join(str(t) for t in tiles)
        finally:
            self._syncing = False
        self._update_tiles_total()

    def _update_tiles_total(self) -> None:
        tiles, problems = parse_tiles(self.query_one("#tile-text", Input).value,
                                      self.rules.set_max)
        text = Text(f"{chips(tiles)}  =  {score_hand(tiles, self.rules)} points",
                    style="bold")
        for problem in problems:
            text.append(f"\n{problem}", style="red")
        self.query_one("#tiles-total", Static).update(text)

    # -- capture -----------------------------------------------------------------------
    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {
            "save": self.action_save,
            "went-out-button": self.action_went_out,
            "cancel": self.action_cancel,
            "read-camera": self.action_camera,
            "read-photo": lambda: self.read_photo(self.query_one("#photo-path", Input).value),
        }
        actions[str(event.button.id)]()

    def on_paste(self, event: events.Paste) -> None:
        """A photo dragged onto the terminal arrives as pasted text: read it."""
        if isinstance(self.focused, Input) and self.focused.id != "photo-path":
            return
        event.stop()
        self._switch("capture")
        self.query_one("#photo-path", Input).value = clean_path(event.text)
        self.read_photo(event.text)

    def read_photo(self, path: str) -> None:
        path = clean_path(path)
        if not path:
            self.notify("Type, paste or drop the path of a photo first.", severity="warning")
            return
        self._start_reading(f"Reading {path}...")
        self.run_reader(path, None)

    def action_camera(self) -> None:
        self._switch("capture")
        self._start_reading(f"Opening camera {self.camera_index}...")
        self.run_reader(None, self.camera_index)

    def action_live(self) -> None:
        """The newest snapshot ``chickenfoot live --send`` left: reviewed like a photo."""
        self._switch("capture")
        self._start_reading("Looking for a live snapshot...", live=True)
        self.run_reader(None, None, live=True)

    def _start_reading(self, text: str, live: bool = False) -> None:
        self._from_live = live
        self.query_one("#busy").display = True
        self.query_one("#progress", Static).update(text)

    @work(thread=True, exclusive=True, group="reader")
    def run_reader(self, path: str | None, camera: int | None, live: bool = False) -> None:
        recognizer = self.app.recognizer  # type: ignore[attr-defined]
        set_max = self.rules.set_max
        title = "Live view" if live else "Photo" if camera is None else "Camera"

        def progress(text: str) -> None:
            self.post_message(ReadProgress(text))

        try:
            if live:
                recognition = recognizer.take_live_snapshot(progress=progress)
            elif path is not None:
                recognition = recognizer.read_path(path, set_max=set_max, progress=progress)
            else:
                recognition = recognizer.read_camera(camera or 0, set_max=set_max,
                                                     progress=progress)
        except NoSnapshotWaiting as error:
            self.post_message(ReadFailed(str(error), title, "warning"))
        except (RecognizerUnavailable, CameraUnavailable, FileNotFoundError) as error:
            self.post_message(ReadFailed(str(error), title))
        except Exception as error:  # noqa: BLE001 - any reader failure becomes a message
            self.post_message(ReadFailed(f"Reading failed: {error}", title))
        else:
            self.post_message(ReadDone(recognition))

    def on_read_progress(self, message: ReadProgress) -> None:
        self.query_one("#progress", Static).update(message.text)

    def on_read_failed(self, message: ReadFailed) -> None:
        self.query_one("#busy").display = False
        style = "bold red" if message.severity == "error" else "bold yellow"
        self.query_one("#progress", Static).update(Text(message.text, style=style))
        self.notify(message.text, title=message.title, severity=message.severity,  # type: ignore[arg-type]
                    timeout=8)

    def on_read_done(self, message: ReadDone) -> None:
        self.query_one("#busy").display = False
        self.recognition = message.recognition
        self._pending_digit = None
        self.read = review_tiles(message.recognition, self.rules.set_max)
        doubtful = sum(1 for r in self.read if r.doubtful)
        summary = f"Read {len(self.read)} tiles"
        if self._from_live:
            summary = (f"Live snapshot {Path(message.recognition.image).name}"
                       f"{snapshot_age(message.recognition.image)}: " + summary)
        summary += f", {doubtful} doubtful (marked ?)" if doubtful else ", all clear"
        problems = list(message.recognition.problems)
        skipped = len(message.recognition.tiles) - len(self.read)
        if skipped:
            problems.append(f"{skipped} tile(s) outside a double-{self.rules.set_max} set "
                            "were left out")
        text = Text(f"{summary}. Enter confirms a doubtful tile as read, {self._retype_hint()}"
                    ", a takes the 2nd guess; Ctrl+S saves.", style="bold")
        for problem in problems:
            text.append(f"\n{problem}", style="yellow")
        self.query_one("#progress", Static).update(text)
        # The cursor starts on the first doubtful tile: the one to check before saving.
        first = next((i for i, r in enumerate(self.read) if r.doubtful), 0)
        self._render_review(first)
        self.query_one("#review").focus()

    def _retype_hint(self) -> str:
        """How to type a tile over the one under the cursor: two digits up to double-9,
        a tile with its dash above (12-5 is not 1-2 then 5)."""
        if self.rules.set_max > 9:
            return f"typing a tile ({self.rules.set_max}-5, Enter) replaces it"
        return "two digits replace it"

    def _render_review(self, keep_row: int | None = None) -> None:
        table = self.query_one("#review", ReviewTable)
        row = table.cursor_row if keep_row is None else keep_row
        table.clear()
        for i, item in enumerate(self.read):
            style = "bold black on yellow" if item.doubtful else ""
            table.add_row(
                str(i + 1),
                Text(chip(item.tile) + (" fixed" if item.fixed else
                                        " confirmed" if item.confirmed else ""), style=style),
                Text("you", style="cyan") if item.checked
                else confidence_text(item.confidence, item.doubtful),
                chip(item.alternative) if item.alternative and not item.checked else "",
                str(tile_points(item.tile, self.rules)),
            )
        if self.read:
            table.move_cursor(row=max(0, min(row, len(self.read) - 1)), animate=False)
        sure = [r.tile for r in self.read if not r.doubtful]
        doubtful = len(self.read) - len(sure)
        total = Text(f"{chips(sure)}  =  {score_hand(sure, self.rules)} points", style="bold")
        if doubtful:  # counted once confirmed, never before
            total.append(f"  + {counted(doubtful, 'tile')} doubtful, not counted until "
                         "confirmed", style="bold black on yellow")
        self.query_one("#capture-total", Static).update(
            total if self.read else Text("No tiles read yet.", style="dim"))

    def _current_row(self) -> int | None:
        table = self.query_one("#review", ReviewTable)
        if not self.read:
            return None
        return max(0, min(table.cursor_row, len(self.read) - 1))

    def digit(self, value: int) -> None:
        row = self._current_row()
        if row is None:
            return
        if self.rules.set_max > 9:  # halves of two digits: typed in the fix field
            self.action_fix_tile(str(value))
            return
        # The first half typed belongs to its row: after a move it starts over there.
        if self._pending_digit is None or self._pending_digit[0] != row:
            self._pending_digit = (row, value)
            self.query_one("#progress", Static).update(
                f"Tile {row + 1}: {value}-? (type the other half)")
            return
        (_, first), self._pending_digit = self._pending_digit, None
        self._replace(row, Tile.of(first, value))

    def _replace(self, row: int, tile: Tile) -> None:
        others = [r.tile for i, r in enumerate(self.read) if i != row]
        if tile in others:
            self.notify(f"{tile} is already in this hand (each tile exists once).",
                        severity="warning")
            return
        self.read[row] = ReadTile(tile, 1.0, None, fixed=True)
        self.query_one("#progress", Static).update(f"Tile {row + 1} is now {tile}.")
        self._render_review(row)

    def action_confirm_tile(self) -> None:
        """The tile under the cursor is as read: no longer doubtful; on to the next one."""
        row = self._current_row()
        if row is None or not self.read[row].doubtful:
            return
        self.read[row] = replace(self.read[row], confirmed=True)
        after = next((i for i, r in enumerate(self.read) if r.doubtful), row)
        self.query_one("#progress", Static).update(f"Tile {row + 1} confirmed as read.")
        self._render_review(after)

    def action_take_alternative(self) -> None:
        row = self._current_row()
        if row is None:
            return
        alternative = self.read[row].alternative
        if alternative is None:
            self.notify("The reader had no second guess for this tile; type two digits.")
            return
        self._replace(row, alternative)

    def action_remove_tile(self) -> None:
        row = self._current_row()
        if row is None:
            return
        removed = self.read.pop(row)
        self.query_one("#progress", Static).update(f"Removed {removed.tile}.")
        self._render_review(row)

    def action_add_tile(self) -> None:
        self._fix_row = None
        fix = self.query_one("#fix-input", Input)
        fix.placeholder = "tile to add, e.g. 5-2, Enter (Esc to stop)"
        fix.value = ""
        fix.select_on_focus = True
        fix.display = True
        fix.focus()

    def action_fix_tile(self, start: str = "") -> None:
        row = self._current_row()
        if row is None:
            self.action_add_tile()
            return
        self._fix_row = row
        fix = self.query_one("#fix-input", Input)
        fix.placeholder = f"tile {row + 1} should be, e.g. 5-2, Enter"
        fix.value = start or str(self.read[row].tile)
        # The tile shown is selected, to be typed over; a digit typed to start the fix
        # is kept (selected, the next key would replace it).
        fix.select_on_focus = not start
        fix.display = True
        fix.focus()
        fix.cursor_position = len(fix.value)

    def _apply_fix(self, text: str) -> None:
        fix = self.query_one("#fix-input", Input)
        try:
            tiles, problems = parse_tiles(text, self.rules.set_max)
            if problems or len(tiles) != 1:
                raise ValueError(problems[0] if problems else "type one tile, e.g. 5-2")
        except ValueError as error:
            self.notify(str(error), severity="error")
            return
        if self._fix_row is None:
            if tiles[0] in [r.tile for r in self.read]:
                self.notify(f"{tiles[0]} is already in this hand.", severity="warning")
                return
            self.read.append(ReadTile(tiles[0], 1.0, None, fixed=True))
            self._render_review(len(self.read) - 1)
        else:
            self._replace(self._fix_row, tiles[0])
        fix.display = False
        self.query_one("#review").focus()

    # -- saving ------------------------------------------------------------------------
    def build_entry(self) -> Entry:
        """The entry the current mode describes; ValueError says what is missing."""
        if self.mode == "typed":
            if self.query_one("#went-out", Checkbox).value:
                return Entry(self._went_out_points(), went_out=True)
            points = typed_points(self.query_one("#points", Input).value, self.rules)
            return Entry(points, method=Method.TYPED)
        if self.mode == "tiles":
            tiles, problems = parse_tiles(self.query_one("#tile-text", Input).value,
                                          self.rules.set_max)
            if problems:
                raise ValueError(problems[0])
            if not tiles:
                raise ValueError("no tiles picked: pick the tiles left in the hand, or "
                                 "press Ctrl+O if the player went out")
            return Entry(score_hand(tiles, self.rules), method=Method.TILES,
                         tiles=tuple(tiles))
        if self.query_one("#busy").display:  # the tiles shown are not the photo's
            raise ValueError("a photo is being read: wait for its tiles, or press Esc")
        if not self.read and self.recognition is None:
            raise ValueError("read a photo first (or type the points with F2)")
        if not self.read:
            raise ValueError("no tiles in this reading: read the photo again, add the "
                             "tiles with +, or press Ctrl+O if the player went out")
        doubtful = [i + 1 for i, r in enumerate(self.read) if r.doubtful]
        if doubtful:  # a doubt shown is never counted unasked
            raise ValueError(
                f"{counted(len(doubtful), 'tile')} doubtful (marked ?, row "
                f"{', '.join(map(str, doubtful))}): confirm each with Enter, take its 2nd "
                "guess with a, type it, or remove it with Delete; then save")
        tiles = tuple(r.tile for r in self.read)
        raw = self.recognition
        before = self._existing()
        raw_json = (json.dumps(recognition_to_data(raw), sort_keys=True) if raw is not None
                    else (before.raw_json if before else ""))
        return Entry(score_hand(tiles, self.rules), method=Method.CAPTURE, tiles=tiles,
                     raw_json=raw_json)

    def _read_opening(self) -> bool:
        """Take the double chosen for the round; False (and says why) when the rules do
        not allow it."""
        if not self.ask_opening:
            return True
        opening = chosen_opening(self.query_one("#entry-opening", Select))
        try:
            self.card.with_opening(self.round_index, opening)
        except ValueError as error:
            self.notify(str(error), title="Not saved", severity="error")
            return False
        self.opening = opening
        return True

    def action_save(self) -> None:
        after_typed_keys(self, self._save)

    def _save(self) -> bool:
        """Save and close; False (and why said) when the screen stays open."""
        if self.closing:
            return True
        if self.query_one("#fix-input").display and self.focused is self.query_one(
                "#fix-input"):
            self._apply_fix(self.query_one("#fix-input", Input).value)
            return False
        try:
            entry = self.build_entry()
        except ValueError as error:
            self.notify(str(error), title="Not saved", severity="error")
            return False
        if self._read_opening() and self._possible(entry):
            self.closing = True  # no field takes a key from now on (on_key holds them)
            self.set_focus(None)
            self.dismiss(entry)
            return True
        return False

    def _possible(self, entry: Entry) -> bool:
        """Whether the card takes ``entry`` (a second player out, a hand holding the
        opening double or another hand's tile are refused); says why not and stays, so
        that nothing typed is lost."""
        card = self.card
        try:
            if self.ask_opening:
                card = card.with_opening(self.round_index, self.opening)
            card.with_entry(self.round_index, self.player, entry)
        except ValueError as error:
            self.notify(str(error), title="Not saved", severity="error")
            return False
        return True

    def action_went_out(self) -> None:
        if not self._read_opening():
            return
        before = self._existing()
        entry = Entry(0, went_out=True)
        if before is not None and before.raw_json:
            entry = replace(entry, raw_json=before.raw_json)
        if self._possible(entry):
            self.dismiss(entry)

    def action_cancel(self) -> None:
        fix = self.query_one("#fix-input", Input)
        if fix.display:
            fix.display = False
            self.query_one("#review").focus()
            return
        checked = sum(1 for r in self.read if r.checked)
        if checked and self.mode == "capture":
            def answered(drop: bool | None) -> None:
                if drop:
                    self._leave()

            self.app.push_screen(ConfirmScreen(
                f"Leave without saving? The {counted(checked, 'tile')} you checked or typed "
                "will be lost.", yes="Leave", no="Stay"), answered)
            return
        self._leave()

    def _leave(self) -> None:
        self.workers.cancel_group(self, "reader")
        if self._from_live and self.recognition is not None:  # for the next try, not lost
            try:
                self.app.recognizer.put_back_live_snapshot(self.recognition)  # type: ignore[attr-defined]
            except OSError as error:
                self.notify(f"The live snapshot stays in taken/: {error}", severity="warning")
        self.dismiss(None)


STALE_SNAPSHOT_S = 300  # older than this, a snapshot may be an earlier round's hand


def snapshot_age(path: str, now: float | None = None) -> str:
    """How long ago the snapshot at ``path`` was taken, in words (empty when unknown): a
    snapshot left in the inbox from an earlier round is named as old, not read as new."""
    try:
        seconds = (time.time() if now is None else now) - os.path.getmtime(path)
    except (OSError, ValueError):
        return ""
    if seconds < 60:
        return " (taken just now)"
    minutes = round(seconds / 60)
    words = f"{minutes} min" if minutes < 120 else f"{round(minutes / 60)} h"
    if seconds < STALE_SNAPSHOT_S:
        return f" (taken {words} ago)"
    return f" (taken {words} ago: is it this round's hand?)"
