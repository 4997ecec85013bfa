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
a screen with nothing to focus never leaves the app deaf."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen
from textual.timer import Timer

# Actions that close the screen (or the list, the field) they are bound on.
CLOSING_ACTIONS = frozenset({"dismiss", "close", "cancel", "pop_screen", "back"})
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
    active = screen.active_bindings.get(key)
    if active is None or active.binding.priority:  # a priority binding acts on arrival
        return False
    action = active.binding.action.split("(", 1)[0].rsplit(".", 1)[-1]
    return action in CLOSING_ACTIONS


class KeysOnHold:
    """The keys and pastes held behind a closing key, or while the app starts, in the
    order they arrived."""

    def __init__(self, app: App, take: TakeEvent) -> None:
        self._app = app
        self._take = take  # an event taken again, as if it had just arrived
        self._held: list[Held] = []
        # the closing key held behind, or AT_START
        self._behind: events.Key | object | None = AT_START
        self._screen: Screen | None = None  # the screen it was typed at
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
        go to it."""
        if self._behind is AT_START:
            self._app.call_next(self._let_through, AT_START)

    def behind(self, key: events.Key, screen: Screen) -> None:
        """``key`` may close ``screen``: what arrives after it waits until it is acted on."""
        if self._timer is not None:
            self._timer.stop()
        self._behind, self._screen = key, screen
        self._limit(HOLD_AT_MOST_S, key)

    def _limit(self, seconds: float, token: events.Key | object) -> None:
        """What is held for ``token`` goes on after ``seconds`` at most: let through by
        the app, as every key is taken (a timer runs apart, and stopping it there
        cancelled its own letting through)."""
        self._timer = self._app.set_timer(
            seconds, lambda: self._app.call_later(self._let_through, token))

    def is_closing_key(self, event: events.Event) -> bool:
        return event is self._behind

    def acted_on(self) -> None:
        """The closing key is back at the app and its binding has run. A closed screen
        lets the keys through once its answer has been taken (the game opened); an open
        one once what the binding set off has reached it (Enter's submit, which closes
        the form or is refused)."""
        key, screen = self._behind, self._screen
        if key is None or screen is None:
            return
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
