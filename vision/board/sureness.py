"""How surely a reading must read for board reading to act on it: four levels of one
scale, the reader's raw confidence (a tile's is its less sure half's times how surely it
was seen as a tile at all; a half's is its value's).

    SURE    0.9  taken as it reads: not read again, not outvoted by a half it touches,
                 never changed by the board unsaid; a 0-0 or a leaf under it may be
                 something plain read as a tile
    FOUND   0.8  a double no first look placed is found on a second look (past an open
                 end); a first look where tiles meet is not read again
    LIKELY  0.5  surer than not: a board needs half its tiles so; a two-valued leaf past
                 an open end is found, a double there asked about; a reading apart or a
                 half alone is reported; a move along a tile is taken; a tile where two
                 ends meet is a double
    FAINT   0.3  under it a reading may be no tile at all (a patch of table, a speck);
                 a second look must read at least this to have seen a tile

Why one scale: each rule once had its own threshold, tuned on the rendered board that
failed it, and they had drifted onto these four values anyway; one scale says what a
confidence means to every rule, so a new rule picks a level rather than a number. The
level a rule uses is measured on fresh seeds (models/MODEL_CARD.md): a 0-0 at an open end
is plain under SURE, not under 0.8 (a striped cloth read 0-0 at 0.88, seed 96000); a
double found past an open end must be FOUND, since a patterned cloth beside a 9 read 9-9
at 0.74 (seed 95000).
"""

from vision.types import TileReading

SURE = 0.9
FOUND = 0.8
LIKELY = 0.5
FAINT = 0.3


def tileness(tile: TileReading) -> float:
    """How surely a tile was seen at all, its pips aside: the reader's confidence is its
    less sure half's times this (vision.reader.tile_reader)."""
    low = min(h.confidence for h in tile.halves)
    return 1.0 if low <= 0 else min(1.0, tile.confidence / low)


__all__ = ["FAINT", "FOUND", "LIKELY", "SURE", "tileness"]
