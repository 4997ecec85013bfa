"""`chickenfoot board PHOTO [--set N] [--arms N] [--json] [--annotate OUT]`: the board in a
photo.

Prints the board notation read from a photo of the tableau on one line, as it lies
(ready for the scorecard, for a person to correct, and for ``chickenfoot check BOARD
--play ...``): a join whose halves disagree stays as read and is named on standard error
("problem: 7-9 touches 3-3: 7 against 3"), with tiles not joined, unreadable halves,
halves the board corrected and rules the board breaks. With ``--json`` one JSON object:
the board, its JSON form, corrections, joins, mismatches, problems, notes; for a photo
that cannot be read, ``{"image", "ok": false, "board": null, "error"}``.

Exit status: 0 with a board (problems or not), 2 when no board can be built at all (no
tiles, tiles lying apart as in a hand, a tile that would be there twice) or the photo
cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from scorer.messages import clip_name, os_reason
from scorer.rules import RuleSet
from scorer.tiles import SET_SIZES
from tui.commands.errors import input_path, output_path, refused
from tui.commands.stdin_photo import STDIN


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("photo", metavar="PHOTO", type=input_path,
                        help="a photo of the tableau")
    parser.add_argument("--set", dest="set_max", type=int, choices=SET_SIZES, default=None,
                        metavar="N", help="the double-N set in play (default: the smallest "
                                          "set holding every value read)")
    parser.add_argument("--arms", type=int, choices=(4, 6, 8), default=None, metavar="N",
                        help="spinner arms: 4, 6 or 8 (house rule; default 4)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--annotate", metavar="OUT", default=None, type=output_path,
                        help="write the photo with the board as read drawn on it (.png/.jpg; "
                             "into a folder: NAME.annotated.png)")


def run(args: argparse.Namespace) -> int:
    from tui.board_words import problem_lines
    from tui.commands.check import InputError, rules_from_args, rules_in_set

    try:
        rules = rules_from_args(args)  # --set and --arms, checked together
    except InputError as error:
        return refused("board", str(error), args.json)
    if args.photo == STDIN:  # it said "-: no such file"
        return refused("board", "give the photo of the tableau as a file: board does not "
                       "read standard input", args.json)
    photo = read_photo_for(args.photo, args.set_max, args.annotate, "board",
                           json_errors=args.json)
    if photo is None:
        return 2
    reading = photo.reading
    try:
        if args.set_max is None:
            rules = rules_in_set(rules, reading.set_max)
    except InputError as error:
        return refused("board", str(error), args.json, image=args.photo)
    if args.json:
        print(json.dumps(board_dict(photo, rules)))
        if not reading.built:  # exit 2 says why on stderr, as check --json does
            print_problems("board", photo)
    elif reading.built:
        print(reading.board)
        print_capped(problem_lines(reading), "problem: ")
        print_capped(notes(photo, rules), "note: ")
    else:
        print_problems("board", photo)
    return 0 if reading.built else 2


MAX_PROBLEM_LINES = 5


def all_problem_lines(photo) -> list[str]:
    """What is wrong with the board: the board's problems, then the reader's."""
    from tui.board_words import problem_lines

    return problem_lines(photo.reading) + list(photo.reader_problems)


def print_problems(command: str, photo) -> None:
    """The reasons a photo gave no board, on one line on standard error: the first few,
    then how many more (``--json`` lists them all, with the notes)."""
    from scorer.messages import summarize
    from tui.board_words import problem_lines

    # what the reader says of the whole photo (damaged, a bigger set) first: it explains
    # the rest; what it says of one place in it (a half alone) last
    lines = [*photo.about_the_photo, *problem_lines(photo.reading), *photo.about_places]
    reasons = summarize(lines) or "no tiles were read"
    extra = " (--json lists them all)" if len(lines) > 3 else ""
    print(f"chickenfoot {command}: the photo could not be turned into a board: "
          f"{reasons}{extra}", file=sys.stderr)


def print_capped(lines: list[str], prefix: str) -> None:
    """The first ``MAX_PROBLEM_LINES`` of ``lines`` on standard error, each after
    ``prefix``, then how many more: a damaged photo can give dozens, and a player reads
    the first few."""
    for line in lines[:MAX_PROBLEM_LINES]:
        print(f"{prefix}{line}", file=sys.stderr)
    if len(lines) > MAX_PROBLEM_LINES:
        print(f"{prefix}and {len(lines) - MAX_PROBLEM_LINES} more (--json lists them all)",
              file=sys.stderr)


def notes(photo, rules: RuleSet) -> list[str]:
    """Every rule the board as read breaks under ``rules`` (in the photo's set) first, as
    what a dispute turns on, then what the board corrected and how it was read."""
    from scorer.notation import validate
    from tui.board_words import correction_lines, note_lines
    reading = photo.reading
    lines = []
    if reading.board is not None:
        verdict = validate(reading.board, replace(rules, set_max=reading.set_max))
        lines.extend(f"the board breaks a rule: {r.message}" for r in verdict.reasons)
    lines.extend(note_lines(reading))
    lines.extend(correction_lines(reading))
    lines.extend(photo.reader_problems)
    return lines


def board_dict(photo, rules: RuleSet) -> dict[str, object]:
    """The JSON object of ``chickenfoot board --json``."""
    from scorer.notation import board_to_json, format_board
    from vision.json_names import name_fields

    reading = photo.reading
    tiles = photo.tiles
    joins = []
    if reading.tree is not None:
        for join in reading.tree.join:
            if join is not None:
                joins.append({"tile": join.a, "half": join.a_half, "touches": join.b,
                              "touches_half": "side" if join.b_half is None else join.b_half})
    return {
        **name_fields("image", photo.loaded.path),
        "set": reading.set_max,
        "ok": reading.ok,
        "board": None if reading.board is None else format_board(reading.board),
        "board_json": None if reading.board is None else json.loads(board_to_json(reading.board)),
        "tiles_read": len(tiles),
        "spinner": None if reading.tree is None else reading.tree.root,
        "joins": joins,
        "corrections": [{"tile": c.tile, "half": c.half, "read": c.read, "board": c.decoded}
                        for c in reading.corrections],
        "mismatches": [{"tile": m.a, "half": m.a_half, "touches": m.b, "shows": m.a_value,
                        "against": list(m.b_values)}
                       for m in (reading.decoding.mismatches if reading.decoding else ())],
        "notes": notes(photo, rules) if reading.built else [],
        "problems": all_problem_lines(photo),
    }


def read_photo_for(path: str, set_max: int | None, annotate: str | None, command: str,
                   json_errors: bool = False):
    """Load the reader, read the board in the photo and write the annotation if asked;
    None after printing one line saying why not (and, with ``json_errors``, a JSON
    object saying it on standard output when the photo cannot be read, as ``read
    --json`` does: a program reading the output gets an answer for every photo)."""
    from tui.commands.annotation import annotation_path, overwrite_message, photo_overwritten
    from tui.commands.read import load_reader
    from vision.board import PhotoError, read_board_photo

    if annotate:  # a folder gets NAME.annotated.png, as `read` writes (not "no suffix")
        annotate = str(annotation_path(annotate, Path(path), many=False))
        if photo_overwritten([Path(annotate)], [Path(path)]) is not None:
            refused(command, overwrite_message(Path(path)), json_errors, image=path)
            return None
    reader = load_reader(command)
    if reader is None:
        return None
    try:
        photo = read_board_photo(path, reader, set_max)
    except PhotoError as error:
        print(f"chickenfoot {command}: {error}", file=sys.stderr)
        if json_errors:
            from vision.json_names import name_fields, readable

            print(json.dumps({**name_fields("image", path), "ok": False, "board": None,
                              "error": readable(str(error))}))
        return None
    if annotate and not write_annotation(photo, annotate, command, json_errors):
        return None
    return photo


def write_annotation(photo, out: str, command: str, json_errors: bool = False) -> bool:
    """Draw the board as read onto the photo and write it; False after one line on error
    (and its JSON object with ``json_errors``)."""
    from vision.board import annotate_board
    from vision.reader import write_image

    try:  # its folder made as `read` makes it ("--annotate shots/" for a new folder)
        Path(out).parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        refused(command, f"--annotate: cannot make the folder {clip_name(Path(out).parent)}: "
                         f"{os_reason(error)}", json_errors, image=photo.loaded.path)
        return False
    try:
        write_image(out, annotate_board(photo.loaded.pixels, photo.tiles, photo.reading,
                                        photo.loaded.scale))
    except OSError as error:
        refused(command, str(error), json_errors, image=photo.loaded.path)
        return False
    return True
