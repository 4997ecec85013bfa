"""The double a round opened on, where the house rule lets it differ from the ladder.

Under the "next lower double" knob nobody may hold the round's double; the round then
opens on the next lower one held, and that double is burned for the rest of the pass. A
select on the score screens records it (``Scorecard.with_opening``); under every other
rule it is not shown.
"""

from __future__ import annotations

from textual.widgets import Select

from scorer.rules import MissingDouble
from scorer.scorecard import Scorecard

LADDER = -1  # the select's value for "the ladder's double" (Select needs a non-None value)


def records_opening(card: Scorecard) -> bool:
    return card.rules.missing_double is MissingDouble.NEXT_LOWER and not card.is_open_ended


def ladder_double(card: Scorecard, round_index: int) -> int:
    """The double the ladder gives this round when none is recorded for it."""
    if round_index >= len(card.rounds):
        return card.round_double(round_index)
    return card.with_opening(round_index, None).round_double(round_index)


def opening_choices(card: Scorecard, round_index: int) -> list[tuple[str, int]]:
    top = ladder_double(card, round_index)
    choices = [(f"{top}-{top} (the ladder's double)", LADDER)]
    for double in range(top - 1, -1, -1):
        try:
            card.with_opening(round_index, double)
        except ValueError:
            continue
        choices.append((f"{double}-{double} (nobody held {top}-{top})", double))
    return choices


def opening_select(card: Scorecard, round_index: int, widget_id: str) -> Select[int]:
    recorded = card.opening(round_index)
    return Select(opening_choices(card, round_index), allow_blank=False,
                  value=LADDER if recorded is None else recorded, id=widget_id,
                  compact=True)


def chosen_opening(select: Select[int]) -> int | None:
    value = select.value
    return None if value == LADDER or not isinstance(value, int) else value
