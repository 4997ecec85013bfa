"""A round score typed by hand: digits 0-9 only, whole points, and no more than one hand
can hold (the whole set left in it, plus the going-out-on-a-double penalty)."""

from __future__ import annotations

import re

from scorer.rules import RuleSet
from scorer.scoring import most_round_points

SHOWN = 12  # characters of a bad entry quoted back


def _quoted(text: str) -> str:
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "...")


def typed_points(text: str, rules: RuleSet) -> int:
    """The points typed; ValueError says in words what is wrong."""
    text = text.strip()
    if not text:
        raise ValueError("type the points, or tick 'went out'")
    most = most_round_points(rules)
    if re.fullmatch(r"[0-9]+", text):
        digits = text.lstrip("0") or "0"  # "0010" is 10
        if len(digits) > len(str(most)) or int(digits) > most:
            penalty = rules.going_out_on_double_penalty
            plus = f", plus {penalty} for going out on a double" if penalty else ""
            raise ValueError(
                f"at most {most} points in one round: a whole double-{rules.set_max} set "
                f"left in one hand counts {most - penalty}{plus}")
        return int(digits)
    if re.fullmatch(r"-\s*[0-9]+([.,][0-9]*)?", text):
        raise ValueError("points cannot be negative")
    if re.fullmatch(r"[0-9]*[.,][0-9]*", text) and any(c.isdigit() for c in text):
        raise ValueError(f"whole points only: {_quoted(text)} is not a round score")
    raise ValueError(f"{_quoted(text)} is not a number: type the digits 0-9 only")
