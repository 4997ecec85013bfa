"""A whole game: the ladder of starting doubles and the cumulative totals.

The scorecard (scorer.scorecard) is what a table keeps; this module is the small part of
the same arithmetic the engine needs to drive rounds: which double starts round k, when the
game is over, and each seat's running total.

The ladder is walked in passes (down 9-9 to 0-0; under "down then up" a second pass up
from 1-1 to 9-9; under a target total the down pass again and again). A round opens on
the ladder's double, or, under the "next lower double" knob when nobody holds it, on a
lower one. A double a round opened on is burned for the rest of its pass: the ladder
skips it, and a later "next lower" search passes over it, so no pass opens on a double
twice. ``walk_ladder`` replays the openings recorded so far and says what comes next.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scorer.rules import MissingDouble, RoundOrder, RuleSet


def round_double(rules: RuleSet, index: int) -> int:
    """The starting double of round ``index`` (0-based) when every round opens on the
    ladder's double. Under the target-total order the ladder starts again at the top after
    0-0."""
    ladder = rules.round_doubles()
    if index < 0:
        raise ValueError("round numbers start at 0")
    if rules.round_order is RoundOrder.TARGET_TOTAL:
        return ladder[index % len(ladder)]
    if index >= len(ladder):
        raise ValueError(f"this game has {len(ladder)} rounds")
    return ladder[index]


def ladder_passes(rules: RuleSet) -> tuple[tuple[int, ...], ...]:
    """The passes of the ladder: down from the set's top double to 0-0, and under "down
    then up" back up from 1-1."""
    down = tuple(range(rules.set_max, -1, -1))
    if rules.round_order is RoundOrder.DOWN_THEN_UP:
        return (down, tuple(range(1, rules.set_max + 1)))
    return (down,)


@dataclass(frozen=True, slots=True)
class Ladder:
    """The ladder after the rounds opened so far.

    ``called``: the ladder's double for each of those rounds (what the round was for);
    ``opened``: the double each opened on; ``next_double``: the double the next round is
    for (None when the ladder is done); ``burned``: the doubles the next round may not
    open on, because a round of its pass already did."""

    called: tuple[int, ...]
    opened: tuple[int, ...]
    next_double: int | None
    burned: frozenset[int] = field(default=frozenset())


class LadderError(ValueError):
    """An opening double the rules do not allow for that round."""


class LadderWalk:
    """Walks the ladder one round at a time: ``upcoming()`` is the double the next round
    is for, ``open(double)`` records the double it opened on (raising LadderError when
    the rules do not allow it), ``burned`` the doubles the next round may not open on."""

    def __init__(self, rules: RuleSet) -> None:
        self._passes = ladder_passes(rules)
        self._endless = rules.round_order is RoundOrder.TARGET_TOTAL
        self._lower_allowed = rules.missing_double is MissingDouble.NEXT_LOWER
        self._pass = 0
        self._position = 0
        self._burned: set[int] = set()
        self.called: list[int] = []
        self.opened: list[int] = []

    @property
    def burned(self) -> frozenset[int]:
        self.upcoming()  # a new pass starts with nothing burned
        return frozenset(self._burned)

    def upcoming(self) -> int | None:
        """The double the next round is for; None when the ladder is done."""
        passes = self._passes
        while True:
            if self._pass >= len(passes) and not self._endless:
                return None
            ladder = passes[self._pass % len(passes)]
            if self._position >= len(ladder):
                self._pass, self._position, self._burned = self._pass + 1, 0, set()
                continue
            value = ladder[self._position]
            if value not in self._burned:
                return value
            self._position += 1

    def open(self, opened: int) -> None:
        """The next round opened on ``opened``-``opened``."""
        wanted = self.upcoming()
        where = f"round {len(self.opened) + 1}"
        if wanted is None:
            raise LadderError(f"the ladder has no {where}: every double has been played")
        if opened != wanted:
            if not self._lower_allowed or not 0 <= opened < wanted:
                raise LadderError(f"{where} is for {wanted}-{wanted}; it cannot open on "
                                  f"{opened}-{opened}")
            if opened in self._burned:
                raise LadderError(f"{where} cannot open on {opened}-{opened}: a round of "
                                  "this pass already opened on it")
        self.called.append(wanted)
        self.opened.append(opened)
        self._burned.add(opened)
        self._position += 1


def walk_ladder(rules: RuleSet, openings: Sequence[int]) -> Ladder:
    """Replay ``openings`` (the double each round opened on, in order) along the ladder;
    raises LadderError for an opening the rules do not allow: past the end of the ladder,
    not the round's double (other than a lower one under "next lower"), or burned."""
    walk = LadderWalk(rules)
    for opened in openings:
        walk.open(opened)
    following = walk.upcoming()
    return Ladder(tuple(walk.called), tuple(walk.opened), following, walk.burned)


@dataclass(frozen=True, slots=True)
class Game:
    """Round scores so far, one tuple of seat scores per round, and the double each round
    opened on (``openings``; left empty, every round opened on the ladder's double)."""

    rules: RuleSet
    players: int
    rounds: tuple[tuple[int, ...], ...] = ()
    openings: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.players < 2:
            raise ValueError("Chicken Foot needs at least 2 players")
        if any(len(r) != self.players for r in self.rounds):
            raise ValueError(f"every round needs {self.players} scores")
        if not self.openings and self.rounds:
            walk = LadderWalk(self.rules)
            for _ in self.rounds:
                following = walk.upcoming()
                if following is None:
                    raise ValueError(f"this game has {len(walk.opened)} rounds")
                walk.open(following)
            object.__setattr__(self, "openings", tuple(walk.opened))
        if len(self.openings) != len(self.rounds):
            raise ValueError("every round needs the double it opened on")
        walk_ladder(self.rules, self.openings)

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[seat] for r in self.rounds) for seat in range(self.players))

    def ladder(self) -> Ladder:
        """Where the game stands on the ladder: the next double and the burned ones."""
        return walk_ladder(self.rules, self.openings)

    @property
    def is_over(self) -> bool:
        if self.rules.round_order is RoundOrder.TARGET_TOTAL:
            return any(t >= self.rules.target_total for t in self.totals())
        return self.ladder().next_double is None

    @property
    def next_double(self) -> int | None:
        """The starting double of the next round, or None when the game is over."""
        if self.is_over:
            return None
        return self.ladder().next_double

    def with_round(self, round_scores: tuple[int, ...], opened: int | None = None) -> Game:
        """The game with one more round: its scores, and the double it opened on (default:
        the ladder's double)."""
        following = self.next_double
        if following is None:
            raise ValueError("the game is over")
        double = following if opened is None else opened
        return Game(self.rules, self.players, self.rounds + (tuple(round_scores),),
                    self.openings + (double,))
