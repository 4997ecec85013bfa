"""Small display helpers shared by the screens: tiles as chips, rules in one line."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

from scorer.rules import RuleSet
from scorer.scorecard import Entry
from scorer.tiles import Tile

# The keys that type a number. str.isdigit() also takes "²" and "٣", which int() refuses
# or the player did not mean.
DIGITS = frozenset("0123456789")


def went_out_words(entry: Entry) -> str:
    """A cell of a player who went out: "out", or "out+50" for going out on a double
    under that house rule."""
    return "out" if entry.points == 0 else f"out+{entry.points}"


def score_now_words(entry: Entry) -> str:
    """What a cell holds, as the score screen's title says it: "23 (tiles)", "went out
    (scores 0)" or "went out on a double (scores 50)"; how a hand that went out was
    entered says nothing, its score comes from the rules."""
    if not entry.went_out:
        return f"{entry.points} ({entry.method.value})"
    if entry.points:
        return f"went out on a double (scores {entry.points})"
    return "went out (scores 0)"


def chip(tile: Tile) -> str:
    """A tile as it looks on the table: [5|3] (highest half first, as people say it)."""
    return f"[{tile.high}|{tile.low}]"


def chips(tiles: Iterable[Tile]) -> str:
    return " ".join(chip(t) for t in tiles) or "(no tiles)"


_SPLIT = re.compile(r"[\s,;]+")


def parse_tiles(text: str, set_max: int) -> tuple[list[Tile], list[str]]:
    """Tiles typed quickly: "5-3 6|6 0:0", or pairs of digits "53 66 00" in sets up to
    double-9. Returns (tiles, problems); duplicates and tiles outside the set are problems."""
    tiles: list[Tile] = []
    problems: list[str] = []
    for token in filter(None, _SPLIT.split(text.strip())):
        try:
            if len(token) == 2 and DIGITS.issuperset(token) and set_max <= 9:
                tile = Tile.of(int(token[0]), int(token[1]))
            else:
                tile = Tile.parse(token)
        except ValueError as error:
            problems.append(str(error))
            continue
        if tile.high > set_max:
            problems.append(f"{tile} is not in a double-{set_max} set")
        elif tile in tiles:
            problems.append(f"{tile} is listed twice (each tile exists once)")
        else:
            tiles.append(tile)
    return tiles, problems


def rules_summary(rules: RuleSet, players: int | None = None) -> str:
    """The rules that settle arguments, in one line; house rules that differ from the
    standard ones are named. Given the number of ``players``, the hand size says how many
    tiles each hand gets (and when the set cuts the hands)."""
    default = RuleSet()
    lines = rules.describe(players=players)
    standard = default.describe(players=players)
    differing = [line for line, base in zip(lines, standard, strict=True) if line != base]
    head = f"double-{rules.set_max} · 0-0 = {rules.double_blank_value}"
    if rules.blank_end_counts_25:
        head += " · blank ends 25"
    said: tuple[str, ...] = ("Set:", "Double-blank", "Every blank")
    if players is not None and players >= 2:
        deal = rules.hand_deal(players)
        head += (f" · hands cut to {deal.dealt} for {players} players" if deal.cut
                 else f" · {deal.dealt} tiles each")
        said += ("Hand size:",)
    if differing:
        extra = "; ".join(line for line in differing if not line.startswith(said))
        return head + (" · house rules: " + extra if extra else "")
    return head + " · standard rules"


def confidence_text(confidence: float, doubtful: bool) -> Text:
    shown = f"{confidence * 100:3.0f}%"
    if doubtful:
        return Text(shown + " ?", style="bold black on yellow")
    return Text(shown, style="green")
