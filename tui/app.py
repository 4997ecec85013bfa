"""The Chicken Foot scorecard app. Build it with ``build_app``; the app is handed its store,
tile reader and default rules, so tests can give it a temporary database and a fake reader.

Saving: every change is a ``pending.Change``, shown at once and written at once, one
snapshot each. ``saved`` is the card as it is on disk, ``pending`` the changes after it
that could not be written yet (disk full, ...): the scorecard says so until they are, they
are tried again every ``RETRY_S`` and with Ctrl+S, and Ctrl+Q asks first. When another
window changed the game, the store refuses the save; the app loads the newer card, puts
its own changes on it, and drops (saying so) any that would write over a score the other
window changed. With nothing pending, a change made elsewhere is shown within ``WATCH_S``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import NoScreen
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen

from scorer.messages import counted, escaped
from scorer.rule_problems import require_playable
from scorer.rules import RuleSet
from scorer.scorecard import Entry, Scorecard
from tui import pending, row_change
from tui.entry_order import next_cell
from tui.guard import EXIT_TERMINATED, ending_signals
from tui.keys_ahead import KeysAhead
from tui.keys_on_hold import KeysOnHold, may_close, may_open
from tui.pasted_text import pasted_text, read_pastes_as_text
from tui.pending import Change
from tui.recognizer import Recognizer
from tui.screens.changes import ChangesScreen
from tui.screens.confirm import ConfirmScreen, ResumeScreen
from tui.screens.dispute import DisputeScreen
from tui.screens.help import HelpScreen, screen_keys
from tui.screens.history import HistoryScreen
from tui.screens.house_rules import HouseRulesScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.question import Question
from tui.screens.quit_unsaved import QuitUnsavedScreen
from tui.screens.round_row import RoundRowScreen, RowResult
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen
from tui.screens.stats import StatsScreen
from tui.stats import player_stats
from tui.store import GameMissing, Store, StoreConflict, StoreDamaged, StoreError
from tui.widgets import went_out_words

WATCH_S = 2.0
RETRY_S = 5.0
# A new change that would drop this many changes undone, or more, is asked about first
# (one or two undone and typed again is how a mistake is put right)
DROP_ASK_FROM = 3


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
        self.terminated = False  # ended by SIGTERM
        self._deleted_told: int | None = None  # the game said to be deleted elsewhere
        self._damage_told = False  # the file said to be damaged while open
        self.card: Scorecard | None = None
        self.game_id: int | None = None
        self.saved: Scorecard | None = None  # the card as it is on disk
        self.pending: list[Change] = []  # changes after ``saved``, not on disk yet
        self.save_error = ""  # why the last write failed, while anything is pending
        self._retry_in = RETRY_S
        self._notices_shown = 0  # of the store's notices
        self.scorecard = ScorecardScreen()
        # The score screen pushed and not dismissed yet: keys typed before it opened are
        # handed to it by the scorecard.
        self.opening_entry: ScoreEntryScreen | RoundRowScreen | None = None
        # The question asked before a change (one that drops undone ones, or one to a
        # finished game): keys typed behind the key that asked are for it (``_ask_before``).
        self.asking_before_change: ConfirmScreen | None = None
        # where the cursor stood when the game ended: a score typed there unmoved is asked
        # about (``_ask_before_changing_a_finished_game``)
        self.parked_at_game_over: tuple[int, str] | None = None
        # keys typed past a score's Enter before its screen opened: for the next cell
        self.keys_ahead = KeysAhead(self, self.scorecard.take_key)
        # keys typed behind a key that closes a screen: for the screen under it; behind
        # one that opens a screen: for that screen; typed while the app starts: for its
        # first screen
        self.keys_on_hold = KeysOnHold(self, self.on_event)
        self.games_shown = 0  # counted up each time another game is put on the card
        # Changes undone before they reached the disk, last undone last: U brings them
        # back. The store's own redo past its cursor predates them (a change never saved
        # did not drop it), so only ``_store_redos`` of those come first: the store undos
        # made since.
        self._undone_unsaved: list[Change] = []
        self._store_redos: int | None = None  # None: no change undone unsaved

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notification as its words are written (``tui.plain``): they quote names,
        scores and paths the player typed. Screens pass ``markup=True`` by default."""
        options = {} if timeout is None else {"timeout": timeout}
        super().notify(message, title=title, severity=severity, markup=False, **options)

    def get_driver_class(self) -> type[Driver]:
        read_pastes_as_text()  # an escape in a paste must not close the form open
        return super().get_driver_class()

    async def on_event(self, event: events.Event) -> None:
        """A paste is text for every screen and form: its control characters are left
        out here, once, and said in one line (a name would refuse them later)."""
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded and (
                self.keys_on_hold.keep(event)):
            return  # behind a closing or opening key, or at start: taken later, in order
        if isinstance(event, events.Paste) and not event.is_forwarded:
            text, left_out = pasted_text(event.text)
            if left_out:
                self.notify(f"Left out of the pasted text: {len(left_out)} control "
                            f"character(s), {escaped(''.join(dict.fromkeys(left_out)))}.",
                            title="Pasted", severity="warning", timeout=6)
                if not text.strip():
                    return
                event.text = text  # the same event goes on, as Textual routes it
        if isinstance(event, events.Key) and isinstance(self.screen, Question) and not (
                self._priority_key(event.key)):
            # taken here, in the order typed: the keys behind an answer go to the screen
            # under the question once the answer has been acted on (tui.screens.question);
            # one typed just before the question opened, whose bindings are looked up
            # only now, is taken by it too
            question = self.screen
            question.take_key(event.key)
            if not question.is_current:
                self.keys_on_hold.behind(event, question)
                self.keys_on_hold.acted_on(event)
            return
        if isinstance(event, events.Key) and not event.is_forwarded and may_close(
                self.screen, event.key):
            self.keys_on_hold.behind(event, self.screen)
        elif isinstance(event, events.Key) and not event.is_forwarded and may_open(
                self.screen, event.key):
            self.keys_on_hold.behind(event, self.screen, opening=True)
        elif isinstance(event, events.Key) and self.keys_on_hold.is_held_behind(event):
            await super().on_event(event)  # its binding runs
            self.keys_on_hold.acted_on(event)
            return
        await super().on_event(event)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A widget has focus: on the screen on top, that screen takes keys now."""
        try:
            on_top = event.widget.screen is self.screen
        except NoScreen:  # gone meanwhile
            return
        if on_top:
            self.keys_on_hold.ready()

    def _priority_key(self, key: str) -> bool:
        """Whether ``key`` is bound with priority (Ctrl+Q, the palette): it acts on any
        screen, a question's included."""
        active = self.active_bindings.get(key)
        return active is not None and active.binding.priority

    def action_help_quit(self) -> None:
        """Ctrl+C: how to quit, in plain words (Textual's own hint is markup, which this
        app's notify shows as it is written)."""
        keys = [key for key, active in self.active_bindings.items()
                if active.binding.action in ("quit", "app.quit")]
        if keys:
            self.notify(f"Press {keys[0]} to quit the app", title="Do you want to quit?")

    # -- start ---------------------------------------------------------------------------
    def on_mount(self) -> None:
        self._end_on_sigterm()
        self.push_screen(self.scorecard)
        self._store_notices()
        self.set_interval(WATCH_S, self.watch_store)
        self.offer_start()

    def _store_notices(self) -> None:
        """What the store has said about its file and not shown yet (a damaged file kept
        aside on opening; the file deleted or replaced while the app runs)."""
        for notice in self.store.notices[self._notices_shown:]:
            self.notify(notice, title="Scorecard file", severity="warning", timeout=15)
        self._notices_shown = len(self.store.notices)

    def _end_on_sigterm(self) -> None:
        """SIGTERM (a closed terminal window, a shutdown, ``kill``) ends the app as Ctrl+Q
        does without asking: the terminal is put back (raised out of the event loop, the
        signal left it in full-screen and mouse mode), a change still unsaved gets one
        more try, and the command ends with its one line and 130."""
        try:
            for sig in ending_signals():  # SIGHUP too: the terminal window was closed
                asyncio.get_running_loop().add_signal_handler(sig, self._terminated)
        except (NotImplementedError, RuntimeError, ValueError):  # no signals here
            pass

    def _terminated(self) -> None:
        self.terminated = True
        if self.pending:
            self.save_pending(quiet=True)
        self.exit(return_code=EXIT_TERMINATED)

    @property
    def unsaved(self) -> bool:
        return bool(self.pending)

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
    def show(self, card: Scorecard | None, other_game: bool = False) -> None:
        """Put ``card`` on the scorecard; ``other_game`` when it is not the game shown
        until now (opened, started, or gone), which counts ``games_shown`` up."""
        if other_game:
            self.games_shown += 1
            self._forget_undone_unsaved()
            self.parked_at_game_over = None  # that game's end, not this one's
        self.card = card
        self.scorecard.card = card

    def _keep_unsaved(self) -> bool:
        """True (and says so) when leaving this game now would lose unsaved changes."""
        if not self.pending:
            return False
        self.notify(f"{len(self.pending)} change(s) of this game are not saved yet "
                    f"({self.save_error}). Ctrl+S tries again; then open another game.",
                    title="Not saved", severity="error", timeout=10)
        return True

    def open_game(self, game_id: int) -> None:
        if self._keep_unsaved():
            return
        try:
            card = self.store.load(game_id)
        except StoreError as error:
            self.notify(str(error), title="Cannot open", severity="error")
            return
        self.game_id = game_id
        self.saved, self.pending = card, []
        self._mark_saved(quiet=True)
        self.show(card, other_game=True)
        current = card.current_round()
        if current is not None and current < len(card.rounds):
            first_open = next((p for p in card.players
                               if card.entry(current, p) is None), card.players[0])
            self._cursor_to(current, first_open)
        self.notify(f"Game {game_id} opened.", timeout=3)

    def start_game(self, card: Scorecard) -> None:
        self.game_id = None
        self.rules = card.rules
        self.saved, self.pending = None, [pending.new_game(card)]
        self.show(card, other_game=True)
        self.save_pending()
        self._cursor_to(0, card.players[0])

    def _cursor_to(self, round_index: int, player: str) -> None:
        """The cursor to a game just put on the card: at once, since a score typed right
        behind the answer that opened it (r at the resume question) is for this cell;
        after the first refresh when the scorecard has no table yet."""
        if self.scorecard.is_mounted:
            self.scorecard.move_to(round_index, player)
        else:
            self.call_after_refresh(self.scorecard.move_to, round_index, player)

    def change(self, change: Change, redone: bool = False) -> None:
        """Every change goes through here: shown at once, saved at once. ValueError when
        it cannot be made on this card. A new change (not ``redone``) ends what U can
        bring back, as on disk."""
        if self.card is None:
            return
        was_finished = self.card.is_finished
        card = change.apply(self.card)
        if not redone:
            self._forget_undone_unsaved()
        self.pending.append(change)
        self.show(card)
        self.save_pending()
        if card.is_finished and not was_finished:
            result = card.result()
            self.bell()
            self.notify(result.reason + ".", title="Game over", timeout=15)
            self.parked_at_game_over = self.scorecard.selected()

    # -- saving ----------------------------------------------------------------------
    def save_pending(self, quiet: bool = False) -> bool:
        """Write the pending changes, one snapshot each; True when all are on disk."""
        try:
            return self._write_pending(quiet)
        finally:
            self._store_notices()

    def _write_pending(self, quiet: bool) -> bool:
        deleted = None  # the game deleted in another window, saved again here
        for _attempt in range(5):
            try:
                while self.pending:
                    change = self.pending[0]
                    card = change.apply(self.saved)  # type: ignore[arg-type]
                    if self.game_id is None:
                        self.game_id = self.store.create_game(card, change.label)
                    else:
                        self.store.save(self.game_id, card, change.label)
                    self.saved = card
                    self.pending.pop(0)
            except StoreConflict as conflict:
                if not self._take_newer(conflict.label):
                    return False
                continue
            except GameMissing:
                # Deleted in another window: this window's game, shown with its changes,
                # is saved again as a new game rather than retried forever. It starts as
                # the card last saved here, and the changes not saved yet follow it one
                # snapshot each, as in any game: so u still takes back the last change
                # (what a player expects right after it), and redo brings it back.
                deleted = self.game_id
                restart = pending.new_game(
                    self.saved,  # type: ignore[arg-type]
                    f"Game {deleted} as saved here before it was deleted elsewhere")
                self.game_id, self.saved = None, None
                self.pending = [restart, *self.pending]
                continue
            except StoreError as error:
                self._not_saved(str(error), quiet)
                return False
            self._mark_saved()
            if deleted is not None:
                self.notify(f"Game {deleted} was deleted in another window; this game, "
                            f"with the changes made here, is saved again as game "
                            f"{self.game_id} (History deletes it).",
                            title="Saved as a new game", severity="warning", timeout=20)
            return True
        self._not_saved("the game keeps changing in another window", quiet)
        return False

    def _take_newer(self, label: str) -> bool:
        """Another window changed the game: load it, put this window's changes on it."""
        assert self.game_id is not None
        try:
            latest = self.store.load(self.game_id)
        except StoreError as error:
            self._not_saved(str(error), quiet=False)
            return False
        base = self.saved if self.saved is not None else latest
        kept, clashed = pending.rebase(base, self.pending, latest)
        self.saved, self.pending = latest, kept
        self.show(pending.chain(latest, kept))
        if clashed:
            names = "; ".join(c.label for c in clashed)
            self.notify(
                f"Not saved: {names}. Another window changed that score meanwhile "
                f"(its latest change: {label}); the card shows what was saved there. "
                "Enter yours again if it still holds.",
                title="Changed in another window", severity="error", timeout=30)
        else:
            self.notify(f"Another window changed this game ({label}); your change was "
                        "added to it.", title="Changed in another window", timeout=8)
        return True

    def _not_saved(self, error: str, quiet: bool) -> None:
        said = error == self.save_error  # the banner keeps saying it: one toast, not one a change
        self.save_error = error
        self.scorecard.unsaved = (
            f"NOT SAVED: {len(self.pending)} change(s) only in this window ({error}). "
            f"Trying again every {RETRY_S:.0f} s · Ctrl+S tries now")
        if not quiet and not said:
            self.notify(f"Not saved: {error}. The game stays open here and is saved as "
                        "soon as it can be written.",
                        title="Save failed", severity="error", timeout=20)

    def _mark_saved(self, quiet: bool = False) -> None:
        if self.save_error and not quiet:
            self.notify("Saved again: every change so far is on disk.", timeout=5)
        self.save_error = ""
        self.scorecard.unsaved = ""

    def action_save_now(self) -> None:
        if not self.pending:
            self.notify("Every change is saved.", timeout=3)
        elif self.save_pending(quiet=True):
            return
        else:
            self.notify(f"Still not saved: {self.save_error}.", title="Save failed",
                        severity="error", timeout=8)

    def watch_store(self) -> None:
        """Every WATCH_S: try the pending changes again (every RETRY_S), or show a change
        another window made."""
        if self.game_id is None and not self.pending:
            return
        if self.pending:
            self._retry_in -= WATCH_S
            if self._retry_in <= 0:
                self._retry_in = RETRY_S
                self.save_pending(quiet=True)
            return
        assert self.game_id is not None
        try:
            changed = self.store.changed_elsewhere(self.game_id)
            self._damage_told = False  # sound again: a new damage is said again
            if not changed:
                return
            label = self.store.change_elsewhere_words(self.game_id)
            before, card = self.card, self.store.load(self.game_id)
        except GameMissing:
            if self._deleted_told != self.game_id:
                self._deleted_told = self.game_id
                self.notify(f"Game {self.game_id} was deleted in another window. It stays "
                            "on screen here; a change made to it saves it again as a new "
                            "game.", title="Deleted elsewhere", severity="warning",
                            timeout=20)
            return
        except StoreDamaged as error:
            if not self._damage_told:
                self._damage_told = True
                self.notify(f"{error}. The game stays on screen here.",
                            title="Scorecard file damaged", severity="error", timeout=30)
            return
        except StoreError:
            return
        spot = self.scorecard.selected()
        self.saved = card
        self.show(card)
        if spot is not None and _score_in(card, *spot) is not None and (
                before is None or _score_in(before, *spot) is None):
            # the cell under the cursor was filled elsewhere: the cursor moves on, as
            # after a score saved here (a second page typed over the round just entered)
            self._advance(*spot)
        self.notify(f"Changed in another window: {label}.", timeout=5)

    async def action_quit(self) -> None:
        if not self.pending:
            self.exit()
            return

        def chosen(choice: str | None) -> None:
            if choice == "quit" or (choice == "retry" and self.save_pending(quiet=True)):
                self.exit()
            elif choice == "retry":
                self.notify(f"Still not saved: {self.save_error}.", title="Save failed",
                            severity="error", timeout=8)

        if not isinstance(self.screen, QuitUnsavedScreen):
            self.push_screen(QuitUnsavedScreen(len(self.pending), self.save_error), chosen)

    # -- actions -------------------------------------------------------------------------
    def action_new_game(self) -> None:
        if self._keep_unsaved():
            return
        card = self.card
        if card is not None and not card.is_finished and any(
                card.round_started(i) for i in range(len(card.rounds))):
            # as N asks: the form's new game sets this one aside, off the screen
            self.push_screen(ConfirmScreen(
                f"This game is not over ({card.rounds_played()} rounds played). Start a "
                "new game? This one stays in History.", yes="New game"),
                lambda yes: self._new_game_form() if yes else None)
            return
        self._new_game_form()

    def _new_game_form(self) -> None:
        players = self.card.players if self.card is not None else ()

        def created(card: Scorecard | None) -> None:
            if card is not None:
                self.start_game(card)
            elif self.card is None:
                self.notify("No game open. Press n for a new game or h for history.")

        self.push_screen(NewGameScreen(self.rules, players), created)

    def _new_change_then(self, start: Callable[[], None]) -> None:
        """``start`` a new change, asking first when it would drop ``DROP_ASK_FROM`` or
        more changes undone: key repeat on u undid a whole evening in a second, and the
        next score typed dropped it for good (U brings undone changes back only until a
        new change is made)."""
        undone = self._undone_count()
        if undone < DROP_ASK_FROM:
            start()
            return
        self._ask_before(ConfirmScreen(
            f"{counted(undone, 'change')} undone (U brings them back). A new change drops "
            "them for good. Make a new change?", yes="New change", no="Keep them"),
            start, f"Nothing changed: U brings back the {counted(undone, 'change')} undone.")

    def _ask_before(self, question: ConfirmScreen, change: Callable[[], None],
                    kept: str) -> None:
        """``change`` once ``question`` is answered yes; ``kept`` said on no. The keys
        typed behind the key that asked, before the question was up ("7 Enter": the
        Enter), belong to the change: sent on with it (tui.keys_ahead), let go with it.
        Each had asked again, and the 7 was lost. One question at once."""
        if self.asking_before_change is not None:
            return

        def answered(yes: bool | None) -> None:
            self.asking_before_change = None
            if yes:
                change()
                self.keys_ahead.send_on()
            else:
                self.keys_ahead.let_go()
                self.notify(kept)

        self.asking_before_change = question
        self.push_screen(question, answered)

    def _parked_on_finished(self, asked: bool, whole_round: bool = False) -> bool:
        """Whether a change is about to be made, unasked, where the cursor stood when the
        game ended (on that round, for ``whole_round``); a cell moved to is chosen."""
        spot, parked = self.scorecard.selected(), self.parked_at_game_over
        if asked or self.card is None or not self.card.is_finished or None in (spot, parked):
            return False
        return spot[0] == parked[0] if whole_round else spot == parked

    def _ask_before_changing_a_finished_game(self, question: str,
                                             change: Callable[[], None]) -> None:
        """``change`` a finished game's score only when asked: the cursor stays on the last
        cell scored, and the first score of the next game, typed there as all evening,
        replaced the final score without a word (the winner's margin with it). A cell the
        player moves to is chosen, and changed as asked."""
        self._ask_before(ConfirmScreen(question, yes="Change it", no="Keep it"), change,
                         "Nothing changed: the game is over. N starts a new game with the "
                         "same table.")

    def _undone_count(self) -> int:
        """How many changes U could bring back: a new change drops them."""
        if self.game_id is None:
            return len(self._undone_unsaved)
        try:
            return self.store.redo_count(self.game_id) + len(self._undone_unsaved)
        except StoreError:
            return len(self._undone_unsaved)

    def action_score(self, mode: str = "typed", photo: str = "", typed: str = "") -> None:
        self._new_change_then(lambda: self._score(mode, photo, typed))

    def _score(self, mode: str, photo: str, typed: str, asked: bool = False) -> None:
        if self.card is None:
            self.notify("Start a game first (n).", severity="warning")
            return
        spot = self.scorecard.selected()
        if spot is None:
            self.notify("The game is over; select a round to change a score.")
            return
        round_index, player = spot
        card = self.card
        if self._parked_on_finished(asked):
            self._ask_before_changing_a_finished_game(
                f"The game is over. Change {player}'s score in round {round_index + 1} "
                f"({card.round_header(round_index)})?",
                lambda: self._score(mode, photo, typed, asked=True))
            return

        if self.opening_entry is not None or isinstance(self.screen, ScoreEntryScreen):
            return
        live = mode == "live"  # the live view's newest snapshot, reviewed as a photo
        opened = self.games_shown

        def scored(entry: Entry | None) -> None:
            self.opening_entry = None
            if self._recorded_entry(entry, round_index, player, card, opened, screen):
                self.keys_ahead.send_on()
            else:
                self.keys_ahead.let_go()

        screen = ScoreEntryScreen(card, round_index, player, "capture" if live else mode,
                                  photo, self.camera_index, typed, live=live)
        self.opening_entry = screen
        self.push_screen(screen, scored)

    def _recorded_entry(self, entry: Entry | None, round_index: int, player: str,
                        card: Scorecard, opened: int, screen: ScoreEntryScreen) -> bool:
        """Record what the score screen gave; False when nothing was recorded."""
        if entry is None or self.card is None or self._other_game(
                opened, f"{player}'s score"):
            return False
        if screen.ask_opening and screen.opening != self.card.opening(round_index):
            try:
                self.change(row_change.set_opening(round_index, screen.opening))
            except ValueError as error:
                self.notify(str(error), title="Not recorded", severity="error")
                return False
        now = _score_in(self.card, round_index, player)
        if now != _score_in(card, round_index, player):
            self.notify(
                f"Not recorded: {player}'s score in round {round_index + 1} was changed "
                f"in another window while this one was open (now "
                f"{'empty' if now is None else now.points}). Check it, and enter yours "
                "again if it still holds.",
                title="Changed in another window", severity="error", timeout=30)
            return False
        self.record(round_index, player, entry)
        return True

    def action_score_row(self, typed: str = "") -> None:
        """Every player's score of the selected round in one row."""
        self._new_change_then(lambda: self._score_row(typed))

    def _score_row(self, typed: str, asked: bool = False) -> None:
        if self.card is None:
            self.notify("Start a game first (n).", severity="warning")
            return
        if self.opening_entry is not None:
            return
        spot = self.scorecard.selected()
        if spot is None:
            self.notify("The game is over; select a round to change its scores.")
            return
        round_index = spot[0]
        card = self.card
        if self._parked_on_finished(asked, whole_round=True):
            self._ask_before_changing_a_finished_game(
                f"The game is over. Change the scores of round {round_index + 1} "
                f"({card.round_header(round_index)})?",
                lambda: self._score_row(typed, asked=True))
            return
        opened = self.games_shown

        def scored(result: RowResult | None) -> None:
            self.opening_entry = None
            if self._recorded_row(result, round_index, card, opened):
                self.keys_ahead.send_on()
            else:
                self.keys_ahead.let_go()

        screen = RoundRowScreen(card, round_index, typed)
        self.opening_entry = screen
        self.push_screen(screen, scored)

    def _recorded_row(self, result: RowResult | None, round_index: int, card: Scorecard,
                      opened: int) -> bool:
        """Record the row the row screen gave; False when nothing was recorded."""
        if result is None or self.card is None or self._other_game(
                opened, f"round {round_index + 1}"):
            return False
        if _row_in(self.card, round_index) != _row_in(card, round_index):
            self.notify(
                f"Not recorded: round {round_index + 1} was changed in another window "
                "while the row was open. Check it, and enter the row again if it "
                "still holds.", title="Changed in another window", severity="error",
                timeout=30)
            return False
        self.record_row(round_index, result)
        return True

    def _other_game(self, opened: int, what: str) -> bool:
        """True (and says so) when another game was put on the card since a score screen
        opened (``opened``: ``games_shown`` then): what it saves belongs to that game."""
        if opened == self.games_shown:
            return False
        self.notify(f"Not recorded: another game was opened while {what} was being "
                    "typed. Enter it again on the game it belongs to.",
                    title="Not recorded", severity="error", timeout=15)
        return True

    def record_row(self, round_index: int, result: RowResult) -> None:
        """Put a whole row on the card as one change (one undo takes it back)."""
        if self.card is None:
            return
        if not result.entries and result.opening == self.card.opening(round_index):
            self.notify("Nothing changed in the row.", timeout=3)
            return
        try:
            self.change(row_change.set_row(self.card, round_index, result.entries,
                                           result.opening))
        except ValueError as error:
            self.notify(str(error), title="Not recorded", severity="error")
            return
        current = self.card.current_round()
        if current is not None:
            first = next((p for p in self.card.players if current >= len(self.card.rounds)
                          or self.card.entry(current, p) is None), self.card.players[0])
            self.scorecard.move_to(current, first)

    def record(self, round_index: int, player: str, entry: Entry) -> None:
        """Put one entry on the card (used by the entry screen and by tests)."""
        if self.card is None:
            return
        what = row_change.entry_words(entry)
        label = (f"{player} {what} in round {round_index + 1} "
                 f"({self.card.round_header(round_index)}) [{entry.method.value}]")
        try:
            self.change(pending.set_entry(round_index, player, entry, label))
        except ValueError as error:
            self.notify(str(error), title="Not recorded", severity="error")
            return
        self._advance(round_index, player)

    def _advance(self, round_index: int, player: str) -> None:
        cell = next_cell(self.card, round_index, player) if self.card is not None else None
        if cell is not None:
            self.scorecard.move_to(*cell)

    def action_went_out(self) -> None:
        self._new_change_then(self._went_out)

    def _went_out(self) -> None:
        spot = self.scorecard.selected() if self.card else None
        if spot is not None:
            self.record(spot[0], spot[1], Entry(0, went_out=True))

    def action_clear_score(self) -> None:
        self._new_change_then(self._clear_score)

    def _clear_score(self, asked: bool = False) -> None:
        spot = self.scorecard.selected() if self.card else None
        if spot is None or self.card is None or spot[0] >= len(self.card.rounds):
            return
        round_index, player = spot
        if self.card.entry(round_index, player) is None:
            self.notify(f"{player} has no score in round {round_index + 1} to clear.")
            return
        if self._parked_on_finished(asked):
            self._ask_before_changing_a_finished_game(
                f"The game is over. Clear {player}'s score in round {round_index + 1}?",
                lambda: self._clear_score(asked=True))
            return
        self.change(pending.clear_score(round_index, player,
                                        f"cleared {player} in round {round_index + 1}"))

    def action_house_rules(self) -> None:
        self._new_change_then(self._house_rules)

    def _house_rules(self) -> None:
        card = self.card
        if card is None:
            return

        def check(rules: RuleSet) -> None:
            require_playable(rules, len(card.players))  # a RulesError is a ValueError
            card.with_rules(rules)

        def chosen(rules: RuleSet | None) -> None:
            if rules is None or self.card is None:
                return
            if self.card.rules != card.rules:
                self.notify("Not changed: another window changed this game's rules "
                            "meanwhile. Press H to see them.", title="Changed in another "
                            "window", severity="error", timeout=30)
                return
            change = pending.house_rules(card.rules, rules)
            try:
                self.change(change)
            except ValueError as problem:  # scores another window saved meanwhile
                self.notify(str(problem), title="Cannot change the rules", severity="error")
                return
            self.notify(f"{change.label[0].upper()}{change.label[1:]}. u undoes it.",
                        title="House rules changed")

        self.push_screen(HouseRulesScreen(card.rules, check), chosen)

    def action_delete_round(self) -> None:
        self._new_change_then(self._delete_round)

    def _delete_round(self) -> None:
        spot = self.scorecard.selected() if self.card else None
        card = self.card
        if spot is None or card is None or spot[0] >= len(card.rounds):
            return
        round_index = spot[0]
        head = card.round_header(round_index)
        scores = [f"{p} {went_out_words(e) if e.went_out else e.points}"
                  for p in card.players if (e := card.entry(round_index, p)) is not None]
        if not scores:
            self.notify(f"Round {round_index + 1} ({head}) has no scores to delete.")
            return

        def answered(yes: bool | None) -> None:
            if not yes or self.card is None:
                return
            if (len(self.card.rounds) <= round_index
                    or self.card.rounds[round_index] != card.rounds[round_index]):
                self.notify(f"Not deleted: round {round_index + 1} was changed in another "
                            "window meanwhile. Check it, and delete it again if need be.",
                            title="Changed in another window", severity="error",
                            timeout=30)
                return
            self.change(pending.delete_round(round_index,
                                             f"deleted round {round_index + 1} ({head})"))
            # a change another window made first drops this one (said so when saving):
            # "deleted, u undoes it" would then have u undo that window's score
            now = self.card
            if now is not None and not any(now.entry(round_index, p) is not None
                                           for p in now.players):
                self.notify(f"Round {head} deleted. u undoes it.")

        self.push_screen(ConfirmScreen(
            f"Delete every score of round {round_index + 1} ({head}): "
            f"{', '.join(scores)}?", yes="Delete"), answered)

    def action_undo(self) -> None:
        self._step(undo=True)

    def action_redo(self) -> None:
        self._step(undo=False)

    def _step(self, undo: bool) -> None:
        if undo and self.pending and self.game_id is not None:
            # The last change never reached the disk: taking it back is all undo does.
            dropped = self.pending.pop()
            self._undone_unsaved.append(dropped)
            self._store_redos = 0
            before = self.card
            self.show(pending.chain(self.saved, self.pending))  # type: ignore[arg-type]
            self._to_changed_cell(before)
            if not self.pending:
                self._mark_saved(quiet=True)
            else:
                self._not_saved(self.save_error, quiet=True)
            self.notify(f"Undone: {dropped.label} (it had not been saved)", timeout=4)
            return
        if not undo and self._undone_unsaved and not self._store_redos:
            self._redo_unsaved()
            return
        if self.game_id is None or self.pending:
            what = "undo" if undo else "redo"
            self.notify(f"Nothing to {what}." if not self.pending else
                        f"Cannot {what} before every change is saved (Ctrl+S).")
            return
        try:
            moved = self.store.undo(self.game_id) if undo else self.store.redo(self.game_id)
        except StoreConflict as conflict:
            self._store_notices()
            self._forget_undone_unsaved()
            try:
                self.saved = self.store.load(self.game_id)
            except StoreError as error:
                self.notify(str(error), severity="error")
                return
            self.show(self.saved)
            self.notify(f"Not {'undone' if undo else 'redone'}: the game was changed in "
                        f"another window (it now stands after {conflict.label}); the card "
                        "now shows it. Press "
                        f"{'u' if undo else 'U'} again to {'undo' if undo else 'redo'} "
                        "from here.", title="Changed in another window",
                        severity="warning", timeout=15)
            return
        except StoreError as error:
            self._store_notices()
            self.notify(f"{'Undo' if undo else 'Redo'} failed: {error}", severity="error")
            return
        self._store_notices()
        if moved is None:
            self.notify("Nothing to undo." if undo else "Nothing to redo.")
            return
        card, label = moved
        if self._store_redos is not None:
            self._store_redos += -1 if not undo else 1
        before = self.card
        self.saved = card
        self.show(card)
        self._to_changed_cell(before, redone=not undo)
        self.notify(f"{'Undone' if undo else 'Redone'}: {label}", timeout=4)

    def _redo_unsaved(self) -> None:
        """U after u took back a change that had not been saved: that change again."""
        change = self._undone_unsaved.pop()
        undone = list(self._undone_unsaved)
        before = self.card
        try:
            self.change(change, redone=True)
        except ValueError as error:
            self.notify(f"Not redone: {change.label} ({error}).", severity="error")
            return
        finally:
            self._undone_unsaved = undone
            if not undone:
                self._store_redos = None
        self._to_changed_cell(before, redone=True)
        self.notify(f"Redone: {change.label}", timeout=4)

    def _forget_undone_unsaved(self) -> None:
        self._undone_unsaved = []
        self._store_redos = None

    def _to_changed_cell(self, before: Scorecard | None, redone: bool = False) -> None:
        """The cursor to the first cell an undo changed, so that what is typed next goes
        where the player was, not to the cell after it. A redo that puts a score back moves
        on from it as entering that score did (staying, the next score typed replaced the
        one just redone)."""
        after = self.card
        if before is None or after is None or before.players != after.players:
            return
        for round_index in range(max(len(before.rounds), len(after.rounds))):
            for seat, player in enumerate(after.players):
                was = before.rounds[round_index][seat] if round_index < len(before.rounds) \
                    else None
                now = after.rounds[round_index][seat] if round_index < len(after.rounds) \
                    else None
                if was != now:
                    if redone and was is None:
                        self._advance(round_index, player)
                    else:
                        self.scorecard.move_to(round_index, player)
                    return

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

    def action_rematch(self) -> None:
        """New game, same table: the same players in the same seats, the same rules."""
        card = self.card
        if card is None:
            self.action_new_game()
            return
        if self._keep_unsaved():
            return
        fresh = Scorecard.blank(card.players, card.rules)

        def answered(yes: bool | None) -> None:
            if yes:
                self._start_rematch(fresh)

        if card == fresh:  # another would only leave this one empty in History
            self.notify(f"This game has no scores yet: it is already a new game for "
                        f"{', '.join(card.players)}.", timeout=4)
        elif card.is_finished or not any(card.round_started(i)
                                         for i in range(len(card.rounds))):
            self._start_rematch(fresh)
        else:
            self.push_screen(ConfirmScreen(
                f"This game is not over ({card.rounds_played()} rounds played). Start a "
                f"new one with {', '.join(card.players)} and the same rules? This one "
                "stays in History.", yes="New game"), answered)

    def _start_rematch(self, card: Scorecard) -> None:
        self.start_game(card)
        self.notify(f"New game, same table: {', '.join(card.players)}.", timeout=4)

    def action_stats(self) -> None:
        cards, skipped = [], 0
        try:
            games = self.store.games()
        except StoreError as error:
            self.notify(str(error), severity="error")
            return
        for game in games:
            if game.damaged:
                skipped += 1
                continue
            try:
                cards.append(self.store.peek(game.id))
            except StoreError:
                skipped += 1
        if not isinstance(self.screen, StatsScreen):
            finished = sum(1 for card in cards if card.is_finished)
            self.push_screen(StatsScreen(player_stats(cards), finished, skipped))

    def action_changes(self) -> None:
        if self.game_id is None:
            self.notify("No saved game yet.", severity="warning")
            return
        try:
            changes = self.store.changes(self.game_id)
            cursor = self.store.game(self.game_id).cursor
        except StoreError as error:
            self.notify(str(error), severity="error")
            return
        if not isinstance(self.screen, ChangesScreen):
            self.push_screen(ChangesScreen(self.game_id, changes, cursor))

    def delete_game(self, game_id: int) -> bool:
        """Delete a game for good (History asks first); True when done."""
        if game_id == self.game_id and self.pending:
            self._keep_unsaved()
            return False
        try:
            self.store.delete_game(game_id)
        except StoreError as error:
            self.notify(str(error), title="Not deleted", severity="error")
            return False
        if game_id == self.game_id:
            self.game_id, self.saved = None, None
            self.show(None, other_game=True)
        self.notify(f"Game {game_id} deleted.", timeout=4)
        return True

    def action_export(self) -> None:
        if self.game_id is None:
            self.notify("No saved game to export yet.", severity="warning")
            return
        self.export_game(self.game_id)

    def export_game(self, game_id: int) -> None:
        """Write the game's CSV and JSON: the game on the card as it is shown, changes not
        saved yet included (the file's older version went out, unsaid), another as
        saved."""
        shown = self.card if game_id == self.game_id else None
        try:
            csv_path, json_path = self.store.export_files(game_id, card=shown)
        except StoreError as error:
            self.notify(str(error), title="Export failed", severity="error")
            return
        unsaved = (f" as shown, {counted(len(self.pending), 'change')} in it not saved yet"
                   if shown is not None and self.pending else "")
        self.notify(f"{csv_path}\n{json_path}", title=f"Game {game_id} exported{unsaved}",
                    timeout=10)

    def action_verify(self, photo: str = "") -> None:
        """Settle a disputed play on a board from a photo or typed, under this game's
        rules (the default rules before any game is open)."""
        if isinstance(self.screen, DisputeScreen):
            return
        rules = self.card.rules if self.card is not None else self.rules
        self.push_screen(DisputeScreen(rules, photo))

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(screen_keys(self.screen)))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The scorecard's commands on the scorecard only: run from the palette over a
        score being typed, a form or a list, they would change the game under it (a new
        game, another game opened, an undo), and what that screen saves would then land
        on a card it was not opened on."""
        yield from super().get_system_commands(screen)
        if screen is not self.scorecard:
            yield SystemCommand("Help", "Keys and how scoring works", self.action_help)
            return
        yield SystemCommand("New game", "Players, set and house rules", self.action_new_game)
        yield SystemCommand("Score: type points", "For the selected player and round",
                            lambda: self.action_score("typed"))
        yield SystemCommand("Score: a whole round in one row", "Every player's points, Tab "
                            "between", self.action_score_row)
        yield SystemCommand("New game, same table", "Same players and rules",
                            self.action_rematch)
        yield SystemCommand("House rules", "Change this game's rules mid-game",
                            self.action_house_rules)
        yield SystemCommand("Stats across games", "Wins, averages, best and worst rounds",
                            self.action_stats)
        yield SystemCommand("Past changes", "Every change kept for this game",
                            self.action_changes)
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
        yield SystemCommand("Save now", "Try again to write changes not saved yet",
                            self.action_save_now)
        yield SystemCommand("Help", "Keys and how scoring works", self.action_help)


def _row_in(card: Scorecard, round_index: int) -> object:
    if round_index >= len(card.rounds):
        return None
    return card.rounds[round_index], card.opening(round_index)


def _score_in(card: Scorecard, round_index: int, player: str) -> Entry | None:
    if round_index >= len(card.rounds):
        return None
    return card.entry(round_index, player)


def build_app(store: Store, recognizer: Recognizer | None = None,
              rules: RuleSet | None = None, camera_index: int = 0,
              offer_resume: bool = True) -> ChickenFootApp:
    """The one way the app is put together, by ``chickenfoot`` and by the tests."""
    if recognizer is None:
        from tui.recognizer import VisionRecognizer

        recognizer = VisionRecognizer()
    return ChickenFootApp(store, recognizer, rules, camera_index, offer_resume)
