"""The rules of Chicken Foot: tiles, sets, house rules, tableau, moves, judging, scoring.

Standard library only: this package knows no pixel, camera or widget.

The names below load their module on first use, so a command that needs only the
notation and the judge (``chickenfoot check``) does not pay for the game and the round
(PEP 562).
"""

from __future__ import annotations

import importlib
from typing import Any

_MODULE_OF = {
    "Game": "game", "Ladder": "game", "round_double": "game", "walk_ladder": "game",
    "describe_play": "judge", "judge_play": "judge",
    "DRAW": "moves", "Draw": "moves", "Move": "moves", "PASS": "moves", "Pass": "moves",
    "Play": "moves",
    "Board": "notation", "BoardEntry": "notation", "BoardError": "notation",
    "NotationError": "notation", "board_from_json": "notation", "board_to_json": "notation",
    "format_board": "notation", "parse_board": "notation", "read_board": "notation",
    "to_tableau": "notation", "validate": "notation",
    "RoundEnd": "round", "RoundState": "round", "SeatView": "round", "apply": "round",
    "apply_legal": "round", "deal": "round", "is_over": "round", "judge": "round",
    "legal_moves": "round", "legal_plays": "round", "penalize_unannounced": "round",
    "scores": "round", "seat_view": "round", "start_round": "round",
    "RuleProblem": "rule_problems", "RuleProblemKind": "rule_problems",
    "RulesError": "rule_problems", "problem_text": "rule_problems",
    "require_playable": "rule_problems", "rule_problems": "rule_problems",
    "DEFAULT_RULES": "rules", "HandDeal": "rules", "RuleSet": "rules",
    "pip_total": "scoring", "score_hand": "scoring", "tile_points": "scoring",
    "OpenEnd": "tableau", "Placement": "tableau", "Tableau": "tableau",
    "Tile": "tiles", "full_set": "tiles",
    "IllegalPlay": "verdict", "Reason": "verdict", "Verdict": "verdict", "Violation": "verdict",
}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'scorer' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"scorer.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
