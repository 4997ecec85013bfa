"""`chickenfoot check`: judge a play on a board written in notation (or its JSON).

    chickenfoot check "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9" --play 4-6@9-4
    chickenfoot check board.txt --play 6-3@4-6 --rule drawn-tile=must-play
    echo "9-9 9-1@9-9" | chickenfoot check - --play 1-5@9-1 --json

    chickenfoot check tableau.jpg --disputed 4-6 [--set 9] [--arms 4] [--annotate out.png]

Exit status: 0 legal, 1 illegal, 2 bad input (one line on stderr naming what is wrong).
The board is judged by ``judge_board``. Given a photo (an existing image file) and the
tile in dispute, the board is read from the photo, the disputed tile (and what was
played later: anything on it, and for an arm every tile beyond the arms) is taken off,
and playing it where it lies is judged on the board without it; 2 then also means the
photo could not be turned into a board (every reason is listed).
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass

from scorer.judge import judge_play
from scorer.moves import Play
from scorer.notation import Board, BoardError, NotationError, format_board, read_board, to_tableau
from scorer.rule_problems import RulesError, require_playable
from scorer.rules import HandSize, RoundOrder, RuleSet
from scorer.tiles import SET_SIZES
from scorer.verdict import Verdict
from tui.commands.board_source import looks_like_path, read_board_source
from tui.commands.errors import InputError, given_once, output_path, refused
from tui.commands.stdin_photo import STDIN

__all__ = ["CheckResult", "InputError", "judge_board", "judge_board_text", "read_board_source",
           "rules_from_args", "run"]


@dataclass(frozen=True, slots=True)
class CheckResult:
    board: Board
    play: Play
    verdict: Verdict

    def to_dict(self) -> dict[str, object]:
        data = self.verdict.to_dict()
        data["board"] = format_board(self.board)
        data["play"] = str(self.play)
        return data


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("board", nargs="+", metavar="BOARD",
                        help="board notation (like '9-9 9-1@9-9 1-5@9-1'), its JSON, a file "
                             "holding either, or - to read standard input")
    parser.add_argument("--play", metavar="TILE@PARENT", action=given_once(),
                        help="the play to judge, like 6-3@4-6 (6-3 played on 4-6)")
    parser.add_argument("--disputed", metavar="TILE", action=given_once(),
                        help="with a photo of the tableau: the tile in dispute, like 4-6")
    parser.add_argument("--annotate", metavar="OUT", type=output_path,
                        help="with a photo: write it with the board as read drawn on it "
                             "(.png/.jpg; into a folder: NAME.annotated.png)")
    parser.add_argument("--arms", type=int, metavar="N",
                        help="spinner arms: 4, 6 or 8 (house rule)")
    parser.add_argument("--set", dest="set_max", type=int, metavar="N",
                        help="the set: 6, 9, 12, 15 or 18 for double-N (default: double-9, "
                             "or the smallest set holding every value on the board)")
    parser.add_argument("--rule", action="append", default=[], metavar="KNOB=VALUE",
                        help="any house rule, like drawn-tile=must-play (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")


def rules_from_args(args: argparse.Namespace, players: int | None = None) -> RuleSet:
    """The RuleSet given by --set, --arms and every --rule KNOB=VALUE; InputError naming
    every reason when the rules cannot be played with their set (and ``players``)."""
    rules = knob_rules(args)
    try:
        return require_playable(rules, players)
    except RulesError as error:
        raise InputError(f"these rules cannot be played: {error}") from None


def rules_in_set(rules: RuleSet, set_max: int, what: str = "the photo") -> RuleSet:
    """``rules`` in the double-``set_max`` set a photo (or ``what``) was read as (no --set
    given); InputError when the rules cannot be played with that set."""
    rules = rules.with_knob("set_max", set_max)
    try:
        return require_playable(rules)
    except RulesError as error:
        raise InputError(f"{what} reads as a double-{set_max} set, and these rules cannot "
                         f"be played with it: {error} (name the set with --set)") from None


def set_named(args: argparse.Namespace) -> bool:
    """Whether --set or --rule set-max=N names the set."""
    return getattr(args, "set_max", None) is not None or any(
        RuleSet.field_name(text.partition("=")[0]) == "set_max"
        for text in getattr(args, "rule", None) or [])


def set_holding(top: int, rules: RuleSet) -> int:
    """The set a board is judged in when none is named: the rules' own (double-9 by
    default), or the smallest set holding its highest value, as ``board`` does."""
    return rules.set_max if top <= rules.set_max else min(n for n in SET_SIZES if n >= top)


def knob_rules(args: argparse.Namespace) -> RuleSet:
    """The RuleSet given by --set, --arms and every --rule KNOB=VALUE, each knob checked
    on its own (``rules_from_args`` also checks that they can be played together)."""
    rules = RuleSet()
    knobs: list[tuple[str, object]] = []
    options: dict[str, str] = {}  # a knob given by its own option is named by it
    if getattr(args, "set_max", None) is not None:
        knobs.append(("set_max", args.set_max))
        options["set_max"] = "--set"
    if getattr(args, "arms", None) is not None:
        knobs.append(("spinner_arms", args.arms))
        options["spinner_arms"] = "--arms"
    for text in getattr(args, "rule", None) or []:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--rule '{text}' is not KNOB=VALUE (like drawn-tile=must-play)")
        knobs.append((key.strip(), value.strip()))
    given: dict[str, object] = {}
    for key, value in knobs:
        try:
            rules = rules.with_knob(key, value)
        except (ValueError, TypeError) as error:
            text, knob = str(error), RuleSet.field_name(key).replace("_", "-")
            if key in options and text.startswith(knob):
                text = options[key] + text[len(knob):]
            raise InputError(text) from None
        name = RuleSet.field_name(key)
        now = getattr(rules, name)
        if given.setdefault(name, now) != now:  # --set 9 --rule set-max=6: which one?
            first = getattr(given[name], "value", given[name])
            raise InputError(f"{name.replace('_', '-')} is given twice, as {first} and as "
                             f"{getattr(now, 'value', now)}")
    # a number that only counts under another knob's choice was ignored without it
    if "custom_hand_size" in given and rules.hand_size is not HandSize.CUSTOM:
        raise InputError("custom-hand-size is the hand size with hand-size=custom: give "
                         "--rule hand-size=custom too")
    if "target_total" in given and rules.round_order is not RoundOrder.TARGET_TOTAL:
        raise InputError("target-total is where the game ends with "
                         "round-order=target-total: give --rule round-order=target-total too")
    return rules


def judge_board(board: Board, play: Play, rules: RuleSet) -> Verdict:
    """Judge ``play`` on ``board``; raises InputError when the board itself is impossible."""
    try:
        tableau = to_tableau(board, rules)
    except BoardError as error:
        raise InputError(f"the board is impossible: {error}") from None
    return judge_play(tableau, play)


def judge_board_text(text: str, play_text: str, rules: RuleSet,
                     named_set: bool = True) -> CheckResult:
    """Parse the board (notation or JSON) and the play, and judge the play; without
    ``named_set``, in the smallest set holding them (``set_holding``)."""
    try:
        board = read_board(text)
    except NotationError as error:
        raise InputError(str(error)) from None
    try:
        play = Play.parse(play_text)
    except ValueError as error:
        raise InputError(f"--play: {error}") from None
    # a play on a tile that is not there is bad input, not an illegal play (exit 1 means
    # only that); a second spinner is a play the rules refuse
    if play.parent is not None and play.parent not in board.tiles:
        raise InputError(f"--play {play}: {play.parent} is not on the board")
    if not named_set:
        top = max(max(t.high for t in board.tiles), play.tile.high)
        if set_holding(top, rules) != rules.set_max:
            rules = rules_in_set(rules, set_holding(top, rules), "the board")
    return CheckResult(board, play, judge_board(board, play, rules))


def is_photo(words: list[str]) -> bool:
    """A single argument naming an existing image file, by its name's ending or its first
    bytes (a phone's photo saved without one), is a photo of the tableau."""
    if len(words) != 1 or not os.path.isfile(words[0]):
        return False  # board notation: no need to load the vision stack (cv2, numpy)
    from vision.photo_suffixes import IMAGE_SUFFIXES, sniff_format

    if os.path.splitext(words[0])[1].lower() in IMAGE_SUFFIXES:
        return True
    try:
        with open(words[0], "rb") as handle:
            return sniff_format(handle.read(16)) is not None
    except OSError:  # unreadable: reading it as a board says why
        return False


def _names_a_file(word: str) -> bool:
    return looks_like_path(word) or os.path.lexists(word)


def wants_photo(args: argparse.Namespace) -> bool:
    """A photo of the tableau, or one word given with --disputed (and no --play): the photo
    branch then says what is wrong with the file (missing, not an image), not that
    --disputed needs a photo."""
    if is_photo(args.board):
        return True
    if not args.disputed or args.play or len(args.board) != 1:
        return False
    return _names_a_file(args.board[0])


def run(args: argparse.Namespace) -> int:
    if wants_photo(args):
        from tui.commands.check_photo import run_photo

        return run_photo(args)
    try:
        rules = rules_from_args(args)
        if args.disputed and len(args.board) > 1 and all(map(_names_a_file, args.board)):
            raise InputError(f"--disputed judges one photo of the tableau at a time; "
                             f"{len(args.board)} were given")
        if args.disputed and args.board == [STDIN]:
            raise InputError("--disputed goes with a photo of the tableau given as a file: "
                             "standard input is read as a board in notation")
        if args.disputed:
            raise InputError("--disputed goes with a photo of the tableau; on a board in "
                             "notation, name the play with --play TILE@PARENT")
        if args.annotate:  # it was ignored: no file written, nothing said
            raise InputError("--annotate draws the board on a photo of the tableau; a board "
                             "in notation has no photo to draw on")
        if not args.play:
            raise InputError("say which play to judge with --play TILE@PARENT (like 6-3@4-6)")
        result = judge_board_text(read_board_source(args.board), args.play, rules,
                                  set_named(args))
    except InputError as error:
        return refused("check", str(error), args.json)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.verdict.describe())
    return 0 if result.verdict.legal else 1
