"""The tableau: the spinner, its arms, the chains and chicken feet that grow from them.

Every placed tile records its parent (the tile it was played on) and the value of its half
that touches the parent. Capacity: the spinner takes ``spinner_arms`` tiles, any other
double (a chicken foot) takes ``toes_per_foot`` toes, a tile that is not a double takes one
tile on its open end. The tableau is a frozen value; ``add`` returns a new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorer.moves import Play
from scorer.rules import DEFAULT_RULES, RuleSet
from scorer.tiles import Tile


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile on the tableau: its parent (None for the spinner) and its touching value."""

    tile: Tile
    parent: Tile | None
    touching: int

    @property
    def open_value(self) -> int:
        """The value this tile offers to the next tile played on it."""
        tile = self.tile
        if tile.low == tile.high:
            return tile.low
        return tile.high if self.touching == tile.low else tile.low

    def written(self) -> str:
        """The tile written with its touching half first, as the notation writes it."""
        return f"{self.touching}-{self.open_value}"


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """A place to play: the tile offering it, the value it shows, how many tiles it takes."""

    tile: Tile
    value: int
    free: int


@dataclass(frozen=True, slots=True)
class Tableau:
    """The layout on the table. Equal tableaus hold the same tiles in the same places.

    Build one with ``Tableau.empty(rules)`` then ``add``, or ``Tableau.from_placements``
    for a board whose order of play is unknown. The fields after ``placements`` are caches
    derived from them (they are not compared).
    """

    rules: RuleSet
    placements: frozenset[Placement] = frozenset()
    spinner: Tile | None = field(default=None, compare=False)
    open_ends: tuple[OpenEnd, ...] = field(default=(), compare=False, repr=False)
    arms_placed: int = field(default=0, compare=False, repr=False)
    foot: Tile | None = field(default=None, compare=False, repr=False)
    order: tuple[Placement, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def empty(cls, rules: RuleSet = DEFAULT_RULES) -> Tableau:
        return cls(rules)

    @classmethod
    def from_placements(cls, rules: RuleSet, placements: Iterable[Placement]) -> Tableau:
        """Rebuild a consistent tableau (already validated) from its placements."""
        by_parent: dict[Tile | None, list[Placement]] = {}
        for p in placements:
            by_parent.setdefault(p.parent, []).append(p)
        roots = by_parent.get(None, [])
        if len(roots) != 1:
            raise ValueError("a tableau has exactly one spinner")
        tableau = cls(rules)
        # Play order: the spinner, then breadth first; an open foot's toes come last.
        queue = [roots[0]]
        ordered: list[Placement] = []
        while queue:
            placement = queue.pop(0)
            ordered.append(placement)
            queue.extend(sorted(by_parent.get(placement.tile, ()), key=lambda q: q.tile))
        foot = _last_open_foot(rules, ordered, by_parent)
        if foot is not None:
            late = [p for p in ordered if p.tile == foot or p.parent == foot]
            ordered = [p for p in ordered if p not in late] + late
        for placement in ordered:
            tableau = tableau.add(Play(placement.tile, placement.parent))
        return tableau

    # -- reading ----------------------------------------------------------------------
    @property
    def tiles(self) -> frozenset[Tile]:
        return frozenset(p.tile for p in self.placements)

    def __contains__(self, tile: object) -> bool:
        return any(p.tile == tile for p in self.order)

    def __len__(self) -> int:
        return len(self.order)

    def placement(self, tile: Tile) -> Placement | None:
        for p in self.order:
            if p.tile == tile:
                return p
        return None

    def children(self, tile: Tile) -> tuple[Placement, ...]:
        return tuple(p for p in self.order if p.parent == tile)

    def open_end(self, tile: Tile) -> OpenEnd | None:
        for end in self.open_ends:
            if end.tile == tile:
                return end
        return None

    @property
    def arms_missing(self) -> int:
        if self.spinner is None:
            return 0
        return self.rules.spinner_arms - self.arms_placed

    def toes_on(self, double: Tile) -> int:
        return sum(1 for p in self.order if p.parent == double)

    def allowed_ends(self) -> tuple[OpenEnd, ...]:
        """The open ends a tile may be played on now: the spinner while it lacks arms, the
        open chicken foot while it lacks toes, otherwise every open end."""
        spinner = self.spinner
        if spinner is None:
            return ()
        if self.arms_placed < self.rules.spinner_arms:
            return self.open_ends[:1]  # the spinner's end stays first until it is full
        foot = self.foot
        if foot is not None:
            for end in reversed(self.open_ends):  # the foot's end sits near the back
                if end.tile == foot:
                    return (end,)
            return ()
        return self.open_ends

    def plays_for(self, tiles: Iterable[Tile]) -> list[Play]:
        """Every legal play of the given tiles on the tableau as it stands."""
        ends = self.allowed_ends()
        plays: list[Play] = []
        for tile in tiles:
            low, high = tile.low, tile.high
            for end in ends:
                if end.value == low or end.value == high:
                    plays.append(Play(tile, end.tile))
        return plays

    def can_play(self, tiles: Iterable[Tile]) -> bool:
        ends = self.allowed_ends()
        values = {e.value for e in ends}
        return any(t.low in values or t.high in values for t in tiles)

    # -- changing ---------------------------------------------------------------------
    def add(self, play: Play) -> Tableau:
        """The tableau with ``play`` made. Trusts the play: judge it first."""
        tile, parent = play.tile, play.parent
        rules = self.rules
        if parent is None:
            placement = Placement(tile, None, tile.low)
            return Tableau(rules, self.placements | {placement}, tile,
                           (OpenEnd(tile, tile.low, rules.spinner_arms),), 0, None,
                           self.order + (placement,))
        ends = list(self.open_ends)
        i = next((k for k, e in enumerate(ends) if e.tile == parent), -1)
        if i < 0:
            raise ValueError(f"{parent} has no open end")
        end = ends[i]
        value = end.value
        if end.free == 1:
            del ends[i]
        else:
            ends[i] = OpenEnd(parent, value, end.free - 1)
        foot = self.foot
        if tile.low == tile.high:
            ends.append(OpenEnd(tile, value, rules.toes_per_foot))
            foot = tile
        else:
            ends.append(OpenEnd(tile, tile.high if value == tile.low else tile.low, 1))
            if parent == foot and end.free == 1:
                foot = None
        arms = self.arms_placed + (parent == self.spinner)
        placement = Placement(tile, parent, value)
        return Tableau(rules, self.placements | {placement}, self.spinner, tuple(ends), arms,
                       foot, self.order + (placement,))


def _last_open_foot(rules: RuleSet, ordered: list[Placement],
                    by_parent: dict[Tile | None, list[Placement]]) -> Tile | None:
    for p in ordered:
        if p.parent is not None and p.tile.is_double:
            if len(by_parent.get(p.tile, ())) < rules.toes_per_foot:
                return p.tile
    return None
