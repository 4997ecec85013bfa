"""Where the next score goes: after a score for one player, Enter takes the next player
without a score in that round, then the first without one in the round being played now.

One walk for the cursor (``tui.app``) and for a pasted column of scores
(``tui.pasted_column``), so that a column lands exactly where typing it would.
"""

from __future__ import annotations

from scorer.scorecard import Scorecard

Cell = tuple[int, str]  # (round index, player)


def next_cell(card: Scorecard, round_index: int, player: str) -> Cell | None:
    """The cell Enter moves to after a score for ``player`` in ``round_index``; None
    when no round is left to play."""
    seat = card.players.index(player)
    for step in range(1, len(card.players) + 1):
        other = card.players[(seat + step) % len(card.players)]
        if card.entry(round_index, other) is None:
            return round_index, other
    current = card.current_round()
    if current is None:
        return None
    first = next((p for p in card.players if current >= len(card.rounds)
                  or card.entry(current, p) is None), card.players[0])
    return current, first
