"""Board text and JSON from outside: byte-order marks, foreign digits, huge or hostile
input. Every failure is one NotationError with a short message."""

from __future__ import annotations

import pytest

from scorer.notation import (
    MAX_BOARD_CHARS,
    BoardError,
    NotationError,
    parse_board,
    read_board,
    to_tableau,
)
from scorer.tiles import Tile

ARMS = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"


def test_a_leading_byte_order_mark_is_ignored() -> None:
    assert read_board("\ufeff" + ARMS) == read_board(ARMS)
    assert read_board('\ufeff{"tiles": [{"tile": "9-9"}]}') == parse_board("9-9")


@pytest.mark.parametrize("text", ["\u0669-\u0669", "9-9 \u0669-1@9-9", "\uff19-\uff19"])
def test_digits_other_than_ascii_are_refused_by_name(text) -> None:
    with pytest.raises(NotationError, match=r"holds '.' \(U\+[0-9A-F]{4} [A-Z -]+DIGIT"):
        read_board(text)


def test_tile_parse_names_a_foreign_digit() -> None:
    with pytest.raises(ValueError, match="U\\+0665 ARABIC-INDIC DIGIT FIVE"):
        Tile.parse("1-\u0665")


def test_an_invisible_character_inside_a_token_is_named() -> None:
    with pytest.raises(NotationError, match="U\\+200B ZERO WIDTH SPACE"):
        read_board("9-9\u200b")


def test_a_json_list_is_json_of_the_wrong_shape_not_notation() -> None:
    with pytest.raises(NotationError, match="board JSON must be an object"):
        read_board("[1, 2, 3]")
    with pytest.raises(NotationError, match="nested too deeply"):
        read_board("[" * 60_000)


@pytest.mark.parametrize(("text", "message"), [
    ('{"tiles": [{"tile": ' + "9" * 5000 + "}]}", "number too long"),
    ('{"tiles": ' + "[" * 50_000, "nested too deeply"),
    ("[" * 60_000, "nested too deeply|not valid JSON|not a tile"),
])
def test_hostile_json_is_one_short_error(text, message) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        read_board(text if text.startswith("[") is False else "{" + text)
    assert len(str(caught.value)) < 200


def test_input_past_the_cap_is_refused_before_parsing() -> None:
    with pytest.raises(NotationError, match="65,536"):
        read_board("9-9 " * (MAX_BOARD_CHARS // 4 + 1))


def test_a_bad_token_is_echoed_clipped() -> None:
    with pytest.raises(NotationError) as caught:
        parse_board("x" * 10_000)
    assert len(str(caught.value)) < 200 and "10,000 characters" in str(caught.value)


def test_a_board_with_hundreds_of_problems_names_three_and_counts_the_rest() -> None:
    tiles = [f"{a}-{b}@5-5" for a in range(10) for b in range(a, 10) if (a, b) != (9, 9)]
    text = "9-9 " + " ".join(tiles * 40)  # every tile 40 times, on a tile not on the board
    with pytest.raises(BoardError) as caught:
        to_tableau(parse_board(text))
    message = str(caught.value)
    assert len(caught.value.verdict.reasons) > 50
    assert message.endswith("more") and len(message) < 800
