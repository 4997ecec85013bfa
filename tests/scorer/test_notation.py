"""Board notation and JSON: parsing, canonical output, round trips, and validate()."""

from __future__ import annotations

import json

import pytest
from engine_helpers import ARMS

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
from scorer.rules import RuleSet
from scorer.tiles import Tile
from scorer.verdict import Violation as V

T = Tile.parse


def test_example_board() -> None:
    board = parse_board("9-9 9-1@9-9 9-2@9-9 1-5@9-1")
    assert board.entries == (BoardEntry(T("9-9")), BoardEntry(T("5-1"), T("1-9")),
                             BoardEntry(T("9-1"), T("9-9")), BoardEntry(T("9-2"), T("9-9")))
    assert format_board(board) == "9-9 9-1@9-9 9-2@9-9 1-5@1-9"


def test_order_and_orientation_do_not_matter() -> None:
    a = parse_board("9-9 9-1@9-9 9-2@9-9 1-5@9-1")
    b = parse_board("5-1@1-9 2-9@9-9  1-9@9-9,9-9")
    assert a == b and format_board(a) == format_board(b)


def test_canonical_text_and_json_round_trip() -> None:
    text = ARMS + " 1-1@9-1 1-5@1-1 6-1@1-1 1-7@1-1 5-3@1-5"
    board = parse_board(text)
    canonical = format_board(board)
    assert parse_board(canonical) == board
    assert format_board(parse_board(canonical)) == canonical
    js = board_to_json(board)
    assert board_from_json(js) == board and board_to_json(board_from_json(js)) == js
    assert json.loads(js)["tiles"][0] == {"tile": "9-9"}
    assert read_board(js) == read_board(canonical) == board
    assert "1-6@1-1" in canonical and "5-3@1-5" in canonical


def test_tableau_round_trip() -> None:
    board = parse_board(ARMS + " 4-6@9-4 6-6@4-6 6-0@6-6")
    tableau = to_tableau(board)
    assert Board.from_tableau(tableau) == board
    assert tableau.foot == T("6-6")


@pytest.mark.parametrize(("text", "names"), [
    ("9-9 9-x@9-9", "'9-x@9-9'"),
    ("9-9 9-1@", "'9-1@'"),
    ("9-9 @9-9", "'@9-9'"),
    ("9-9 9-20@9-9", "'9-20@9-9'"),
    ("9-9 9-1@9-9@9-9", "'9-1@9-9@9-9'"),
    ("   ", "empty"),
])
def test_parse_errors_name_the_bad_token(text: str, names: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_board(text)
    assert names in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text", [
    "not json {", '{"tiles": 3}', '{"tiles": [{"tile": "9-x"}]}', '{"tiles": []}',
    '{"tiles": [{"tile": "9-9", "on": 5}]}', "[1, 2]",
])
def test_json_errors(text: str) -> None:
    with pytest.raises(NotationError):
        board_from_json(text)


VALID = [
    "9-9",
    "9-9 9-1@9-9",
    ARMS,
    ARMS + " 1-1@9-1",
    ARMS + " 1-1@9-1 1-5@1-1 1-6@1-1",
    ARMS + " 1-1@9-1 1-5@1-1 1-6@1-1 1-7@1-1 5-5@1-5 7-0@1-7",
]


@pytest.mark.parametrize("text", VALID)
def test_valid_boards(text: str) -> None:
    assert validate(parse_board(text)).legal


INVALID = [
    ("9-9 9-12@9-9", {}, {V.TILE_NOT_IN_SET}),
    ("9-9 9-12@9-9", {"set_max": 12}, set()),
    ("9-9 9-1@9-9 1-9@9-9", {}, {V.DUPLICATE_TILE}),
    ("9-9 9-1@9-9 1-5@9-1 1-5@9-1", {}, {V.DUPLICATE_TILE, V.PLAYED_BEFORE_ARMS}),
    ("9-1@9-9", {}, {V.NO_SPINNER, V.PARENT_MISSING}),
    ("9-9 8-8", {}, {V.TWO_SPINNERS}),
    ("9-8 8-1@9-8", {}, {V.SPINNER_NOT_DOUBLE}),
    (ARMS + " 3-5@3-3", {}, {V.PARENT_MISSING}),
    ("9-9 1-2@2-3 2-3@1-2", {}, {V.CYCLE}),
    ("9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 9-5@9-9", {}, {V.TOO_MANY_ARMS}),
    ("9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 9-5@9-9", {"spinner_arms": 6}, set()),
    (ARMS + " 2-5@9-1", {}, {V.NO_MATCH}),
    (ARMS + " 1-5@9-1 1-6@9-1", {}, {V.END_TAKEN}),
    (ARMS + " 1-1@9-1 1-5@1-1 1-6@1-1 1-7@1-1 1-8@1-1", {}, {V.TOO_MANY_TOES}),
    ("9-9 9-1@9-9 9-2@9-9 1-5@9-1", {}, {V.PLAYED_BEFORE_ARMS}),
    (ARMS + " 1-1@9-1 2-2@9-2", {}, {V.TWO_OPEN_FEET}),
    (ARMS + " 1-1@9-1 1-5@1-1 5-6@1-5", {}, {V.PLAYED_WHILE_FOOT_OPEN}),
    ("8-8 8-1@8-8 8-2@8-8 8-3@8-8 8-4@8-8", {"spinner": 9}, {V.WRONG_SPINNER}),
]


@pytest.mark.parametrize(("text", "knobs", "expected"), INVALID)
def test_validate_reports_each_problem(text: str, knobs: dict, expected: set) -> None:
    spinner = knobs.pop("spinner", None)
    rules = RuleSet()
    for key, value in knobs.items():
        rules = rules.with_knob(key, value)
    verdict = validate(parse_board(text), rules, spinner=spinner)
    assert verdict.violations == expected, verdict.describe()


def test_validate_reports_every_problem_at_once() -> None:
    text = ("9-9 9-1@9-9 9-1@9-9 9-12@9-9 2-5@9-1 3-3@7-7 1-2@2-3 2-3@1-2 8-8")
    verdict = validate(parse_board(text))
    assert verdict.violations == {V.DUPLICATE_TILE, V.TILE_NOT_IN_SET, V.NO_MATCH,
                                  V.PARENT_MISSING, V.CYCLE, V.TWO_SPINNERS,
                                  V.PLAYED_BEFORE_ARMS}
    messages = " | ".join(r.message for r in verdict.reasons)
    assert "1-9 appears 2 times" in messages
    assert "3-3 is played on 7-7, which is not on the board" in messages
    assert "1-2, 2-3 are played on each other in a loop" in messages


def test_to_tableau_raises_with_every_problem() -> None:
    with pytest.raises(BoardError) as caught:
        to_tableau(parse_board(ARMS + " 1-1@9-1 2-2@9-2 1-5@9-1"))
    assert caught.value.verdict.violations == {V.TWO_OPEN_FEET, V.END_TAKEN}


def test_a_tile_played_on_itself_is_named_as_such() -> None:
    # "1-9 are played on each other in a loop" for one tile
    messages = [r.message for r in validate(parse_board("9-9 9-1@9-1")).reasons]
    assert any("1-9 is played on itself" in m for m in messages)
