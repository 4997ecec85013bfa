"""The rules of Chicken Foot: tiles, sets, house rules, tableau, moves, judging, scoring.

Standard library only: this package knows no pixel, camera or widget.
"""

from scorer.game import Game, round_double
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
    apply,
    apply_legal,
    deal,
    is_over,
    judge,
    legal_moves,
    legal_plays,
    penalize_unannounced,
    scores,
    start_round,
)
from scorer.rules import DEFAULT_RULES, RuleSet
from scorer.scoring import pip_total, score_hand, tile_points
from scorer.tableau import OpenEnd, Placement, Tableau
from scorer.tiles import Tile, full_set
from scorer.verdict import IllegalPlay, Reason, Verdict, Violation

__all__ = [
    "DEFAULT_RULES", "DRAW", "PASS", "Board", "BoardEntry", "BoardError", "Draw", "Game",
    "IllegalPlay", "Move", "NotationError", "OpenEnd", "Pass", "Placement", "Play", "Reason",
    "RoundEnd", "RoundState", "RuleSet", "Tableau", "Tile", "Verdict", "Violation", "apply",
    "apply_legal", "board_from_json", "board_to_json", "deal", "describe_play",
    "format_board", "full_set", "is_over", "judge", "judge_play", "legal_moves",
    "legal_plays", "parse_board", "penalize_unannounced", "pip_total", "read_board",
    "round_double", "score_hand", "scores", "start_round", "tile_points", "to_tableau",
    "validate",
]
