"""Properties over random rounds under random house rules (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.moves import DRAW, PASS, Play
from scorer.notation import (
    Board,
    board_from_json,
    board_to_json,
    format_board,
    parse_board,
    to_tableau,
    validate,
)
from scorer.round import RoundEnd, apply, judge, legal_moves, legal_plays, scores, seat_view
from scorer.rules import (
    DrawnTile,
    FirstPlayer,
    MissingDouble,
    NoPlayEmptyBoneyard,
    RuleSet,
    UnfillableFoot,
)
from scorer.scoring import score_hand, tile_points
from scorer.simulate import greedy_player, new_round, random_player
from scorer.tiles import full_set

PROFILE = settings(max_examples=30, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])

rulesets = st.builds(
    RuleSet,
    set_max=st.sampled_from((6, 9, 12)),
    spinner_arms=st.sampled_from((4, 6, 8)),
    first_player=st.sampled_from(FirstPlayer),
    missing_double=st.sampled_from(MissingDouble),
    drawn_tile=st.sampled_from(DrawnTile),
    voluntary_draw=st.booleans(),
    no_play_empty_boneyard=st.sampled_from(NoPlayEmptyBoneyard),
    unfillable_foot=st.sampled_from(UnfillableFoot),
    double_blank_value=st.sampled_from((50, 25, 0)),
    blank_end_counts_25=st.booleans(),
    going_out_on_double_penalty=st.sampled_from((0, 50)),
)


def _round(rules: RuleSet, players: int, seed: int):
    rng = random.Random(seed)
    double = rng.randrange(rules.set_max + 1)
    return new_round(rules, players, double, rng, starter=rng.randrange(players)), rng


def _every_play(state) -> list[Play]:
    parents = [None] + [p.tile for p in state.tableau.order]
    return [Play(t, parent) for t in full_set(state.rules.set_max) for parent in parents]


@PROFILE
@given(rules=rulesets, players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       greedy=st.booleans())
def test_random_rounds_keep_every_rule(rules: RuleSet, players: int, seed: int,
                                       greedy: bool) -> None:
    state, rng = _round(rules, players, seed)
    everything = Counter(state.all_tiles())
    assert all(n == 1 for n in everything.values())
    strategy = greedy_player if greedy else random_player
    step = 0
    while not state.is_over:
        moves = legal_moves(state)
        assert moves, "a round in progress always has a move"
        for move in moves:
            assert judge(state, move).legal, judge(state, move).describe()
        if step % 9 == 0:  # the exhaustive check: nothing outside legal_moves is legal
            legal = set(moves)
            for move in _every_play(state) + [DRAW, PASS]:
                assert judge(state, move).legal == (move in legal), move
        state = apply(state, strategy(state, moves, rng))
        assert Counter(state.all_tiles()) == everything
        step += 1
    assert legal_moves(state) == []
    points = scores(state)
    for seat, hand in enumerate(state.hands):
        if seat == state.went_out:
            assert not hand
            assert points[seat] == (rules.going_out_on_double_penalty
                                    if state.out_on_double else 0)
        else:
            assert points[seat] == sum(tile_points(t, rules) for t in hand)
            assert points[seat] == score_hand(hand, rules)
    if state.end is RoundEnd.BLOCKED:
        assert not state.boneyard
        assert not any(state.tableau.can_play(h) for h in state.hands)


@PROFILE
@given(rules=rulesets, players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1),
       cut=st.floats(0, 1))
def test_boards_round_trip_and_are_valid(rules: RuleSet, players: int, seed: int,
                                         cut: float) -> None:
    state, rng = _round(rules, players, seed)
    history = [state]
    while not state.is_over:
        state = apply(state, random_player(seat_view(state), legal_moves(state), rng))
        history.append(state)
    tableau = history[int(cut * (len(history) - 1))].tableau
    if tableau.spinner is None:
        return
    board = Board.from_tableau(tableau)
    text = format_board(board)
    assert parse_board(text) == board and format_board(parse_board(text)) == text
    js = board_to_json(board)
    assert board_from_json(js) == board and board_to_json(board_from_json(js)) == js
    assert validate(board, rules).legal, validate(board, rules).describe()
    rebuilt = to_tableau(board, rules)
    assert rebuilt == tableau
    assert rebuilt.foot == tableau.foot and rebuilt.arms_placed == tableau.arms_placed
    assert sorted(rebuilt.open_ends, key=str) == sorted(tableau.open_ends, key=str)
    # on the bare board, legal_plays and the judge agree on every tile and parent
    legal = set(legal_plays(rebuilt))
    for play in _every_play(state):
        if play.tile in rebuilt:
            continue
        assert judge(rebuilt, play).legal == (play in legal), play
