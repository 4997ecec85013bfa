"""Tiles read from a photo of the tableau -> the board in the engine's notation.

    joins (vision.board.geometry) -> tree rooted at the spinner -> decoding
    (vision.board.decode) -> scorer Board, plus every problem as a typed value
    (vision.board.problems).

A photo is read once, whatever is in dispute and without the house rules: the board is
the board as it lies, mismatched joins included (each a MISMATCH problem), and the engine
judges it under the rules afterwards (``vision.board.dispute``).

Why: a tile read surely stays whatever it breaks, since it may be the very play in
dispute. A tile that may be no tile (a leaf read under FAINT, or a 0-0 under SURE: a
patch of table beside a tile) is one of the decoder's choices, absent at even odds with
its own reading; any other leaf read in doubt goes only when no board can hold it. A tile
the detector missed whole is looked for where the board says one must lie (gaps, holes,
open ends), and what the board may lack or hold wrongly is said as a problem
(``_with_doubts``), never hidden.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from scorer.notation import Board, BoardEntry
from scorer.tiles import SET_SIZES, Tile
from vision.board.budget import Look, LookBudget
from vision.board.decode import Correction, Decoding, decode
from vision.board.gaps import beyond_open_ends, tiles_at_open_ends
from vision.board.geometry import (
    MAY_BE_DOUBLE,
    Join,
    TableauTree,
    build_tree,
    components,
    cosine,
    double_likelihood,
    find_joins,
    inside_quad,
    nearest_on_tile,
    tile_ends,
    tile_quad,
)
from vision.board.looks import doubles_in_holes, recentred, tiles_in_gaps, without_misreadings
from vision.board.problems import BLOCKING, BoardNote, BoardProblem, Kind, Note
from vision.board.sizes import at_full_length, sized_tiles
from vision.board.sureness import FAINT, FOUND, LIKELY, SURE, tileness
from vision.types import Point, TileReading

REACH_WIDTHS = 0.6  # a tile off the tree joins it if an end lies this close (tile widths)
# A tile off the tree reaching it must lie ahead of its end: a chicken foot's slanting toe
# meets its foot's side 45 degrees off straight on, and a toe boxed a little askew more
# (bench seeds 104613 dispute #10 and 102600 dispute #23: toes at 49 degrees left loose)
REACH_AHEAD_COS = math.cos(math.radians(55))
# A place past an open end whose more washed-out half is burnt white over this share
# (vision.board.glare): a tile there is read unsurely because the glare hides half of it,
# so one read there FAINT or more, and not 0-0 (what bare glare reads as, about 0.3), is
# asked about too (bench_board seed 100200, 30 tiles #92: a 2-5 past 4-5, its 2 burnt
# white, 0.38, the board given whole without it)
WASHED_OUT_FROM = 0.5


@dataclass(frozen=True, slots=True)
class TableauReading:
    """A photo's tableau: the board (None when it could not be built), what went wrong,
    and how it was read: the tiles it was built from (the reader's, true to size: see
    vision.board.sizes; every index below is into these), joins, tree, decoded values and
    the board's corrections."""

    board: Board | None
    problems: tuple[BoardProblem, ...]
    set_max: int
    tiles: tuple[TileReading, ...] = ()
    joins: tuple[Join, ...] = ()
    tree: TableauTree | None = None
    decoding: Decoding | None = None
    notes: tuple[BoardNote, ...] = ()  # tiles left out, or found or read again on a look
    apart: tuple[TileReading, ...] = ()  # readings set aside as touching no tile

    @property
    def ok(self) -> bool:
        """A board, and nothing wrong with it."""
        return self.board is not None and not self.problems

    @property
    def built(self) -> bool:
        """A board could be built (it may still have mismatches or loose tiles)."""
        return self.board is not None

    @property
    def corrections(self) -> tuple[Correction, ...]:
        return self.decoding.corrections if self.decoding else ()


def infer_set(tiles: Sequence[TileReading]) -> int:
    """The smallest standard set holding every value read."""
    top = max((h.pips for t in tiles for h in t.halves), default=0)
    return next((s for s in SET_SIZES if s >= top), SET_SIZES[-1])


def read_tableau(tiles: Sequence[TileReading], set_max: int | None = None,
                 look: Look | None = None, lone: Sequence[Point] = ()) -> TableauReading:
    """Rebuild the board from the tiles read; never raises. ``look`` reads the tile whose
    half centres it is given from the photo: the second looks of vision.board.looks
    (a tile read unsurely, a place where several tiles meet, a gap in a chain).
    ``lone`` are the centres of the halves the reader found with no partner (a tile at
    an open end may have been missed but for one half). The house rules play no part:
    the board is read as it lies, and judged under them afterwards."""
    set_max = infer_set(tiles) if set_max is None else set_max
    if not tiles:
        return TableauReading(None, (BoardProblem(Kind.NO_TILES),), set_max)
    kept, strays = sized_tiles(tiles)
    tiles = tuple(kept)
    if look is None:
        return _with_doubts(_rebuilt(tiles, (), set_max, None), strays)
    look = LookBudget(look)
    moved, moved_notes = recentred(tiles, look)
    if moved != tiles:  # a tile read again centred may now lie on a less sure reading
        kept_moved, more_strays = sized_tiles(moved)
        moved, strays = tuple(kept_moved), [*strays, *more_strays]
    reading = _rebuilt(moved, moved_notes, set_max, look)
    # read past the open ends: the sure ones are found, the rest asked about; a leaf the
    # detector missed whole (seed 98000, 15 tiles #75: a 0-1 in glare) may have the next
    # one played on it missed too (seed 104618, 15 tiles #81: 6-7, then 7-5), so each
    # tile found opens a place to look past, until a round finds no tile not found before
    # or the looks' budget is spent
    leaves, hidden = _leaves_seen(reading, look)
    added: set[Tile] = set()
    while not look.spent and (sure := tuple(tile for _, tile in leaves if _found_past_end(tile)
                                        and Tile.of(*tile.pips) not in added)):
        added.update(Tile.of(*tile.pips) for tile in sure)
        moved, moved_notes = _with_found(moved, moved_notes, sure, look, Note.FOUND_PAST_END)
        reading = _rebuilt(moved, moved_notes, set_max, look)
        leaves, hidden = _leaves_seen(reading, look)  # found and not on the board, or unsure
    if look.spent:
        reading = replace(reading, problems=reading.problems + (BoardProblem(Kind.BUDGET_SPENT),))
    return _with_doubts(reading, strays, lone, look, leaves, hidden)


def _with_doubts(reading: TableauReading, strays: Sequence[TileReading],
                 lone: Sequence[Point] = (), look: LookBudget | None = None,
                 leaves: Sequence[tuple[int, TileReading]] = (),
                 hidden: Sequence[BoardProblem] = ()) -> TableauReading:
    """The board's doubts about what it holds, as problems, so that a board that may lack
    a tile or hold something that is no tile is never given as whole:

    - HALF_ALONE: a reading left out for lying on a surer tile has a half showing pips,
      read LIKELY, on no tile of the board (a half of a tile never found, paired across
      to its neighbour), unless the board holds the tile it reads (a second look at it);
    - UNSURE_TILE: a leaf read under FAINT, kept because the board is lawful with it;
    - LEAF_UNFOUND: a tile read abutting an open place, showing the value it
      touches (``leaves``), that the board does not hold;
    - END_HALF_ALONE: a half the reader found alone straight on from an open place, where
      a look reads no tile but a half showing pips as surely as a stray's must (a leaf
      under glare); once a place, none where a tile is named. A look that sees no such
      half says the half alone was a speck of table;
    - HIDDEN_END: an open place past which glare burns the photo white and no tile was
      read but one the board holds elsewhere (``hidden``, from ``_leaves_seen``)."""
    quads = [tile_quad(t) for t in reading.tiles]

    def alone(half) -> bool:
        return half.pips > 0 and half.confidence >= LIKELY and not _on_board(half, quads)

    held = _held(reading)
    found = [BoardProblem(Kind.HALF_ALONE, (), (*stray.pips, *map(round, stray.center_px)))
             for stray in strays if Tile.of(*stray.pips) not in held
             and (any(alone(h) for h in stray.halves)
                  or _seen_apart(stray, quads, held, look))]
    if reading.tree is not None:
        found += [BoardProblem(Kind.UNSURE_TILE, (i,), (round(100 * tile.confidence),))
                  for i, tile in enumerate(reading.tiles)
                  if tile.confidence < FAINT and reading.tree.in_tree(i)
                  and i != reading.tree.root and not reading.tree.children(i)]
        in_tree, doubles = _on_tree(reading)
        unfound = [BoardProblem(Kind.LEAF_UNFOUND, (played_on,),
                                (*seen.pips, *map(round, seen.center_px)))
                   for played_on, seen in leaves]
        named = [np.asarray(p.values[2:], dtype=np.float64) for p in unfound]
        places = (tiles_at_open_ends(reading.tiles, in_tree, lone, doubles)
                  if look and lone else ())
        for near, far in places:
            middle = np.add(near, far) / 2
            spacing = float(np.linalg.norm(np.subtract(far, near)))
            if any(np.linalg.norm(middle - m) < spacing for m in named):
                continue  # the tile there is named already
            seen = look((near, far))
            if seen is not None and any(alone(h) for h in seen.halves):
                found.append(BoardProblem(Kind.END_HALF_ALONE, (), tuple(map(round, middle))))
                named.append(middle)
        found += unfound
        found += hidden
    return replace(reading, problems=reading.problems + tuple(found)) if found else reading


def _values(reading: TableauReading) -> tuple[tuple[int, int], ...]:
    """Each tile's values: as decoded where the board was decoded, else as read."""
    if reading.decoding is not None:
        return reading.decoding.values
    return tuple(t.pips for t in reading.tiles)


def _on_tree(reading: TableauReading) -> tuple[list[bool], dict[int, int | None]]:
    """Which tiles the tree holds, and its doubles (as decoded), each with the tile it is
    played on (None for the spinner or a double off the tree)."""
    tree = reading.tree
    assert tree is not None
    doubles = {i: tree.parent[i] for i, (a, b) in enumerate(_values(reading)) if a == b}
    return [tree.in_tree(i) for i in range(len(reading.tiles))], doubles


def _held(reading: TableauReading) -> set[Tile]:
    return set(reading.board.tiles) if reading.board is not None else set()


def _leaves_seen(reading: TableauReading, look: LookBudget
                 ) -> tuple[list[tuple[int, TileReading]], list[BoardProblem]]:
    """A tile the detector missed whole at an open end (or on a double's open side)
    leaves no gap and no half alone: each such place is looked at where a tile played
    there would lie (straight on, or turned at a corner), all in one model run; a tile
    read there LIKELY or more (where glare burns the place white, FAINT or more and not
    0-0), showing the value it touches, that the board does not hold, is returned with
    the tile it is played on, each tile once (those read FOUND first). A first reading
    set aside as touching no tile (not a 0-0: a plain patch) that lies there is taken as
    a look there. Second, a HIDDEN_END problem for each place burnt white where nothing
    was found (nothing read, or a tile the board holds): a leaf there shows neither
    edges nor pips to any look (bench seeds 101000, 30 tiles #10, and 104614, 30 tiles
    #24: a leaf wholly in glare, the board given whole without it), so the board may lack
    one."""
    if reading.tree is None:
        return [], []
    in_tree, doubles = _on_tree(reading)
    values, held = _values(reading), _held(reading)
    ways = beyond_open_ends(reading.tiles, in_tree, doubles)
    places = [(spot, halves) for spot, _, halves in ways]
    centres = [halves for _, halves in places]
    burnt = look.washed_out(centres)
    floors = [FAINT if share >= WASHED_OUT_FROM else LIKELY for share in burnt]
    # the pair judge alone first (no pips read): most places are bare table
    bounds = look.most_sure(centres)
    kept = [(p, floor) for p, floor, bound in zip(places, floors, bounds, strict=True)
            if bound >= floor - 1e-4]
    # what a look there reads, and a first reading set aside as touching nothing that
    # lies there (boxed askew under glare: bench_board seed 98600, dispute #14)
    candidates = list(zip(kept, look.many([h for (_, h), _ in kept]), strict=True))
    candidates += [((place, floor), stray)
                   for place, halves, floor in zip(places, centres, floors, strict=True)
                   for stray in reading.apart if stray.pips != (0, 0)
                   and inside_quad(np.asarray(halves), tile_quad(stray)).any()]
    shown = []
    for ((spot, (near, _)), floor), seen in candidates:
        if (seen is None or seen.confidence < floor
                or (floor < LIKELY and seen.pips == (0, 0))):
            continue
        touching = min(seen.halves, key=lambda half: float(np.linalg.norm(
            np.subtract(half.center_px, near))))
        if touching.pips == values[spot.tile][spot.half or 0]:
            shown.append((spot.tile, seen))
    found = []
    for played_on, seen in sorted(shown, key=lambda s: s[1].confidence < FOUND):
        if Tile.of(*seen.pips) not in held:
            found.append((played_on, seen))
            held.add(Tile.of(*seen.pips))
    # a look that read a tile the board holds elsewhere misread what lies there (every
    # tile exists once): under glare that place is as hidden as one where nothing was read
    # (bench_board seed 104720, 30 tiles #15: a 5-9 in glare read 9-2, given whole without)
    seen_past = {played_on for played_on, _ in found}
    hidden = [BoardProblem(Kind.HIDDEN_END, (spot.tile,),
                           (values[spot.tile][spot.half or 0],
                            *map(round, np.add(near, far) / 2)), spot.half)
              for (spot, turn, (near, far)), share in zip(ways, burnt, strict=True)
              if not turn and share >= WASHED_OUT_FROM and spot.tile not in seen_past]
    return found, hidden


def _seen_apart(stray: TileReading, quads: Sequence[np.ndarray], held: set[Tile],
                look: LookBudget | None) -> bool:
    """Whether a reading left out, with a half on no tile of the board (a blank one, or
    one read unsurely: not a half alone by itself), is a tile when looked at again where
    it lies: seen as a tile (FAINT or more: under it a reading may be no tile at all),
    and one the board does not hold. A tile played at a corner, its half beside its
    neighbour's, was left out under a less sure reading of that neighbour, and the board
    given whole without it (bench_board seed 97000, 15 tiles #77)."""
    if look is None or all(_on_board(h, quads) for h in stray.halves):
        return False  # wholly on tiles of the board: a second reading of them
    seen = look((stray.halves[0].center_px, stray.halves[1].center_px))
    return (seen is not None and seen.confidence >= FAINT
            and Tile.of(*seen.pips) not in held)


def _on_board(half, quads: Sequence[np.ndarray]) -> bool:
    """Whether a half's centre lies on one of the tiles ``quads``."""
    centre = np.asarray(half.center_px, dtype=np.float64)[None]
    return any(inside_quad(centre, quad)[0] for quad in quads)


def _rebuilt(tiles: tuple[TileReading, ...], notes: tuple[BoardNote, ...], set_max: int,
             look: LookBudget | None) -> TableauReading:
    """The board from tiles true to size: joins, the second looks where tiles meet and in
    gaps, decoding, and the tiles left out as plain or doubtful."""
    joins, tree = _joins_and_tree(tiles)
    tiles, apart, aside = _set_aside_apart(tiles, joins)
    notes += aside
    found: tuple[TileReading, ...] = ()
    if look is not None:
        found, found_notes = doubles_in_holes(tiles, look)
        tiles, notes = without_misreadings(tiles, found) + found, notes + found_notes
    if aside or found:  # the tiles changed since their joins were found
        joins, tree = _joins_and_tree(tiles)
    if tree.loose and look is not None:
        found = tiles_in_gaps(tiles, tree, look)
        if found:
            tiles, notes = _with_found(tiles, notes, found, look, Note.FOUND_IN_GAP)
            joins, tree = _joins_and_tree(tiles)
    reading = _decoded(tiles, joins, tree, set_max, notes, may_leave_out=True)
    if reading.decoding is not None and reading.decoding.absent:
        reading = _leaving_out(reading, _left_out_notes(reading))
    return replace(reading, apart=apart)


def _with_found(tiles: tuple[TileReading, ...], notes: tuple[BoardNote, ...],
                found: tuple[TileReading, ...], look: LookBudget, where: Note
                ) -> tuple[tuple[TileReading, ...], tuple[BoardNote, ...]]:
    """The tiles with those a second look found in place of any reading lying on them,
    each noted as found ``where``. A found tile's place comes from its neighbours' ends,
    which may be boxed off centre too, so it is recentred first."""
    found = recentred(found, look, beside=tiles)[0]
    return (without_misreadings(tiles, found) + found,
            notes + tuple(BoardNote(where, t) for t in found))


def _leaving_out(reading: TableauReading, patches: dict[int, BoardNote]) -> TableauReading:
    """The reading again without the tiles in ``patches``, each with its note."""
    tiles = tuple(t for i, t in enumerate(reading.tiles) if i not in patches)
    joins, tree = _joins_and_tree(tiles)
    return _decoded(tiles, joins, tree, reading.set_max, reading.notes + tuple(patches.values()))


def _maybe_no_tile(tile: TileReading) -> bool:
    """A leaf seen unsurely as a tile at all, or read 0-0 unsurely: a speck, a second
    reading of a tile, or a plain patch read as the double blank. A tile surely seen
    whose pips are in doubt is a tile: it stays."""
    return (tile.confidence < FAINT and tileness(tile) < SURE) or _maybe_plain(tile)


def _found_past_end(tile: TileReading) -> bool:
    """Whether a tile read on a look past an open end (showing the end's value) is found
    there: read FOUND, or LIKELY with two different values. What reads there without
    being a tile is a patch of table, and a patch reads alike on both halves: bare cloth
    as 0-0 (0.80: seed 101600, dispute #114), a patterned cloth beside a 9 as 9-9 (0.74:
    seed 95000, 30 tiles #17); the leaves the detector missed whole and a look read
    LIKELY were all two-valued (seed 100200, 30 tiles: 3-6 at 0.56, 0-2 at 0.72). A 0-0
    read under SURE is never found (it may be a plain patch)."""
    return not _maybe_plain(tile) and tile.confidence >= (
        FOUND if tile.pips[0] == tile.pips[1] else LIKELY)


def _maybe_plain(tile: TileReading) -> bool:
    """A 0-0 read unsurely: a plain patch (table, paper, glare) reads as the double blank,
    having no pips (a striped cloth read 0-0 at 0.88 beside a 0 end: seed 96000)."""
    return tile.pips == (0, 0) and tile.confidence < SURE


def _decoded(tiles: tuple[TileReading, ...], joins: tuple[Join, ...], tree: TableauTree,
             set_max: int, notes: tuple[BoardNote, ...], may_leave_out: bool = False
             ) -> TableauReading:
    """The board from the joins and the tree, decoded, with every problem found. With
    ``may_leave_out``, a tile that may be no tile (``_maybe_no_tile``, at the end of a
    chain) is one of the decoder's choices: the decoding names those it leaves out."""
    structure = _structure_problems(tiles, joins, tree)
    if any(p.kind in BLOCKING for p in structure):
        return TableauReading(None, tuple(structure), set_max, tiles, joins, tree, None, notes)
    used = [j for j in joins if j not in tree.extra]
    leaves = [i for i in tree.order()[1:] if not tree.children(i)]
    removable = [i for i in leaves if _maybe_no_tile(tiles[i])] if may_leave_out else []
    # a leaf read in doubt goes only when no board can hold it (a tile there twice)
    last_resort = [i for i in leaves if tiles[i].confidence < SURE
                   and i not in removable] if may_leave_out else []
    decoding = decode(tiles, used, set_max, doubles=(tree.root,), own=leaves,
                      removable=removable, last_resort=last_resort)
    if decoding.absent:
        return TableauReading(None, (), set_max, tiles, joins, tree, decoding, notes)
    problems = list(structure)
    if decoding.budget_spent:
        problems.append(BoardProblem(Kind.BUDGET_SPENT))
    if not decoding.buildable:
        for group in decoding.impossible:
            if len(group) > 1:
                problems.append(BoardProblem(Kind.TILE_TWICE, group))
            else:  # the spinner no double fits, or a half beyond the set
                problems.append(BoardProblem(Kind.NO_VALUE_FITS, group,
                                             () if group[0] == tree.root else (set_max,)))
        return TableauReading(None, tuple(problems), set_max, tiles, joins, tree, decoding, notes)
    mismatched = [BoardProblem(Kind.MISMATCH, (m.a, m.b), (m.a_value,) + m.b_values)
                  for m in decoding.mismatches if tree.in_tree(m.a) and tree.in_tree(m.b)]
    on_tree = sum(1 for j in used if tree.in_tree(j.a) and tree.in_tree(j.b))
    if len(mismatched) >= 2 and 2 * len(mismatched) > on_tree:
        # Tiles laid in play match where they touch, but for a play in dispute: most of
        # them touching with different values are tiles lying side by side, as in a hand
        # (a hand read at a quarter of a 12000x9000 photo made a board of 5 tiles, all 4
        # of its joins disagreeing, and `check --disputed` judged a play on one cut short)
        return TableauReading(None, (BoardProblem(Kind.JOINS_DISAGREE, tuple(tree.order()),
                                                  (len(mismatched), on_tree)),),
                              set_max, tiles, joins, tree, decoding, notes)
    problems.extend(mismatched)
    problems.extend(_unreadable(tiles, decoding, tree))
    problems.extend(_overruled(tiles, decoding, tree, used))
    order = tree.order()
    board = Board.of(board_entries(tree, order, [decoding.values[i] for i in order]))
    return TableauReading(board, tuple(problems), set_max, tiles, joins, tree, decoding, notes)


def _left_out_notes(reading: TableauReading) -> dict[int, BoardNote]:
    """A note for each tile the decoder left out, saying why: with no pips seen on it, a
    0-0 is most likely something plain lying against the end (a pale stripe of table,
    paper); another was read too unsurely to be held against what the board shows, or
    no board could hold it."""
    tree, tiles, decoding = reading.tree, reading.tiles, reading.decoding
    assert tree is not None and decoding is not None
    out: dict[int, BoardNote] = {}
    for i in decoding.absent:
        parent = tree.parent[i]
        kind = (Note.LEFT_OUT_PLAIN if tiles[i].pips == (0, 0) else
                Note.LEFT_OUT_UNSURE if _maybe_no_tile(tiles[i]) else Note.LEFT_OUT_UNHELD)
        out[i] = BoardNote(kind, tiles[i], tiles[parent] if parent is not None else None)
    return out


def _set_aside_apart(tiles: tuple[TileReading, ...], joins: Sequence[Join]
                     ) -> tuple[tuple[TileReading, ...], tuple[TileReading, ...],
                                tuple[BoardNote, ...]]:
    """The tiles kept, those set aside and a note for each: readings that touch no tile
    at all and are no tile of the tableau are left out: a 0-0 (a plain patch, such as
    paper, a card or a pale stripe of table, reads as the double blank because it has no
    pips, and a real 0-0 lying that far apart is not part of the tableau either), and a
    reading under LIKELY (a speck of the table's pattern, far smaller than a tile). A
    tile with pips read surely stays, and a loose one is reported: it may be a missed
    join."""
    if len(tiles) < 2:
        return tiles, (), ()
    joined = {j.a for j in joins} | {j.b for j in joins}
    notes = {i: BoardNote(Note.APART_PLAIN if t.pips == (0, 0) else Note.APART_UNSURE, t)
             for i, t in enumerate(tiles)
             if i not in joined and (t.pips == (0, 0) or t.confidence < LIKELY)}
    if len(notes) >= len(tiles) - 1:
        return tiles, (), ()  # nothing touches anything: not a tableau, said so whole
    return (tuple(t for i, t in enumerate(tiles) if i not in notes),
            tuple(tiles[i] for i in notes), tuple(notes.values()))


def _joins_and_tree(tiles: Sequence[TileReading]) -> tuple[tuple[Join, ...], TableauTree]:
    """The joins and the tree; tiles left off it may still reach it across a wider gap
    (corners read a little short, a tile nudged as the next one was laid), measured with
    every tile at the full length its neighbours have: each group off the tree by its
    closest reach (a tableau has no loops, so a group hangs off the tree at one join),
    round after round, since a tile reached may reach the next."""
    joins = find_joins(tiles)
    tree = build_tree(tiles, joins)
    reach: tuple[Join, ...] | None = None
    while tree.loose:
        if reach is None:
            whole = at_full_length(tiles)
            reach = tuple(j for j in find_joins(whole, REACH_WIDTHS) if _ahead(whole, j))
        loose = set(tree.loose)  # a tile reached may reach the next one in turn
        group = {i: g[0] for g in components(len(tiles), joins) for i in g}
        best: dict[int, Join] = {}  # a group hangs off the tree by one join: its closest
        for j in reach:
            if (j.a in loose) != (j.b in loose):
                g = group[j.a if j.a in loose else j.b]
                if g not in best or j.gap_widths < best[g].gap_widths:
                    best[g] = j
        if not best:
            break
        joins = joins + tuple(best.values())
        tree = build_tree(tiles, joins)  # the spinner is chosen again: it may gain arms
    return joins, tree


def _ahead(tiles: Sequence[TileReading], join: Join) -> bool:
    """Whether the tile an end reaches lies ahead of it (within REACH_AHEAD_COS of
    straight on), as a tile nudged along its line, one turned at a corner or a chicken
    foot's slanting toe does: tiles lying side by side, as in a hand, are near each
    other's ends but beside them."""
    ends = tile_ends(tiles[join.a])
    end = ends[join.a_half]
    near = nearest_on_tile(end, tile_quad(tiles[join.b]))
    return bool(np.allclose(near, end)) or cosine(
        near - end, end - ends[1 - join.a_half]) >= REACH_AHEAD_COS


def _structure_problems(tiles: Sequence[TileReading], joins: Sequence[Join],
                        tree: TableauTree) -> list[BoardProblem]:
    touching = sum(1 for j in tree.join if j is not None and j.touching)
    joined = touching + 1 if touching else 0
    alone = len(tiles) == 1 and tiles[0].confidence < SURE
    if alone or (len(tiles) >= 2 and 2 * joined <= len(tiles)):
        # A tableau is tiles laid end to end, touching: with most of them lying apart (two
        # tiles of a hand left nearly touching, others within reach), the photo is of
        # something else. One tile alone is the spinner when read SURE; under it, it may be
        # something plain read as a tile (a picture's two square buttons read 0-0 made a
        # board of one)
        return [BoardProblem(Kind.NOT_A_TABLEAU, tuple(range(len(tiles))), (joined,))]
    # clutter read as tiles is read in doubt; a tableau's tiles (a few found on a second
    # look aside) are not
    board = tree.order()
    sure = sum(tiles[i].confidence >= LIKELY for i in board)
    if 2 * sure < len(board):
        return [BoardProblem(Kind.MOSTLY_DOUBTFUL, tuple(board), (sure,))]
    problems = []
    main = set(board)
    for group in components(len(tiles), joins):
        if not main.isdisjoint(group):
            continue
        hub = [i for i in group if double_likelihood(tiles[i]) > MAY_BE_DOUBLE
               and sum(1 for j in joins if i in (j.a, j.b)) >= 2]
        if hub:
            problems.append(BoardProblem(Kind.SECOND_SPINNER, (hub[0], tree.root)))
        else:
            problems.append(BoardProblem(Kind.LOOSE_TILE if len(group) == 1
                                         else Kind.LOOSE_GROUP, tuple(group)))
    return problems


def _unreadable(tiles: Sequence[TileReading], decoding: Decoding, tree: TableauTree
                ) -> list[BoardProblem]:
    out = []
    for i, h in decoding.doubtful:
        if tree.in_tree(i):
            half = tiles[i].halves[h]
            values = (half.pips,) + ((half.runner_up,) if half.runner_up is not None else ())
            out.append(BoardProblem(Kind.UNREADABLE_HALF, (i,), values, h))
    return out


def _overruled(tiles: Sequence[TileReading], decoding: Decoding, tree: TableauTree,
               joins: Sequence[Join]) -> list[BoardProblem]:
    """Halves touching no tile, read SURE, that the board changed anyway: no join says
    they show another value, only that every tile exists once, and a bet of ten to one
    against the reader is never made unsaid (bench_board seed
    101000, 30 tiles #63: a 9-1 under glare read 9-9 at 0.39 was laid as 9-2, and the
    open 9 of a 9-2 read at 0.98 elsewhere became 8 to keep every tile once). A half a
    join changes is the join's evidence (a 7 read surely against an 8 end is an 8)."""
    said_or_joined = set(decoding.doubtful) | {(j.a, j.a_half) for j in joins} | {
        (j.b, h) for j in joins for h in j.b_halves}
    return [BoardProblem(Kind.UNREADABLE_HALF, (c.tile,), (c.decoded, c.read), c.half)
            for c in decoding.corrections
            if tiles[c.tile].halves[c.half].confidence >= SURE
            and tree.in_tree(c.tile) and (c.tile, c.half) not in said_or_joined]


def board_entries(tree: TableauTree, kept: Sequence[int], values: Sequence[tuple[int, int]]
                  ) -> list[BoardEntry]:
    """Tiles ``kept`` of the tree, with ``values`` (theirs, in that order), as entries: the
    tile and the tile it is played on."""
    tile = {i: Tile.of(*v) for i, v in zip(kept, values, strict=True)}
    return [BoardEntry(tile[i], None if tree.parent[i] is None else tile[tree.parent[i]])
            for i in kept]


__all__ = ["TableauReading", "infer_set", "read_tableau"]
