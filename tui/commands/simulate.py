"""`chickenfoot simulate`: whole games between computer players, with a summary.

    chickenfoot simulate --players 4 --games 100 --seed 7 --strategy mixed

Any number of players the set can deal a hand to (``scorer.rule_problems``); when the
set makes the hands smaller than the hand-size knob asks, the second line says so.
Exit status 0, or 2 with one line on stderr for bad input, rules that cannot be played
among them (8 arms on a double-6 set, a custom hand the set cannot give every player).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from scorer.messages import counted
from scorer.round import RoundEnd
from scorer.rule_problems import RuleProblemKind, rule_problems
from scorer.rules import RoundOrder, RuleSet
from scorer.scorecard import Row, Scorecard
from scorer.simulate import MAX_ROUNDS, GameRecord, play_game, strategies_for
from tui.commands.check import InputError, knob_rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, metavar="N",
                        help="players: 2 up to what the set can deal (default 4)")
    parser.add_argument("--games", type=int, default=10, metavar="M",
                        help="games to play (default 10)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed (default 0: the same games every run)")
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
    unfinished: int = 0  # games stopped at MAX_ROUNDS: no winner counted

    def lines(self) -> list[str]:
        width = max(10, *(len(p) + 1 for p in self.players))
        out = [f"{'player':<{width}}{'wins':>8}{'avg score':>12}"]
        for name, wins, avg in zip(self.players, self.wins, self.average_scores, strict=True):
            shown = f"{wins:g}"
            out.append(f"{name:<{width}}{shown:>8}{avg:>12.1f}")
        share = 100 * self.rounds_blocked / self.rounds_played if self.rounds_played else 0
        out.append(f"games: {self.games}   rounds played: {self.rounds_played}   "
                   f"rounds blocked: {self.rounds_blocked} ({share:.1f}%)")
        if self.unfinished:
            out.append(f"games stopped unfinished after {MAX_ROUNDS:,} rounds, nobody at the "
                       f"target: {self.unfinished} (no winner counted)")
        return out


def winners(record: GameRecord, names: tuple[str, ...], rules: RuleSet) -> tuple[str, ...]:
    """The game's winners by the scorecard's rules (lowest total, then the tie-breaks)."""
    rows = 1 if rules.round_order is RoundOrder.TARGET_TOTAL else len(rules.round_doubles())
    empty: Row = (None,) * len(names)
    card = Scorecard(names, rules, (empty,) * rows)  # any number of seats, unlike the app's
    for index, row in enumerate(record.game.rounds):
        if index < len(card.rounds):
            card = card.with_opening(index, record.openings[index])
        for seat, (name, points) in enumerate(zip(names, row, strict=True)):
            card = card.with_score(index, name, points, record.went_out[index] == seat)
    return card.result().winners


class ProgressEvery:
    """Says how far a long run is, every ``seconds`` (nothing for a run shorter than
    that): a million games, or a game to 100,000 points among dozens of players, runs
    for hours within the limits, and silence looks like a hang."""

    def __init__(self, seconds: float, say: Callable[[str], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._seconds = seconds
        self._say = say
        self._clock = clock
        self._next = clock() + seconds

    def __call__(self, done: int, total: int) -> None:
        now = self._clock()
        if now >= self._next:
            self._say(f"chickenfoot simulate: {done:,} of {total:,} games played "
                      "(Ctrl+C stops)")
            self._next = now + self._seconds


PROGRESS_EVERY_S = 10.0


def summarize(rules: RuleSet, players: int, games: int, seed: int, strategy: str,
              progress: Callable[[int, int], None] | None = None) -> Summary:
    rng = random.Random(seed)
    names = tuple(f"player {i + 1}" for i in range(players))
    seats = strategies_for(strategy, players)
    wins = [0.0] * players
    totals = [0] * players
    played = blocked = unfinished = 0
    for done in range(1, games + 1):
        record = play_game(rules, players, rng, seats)
        for seat, total in enumerate(record.totals):
            totals[seat] += total
        unfinished += not record.finished
        won = winners(record, names, rules) if record.finished else ()
        for name in won:
            wins[names.index(name)] += 1 / len(won)
        played += len(record.ends)
        blocked += sum(1 for e in record.ends if e is not RoundEnd.WENT_OUT)
        if progress is not None:
            progress(done, games)
    return Summary(names, games, tuple(round(w, 3) for w in wins),
                   tuple(t / games if games else 0.0 for t in totals), played, blocked,
                   unfinished)


MAX_GAMES = 1_000_000  # games in one run: a million takes hours already

PLAYER_PROBLEMS = (RuleProblemKind.TOO_FEW_PLAYERS, RuleProblemKind.TOO_MANY_PLAYERS,
                   RuleProblemKind.HAND_TOO_BIG)


def checked_rules(args: argparse.Namespace) -> RuleSet:
    """The rules of --set, --arms and --rule, playable with --players players; InputError
    naming every reason they are not (the ones about the players name --players)."""
    rules = knob_rules(args)
    problems = rule_problems(rules, args.players)
    if problems:
        raise InputError("; ".join(
            f"--players {args.players}: {p}" if p.kind in PLAYER_PROBLEMS else str(p)
            for p in problems))
    return rules


def run(args: argparse.Namespace) -> int:
    try:
        rules = checked_rules(args)
        if not 1 <= args.games <= MAX_GAMES:
            raise InputError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games}")
    except (InputError, ValueError) as error:
        print(f"chickenfoot simulate: {error}", file=sys.stderr)
        return 2
    summary = summarize(rules, args.players, args.games, args.seed, args.strategy,
                        ProgressEvery(PROGRESS_EVERY_S,
                                      lambda text: print(text, file=sys.stderr, flush=True)))
    print(f"{args.players} players, {counted(args.games, 'game')}, seed {args.seed}, "
          f"strategy {args.strategy}, double-{rules.set_max}")
    if rules.hand_deal(args.players).cut:
        print(rules.describe(players=args.players)[3])
    print("\n".join(summary.lines()))
    return 0
