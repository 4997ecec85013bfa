"""Rules engine speed: verdicts per second for ``judge`` and whole simulated rounds per
second (4 players, double-9, default rules), on one core.

    python bench/bench_rules.py [--seconds 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorer.moves import DRAW, PASS, Play  # noqa: E402
from scorer.round import apply_legal, judge, legal_moves, seat_view  # noqa: E402
from scorer.rules import RuleSet  # noqa: E402
from scorer.simulate import (  # noqa: E402
    greedy_player,
    new_round,
    play_out,
    random_player,
)
from scorer.tiles import full_set  # noqa: E402


def judge_cases(rules: RuleSet, rng: random.Random, count: int) -> list[tuple[object, object]]:
    """(state, move) pairs from real rounds: the move chosen and a random other play."""
    cases: list[tuple[object, object]] = []
    tiles = full_set(rules.set_max)
    while len(cases) < count:
        state = new_round(rules, 4, rules.set_max, rng)
        while not state.is_over and len(cases) < count:
            moves = legal_moves(state)
            move = random_player(seat_view(state), moves, rng)
            parents = [p.tile for p in state.tableau.order] or [None]
            cases.append((state, move))
            cases.append((state, Play(rng.choice(tiles), rng.choice(parents))))
            cases.append((state, rng.choice((DRAW, PASS))))
            state = apply_legal(state, move)
    return cases


def bench_judge(rules: RuleSet, seconds: float, seed: int) -> float:
    cases = judge_cases(rules, random.Random(seed), 3000)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state, move in cases:
            judge(state, move)  # type: ignore[arg-type]
        done += len(cases)
    return done / (time.perf_counter() - start)


def bench_rounds(rules: RuleSet, seconds: float, seed: int, strategy) -> tuple[float, float]:
    rng = random.Random(seed)
    seats = (strategy,) * 4
    rounds = moves = 0

    def count(_state, _move) -> None:
        nonlocal moves
        moves += 1

    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_round(rules, 4, rules.set_max, rng)
        play_out(state, seats, rng)
        rounds += 1
    elapsed = time.perf_counter() - start
    # moves per round, measured apart so the count does not slow the timed loop
    for _ in range(50):
        play_out(new_round(rules, 4, rules.set_max, rng), seats, rng, count)
    return rounds / elapsed, moves / 50


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = RuleSet()
    verdicts = bench_judge(rules, args.seconds, args.seed)
    print(f"judge: {verdicts:,.0f} verdicts/s (mixed legal and illegal moves of real rounds)")
    for name, strategy in (("random", random_player), ("greedy", greedy_player)):
        per_s, per_round = bench_rounds(rules, args.seconds, args.seed, strategy)
        print(f"rounds ({name} players): {per_s:,.0f} whole 4-player double-9 rounds/s "
              f"(deal included, {per_round:.0f} moves a round on average)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
