"""The round ladder and cumulative totals of a whole game; simulated games."""

from __future__ import annotations

import random

import pytest

from scorer.game import Game, round_double
from scorer.moves import Play
from scorer.round import RoundEnd, apply_legal, legal_moves, seat_view
from scorer.rules import RoundOrder, RuleSet
from scorer.simulate import greedy_player, new_round, play_game, play_round, strategies_for


def test_ladder_down() -> None:
    rules = RuleSet()
    assert [round_double(rules, i) for i in range(10)] == list(range(9, -1, -1))
    with pytest.raises(ValueError):
        round_double(rules, 10)


def test_ladder_down_then_up() -> None:
    rules = RuleSet(round_order=RoundOrder.DOWN_THEN_UP)
    ladder = [round_double(rules, i) for i in range(19)]
    assert ladder == list(range(9, -1, -1)) + list(range(1, 10))


def test_ladder_double_twelve() -> None:
    assert RuleSet(set_max=12).round_doubles()[0] == 12
    game = Game(RuleSet(set_max=12), 3)
    assert game.next_double == 12


def test_target_total_plays_until_someone_reaches_it() -> None:
    rules = RuleSet(round_order=RoundOrder.TARGET_TOTAL, target_total=100)
    assert round_double(rules, 10) == 9 and round_double(rules, 23) == 6
    game = Game(rules, 2)
    for _ in range(12):
        game = game.with_round((5, 4))
    assert not game.is_over and game.next_double == 7 and game.totals() == (60, 48)
    for _ in range(8):
        game = game.with_round((5, 4))
    assert game.is_over and game.totals() == (100, 80) and game.next_double is None
    with pytest.raises(ValueError):
        game.with_round((1, 1))


def test_game_totals_and_end() -> None:
    game = Game(RuleSet(), 3)
    for i in range(10):
        assert not game.is_over and game.next_double == 9 - i
        game = game.with_round((i, 0, 2 * i))
    assert game.is_over and game.totals() == (45, 0, 90)
    with pytest.raises(ValueError):
        Game(RuleSet(), 2, ((1, 2, 3),))


@pytest.mark.parametrize("order", list(RoundOrder))
def test_simulated_games_follow_the_ladder(order: RoundOrder) -> None:
    rules = RuleSet(round_order=order, target_total=150)
    record = play_game(rules, 4, random.Random(5), strategies_for("mixed", 4))
    assert record.game.is_over
    assert len(record.ends) == len(record.game.rounds) == len(record.went_out)
    if order is RoundOrder.TARGET_TOTAL:
        assert max(record.totals) >= 150
        before_last = Game(rules, 4, record.game.rounds[:-1])
        assert max(before_last.totals()) < 150
    else:
        assert len(record.ends) == len(rules.round_doubles())
    for end, out in zip(record.ends, record.went_out, strict=True):
        assert (end is RoundEnd.WENT_OUT) == (out is not None)


def test_simulation_is_seeded() -> None:
    a = play_round(RuleSet(), 4, random.Random(11))
    b = play_round(RuleSet(), 4, random.Random(11))
    assert a == b


def test_a_seed_deals_the_same_rounds_whichever_strategies_play(monkeypatch) -> None:
    # The seats draw from their own random source: how the random seats play cannot
    # move the later deals (nor could a seat read them off the dealer's source).
    import scorer.simulate as simulate

    dealt: list[tuple] = []
    real_new_round = simulate.new_round

    def recording(*args, **kwargs):
        state = real_new_round(*args, **kwargs)
        dealt.append((state.double, state.hands, state.boneyard))
        return state

    monkeypatch.setattr(simulate, "new_round", recording)
    deals = {}
    for name in ("random", "greedy"):
        dealt.clear()
        record = play_game(RuleSet(), 4, random.Random(21), strategies_for(name, 4))
        deals[name] = list(dealt)
        assert len(dealt) == len(record.game.rounds) == 10
    assert deals["random"] == deals["greedy"]


def test_greedy_plays_the_heaviest_tile() -> None:
    rng = random.Random(3)
    state = new_round(RuleSet(), 4, 9, rng)
    checked = 0
    while not state.is_over:
        moves = legal_moves(state)
        chosen = greedy_player(seat_view(state), moves, rng)
        plays = [m for m in moves if isinstance(m, Play)]
        if plays:
            assert isinstance(chosen, Play)
            assert chosen.tile.pips == max(m.tile.pips for m in plays)
            checked += 1
        else:
            assert chosen == moves[0]
        state = apply_legal(state, chosen)
    assert checked > 5
