"""Tiles read from a photo of the tableau -> the board in the engine's notation.

    joins (board_geometry) -> tree rooted at the spinner -> decoding (board_decode)
    -> scorer Board, plus every problem in words a player can act on.

``read_tableau(tiles, set_max, disputed=TILE)`` also finds the named tile and leaves its
join to the tile it lies on out of the decoding: that join is what is in dispute, so the
reader's values there are kept as seen and the rules engine judges them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scorer.notation import Board, BoardEntry, validate
from scorer.rules import RuleSet
from scorer.tiles import SET_SIZES, Tile
from vision.board.decode import Correction, Decoding, decode, half_probabilities, tile_name
from vision.board.geometry import (
    Join,
    TableauTree,
    build_tree,
    components,
    double_likelihood,
    find_joins,
    point_to_tile,
    tile_ends,
    tile_quad,
    tile_width,
)
from vision.board.looks import (
    Look,
    Meets,
    doubles_in_holes,
    place,
    recentred,
    split_tiles,
    tiles_in_gaps,
    without_misreadings,
)
from vision.board.sizes import at_full_length, true_to_size
from vision.types import TileReading

REACH_WIDTHS = 0.6  # a tile off the tree joins it if an end lies this close (tile widths)
MIN_DISPUTED = 0.05  # the named tile must be at least this likely somewhere in the photo
# A reading touching no tile is one when read this surely: a tile played is joined, so a
# reading apart must show itself plainly to be reported rather than left out
APART_FROM = 0.5
PLAIN_BELOW = 0.8  # a 0-0 misfit at an open end read less surely than this is left out
TILES_TRIED = 4  # doubtful tiles tried, least sure first, when the board is misread: leaves
BETWEEN_BELOW = 0.3  # ... and tiles this unsure between others (their tiles join again)


@dataclass(frozen=True, slots=True)
class TableauReading:
    """A photo's tableau: the board (None when it could not be built), what went wrong,
    and how it was read: the tiles it was built from (the reader's, true to size: see
    vision.board.sizes; every index below is into these), joins, tree, decoded values and
    the board's corrections."""

    board: Board | None
    problems: tuple[str, ...]
    set_max: int
    tiles: tuple[TileReading, ...] = ()
    joins: tuple[Join, ...] = ()
    tree: TableauTree | None = None
    decoding: Decoding | None = None
    disputed: int | None = None  # index of the named tile among the tiles read
    notes: tuple[str, ...] = ()  # tiles left out of the tableau or found on a second look

    @property
    def ok(self) -> bool:
        return self.board is not None and not self.problems

    @property
    def corrections(self) -> tuple[Correction, ...]:
        return self.decoding.corrections if self.decoding else ()


def infer_set(tiles: Sequence[TileReading]) -> int:
    """The smallest standard set holding every value read."""
    top = max((h.pips for t in tiles for h in t.halves), default=0)
    return next((s for s in SET_SIZES if s >= top), SET_SIZES[-1])


def read_tableau(tiles: Sequence[TileReading], set_max: int | None = None,
                 disputed: Tile | None = None, look: Look | None = None,
                 rules: RuleSet | None = None) -> TableauReading:
    """Rebuild the board from the tiles read; never raises. ``look`` reads the tile whose
    half centres it is given from the photo: the second looks of vision.board.looks
    (a tile boxed as two, a tile read unsurely, a place where several tiles meet, a gap
    in a chain).
    ``rules`` are the house rules the board was played under (spinner arms, toes per
    foot; the set is ``set_max``)."""
    set_max = infer_set(tiles) if set_max is None else set_max
    if not tiles:
        return TableauReading(None, ("no tiles were found in the photo",), set_max)
    notes: tuple[str, ...] = ()
    if look is not None:
        tiles, notes = split_tiles(tuple(tiles), look)
    tiles = tuple(true_to_size(tiles))
    rules = replace(rules or RuleSet(), set_max=set_max)
    if look is None:
        return _rebuilt(tiles, notes, set_max, disputed, None, rules)
    moved, moved_notes = recentred(tiles, look)
    reading = _rebuilt(moved, notes + moved_notes, set_max, disputed, look, rules)
    if moved != tiles and not _lawful(reading, rules):
        # The moves were a guess: a tile moved to where it reads surest can break a join
        # its neighbours, boxed off the same way, made. The first looks may fit.
        first = _rebuilt(tiles, notes, set_max, disputed, look, rules)
        if _lawful(first, rules):
            return first
    return reading


def _rebuilt(tiles: tuple[TileReading, ...], notes: tuple[str, ...], set_max: int,
             disputed: Tile | None, look: Look | None, rules: RuleSet) -> TableauReading:
    """The board from tiles true to size: joins, the second looks where tiles meet and in
    gaps, decoding, and the tiles left out as plain or doubtful."""
    joins, tree = _joins_and_tree(tiles)
    tiles, apart = _set_aside_apart(tiles, joins, disputed)
    notes += apart
    found: tuple[TileReading, ...] = ()
    meets: Meets = ()
    if look is not None:
        found, found_notes, meets = doubles_in_holes(tiles, look)
        tiles, notes = without_misreadings(tiles, found) + found, notes + found_notes
    if apart or found:  # the tiles changed since their joins were found
        joins, tree = _joins_and_tree(tiles, meets)
    if tree.loose and look is not None:
        found = tiles_in_gaps(tiles, tree, look)
        if found:  # a gap's place comes from its neighbours' ends, boxed off centre too
            found = recentred(found, look, beside=tiles)[0]
            tiles = without_misreadings(tiles, found) + found
            notes += tuple(f"found {tile_name(t)} at {place(t)} on a second look, in a gap "
                           "in a chain of tiles" for t in found)
            joins, tree = _joins_and_tree(tiles, meets)
    reading = _decoded(tiles, joins, tree, set_max, disputed, notes)
    patches = _plain_leaves(reading)
    if patches:
        without = _leaving_out(reading, patches, disputed, meets)
        fits = without.decoding is not None and without.decoding.consistent
        reading = without if fits else reading  # left out only when the board then fits
    return _without_doubtful_tile(reading, rules, disputed, meets)


def _leaving_out(reading: TableauReading, patches: dict[int, str], disputed: Tile | None,
                 meets: Meets) -> TableauReading:
    """The reading again without the tiles in ``patches``, each with its note."""
    tiles = tuple(t for i, t in enumerate(reading.tiles) if i not in patches)
    joins, tree = _joins_and_tree(tiles, meets)
    return _decoded(tiles, joins, tree, reading.set_max, disputed,
                    reading.notes + tuple(patches.values()))


def _without_doubtful_tile(reading: TableauReading, rules: RuleSet, disputed: Tile | None,
                           meets: Meets) -> TableauReading:
    """The reading without one doubtful tile (at the end of a chain, read unsurely or read
    0-0: something plain; or between tiles, read very unsurely), when the board does not
    fit together or breaks the rules with it and is whole and lawful without it; with a
    note saying so. Every tile but the disputed one was played legally, so such a board
    was misread, and a doubtful tile is the likeliest misreading (a 0-0 read on a patch of
    table or on the blank half of a tile beside the spinner, a tile read on a speck, a
    second reading of a tile). Without a tile between others, the tiles beyond it join
    again where they touch."""
    tree, tiles = reading.tree, reading.tiles
    if tree is None or reading.decoding is None:
        return reading
    if reading.board is not None:
        broken = _rules_broken(reading, rules)
        if not broken or reading.problems:
            return reading  # lawful, or wrong in ways no leaf explains (tiles apart)
        why = f"with it the board breaks the rules ({broken[0]})"
    else:
        why = "with it " + next((p for p in reading.problems if "does not fit" in p),
                                reading.problems[0])
    doubtful = sorted((i for i in tree.order()[1:]
                       if i != reading.disputed and _doubtful(tiles[i], tree.children(i))),
                      key=lambda i: tiles[i].confidence)
    for i in doubtful[:TILES_TRIED]:
        leaf = not tree.children(i)
        if leaf and reading.board is not None and _rules_broken(reading, rules, leave=i):
            continue  # quick: the board less this leaf still breaks them
        seen = ("no pips were seen on it" if tiles[i].pips == (0, 0) else
                f"it was read unsurely ({tiles[i].confidence:.2f})")
        without = _leaving_out(
            reading, {i: f"left out {tile_name(tiles[i])} at {place(tiles[i])}: {seen}, and "
                         f"{why}"}, disputed, meets)
        if _lawful(without, rules):
            return without
    return reading


def _doubtful(tile: TileReading, children: Sequence[int]) -> bool:
    """A tile likeliest misread: read very unsurely, or at the end of a chain (no
    ``children``) read unsurely or read 0-0 (something plain)."""
    if tile.confidence < BETWEEN_BELOW:
        return True
    return not children and (tile.pips == (0, 0) or tile.confidence < PLAIN_BELOW)


def _rules_broken(reading: TableauReading, rules: RuleSet, leave: int | None = None
                  ) -> list[str]:
    """What the board breaks, the disputed tile and what lies on it taken off (the
    dispute is about them), and ``leave`` too."""
    assert reading.tree is not None and reading.decoding is not None
    gone = set() if leave is None else {leave}
    if reading.disputed is not None:
        gone |= _subtree(reading.tree, reading.disputed)
    board = _board(reading.decoding, reading.tree, gone)
    return [r.message for r in validate(board, rules).reasons]


def _lawful(reading: TableauReading, rules: RuleSet) -> bool:
    return reading.ok and not _rules_broken(reading, rules)


def _subtree(tree: TableauTree, tile: int) -> set[int]:
    """``tile`` and every tile played on it."""
    out = [tile]
    for current in out:
        out.extend(tree.children(current))
    return set(out)


def _decoded(tiles: tuple[TileReading, ...], joins: tuple[Join, ...], tree: TableauTree,
             set_max: int, disputed: Tile | None, notes: tuple[str, ...]) -> TableauReading:
    """The board from the joins and the tree, decoded, with every problem found."""
    problems = _structure_problems(tiles, joins, tree)
    index = None
    fixed: dict[int, tuple[int, int]] = {}
    used = [j for j in joins if j not in tree.extra]
    if disputed is not None:
        index, values = locate(tiles, disputed, set_max)
        if index is None:
            problems.append(f"{disputed} is not in the photo (no tile read could be it)")
        else:
            fixed[index] = values
            used = [j for j in used if j is not tree.join[index]]
            if not tree.in_tree(index):
                problems.append(f"{disputed} is not joined to the tableau")
            elif index == tree.root:
                problems.append(f"{disputed} is the spinner; name a tile played on the board")
    decoding = decode(tiles, used, set_max, fixed, doubles=(tree.root,))  # the spinner
    if not decoding.consistent:
        problems.extend(f"the board does not fit together: {c}" for c in decoding.conflicts)
        return TableauReading(None, tuple(problems), set_max, tiles, joins, tree, decoding,
                              index, notes)
    problems.extend(_unreadable(tiles, decoding, tree))
    board = _board(decoding, tree)
    return TableauReading(board, tuple(problems), set_max, tiles, joins, tree, decoding, index,
                          notes)


def _plain_leaves(reading: TableauReading) -> dict[int, str]:
    """Tiles at an open end read as 0-0 that do not fit it as read (the board has to
    change a half, or cannot fit them at all): no pips were seen on either half, so this
    is most likely something plain lying against the end (a pale stripe of table, paper),
    not a tile; each with the note saying so. A 0-0 read surely that the board can fit,
    changing its neighbour, is a tile and stays; one that no board fits goes too (glare
    on a tile reads as a 0-0 as surely as a blank tile does)."""
    tree, tiles, decoding = reading.tree, reading.tiles, reading.decoding
    if tree is None or decoding is None:
        return {}
    misfits = ({c.tile for c in decoding.corrections} if decoding.consistent
               else set(range(len(tiles))))
    out: dict[int, str] = {}
    for i in sorted(misfits):
        parent = tree.parent[i]
        sure = tiles[i].confidence >= PLAIN_BELOW and decoding.consistent
        if (tiles[i].pips != (0, 0) or sure
                or i == reading.disputed or parent is None or tree.children(i)):
            continue
        out[i] = (f"left out a 0-0 at {place(tiles[i])} against {tile_name(tiles[parent])}: "
                  "it does not fit there as read, and no pips were seen on it (most "
                  "likely something plain, such as a pale stripe of table)")
    return out


def _set_aside_apart(tiles: tuple[TileReading, ...], joins: Sequence[Join],
                     disputed: Tile | None) -> tuple[tuple[TileReading, ...], tuple[str, ...]]:
    """Readings that touch no tile at all and are no tile of the tableau are left out,
    each with a note: a 0-0 (a plain patch, such as paper, a card or a pale stripe of
    table, reads as the double blank because it has no pips, and a real 0-0 lying that
    far apart is not part of the tableau either), and a reading under APART_FROM (a speck
    of the table's pattern, far smaller than a tile). A tile with pips read surely stays,
    and a loose one is reported: it may be a missed join. The disputed tile stays."""
    if len(tiles) < 2:
        return tiles, ()
    joined = {j.a for j in joins} | {j.b for j in joins}
    notes: dict[int, str] = {}
    for i, t in enumerate(tiles):
        if i in joined or (disputed is not None and Tile.of(*t.pips) == disputed):
            continue
        if t.pips == (0, 0):
            notes[i] = (f"left out a 0-0 at {place(t)}: it touches no tile of the tableau "
                        "(a blank tile lying apart, or something plain like paper)")
        elif t.confidence < APART_FROM:
            notes[i] = (f"left out {tile_name(t)} at {place(t)}: it touches no tile of the "
                        f"tableau and was read too unsurely ({t.confidence:.2f}) to be one")
    return tuple(t for i, t in enumerate(tiles) if i not in notes), tuple(notes.values())


def _joins_and_tree(tiles: Sequence[TileReading], meets: Meets = ()
                    ) -> tuple[tuple[Join, ...], TableauTree]:
    """The joins and the tree; tiles left off it may still reach it across a wider gap
    (corners read a little short, a tile nudged as the next one was laid), measured with
    every tile at the full length its neighbours have. A double found where tiles meet is
    joined to each end that met it and is otherwise free."""
    joins = _with_meets(find_joins(tiles), tiles, meets)
    tree = build_tree(tiles, joins)
    reach: tuple[Join, ...] | None = None
    while tree.loose:
        if reach is None:
            reach = find_joins(at_full_length(tiles), REACH_WIDTHS)
        loose = set(tree.loose)  # a join from off the tree to it is new: it was not used
        reaching = tuple(j for j in reach if (j.a in loose) != (j.b in loose))
        if not reaching:
            break
        root = tree.root
        joins = joins + reaching
        tree = build_tree(tiles, joins)  # the spinner is chosen again: it may gain arms
        if tree.root == root:
            break  # the same tree reached as far as it could; else reach from the new one
    return joins, tree


def _with_meets(joins: tuple[Join, ...], tiles: Sequence[TileReading], meets: Meets
                ) -> tuple[Join, ...]:
    """The joins, and a join from each end that met a double found where tiles meet to
    that double (its side: the arms meeting a spinner's long sides and its ends alike show
    its one value), when both are still read and the end and the pair have none yet."""
    index = {id(t): i for i, t in enumerate(tiles)}
    taken = {(j.a, j.a_half) for j in joins} | {(j.b, j.b_half) for j in joins
                                                 if j.b_half is not None}
    paired = {frozenset((j.a, j.b)) for j in joins}
    added = []
    for tile, half, double in meets:
        a, b = index.get(id(tile)), index.get(id(double))
        if a is None or b is None or (a, half) in taken or frozenset((a, b)) in paired:
            continue
        gap = point_to_tile(tile_ends(tiles[a])[half], tile_quad(tiles[b]))
        added.append(Join(a, half, b, None, round(gap / tile_width(tiles[a]), 3)))
        taken.add((a, half))
        paired.add(frozenset((a, b)))
    return joins + tuple(added)


def locate(tiles: Sequence[TileReading], tile: Tile, set_max: int
           ) -> tuple[int | None, tuple[int, int]]:
    """The tile read most likely to be ``tile``, and its values in half order."""
    best: tuple[float, int, tuple[int, int]] | None = None
    if tile.high > set_max:
        return None, tile.ends
    for i, t in enumerate(tiles):
        p0 = half_probabilities(t.halves[0], set_max)
        p1 = half_probabilities(t.halves[1], set_max)
        for a, b in {(tile.low, tile.high), (tile.high, tile.low)}:
            p = p0[a] * p1[b]
            if best is None or p > best[0]:
                best = (p, i, (a, b))
    if best is None or best[0] < MIN_DISPUTED:
        return None, tile.ends
    return best[1], best[2]


def _structure_problems(tiles: Sequence[TileReading], joins: Sequence[Join],
                        tree: TableauTree) -> list[str]:
    problems = []
    main = set(tree.order())
    for group in components(len(tiles), joins):
        if group[0] in main or set(group) & main:
            continue
        names = ", ".join(f"{tile_name(tiles[i])} at {place(tiles[i])}" for i in group)
        hub = [i for i in group if double_likelihood(tiles[i]) > 0.2
               and sum(1 for j in joins if i in (j.a, j.b)) >= 2]
        if hub:
            problems.append(f"more than one spinner: {tile_name(tiles[hub[0]])} at "
                            f"{place(tiles[hub[0]])} has its own tiles around it, apart from "
                            f"the spinner {tile_name(tiles[tree.root])}")
        elif len(group) == 1:
            problems.append(f"a tile not joined to anything: {names}")
        else:
            problems.append(f"tiles joined to each other but not to the spinner: {names}")
    return problems


def _unreadable(tiles: Sequence[TileReading], decoding: Decoding, tree: TableauTree
                ) -> list[str]:
    out = []
    for i, h in decoding.doubtful:
        if tree.in_tree(i):
            half = tiles[i].halves[h]
            alt = f" or {half.runner_up}" if half.runner_up is not None else ""
            out.append(f"an unreadable half: the {'first' if h == 0 else 'second'} half of "
                       f"{tile_name(tiles[i])} at {place(tiles[i])} could be {half.pips}{alt}")
    return out


def _board(decoding: Decoding, tree: TableauTree, leave: set[int] | None = None) -> Board:
    values = decoding.values
    entries = []
    for i in tree.order():
        if leave and i in leave:
            continue
        tile = Tile.of(*values[i])
        parent = tree.parent[i]
        entries.append(BoardEntry(tile, None if parent is None else Tile.of(*values[parent])))
    return Board.of(entries)


def describe_corrections(tiles: Sequence[TileReading], reading: TableauReading) -> list[str]:
    """One line per half the board corrected."""
    lines = []
    if reading.decoding is None:
        return lines
    values = reading.decoding.values
    for c in reading.corrections:
        now = "-".join(str(v) for v in values[c.tile])
        lines.append(f"read {tile_name(tiles[c.tile])} at {place(tiles[c.tile])} as {now}: "
                     f"{c.read} does not fit the board, {c.decoded} does")
    return lines


__all__ = ["TableauReading", "describe_corrections", "infer_set", "locate", "read_tableau"]
