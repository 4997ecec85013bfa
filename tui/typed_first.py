"""Keys typed before a priority binding are taken before it acts.

A priority binding (Ctrl+S, Ctrl+O) runs as its key reaches the app, while the keys typed just
before it may still wait in the focused field's own queue (the Tiles tab updates its
list of 55 tiles on every key, so its field falls behind): a save then read the field
without them. ``after_typed_keys`` queues the action behind those keys instead."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen


def after_typed_keys(screen: Screen, action: Callable[[], object]) -> None:
    """Run ``action`` once the focused widget has taken every key sent to it; not at
    all if ``screen`` has closed meanwhile (a second Ctrl+S behind the first)."""
    focused = screen.focused
    if focused is None:
        action()
        return

    def when_still_open() -> None:
        if screen.is_current:
            action()

    focused.call_later(when_still_open)
