"""Properties of rule settings (hypothesis): what the validation lets through can be
dealt and played, burned doubles never open twice in a pass, a seat sees only its own
tiles, and a play on a missing tile gets every other reason too."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.game import walk_ladder
from scorer.judge import judge_play
from scorer.moves import Play
from scorer.round import apply_legal, deal, legal_moves, seat_view, start_round
from scorer.rule_problems import RuleProblemKind, rule_problems
from scorer.rules import HandSize, MissingDouble, RoundOrder, RuleSet
from scorer.scorecard import Scorecard
from scorer.simulate import new_round, play_game, play_out, strategies_for
from scorer.tiles import Tile, full_set
from scorer.verdict import Violation

PROFILE = settings(max_examples=40, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])

setups = st.builds(
    RuleSet,
    set_max=st.sampled_from((6, 9, 12, 15, 18)),
    spinner_arms=st.sampled_from((4, 6, 8)),
    hand_size=st.sampled_from(HandSize),
    custom_hand_size=st.integers(1, 60),
)


@PROFILE
@given(rules=setups, players=st.integers(0, 200))
def test_validation_lets_through_exactly_what_can_be_dealt(rules: RuleSet,
                                                           players: int) -> None:
    problems = rule_problems(rules, players)
    kinds = {p.kind for p in problems}
    assert (RuleProblemKind.TOO_MANY_ARMS in kinds) == (rules.spinner_arms > rules.set_max)
    dealable = players >= 2 and (
        rules.custom_hand_size * players < rules.tiles_in_set
        if rules.hand_size is HandSize.CUSTOM else players < rules.tiles_in_set)
    assert dealable == (not kinds - {RuleProblemKind.TOO_MANY_ARMS})
    if dealable:
        hands, boneyard = deal(rules, players, full_set(rules.set_max))
        assert boneyard and len({len(h) for h in hands}) == 1
        assert len(hands[0]) == rules.hand_size_for(players) >= 1
        if rules.hand_size is HandSize.CUSTOM:
            assert len(hands[0]) == rules.custom_hand_size  # a custom hand is never cut
    for problem in problems:
        assert str(problem) and len(str(problem)) < 200


@PROFILE
@given(rules=setups, players=st.integers(2, 14), seed=st.integers(0, 2**32 - 1))
def test_playable_rules_play_out(rules: RuleSet, players: int, seed: int) -> None:
    if rule_problems(rules, players):
        return
    rng = random.Random(seed)
    state = new_round(rules, players, rng.randrange(rules.set_max + 1), rng)
    end = play_out(state, strategies_for("mixed", players), rng)
    assert end.end is not None
    if not end.tableau.arms_missing:
        assert end.tableau.arms_placed == rules.spinner_arms


@PROFILE
@given(set_max=st.sampled_from((6, 9, 12)), order=st.sampled_from(RoundOrder),
       players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_next_lower_never_opens_a_pass_on_a_double_twice(set_max: int, order: RoundOrder,
                                                          players: int, seed: int) -> None:
    rules = RuleSet(set_max=set_max, round_order=order, target_total=150,
                    missing_double=MissingDouble.NEXT_LOWER)
    record = play_game(rules, players, random.Random(seed), strategies_for("greedy", players))
    ladder = walk_ladder(rules, record.openings)  # raises on a repeat within a pass
    assert all(o <= c for o, c in zip(record.openings, ladder.called, strict=True))
    if order is RoundOrder.DOWN:
        assert len(set(record.openings)) == len(record.openings)
    card = Scorecard(tuple(f"p{i}" for i in range(players)), rules,
                     ((None,) * players,) * len(record.openings))
    for index, opened in enumerate(record.openings):
        card = card.with_opening(index, opened)
    assert card.round_headers() == tuple(f"{d}-{d}" for d in record.openings)
    assert Scorecard.from_dict(card.to_dict()) == card


@PROFILE
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_a_seat_sees_the_same_whatever_the_others_hold(seed: int, players: int) -> None:
    rules = RuleSet()
    rng = random.Random(seed)
    state = new_round(rules, players, 9, rng)
    seat = rng.randrange(players)
    hidden = [t for s, h in enumerate(state.hands) if s != seat for t in h]
    hidden += list(state.boneyard)
    rng.shuffle(hidden)
    hands, at = [], 0
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(hidden[at:at + len(hand)])
            at += len(hand)
    other = start_round(rules, hands, hidden[at:], state.double)
    if other.turn == state.turn:
        assert seat_view(other, seat) == seat_view(state, seat)


@PROFILE
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 40),
       arms=st.sampled_from((4, 6, 8)))
def test_a_missing_parent_does_not_hide_other_reasons(seed: int, moves: int,
                                                      arms: int) -> None:
    rules = RuleSet(spinner_arms=arms)
    rng = random.Random(seed)
    state = new_round(rules, 4, 9, rng)
    seats = strategies_for("random", 4)
    for _ in range(moves):
        if state.end is not None:
            break
        state = apply_legal(state, seats[state.turn](seat_view(state), legal_moves(state), rng))
    tableau = state.tableau
    if tableau.spinner is None:
        return
    missing = [t for t in full_set(9) if t not in tableau]
    parent = missing[rng.randrange(len(missing))]
    tile = Tile.of(parent.high, rng.randrange(10))
    verdict = judge_play(tableau, Play(tile, parent))
    found = verdict.violations
    assert Violation.PARENT_MISSING in found
    assert (Violation.ARMS_FIRST in found) == (tableau.arms_missing > 0)
    assert (Violation.FOOT_OPEN in found) == (tableau.foot is not None
                                              and tableau.arms_missing <= 0)
