"""The photo branch of `chickenfoot check`: judge a disputed tile where it lies.

    chickenfoot check tableau.jpg --disputed 4-6 [--set N] [--arms N] [--json]

The board is read from the photo once, as it lies (``vision.board``). The disputed tile
keeps its own pixels: its values come from its own halves, the rest of the board is
decoded without it (``vision.board.dispute``), and the play is judged on the board left
when it and anything played on it (necessarily later) are taken off
(``scorer.dispute``). A tile read in doubt is judged both ways, each verdict shown.
Exit 0 legal, 1 illegal (the likeliest reading's verdict), 2 when the photo gives no
board to judge it on.
"""

from __future__ import annotations

import argparse
import json

from scorer.notation import format_board
from scorer.tiles import Tile
from tui.commands.check import InputError, rules_from_args, rules_in_set
from tui.commands.errors import refused


def run_photo(args: argparse.Namespace) -> int:
    from tui.board_words import problem_line, refusal_line, ruled_out_line
    from tui.commands.board import (
        all_problem_lines,
        print_capped,
        print_problems,
        read_photo_for,
    )
    from vision.board import NoDispute, judge_tile, may_lack
    from vision.json_names import name_fields

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
        return refused("check", str(error), args.json, image=path)
    photo = read_photo_for(path, args.set_max, args.annotate, "check", json_errors=args.json)
    if photo is None:
        return 2
    reading = photo.reading
    if not reading.built:
        print_problems("check", photo)
        if args.json:
            print(json.dumps({**name_fields("image", photo.loaded.path), "error":
                              "the photo could not be turned into a board",
                              "problems": all_problem_lines(photo)}))
        return 2
    try:
        if args.set_max is None:
            rules = rules_in_set(rules, reading.set_max)
        judgement = judge_tile(reading, disputed, rules)
    except InputError as error:
        return refused("check", str(error), args.json, image=path)
    except NoDispute as error:
        return refused("check", refusal_line(error, reading.tiles), args.json, image=path)
    judged = judgement.readings
    result = judged[0][0]
    # what the board read may lack: the verdict holds whatever it is
    lacking = [problem_line(p, reading.tiles) for p in may_lack(reading)]
    # a reading of the tile the board holds elsewhere: a doubt the board settles
    settled = judgement.ruled_out
    if args.json:
        data = result.to_dict()
        data["doubtful"] = len(judged) > 1
        data["other_readings"] = [dict(other.to_dict(), chance=round(chance, 3))
                                  for other, chance in judged[1:]]
        data["may_lack"] = lacking
        data["ruled_out"] = [{"tile": str(t), "chance": round(chance, 3),
                              "why": "the board holds it elsewhere"} for t, chance in settled]
        data["notes"] = list(photo.reader_problems)
        print(json.dumps(data))
    else:
        print(f"board read: {format_board(result.board)}")
        if result.taken_off:
            print("taken off with it (played later): "
                  + ", ".join(str(t) for t in result.taken_off))
        print(result.verdict.describe())
        for other, chance in judged[1:]:
            print(f"doubt: the tile is read unsurely; read as {other.play.tile} "
                  f"(chance {chance:.2f}): {other.verdict.describe()}")
        for other, chance in settled:
            print(f"doubt: {ruled_out_line(result.play.tile, other, chance)}")
        for line in lacking:
            print(f"the same verdict either way: {line}")
        # what the reader says of the whole photo: a set bigger than --set, damage
        print_capped(list(photo.reader_problems), "note: ")
    return 0 if result.verdict.legal else 1
