"""Every key of the screen it was opened on, then how scoring works, in one page."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown

from tui.plain import Static

HELP = """\
# Chicken Foot scorecard

**Scorecard** (arrows or mouse pick a cell: a player's row, a round's column)

- **digits** or **Enter**: type the selected player's points for the selected round
- **r** a whole round in one row: every player's points, **Tab** between cells, `o` for
  went out, **F3** tiles or **F4** a photo for one cell, **Enter** saves the row
- **p** pick the tiles left in the hand · **c** read them from a photo or the camera
- **l** take the newest snapshot sent by `chickenfoot live --send` (reviewed as a photo)
- **v** verify a disputed play: a photo of the tableau or a typed board, judged with
  every reason under this game's rules
- **o** went out (0 points) · **Backspace** clear one score · **d** delete a round
- **u** / **Ctrl+Z** undo · **U** / **Ctrl+Y** redo (kept across restarts)
- **t** round points or running totals · **n** new game · **N** new game, same table
  (same players and rules) · **h** history (Enter opens, Delete deletes, asked first)
- **H** house rules of this game, changed mid-game (hands scored from tiles are
  scored again; undo takes the change back)
- **s** stats across games · **e** past changes of this game
- **x** export CSV and JSON · **Ctrl+P** command palette · **?** help · **Ctrl+Q** quit
- a photo dragged onto the terminal is read for the selected cell

Marks in the cells: `out` went out, `▪` picked tiles, `◉` read from a photo. Ranks
follow the tie-break; the lead counts complete rounds only.

**Scoring a hand**: F2 type, F3 pick tiles, F4 photo; Ctrl+S saves, Ctrl+O went out,
Escape cancels. Under the "next lower double" rule, pick the double the round opened on.
Tiles can be typed `5-3 6|6 0-0`, or as digit pairs `53 66 00` in sets
up to double-9. The double-blank (0-0) counts as the house rule says (50 by default).

**Photo**: type, paste or drop a photo's path, Enter reads it; Ctrl+R uses the camera;
Ctrl+L takes the live view's newest snapshot.
The tiles read are listed with how sure the reader was; doubtful ones are marked `?`
and the cursor starts on the first of them.
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


# Textual's own keys every screen has; Tab and copying are known to everyone.
GENERIC_ACTIONS = {"app.focus_next", "app.focus_previous", "screen.copy_text", "focus_next",
                   "focus_previous", "copy_text", "help_quit"}
RENAMED = {"command_palette": "Palette: every action"}


def screen_keys(screen: Screen) -> list[tuple[str, str]]:
    """(keys, what they do) for every binding active on ``screen``, the app's included,
    hidden ones too; Textual's own widget keys (arrows, page up...) are left out."""
    app = screen.app
    grouped: dict[tuple[str, str], list[str]] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if type(active.node).__module__.startswith("textual.") and active.node is not app:
            continue
        if binding.action in GENERIC_ACTIONS:
            continue
        what = RENAMED.get(binding.action) or binding.description or (
            binding.action.replace("_", " "))
        shown = binding.key_display or app.get_key_display(binding.with_key(key))
        keys = grouped.setdefault((binding.action, what), [])
        if shown not in keys:
            keys.append(shown)
    return [(" ".join(keys), what) for (_action, what), keys in grouped.items()]


def keys_table(keys: list[tuple[str, str]]) -> Table:
    """The keys in two columns of (key, what), so a screenful holds them at 80x24."""
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    for _ in range(2):
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column(ratio=1)
    half = (len(keys) + 1) // 2
    for left, right in zip(keys[:half], [*keys[half:], ("", "")], strict=False):
        table.add_row(*left, *right)
    return table


class HelpScreen(ModalScreen[None]):
    """Opened with the keys of the screen below (``screen_keys``)."""

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def __init__(self, keys: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.keys = keys or []

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            if self.keys:
                yield Static(Text.assemble(("Keys here", "bold"), " (Escape closes; more below)"))
                yield Static(keys_table(self.keys), id="help-keys")
            yield Markdown(HELP)

