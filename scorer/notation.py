"""Board notation: a tableau typed by a person or read from a photo.

``9-9 9-1@9-9 9-2@9-9 1-5@9-1`` is the spinner 9-9, the arms 9-1 and 9-2 on it, and 1-5
played on the 1 of 9-1. Every tile but the spinner names the tile it is played on; tiles
are unique, so the order of the tokens does not matter, and a tile may be written either
way round. The canonical form lists the spinner, then the tiles breadth first from it,
each written with its touching half first. The same board as JSON:
``{"tiles": [{"tile": "9-9"}, {"tile": "9-1", "on": "9-9"}, ...]}``.

``validate(board, rules)`` reports every problem of a board at once; ``to_tableau`` turns
a valid board into a Tableau the engine can judge plays on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

from scorer.json_text import JsonProblem, read_json
from scorer.messages import clip, first_foreign, name_char, summarize
from scorer.rules import DEFAULT_RULES, RuleSet
from scorer.tableau import Placement, Tableau
from scorer.tiles import Tile
from scorer.verdict import Reason, Verdict, Violation

_TOKEN = re.compile(r"^([0-9]{1,2})[-|:]([0-9]{1,2})(?:@([0-9]{1,2})[-|:]([0-9]{1,2}))?$")

# A full double-18 set is 190 tiles: about 2 KB of notation or 8 KB of JSON. Longer text
# is refused before it is parsed, so a pasted megabyte costs nothing.
MAX_BOARD_CHARS = 64 * 1024
BOM = "\ufeff"


class NotationError(ValueError):
    """Text or JSON that is not a board; the message names the bad token."""


class BoardError(ValueError):
    """A board no legal game could produce; carries the Verdict with every problem."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(summarize([r.message for r in verdict.reasons]))


@dataclass(frozen=True, slots=True, order=True)
class BoardEntry:
    """One tile on a board and the tile it is played on (None for the spinner)."""

    tile: Tile
    parent: Tile | None = None

    def __str__(self) -> str:
        return str(self.tile) if self.parent is None else f"{self.tile}@{self.parent}"


def _entry_key(entry: BoardEntry) -> tuple[int, Tile, Tile]:
    if entry.parent is None:
        return (0, entry.tile, entry.tile)
    return (1, entry.parent, entry.tile)


@dataclass(frozen=True, slots=True)
class Board:
    """The tiles of a board and what each is played on, in one canonical order."""

    entries: tuple[BoardEntry, ...]

    @classmethod
    def of(cls, entries: Iterable[BoardEntry]) -> Board:
        return cls(tuple(sorted(entries, key=_entry_key)))

    @classmethod
    def from_tableau(cls, tableau: Tableau) -> Board:
        return cls.of(BoardEntry(p.tile, p.parent) for p in tableau.placements)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(e.tile for e in self.entries)

    def without(self, tile: Tile) -> Board:
        """The board with ``tile`` taken off (to judge a disputed tile already laid)."""
        return Board(tuple(e for e in self.entries if e.tile != tile))

    def __str__(self) -> str:
        return format_board(self)


# -- text ------------------------------------------------------------------------------
def _check_size(text: str) -> str:
    """``text`` without a leading byte-order mark; NotationError when it is too long."""
    if len(text) > MAX_BOARD_CHARS:
        raise NotationError(f"the board is {len(text):,} characters long; a board holds at "
                            f"most {MAX_BOARD_CHARS:,}")
    return text[1:] if text.startswith(BOM) else text


def _bad_token(token: str) -> NotationError:
    foreign = first_foreign(token)
    if foreign is not None:
        return NotationError(f"'{clip(token)}' holds {name_char(foreign)}; write tiles with "
                             "the digits 0-9, like 9-1 and 1-5@9-1")
    return NotationError(f"'{clip(token)}' is not a tile on a board (write a tile like 9-1, "
                         "and a tile played on another like 1-5@9-1)")


def parse_board(text: str) -> Board:
    """Read board notation; raise NotationError naming the first bad token."""
    tokens = _check_size(text).replace(",", " ").split()
    if not tokens:
        raise NotationError("the board is empty: write the spinner first, like 9-9 9-1@9-9")
    entries = []
    for token in tokens:
        match = _TOKEN.match(token)
        if not match:
            raise _bad_token(token)
        a, b, c, d = match.groups()
        try:
            tile = Tile.of(int(a), int(b))
            parent = None if c is None else Tile.of(int(c), int(d))
        except ValueError as error:
            raise NotationError(f"'{token}': {error}") from None
        entries.append(BoardEntry(tile, parent))
    return Board.of(entries)


def _orientation(board: Board) -> tuple[list[BoardEntry], dict[Tile, int]]:
    """Breadth-first order from the roots, and the touching value of every tile whose
    join matches (the spinner touches with its own value)."""
    children: dict[Tile, list[BoardEntry]] = {}
    for e in board.entries:
        if e.parent is not None:
            children.setdefault(e.parent, []).append(e)
    touching: dict[Tile, int] = {}
    order: list[BoardEntry] = []
    seen: set[Tile] = set()
    queue = [e for e in board.entries if e.parent is None]
    for root in queue:
        seen.add(root.tile)
        touching[root.tile] = root.tile.low
    while queue:
        entry = queue.pop(0)
        order.append(entry)
        tile = entry.tile
        shown = None
        if tile in touching:
            shown = tile.low if tile.is_double else tile.other_end(touching[tile])
        for child in children.get(tile, ()):
            if child.tile in seen:
                continue
            seen.add(child.tile)
            if shown is not None and child.tile.has(shown):
                touching[child.tile] = shown
            queue.append(child)
    rest = [e for e in board.entries if e not in order]
    return order + rest, touching


def format_board(board: Board) -> str:
    """The canonical notation: spinner first, breadth first, touching half first."""
    order, touching = _orientation(board)
    words = []
    for e in order:
        tile = e.tile
        if tile in touching and e.parent is not None:
            text = f"{touching[tile]}-{tile.other_end(touching[tile])}"
        else:
            text = str(tile)
        words.append(text if e.parent is None else f"{text}@{e.parent}")
    return " ".join(words)


# -- JSON ------------------------------------------------------------------------------
def board_to_json(board: Board) -> str:
    """The canonical JSON text of a board (same order and halves as the notation)."""
    items = []
    for word in format_board(board).split():
        tile, _, on = word.partition("@")
        items.append({"tile": tile, "on": on} if on else {"tile": tile})
    return json.dumps({"tiles": items})


def board_from_json(text: str) -> Board:
    """Read a board's JSON; raise NotationError naming what is wrong."""
    text = _check_size(text)
    try:
        data = read_json(text)
    except JsonProblem as problem:
        raise NotationError(f"the board is not valid JSON ({problem}); a board is "
                            '{"tiles": [{"tile": "9-9"}, ...]}') from None
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        raise NotationError('board JSON must be an object like {"tiles": [{"tile": "9-9"}]}')
    entries = []
    for i, item in enumerate(data["tiles"]):
        if not isinstance(item, dict) or not isinstance(item.get("tile"), str):
            raise NotationError(f'item {i + 1} of "tiles" is not like {{"tile": "9-1", '
                                '"on": "9-9"}')
        on = item.get("on")
        if on is not None and not isinstance(on, str):
            raise NotationError(f'item {i + 1} of "tiles": "on" must be a tile like "9-9"')
        try:
            tile = Tile.parse(item["tile"])
            parent = None if on is None else Tile.parse(on)
        except ValueError as error:
            raise NotationError(f"item {i + 1} of \"tiles\": {error}") from None
        entries.append(BoardEntry(tile, parent))
    if not entries:
        raise NotationError("the board is empty")
    return Board.of(entries)


def read_board(text: str) -> Board:
    """Notation or JSON, whichever the text is (a leading byte-order mark is ignored)."""
    text = _check_size(text)
    # a tile never starts with a bracket: "[...]" is JSON of the wrong shape, said so
    return board_from_json(text) if text.lstrip().startswith(("{", "[")) else parse_board(text)


# -- checking --------------------------------------------------------------------------
MAX_NAMED = 6  # tiles named in one reason; the rest are counted


def _names(tiles: Iterable[object]) -> str:
    return summarize([str(t) for t in tiles], MAX_NAMED, ", ")


def validate(board: Board, rules: RuleSet = DEFAULT_RULES, *, spinner: int | None = None
             ) -> Verdict:
    """Every problem of ``board`` at once: tiles outside the set or written twice, parents
    missing, loops, joins that do not match, too many tiles on one end, and layouts no
    legal game could produce (plays beyond a spinner still missing arms, tiles beyond an
    unfinished chicken foot, two open feet). ``spinner`` is the round's starting double."""
    reasons: list[Reason] = []
    add = reasons.append
    entries = board.entries
    outside = sorted({t for e in entries for t in (e.tile, e.parent)
                      if t is not None and t.high > rules.set_max})
    for tile in outside:
        add(Reason(Violation.TILE_NOT_IN_SET, f"{tile} is not in a double-{rules.set_max} set"))
    count: dict[Tile, int] = {}
    for e in entries:
        count[e.tile] = count.get(e.tile, 0) + 1
    for tile, n in count.items():
        if n > 1:
            places = _names(("spinner" if e.parent is None else f"on {e.parent}")
                            for e in entries if e.tile == tile)
            add(Reason(Violation.DUPLICATE_TILE,
                       f"{tile} appears {n} times ({places}); every tile exists once"))
    first: dict[Tile, BoardEntry] = {}
    for e in entries:
        first.setdefault(e.tile, e)
    unique = list(first.values())
    roots = [e.tile for e in unique if e.parent is None]
    if not roots:
        add(Reason(Violation.NO_SPINNER,
                   "the board has no spinner (the one tile written without @)"))
    elif len(roots) > 1:
        add(Reason(Violation.TWO_SPINNERS,
                   f"{_names(roots)} are all written without @; a board has one spinner"))
    for root in roots:
        if not root.is_double:
            add(Reason(Violation.SPINNER_NOT_DOUBLE, f"the spinner {root} is not a double"))
        elif spinner is not None and root.low != spinner:
            add(Reason(Violation.WRONG_SPINNER,
                       f"this round's spinner is {spinner}-{spinner}, not {root}"))
    missing = sorted({e.parent for e in unique if e.parent is not None
                      and e.parent not in first})
    for parent in missing:
        on_it = _names(e.tile for e in unique if e.parent == parent)
        add(Reason(Violation.PARENT_MISSING,
                   f"{on_it} {'is' if ',' not in on_it else 'are'} played on {parent}, "
                   f"which is not on the board"))
    # loops: follow parents; a tile whose chain comes back to itself
    in_loop: set[Tile] = set()
    for e in unique:
        chain = []
        cur: Tile | None = e.tile
        while cur is not None and cur in first and cur not in chain:
            chain.append(cur)
            cur = first[cur].parent
        if cur is not None and cur in chain:
            in_loop.update(chain[chain.index(cur):])
    if len(in_loop) == 1:
        add(Reason(Violation.CYCLE, f"{_names(in_loop)} is played on itself; every chain "
                   "must lead back to the spinner"))
    elif in_loop:
        add(Reason(Violation.CYCLE,
                   f"{_names(sorted(in_loop))} are played on each other in a loop; every "
                   "chain must lead back to the spinner"))

    for root in roots:
        _check_tree(Board(tuple(unique)), root, rules, add)
    return Verdict("board", tuple(reasons))


def _check_tree(board: Board, root: Tile, rules: RuleSet, add) -> None:
    children: dict[Tile, list[Tile]] = {}
    parent_of: dict[Tile, Tile | None] = {}
    for e in board.entries:
        parent_of[e.tile] = e.parent
        if e.parent is not None:
            children.setdefault(e.parent, []).append(e.tile)
    shown: dict[Tile, int | None] = {root: root.low}
    depth = {root: 0}
    order = [root]
    i = 0
    while i < len(order):
        tile = order[i]
        i += 1
        value = shown[tile]
        kids = sorted(children.get(tile, ()))
        for kid in kids:
            if kid in depth:
                continue
            depth[kid] = depth[tile] + 1
            order.append(kid)
            if value is None:
                shown[kid] = None  # the parent's own join is wrong: its end is unknown
            elif kid.has(value):
                shown[kid] = value if kid.is_double else kid.other_end(value)
            else:
                shown[kid] = None
                where = (f"{tile} shows {value}" if tile.is_double
                         else f"the open end of {tile} shows {value}")
                add(Reason(Violation.NO_MATCH, f"{kid} does not match: {where}"))
        if tile == root:
            if len(kids) > rules.spinner_arms:
                add(Reason(Violation.TOO_MANY_ARMS,
                           f"the spinner {tile} has {len(kids)} arms ({_names(kids)}); "
                           f"this game plays {rules.spinner_arms}"))
        elif tile.is_double:
            if len(kids) > rules.toes_per_foot:
                add(Reason(Violation.TOO_MANY_TOES,
                           f"the chicken foot on {tile} has {len(kids)} toes "
                           f"({_names(kids)}); a foot has {rules.toes_per_foot}"))
        elif len(kids) > 1:
            add(Reason(Violation.END_TAKEN,
                       f"{_names(kids)} are all played on {tile}, which has one open end"))
    arms = len(children.get(root, ()))
    if root.is_double and arms < rules.spinner_arms:
        beyond = [t for t in order if depth[t] >= 2]
        if beyond:
            add(Reason(Violation.PLAYED_BEFORE_ARMS,
                       f"the spinner {root} has {arms} of its {rules.spinner_arms} arms, "
                       f"yet {_names(beyond)} {'is' if len(beyond) == 1 else 'are'} played "
                       "beyond the arms; only arms may be played until all are down"))
    feet = [t for t in order if t != root and t.is_double
            and len(children.get(t, ())) < rules.toes_per_foot]
    if len(feet) > 1:
        add(Reason(Violation.TWO_OPEN_FEET,
                   f"chicken feet on {_names(feet)} are all unfinished; only one foot can "
                   "be open at a time"))
    for foot in feet:
        toes = children.get(foot, [])
        late = sorted(t for toe in toes for t in children.get(toe, ()))
        if late:
            add(Reason(Violation.PLAYED_WHILE_FOOT_OPEN,
                       f"the chicken foot on {foot} has {len(toes)} of its "
                       f"{rules.toes_per_foot} toes, yet {_names(late)} "
                       f"{'is' if len(late) == 1 else 'are'} played on its toes; nothing "
                       "is played beyond a foot until it has all its toes"))


def to_tableau(board: Board, rules: RuleSet = DEFAULT_RULES, *, spinner: int | None = None
               ) -> Tableau:
    """The Tableau of a valid board; raises BoardError with every problem otherwise."""
    verdict = validate(board, rules, spinner=spinner)
    if not verdict.legal:
        raise BoardError(verdict)
    _, touching = _orientation(board)
    return Tableau.from_placements(
        rules, (Placement(e.tile, e.parent, touching[e.tile]) for e in board.entries))
