"""A question in a dialog, answered by its keys in the order they are typed.

Textual looks a key's bindings up when the key comes back to the app from the widget it
was sent to, on whatever screen is on top by then. Keys typed right behind an answer
("r", then a score) had been sent to the dialog's button before the answer closed it and
came back after: they were looked up on the scorecard, where a digit is no binding, and
the score typed was lost. So the app hands a question its keys as they arrive
(``take_key``): an answer closes it there and then, and every key behind it goes to the
screen under it, as typed there, once the answer has been acted on (tui.keys_on_hold:
"y" leaving a score screen closes that screen too); Tab and the arrows move between the
buttons; any other key is ignored, since it was typed at the question."""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from textual.screen import ModalScreen
from textual.widgets import Button

AnswerType = TypeVar("AnswerType")

NEXT_BUTTON = ("tab", "right", "down")
PREVIOUS_BUTTON = ("shift+tab", "left", "up")


class Question(ModalScreen[AnswerType], Generic[AnswerType]):
    """A dialog of buttons, each an answer; ``ANSWER_KEYS`` answer from the keyboard.

    On a small terminal (40x12: a phone, a split pane) a row of bordered buttons ran off
    the screen's side and bottom: narrower than a row of them, the buttons are one a
    line; lower than a full dialog, they lose their borders and the dialog its margins
    (app.tcss). The buttons keep to the dialog's bottom: long words scroll above them."""

    ANSWER_KEYS: ClassVar[dict[str, object]] = {}  # key -> answer
    # From 72 columns the widest row of buttons (Save and quit, Quit anyway, Stay: 58)
    # fits the dialog with room; from 20 lines bordered buttons and the words do.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (72, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]

    def button_answer(self, button: Button) -> AnswerType:
        """The answer a button gives: its id, unless a question says otherwise."""
        return button.id  # type: ignore[return-value]

    def take_key(self, key: str) -> None:
        """A key typed at this question, taken now."""
        if key in self.ANSWER_KEYS:
            self.answer(self.ANSWER_KEYS[key])  # type: ignore[arg-type]
        elif key == "enter" and isinstance(self.focused, Button):
            self.answer(self.button_answer(self.focused))
        elif key in NEXT_BUTTON:
            self.focus_next()
        elif key in PREVIOUS_BUTTON:
            self.focus_previous()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.answer(self.button_answer(event.button))

    def answer(self, answer: AnswerType) -> None:
        """Close with ``answer``; once only (a click may follow a key that answered)."""
        if self.is_current:
            self.dismiss(answer)
