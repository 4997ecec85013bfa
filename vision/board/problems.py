"""What can be wrong with a board read from a photo, as values; words only at the edge.

A problem names its kind and the tiles (indices into the tiles read) it is about, with
the values it concerns; a note says how the board was read. Code decides by ``kind``; the
words a player reads are made where they are shown (``tui.board_words``). ``BLOCKING``
kinds mean no board can be built at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from vision.types import TileReading


class Kind(Enum):
    NO_TILES = "no tiles"
    NOT_A_TABLEAU = "not a tableau"  # most tiles lie apart, as in a hand: no board to build
    JOINS_DISAGREE = "joins disagree"  # most touching ends differ, as tiles side by side
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
    LEAF_UNFOUND = "leaf unfound"  # a tile read abutting an open end, off the board
    HIDDEN_END = "hidden end"  # glare burns out the place past an open end: nothing seen


BLOCKING = frozenset({Kind.NO_TILES, Kind.NOT_A_TABLEAU, Kind.JOINS_DISAGREE,
                      Kind.MOSTLY_DOUBTFUL, Kind.TILE_TWICE, Kind.NO_VALUE_FITS})


@dataclass(frozen=True, slots=True)
class BoardProblem:
    """``tiles``: the tiles it is about (for a mismatch: the tile whose end touches,
    then the tile it touches); ``values``: what they show there (a mismatch: the end's
    value, then the other tile's), a half's two likeliest values (unreadable), the
    values and place (x, y in pixels) of a reading left out with a half alone, a tile's
    confidence in hundredths (unsure tile), the joins that disagree and all joins (joins
    disagree), or where a tile past an open end may be missing (for a hidden end: the
    end's value, then the place; ``half``: the end, None for a double's side)."""

    kind: Kind
    tiles: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    half: int | None = None


class Note(Enum):
    """How a board was read, where that changed what it holds: a tile a second look found
    or read again, or a reading left out."""

    FOUND_IN_HOLE = "found in a hole"  # a double read in a bare place where tiles meet
    REREAD_IN_HOLE = "read again in a hole"  # ``other``: the unsure first look there
    REREAD_CENTRED = "read again centred"  # ``other``: the value read centred
    FOUND_IN_GAP = "found in a gap"  # in a gap in a chain of tiles
    FOUND_PAST_END = "found past an open end"  # abutting an open end, straight on or turned
    LEFT_OUT_PLAIN = "left out plain"  # a 0-0 that does not fit (``other``: its neighbour)
    LEFT_OUT_UNSURE = "left out unsure"  # read unsurely, does not fit (``other`` as above)
    LEFT_OUT_UNHELD = "left out unheld"  # read unsurely, and no board can hold it
    APART_PLAIN = "apart plain"  # a 0-0 touching no tile of the tableau
    APART_UNSURE = "apart unsure"  # read unsurely, touching no tile of the tableau


@dataclass(frozen=True, slots=True)
class BoardNote:
    """A note on how the board was read: its kind, the tile it is about (as read) and,
    for some kinds, another reading (see ``Note``)."""

    kind: Note
    tile: TileReading
    other: TileReading | None = None


__all__ = ["BLOCKING", "BoardNote", "BoardProblem", "Kind", "Note"]
