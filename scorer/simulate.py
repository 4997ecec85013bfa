"""Computer players and whole simulated rounds and games, seeded and reproducible.

``random`` picks any legal move; ``greedy`` plays the highest-pip legal tile, drawing or
passing only when it must. Used by the property tests, the benchmark and the
``chickenfoot simulate`` command.

A strategy is handed what its seat can see (a ``SeatView``: its own hand, the tableau,
how many tiles each hand and the boneyard hold), the legal moves and a random source;
never the round state with the other hands and the boneyard's order. The seats' random
source is not the one that shuffles (``seats_rng``): a seat cannot learn the next deal
from it, and a seed deals the same rounds whichever strategies play them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from scorer.game import Game
from scorer.moves import Move, Play
from scorer.round import (
    RoundEnd,
    RoundState,
    SeatView,
    apply_legal,
    deal,
    highest_draw,
    legal_moves,
    scores,
    seat_view,
    shuffled_set,
    start_round,
)
from scorer.rules import FirstPlayer, RuleSet
from scorer.tiles import full_set

Strategy = Callable[[SeatView, list[Move], random.Random], Move]

MAX_ROUNDS = 1000  # a target-total game where nobody ever scores would never end
MAX_REDEALS = 100


def random_player(view: SeatView, moves: list[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]


def greedy_player(view: SeatView, moves: list[Move], rng: random.Random) -> Move:
    best: Move | None = None
    best_pips = -1
    for move in moves:
        if isinstance(move, Play) and move.tile.pips > best_pips:
            best, best_pips = move, move.tile.pips
    return best if best is not None else moves[0]


STRATEGIES: dict[str, Strategy] = {"random": random_player, "greedy": greedy_player}


def strategies_for(name: str, players: int) -> tuple[Strategy, ...]:
    """One strategy per seat: all random, all greedy, or ``mixed`` (alternating)."""
    if name == "mixed":
        return tuple(greedy_player if seat % 2 == 0 else random_player
                     for seat in range(players))
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy '{name}' (random, greedy or mixed)")
    return (STRATEGIES[name],) * players


def new_round(rules: RuleSet, players: int, double: int, rng: random.Random, *,
              starter: int | None = None, first_seat: int = 0,
              burned: Collection[int] = ()) -> RoundState:
    """Shuffle, deal and start a round (redealing under the redeal knob); ``burned`` as in
    ``start_round``."""
    for _ in range(MAX_REDEALS):
        hands, boneyard = deal(rules, players, shuffled_set(rules, rng))
        state = start_round(rules, hands, boneyard, double, starter=starter,
                            first_seat=first_seat, burned=burned)
        if state.end is not RoundEnd.REDEAL:
            return state
    raise RuntimeError("no deal held the starting double")


def seats_rng(rng: random.Random) -> random.Random:
    """The seats' own random source, drawn once from the dealer's."""
    return random.Random(rng.getrandbits(64))


def play_out(state: RoundState, strategies: Sequence[Strategy], rng: random.Random,
             on_move: Callable[[RoundState, Move], None] | None = None) -> RoundState:
    """Play ``state`` to the end; each seat's strategy sees only its ``SeatView``.
    ``on_move`` (an observer, not a player) sees each whole state and the move chosen."""
    while state.end is None:
        moves = legal_moves(state)
        move = strategies[state.turn](seat_view(state), moves, rng)
        if on_move is not None:
            on_move(state, move)
        state = apply_legal(state, move)
    return state


def play_round(rules: RuleSet, players: int, rng: random.Random,
               strategies: Sequence[Strategy] | None = None, *, double: int | None = None,
               starter: int | None = None, first_seat: int = 0) -> RoundState:
    """Deal and play one whole round; returns the final state."""
    strategies = strategies or (random_player,) * players
    seats = seats_rng(rng)
    state = new_round(rules, players, rules.set_max if double is None else double, rng,
                      starter=starter, first_seat=first_seat)
    return play_out(state, strategies, seats)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One simulated game: every round's scores, the double it opened on, and how each
    round ended."""

    game: Game
    ends: tuple[RoundEnd, ...]
    went_out: tuple[int | None, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.game.totals()

    @property
    def openings(self) -> tuple[int, ...]:
        return self.game.openings

    @property
    def finished(self) -> bool:
        """False for a game stopped at MAX_ROUNDS before it was over: it has no winner."""
        return self.game.is_over


def play_game(rules: RuleSet, players: int, rng: random.Random,
              strategies: Sequence[Strategy] | None = None) -> GameRecord:
    """Play a whole game: every round of the ladder, the deal passing to the left."""
    strategies = strategies or (random_player,) * players
    seats = seats_rng(rng)
    game = Game(rules, players)
    ends: list[RoundEnd] = []
    out: list[int | None] = []
    index = 0
    while not game.is_over and index < MAX_ROUNDS:
        ladder = game.ladder()
        double = ladder.next_double
        assert double is not None
        starter = None
        if index == 0 and rules.first_player is FirstPlayer.HIGHEST_DRAW_ROUND_ONE:
            draws = rng.sample(full_set(rules.set_max), players)
            starter = highest_draw(draws)
        state = new_round(rules, players, double, rng, starter=starter,
                          first_seat=index % players, burned=ladder.burned)
        state = play_out(state, strategies, seats)
        ends.append(state.end)  # type: ignore[arg-type]
        out.append(state.went_out)
        game = game.with_round(scores(state), state.double)
        index += 1
    return GameRecord(game, tuple(ends), tuple(out))
