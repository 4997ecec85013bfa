"""The Chicken Foot scorecard app. Build it with ``build_app``; the app is handed its store,
tile reader and default rules, so tests can give it a temporary database and a fake reader.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from scorer.rules import RuleSet
from scorer.scorecard import Entry, Scorecard
from tui.recognizer import Recognizer
from tui.screens.confirm import ConfirmScreen, ResumeScreen
from tui.screens.dispute import DisputeScreen
from tui.screens.help import HelpScreen
from tui.screens.history import HistoryScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen
from tui.store import Store, StoreError, StoreWriteError


class ChickenFootApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "Chicken Foot"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, store: Store, recognizer: Recognizer, rules: RuleSet | None = None,
                 camera_index: int = 0, offer_resume: bool = True) -> None:
        super().__init__()
        self.store = store
        self.recognizer = recognizer
        self.rules = rules or RuleSet()
        self.camera_index = camera_index
        self.offer_resume = offer_resume
        self.card: Scorecard | None = None
        self.game_id: int | None = None
        self.unsaved = False  # the last change is only in memory (disk full, ...)
        self.scorecard = ScorecardScreen()
        self.opening_entry: ScoreEntryScreen | None = None  # pushed, until dismissed

    # -- start ---------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.push_screen(self.scorecard)
        for notice in self.store.notices:
            self.notify(notice, title="Scorecard file", severity="warning", timeout=15)
        self.offer_start()

    def offer_start(self) -> None:
        """No game open: offer the unfinished one, else the new-game form."""
        try:
            waiting = self.store.unfinished_game() if self.offer_resume else None
        except StoreError as error:
            self.notify(str(error), severity="error")
            waiting = None
        if waiting is not None:
            try:
                card = self.store.load(waiting.id)
            except StoreError as error:
                self.notify(str(error), severity="error")
                self.action_new_game()
                return
            current = card.current_round()
            where = (f"round {current + 1} ({card.round_header(current)})"
                     if current is not None else "the end")
            description = (f"Game {waiting.id}: {', '.join(waiting.players)}, at {where}; "
                           f"last change {waiting.updated}.")

            def chosen(choice: str | None) -> None:
                if choice == "new":
                    self.action_new_game()
                elif choice == "history":
                    self.action_history()
                else:
                    self.open_game(waiting.id)

            self.push_screen(ResumeScreen(description), chosen)
        else:
            self.action_new_game()

    # -- the game ------------------------------------------------------------------------
    def show(self, card: Scorecard | None) -> None:
        self.card = card
        self.scorecard.card = card

    def open_game(self, game_id: int) -> None:
        try:
            card = self.store.load(game_id)
        except StoreError as error:
            self.notify(str(error), title="Cannot open", severity="error")
            return
        self.game_id = game_id
        self.unsaved = False
        self.show(card)
        current = card.current_round()
        if current is not None and current < len(card.rounds):
            first_open = next((p for p in card.players
                               if card.entry(current, p) is None), card.players[0])
            self.call_after_refresh(self.scorecard.move_to, current, first_open)
        self.notify(f"Game {game_id} opened.", timeout=3)

    def start_game(self, card: Scorecard) -> None:
        self.game_id = None
        self.rules = card.rules
        self.show(card)
        self._persist(card, "New game")
        self.call_after_refresh(self.scorecard.move_to, 0, card.players[0])

    def change(self, card: Scorecard, label: str) -> None:
        """Every change goes through here: shown at once, saved at once."""
        was_finished = self.card is not None and self.card.is_finished
        self.show(card)
        self._persist(card, label)
        if card.is_finished and not was_finished:
            result = card.result()
            self.bell()
            self.notify(result.reason + ".", title="Game over", timeout=15)

    def _persist(self, card: Scorecard, label: str) -> None:
        try:
            if self.game_id is None:
                self.game_id = self.store.create_game(card)
            else:
                self.store.save(self.game_id, card, label)
        except (StoreWriteError, StoreError) as error:
            self.unsaved = True
            self.notify(f"Not saved: {error}. The game stays open here and will be saved "
                        "with the next change that can be written.",
                        title="Save failed", severity="error", timeout=20)
            return
        if self.unsaved:
            self.unsaved = False
            self.notify("Saved again: every change so far is on disk.", timeout=5)

    # -- actions -------------------------------------------------------------------------
    def action_new_game(self) -> None:
        players = self.card.players if self.card is not None else ()

        def created(card: Scorecard | None) -> None:
            if card is not None:
                self.start_game(card)
            elif self.card is None:
                self.notify("No game open. Press n for a new game or h for history.")

        self.push_screen(NewGameScreen(self.rules, players), created)

    def action_score(self, mode: str = "typed", photo: str = "", typed: str = "") -> None:
        if self.card is None:
            self.notify("Start a game first (n).", severity="warning")
            return
        spot = self.scorecard.selected()
        if spot is None:
            self.notify("The game is over; select a round to change a score.")
            return
        round_index, player = spot
        card = self.card

        if self.opening_entry is not None or isinstance(self.screen, ScoreEntryScreen):
            return
        live = mode == "live"  # the live view's newest snapshot, reviewed as a photo

        def scored(entry: Entry | None) -> None:
            self.opening_entry = None
            if entry is not None:
                self.record(round_index, player, entry)

        self.opening_entry = ScoreEntryScreen(card, round_index, player,
                                              "capture" if live else mode, photo,
                                              self.camera_index, typed, live=live)
        self.push_screen(self.opening_entry, scored)

    def record(self, round_index: int, player: str, entry: Entry) -> None:
        """Put one entry on the card (used by the entry screen and by tests)."""
        if self.card is None:
            return
        try:
            card = self.card.with_entry(round_index, player, entry)
        except ValueError as error:
            self.notify(str(error), title="Not recorded", severity="error")
            return
        what = "went out" if entry.went_out else f"{entry.points}"
        self.change(card, f"{player} {what} in round {round_index + 1} "
                          f"({card.round_header(round_index)}) [{entry.method.value}]")
        self._advance(round_index, player)

    def _advance(self, round_index: int, player: str) -> None:
        card = self.card
        if card is None:
            return
        seat = card.players.index(player)
        for step in range(1, len(card.players) + 1):
            other = card.players[(seat + step) % len(card.players)]
            if card.entry(round_index, other) is None:
                self.scorecard.move_to(round_index, other)
                return
        current = card.current_round()
        if current is not None:
            first = next((p for p in card.players if current >= len(card.rounds)
                          or card.entry(current, p) is None), card.players[0])
            self.scorecard.move_to(current, first)

    def action_went_out(self) -> None:
        spot = self.scorecard.selected() if self.card else None
        if spot is not None:
            self.record(spot[0], spot[1], Entry(0, went_out=True))

    def action_clear_score(self) -> None:
        spot = self.scorecard.selected() if self.card else None
        if spot is None or self.card is None or spot[0] >= len(self.card.rounds):
            return
        round_index, player = spot
        if self.card.entry(round_index, player) is None:
            return
        self.change(self.card.without_score(round_index, player),
                    f"cleared {player} in round {round_index + 1}")

    def action_delete_round(self) -> None:
        spot = self.scorecard.selected() if self.card else None
        card = self.card
        if spot is None or card is None or spot[0] >= len(card.rounds):
            return
        round_index = spot[0]
        head = card.round_header(round_index)
        scores = [f"{p} {card.entry(round_index, p).points}" for p in card.players
                  if card.entry(round_index, p) is not None]
        if not scores:
            self.notify(f"Round {round_index + 1} ({head}) has no scores to delete.")
            return

        def answered(yes: bool | None) -> None:
            if yes and self.card is not None:
                self.change(self.card.without_round(round_index),
                            f"deleted round {round_index + 1} ({head})")
                self.notify(f"Round {head} deleted. u undoes it.")

        self.push_screen(ConfirmScreen(
            f"Delete every score of round {round_index + 1} ({head}): "
            f"{', '.join(scores)}?", yes="Delete"), answered)

    def action_undo(self) -> None:
        self._step(undo=True)

    def action_redo(self) -> None:
        self._step(undo=False)

    def _step(self, undo: bool) -> None:
        if self.game_id is None:
            self.notify("Nothing to undo." if undo else "Nothing to redo.")
            return
        try:
            moved = self.store.undo(self.game_id) if undo else self.store.redo(self.game_id)
        except StoreError as error:
            self.notify(f"{'Undo' if undo else 'Redo'} failed: {error}", severity="error")
            return
        if moved is None:
            self.notify("Nothing to undo." if undo else "Nothing to redo.")
            return
        card, label = moved
        self.unsaved = False
        self.show(card)
        self.notify(f"{'Undone' if undo else 'Redone'}: {label}", timeout=4)

    def action_history(self) -> None:
        try:
            games = self.store.games()
        except StoreError as error:
            self.notify(str(error), severity="error")
            return

        def opened(game_id: int | None) -> None:
            if game_id is not None:
                self.open_game(game_id)
            elif self.card is None:
                self.offer_start()

        self.push_screen(HistoryScreen(games), opened)

    def action_export(self) -> None:
        if self.game_id is None:
            self.notify("No saved game to export yet.", severity="warning")
            return
        self.export_game(self.game_id)

    def export_game(self, game_id: int) -> None:
        try:
            csv_path, json_path = self.store.export_files(game_id)
        except StoreError as error:
            self.notify(str(error), title="Export failed", severity="error")
            return
        self.notify(f"{csv_path}\n{json_path}", title=f"Game {game_id} exported", timeout=10)

    def action_verify(self, photo: str = "") -> None:
        """Settle a disputed play on a board from a photo or typed, under this game's
        rules (the default rules before any game is open)."""
        if isinstance(self.screen, DisputeScreen):
            return
        rules = self.card.rules if self.card is not None else self.rules
        self.push_screen(DisputeScreen(rules, photo))

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Players, set and house rules", self.action_new_game)
        yield SystemCommand("Score: type points", "For the selected player and round",
                            lambda: self.action_score("typed"))
        yield SystemCommand("Score: pick tiles", "The tiles left in the hand",
                            lambda: self.action_score("tiles"))
        yield SystemCommand("Score: photo or camera", "Read the tiles left in the hand",
                            lambda: self.action_score("capture"))
        yield SystemCommand("Score: live view snapshot",
                            "The newest snapshot sent by `chickenfoot live --send`",
                            lambda: self.action_score("live"))
        yield SystemCommand("Verify a play", "Judge a disputed tile on a photo or typed "
                            "board, with every reason", self.action_verify)
        yield SystemCommand("Undo", "Undo the last change", self.action_undo)
        yield SystemCommand("Redo", "Redo what was undone", self.action_redo)
        yield SystemCommand("History", "Finished and unfinished games", self.action_history)
        yield SystemCommand("Export game", "Write CSV and JSON files", self.action_export)
        yield SystemCommand("Help", "Keys and how scoring works", self.action_help)


def build_app(store: Store, recognizer: Recognizer | None = None,
              rules: RuleSet | None = None, camera_index: int = 0,
              offer_resume: bool = True) -> ChickenFootApp:
    """The one way the app is put together, by ``chickenfoot`` and by the tests."""
    if recognizer is None:
        from tui.recognizer import VisionRecognizer

        recognizer = VisionRecognizer()
    return ChickenFootApp(store, recognizer, rules, camera_index, offer_resume)
