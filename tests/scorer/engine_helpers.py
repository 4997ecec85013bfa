"""Small builders shared by the rules tests: tiles, boards and rigged rounds from text."""

from __future__ import annotations

from scorer.moves import Play
from scorer.notation import parse_board, to_tableau
from scorer.round import RoundState, apply, start_round
from scorer.rules import RuleSet
from scorer.tableau import Tableau
from scorer.tiles import Tile

ARMS = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def board(text: str, rules: RuleSet | None = None) -> Tableau:
    return to_tableau(parse_board(text), rules or RuleSet())


def rigged(hands: list[str], boneyard: str = "", rules: RuleSet | None = None,
           **kwargs: object) -> RoundState:
    return start_round(rules or RuleSet(), [tiles(h) for h in hands], tiles(boneyard),
                       **kwargs)  # type: ignore[arg-type]


def moves(state: RoundState, *texts: str) -> RoundState:
    """Apply plays written like 9-1@9-9 (or 'draw' / 'pass')."""
    from scorer.moves import DRAW, PASS

    for text in texts:
        move = DRAW if text == "draw" else PASS if text == "pass" else Play.parse(text)
        state = apply(state, move)
    return state


def after_arms(seat0: str = "", seat1: str = "", boneyard: str = "",
               rules: RuleSet | None = None) -> RoundState:
    """Two players; the spinner 9-9 and its four arms are down; seat 1 is to move with
    ``seat1`` in hand, seat 0 holds ``seat0``."""
    state = rigged([f"9-9 9-1 9-3 {seat0}", f"9-2 9-4 {seat1}"], boneyard, rules)
    return moves(state, "9-9", "9-2@9-9", "9-1@9-9", "9-4@9-9", "9-3@9-9")
