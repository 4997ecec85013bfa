"""Settle a disputed play: read the tableau from a photo (or type it in board notation),
correct the board if the reader got a tile wrong, pick the disputed tile or type the play
as TILE@PARENT, and read the verdict with every reason, under the game's rules.

A tile picked on a board read from a photo (and not edited since) is judged the way
``chickenfoot check PHOTO --disputed TILE`` does, on the reading already made (the photo
is read once): the tile keeps its own pixels, the rest of the board is decoded without
it, and the play is judged where it lies on the board without it (and without anything
played later: what lies on it, and for an arm every tile beyond the arms). A tile read
in doubt is judged both ways, each verdict shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, LoadingIndicator, OptionList
from textual.widgets.option_list import Option

from scorer.dispute import DisputeError, judge_dispute, judge_on
from scorer.moves import Play
from scorer.notation import Board, NotationError, format_board, read_board
from scorer.rules import RuleSet
from scorer.tiles import Tile
from scorer.verdict import Verdict
from tui.plain import Label, Static
from tui.recognizer import BoardReading, CannotJudge, RecognizerUnavailable, clean_path
from tui.widgets import rules_summary


class InputError(ValueError):
    """What the person typed or picked cannot be judged; the message is one line."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the screen shows: the board judged on, the play, the tiles taken off with a
    tile already on the board, the verdict, and for a tile read in doubt its other
    reading judged too (with each reading's chance)."""

    board: Board
    play: Play
    taken_off: tuple[Tile, ...]
    verdict: Verdict
    chance: float | None = None
    others: tuple[tuple[Judgement, float], ...] = ()
    settled: tuple[str, ...] = ()  # readings of the tile the board rules out, in words


def judge_text(board_text: str, play_text: str, rules: RuleSet) -> Judgement:
    """Judge a play typed as TILE@PARENT on a board typed in notation. A tile already
    on the board at that parent is judged where it lies (on the board without it).
    Raises InputError with one line for the person."""
    try:
        board = read_board(board_text)
    except NotationError as error:
        raise InputError(f"the board: {error}") from None
    try:
        play = Play.parse(play_text)
    except ValueError as error:
        raise InputError(f"the play: {error} (write it like 4-6@9-4)") from None
    if play.parent is None:
        raise InputError(f"name the tile {play.tile} is played on, like {play.tile}@9-4")
    lying = next((e for e in board.entries if e.tile == play.tile), None)
    if lying is not None:
        if lying.parent != play.parent:
            where = "is the spinner" if lying.parent is None else f"lies on {lying.parent}"
            raise InputError(f"{play.tile} {where} on this board, not on {play.parent}; "
                             "pick it from the list, or correct the board")
        try:
            result = judge_dispute(board, play.tile, rules)
        except DisputeError as error:
            raise InputError(str(error)) from None
        return Judgement(result.board, result.play, result.taken_off, result.verdict)
    try:
        return Judgement(board, play, (), judge_on(board, play, rules))
    except DisputeError as error:
        raise InputError(str(error)) from None


def board_plays(board: Board) -> list[tuple[Tile, str]]:
    """Every tile but the spinner, with its play as the board notation writes it."""
    out = []
    for token in format_board(board).split():
        tile_text, sep, _ = token.partition("@")
        if sep:
            out.append((Tile.parse(tile_text), token))
    return out


class BoardProgress(Message):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class BoardDone(Message):
    def __init__(self, path: str, reading: BoardReading) -> None:
        super().__init__()
        self.path = path
        self.reading = reading


class BoardFailed(Message):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class DisputeScreen(Screen[None]):
    """Verify a play; Escape goes back to the scorecard."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("ctrl+b", "focus_board", "Edit board", priority=True),
        Binding("ctrl+t", "focus_tiles", "Pick tile", priority=True),
    ]

    def __init__(self, rules: RuleSet, photo: str = "") -> None:
        super().__init__()
        self.rules = rules
        self.photo = photo
        self.photo_path: str | None = None  # the photo the board was read from
        self.photo_board: str | None = None  # the board as read, before any edit
        self.photo_notes: tuple[str, ...] = ()
        self.photo_reading: BoardReading | None = None  # judges its tiles without reading
        self.judgement: Judgement | None = None
        self._plays: dict[str, str] = {}  # option id -> the play as TILE@PARENT

    # -- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="dispute"):
            yield Label("Verify a play · " + rules_summary(self.rules), id="dispute-title")
            with Horizontal(id="board-photo-row"):
                yield Input(self.photo, placeholder="photo of the tableau (type, paste or "
                            "drop its path), Enter reads it", id="board-photo")
                yield Button("Read", id="read-board", variant="primary")
            with Horizontal(id="board-progress-row"):
                yield LoadingIndicator(id="board-busy")
                yield Static("Or type the board below, like 9-9 9-4@9-9 4-6@9-4.",
                             id="board-progress")
            yield Input(placeholder="board as read: 9-9 9-4@9-9 4-6@9-4 (correct it here), "
                        "Enter", id="board-text")
            with Horizontal(id="dispute-pick"):
                with Vertical(id="pick-pane"):
                    yield Label("Disputed tile:", classes="pane-title")
                    yield OptionList(id="board-tiles")
                with Vertical(id="verdict-pane"):
                    yield Input(placeholder="or type the play: TILE@PARENT, e.g. 4-6@9-4, "
                                "Enter", id="play")
                    with VerticalScroll(id="verdict-scroll"):
                        yield Static(Text("No verdict yet.", style="dim"), id="verdict")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Verify a play"
        self.query_one("#board-busy").display = False
        self._show_tiles(None)
        if self.photo:
            self.read_photo(self.photo)
        else:
            self.query_one("#board-photo").focus()

    # -- the board ---------------------------------------------------------------------
    def _board_text(self) -> str:
        return self.query_one("#board-text", Input).value.strip()

    def _from_photo(self) -> bool:
        """The board shown is the one read from the photo, not edited since."""
        return self.photo_path is not None and self._board_text() == self.photo_board

    def _show_tiles(self, board: Board | None) -> str | None:
        """List the board's tiles to pick from; what is wrong when a tile lies twice."""
        tiles = self.query_one("#board-tiles", OptionList)
        tiles.clear_options()
        self._plays = {}
        if board is None:
            tiles.add_option(Option(Text("(no board yet)", style="dim"), disabled=True))
            return None
        plays = board_plays(board)
        twice = None
        for tile, token in plays:
            if str(tile) in self._plays:  # the list is keyed by tile: one option each
                twice = twice or (f"the board: {tile} lies on it twice (on "
                                  f"{self._plays[str(tile)].split('@')[-1]} and "
                                  f"{token.split('@')[-1]}); every tile exists once")
                continue
            self._plays[str(tile)] = token
            tiles.add_option(Option(token.replace("@", " on "), id=str(tile)))
        if not plays:
            tiles.add_option(Option(Text("(only the spinner)", style="dim"), disabled=True))
        return twice

    def _board_changed(self) -> Board | None:
        """Parse the board typed; list its tiles, or say what is wrong with it."""
        text = self._board_text()
        if not text:
            self._show_tiles(None)
            return None
        try:
            board = read_board(text)
        except NotationError as error:
            self._show_tiles(None)
            self._show_error(f"the board: {error}")
            return None
        twice = self._show_tiles(board)
        if twice is not None:
            self._show_error(twice)
            return None
        return board

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "board-photo":
            self.read_photo(event.value)
        elif event.input.id == "board-text":
            if self._board_changed() is not None:
                if self.query_one("#play", Input).value.strip():
                    self.judge(self.query_one("#play", Input).value)
                else:
                    self._set_verdict(Text("Pick the disputed tile (or type the play).",
                                           style="dim"))
                    self.action_focus_tiles()
        elif event.input.id == "play":
            self.judge(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "read-board":
            self.read_photo(self.query_one("#board-photo", Input).value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        token = self._plays.get(event.option.id or "")
        if token is None:
            return
        self.query_one("#play", Input).value = token
        self.judge(token)

    def on_paste(self, event: events.Paste) -> None:
        """A photo dragged onto the terminal arrives as pasted text: read it."""
        if isinstance(self.focused, Input) and self.focused.id != "board-photo":
            return
        event.stop()
        self.query_one("#board-photo", Input).value = clean_path(event.text)
        self.read_photo(event.text)

    def action_focus_board(self) -> None:
        self.query_one("#board-text").focus()

    def action_focus_tiles(self) -> None:
        tiles = self.query_one("#board-tiles", OptionList)
        tiles.focus()
        if tiles.highlighted is None and tiles.option_count:
            tiles.highlighted = 0

    def action_close(self) -> None:
        self.workers.cancel_group(self, "board-reader")
        self.dismiss(None)

    # -- judging -----------------------------------------------------------------------
    def judge(self, play_text: str) -> None:
        """Judge the play on the board shown. A tile lying on a photo's board, where it
        lies, is judged on the photo's reading, with the tile's own pixels."""
        if not self._board_text():
            self._show_error("no board yet: read a photo, or type the board")
            return
        if not play_text.strip():
            self._show_error("pick the disputed tile, or type the play like 4-6@9-4")
            return
        try:
            play: Play | None = Play.parse(play_text)
        except ValueError:
            play = None  # judge_text says what is wrong with it
        reading = self.photo_reading
        if (play is not None and self._from_photo() and reading is not None
                and reading.judge is not None):
            board = read_board(self._board_text())
            lying = next((e for e in board.entries if e.tile == play.tile), None)
            if lying is not None and lying.parent is not None and lying.parent == play.parent:
                try:
                    judged = reading.judge(play.tile, self.rules)
                except CannotJudge as error:
                    self._show_error(str(error))
                    return
                (first, chance), *others = judged.readings
                self._show_judgement(Judgement(
                    first.board, first.play, first.taken_off, first.verdict, chance,
                    tuple((Judgement(o.board, o.play, o.taken_off, o.verdict), c)
                          for o, c in others), judged.settled))
                return
        try:
            judgement = judge_text(self._board_text(), play_text, self.rules)
        except InputError as error:
            self._show_error(str(error))
            return
        self._show_judgement(judgement)

    def _show_judgement(self, judgement: Judgement) -> None:
        self.judgement = judgement
        verdict = judgement.verdict
        text = Text()
        if verdict.legal:
            text.append(" LEGAL ", style="bold black on green")
        else:
            text.append(" ILLEGAL ", style="bold white on red")
        text.append(f"  {verdict.subject}", style="bold")
        if verdict.legal:
            text.append("\nNo rule is broken.", style="green")
        for reason in verdict.reasons:
            text.append(f"\n• {reason.message}")
        if judgement.taken_off:
            text.append("\nTaken off with it (played later): "
                        + ", ".join(str(t) for t in judgement.taken_off), style="dim")
        for other, chance in judgement.others:
            word = "legal" if other.verdict.legal else "ILLEGAL"
            text.append("\nIn doubt: the tile is read unsurely"
                        + (f" ({judgement.chance:.2f})" if judgement.chance is not None else "")
                        + f". Read as {other.play.tile} (chance {chance:.2f}) the play is "
                        f"{word}" + "".join(f"; {r.message}" for r in other.verdict.reasons),
                        style="bold yellow")
        for line in judgement.settled:
            text.append(f"\nIn doubt: {line}", style="yellow")
        text.append(f"\nBoard: {format_board(judgement.board)}", style="dim")
        for note in self.photo_notes if self._from_photo() else ():
            text.append(f"\n{note}", style="yellow")
        self._set_verdict(text)

    def _show_error(self, message: str) -> None:
        self.judgement = None
        self._set_verdict(Text(f"Cannot judge: {message}", style="bold red"))
        self.notify(message, title="Verify a play", severity="error", timeout=8)

    def _set_verdict(self, text: Text) -> None:
        self.query_one("#verdict", Static).update(text)

    # -- reading a photo ---------------------------------------------------------------
    def read_photo(self, path: str) -> None:
        path = clean_path(path)
        if not path:
            self.notify("Type, paste or drop the path of a photo of the tableau first.",
                        severity="warning")
            return
        self._start(f"Reading {path}...")
        self.run_board_reader(path)

    def _start(self, text: str) -> None:
        self.query_one("#board-busy").display = True
        self.query_one("#board-progress", Static).update(text)

    def _stop(self, text: Text | str) -> None:
        self.query_one("#board-busy").display = False
        self.query_one("#board-progress", Static).update(text)

    @work(thread=True, exclusive=True, group="board-reader")
    def run_board_reader(self, path: str) -> None:
        recognizer = self.app.recognizer  # type: ignore[attr-defined]

        def progress(text: str) -> None:
            self.post_message(BoardProgress(text))

        try:
            reading = recognizer.read_board(path, self.rules, progress=progress)
        except (RecognizerUnavailable, FileNotFoundError) as error:
            self.post_message(BoardFailed(str(error)))
        except Exception as error:  # noqa: BLE001 - any reader failure becomes a message
            self.post_message(BoardFailed(f"Reading failed: {error}"))
        else:
            self.post_message(BoardDone(path, reading))

    def on_board_progress(self, message: BoardProgress) -> None:
        self.query_one("#board-progress", Static).update(message.text)

    def _forget_photo(self) -> None:
        """A new photo gave no board: the one shown from the photo before is not this
        photo's, so it goes (a board typed or edited here stays, judged as typed)."""
        if self._from_photo():
            self.query_one("#board-text", Input).value = ""
            self._show_tiles(None)
            self._set_verdict(Text("No verdict yet.", style="dim"))
        self.photo_path = self.photo_board = self.photo_reading = None
        self.photo_notes = ()

    def on_board_failed(self, message: BoardFailed) -> None:
        self._forget_photo()
        self._stop(Text(message.text, style="bold red"))
        self.notify(message.text, title="Photo", severity="error", timeout=10)
        self.query_one("#board-text").focus()

    def on_board_done(self, message: BoardDone) -> None:
        reading = message.reading
        if reading.board is None:
            self._forget_photo()
            first = reading.problems[0] if reading.problems else "no board was found"
            self._stop(Text(f"No board in this photo: {first}. Type the board instead.",
                            style="bold red"))
            text = Text("The photo could not be turned into a board:", style="bold red")
            for problem in reading.problems:
                text.append(f"\n• {problem}", style="red")
            self._set_verdict(text)
            self.notify(f"No board in this photo: {first}.", title="Photo",
                        severity="error", timeout=10)
            self.query_one("#board-text").focus()
            return
        notation = format_board(reading.board)
        self.photo_path = message.path
        self.photo_board = notation
        self.photo_notes = reading.problems + reading.notes
        self.photo_reading = reading
        self.query_one("#board-text", Input).value = notation
        self._show_tiles(reading.board)
        tiles = len(reading.board.entries)
        said = len(reading.problems) + len(reading.notes)
        summary = Text(f"Read {tiles} tiles on the board"
                       + (f", {said} note(s) below" if said else "")
                       + ". Correct the board if a tile is wrong; pick the disputed tile.",
                       style="bold")
        self._stop(summary)
        text = Text("Pick the disputed tile (or type the play).", style="dim")
        for problem in reading.problems:
            text.append(f"\n{problem}", style="bold yellow")
        for note in reading.notes:
            text.append(f"\n{note}", style="yellow")
        self._set_verdict(text)
        self.action_focus_tiles()
