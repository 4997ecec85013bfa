"""A whole round typed in one row, and the double a round opened on, as changes: one
snapshot each, so one undo takes the whole row back."""

from __future__ import annotations

from collections.abc import Mapping

from scorer.scorecard import Entry, Scorecard
from tui.pending import Change


def _cells(card: Scorecard, round_index: int) -> object:
    if round_index >= len(card.rounds):
        return None
    return card.rounds[round_index]


def entry_words(entry: Entry | None) -> str:
    if entry is None:
        return "cleared"
    if entry.went_out:
        return "went out" if entry.points == 0 else f"went out on a double ({entry.points})"
    return str(entry.points)


def set_row(card: Scorecard, round_index: int, entries: Mapping[str, Entry | None],
            opening: int | None) -> Change:
    """Every cell of ``entries`` (None clears it) and the double the round opened on."""
    changed_opening = opening != card.opening(round_index)
    head = f"{opening}-{opening}" if opening is not None else card.round_header(round_index)
    words = ", ".join(f"{p} {entry_words(e)}" for p, e in entries.items())
    label = f"round {round_index + 1} ({head}): {words or 'no scores'}"
    if changed_opening:
        label += f"; opened on {head}"

    def apply(base: Scorecard) -> Scorecard:
        if changed_opening:
            base = base.with_opening(round_index, opening)
        if round_index < len(base.rounds):  # cleared first: the row is checked as typed
            for player in entries:              # (who went out may move from Bo to Ann)
                base = base.without_score(round_index, player)
        for player, entry in entries.items():
            if entry is not None:
                base = base.with_entry(round_index, player, entry)
        return base

    return Change(label, apply, lambda c: (len(c.rounds), c.opening(round_index),
                                           _cells(c, round_index)))


def set_opening(round_index: int, opening: int | None) -> Change:
    head = "the ladder's double" if opening is None else f"{opening}-{opening}"
    return Change(f"round {round_index + 1} opened on {head}",
                  lambda c: c.with_opening(round_index, opening),
                  lambda c: (len(c.rounds), c.opening(round_index)))
