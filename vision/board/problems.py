"""What can be wrong with a board read from a photo, as values; words only at the edge.

A problem names its kind and the tiles (indices into the tiles read) it is about, with
the values it concerns. Code decides by ``kind``; ``describe`` makes the one line a
player reads. ``BLOCKING`` kinds mean no board can be built at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from vision.types import TileReading


class Kind(Enum):
    NO_TILES = "no tiles"
    NOT_A_TABLEAU = "not a tableau"  # most tiles lie apart, as in a hand: no board to build
    MOSTLY_DOUBTFUL = "mostly doubtful"  # most of the board's tiles may be no tiles at all
    TILE_TWICE = "tile twice"  # no plausible values make these tiles distinct
    NO_VALUE_FITS = "no value fits"  # a half (or the spinner) no value of the set fits
    BUDGET_SPENT = "budget spent"  # the search stopped before it proved its best board
    MISMATCH = "mismatch"  # a join whose halves show different values
    LOOSE_TILE = "loose tile"
    LOOSE_GROUP = "loose group"
    SECOND_SPINNER = "second spinner"
    UNREADABLE_HALF = "unreadable half"
    HALF_ALONE = "half alone"  # a reading left out has a half where no tile lies
    UNSURE_TILE = "unsure tile"  # a tile on the board read so unsurely it may be none
    END_HALF_ALONE = "end half alone"  # a half alone past an open end, no tile read there
    LEAF_UNFOUND = "leaf unfound"  # a tile read straight on from an open end, off the board


BLOCKING = frozenset({Kind.NO_TILES, Kind.NOT_A_TABLEAU, Kind.MOSTLY_DOUBTFUL,
                      Kind.TILE_TWICE, Kind.NO_VALUE_FITS})


@dataclass(frozen=True, slots=True)
class BoardProblem:
    """``tiles``: the tiles it is about (for a mismatch: the tile whose end touches, then
    the tile it touches); ``values``: what they show there (a mismatch: the end's value,
    then the other tile's), a half's two likeliest values (unreadable), the values and
    place (x, y in pixels) of a reading left out with a half alone, a tile's confidence
    in hundredths (unsure tile), or where a tile past an open end may be missing."""

    kind: Kind
    tiles: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    half: int | None = None

    @property
    def blocking(self) -> bool:
        return self.kind in BLOCKING


def place(tile: TileReading) -> str:
    x, y = tile.center_px
    return f"({x:.0f}, {y:.0f})"


def tile_name(tile: TileReading, values: tuple[int, int] | None = None) -> str:
    a, b = values if values is not None else tile.pips
    return f"{a}-{b}"


def describe(problem: BoardProblem, tiles: Sequence[TileReading],
             values: Sequence[tuple[int, int]] | None = None) -> str:
    """The problem in a player's words (``values``: the tiles' values as decoded)."""
    def named(i: int) -> str:
        return tile_name(tiles[i], values[i] if values is not None else None)

    def where(i: int) -> str:
        return f"{named(i)} at {place(tiles[i])}"

    kind, ix, vs = problem.kind, problem.tiles, problem.values
    if kind is Kind.NO_TILES:
        return "no tiles were found in the photo"
    if kind is Kind.NOT_A_TABLEAU:
        joined = vs[0] if vs else 0
        lying = (f"none of the {len(ix)} tiles read is joined to a spinner" if not joined
                 else f"only {joined} of the {len(ix)} tiles read are joined end to end")
        return (f"this looks like a hand, not a tableau: {lying} (photograph the board, or "
                "score a hand with chickenfoot read)")
    if kind is Kind.MOSTLY_DOUBTFUL:
        return (f"no tableau here: only {vs[0]} of the {len(ix)} tiles it would be made of "
                "look surely like tiles")
    if kind is Kind.TILE_TWICE:
        spots = " and ".join(place(tiles[i]) for i in ix)
        return (f"{named(ix[0])} would appear {len(ix)} times (at {spots}); every tile "
                "exists once")
    if kind is Kind.NO_VALUE_FITS:
        if vs:
            return f"{where(ix[0])} shows more than a double-{vs[0]} set holds"
        a, b = tiles[ix[0]].pips
        return f"{where(ix[0])} is taken for the spinner, a double: {a} vs {b}"
    if kind is Kind.BUDGET_SPENT:
        return "the search for the board stopped at its limit; the board shown is its best"
    if kind is Kind.MISMATCH:
        if len(vs) > 2:  # the other tile lies across the end and is no double
            return (f"{named(ix[0])} ends against the side of {named(ix[1])}, which is no "
                    "double: only a double lies across a line")
        return f"{named(ix[0])} touches {named(ix[1])}: {vs[0]} against {vs[1]}"
    if kind is Kind.LOOSE_TILE:
        return f"a tile not joined to anything: {where(ix[0])}"
    if kind is Kind.LOOSE_GROUP:
        return ("tiles joined to each other but not to the spinner: "
                + ", ".join(where(i) for i in ix))
    if kind is Kind.SECOND_SPINNER:
        return (f"more than one spinner: {where(ix[0])} has its own tiles around it, apart "
                f"from the spinner {named(ix[1])}")
    if kind is Kind.UNREADABLE_HALF:
        which = "first" if problem.half == 0 else "second"
        alt = f" or {vs[1]}" if len(vs) > 1 else ""
        return f"an unreadable half: the {which} half of {where(ix[0])} could be {vs[0]}{alt}"
    if kind is Kind.HALF_ALONE:
        return (f"{vs[0]}-{vs[1]} read at ({vs[2]}, {vs[3]}) lies partly on another tile "
                "and partly on no tile of the board: a tile there may be missing")
    if kind is Kind.UNSURE_TILE:
        return (f"{where(ix[0])} was read so unsurely ({vs[0] / 100:.2f}) that it may be "
                "another tile or no tile at all: check it")
    if kind is Kind.LEAF_UNFOUND:
        return (f"{vs[0]}-{vs[1]} may lie at ({vs[2]}, {vs[3]}), played on "
                f"{named(ix[0])}: it was read there but could not be placed, so the board "
                "may lack it: check that end")
    if kind is Kind.END_HALF_ALONE:
        return (f"a tile may be missing at ({vs[0]}, {vs[1]}): a half lies alone there, in line "
                "with an open end, and no tile could be read")
    raise ValueError(kind)


__all__ = ["BLOCKING", "BoardProblem", "Kind", "describe", "place", "tile_name"]
