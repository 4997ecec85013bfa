"""Judging a play on a tableau: every layout rule of RULES.md, table-driven."""

from __future__ import annotations

import pytest
from engine_helpers import ARMS, board

from scorer.judge import judge_play
from scorer.moves import Play
from scorer.round import judge
from scorer.rules import RuleSet
from scorer.tableau import Tableau
from scorer.tiles import Tile
from scorer.verdict import Violation as V

FOOT = ARMS + " 1-1@9-1"
FULL_FOOT = FOOT + " 1-5@1-1 1-6@1-1 1-7@1-1"

CASES = [
    # (board, play, knobs, expected violations)
    ("9-9", "9-1@9-9", {}, set()),
    ("9-9", "1-9@9-9", {}, set()),
    ("9-9", "8-1@9-9", {}, {V.NO_MATCH}),
    ("9-9 9-1@9-9", "1-5@9-1", {}, {V.ARMS_FIRST}),
    ("9-9 9-1@9-9", "2-5@9-1", {}, {V.ARMS_FIRST, V.NO_MATCH}),
    (ARMS, "9-5@9-9", {}, {V.SPINNER_FULL}),
    (ARMS, "9-5@9-9", {"spinner_arms": 6}, set()),
    (ARMS, "1-5@9-4", {"spinner_arms": 6}, {V.ARMS_FIRST, V.NO_MATCH}),
    (ARMS, "9-5@9-9", {"spinner_arms": 8}, set()),
    (ARMS, "1-5@9-1", {}, set()),
    (ARMS, "2-5@9-1", {}, {V.NO_MATCH}),
    (ARMS + " 1-5@9-1", "1-6@9-1", {}, {V.END_TAKEN}),
    (ARMS + " 1-5@9-1", "5-6@1-5", {}, set()),
    (ARMS + " 1-5@9-1", "1-6@1-5", {}, {V.NO_MATCH}),
    (ARMS, "1-1@9-1", {}, set()),
    (FOOT, "2-5@9-2", {}, {V.FOOT_OPEN}),
    (FOOT, "1-5@1-1", {}, set()),
    (FOOT, "2-5@1-1", {}, {V.NO_MATCH}),
    (FOOT + " 1-5@1-1 1-6@1-1", "2-6@9-2", {}, {V.FOOT_OPEN}),
    (FOOT + " 1-5@1-1 1-6@1-1", "1-7@1-1", {}, set()),
    (FULL_FOOT, "1-8@1-1", {}, {V.FOOT_FULL}),
    (FULL_FOOT, "5-3@1-5", {}, set()),
    (FULL_FOOT, "2-6@9-2", {}, set()),
    (FULL_FOOT, "5-5@1-5", {}, set()),
    (FULL_FOOT + " 5-5@1-5", "5-0@5-5", {}, set()),
    (FULL_FOOT + " 5-5@1-5", "7-8@1-7", {}, {V.FOOT_OPEN}),
    (ARMS, "9-1@9-9", {}, {V.ALREADY_PLAYED, V.SPINNER_FULL}),
    (ARMS, "3-5@3-3", {}, {V.PARENT_MISSING}),
    (ARMS, "5-3@4-7", {}, {V.PARENT_MISSING, V.NO_MATCH}),  # shares no number with it
    (ARMS, "9-9", {}, {V.ALREADY_PLAYED, V.SPINNER_PLACED}),
    (ARMS, "8-8", {}, {V.SPINNER_PLACED}),
    (ARMS, "1-12@9-1", {}, {V.TILE_NOT_IN_SET}),
    (ARMS, "1-12@9-1", {"set_max": 12}, set()),
    ("6-6 6-1@6-6 6-2@6-6 6-3@6-6 6-4@6-6 6-5@6-6", "6-0@6-6", {"set_max": 6,
                                                                "spinner_arms": 8}, set()),
]


@pytest.mark.parametrize(("text", "play", "knobs", "expected"), CASES)
def test_judge_play_table(text: str, play: str, knobs: dict, expected: set) -> None:
    rules = RuleSet().with_knob("set_max", knobs.get("set_max", 9))
    for key, value in knobs.items():
        rules = rules.with_knob(key, value)
    verdict = judge_play(board(text, rules), Play.parse(play))
    assert verdict.violations == expected, verdict.describe()
    assert verdict.legal == (not expected)
    assert all(r.message for r in verdict.reasons)


def test_messages_speak_player_words() -> None:
    foot = judge_play(board(FOOT + " 1-5@1-1"), Play.parse("2-6@9-2"))
    assert [r.message for r in foot.reasons] == [
        "the chicken foot on 1-1 has 1 of its 3 toes; the next tile must be a toe on 1-1"]
    arms = judge_play(board("9-9 9-1@9-9 9-2@9-9"), Play.parse("2-5@9-2"))
    assert [r.message for r in arms.reasons] == [
        "the spinner 9-9 has 2 of its 4 arms; the next tile must be an arm"]
    tableau = board(ARMS + " 4-6@9-4")  # 4-6 touches 9-4 with its 4: the open end shows 6
    wrong = judge_play(tableau, Play.parse("3-4@4-6"))
    assert [r.message for r in wrong.reasons] == [
        "3-4 does not match: the open end of 4-6 shows 6"]
    assert wrong.subject == "3-4 on 4-6"
    assert judge_play(tableau, Play.parse("6-3@4-6")).subject == "3-6 on 4-6"
    assert judge_play(Tableau.empty(), Play.parse("9-9")).subject == "9-9 as the spinner"


def test_every_reason_is_listed_at_once() -> None:
    verdict = judge_play(board(FOOT), Play.parse("9-12@9-2"))
    assert verdict.violations == {V.TILE_NOT_IN_SET, V.NO_MATCH, V.FOOT_OPEN}
    assert len(verdict.reasons) == 3


def test_empty_tableau_needs_a_double() -> None:
    empty = Tableau.empty()
    assert judge_play(empty, Play(Tile(9, 9))).legal
    assert judge_play(empty, Play(Tile(9, 9)), spinner=8).violations == {V.WRONG_SPINNER}
    assert judge_play(empty, Play(Tile(1, 9))).violations == {V.WRONG_SPINNER}
    assert V.NO_SPINNER in judge_play(empty, Play(Tile(1, 9), Tile(9, 9))).violations


def test_judge_accepts_a_bare_tableau() -> None:
    assert judge(board(ARMS), Play.parse("1-5@9-1")).legal
    assert not judge(board(ARMS), Play.parse("5-5@9-1")).legal


def test_tableau_add_tracks_open_ends_and_foot() -> None:
    tableau = board(FOOT)
    assert tableau.foot == Tile(1, 1)
    assert [e.value for e in tableau.allowed_ends()] == [1]
    done = board(FULL_FOOT)
    assert done.foot is None
    values = sorted(e.value for e in done.allowed_ends())
    assert values == [2, 3, 4, 5, 6, 7]
    assert done.tiles == frozenset(Tile.parse(w.split("@")[0]) for w in FULL_FOOT.split())


def test_a_disputed_tile_written_twice_makes_the_board_impossible() -> None:
    # both copies were taken off to judge it, and the play was judged as if once
    from scorer.dispute import DisputeError, DisputeProblem, judge_dispute
    from scorer.notation import read_board
    from scorer.tiles import Tile

    board = read_board("9-9 9-4@9-9 4-6@9-4 4-6@9-4")
    with pytest.raises(DisputeError) as caught:
        judge_dispute(board, Tile(4, 6), RuleSet())
    assert caught.value.problem is DisputeProblem.IMPOSSIBLE_BOARD
    assert "4-6 appears 2 times" in str(caught.value)
    once = judge_dispute(read_board("9-9 9-4@9-9 4-6@9-4"), Tile(4, 6), RuleSet())
    assert once.play == Play(Tile(4, 6), Tile(4, 9)) and not once.verdict.legal  # arms first


def test_an_arm_is_judged_before_the_tiles_beyond_the_arms() -> None:
    # the board without the arm has 3 arms and tiles beyond them: "impossible", where
    # arms come first, so every tile beyond them was played after the arm
    from scorer.dispute import judge_dispute
    from scorer.notation import read_board
    from scorer.tiles import Tile
    from scorer.verdict import Violation

    board = read_board("9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-5@9-1 4-6@9-4 6-0@6-4")
    result = judge_dispute(board, Tile(2, 9), RuleSet())
    assert result.verdict.legal
    assert set(result.taken_off) == {Tile(1, 5), Tile(4, 6), Tile(0, 6)}
    wrong = read_board("9-9 9-1@9-9 2-3@9-9 9-3@9-9 9-4@9-9 1-5@9-1")
    result = judge_dispute(wrong, Tile(2, 3), RuleSet())
    assert result.verdict.violations == {Violation.NO_MATCH}
    # a tile beyond the arms keeps the others: only what lies on it goes
    beyond = judge_dispute(board, Tile(1, 5), RuleSet())
    assert beyond.verdict.legal and beyond.taken_off == ()
