"""A round under every knob of RULES.md: rigged deals, scripted turns, exact scores."""

from __future__ import annotations

import pytest
from engine_helpers import after_arms, moves, rigged, tiles

from scorer.moves import DRAW, PASS, Play
from scorer.round import (
    RoundEnd,
    apply,
    deal,
    highest_draw,
    judge,
    legal_moves,
    legal_plays,
    penalize_unannounced,
    scores,
)
from scorer.rules import HandSize, RuleSet
from scorer.tiles import Tile, full_set
from scorer.verdict import IllegalPlay
from scorer.verdict import Violation as V

T = Tile.parse


def mv(text: str):
    return DRAW if text == "draw" else PASS if text == "pass" else Play.parse(text)


def knob(**knobs: object) -> RuleSet:
    rules = RuleSet()
    for key, value in knobs.items():
        rules = rules.with_knob(key, value)
    return rules


# -- scripted rounds to exact scores ----------------------------------------------------
def test_scripted_round_goes_out_with_exact_scores() -> None:
    state = rigged(["9-9 9-1 9-3 1-1 1-6", "9-2 9-4 1-5 1-7 0-0 4-8"], "2-3 5-6")
    assert state.turn == 0 and legal_moves(state) == [Play(T("9-9"))]
    state = moves(state, "9-9", "9-2@9-9", "9-1@9-9", "9-4@9-9", "9-3@9-9", "4-8@9-4",
                  "1-1@9-1")
    assert state.tableau.foot == T("1-1")
    assert set(legal_plays(state)) == {Play.parse("1-5@1-1"), Play.parse("1-7@1-1")}
    state = moves(state, "1-5@1-1", "1-6@1-1")
    assert state.end is RoundEnd.WENT_OUT and state.went_out == 0
    assert scores(state) == (0, 1 + 7 + 50)


@pytest.mark.parametrize(("penalty", "expected"), [(0, (0, 56)), (50, (50, 56))])
def test_going_out_on_a_double(penalty: int, expected: tuple[int, int]) -> None:
    rules = knob(going_out_on_double_penalty=penalty)
    state = rigged(["9-9 9-1 9-3 1-1", "9-2 9-4 1-5 0-0 4-8"], "", rules)
    state = moves(state, "9-9", "9-2@9-9", "9-1@9-9", "9-4@9-9", "9-3@9-9", "4-8@9-4",
                  "1-1@9-1")
    assert state.out_on_double and scores(state) == expected


@pytest.mark.parametrize(("knobs", "expected"), [
    ({}, (1, 5 + 50)),
    ({"double_blank_value": 25}, (1, 5 + 25)),
    ({"double_blank_value": 0}, (1, 5)),
    ({"blank_end_counts_25": True}, (26, 5 + 50)),
    ({"blank_end_counts_25": True, "double_blank_value": 25}, (26, 5 + 25)),
])
def test_blocked_round_scores_under_scoring_knobs(knobs: dict, expected: tuple) -> None:
    state = rigged(["9-9 0-1", "9-8 2-3 0-0"], "", knob(**knobs))
    state = moves(state, "9-9", "9-8@9-9")
    assert state.end is RoundEnd.BLOCKED
    assert scores(state) == expected
    assert legal_moves(state) == []
    assert judge(state, PASS).violations == {V.ROUND_OVER}


# -- the starting double ----------------------------------------------------------------
def test_holder_places_the_spinner_and_left_plays_next() -> None:
    state = rigged(["1-2", "9-9 3-4", "5-6"], "9-1")
    assert state.turn == 1 and legal_moves(state) == [Play(T("9-9"))]
    assert judge(state, DRAW).violations == {V.MUST_PLACE_SPINNER}
    assert moves(state, "9-9").turn == 2


def test_holder_plays_again() -> None:
    state = rigged(["1-2", "9-9 3-4", "5-6"], "9-1", knob(first_player="holder-plays-again"))
    assert moves(state, "9-9").turn == 1


def test_highest_draw_starts_round_one() -> None:
    assert highest_draw(tiles("1-2 3-6 4-5")) == 1
    assert highest_draw(tiles("0-0 0-1 1-1")) == 2
    rules = knob(first_player="highest-draw-round-one")
    state = rigged(["1-2", "9-9 3-4", "5-6"], "9-1", rules, starter=0)
    assert moves(state, "9-9").turn == 0
    later = rigged(["1-2", "9-9 3-4", "5-6"], "9-1", rules)
    assert moves(later, "9-9").turn == 2


def test_missing_double_draw_in_turn() -> None:
    state = rigged(["1-2", "3-4", "5-6"], "5-5 9-9 0-1")
    assert state.turn == 0 and legal_moves(state) == [DRAW]
    assert judge(state, PASS).violations == {V.MUST_DRAW}
    state = apply(state, DRAW)
    assert state.turn == 1 and T("5-5") in state.hands[0]
    state = apply(state, DRAW)
    assert state.turn == 1 and legal_moves(state) == [Play(T("9-9"))]
    assert moves(state, "9-9").turn == 2


def test_missing_double_draw_in_turn_starts_left_of_dealer() -> None:
    state = rigged(["1-2", "3-4", "5-6"], "9-9", first_seat=2)
    assert moves(state, "draw").turn == 2
    assert moves(state, "draw", "9-9").turn == 0


def test_missing_double_drawn_simultaneously() -> None:
    state = rigged(["1-2", "3-4", "5-6"], "5-5 4-4 9-9 0-1",
                   knob(missing_double="draw-simultaneously"))
    state = apply(state, DRAW)
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert state.turn == 2 and state.boneyard == (T("0-1"),)


def test_missing_double_next_lower() -> None:
    rules = knob(missing_double="next-lower")
    state = rigged(["1-2 7-7", "3-4", "5-6"], "9-9 8-8", rules)
    assert state.double == 7 and state.turn == 0
    assert judge(state, Play(T("9-9"))).violations >= {V.WRONG_SPINNER, V.NOT_IN_HAND}
    assert moves(state, "7-7").tableau.spinner == T("7-7")
    nobody = rigged(["1-2", "3-4"], "9-9 8-8", rules)
    assert nobody.double == 9 and legal_moves(nobody) == [DRAW]


def test_missing_double_redeal() -> None:
    state = rigged(["1-2", "3-4"], "9-9", knob(missing_double="redeal"))
    assert state.end is RoundEnd.REDEAL and legal_moves(state) == []
    with pytest.raises(ValueError):
        scores(state)


def test_deal_rejects_impossible_deals() -> None:
    with pytest.raises(ValueError):
        rigged(["1-2", "1-2"], "9-9")
    with pytest.raises(ValueError):
        rigged(["1-2", "3-4"], "5-6")  # 9-9 is nowhere
    with pytest.raises(ValueError):
        rigged(["1-12", "3-4"], "9-9")


# -- turns, drawing, passing --------------------------------------------------------------
def test_no_play_means_draw_and_may_play_the_drawn_tile() -> None:
    state = after_arms("5-5", "7-8 0-0", "1-6 7-7")
    assert state.turn == 1 and legal_moves(state) == [DRAW]
    assert judge(state, PASS).violations == {V.MUST_DRAW}
    assert judge(state, Play(T("7-8"), T("9-1"))).violations == {V.NO_MATCH}
    state = apply(state, DRAW)
    assert state.drawn == T("1-6")
    assert set(legal_moves(state)) == {Play(T("1-6"), T("9-1")), PASS}
    assert judge(state, DRAW).violations == {V.ALREADY_DREW}
    assert judge(state, Play(T("0-0"), T("9-1"))).violations >= {V.ONLY_DRAWN_TILE}
    assert apply(state, PASS).turn == 0


@pytest.mark.parametrize(("drawn_knob", "after_draw"), [
    ("may-play", {"1-6@9-1", "pass"}),
    ("must-play", {"1-6@9-1"}),
    ("draw-and-pass", {"pass"}),
    ("draw-until-playable", {"1-6@9-1"}),
])
def test_drawn_tile_knob_playable(drawn_knob: str, after_draw: set) -> None:
    state = apply(after_arms("5-5", "7-8", "1-6 7-7", knob(drawn_tile=drawn_knob)), DRAW)
    expected = {mv(t) for t in after_draw}
    assert set(legal_moves(state)) == expected
    for move in (PASS, Play(T("1-6"), T("9-1")), DRAW):
        assert judge(state, move).legal == (move in expected)


@pytest.mark.parametrize(("drawn_knob", "after_draw"), [
    ("may-play", {"pass"}),
    ("must-play", {"pass"}),
    ("draw-and-pass", {"pass"}),
    ("draw-until-playable", {"draw"}),
])
def test_drawn_tile_knob_unplayable(drawn_knob: str, after_draw: set) -> None:
    state = apply(after_arms("5-5", "7-8", "7-7 1-6", knob(drawn_tile=drawn_knob)), DRAW)
    assert state.drawn == T("7-7")
    assert set(legal_moves(state)) == {mv(t) for t in after_draw}
    if drawn_knob == "draw-until-playable":
        state = apply(state, DRAW)
        assert legal_moves(state) == [Play.parse("1-6@9-1")]
        assert judge(state, PASS).violations == {V.MUST_PLAY_DRAWN}


def test_voluntary_draw_knob() -> None:
    strict = after_arms("5-5", "1-6", "7-7")
    assert DRAW not in legal_moves(strict)
    assert judge(strict, DRAW).violations == {V.CAN_PLAY}
    assert judge(strict, PASS).violations == {V.CAN_PLAY}
    loose = after_arms("5-5", "1-6", "7-7", knob(voluntary_draw=True))
    assert DRAW in legal_moves(loose)
    drew = apply(loose, DRAW)
    assert set(legal_moves(drew)) == {PASS}  # 7-7 cannot be played; 1-6 may not be now
    assert apply(drew, PASS).turn == 0


def test_empty_boneyard_pass_or_round_ends() -> None:
    passing = after_arms("2-5", "7-8 0-0", "")
    assert passing.end is None and legal_moves(passing) == [PASS]
    assert judge(passing, DRAW).violations == {V.BONEYARD_EMPTY}
    assert apply(passing, PASS).turn == 0
    ending = after_arms("2-5", "7-8 0-0", "", knob(no_play_empty_boneyard="round-ends"))
    assert ending.end is RoundEnd.NO_PLAY
    assert scores(ending) == (7, 15 + 50)


def test_blocked_when_nobody_can_play() -> None:
    state = after_arms("5-6", "7-8", "")
    assert state.end is RoundEnd.BLOCKED and scores(state) == (11, 15)


def test_unfillable_foot_knob() -> None:
    # the 1s left off the tableau: 1-1 (seat 1) and 1-5 (seat 0); the foot needs 3 toes
    on = after_arms("1-5 2-6", "1-1 3-4 2-7", "")
    on = moves(on, "1-1@9-1")
    assert on.end is None and on.tableau.foot == T("1-1")
    on = moves(on, "1-5@1-1")
    assert on.end is RoundEnd.BLOCKED
    rules = knob(unfillable_foot="round-ends")
    ends = moves(after_arms("1-5 2-6", "1-1 3-4 2-7", "", rules), "1-1@9-1")
    assert ends.end is RoundEnd.FOOT_UNFILLABLE
    assert scores(ends) == (6 + 8, 7 + 9)
    fillable = moves(after_arms("1-5 1-6", "1-1 1-7 3-4", "", rules), "1-1@9-1")
    assert fillable.end is None


def test_apply_raises_with_the_verdict() -> None:
    state = after_arms("5-5", "7-8", "1-6")
    with pytest.raises(IllegalPlay) as caught:
        apply(state, Play(T("5-5"), T("9-1")))
    assert caught.value.verdict.violations == {V.NOT_IN_HAND, V.NO_MATCH}
    assert "player 2 does not hold 5-5" in str(caught.value)


def test_forgot_last_tile_knob() -> None:
    state = after_arms("5-5", "7-8", "1-6 2-2")
    penalised = penalize_unannounced(state, 1)
    assert penalised.hands[1] == frozenset(tiles("7-8 1-6"))
    assert penalised.boneyard == (T("2-2"),)
    lenient = after_arms("5-5", "7-8", "1-6", knob(forgot_last_tile="nothing"))
    assert penalize_unannounced(lenient, 1) == lenient
    with pytest.raises(IllegalPlay):
        penalize_unannounced(after_arms("5-5 1-2", "7-8", "1-6"), 0)


# -- dealing ---------------------------------------------------------------------------
@pytest.mark.parametrize(("hand_size", "players", "set_max", "size"), [
    (HandSize.SEVEN, 4, 9, 7),
    (HandSize.EQUAL_SHARE, 2, 9, 20),
    (HandSize.EQUAL_SHARE, 8, 9, 6),
    (HandSize.FORTY_TWO, 2, 9, 21),
    (HandSize.FORTY_TWO, 8, 9, 5),
    (HandSize.CUSTOM, 3, 9, 9),
])
def test_deal_hand_sizes(hand_size: HandSize, players: int, set_max: int, size: int) -> None:
    rules = RuleSet(set_max=set_max, hand_size=hand_size, custom_hand_size=9)
    hands, boneyard = deal(rules, players, full_set(set_max))
    assert [len(h) for h in hands] == [size] * players
    assert len(boneyard) == len(full_set(set_max)) - size * players
