"""The photo branch of `chickenfoot check`: judge a disputed tile where it lies.

    chickenfoot check tableau.jpg --disputed 4-6 [--set N] [--arms N] [--json]

The board is read from the photo (``vision.board.photo``); the reader's values on the
disputed tile's join are kept as seen, since that join is what is in dispute. The tile
and anything played on it (necessarily later) are taken off, and the play is judged on
the board that is left. Exit 0 legal, 1 illegal, 2 when the photo gives no board.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

from scorer.moves import Play
from scorer.notation import Board, format_board
from scorer.rules import RuleSet
from scorer.tiles import Tile
from scorer.verdict import Verdict
from tui.commands.check import InputError, judge_board, rules_from_args, rules_in_set


@dataclass(frozen=True, slots=True)
class DisputeResult:
    """The board read, the play in dispute, the tiles taken off with it, the verdict."""

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


def judge_dispute(board: Board, disputed: Tile, rules: RuleSet) -> DisputeResult:
    """Judge ``disputed`` where it lies on ``board``, on the board without it."""
    entry = next((e for e in board.entries if e.tile == disputed), None)
    if entry is None:
        raise InputError(f"{disputed} is not on the board read from the photo")
    if entry.parent is None:
        raise InputError(f"{disputed} is the spinner; name a tile played on the board")
    gone = subtree(board, disputed)
    rest = Board(tuple(e for e in board.entries if e.tile not in gone))
    play = Play(disputed, entry.parent)
    return DisputeResult(board, play, tuple(gone[1:]), judge_board(rest, play, rules))


def run_photo(args: argparse.Namespace) -> int:
    from tui.commands.board import print_problems, read_photo_for

    path = args.board[0]
    try:
        if args.play:
            raise InputError("--play goes with a board in notation; with a photo, name the "
                             "tile in dispute with --disputed TILE")
        if not args.disputed:
            raise InputError("say which tile is in dispute with --disputed TILE (like 4-6)")
        try:
            disputed = Tile.parse(args.disputed)
        except ValueError as error:
            raise InputError(f"--disputed: {error}") from None
        rules = rules_from_args(args)
    except InputError as error:
        print(f"chickenfoot check: {error}", file=sys.stderr)
        return 2
    photo = read_photo_for(path, args.set_max, args.annotate, "check", disputed, rules)
    if photo is None:
        return 2
    reading = photo.reading
    if not reading.ok or reading.board is None:
        print_problems("check", photo)
        return 2
    try:
        if args.set_max is None:
            rules = rules_in_set(rules, reading.set_max)
        result = judge_dispute(reading.board, disputed, rules)
    except InputError as error:
        print(f"chickenfoot check: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(f"board read: {format_board(result.board)}")
        if result.taken_off:
            print("taken off with it (played on it later): "
                  + ", ".join(str(t) for t in result.taken_off))
        print(result.verdict.describe())
    return 0 if result.verdict.legal else 1
