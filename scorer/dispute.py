"""Judging a disputed play on a board as it lies: the tile, and anything played on it
later, taken off, and the play judged on the board that is left.

Pure rules: the same for a board typed in notation, read from a photo or picked in the
app. Problems are typed (``DisputeError`` with a ``DisputeProblem`` kind); the words are
the caller's.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from scorer.judge import judge_play
from scorer.moves import Play
from scorer.notation import Board, BoardError, format_board, to_tableau
from scorer.rules import RuleSet
from scorer.tiles import Tile
from scorer.verdict import Verdict


class DisputeProblem(Enum):
    NOT_ON_BOARD = "not on the board"
    IS_SPINNER = "is the spinner"
    IMPOSSIBLE_BOARD = "impossible board"


class DisputeError(ValueError):
    """A dispute that cannot be judged; ``problem`` says why, the message in words."""

    def __init__(self, problem: DisputeProblem, message: str) -> None:
        super().__init__(message)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class DisputeResult:
    """The board as it lies, the play in dispute, the tiles taken off with it, the
    verdict."""

    board: Board
    play: Play
    taken_off: tuple[Tile, ...]
    verdict: Verdict

    def to_dict(self) -> dict[str, object]:
        data = self.verdict.to_dict()
        data["board"] = format_board(self.board)
        data["play"] = str(self.play)
        data["taken_off"] = [str(t) for t in self.taken_off]
        return data


def subtree(board: Board, tile: Tile) -> list[Tile]:
    """``tile`` and every tile played on it, directly or further out."""
    out = [tile]
    for current in out:
        out.extend(e.tile for e in board.entries if e.parent == current and e.tile not in out)
    return out


def played_later(board: Board, tile: Tile) -> list[Tile]:
    """``tile`` (played on the board, not the spinner) and every tile necessarily played
    after it: what lies on it, and, for an arm of the spinner, every tile beyond the arms
    (arms come first: nothing is played beyond them until the spinner has all its arms,
    so each of those came after every arm)."""
    gone = subtree(board, tile)
    spinner = next(e.tile for e in board.entries if e.parent is None)
    if any(e.tile == tile and e.parent == spinner for e in board.entries):
        gone += [e.tile for e in board.entries if e.parent not in (None, spinner)
                 and e.tile not in gone]
    return gone


def judge_on(board: Board, play: Play, rules: RuleSet) -> Verdict:
    """Judge ``play`` on ``board``; DisputeError when the board itself is impossible."""
    try:
        tableau = to_tableau(board, rules)
    except BoardError as error:
        raise DisputeError(DisputeProblem.IMPOSSIBLE_BOARD,
                           f"the board is impossible: {error}") from None
    return judge_play(tableau, play)


def judge_dispute(board: Board, disputed: Tile, rules: RuleSet) -> DisputeResult:
    """Judge ``disputed`` where it lies on ``board``, on the board without it and without
    what was necessarily played later (``played_later``)."""
    entry = next((e for e in board.entries if e.tile == disputed), None)
    if entry is None:
        raise DisputeError(DisputeProblem.NOT_ON_BOARD, f"{disputed} is not on the board")
    if entry.parent is None:
        raise DisputeError(DisputeProblem.IS_SPINNER,
                           f"{disputed} is the spinner; name a tile played on the board")
    places = [e.parent for e in board.entries if e.tile == disputed]
    if len(places) > 1:  # taken off below, both copies would go unseen
        where = ", ".join("spinner" if p is None else f"on {p}" for p in places)
        raise DisputeError(DisputeProblem.IMPOSSIBLE_BOARD,
                           f"the board is impossible: {disputed} appears {len(places)} "
                           f"times ({where}); every tile exists once")
    gone = played_later(board, disputed)
    rest = Board(tuple(e for e in board.entries if e.tile not in gone))
    play = Play(disputed, entry.parent)
    return DisputeResult(board, play, tuple(gone[1:]), judge_on(rest, play, rules))


__all__ = ["DisputeError", "DisputeProblem", "DisputeResult", "judge_dispute", "judge_on",
           "played_later", "subtree"]
