"""A column of scores pasted into a score field or on the scorecard: one score a line.

A score field kept a paste's first line and dropped the others without a word. A player
who copies a round's scores from a spreadsheet or a phone's notes expects them to fill
the cells the way a spreadsheet fills a pasted column, not to type them again: so each
line is a score, taken where Enter would take the next one (the next player without a
score), as if typed with Enter after it. A column with a line that is no score is
refused whole, in one line that names it: half a column saved would leave the player to
find where it stopped. So is a column longer than the cells the game has left (its last
lines were dropped without a word), and a column pasted over a score that would go on into
another round (a round's corrected scores, pasted on its first cell, changed that one and
filled the next round, which nobody had played)."""

from __future__ import annotations

from scorer.messages import clip, counted
from scorer.rules import RuleSet
from scorer.scorecard import Scorecard
from tui.entry_order import Cell, next_cell
from tui.screens.points import typed_points

SHOWN = 12  # characters of a line quoted back


def pasted_lines(text: str) -> list[str]:
    """The lines of a paste, each stripped; blank lines before and after left out (a
    copied column ends with a line break), those inside kept (an empty cell)."""
    lines = [line.strip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def is_column(lines: list[str]) -> bool:
    return len(lines) > 1


def column_problem(lines: list[str], rules: RuleSet) -> str | None:
    """Why the pasted ``lines`` are not a column of scores under ``rules``, in one line;
    None when every line is one."""
    for number, line in enumerate(lines, 1):
        try:
            typed_points(line, rules)
        except ValueError as error:
            return (f"Not pasted: line {number} of {len(lines)}, {clip(line, SHOWN)!r}, is "
                    f"no score ({error}). Paste one score a line.")
    return None


def column_keys(lines: list[str]) -> list[tuple[str, str]]:
    """The keys that type ``lines`` as scores: each line's digits, then Enter."""
    keys: list[tuple[str, str]] = []
    for line in lines:
        keys += [(character, character) for character in line]
        keys.append(("enter", "\r"))
    return keys


def placement_problem(lines: list[str], card: Scorecard, start: Cell) -> str | None:
    """Why the column ``lines`` (every one a score) cannot be taken from ``start`` as
    typing it would place it, in one line; None when it can."""
    cells, filled = [start], card
    for line in lines[:-1]:
        filled = filled.with_score(*cells[-1], typed_points(line, card.rules))
        cell = next_cell(filled, *cells[-1])
        if cell is None:
            return (f"Not pasted: {counted(len(lines), 'score')}, and the game has room for "
                    f"{len(cells)} from the selected cell on.")
        cells.append(cell)
    later = sorted({r for r, _ in cells if r != start[0]})
    if card.entry(*start) is not None and later:
        return (f"Not pasted: {start[1]}'s score in round {start[0] + 1} is there already, "
                f"and the column would go on into round {later[0] + 1}. Paste one score to "
                "change one; a column fills the empty cells from the selected one on.")
    return None
