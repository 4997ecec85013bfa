"""Keys typed behind a key that closes a screen go to the screen under it, in order; keys
typed while the app starts go to its first screen.

Textual sends each key, as it arrives, to the widget focused then, and looks its binding
up only when the key comes back to the app, on whatever screen is on top by then. Typed
fast behind Escape on the help ("Escape 5 Enter"), the 5 and the Enter had gone to the
help's widgets before the Escape closed it, and came back to be looked up on the
scorecard, where a digit is no binding: the score was lost (an arrow scrolled the help
instead of moving the cursor; "Ann, Bo Enter 5 Enter" on the new-game form put the 5 in
Bo's name and closed the scorecard itself).

So a key that may close the screen it is typed at (``may_close``) holds the keys and
pastes that arrive behind it. Once it has been acted on (its binding has run, and what
that set off on the screen has been handled) they are taken again, in order, as if just
typed: by the screen under it when it closed, by the same screen when it stayed open
(Escape that first hides a field), by a question when it asked first. A key stopped on
its way (a widget took it) never comes back: after ``HOLD_AT_MOST_S`` what waited goes
on all the same, never lost.

A terminal also hands over at once what was typed while the app started, before its
first screen (the new-game form, the resume question) could take a key: every key went
to a screen not ready for it. Those are held the same way, from the start until a widget
of the screen on top has focus (``ready``); ``START_AT_MOST_S`` bounds the wait, so that
a screen with nothing to focus never leaves the app deaf.

The mirror case: a key that opens a screen (``may_open``: h, ? or F1, s, e, v, n; N and
Delete, which may ask first) holds the keys behind it too. "h down Enter" had gone to
the scorecard, whose table took the arrow and the Enter, before History was up: the keys
behind it were typed for the new screen. They go to it once it is on top and a widget
of it has focus (``ready``); when the key opened nothing (no game to list, a notice
instead), to the same screen once what its binding set off has been handled; after
``HOLD_AT_MOST_S`` in any case. The keys that open a score screen (Enter, r, p, c, a
digit) are not held here: the scorecard opens that screen at once and hands it what is
typed meanwhile (tui.keys_ahead)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen
from textual.timer import Timer

# Actions that close the screen (or the list, the field) they are bound on.
CLOSING_ACTIONS = frozenset({"dismiss", "close", "cancel", "pop_screen", "back"})
# Actions that open a screen over the one they are bound on (some only at times: a
# question first, or a notice when there is nothing to show).
OPENING_ACTIONS = frozenset({"help", "history", "stats", "changes", "verify", "new_game",
                             "rematch", "delete"})
HOLD_AT_MOST_S = 1.0
START_AT_MOST_S = 5.0
AT_START = object()  # held for: the app starting, not a closing key

Held = events.Key | events.Paste
TakeEvent = Callable[[Held], Awaitable[None]]


def may_close(screen: Screen, key: str) -> bool:
    """Whether ``key``, typed now at ``screen``, may close it: its binding there closes
    something, or the screen names it in ``CLOSING_KEYS`` (Enter on a form or a list,
    whose binding submits or selects, and the screen closes on that)."""
    if key in getattr(screen, "CLOSING_KEYS", ()):
        return True
    return _action(screen, key) in CLOSING_ACTIONS


def may_open(screen: Screen, key: str) -> bool:
    """Whether ``key``, typed now at ``screen``, may open another screen over it: its
    binding there opens one, or the screen names it in ``OPENING_KEYS``."""
    if key in getattr(screen, "OPENING_KEYS", ()):
        return True
    return _action(screen, key) in OPENING_ACTIONS


def _action(screen: Screen, key: str) -> str | None:
    """The name of the action ``key`` is bound to at ``screen``; None for none, or for a
    priority binding, which acts on arrival, before the next key is taken."""
    active = screen.active_bindings.get(key)
    if active is None or active.binding.priority:
        return None
    return active.binding.action.split("(", 1)[0].rsplit(".", 1)[-1]


class KeysOnHold:
    """The keys and pastes held behind a closing or an opening key, or while the app
    starts, in the order they arrived."""

    def __init__(self, app: App, take: TakeEvent) -> None:
        self._app = app
        self._take = take  # an event taken again, as if it had just arrived
        self._held: list[Held] = []
        # the closing or opening key held behind, or AT_START
        self._behind: events.Key | object | None = AT_START
        self._screen: Screen | None = None  # the screen it was typed at
        self._opening = False  # whether ``_behind`` opens a screen
        self._timer: Timer | None = None

    def keep(self, event: Held) -> bool:
        """Keep ``event`` for later when keys are held now; whether it was kept."""
        if self._behind is None:
            return False
        if self._behind is AT_START and self._timer is None:  # the app runs by now
            self._limit(START_AT_MOST_S, AT_START)
        self._held.append(event)
        return True

    def ready(self) -> None:
        """A widget of the screen on top has focus: the keys typed while the app started
        go to it, and so do those typed behind the key that opened it."""
        if self._behind is AT_START:
            self._app.call_next(self._let_through, AT_START)
        elif self._opened():
            self._into_opened(self._behind)

    def _opened(self) -> bool:
        """Whether the opening key held behind has put another screen on top of the one
        it was typed at (which may still show under it: ``is_current`` says so)."""
        screen = self._screen
        return self._opening and screen is not None and self._app.screen is not screen

    def _into_opened(self, key: events.Key | object) -> None:
        """The keys held behind ``key`` go to the screen it opened, once that has mounted
        and taken the focus it asks for then (its first widget is focused before: the
        new-game form's scrollable part, not its players' field): behind the screen's
        mounting, then behind the focus it queued on the app."""
        screen = self._app.screen

        def then() -> None:
            self._app.call_later(self._let_through, key)

        if not screen.call_later(then):
            then()

    def behind(self, key: events.Key, screen: Screen, opening: bool = False) -> None:
        """``key`` may close ``screen`` (or open another over it, ``opening``): what
        arrives after it waits until it is acted on."""
        if self._timer is not None:
            self._timer.stop()
        self._behind, self._screen, self._opening = key, screen, opening
        self._limit(HOLD_AT_MOST_S, key)

    def _limit(self, seconds: float, token: events.Key | object) -> None:
        """What is held for ``token`` goes on after ``seconds`` at most: let through by
        the app, as every key is taken (a timer runs apart, and stopping it there
        cancelled its own letting through)."""
        self._timer = self._app.set_timer(
            seconds, lambda: self._app.call_later(self._let_through, token))

    def is_held_behind(self, event: events.Event) -> bool:
        """Whether ``event`` is the closing or opening key the keys are held behind."""
        return event is self._behind

    def acted_on(self, key: events.Key) -> None:
        """``key``, held behind, is back at the app and its binding has run (or the
        scorecard ran it on the way). A closed screen lets the keys through once its
        answer has been taken (the game opened); a screen opened over it, once that one
        has focus (``ready``); an open one once what the binding set off has reached it
        (Enter's submit, which closes the form or is refused; a notice instead of the
        screen asked for)."""
        screen = self._screen
        if key is not self._behind or screen is None:
            return
        if self._opened():
            top = self._app.screen
            if top.focused is not None:  # focused already
                self._into_opened(key)
            return  # else once it has focus: ready
        if not screen.is_current:
            self._app.call_next(self._let_through, key)
            return
        _after_messages_sent(screen.focused or screen, screen,
                             lambda: self._app.call_next(self._let_through, key))

    async def _let_through(self, key: events.Key | object) -> None:
        """The keys held behind ``key`` (or AT_START) go on, in order; a closing key
        among them holds the ones after it again."""
        if key is not self._behind:  # already let through (the time limit, a key back)
            return
        if self._timer is not None:
            self._timer.stop()
        self._behind = self._screen = self._timer = None
        self._opening = False
        held, self._held = self._held, []
        for event in held:
            await self._take(event)


def _after_messages_sent(node: DOMNode, screen: Screen, then: Callable[[], object]) -> None:
    """Run ``then`` once every message sent to ``node`` so far, and what those pass on up
    to ``screen``, has been handled: one call queued behind them at each step up."""

    def step(at: DOMNode) -> None:
        parent = at.parent
        if at is screen or parent is None or not screen.is_current or not (
                parent.call_later(step, parent)):
            then()

    if not node.call_later(step, node):
        then()
