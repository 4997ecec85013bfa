"""Changes made in this window that are not on disk yet, and how they are put on a newer
card that another window saved meanwhile.

A ``Change`` knows how to make itself on any card (``apply``) and which part of the card
it reads and writes (``part``). It can be put on the newer card when that part is there as
this window saw it, or already as this change leaves it; otherwise the other window
changed the very score this change would write, and ``rebase`` sets it apart: what another
window confirmed is never written over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scorer.rules import RuleSet
from scorer.scorecard import Entry, Scorecard


@dataclass(frozen=True)
class Change:
    label: str
    apply: Callable[[Scorecard], Scorecard]
    part: Callable[[Scorecard], object]


def _cell(card: Scorecard, round_index: int, player: str) -> Entry | None:
    if round_index >= len(card.rounds):
        return None
    return card.rounds[round_index][card.players.index(player)]


def _length(card: Scorecard) -> int | None:
    """Rounds move up when one is deleted in a target-total game: the count matters."""
    return len(card.rounds) if card.is_open_ended else None


def set_entry(round_index: int, player: str, entry: Entry, label: str) -> Change:
    return Change(label, lambda c: c.with_entry(round_index, player, entry),
                  lambda c: (_length(c), _cell(c, round_index, player)))


def clear_score(round_index: int, player: str, label: str) -> Change:
    return Change(label, lambda c: c.without_score(round_index, player),
                  lambda c: (_length(c), _cell(c, round_index, player)))


def delete_round(round_index: int, label: str) -> Change:
    def part(card: Scorecard) -> object:
        row = card.rounds[round_index] if round_index < len(card.rounds) else None
        return len(card.rounds), row

    return Change(label, lambda c: c.without_round(round_index), part)


def house_rules(before: RuleSet, after: RuleSet) -> Change:
    """The game's rules changed: every score is carried over (``Scorecard.with_rules``),
    so the change reads and writes the whole card."""
    was = set(before.describe())
    changed = [line for line in after.describe() if line not in was]
    return Change("house rules: " + ("; ".join(changed) or "changed"),
                  lambda c: c.with_rules(after),
                  lambda c: (c.rules, c.rounds, c.openings))


def new_game(card: Scorecard, label: str = "New game") -> Change:
    return Change(label, lambda _c: card, lambda _c: None)


def chain(base: Scorecard, changes: Sequence[Change]) -> Scorecard:
    for change in changes:
        base = change.apply(base)
    return base


def rebase(base: Scorecard, changes: Sequence[Change],
           latest: Scorecard) -> tuple[list[Change], list[Change]]:
    """``changes``, made in order on ``base``, sorted for ``latest``: (kept, clashed). Kept
    ones are put on ``latest`` in order with ``chain``; a change ``latest`` already has is
    in neither list; a clashed one would write over what ``latest`` changed."""
    mine, merged = base, latest
    kept: list[Change] = []
    clashed: list[Change] = []
    for change in changes:
        seen, there = change.part(mine), change.part(merged)
        after = change.apply(mine)
        if seen == there:
            try:
                merged = change.apply(merged)
                kept.append(change)
            except ValueError:
                clashed.append(change)
        elif change.part(after) != there:
            clashed.append(change)
        mine = after
    return kept, clashed
