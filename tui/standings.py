"""Who is where, in the words and ranks the scorecard shows.

Ranks follow the game's tie-break (equal totals are split by most zero rounds, then the
lowest non-zero round, as ``Scorecard.result`` decides the winner), so the rank column
never says #1 twice under a single winner. The lead is counted over complete rounds only:
before every player has scored a round, nobody "leads by 35".
"""

from __future__ import annotations

from scorer.rules import TieBreak
from scorer.scorecard import Scorecard


def names(items: list[str] | tuple[str, ...]) -> str:
    """"Zoë", "Zoë and Ann", "Zoë, Ann and Bo"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _key(card: Scorecard) -> dict[str, tuple[int, ...]]:
    totals, zeros = card.totals(), card.zero_rounds()
    lows = card.lowest_nonzero_round()
    if card.rules.tie_break is TieBreak.SHARED:
        return {p: (totals[p],) for p in card.players}
    return {p: (totals[p], -zeros[p], lows[p] or 0) for p in card.players}


def ranks(card: Scorecard) -> dict[str, int]:
    """Each player's rank over the complete rounds, tie-break applied; shared ranks only
    where the tie-break cannot split them (1, 1, 3). Empty before any complete round."""
    done = card.settled()
    if not done.rounds_played():
        return {}
    key = _key(done)
    order = sorted(card.players, key=lambda p: (key[p], card.players.index(p)))
    out: dict[str, int] = {}
    for position, player in enumerate(order):
        before = order[position - 1] if position else None
        out[player] = (out[before] if before is not None and key[before] == key[player]
                       else position + 1)
    return out


def lead_words(card: Scorecard) -> str:
    """"Bo leads by 12 after 3 rounds", "Zoë, Ann and Bo share the lead", "Ann leads on
    the tie-break ... (level with Bo on 40)": the leaders are the rank column's #1, so the
    words never say a lead is shared where the column names one leader; "" before any
    round is complete."""
    done = card.settled()
    played = done.rounds_played()
    if not played:
        return ""
    rank, totals = ranks(card), done.totals()
    leaders = [p for p in card.players if rank[p] == 1]
    after = f"after {played} round" + ("" if played == 1 else "s")
    if len(leaders) > 1:
        return f"{names(leaders)} share the lead {after}"
    best = totals[leaders[0]]
    level = [p for p in card.players if p != leaders[0] and totals[p] == best]
    if level:
        return f"{leaders[0]} leads on the tie-break {after} (level with {names(level)} on {best})"
    margin = min(t for p, t in totals.items() if p != leaders[0]) - best if len(totals) > 1 else 0
    return f"{leaders[0]} leads by {margin} {after}"
