"""The rules of Chicken Foot: tiles, sets, house rules, tableau, moves, judging, scoring.

Standard library only: this package knows no pixel, camera or widget.
"""

from scorer.game import Game, Ladder, round_double, walk_ladder
from scorer.judge import describe_play, judge_play
from scorer.moves import DRAW, PASS, Draw, Move, Pass, Play
from scorer.notation import (
    Board,
    BoardEntry,
    BoardError,
    NotationError,
    board_from_json,
    board_to_json,
    format_board,
    parse_board,
    read_board,
    to_tableau,
    validate,
)
from scorer.round import (
    RoundEnd,
    RoundState,
    SeatView,
    apply,
    apply_legal,
    deal,
    is_over,
    judge,
    legal_moves,
    legal_plays,
    penalize_unannounced,
    scores,
    seat_view,
    start_round,
)
from scorer.rule_problems import (
    RuleProblem,
    RuleProblemKind,
    RulesError,
    problem_text,
    require_playable,
    rule_problems,
)
from scorer.rules import DEFAULT_RULES, HandDeal, RuleSet
from scorer.scoring import pip_total, score_hand, tile_points
from scorer.tableau import OpenEnd, Placement, Tableau
from scorer.tiles import Tile, full_set
from scorer.verdict import IllegalPlay, Reason, Verdict, Violation

__all__ = [
    "DEFAULT_RULES", "DRAW", "PASS", "Board", "BoardEntry", "BoardError", "Draw", "Game",
    "HandDeal", "IllegalPlay", "Ladder", "Move", "NotationError", "OpenEnd", "Pass",
    "Placement", "Play", "Reason", "RoundEnd", "RoundState", "RuleProblem",
    "RuleProblemKind", "RuleSet", "RulesError", "SeatView", "Tableau", "Tile", "Verdict",
    "Violation", "apply", "apply_legal", "board_from_json", "board_to_json", "deal",
    "describe_play", "format_board", "full_set", "is_over", "judge", "judge_play",
    "legal_moves", "legal_plays", "parse_board", "penalize_unannounced", "pip_total",
    "problem_text", "read_board", "require_playable", "round_double", "rule_problems",
    "score_hand", "scores", "seat_view", "start_round", "tile_points", "to_tableau",
    "validate", "walk_ladder",
]
