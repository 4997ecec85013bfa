"""Every half's value on the board: one stated score, maximised under the hard rules.

The reader gives each half a distribution over 0..set_max (its value and confidence, the
runner-up, the rest spread thin). The board adds what a laid tableau promises: a half
usually shows the value of the half it touches, the spinner is a double, no value is
beyond the set, and every tile exists once. The decoder chooses the values ``v`` that
minimise

    cost(v) = sum over halves h of -log p_h(v_h)
            + MISMATCH_COST * (number of joins whose halves show different values)

A tile that may be no tile at all (``removable``: a tile at the end of a chain read as
0-0 unsurely, or seen unsurely as a tile; see vision.board.read) may also be *absent*, at
even odds with its own best reading: its absence costs what that reading costs, and then
it shows no value, charges no join and takes no tile of the set. So it is left out exactly
when keeping it would cost more than its own reading: a correction, a mismatched join, or
a tile that another tile of the board already is. Any other tile at the end of a chain
read in doubt (``last_resort``) may be absent too, at its reading's cost plus
``LAST_RESORT_COST``, more than any board holding it costs: it goes only when no board
can hold it (a tile there twice, a half no value of the set fits).

subject to: ``v_h`` is plausible for h (the reader gave it at least ``MIN_PLAUSIBLE``,
or h was read less surely than SURE (``vision.board.sureness``) and a half it touches
was read as it; a tile at the end of a chain, which may be the very play in dispute,
takes only its own reading or runner-up, and a half that only such a tile touches
(not the spinner's) only its own reading or a plausible runner-up: the play's join is
no evidence of what that half shows, or a misplay would be hidden by changing the tile it
was laid on), the spinner's halves agree, and no two tiles come out alike.
Nothing is guessed: a value nobody read is never chosen.

A join is a soft constraint, not a hard one: ``MISMATCH_COST`` is -log of the chance that
two touching halves really differ (a misplayed tile, the very thing a dispute is about).
So a half read unsurely takes its neighbour's value (a correction), while a half read
surely keeps what it shows and the join is reported as a mismatch: the board is still
built, with the mismatch named ("7-9 touches 3-3: 7 against 3").

Solving: the joins used form a forest (a tableau is a tree), so without uniqueness the
optimum is exact dynamic programming over each tile's pair of values. Uniqueness is then
enforced by best-first branching: when two tiles come out alike, one branch forbids that
tile to the first, the other to the second; each branch's forest optimum is a lower
bound, so the first branch popped with every tile once is the optimum. The branching has
an explicit budget (``MAX_SOLVES``); when it runs out the best board found so far is
returned and ``budget_spent`` says so.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from vision.board.geometry import Groups, Join
from vision.board.sureness import SURE
from vision.types import HalfReading, TileReading

MIN_PLAUSIBLE = 0.01  # a value the reader gave less than this is never chosen for a half
MISMATCH_COST = -math.log(0.01)  # two touching halves differ about once in a hundred
FLOOR = 1e-6
LAST_RESORT_COST = 1e3  # above any board's cost: such a tile goes only when nothing fits
MAX_SOLVES = 400  # forest solves in the uniqueness search; then the best found is kept

Half = tuple[int, int]  # (tile index, half index)
Pair = tuple[int, int]  # a tile's values in half order
ABSENT: Pair = (-1, -1)  # the values of a tile left out: no value, no join, no tile of the set


@dataclass(frozen=True, slots=True)
class Correction:
    """The board changed what the reader saw on one half."""

    tile: int
    half: int
    read: int
    decoded: int


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A join whose halves show different values: half ``a_half`` of tile ``a`` shows
    ``a_value`` where it touches tile ``b``, which shows ``b_values`` there (one value,
    or both halves of a tile lying crosswise)."""

    a: int
    a_half: int
    b: int
    a_value: int
    b_values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Decoding:
    """Decoded values per tile (in half order) and what the board says about them.
    ``impossible`` names tiles no plausible values can make distinct, or halves no value
    of the set fits; the values are then the reader's own and no board can be built."""

    values: tuple[Pair, ...]
    corrections: tuple[Correction, ...] = ()
    mismatches: tuple[Mismatch, ...] = ()
    doubtful: tuple[Half, ...] = ()  # halves whose decoded value is still a coin toss
    impossible: tuple[tuple[int, ...], ...] = ()
    budget_spent: bool = False
    absent: tuple[int, ...] = ()  # removable tiles the optimum leaves out (values as read)

    @property
    def buildable(self) -> bool:
        return not self.impossible

    @property
    def consistent(self) -> bool:
        """Every join agrees and every tile is there once."""
        return self.buildable and not self.mismatches


def half_probabilities(half: HalfReading, set_max: int) -> list[float]:
    """P(value) for 0..set_max: the value read, the runner-up, the rest spread evenly."""
    probs = [0.0] * (set_max + 1)
    known = 0.0
    for value, conf in ((half.pips, half.confidence), (half.runner_up, half.runner_up_confidence)):
        if value is not None and 0 <= value <= set_max and probs[value] == 0.0:
            probs[value] = max(0.0, float(conf))
        if value is not None:
            known += max(0.0, float(conf))
    # the rest spread evenly over the values not read
    spread = max(0.0, 1.0 - known) / max(1, probs.count(0.0))
    return [max(p if p != 0.0 else spread, FLOOR) for p in probs]


def tile_key(values: Pair) -> Pair:
    return (min(values), max(values))


def join_agrees(join: Join, values: Sequence[Pair]) -> bool:
    shown = values[join.a][join.a_half]
    b = values[join.b]
    return shown == b[join.b_half] if join.b_half is not None else shown == b[0] == b[1]


class _Problem:
    """The decoding problem: each tile's plausible value pairs with their cost, and the
    forest of joins the score charges for."""

    def __init__(self, tiles: Sequence[TileReading], joins: Sequence[Join], set_max: int,
                 doubles: Sequence[int], own: Sequence[int] = (),
                 absent: Collection[Pair] = (), removable: Collection[int] = (),
                 last_resort: Collection[int] = ()) -> None:
        self.n = len(tiles)
        self.logp = [[[-math.log(p) for p in half_probabilities(h, set_max)] for h in t.halves]
                     for t in tiles]
        doubles, own = set(doubles), set(own)
        touching = _values_touching(tiles, joins, set_max)
        on_leaf = {half for half in _touching_leaves(joins, own) if half[0] not in doubles}
        # the halves only a leaf touches take the reader's own values where plausible
        self.under_leaf = {(i, h): [v for v in _own_values(tiles[i].halves[h], set_max)
                                    if v == tiles[i].halves[h].pips
                                    or self.logp[i][h][v] <= -math.log(MIN_PLAUSIBLE)]
                           for i, h in on_leaf}
        self.states: list[list[tuple[Pair, float]]] = []
        self.empty: list[int] = []
        for i in range(self.n):
            plausible = [_own_values(tiles[i].halves[h], set_max) if i in own else
                         self.under_leaf[(i, h)] if (i, h) in self.under_leaf else
                         sorted({v for v in range(set_max + 1)
                                 if self.logp[i][h][v] <= -math.log(MIN_PLAUSIBLE)}
                                | touching.get((i, h), set())) for h in (0, 1)]
            states = [((a, b), self.logp[i][0][a] + self.logp[i][1][b])
                      for a in plausible[0] for b in plausible[1]
                      if (i not in doubles or a == b) and tile_key((a, b)) not in absent]
            if not states and i not in removable and i not in last_resort:
                self.empty.append(i)
            states.sort(key=lambda s: s[1])
            if i in removable or i in last_resort:  # even odds, or only when nothing fits
                best_own = min(self.logp[i][0][a] + self.logp[i][1][b]
                               for a in _own_values(tiles[i].halves[0], set_max) or [0]
                               for b in _own_values(tiles[i].halves[1], set_max) or [0])
                extra = 0.0 if i in removable else LAST_RESORT_COST
                states.append((ABSENT, best_own + extra))
            self.states.append(states)
        self.forest = _forest(self.n, joins)

    def solve(self, forbidden: frozenset[tuple[int, Pair]]) -> tuple[float, list[Pair]] | None:
        """The forest optimum with some tiles' values forbidden, or None."""
        states = [[s for s in self.states[i] if (i, tile_key(s[0])) not in forbidden]
                  for i in range(self.n)]
        if any(not s for s in states):
            return None
        sub = [[c for _, c in s] for s in states]
        choice: dict[tuple[int, int], list[int]] = {}  # (child, parent state) -> child state
        for child, parent, join in reversed(self.forest):
            child_key, parent_key = _keys(join, child)
            best_by_key: dict[int, tuple[float, int]] = {}
            overall = (math.inf, -1)  # the child's best state that is a tile
            gone = (math.inf, -1)  # the child left out: no join to charge
            for k, ((values), _) in enumerate(states[child]):
                cost = sub[child][k]
                if values == ABSENT:
                    gone = min(gone, (cost, k))
                    continue
                overall = min(overall, (cost, k))
                key = child_key(values)
                if key is not None and cost < best_by_key.get(key, (math.inf, -1))[0]:
                    best_by_key[key] = (cost, k)
            picks = []
            for k, (values, _) in enumerate(states[parent]):
                if values == ABSENT:  # the parent left out charges no join either
                    pick = min(overall, gone)
                else:
                    matched = best_by_key.get(parent_key(values), (math.inf, -1))
                    pick = matched if matched[0] <= overall[0] + MISMATCH_COST else (
                        overall[0] + MISMATCH_COST, overall[1])
                    if gone[0] < pick[0]:  # ties keep the tile
                        pick = gone
                sub[parent][k] += pick[0]
                picks.append(pick[1])
            choice[(child, parent)] = picks
        chosen = [-1] * self.n
        total = 0.0
        children = {child for child, _, _ in self.forest}
        for i in range(self.n):
            if i not in children:
                k = min(range(len(sub[i])), key=sub[i].__getitem__)
                chosen[i] = k
                total += sub[i][k]
        for child, parent, _ in self.forest:  # parents come before their children
            chosen[child] = choice[(child, parent)][chosen[parent]]
        return total, [states[i][chosen[i]][0] for i in range(self.n)]


def _own_values(half: HalfReading, set_max: int) -> list[int]:
    """The values the reader itself gave a half: its reading and its runner-up."""
    return sorted({v for v in (half.pips, half.runner_up) if v is not None and 0 <= v <= set_max})


def _touching_leaves(joins: Sequence[Join], own: Collection[int]) -> set[Half]:
    """The halves of other tiles that only a tile in ``own`` touches (a leaf: it may be
    the play in dispute, and its join is then no evidence of what they show). A double
    touched by several tiles is not one of them, nor is the spinner: its arms or toes
    show its value between them, and at most one of them is the play."""
    touches: dict[Half, list[int]] = {}
    for j in joins:
        for h in j.b_halves:
            touches.setdefault((j.b, h), []).append(j.a)
        touches.setdefault((j.a, j.a_half), []).append(j.b)
    return {half for half, by in touches.items()
            if half[0] not in own and len(by) == 1 and by[0] in own}


def _values_touching(tiles: Sequence[TileReading], joins: Sequence[Join], set_max: int
                     ) -> dict[Half, set[int]]:
    """For each half read less surely than SURE, the values the halves it touches were
    read as (within the set)."""
    out: dict[Half, set[int]] = {}

    def offer(half: Half, value: int) -> None:
        if value <= set_max and tiles[half[0]].halves[half[1]].confidence < SURE:
            out.setdefault(half, set()).add(value)

    for j in joins:
        for h in j.b_halves:
            offer((j.a, j.a_half), tiles[j.b].halves[h].pips)
            offer((j.b, h), tiles[j.a].halves[j.a_half].pips)
    return out


def _keys(join: Join, child: int):
    """The value each side of ``join`` shows where they touch (None: a tile lying
    crosswise that is no double shows no one value), as (child's, parent's)."""
    def a_key(values: Pair) -> int | None:
        return values[join.a_half]

    def b_key(values: Pair) -> int | None:
        if join.b_half is not None:
            return values[join.b_half]
        return values[0] if values[0] == values[1] else None

    return (a_key, b_key) if child == join.a else (b_key, a_key)


def _forest(n: int, joins: Sequence[Join]) -> list[tuple[int, int, Join]]:
    """A spanning forest of the joins as (child, parent, join), parents before children;
    a join that would close a loop is not charged (a tableau has none)."""
    groups = Groups(n)
    tree: dict[int, list[tuple[int, Join]]] = {}
    for j in joins:
        if not groups.union(j.a, j.b):
            continue
        tree.setdefault(j.a, []).append((j.b, j))
        tree.setdefault(j.b, []).append((j.a, j))
    out: list[tuple[int, int, Join]] = []
    seen: set[int] = set()
    for root in range(n):
        if root in seen:
            continue
        seen.add(root)
        queue = [root]
        while queue:
            tile = queue.pop(0)
            for other, j in tree.get(tile, ()):
                if other not in seen:
                    seen.add(other)
                    out.append((other, tile, j))
                    queue.append(other)
    return out


def decode(tiles: Sequence[TileReading], joins: Sequence[Join], set_max: int,
           doubles: Sequence[int] = (), own: Sequence[int] = (), absent: Collection[Pair] = (),
           removable: Collection[int] = (), last_resort: Collection[int] = ()) -> Decoding:
    """The values of ``tiles`` with the lowest cost under ``joins`` (the module's
    objective); the tiles in ``doubles`` (the spinner) come out doubles, the tiles in
    ``own`` (the leaves: any of them may be the play in dispute) take only values the
    reader itself gave them, so a join never makes up their value; no tile comes out as
    one of ``absent`` (tile keys: tiles known to lie elsewhere, every tile existing once).
    A tile in ``removable`` or ``last_resort`` may be left out (the module's objective);
    the decoding names those it leaves out in ``absent``, with their values as read."""
    n = len(tiles)
    read = tuple(t.pips for t in tiles)
    problem = _Problem(tiles, joins, set_max, doubles, own, {tile_key(p) for p in absent},
                       set(removable), set(last_resort))
    if problem.empty:
        return Decoding(read, impossible=tuple((i,) for i in problem.empty))
    first = problem.solve(frozenset())
    assert first is not None  # every tile has a state and nothing is forbidden
    heap = [(first[0], 0, frozenset(), first[1])]
    solves, tie = 1, 1
    found: list[Pair] | None = None
    while heap:
        _, _, forbidden, values = heapq.heappop(heap)
        # the first tile to come out as an earlier one, and that one
        twins = min(_alike(values), key=lambda ix: ix[1], default=None)
        if twins is None:
            found = values
            break
        if solves >= MAX_SOLVES:
            break
        for i in twins[:2]:
            branch = forbidden | {(i, tile_key(values[i]))}
            result = problem.solve(branch)
            solves += 1
            if result is not None:
                heapq.heappush(heap, (result[0], tie, branch, result[1]))
                tie += 1
    if found is None:  # every branch closed (no plausible values make the tiles
        # distinct), or the budget ran out first
        return Decoding(read, impossible=_alike(first[1]), budget_spent=solves >= MAX_SOLVES)
    values = found
    gone = tuple(i for i, v in enumerate(values) if v == ABSENT)
    values_t = tuple(read[i] if v == ABSENT else v for i, v in enumerate(values))
    corrections = tuple(Correction(i, h, tiles[i].halves[h].pips, values[i][h])
                        for i in range(n) for h in (0, 1)
                        if i not in gone and values[i][h] != tiles[i].halves[h].pips)
    charged = [j for _, _, j in problem.forest if j.a not in gone and j.b not in gone]
    mismatches = tuple(_mismatch(j, values_t) for j in charged if not join_agrees(j, values_t))
    doubtful = _doubtful(problem, values_t, doubles, charged, gone)
    return Decoding(values_t, corrections, mismatches, doubtful, absent=gone)


def _alike(values: Sequence[Pair]) -> tuple[tuple[int, ...], ...]:
    by_tile: dict[Pair, list[int]] = {}
    for i, v in enumerate(values):
        if v == ABSENT:
            continue
        by_tile.setdefault(tile_key(v), []).append(i)
    return tuple(tuple(ix) for ix in by_tile.values() if len(ix) > 1)


def _mismatch(join: Join, values: Sequence[Pair]) -> Mismatch:
    b = values[join.b]
    shown = (b[join.b_half],) if join.b_half is not None else tuple(sorted(set(b)))
    return Mismatch(join.a, join.a_half, join.b, values[join.a][join.a_half], shown)


def _doubtful(problem: _Problem, values: tuple[Pair, ...], doubles: Sequence[int],
              charged: list[Join], gone: Collection[int]) -> tuple[Half, ...]:
    """Halves whose value has less than even odds against every other value their group
    (the halves the agreeing joins hold together) could take with every tile still there
    once, all else as decoded."""
    n = problem.n
    together = Groups(2 * n)
    for j in charged:
        if join_agrees(j, values):
            for h in j.b_halves:
                together.union(2 * j.b + h, 2 * j.a + j.a_half)
    for i in doubles:
        together.union(2 * i, 2 * i + 1)
    weak: list[Half] = []
    plausible = -math.log(MIN_PLAUSIBLE)
    for members in together.members():
        if members[0] // 2 in gone:
            continue
        chosen = values[members[0] // 2][members[0] % 2]
        tiles = {h // 2 for h in members}
        others = {tile_key(values[i]) for i in range(n) if i not in tiles and i not in gone}
        base = _group_cost(problem, values, members, charged, chosen)
        total = 0.0
        for v in range(len(problem.logp[0][0])):
            if any(problem.logp[h // 2][h % 2][v] > plausible
                   or v not in problem.under_leaf.get((h // 2, h % 2), (v,)) for h in members):
                continue
            rival = [(v if 2 * i in members else a, v if 2 * i + 1 in members else b)
                     for i, (a, b) in enumerate(values)]
            keys = [tile_key(rival[i]) for i in tiles]
            if v != chosen and (len(set(keys)) < len(keys) or others & set(keys)):
                continue  # a rival that makes a tile twice is no rival
            total += math.exp(base - _group_cost(problem, rival, members, charged, v))
        if total > 0 and 1.0 / total < 0.5:
            weak.extend((h // 2, h % 2) for h in members)
    return tuple(sorted(weak))


def _group_cost(problem: _Problem, values: Sequence[Pair], members: list[int],
                charged: list[Join], value: int) -> float:
    tiles = {h // 2 for h in members}
    cost = sum(problem.logp[h // 2][h % 2][value] for h in members)
    return cost + MISMATCH_COST * sum(1 for j in charged if (j.a in tiles or j.b in tiles)
                                      and not join_agrees(j, values))


__all__ = ["Correction", "Decoding", "MIN_PLAUSIBLE", "MISMATCH_COST", "Mismatch", "decode",
           "half_probabilities", "join_agrees", "tile_key"]
