"""`chickenfoot simulate`: whole games between computer players, with a summary.

    chickenfoot simulate --players 4 --games 100 --seed 7 --strategy mixed

Exit status 0, or 2 with one line on stderr for bad input.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass

from scorer.round import RoundEnd
from scorer.rules import RuleSet
from scorer.scorecard import Scorecard
from scorer.simulate import GameRecord, play_game, strategies_for
from tui.commands.check import InputError, rules_from_args


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, metavar="N", help="players (2..8)")
    parser.add_argument("--games", type=int, default=10, metavar="M", help="games to play")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="random seed")
    parser.add_argument("--strategy", default="mixed", choices=("random", "greedy", "mixed"),
                        help="random, greedy (highest pips first) or mixed (alternating "
                             "seats, greedy first)")
    parser.add_argument("--set", dest="set_max", type=int, metavar="N",
                        help="the set: 6, 9, 12, 15 or 18 for double-N")
    parser.add_argument("--arms", type=int, metavar="N", help="spinner arms: 4, 6 or 8")
    parser.add_argument("--rule", action="append", default=[], metavar="KNOB=VALUE",
                        help="any house rule, like drawn-tile=must-play (repeatable)")


@dataclass(frozen=True, slots=True)
class Summary:
    players: tuple[str, ...]
    games: int
    wins: tuple[float, ...]  # a shared win counts 1/k to each of k winners
    average_scores: tuple[float, ...]
    rounds_played: int
    rounds_blocked: int

    def lines(self) -> list[str]:
        out = [f"{'player':<10}{'wins':>8}{'avg score':>12}"]
        for name, wins, avg in zip(self.players, self.wins, self.average_scores, strict=True):
            shown = f"{wins:g}"
            out.append(f"{name:<10}{shown:>8}{avg:>12.1f}")
        share = 100 * self.rounds_blocked / self.rounds_played if self.rounds_played else 0
        out.append(f"games: {self.games}   rounds played: {self.rounds_played}   "
                   f"rounds blocked: {self.rounds_blocked} ({share:.1f}%)")
        return out


def winners(record: GameRecord, names: tuple[str, ...], rules: RuleSet) -> tuple[str, ...]:
    """The game's winners by the scorecard's rules (lowest total, then the tie-breaks)."""
    card = Scorecard.new(names, rules)
    for index, row in enumerate(record.game.rounds):
        for seat, (name, points) in enumerate(zip(names, row, strict=True)):
            card = card.with_score(index, name, points, record.went_out[index] == seat)
    return card.result().winners


def summarize(rules: RuleSet, players: int, games: int, seed: int, strategy: str) -> Summary:
    rng = random.Random(seed)
    names = tuple(f"player {i + 1}" for i in range(players))
    seats = strategies_for(strategy, players)
    wins = [0.0] * players
    totals = [0] * players
    played = blocked = 0
    for _ in range(games):
        record = play_game(rules, players, rng, seats)
        for seat, total in enumerate(record.totals):
            totals[seat] += total
        won = winners(record, names, rules)
        for name in won:
            wins[names.index(name)] += 1 / len(won)
        played += len(record.ends)
        blocked += sum(1 for e in record.ends if e is not RoundEnd.WENT_OUT)
    return Summary(names, games, tuple(round(w, 3) for w in wins),
                   tuple(t / games if games else 0.0 for t in totals), played, blocked)


def run(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
        if not 2 <= args.players <= 8:
            raise InputError(f"--players must be 2 to 8, not {args.players}")
        if args.games < 1:
            raise InputError(f"--games must be at least 1, not {args.games}")
        rules.hand_size_for(args.players)
    except (InputError, ValueError) as error:
        print(f"chickenfoot simulate: {error}", file=sys.stderr)
        return 2
    summary = summarize(rules, args.players, args.games, args.seed, args.strategy)
    print(f"{args.players} players, {args.games} games, seed {args.seed}, "
          f"strategy {args.strategy}, double-{rules.set_max}")
    print("\n".join(summary.lines()))
    return 0
