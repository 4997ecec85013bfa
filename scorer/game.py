"""A whole game: the ladder of starting doubles and the cumulative totals.

The scorecard (scorer.scorecard) is what a table keeps; this module is the small part of
the same arithmetic the engine needs to drive rounds: which double starts round k, when the
game is over, and each seat's running total.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.rules import RoundOrder, RuleSet


def round_double(rules: RuleSet, index: int) -> int:
    """The starting double of round ``index`` (0-based). Under the target-total order the
    ladder starts again at the top after 0-0."""
    ladder = rules.round_doubles()
    if index < 0:
        raise ValueError("round numbers start at 0")
    if rules.round_order is RoundOrder.TARGET_TOTAL:
        return ladder[index % len(ladder)]
    if index >= len(ladder):
        raise ValueError(f"this game has {len(ladder)} rounds")
    return ladder[index]


@dataclass(frozen=True, slots=True)
class Game:
    """Round scores so far, one tuple of seat scores per round."""

    rules: RuleSet
    players: int
    rounds: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.players < 2:
            raise ValueError("Chicken Foot needs at least 2 players")
        if any(len(r) != self.players for r in self.rounds):
            raise ValueError(f"every round needs {self.players} scores")

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[seat] for r in self.rounds) for seat in range(self.players))

    @property
    def is_over(self) -> bool:
        if self.rules.round_order is RoundOrder.TARGET_TOTAL:
            return any(t >= self.rules.target_total for t in self.totals())
        return len(self.rounds) >= len(self.rules.round_doubles())

    @property
    def next_double(self) -> int | None:
        """The starting double of the next round, or None when the game is over."""
        if self.is_over:
            return None
        return round_double(self.rules, len(self.rounds))

    def with_round(self, round_scores: tuple[int, ...]) -> Game:
        if self.is_over:
            raise ValueError("the game is over")
        return Game(self.rules, self.players, self.rounds + (tuple(round_scores),))
