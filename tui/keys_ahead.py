"""Keys typed past an Enter before the score screen has even opened belong to the next
cell, not to this one.

Typed fast, "14 Enter 7 Enter" reaches the scorecard before the first score screen is
up: every key went into that screen's field and the Enter only asked it to save on
opening, so Ann was given 147 and Bo nothing. Keys after such an Enter are held here
(by the scorecard while the screen opens, by the screen while it saves), then sent
again, in order, once the score is recorded and the cursor has moved on; when the
score is not recorded (refused, cancelled, changed in another window) they are let go,
since what they were typed after did not happen. A score field (``FieldInput``) holds
the keys typed after its own Enter the same way: only it sees its keys in the order
typed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App
from textual.widgets import Input

from tui.pasted_column import column_keys, is_column, pasted_lines

# (key, character) -> whether the scorecard took it as typed there
TakeKey = Callable[[str, "str | None"], bool]


class KeysAhead:
    """The keys held for after the score being saved, in the order they were typed."""

    def __init__(self, app: App, take: TakeKey) -> None:
        self._app = app
        self._take = take
        self._held: list[tuple[str, str | None]] = []

    def hold(self, event: events.Key) -> None:
        """Keep ``event`` for later, and stop it here."""
        self.hold_key(event.key, event.character)
        event.stop()
        event.prevent_default()

    def hold_key(self, key: str, character: str | None) -> None:
        self._held.append((key, character))

    def send_on(self) -> None:
        """The score they followed is recorded: the keys held go to the scorecard at once,
        in order, as typed there (a digit opens the next cell's screen, the keys after it
        go into that screen as it opens, and past its Enter are held again); a key it
        does not take goes to the app. Posted to the app all at once instead, they
        reached the next screen before it had opened, its Enter lost."""
        held, self._held = self._held, []
        for key, character in held:
            if not self._take(key, character):
                self._app.post_message(events.Key(key, character))

    def let_go(self) -> None:
        self._held = []


# What a field does with a column pasted into it (tui.pasted_column): True to save it
# now, as its Enter would.
TakeColumn = Callable[["FieldInput", list[str]], bool]


class FieldInput(Input):
    """A score field that takes no key after its Enter: each key after it is held for
    the next cell. The field goes on taking keys while its screen hears of the Enter, so
    "5 Enter 1" reached the save as 51; only the field itself sees its keys in the order
    typed. ``settle`` says what its Enter came to. A paste of several lines goes to
    ``take_column``; without one, its lines are one value (a hand's tiles a line)."""

    entered: str | None = None  # the value at the Enter

    def __init__(self, *args: Any, take_column: TakeColumn | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.take_column = take_column

    async def _on_key(self, event: events.Key) -> None:
        if self.entered is not None:
            self.app.keys_ahead.hold(event)  # type: ignore[attr-defined]
            return
        if event.key == "enter":  # submitted here, in the field's order, and gone
            event.stop()
            event.prevent_default()
            await self._enter()
            return
        await super()._on_key(event)

    async def _enter(self) -> None:
        self.entered = self.value
        await self.action_submit()

    async def _on_paste(self, event: events.Paste) -> None:
        lines = pasted_lines(event.text)
        if self.entered is None and not is_column(lines):
            return  # one line: Input's own paste, next in line, takes it
        event.stop()
        event.prevent_default()
        if self.entered is not None:  # pasted after its Enter: typed for the next cell
            keys = column_keys(lines) if is_column(lines) else [
                (character, character) for character in "".join(lines)]
            for key, character in keys:
                self.app.keys_ahead.hold_key(key, character)  # type: ignore[attr-defined]
        elif self.take_column is not None:
            if self.take_column(self, lines):
                await self._enter()
        else:
            self.insert_text_at_cursor(" ".join(line for line in lines if line))

    def settle(self, saved: bool) -> None:
        """Saved, the keys held after its Enter go on with the score; refused, what was
        entered stays to be put right, the field takes keys again, and those are let
        go."""
        if not saved:
            self.entered = None
            self.app.keys_ahead.let_go()  # type: ignore[attr-defined]
