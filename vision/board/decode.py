"""Correcting the reader with the board: the most probable values that make it consistent.

Every half has a distribution over 0..set_max from the reader: its value with its
confidence, the runner-up with its confidence, and what is left spread thin over the
other values. The board adds three constraints: joined halves show one value (so every
group of joined halves takes one value), no value exceeds the set, and every tile exists
once. The decoder picks the assignment with the highest joint probability under them:
each group's values are ranked by cost (minus the log probability summed over its
halves), and a branch-and-bound search over the groups, bounded by the best cost of the
groups still open, finds the optimum (exhaustive, but it only branches where the
independent best choices collide on a duplicate tile).

It never guesses: a value the reader gave less than ``MIN_PLAUSIBLE`` for a half is not
considered for it. When no consistent assignment is left, the result names the joins that
disagree ("4-6 touches 3-5: 6 vs 5") and the tiles that would appear twice.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from vision.board.geometry import Join
from vision.types import HalfReading, TileReading

MIN_PLAUSIBLE = 0.01  # a value the reader gave less than this is never chosen for a half
OUTVOTE_BELOW = 0.9  # a lone half read less surely than this can be outvoted by its join
FLOOR = 1e-6
SEARCH_LIMIT = 200_000  # nodes; beyond this the best assignment found so far is kept

Half = tuple[int, int]  # (tile index, half index)


@dataclass(frozen=True, slots=True)
class Correction:
    """The board changed what the reader saw on one half."""

    tile: int
    half: int
    read: int
    decoded: int


@dataclass(frozen=True, slots=True)
class Decoding:
    """Decoded values per tile (in half order), or, when ``conflicts`` is not empty, the
    reader's own values and every reason the board cannot be made consistent."""

    values: tuple[tuple[int, int], ...]
    corrections: tuple[Correction, ...] = ()
    conflicts: tuple[str, ...] = ()
    doubtful: tuple[Half, ...] = ()  # halves whose decoded value is still a coin toss
    cost: float = 0.0

    @property
    def consistent(self) -> bool:
        return not self.conflicts


def half_probabilities(half: HalfReading, set_max: int) -> list[float]:
    """P(value) for 0..set_max: the value read, the runner-up, the rest spread evenly."""
    probs = [0.0] * (set_max + 1)
    known = 0.0
    for value, conf in ((half.pips, half.confidence), (half.runner_up, half.runner_up_confidence)):
        if value is not None and 0 <= value <= set_max and probs[value] == 0.0:
            probs[value] = max(0.0, float(conf))
        if value is not None:
            known += max(0.0, float(conf))
    others = [v for v in range(set_max + 1) if probs[v] == 0.0]
    rest = max(0.0, 1.0 - known)
    for v in others:
        probs[v] = rest / max(1, len(others))
    return [max(p, FLOOR) for p in probs]


def tile_name(tile: TileReading) -> str:
    a, b = tile.pips
    return f"{a}-{b}"


class _Groups:
    def __init__(self, count: int) -> None:
        self.up = list(range(count))

    def find(self, i: int) -> int:
        while self.up[i] != i:
            self.up[i] = self.up[self.up[i]]
            i = self.up[i]
        return i

    def union(self, a: int, b: int) -> None:
        self.up[self.find(a)] = self.find(b)


def decode(tiles: Sequence[TileReading], joins: Sequence[Join], set_max: int,
           fixed: Mapping[int, tuple[int, int]] | None = None,
           doubles: Sequence[int] = ()) -> Decoding:
    """The most probable consistent values of ``tiles`` under ``joins``. ``fixed`` pins
    some tiles' values (in half order), e.g. the tile a player names; the tiles in
    ``doubles`` must come out doubles (the spinner, named so in a conflict)."""
    fixed = dict(fixed or {})
    n = len(tiles)
    groups = _Groups(2 * n)
    for j in joins:
        first = j.halves()[0]
        for other in j.halves()[1:]:
            groups.union(2 * first[0] + first[1], 2 * other[0] + other[1])
    for i in doubles:
        groups.union(2 * i, 2 * i + 1)
    members: dict[int, list[int]] = {}
    for h in range(2 * n):
        members.setdefault(groups.find(h), []).append(h)
    keys = sorted(members)
    index = {k: i for i, k in enumerate(keys)}
    group_of = [index[groups.find(h)] for h in range(2 * n)]

    probs = [half_probabilities(tiles[h // 2].halves[h % 2], set_max) for h in range(2 * n)]
    domains: list[list[tuple[float, int]]] = []
    conflicts: list[str] = []
    for k in keys:
        halves = members[k]
        options = []
        for v in range(set_max + 1):
            if any(h // 2 in fixed and fixed[h // 2][h % 2] != v for h in halves):
                continue
            if not _plausible(v, halves, probs, tiles, fixed):
                continue
            cost = -sum(math.log(probs[h][v]) for h in halves if h // 2 not in fixed)
            options.append((cost, v))
        options.sort()
        if not options:
            conflicts.extend(_disagreements(tiles, joins, halves, set_max, fixed, doubles))
        domains.append(options)
    read_values = tuple(tiles[i].pips for i in range(n))
    if conflicts:
        return Decoding(read_values, conflicts=tuple(dict.fromkeys(conflicts)))

    best = _search(domains, group_of, n)
    if best is None:
        return Decoding(read_values, conflicts=_duplicates(tiles, domains, group_of, n))
    assignment, cost = best
    values = tuple((assignment[group_of[2 * i]], assignment[group_of[2 * i + 1]])
                   for i in range(n))
    corrections = tuple(Correction(i, h, tiles[i].halves[h].pips, values[i][h])
                        for i in range(n) for h in (0, 1)
                        if i not in fixed and values[i][h] != tiles[i].halves[h].pips)
    doubtful = _doubtful(domains, assignment, group_of, n)
    return Decoding(values, corrections, (), doubtful, round(cost, 4))


def _plausible(v: int, halves: list[int], probs: list[list[float]],
               tiles: Sequence[TileReading], fixed: Mapping[int, tuple[int, int]]) -> bool:
    """A group may take ``v`` when every half gave it a fair chance, or when one half
    alone, not read with near certainty, says otherwise and at least two others joined to
    it read ``v`` outright. A sure dissent is a real mismatch on the table: reported."""
    doubters = [h for h in halves if h // 2 not in fixed and probs[h][v] < MIN_PLAUSIBLE]
    if not doubters:
        return True
    if any(tiles[h // 2].halves[h % 2].confidence >= OUTVOTE_BELOW for h in doubters):
        return False
    backers = sum(1 for h in halves if h // 2 not in fixed and tiles[h // 2].halves[h % 2].pips == v
                  and tiles[h // 2].halves[h % 2].confidence >= 0.8)
    return len(doubters) == 1 and backers >= 2


def _search(domains: list[list[tuple[float, int]]], group_of: list[int], n: int
            ) -> tuple[list[int], float] | None:
    """Branch and bound over the groups; tiles must come out unique."""
    count = len(domains)
    tiles_of: list[list[int]] = [[] for _ in range(count)]
    for i in range(n):
        for g in {group_of[2 * i], group_of[2 * i + 1]}:
            tiles_of[g].append(i)
    # Groups that decide most tiles first; the bound is the best cost of the rest.
    order = sorted(range(count), key=lambda g: (-len(tiles_of[g]), g))
    rest_bound = [0.0] * (count + 1)
    for pos in range(count - 1, -1, -1):
        rest_bound[pos] = rest_bound[pos + 1] + domains[order[pos]][0][0]
    assigned: list[int | None] = [None] * count
    seen: dict[tuple[int, int], int] = {}
    best: list[object] = [None, math.inf]
    nodes = [0]

    def complete_tiles(g: int) -> list[tuple[int, int]] | None:
        keys = []
        for i in tiles_of[g]:
            a, b = assigned[group_of[2 * i]], assigned[group_of[2 * i + 1]]
            if a is None or b is None:
                continue
            key = (min(a, b), max(a, b))
            if seen.get(key, 0) > 0 or key in keys:
                return None
            keys.append(key)
        return keys

    def visit(pos: int, cost: float) -> None:
        if nodes[0] > SEARCH_LIMIT and best[0] is not None:
            return
        nodes[0] += 1
        if pos == count:
            if cost < best[1]:
                best[0], best[1] = list(assigned), cost
            return
        g = order[pos]
        for c, v in domains[g]:
            if cost + c + rest_bound[pos + 1] >= best[1]:
                break
            assigned[g] = v
            keys = complete_tiles(g)
            if keys is not None:
                for key in keys:
                    seen[key] = seen.get(key, 0) + 1
                visit(pos + 1, cost + c)
                for key in keys:
                    seen[key] -= 1
            assigned[g] = None

    visit(0, 0.0)
    if best[0] is None:
        return None
    return best[0], float(best[1])  # type: ignore[return-value]


def _doubtful(domains: list[list[tuple[float, int]]], assignment: list[int],
              group_of: list[int], n: int) -> tuple[Half, ...]:
    """Halves whose group's chosen value has less than even odds against the others that
    would still give every tile once (a rival that duplicates a tile is no rival)."""
    def tile_of(i: int, values: list[int]) -> tuple[int, int]:
        a, b = values[group_of[2 * i]], values[group_of[2 * i + 1]]
        return (min(a, b), max(a, b))

    counts = Counter(tile_of(i, assignment) for i in range(n))
    weak = set()
    for g, options in enumerate(domains):
        touched = [i for i in range(n) if g in (group_of[2 * i], group_of[2 * i + 1])]
        chosen = next(c for c, v in options if v == assignment[g])
        total = 0.0
        for c, v in options:
            if v != assignment[g]:
                rival = list(assignment)
                rival[g] = v
                others = counts - Counter(tile_of(i, assignment) for i in touched)
                mine = [tile_of(i, rival) for i in touched]
                if len(set(mine)) < len(mine) or any(others[t] for t in mine):
                    continue
            total += math.exp(chosen - c)
        if 1.0 / total < 0.5:
            weak.add(g)
    return tuple((i, h) for i in range(n) for h in (0, 1) if group_of[2 * i + h] in weak)


def _disagreements(tiles: Sequence[TileReading], joins: Sequence[Join], halves: list[int],
                   set_max: int, fixed: Mapping[int, tuple[int, int]],
                   doubles: Sequence[int] = ()) -> list[str]:
    """The joins inside one group of halves whose values cannot be made to agree."""
    inside = set(halves)
    out = []

    def shown(i: int, h: int) -> int:
        return fixed[i][h] if i in fixed else tiles[i].halves[h].pips

    for i in doubles:
        if 2 * i in inside and shown(i, 0) != shown(i, 1):
            out.append(f"{tile_name(tiles[i])} is taken for the spinner, a double: "
                       f"{shown(i, 0)} vs {shown(i, 1)}")

    for j in joins:
        pairs = j.halves()
        if 2 * pairs[0][0] + pairs[0][1] not in inside:
            continue
        a_value = shown(j.a, j.a_half)
        if j.b_half is None:
            b_values = {shown(j.b, 0), shown(j.b, 1)}
            if b_values != {a_value}:
                b_text = "/".join(str(v) for v in sorted(b_values))
                out.append(f"{tile_name(tiles[j.a])} touches {tile_name(tiles[j.b])} "
                           f"crosswise: {a_value} vs {b_text}")
        else:
            b_value = shown(j.b, j.b_half)
            if a_value != b_value:
                out.append(f"{tile_name(tiles[j.a])} touches {tile_name(tiles[j.b])}: "
                           f"{a_value} vs {b_value}")
    for h in halves:
        i = h // 2
        if shown(i, h % 2) > set_max:
            out.append(f"{tile_name(tiles[i])} shows {shown(i, h % 2)}, more than a "
                       f"double-{set_max} set holds")
    if not out:
        names = sorted({tile_name(tiles[h // 2]) for h in halves})
        out.append(f"the joined halves of {', '.join(names)} cannot show one value")
    return out


def _duplicates(tiles: Sequence[TileReading], domains: list[list[tuple[float, int]]],
                group_of: list[int], n: int) -> tuple[str, ...]:
    """The tiles that come out twice under every consistent choice (the best ones shown)."""
    values = [(domains[group_of[2 * i]][0][1], domains[group_of[2 * i + 1]][0][1])
              for i in range(n)]
    by_tile: dict[tuple[int, int], list[int]] = {}
    for i, (a, b) in enumerate(values):
        by_tile.setdefault((min(a, b), max(a, b)), []).append(i)
    out = []
    for (a, b), idx in sorted(by_tile.items()):
        if len(idx) > 1:
            where = " and ".join(f"({tiles[i].center_px[0]:.0f}, {tiles[i].center_px[1]:.0f})"
                                 for i in idx)
            out.append(f"{a}-{b} would appear {len(idx)} times (at {where}); every tile "
                       "exists once")
    return tuple(out) or ("no choice of the doubtful halves gives every tile once",)


__all__ = ["Correction", "Decoding", "MIN_PLAUSIBLE", "decode", "half_probabilities",
           "tile_name"]
