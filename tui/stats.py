"""Each player's figures across finished games: wins, average total, best and worst
round, zero rounds. Players are told apart by name, the way a family keeps its table."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorer.scorecard import Scorecard


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    games: int
    wins: int
    average: float  # total per game
    best_round: int | None  # lowest round score
    worst_round: int | None  # highest round score
    zero_rounds: int


def player_stats(cards: Iterable[Scorecard]) -> list[PlayerStats]:
    """Figures over the finished games among ``cards``; most wins first, then the
    lowest average."""
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    totals: dict[str, int] = {}
    rounds: dict[str, list[int]] = {}
    zeros: dict[str, int] = {}
    for card in cards:
        if not card.is_finished:
            continue
        winners = card.result().winners
        card_totals, card_zeros = card.totals(), card.zero_rounds()
        for seat, player in enumerate(card.players):
            games[player] = games.get(player, 0) + 1
            wins[player] = wins.get(player, 0) + (player in winners)
            totals[player] = totals.get(player, 0) + card_totals[player]
            zeros[player] = zeros.get(player, 0) + card_zeros[player]
            rounds.setdefault(player, []).extend(
                row[seat].points for row in card.rounds if row[seat] is not None)
    out = [PlayerStats(p, games[p], wins[p], totals[p] / games[p],
                       min(rounds[p], default=None), max(rounds[p], default=None), zeros[p])
           for p in games]
    return sorted(out, key=lambda s: (-s.wins, s.average, s.player))
