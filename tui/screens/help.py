"""Keys and how scoring works, in one page."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

HELP = """\
# Chicken Foot scorecard

**Scorecard** (arrows or mouse pick a cell: a player's row, a round's column)

- **digits** or **Enter**: type the selected player's points for the selected round
- **p** pick the tiles left in the hand · **c** read them from a photo or the camera
- **l** take the newest snapshot sent by `chickenfoot live --send` (reviewed as a photo)
- **v** verify a disputed play: a photo of the tableau or a typed board, judged with
  every reason under this game's rules
- **o** went out (0 points) · **Backspace** clear one score · **d** delete a round
- **u** / **Ctrl+Z** undo · **U** / **Ctrl+Y** redo (kept across restarts)
- **t** round points or running totals · **n** new game · **h** history
- **x** export CSV and JSON · **Ctrl+P** command palette · **?** help · **Ctrl+Q** quit
- a photo dragged onto the terminal is read for the selected cell

**Scoring a hand**: F2 type, F3 pick tiles, F4 photo; Ctrl+S saves, Ctrl+O went out,
Escape cancels. Tiles can be typed `5-3 6|6 0-0`, or as digit pairs `53 66 00` in sets
up to double-9. The double-blank (0-0) counts as the house rule says (50 by default).

**Photo**: type, paste or drop a photo's path, Enter reads it; Ctrl+R uses the camera;
Ctrl+L takes the live view's newest snapshot.
The tiles read are listed with how sure the reader was; doubtful ones are marked `?`.
On the list: two digits replace the tile (`5` `2` makes 5-2), `a` takes the reader's
second guess, Delete removes it, `+` adds a tile, `f` fixes it by typing.

**Verify a play** (v): open a photo of the tableau (Enter, or drop it) or type the board
like `9-9 9-4@9-9 4-6@9-4`; correct the board as read if a tile is wrong (Ctrl+B), then
pick the disputed tile (Ctrl+T, Enter) or type the play as `TILE@PARENT`. The verdict,
LEGAL or ILLEGAL, lists every rule broken. A tile already on the board is judged where it
lies, on the board without it.

Everything is saved at once. When it cannot be (a full disk), a red NOT SAVED line stays
on the scorecard, Ctrl+S tries again and Ctrl+Q asks first. Another window on the same
game shows here within seconds; neither writes over a score the other saved. Escape closes.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Markdown(HELP)

