"""A disputed tile on a board already read: the board to judge, with the tile as its own
pixels show it.

The photo is read once (``vision.board.read``); any tile of it can then be put in
dispute without reading again. The tile's values come from its own halves only: the join
it makes is what is in dispute, so the rest of the board is decoded again without that
tile and what lies on it (nothing they show can change a neighbour), and the tile is put
back as read. A tile read in doubt gives two readings, each to be judged.

A board that may not be the board that lies gives no verdict, with two exceptions: a leaf
read past an open end but not placed (``LEAF_UNFOUND``) is a known tile at a known place,
and one glare may hide there (``HIDDEN_END``) shows the end's value, a double or not, so
the play is judged with and without it, and the verdict is given when they agree (a
leaf far from the play rarely matters; an arm of the spinner does, under arms-first);
and a play whose half does not match the end it touches fails on any board the one read
may lack tiles of (that reason alone is given).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import product

from scorer.dispute import DisputeError, DisputeResult, judge_dispute, played_later
from scorer.notation import Board, BoardEntry
from scorer.rules import RuleSet
from scorer.tiles import Tile
from scorer.verdict import Violation
from vision.board.decode import decode, half_probabilities
from vision.board.problems import BoardProblem, Kind
from vision.board.read import TableauReading, board_entries
from vision.doubt import DOUBT_BELOW
from vision.types import TileReading

MIN_NAMED = 0.05  # a named tile must be at least this likely on some tile read


@dataclass(frozen=True, slots=True)
class DisputedReading:
    """One reading of the disputed tile: its values (in half order), how likely its own
    halves make them, and the board with it lying where it lies."""

    values: tuple[int, int]
    probability: float
    board: Board

    @property
    def tile(self) -> Tile:
        return Tile.of(*self.values)


@dataclass(frozen=True, slots=True)
class Dispute:
    """The disputed tile's readings, likeliest first; ``problems`` on the rest of the
    board stop any verdict."""

    readings: tuple[DisputedReading, ...]
    problems: tuple[BoardProblem, ...] = ()
    # a reading of the tile by its own halves that the rest of the board holds elsewhere
    # (every tile exists once), with its chance: a doubt the board settles
    ruled_out: tuple[tuple[tuple[int, int], float], ...] = ()


@dataclass(frozen=True, slots=True)
class TileJudgement:
    """A disputed tile judged where it lies: once per reading of it, likeliest first, each
    with its chance, and the readings of it by its own halves that the rest of the board
    holds elsewhere (every tile exists once), with theirs: a doubt the board settles."""

    readings: tuple[tuple[DisputeResult, float], ...]
    ruled_out: tuple[tuple[Tile, float], ...] = ()


class Refusal(Enum):
    """Why a tile cannot be judged on a reading."""

    NO_BOARD = "no board"
    SPINNER = "spinner"  # the spinner is no play
    NOT_JOINED = "not joined"  # the tile is off the tableau
    NOT_IN_PHOTO = "not in photo"  # no tile read could be the one named
    BEYOND_SET = "beyond set"  # the tile named has a value the set read does not hold
    REST_IN_DOUBT = "rest in doubt"  # ``problems``: what the rest of the board breaks
    MAY_LACK = "may lack"  # ``problems``: what the board may lack, and the verdict hangs on
    HELD_ELSEWHERE = "held elsewhere"  # the board holds the tile at another place
    ENGINE = "engine"  # the rules engine cannot judge the board (``detail``: its words)


class NoDispute(ValueError):
    """The tile cannot be put in dispute on this reading: ``refusal`` says why, about
    ``tile`` (the tile named), with the ``problems`` that stop a verdict and how many
    tiles read in doubt (``unsure``) may be the one named; ``set_max``: the set read."""

    def __init__(self, refusal: Refusal, tile: Tile | None = None,
                 problems: Sequence[BoardProblem] = (), unsure: int = 0,
                 detail: str = "", set_max: int | None = None) -> None:
        super().__init__(refusal.value)
        self.refusal, self.tile, self.problems = refusal, tile, tuple(problems)
        self.unsure, self.detail, self.set_max = unsure, detail, set_max


def locate(reading: TableauReading, tile: Tile) -> int | None:
    """The tile read most likely to be ``tile`` (in the set read) by its own halves."""
    chances = [_likelier_order(t.halves, (tile.low, tile.high), reading.set_max)[1]
               for t in reading.tiles]
    best = max(range(len(chances)), key=chances.__getitem__, default=None)
    return None if best is None or chances[best] < MIN_NAMED else best


def _likelier_order(halves, values: tuple[int, int], set_max: int
                    ) -> tuple[tuple[int, int], float]:
    """Two halves' ``values`` in the likelier order, and how likely the halves show them."""
    p0, p1 = (half_probabilities(h, set_max) for h in halves)
    a, b = values
    return ((a, b), p0[a] * p1[b]) if p0[a] * p1[b] >= p0[b] * p1[a] else ((b, a), p0[b] * p1[a])


def own_readings(halves, set_max: int, named: Tile) -> list[tuple[tuple[int, int], float]]:
    """The tile's likeliest readings from its own halves, with their chances: the named
    tile, and the next likeliest when it is in doubt."""
    p0, p1 = (half_probabilities(h, set_max) for h in halves)
    ranked = sorted((((a, b), p0[a] * p1[b]) for a in range(set_max + 1)
                     for b in range(set_max + 1)), key=lambda r: -r[1])
    first, chance = _likelier_order(halves, named.ends, set_max)
    out = [(first, chance)]
    if chance < DOUBT_BELOW:
        other = next((r for r in ranked if Tile.of(*r[0]) != Tile.of(*first)), None)
        if other is not None:
            out.append(other)
    return out


def dispute_at(reading: TableauReading, index: int, named: Tile) -> Dispute:
    """Put tile ``index`` of ``reading`` in dispute (``named``: the tile the player says
    it is)."""
    tree, tiles = reading.tree, reading.tiles
    if tree is None or reading.decoding is None or not reading.built:
        raise NoDispute(Refusal.NO_BOARD)
    if index == tree.root:
        raise NoDispute(Refusal.SPINNER)
    if not tree.in_tree(index):
        raise NoDispute(Refusal.NOT_JOINED)
    gone = _played_later(reading, index)
    kept = [i for i in tree.order() if i not in gone]
    rest = _decode_rest(reading, kept)
    if not rest.buildable:
        return Dispute((), _problems(rest, kept))
    rest_laid = board_entries(tree, kept, rest.values)
    rest_tiles = {e.tile for e in rest_laid}
    readings, problems, ruled_out = [], None, []
    for k, (own, chance) in enumerate(own_readings(tiles[index].halves, reading.set_max, named)):
        tile = Tile.of(*own)
        here, laid = rest, rest_laid
        if tile in rest_tiles:
            if k:  # a second guess the rest holds elsewhere: it cannot lie here
                ruled_out.append((own, chance))
                continue
            # The tile named (or read likeliest) is the one the rest gives way to: its
            # own pixels show it lying here, and every tile exists once.
            here = _decode_rest(reading, kept, absent=(own,))
            if not here.buildable:
                continue
            laid = board_entries(tree, kept, here.values)
        played_on = Tile.of(*here.values[kept.index(tree.parent[index])])
        entries = laid + [BoardEntry(tile, played_on)]
        entries += _taken_off(reading, tree, index, gone, own)
        readings.append(DisputedReading(own, chance, Board.of(entries)))
        if problems is None:  # the likeliest reading's board is the one to trust
            problems = _problems(here, kept)
    return Dispute(tuple(readings),
                   _problems(rest, kept) if problems is None else problems, tuple(ruled_out))


def _problems(rest, kept: Sequence[int]) -> tuple[BoardProblem, ...]:
    """What stops a verdict on the rest of the board (decoded as ``kept``: the problems
    name the reading's tiles): joins that disagree, tiles alike."""
    return tuple(BoardProblem(Kind.MISMATCH, (kept[m.a], kept[m.b]), (m.a_value,) + m.b_values)
                 for m in rest.mismatches) + tuple(
        BoardProblem(Kind.TILE_TWICE, tuple(kept[i] for i in g)) for g in rest.impossible)


def _decode_rest(reading: TableauReading, kept: Sequence[int], absent=()):
    """The board without the disputed tile and what lies on it, decoded on its own
    (``absent``: tile values no tile of it may take) under the board's own rules: a leaf
    of the board read takes only its own reading or runner-up, as there (a leaf's unsure
    7 against a 3 end was made a 3 here, a tile nobody read, and judged on)."""
    tree = reading.tree
    assert tree is not None
    where = {i: k for k, i in enumerate(kept)}
    joins = [j for j in reading.joins if j not in tree.extra and j.a in where and j.b in where]
    local = [replace(j, a=where[j.a], b=where[j.b]) for j in joins]
    leaves = [where[i] for i in tree.order()[1:] if i in where and not tree.children(i)]
    return decode([reading.tiles[i] for i in kept], local, reading.set_max,
                  doubles=(where[tree.root],), own=leaves, absent=absent)


_UNSURE = (Kind.UNREADABLE_HALF, Kind.UNSURE_TILE)
# The board as read may not be the board that lies: a tile found and not joined, a second
# spinner, a half where no tile was read. Arms-first and open-foot rules count the tiles
# around the play, so no verdict that depends on them is given on such a board
# (bench_board seed 97000, dispute 49: the spinner lost under glare, its 2-1 arm loose,
# 'legal' for an illegal play).
_INCOMPLETE = frozenset({Kind.LOOSE_TILE, Kind.LOOSE_GROUP, Kind.SECOND_SPINNER,
                         Kind.HALF_ALONE, Kind.END_HALF_ALONE})
# A leaf read past an open end but not placed (LEAF_UNFOUND) is a known tile at a known
# place, and one hidden by glare (HIDDEN_END) is a tile showing the end's value, a double
# or not: the play is judged with and without each, and the verdict is given when every
# way agrees (3 to the power of this many boards at most)
MAX_UNPLACED = 3
_UNPLACED = frozenset({Kind.LEAF_UNFOUND, Kind.HIDDEN_END})


def may_lack(reading: TableauReading) -> tuple[BoardProblem, ...]:
    """The problems saying the board read may lack tiles: a leaf read past an open end
    and not placed, tiles it could not join, a half where no tile was read. A verdict
    ``judge_tile`` gives on such a board holds whatever they are."""
    return tuple(p for p in reading.problems if p.kind in _UNPLACED or p.kind in _INCOMPLETE)


def _taken_off(reading: TableauReading, tree, index: int, gone: set[int],
               own: tuple[int, int]) -> list[BoardEntry]:
    """What lies on the disputed tile, as the whole board read it."""
    values = list(reading.decoding.values)
    values[index] = own
    return [BoardEntry(Tile.of(*values[i]), Tile.of(*values[tree.parent[i]]))
            for i in tree.order() if i in gone and i != index]


def _played_later(reading: TableauReading, index: int) -> set[int]:
    """Tile ``index`` and the tiles of the reading necessarily played after it, as the
    rules engine takes them off (scorer.dispute.played_later) on the board read."""
    values = reading.decoding.values
    at = {Tile.of(*values[i]): i for i in reading.tree.order()}
    return {at[t] for t in played_later(reading.board, Tile.of(*values[index]))}


def judge_tile(reading: TableauReading, tile: Tile, rules: RuleSet) -> TileJudgement:
    """The tile the photo shows as ``tile`` judged where it lies; NoDispute saying why it
    cannot be judged on this reading."""
    if tile.high > reading.set_max:
        raise NoDispute(Refusal.BEYOND_SET, tile, set_max=reading.set_max)
    index = locate(reading, tile)
    if index is None:
        unsure = {t for p in reading.problems if p.kind in _UNSURE for t in p.tiles
                  if _may_read_as(reading.tiles[t], tile)}
        raise NoDispute(Refusal.NOT_IN_PHOTO, tile, unsure=len(unsure))
    try:
        dispute = dispute_at(reading, index, named=tile)
    except NoDispute as error:
        raise NoDispute(error.refusal, tile) from None
    if dispute.problems:
        raise NoDispute(Refusal.REST_IN_DOUBT, tile, dispute.problems)
    lacking = may_lack(reading)
    unplaced = [p for p in lacking if p.kind in _UNPLACED]
    partial = [p for p in lacking if p.kind not in _UNPLACED]
    incomplete = bool(partial) or len(unplaced) > MAX_UNPLACED
    out = []
    for option in dispute.readings:
        try:
            result = judge_dispute(option.board, option.tile, rules)
        except DisputeError as error:
            if incomplete:
                raise NoDispute(Refusal.MAY_LACK, tile, partial + unplaced) from None
            raise NoDispute(Refusal.ENGINE, tile, detail=str(error)) from None
        if incomplete:
            result = _failing_whatever_is_missing(result, reading, index)
            if result is None:
                raise NoDispute(Refusal.MAY_LACK, tile, partial + unplaced)
        elif unplaced and not _holds_either_way(result, reading, index, option, unplaced,
                                                rules):
            raise NoDispute(Refusal.MAY_LACK, tile, unplaced)
        out.append((result, option.probability))
    if not out:
        raise NoDispute(Refusal.HELD_ELSEWHERE, tile)
    return TileJudgement(tuple(out), tuple((Tile.of(*values), chance)
                                           for values, chance in dispute.ruled_out))


def _may_read_as(read: TileReading, tile: Tile) -> bool:
    """Whether a tile read in doubt may be ``tile``: each half reads its value, or is read
    in doubt (a 7-9 whose 7 may be 5 may be 5-9, never 5-5: its 9 is sure)."""
    return any(all(h.pips == v or h.confidence < DOUBT_BELOW
                   for h, v in zip(read.halves, values, strict=True))
               for values in ((tile.low, tile.high), (tile.high, tile.low)))


def _failing_whatever_is_missing(result: DisputeResult, reading: TableauReading,
                                 index: int) -> DisputeResult | None:
    """The verdict as it holds on any board the one read may be short of, or None: a play
    whose half does not match the end it touches fails whatever else lies on the table,
    since no tile comes between two halves touching, nor changes what either shows. Only
    that reason is given: arms-first, an open foot and every legal verdict depend on the
    tiles the board may lack."""
    join = reading.tree.join[index] if reading.tree is not None else None
    if join is None or not join.touching:
        return None
    kept = tuple(r for r in result.verdict.reasons if r.violation is Violation.NO_MATCH)
    return replace(result, verdict=replace(result.verdict, reasons=kept)) if kept else None


def _holds_either_way(result: DisputeResult, reading: TableauReading, index: int,
                      option: DisputedReading, unplaced: Sequence[BoardProblem],
                      rules: RuleSet) -> bool:
    """Whether the verdict on the option's board is the same every way the places past
    open ends may hold the leaves it lacks (``_with_unplaced``)."""
    boards = _with_unplaced(reading, index, option, unplaced)
    if boards is None:
        return False
    for board, supposed in boards:
        try:
            if judge_dispute(board, option.tile, rules).verdict.violations \
                    != result.verdict.violations:
                return False
        except DisputeError:
            if not supposed:
                return False  # a leaf read there that cannot lie there as read: no telling
            # a leaf supposed under glare that no board can hold there: not a way it lies
    return True


def _with_unplaced(reading: TableauReading, index: int, option: DisputedReading,
                   unplaced: Sequence[BoardProblem]) -> list[tuple[Board, bool]] | None:
    """The option's board (tile ``index`` of the reading in dispute) with each way the
    places past open ends may hold a leaf the board lacks, but the way where none does:
    a leaf read there but not placed, or, where glare hides the place, a double or a tile
    of two values showing the end's value (any one such: which values matters to no
    rule), each played on the tile it lies against, with whether a leaf of it is only
    supposed (under glare); None where that tile is not on the board as judged."""
    values = list(reading.decoding.values)
    values[index] = option.values
    held = set(option.board.tiles)
    ways: list[list[tuple[BoardEntry, bool] | None]] = []
    for problem in unplaced:
        on = Tile.of(*values[problem.tiles[0]])
        if on not in held:
            return None
        if problem.kind is Kind.LEAF_UNFOUND:
            leaves = [Tile.of(*problem.values[:2])]
        else:
            end = problem.values[0]
            leaves = [Tile.of(end, end), next((Tile.of(end, other) for other in range(
                reading.set_max + 1) if Tile.of(end, other) not in held), None)]
        supposed = problem.kind is Kind.HIDDEN_END
        ways.append([None] + [(BoardEntry(leaf, on), supposed) for leaf in leaves
                              if leaf is not None and leaf not in held])
    return [(Board.of(option.board.entries + tuple(way[0] for way in chosen if way)),
             any(way[1] for way in chosen if way))
            for chosen in product(*ways) if any(chosen)]


__all__ = ["Dispute", "DisputedReading", "NoDispute", "Refusal", "TileJudgement", "dispute_at",
           "judge_tile", "locate", "may_lack", "own_readings"]
