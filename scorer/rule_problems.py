"""Whether a RuleSet can be played at all: with its set, and with a number of players.

Each knob of a RuleSet is checked on its own when it is set; a combination can still be
impossible. A spinner in a double-6 set has six other values, so it can never get eight
arms; a custom hand of 20 for four players needs 80 tiles of the 55 a double-9 set holds.
``rule_problems(rules, players)`` lists every such problem as a typed value (a kind and
its numbers); ``problem_text`` puts one in words; ``require_playable`` raises
``RulesError`` carrying them all. Every command that takes rules and the new-game screen
call the same ``require_playable``.

A hand the knob asks for that the set cannot give is not a problem when the knob is a
rule of thumb (seven, equal share, 42/players): the hands are cut to fit, and
``RuleSet.hand_deal`` and ``RuleSet.describe(players)`` say so. A custom size is what the
table asked for, so a custom size the set cannot give is refused.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from scorer.rules import HandSize, RuleSet

MIN_PLAYERS = 2


class RuleProblemKind(enum.Enum):
    """Every way a RuleSet can be impossible with its set and its players."""

    TOO_FEW_PLAYERS = "too-few-players"
    TOO_MANY_PLAYERS = "too-many-players"
    TOO_MANY_ARMS = "too-many-arms"
    TOO_MANY_TOES = "too-many-toes"
    HAND_TOO_BIG = "hand-too-big"


@dataclass(frozen=True, slots=True)
class RuleProblem:
    """One impossible setting: what was asked for (``asked``: arms, toes, players or tiles
    per hand) and the limit (``limit``: the most the set allows, or the fewest players).
    ``tiles`` is the number of tiles in the set."""

    kind: RuleProblemKind
    asked: int
    limit: int
    set_max: int
    tiles: int
    players: int | None = None

    def __str__(self) -> str:
        return problem_text(self)


class RulesError(ValueError):
    """Rules that cannot be played; carries every problem. The message names them all."""

    def __init__(self, problems: tuple[RuleProblem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(problem_text(p) for p in problems))


def most_arms(set_max: int) -> int:
    """A spinner's arms each show its value on the inner end: one tile per other value."""
    return set_max


def most_toes(set_max: int) -> int:
    """A chicken foot's toes each show the double's value; one such tile is the tile the
    double was played on."""
    return set_max - 1


def most_players(rules: RuleSet) -> int:
    """The most players the set can deal a hand to and keep one tile to draw: one tile each
    under the rule-of-thumb hand sizes (they are cut to fit), the whole custom hand each
    under a custom size."""
    spare = rules.tiles_in_set - 1
    if rules.hand_size is HandSize.CUSTOM:
        return max(1, spare // rules.custom_hand_size)
    return spare


def rule_problems(rules: RuleSet, players: int | None = None) -> tuple[RuleProblem, ...]:
    """Every reason ``rules`` cannot be played (with ``players`` players, when given);
    empty when they can."""
    out: list[RuleProblem] = []
    n, tiles = rules.set_max, rules.tiles_in_set

    def add(kind: RuleProblemKind, asked: int, limit: int) -> None:
        out.append(RuleProblem(kind, asked, limit, n, tiles, players))

    if rules.spinner_arms > most_arms(n):
        add(RuleProblemKind.TOO_MANY_ARMS, rules.spinner_arms, most_arms(n))
    if rules.toes_per_foot > most_toes(n):
        add(RuleProblemKind.TOO_MANY_TOES, rules.toes_per_foot, most_toes(n))
    if players is None:
        return tuple(out)
    if players < MIN_PLAYERS:
        add(RuleProblemKind.TOO_FEW_PLAYERS, players, MIN_PLAYERS)
        return tuple(out)
    if rules.hand_size is HandSize.CUSTOM:
        most_each = (tiles - 1) // players
        if rules.custom_hand_size > most_each:
            if most_each >= 1:
                add(RuleProblemKind.HAND_TOO_BIG, rules.custom_hand_size, most_each)
            else:
                add(RuleProblemKind.TOO_MANY_PLAYERS, players, most_players(rules))
    elif players > most_players(rules):
        add(RuleProblemKind.TOO_MANY_PLAYERS, players, most_players(rules))
    return tuple(out)


def require_playable(rules: RuleSet, players: int | None = None) -> RuleSet:
    """``rules`` unchanged when they can be played; RulesError with every problem if not."""
    problems = rule_problems(rules, players)
    if problems:
        raise RulesError(problems)
    return rules


def problem_text(problem: RuleProblem) -> str:
    """The problem in one short sentence a player understands."""
    kind = problem.kind
    n, asked, limit = problem.set_max, problem.asked, problem.limit
    sets = f"a double-{n} set"
    if kind is RuleProblemKind.TOO_MANY_ARMS:
        return (f"the spinner cannot have {asked} arms in {sets}: an arm shows the "
                f"spinner's value, and each double has only {limit} other values to pair "
                f"with (at most {limit} arms)")
    if kind is RuleProblemKind.TOO_MANY_TOES:
        return (f"a chicken foot cannot have {asked} toes in {sets}: at most {limit} tiles "
                "besides the double and the tile it was played on show its value")
    if kind is RuleProblemKind.TOO_FEW_PLAYERS:
        return f"Chicken Foot needs at least {limit} players, not {asked}"
    if kind is RuleProblemKind.HAND_TOO_BIG:
        players = problem.players or 0
        return (f"a hand of {asked} for {players} players needs {asked * players} tiles, and "
                f"{sets} holds {problem.tiles} (one stays to draw): at most {limit} each")
    return (f"{sets} ({problem.tiles} tiles) cannot deal {asked} players a hand and keep a "
            f"tile to draw: at most {limit} players (a larger set takes more)")
