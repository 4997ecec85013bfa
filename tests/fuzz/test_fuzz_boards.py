"""Fuzzing board notation and JSON: whatever text arrives, reading it gives a Board or a
NotationError with a short message, and `chickenfoot check` ends 0, 1 or 2 with nothing
escaping. Small, deterministic budget (derandomized, 100 examples)."""

from __future__ import annotations

import argparse
import io
import json
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.notation import Board, NotationError, read_board
from tui.commands import check
from tui.guard import run_guarded

FUZZ = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

digits = st.sampled_from("0123456789") | st.characters(categories=["Nd"])
tile_text = st.builds(lambda a, b, sep: f"{a}{sep}{b}", st.text(digits, min_size=1, max_size=3),
                      st.text(digits, min_size=1, max_size=3), st.sampled_from("-|:/"))
token = st.one_of(tile_text, st.builds(lambda t, p: f"{t}@{p}", tile_text, tile_text),
                  st.text(max_size=12))
notation = st.lists(token, max_size=30).map(" ".join) | st.text(max_size=200)

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), tile_text,
                      st.text(max_size=8))
json_value = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(["tile", "on", "tiles", "x"]), inner, max_size=3), max_leaves=20)
json_board = st.one_of(
    json_value.map(json.dumps),
    st.lists(st.fixed_dictionaries({"tile": tile_text}, optional={"on": tile_text | json_leaf}),
             max_size=12).map(lambda items: json.dumps({"tiles": items})),
    st.integers(1, 20_000).map(lambda n: '{"tiles": ' + "[" * n),
)
prefix = st.sampled_from(["", "\ufeff", " ", "\n"])


def _read(text: str) -> None:
    try:
        board = read_board(text)
    except NotationError as error:
        message = str(error)
        assert "\n" not in message and len(message) < 400, message
    else:
        assert isinstance(board, Board)


@FUZZ
@given(prefix, notation)
def test_any_notation_reads_or_is_one_short_error(start, text):
    _read(start + text)


@FUZZ
@given(prefix, json_board)
def test_any_json_reads_or_is_one_short_error(start, text):
    _read(start + text)


def _check(argv: list[str], stdin: str = "") -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="chickenfoot check")
    check.add_arguments(parser)
    args = parser.parse_args(argv)
    saved, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        return run_guarded("check", lambda: check.run(args)), ""
    finally:
        sys.stdin = saved


@FUZZ
@given(notation | json_board, tile_text | st.text(max_size=10))
def test_check_on_any_board_and_play_ends_0_1_or_2(capsys, board, play):
    code, _ = _check(["-", f"--play={play}@9-9"], stdin=board)
    _, err = capsys.readouterr()
    assert code in (0, 1, 2)
    assert "Traceback" not in err and err.count("\n") <= 1 and len(err) < 500
