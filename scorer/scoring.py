"""Scoring a leftover hand under a RuleSet."""

from __future__ import annotations

from collections.abc import Iterable

from scorer.rules import DEFAULT_RULES, RuleSet
from scorer.tiles import Tile, full_set

BLANK_END_VALUE = 25


def tile_points(tile: Tile, rules: RuleSet) -> int:
    """What one tile left in a hand costs: its pips, 0-0 per the double-blank knob, and
    25 per blank end when that knob is on (0-0 always follows the double-blank knob)."""
    if tile == Tile(0, 0):
        return rules.double_blank_value
    if rules.blank_end_counts_25 and tile.low == 0:
        return BLANK_END_VALUE + tile.high
    return tile.pips


def pip_total(tiles: Iterable[Tile]) -> int:
    """Plain pips, no scoring knobs: what a person counting dots would say."""
    return sum(t.pips for t in tiles)


def score_hand(tiles: Iterable[Tile], rules: RuleSet = DEFAULT_RULES,
               *, went_out_on_double: bool = False) -> int:
    """A player's round score: the points of the tiles left, plus the going-out-on-a-double
    penalty for a player who went out by playing a double as their last tile."""
    points = sum(tile_points(t, rules) for t in tiles)
    if went_out_on_double:
        points += rules.going_out_on_double_penalty
    return points


def most_round_points(rules: RuleSet = DEFAULT_RULES) -> int:
    """The most one round can cost a player under these rules: the whole set left in one
    hand, plus the going-out-on-a-double penalty."""
    return score_hand(full_set(rules.set_max), rules) + rules.going_out_on_double_penalty
