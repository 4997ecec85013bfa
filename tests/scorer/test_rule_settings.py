"""Rule settings that cannot be played, hands cut to fit the set, the burned doubles of
the "next lower double" knob, every reason for a play on a missing tile, and what a
computer player is shown."""

from __future__ import annotations

import random

import pytest
from engine_helpers import ARMS, board, tiles

from scorer.game import Game, LadderError, walk_ladder
from scorer.judge import judge_play
from scorer.moves import Play
from scorer.round import SeatView, seat_view, start_round
from scorer.rule_problems import (
    RuleProblem,
    RuleProblemKind,
    RulesError,
    most_players,
    problem_text,
    require_playable,
    rule_problems,
)
from scorer.rules import HandSize, MissingDouble, RoundOrder, RuleSet
from scorer.scorecard import Scorecard
from scorer.simulate import play_game, play_out, random_player, strategies_for
from scorer.tiles import Tile
from scorer.verdict import Violation as V

K = RuleProblemKind
T = Tile.parse
NEXT_LOWER = RuleSet(missing_double=MissingDouble.NEXT_LOWER)


# -- impossible combinations -----------------------------------------------------------
@pytest.mark.parametrize(("rules", "players", "kinds"), [
    (RuleSet(), None, []),
    (RuleSet(), 4, []),
    (RuleSet(set_max=6, spinner_arms=6), 4, []),
    (RuleSet(set_max=6, spinner_arms=8), None, [K.TOO_MANY_ARMS]),
    (RuleSet(set_max=6, spinner_arms=8), 4, [K.TOO_MANY_ARMS]),
    (RuleSet(set_max=9, spinner_arms=8), 8, []),
    (RuleSet(), 1, [K.TOO_FEW_PLAYERS]),
    (RuleSet(hand_size=HandSize.CUSTOM, custom_hand_size=20), 4, [K.HAND_TOO_BIG]),
    (RuleSet(hand_size=HandSize.CUSTOM, custom_hand_size=13), 4, []),
    (RuleSet(hand_size=HandSize.CUSTOM, custom_hand_size=14), 4, [K.HAND_TOO_BIG]),
    (RuleSet(hand_size=HandSize.CUSTOM, custom_hand_size=20), 54, [K.HAND_TOO_BIG]),
    (RuleSet(hand_size=HandSize.CUSTOM, custom_hand_size=20), 55, [K.TOO_MANY_PLAYERS]),
    (RuleSet(set_max=6, spinner_arms=8, hand_size=HandSize.CUSTOM, custom_hand_size=10), 3,
     [K.TOO_MANY_ARMS, K.HAND_TOO_BIG]),
    (RuleSet(), 54, []),  # one tile each, one to draw: cut, not impossible
    (RuleSet(), 55, [K.TOO_MANY_PLAYERS]),
    (RuleSet(set_max=6), 28, [K.TOO_MANY_PLAYERS]),
    (RuleSet(set_max=18), 20, []),
])
def test_rule_problems(rules: RuleSet, players: int | None, kinds: list[RuleProblemKind]
                       ) -> None:
    problems = rule_problems(rules, players)
    assert [p.kind for p in problems] == kinds
    if kinds:
        with pytest.raises(RulesError) as caught:
            require_playable(rules, players)
        assert caught.value.problems == problems
        assert isinstance(caught.value, ValueError)
    else:
        assert require_playable(rules, players) is rules


@pytest.mark.parametrize(("problem", "words"), [
    (RuleProblem(K.TOO_MANY_ARMS, 8, 6, 6, 28),
     "the spinner cannot have 8 arms in a double-6 set: an arm shows the spinner's value, "
     "and each double has only 6 other values to pair with (at most 6 arms)"),
    (RuleProblem(K.HAND_TOO_BIG, 20, 13, 9, 55, 4),
     "a hand of 20 for 4 players needs 80 tiles, and a double-9 set holds 55 (one stays "
     "to draw): at most 13 each"),
    (RuleProblem(K.TOO_MANY_PLAYERS, 30, 27, 6, 28, 30),
     "a double-6 set (28 tiles) cannot deal 30 players a hand and keep a tile to draw: at "
     "most 27 players (a larger set takes more)"),
    (RuleProblem(K.TOO_FEW_PLAYERS, 1, 2, 9, 55, 1),
     "Chicken Foot needs at least 2 players, not 1"),
    (RuleProblem(K.TOO_MANY_TOES, 9, 5, 6, 28),
     "a chicken foot cannot have 9 toes in a double-6 set: at most 5 tiles besides the "
     "double and the tile it was played on show its value"),
])
def test_problem_words(problem: RuleProblem, words: str) -> None:
    assert problem_text(problem) == words == str(problem)


def test_rules_error_names_every_problem() -> None:
    rules = RuleSet(set_max=6, spinner_arms=8, hand_size=HandSize.CUSTOM, custom_hand_size=10)
    message = str(RulesError(rule_problems(rules, 3)))
    assert "8 arms" in message and "a hand of 10 for 3 players" in message
    assert message.count("; ") == 1


@pytest.mark.parametrize(("rules", "most"), [
    (RuleSet(), 54),
    (RuleSet(set_max=18), 189),
    (RuleSet(hand_size=HandSize.CUSTOM, custom_hand_size=7), 7),
    (RuleSet(set_max=6, hand_size=HandSize.CUSTOM, custom_hand_size=7), 3),
])
def test_most_players(rules: RuleSet, most: int) -> None:
    assert most_players(rules) == most
    assert not rule_problems(rules, most)
    assert [p.kind for p in rule_problems(rules, most + 1)] == [K.TOO_MANY_PLAYERS] or (
        rules.hand_size is HandSize.CUSTOM)


# -- hands cut to fit the set ----------------------------------------------------------
@pytest.mark.parametrize(("rules", "players", "asked", "dealt"), [
    (RuleSet(), 4, 7, 7),
    (RuleSet(), 7, 7, 7),
    (RuleSet(), 8, 7, 6),
    (RuleSet(set_max=6), 4, 7, 6),
    (RuleSet(hand_size=HandSize.EQUAL_SHARE), 8, 6, 6),
    (RuleSet(hand_size=HandSize.FORTY_TWO), 2, 21, 21),
    (RuleSet(hand_size=HandSize.CUSTOM, custom_hand_size=20), 4, 20, 13),
    (RuleSet(set_max=18), 20, 7, 7),
])
def test_hand_deal(rules: RuleSet, players: int, asked: int, dealt: int) -> None:
    deal = rules.hand_deal(players)
    assert (deal.asked, deal.dealt, deal.cut) == (asked, dealt, dealt < asked)
    assert rules.hand_size_for(players) == dealt
    assert deal.boneyard >= 1


def test_the_rules_in_words_say_when_hands_are_cut() -> None:
    rules = RuleSet()
    line = rules.describe(players=8)[3]
    assert line == ("Hand size: seven, cut to 6 each for 8 players (8 hands of 7 need 56 "
                    "tiles; the double-9 set holds 55 and keeps one to draw)")
    assert rules.describe(players=4)[3] == "Hand size: seven (7 each for 4 players)"
    assert rules.describe()[3] == "Hand size: seven"
    assert len(rules.describe(players=8)) == len(rules.describe())
    card = Scorecard.new(tuple("ABCDEFGH"), rules)
    assert card.rules_in_words() == rules.describe(players=8)


# -- every reason for a play on a tile that is not there -------------------------------
@pytest.mark.parametrize(("text", "play", "violations"), [
    ("9-9 9-1@9-9", "1-2@5-5", {V.PARENT_MISSING, V.NO_MATCH, V.ARMS_FIRST}),
    (ARMS + " 1-1@9-1", "4-5@5-5", {V.PARENT_MISSING, V.FOOT_OPEN}),
    (ARMS, "4-5@5-5", {V.PARENT_MISSING}),
    ("9-9 9-1@9-9", "9-9@5-5", {V.PARENT_MISSING, V.NO_MATCH, V.ALREADY_PLAYED,
                                V.ARMS_FIRST}),
])
def test_a_missing_parent_is_one_reason_of_many(text: str, play: str,
                                                 violations: set[V]) -> None:
    verdict = judge_play(board(text), Play.parse(play))
    assert verdict.violations == violations


# -- next lower double: burned doubles -------------------------------------------------
def test_the_ladder_skips_a_burned_double() -> None:
    ladder = walk_ladder(NEXT_LOWER, [8])
    assert ladder.called == (9,) and ladder.next_double == 7 and ladder.burned == {8}
    ladder = walk_ladder(NEXT_LOWER, [9, 5, 7])
    assert ladder.called == (9, 8, 7) and ladder.next_double == 6
    assert ladder.burned == {9, 5, 7}
    assert walk_ladder(NEXT_LOWER, [9, 5, 7, 6]).next_double == 4  # 5 burned


@pytest.mark.parametrize(("rules", "openings", "words"), [
    (RuleSet(), [8], "round 1 is for 9-9; it cannot open on 8-8"),
    (NEXT_LOWER, [9, 9], "round 2 is for 8-8; it cannot open on 9-9"),
    (NEXT_LOWER, [9, 5, 5], "round 3 cannot open on 5-5: a round of this pass already "
                            "opened on it"),
    (NEXT_LOWER, [9, 5, 8], "round 3 is for 7-7; it cannot open on 8-8"),
    (NEXT_LOWER, list(range(9, -1, -1)) + [0], "the ladder has no round 11"),
])
def test_openings_the_rules_refuse(rules: RuleSet, openings: list[int], words: str) -> None:
    with pytest.raises(LadderError, match=words):
        walk_ladder(rules, openings)


def test_down_then_up_burns_per_pass() -> None:
    rules = RuleSet(round_order=RoundOrder.DOWN_THEN_UP,
                    missing_double=MissingDouble.NEXT_LOWER)
    down = list(range(9, -1, -1))
    ladder = walk_ladder(rules, down)
    assert ladder.next_double == 1 and ladder.burned == frozenset()
    assert walk_ladder(rules, down + [0]).next_double == 2  # 0-0 not yet opened going up
    assert walk_ladder(rules, down + [1, 2, 3, 4, 5, 6, 7, 8, 9]).next_double is None


def test_next_lower_passes_over_burned_doubles() -> None:
    hands = [tiles("8-8 7-7 1-2"), tiles("6-6 2-3")]
    rest = [t for t in map(T, ("9-9", "5-5", "0-1")) if t]
    assert start_round(NEXT_LOWER, hands, rest, 9).double == 8
    assert start_round(NEXT_LOWER, hands, rest, 9, burned={8}).double == 7
    assert start_round(NEXT_LOWER, hands, rest, 9, burned={8, 7}).double == 6
    fallback = start_round(NEXT_LOWER, hands, rest, 9, burned={8, 7, 6})
    assert fallback.double == 9 and fallback.in_setup  # nobody holds one: draw for 9-9


def test_simulated_next_lower_games_never_repeat_a_double() -> None:
    rng = random.Random(0)
    seats = strategies_for("mixed", 4)
    lower = 0
    for _ in range(10):
        record = play_game(NEXT_LOWER, 4, rng, seats)
        assert len(set(record.openings)) == len(record.openings)
        assert walk_ladder(NEXT_LOWER, record.openings).next_double is None
        lower += sum(1 for c, o in zip(walk_ladder(NEXT_LOWER, record.openings).called,
                                       record.openings, strict=True) if c != o)
    assert lower > 0  # the knob was exercised


def test_game_records_openings() -> None:
    game = Game(NEXT_LOWER, 2).with_round((3, 4), 8)
    assert game.openings == (8,) and game.next_double == 7
    assert Game(RuleSet(), 2, ((1, 2), (3, 4))).openings == (9, 8)
    with pytest.raises(ValueError):
        Game(RuleSet(), 2).with_round((1, 2), 8)


# -- the scorecard heads each round with the double it opened on ------------------------
def test_scorecard_openings() -> None:
    card = Scorecard.new(("Ann", "Bo"), NEXT_LOWER)
    assert card.round_headers()[:3] == ("9-9", "8-8", "7-7") and len(card.rounds) == 10
    card = card.with_opening(0, 8)
    assert card.round_headers() == tuple(f"{d}-{d}" for d in (8, 7, 6, 5, 4, 3, 2, 1, 0))
    assert len(card.rounds) == 9 and card.opening(0) == 8 and card.opening(1) is None
    again = Scorecard.from_dict(card.to_dict())
    assert again == card and again.round_header(0) == "8-8"
    assert "openings" not in Scorecard.new(("Ann", "Bo"), NEXT_LOWER).to_dict()
    back = card.with_opening(0, None)
    assert len(back.rounds) == 10 and back.round_header(0) == "9-9"
    with pytest.raises(ValueError, match="cannot open on 9-9"):
        card.with_opening(1, 9)
    with pytest.raises(ValueError, match="cannot open on"):
        Scorecard.new(("Ann", "Bo"), RuleSet()).with_opening(0, 8)


def test_scorecard_keeps_scored_rounds_when_a_double_is_burned() -> None:
    card = Scorecard.new(("Ann", "Bo"), NEXT_LOWER)
    for index in range(10):
        card = card.with_score(index, "Ann", 1).with_score(index, "Bo", 2)
    with pytest.raises(ValueError, match="round 10 has scores"):
        card.with_opening(0, 8)


def test_a_finished_next_lower_card_is_finished() -> None:
    card = Scorecard.new(("Ann", "Bo"), NEXT_LOWER).with_opening(0, 5)
    assert card.round_headers() == tuple(f"{d}-{d}" for d in (5, 8, 7, 6, 4, 3, 2, 1, 0))
    for index in range(len(card.rounds)):
        assert not card.is_finished
        card = card.with_score(index, "Ann", 1).with_score(index, "Bo", 2)
    assert card.is_finished and len(card.rounds) == 9 and card.ladder().next_double is None


def test_bad_stored_opening_is_refused() -> None:
    data = Scorecard.new(("Ann", "Bo"), RuleSet()).to_dict()
    data["openings"] = [3]
    with pytest.raises(ValueError, match="opening double"):
        Scorecard.from_dict(data)


# -- a computer player sees only its seat ----------------------------------------------
def test_strategies_are_handed_a_seat_view() -> None:
    rules = RuleSet()
    seen: list[object] = []

    def spy(view, moves, rng):
        seen.append(view)
        return random_player(view, moves, rng)

    rng = random.Random(3)
    hands = [tiles("9-9 9-1 1-2"), tiles("9-2 3-4"), tiles("5-6 6-6")]
    state = start_round(rules, hands, tiles("9-3 9-4 0-0 0-1"), 9)
    play_out(state, (spy,) * 3, rng)
    assert seen and all(type(v) is SeatView for v in seen)
    first = seen[0]
    assert isinstance(first, SeatView)
    assert first.hand == frozenset(hands[0]) and first.hand_sizes == (3, 2, 2)
    assert first.boneyard_size == 4 and first.seat == first.turn == 0
    assert not hasattr(first, "hands") and not hasattr(first, "boneyard")


def test_seat_view_hides_other_hands_and_the_boneyard_order() -> None:
    rules = RuleSet()
    a = start_round(rules, [tiles("9-9 1-2"), tiles("3-4 5-6")], tiles("0-0 0-1 0-2"), 9)
    b = start_round(rules, [tiles("9-9 1-2"), tiles("0-0 0-1")], tiles("0-2 5-6 3-4"), 9)
    assert seat_view(a) == seat_view(b)
    assert seat_view(a, 1) != seat_view(b, 1)
    assert seat_view(a, 1).drawn is None
    with pytest.raises(ValueError):
        seat_view(a, 2)


@pytest.mark.parametrize("total", [0, -5, 100_001, int("9" * 31)])
def test_a_target_total_past_any_game_is_refused(total: int) -> None:
    # 31 nines were taken, saved, and then could not be read back from the saved game
    with pytest.raises(ValueError, match="target-total must be between 1 and 100,000"):
        RuleSet(target_total=total)
    with pytest.raises(ValueError, match="between 1 and 100,000"):
        RuleSet.from_dict({"target_total": str(total)})
    assert RuleSet(target_total=100_000).target_total == 100_000
