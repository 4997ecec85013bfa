"""A board read from a photo in a player's words: its problems, the notes on how it was
read, the halves it corrected and why a tile cannot be judged on it.

Board reading (``vision.board``) gives these as values; the command line and the app both
show them, so the words are made here, once.
"""

from __future__ import annotations

from collections.abc import Sequence

from vision.board import BoardNote, BoardProblem, Kind, NoDispute, Note, Refusal
from vision.types import TileReading


def place(tile: TileReading) -> str:
    x, y = tile.center_px
    return f"({x:.0f}, {y:.0f})"


def tile_name(tile: TileReading, values: tuple[int, int] | None = None) -> str:
    a, b = values if values is not None else tile.pips
    return f"{a}-{b}"


def problem_lines(reading) -> list[str]:
    """Each problem of a ``vision.board.TableauReading``, its tiles named as decoded."""
    decoding = reading.decoding
    values = decoding.values if decoding and decoding.buildable else None
    return [problem_line(p, reading.tiles, values, reading.built) for p in reading.problems]


def problem_line(problem: BoardProblem, tiles: Sequence[TileReading],
                 values: Sequence[tuple[int, int]] | None = None, built: bool = True) -> str:
    """The problem in a player's words (``values``: the tiles' values as decoded;
    ``built``: whether a board is shown with it)."""
    def named(i: int) -> str:
        return tile_name(tiles[i], values[i] if values is not None else None)

    def where(i: int) -> str:
        return f"{named(i)} at {place(tiles[i])}"

    kind, ix, vs = problem.kind, problem.tiles, problem.values
    if kind is Kind.NO_TILES:
        return "no tiles were found in the photo"
    if kind is Kind.NOT_A_TABLEAU and len(ix) == 1:
        return ("only one tile was read: a tableau has tiles played on its spinner "
                "(photograph the whole board, or score a hand with chickenfoot read)")
    if kind is Kind.NOT_A_TABLEAU:
        joined = vs[0] if vs else 0
        lying = (f"none of the {len(ix)} tiles read is joined to a spinner" if not joined
                 else f"only {joined} of the {len(ix)} tiles read are joined end to end")
        return (f"this looks like a hand, not a tableau: {lying} (photograph the board, or "
                "score a hand with chickenfoot read)")
    if kind is Kind.JOINS_DISAGREE:
        return (f"no tableau here: {vs[0]} of the {vs[1]} places where tiles touch show "
                "different values, as tiles lying side by side in a hand do (tiles laid in "
                "play match: photograph the board, or score a hand with chickenfoot read)")
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
        return ("the search for the board stopped at its limit; the board shown is its best"
                if built else "the search for the board stopped at its limit")
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
    if kind is Kind.HIDDEN_END:
        return (f"glare burns the photo white past {named(ix[0])}'s open {vs[0]} at "
                f"({vs[1]}, {vs[2]}): a tile there cannot be seen, so the board may lack "
                "it: check that end")
    if kind is Kind.END_HALF_ALONE:
        return (f"a tile may be missing at ({vs[0]}, {vs[1]}): a half lies alone there, in line "
                "with an open end, and no tile could be read")
    raise ValueError(kind)


def note_lines(reading) -> list[str]:
    """The notes of a ``vision.board.TableauReading``, in the order they were made."""
    return [note_line(n) for n in reading.notes]


_FOUND_WHERE = {Note.FOUND_IN_HOLE: "in a bare place where several tiles meet",
                Note.FOUND_IN_GAP: "in a gap in a chain of tiles",
                Note.FOUND_PAST_END: "past an open end"}
_LEFT_OUT_WHY = {
    Note.LEFT_OUT_UNSURE: "does not fit there as read",
    Note.LEFT_OUT_UNHELD: "no board can hold it (a tile there twice, or a value beyond the set)",
}


def note_line(note: BoardNote) -> str:
    tile, other, kind = note.tile, note.other, note.kind
    at = f"{tile_name(tile)} at {place(tile)}"
    if kind in _FOUND_WHERE:
        return f"found {at} on a second look, {_FOUND_WHERE[kind]}"
    if kind is Note.REREAD_IN_HOLE:
        return (f"read {at} again where several tiles meet: the first look, "
                f"{tile_name(other)} boxed askew, was unsure")
    if kind is Note.REREAD_CENTRED:
        return (f"read {at} again as {tile_name(other)}, centred on the tile: the first look "
                "was off centre, reaching into its neighbour")
    against = f" against {tile_name(other)}" if other is not None else ""
    if kind is Note.LEFT_OUT_PLAIN:
        return (f"left out a 0-0 at {place(tile)}{against}: it does not fit there as read, "
                "and no pips were seen on it (most likely something plain, such as a pale "
                "stripe of table)")
    if kind in _LEFT_OUT_WHY:
        return (f"left out {at}{against}: it was read unsurely ({tile.confidence:.2f}) and "
                f"{_LEFT_OUT_WHY[kind]}")
    if kind is Note.APART_PLAIN:
        return (f"left out a 0-0 at {place(tile)}: it touches no tile of the tableau (a blank "
                "tile lying apart, or something plain like paper)")
    if kind is Note.APART_UNSURE:
        return (f"left out {at}: it touches no tile of the tableau and was read too unsurely "
                f"({tile.confidence:.2f}) to be one")
    raise ValueError(kind)


def correction_lines(reading) -> list[str]:
    """One line per tile the board corrected (a double's two halves make one line)."""
    if reading.decoding is None:
        return []
    values, tiles = reading.decoding.values, reading.tiles
    by_tile: dict[int, list] = {}
    for c in reading.corrections:
        by_tile.setdefault(c.tile, []).append(c)
    lines = []
    for i, changed in by_tile.items():
        now = "-".join(str(v) for v in values[i])
        was = sorted({c.read for c in changed})
        fits = sorted({c.decoded for c in changed})
        lines.append(f"read {tile_name(tiles[i])} at {place(tiles[i])} as {now}: "
                     f"{_listed(was)} {'does' if len(was) == 1 else 'do'} not fit the "
                     f"board, {_listed(fits)} {'does' if len(fits) == 1 else 'do'}")
    return lines


def _listed(values: Sequence[int]) -> str:
    return " and ".join(str(v) for v in values)


def ruled_out_line(judged_as, other, chance: float) -> str:
    """A reading of the disputed tile the board rules out (it holds ``other`` elsewhere),
    said beside the verdict on ``judged_as``."""
    return (f"the tile is read unsurely; read as {other} (chance {chance:.2f}) it would be "
            f"a second {other}, and the board holds one elsewhere: judged as {judged_as}")


def refusal_line(error: NoDispute, tiles: Sequence[TileReading]) -> str:
    """Why a tile cannot be judged on a reading (``tiles``: the reading's tiles)."""
    tile, refusal = error.tile, error.refusal
    words = "; ".join(problem_line(p, tiles) for p in error.problems[:3])
    if refusal is Refusal.NOT_IN_PHOTO:
        were = "1 tile was" if error.unsure == 1 else f"{error.unsure} tiles were"
        hint = (f"; {were} read in doubt, and may be it: --annotate OUT.png shows the "
                "board as read" if error.unsure else "")
        return f"{tile} is not in the photo (no tile read could be it){hint}"
    if refusal is Refusal.BEYOND_SET:
        return (f"{tile} is not in a double-{error.set_max} set, the set this photo was read "
                f"as (--set names another)")
    if refusal is Refusal.REST_IN_DOUBT:
        return (f"the rest of the board is in doubt, so {tile} cannot be judged on it: "
                f"{words}")
    if refusal is Refusal.MAY_LACK:
        return (f"the board may lack tiles or hold tiles it could not place, and a verdict "
                f"depends on the whole board, so {tile} cannot be judged on it: {words}")
    if refusal is Refusal.HELD_ELSEWHERE:
        return f"{tile} cannot lie there: the board holds it elsewhere"
    if refusal is Refusal.ENGINE:
        return error.detail
    said = {Refusal.NO_BOARD: "no board was read from the photo",
            Refusal.SPINNER: "it is the spinner; name a tile played on the board",
            Refusal.NOT_JOINED: "it is not joined to the tableau"}[refusal]
    return f"{tile}: {said}" if tile is not None else said


__all__ = ["correction_lines", "note_line", "note_lines", "place", "problem_line",
           "problem_lines", "refusal_line", "ruled_out_line", "tile_name"]
