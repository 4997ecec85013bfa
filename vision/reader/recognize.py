"""One photo file in, one result out: load, read the tiles, check them against the set.

``recognize_file`` never raises for a bad file: it returns a ``RecognitionError`` value
instead, so a command reading many photos carries on with the others.

A big photo is first read from a quick decode (``QUICK_LOOK_MEGAPIXELS``: a 12 MP JPEG at
1/2 decodes in about a third of the time). The pip reader sees a half through a 64-pixel
crop and the pair judge a tile through an 80-pixel one, so a half ``QUICK_LOOK_HALF_PX``
wide in the quick look loses nothing there: a finer decode shows the models the same.
So the photo is read again only when the quick look found no tile (they may be too small
for it: then from every pixel), or a tile whose halves are narrower than that (read
surely or not); then at the least detail that makes every half found that wide (a decode
reduced by 1, 2, 4 or 8). Doubt met with halves that wide stays: a finer decode would not
change it. A hand photographed close is read once, fast, however big the photo (a 50 MP
close-up of six tiles: 223 MB and 1.6 s, where reading it again at 16 MP took 1.4 GB
and 4.9 s); tiles small in a wide shot get the pixels they need.

Set knowledge applied after the reader:

- with ``set_max``, a tile with a half above it is dropped and a problem names it (the
  reader should already keep values in range; this is the safety net);
- every tile exists once in a set, so a tile read twice stays in the result, a problem
  says so and every copy is doubtful: at most one of them is right;
- the tiles of a set are one size, so a tile far wider than the others is doubtful;
- a double blank counts 50, so a 0|0 is counted unasked only when read surely past the
  doubt threshold (``DOUBLE_BLANK_SURE_FROM``).

Why: Pips are read by a separate small CNN from full- resolution crops. The detector runs
letterboxed to 320 px on the long side, at the photo's own shape (320x192 for 16:9), where
pips of a 12 MP photo are a pixel wide; the pip reader cuts each half from the original
photo (`vision/reader/half_crop.py`, the one function training and reading share), so pip
size is independent of the photo size. A big photo is first read from a quick decode at
1/2 to 1/8 and read again only when that look found no tile, or a half under 96 px wide
there, and then at the least detail that makes every half found that wide
(`vision/reader/recognize.py`): the models see a half through a 64-px crop, so more pixels
show them nothing new, and a 50 MP close-up reads in its quick look (1.6 s, 223 MB, where
reading it again at 16 MP took 4.9 s and 1.4 GB); a wide shot keeps the pixels it needs.
Reading the crop in four quarter turns and averaging costs little (crops are 64 px) and
steadies hard cases. The reader returns a probability for every value, so the runner-up is
always known, and a set's knowledge (no value above N) is a mask, not a filter after the
fact.
"""

from __future__ import annotations

import functools
import math
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from scorer.messages import counted
from scorer.tiles import MAX_SET, Tile
from vision.doubt import is_doubtful_confidence, tile_confidence
from vision.image import (
    CORRUPT_CONFIDENCE_CAP,
    MIN_SIDE_PX,
    Damage,
    ImageError,
    LoadedImage,
    at_most,
    blank_bands,
    decode_reduction,
    intact_region,
    load_image,
    load_looks,
)
from vision.median import median
from vision.reader.calibration import Calibration
from vision.reader.second_look import read_hand
from vision.types import LoneHalf, ReaderProblem, Recognition, TileReading


class FrameReader(Protocol):
    """What reads tiles from one BGR frame: the tiles found and the problems met."""

    def read(self, image_bgr: np.ndarray,
             set_max: int | None = None) -> tuple[list[TileReading], list[ReaderProblem]]: ...


@dataclass(frozen=True, slots=True)
class RecognitionError:
    """A photo that could not be read at all: which file and why, in one line."""

    image: str
    message: str


RecognitionResult = Recognition | RecognitionError
NOTHING_LEFT = "the photo is damaged and no tile could be read in what is left: take it again"
# A picture of one colour throughout: a lens covered, or a file whose pixel data is missing
# (an RLE bitmap of nothing but its end)
BLANK_PICTURE = "the picture is one colour throughout: nothing in it to read"
# A corrupt photo whose damage could not be placed: any part of it may be garbage, and a
# tile read there is made up (real copies with flipped bits: 2 tiles invented in the 9
# read, each tile held doubtful), so none is read
UNPLACED_DAMAGE = ("the photo is damaged and where cannot be told, so no tile in it can be "
                   "trusted: take it again")
# A tile whose corners reach this much of its width past a cut or into a blank band was
# still read from its own pips (corners are read a little wide)
EDGE_SLACK = 0.1


@dataclass(frozen=True)
class LostEdge:
    """How close, in its own widths, a tile may come to lost pixels and be read, and be
    sure (negative: reach past them)."""
    read_from: float
    sure_from: float


# A cut is exact (its grey begins where it begins): a tile is read up to it, as before.
CUT_EDGE = LostEdge(read_from=-EDGE_SLACK, sure_from=-EDGE_SLACK)
# Where a corrupt photo's garbage begins is known to a row of blocks or two, and a tile the
# edge cuts is read as a whole tile ending there, its second half made of what is left:
# a tile must end half its width short, and one within a tile length may hold garbage.
GARBAGE_EDGE = LostEdge(read_from=0.5, sure_from=2.0)
# A blank band is exact, but a tile one half of which lies in it is read as a tile ending
# at it, its other half read from what shows (a 7-5 whose 7 was erased read 0-5, sure):
# a tile ending within half its width of the band may have lost a half.
BAND_EDGE = LostEdge(read_from=-EDGE_SLACK, sure_from=0.5)
QUICK_LOOK_MEGAPIXELS = 4.0  # a 12 MP phone photo is looked at first at 1/2 (3 MP)
QUICK_LOOK_HALF_PX = 96  # 1.5 times the pip reader's 64-pixel crop of a half
# Real photos, every framing: no tile over 1.37 times the median width of the others.
# Rendered hands among backs and clutter (seeds 4401, 4402; 2,100 tiles, tilted cameras):
# every sure tile at 1.6 or more was a wrong reading (two backs as a 0-0, a tile with glare).
OVERSIZED = 1.6
# Real photos, train and valid (3,028 tiles read among three or more): every sure tile
# under 0.4 times the median width of the others (7) was pips of one half boxed as a
# double, and no real tile measured under 0.45 (mosaics of photos at several scales).
UNDERSIZED = 0.4
ASKED_CONFIDENCE = 0.5  # under the doubt threshold (vision.doubt): the player confirms
# A double blank counts 50, several times what another misreading costs, and the backs of
# tiles and plain patches read as 0|0. On 600 rendered photos (hands among clutter and
# backs, seed 953; beside chicken yards, 957 and 958; sets of every colour, 971; double-9,
# 777) both 0|0 read between the doubt threshold and this were backs, and the 55 double
# blanks read over the threshold all read 0.96 or more.
DOUBLE_BLANK_SURE_FROM = 0.9


def recognize_file(path: str | os.PathLike[str], reader: FrameReader,
                   set_max: int | None = None,
                   calibration: Calibration | None = None) -> RecognitionResult:
    """Load ``path``, read its tiles, apply set knowledge. Never raises for a bad file."""
    return read_photo_file(path, reader, set_max, calibration)[1]


def read_photo_file(path: str | os.PathLike[str], reader: FrameReader,
                    set_max: int | None = None, calibration: Calibration | None = None
                    ) -> tuple[LoadedImage | None, RecognitionResult]:
    """The photo as last decoded (None when it could not be) and what was read in it: a
    quick look first when the photo is big, then every pixel unless that was plainly
    enough (the module's docstring)."""
    try:
        loaded, finest = load_looks(path, QUICK_LOOK_MEGAPIXELS)
    except ImageError as error:
        return None, RecognitionError(image=str(path), message=error.reason)
    result = recognize_loaded(loaded, reader, set_max, calibration)
    if loaded.scale == 1.0:
        return loaded, result
    most = _detail_needed(result, loaded)
    if most is None:
        return loaded, result
    if decode_reduction(loaded.width, loaded.height, most) >= round(loaded.scale):
        return loaded, result  # as detailed as this photo is ever read: not decoded again
    try:
        detailed = load_image(path, most) if finest is None else at_most(finest, most)
    except ImageError as error:  # the file changed between the two reads
        return None, RecognitionError(image=str(path), message=error.reason)
    del finest  # a big photo's pixels go before the second read
    if detailed.scale >= loaded.scale:  # as detailed as this photo is ever read
        return loaded, result
    return detailed, recognize_loaded(detailed, reader, set_max, calibration)


def _detail_needed(result: RecognitionResult, loaded: LoadedImage) -> float | None:
    """The megapixels to decode the photo at for a second read, or None when the quick
    look was plainly enough (the module's docstring)."""
    every_pixel = loaded.width * loaded.height / 1e6
    if isinstance(result, RecognitionError) or not result.tiles:
        return every_pixel
    narrowest = min(_width_px(t) for t in result.tiles)  # in the photo's own pixels
    if narrowest / loaded.scale >= QUICK_LOOK_HALF_PX:
        return None
    reduce_by = next((r for r in (8, 4, 2) if narrowest / r >= QUICK_LOOK_HALF_PX), 1)
    return every_pixel / reduce_by ** 2 * 1.01  # 1.01: a side rounded up at the decode


def _width_px(tile: TileReading) -> float:
    """The tile's width, a half's side: its first two corners run across the first half's
    outer end (TileReading's corner order)."""
    (ax, ay), (bx, by) = tile.corners_px[0], tile.corners_px[1]
    return float(np.hypot(bx - ax, by - ay))


def recognize_loaded(loaded: LoadedImage, reader: FrameReader,
                     set_max: int | None = None,
                     calibration: Calibration | None = None) -> RecognitionResult:
    """Read an already loaded photo; coordinates come back in the original's pixels and
    confidences calibrated (the shipped mapping unless ``calibration`` is given). A
    damaged photo in which no tile could be read is an error, never a hand of nothing: a
    score of 0 would say the player went out."""
    if unplaced_damage(loaded):
        return RecognitionError(image=loaded.path, message=UNPLACED_DAMAGE)
    tiles, problems = _read_what_is_intact(loaded, reader, set_max,
                                           calibration or shipped_calibration())
    if loaded.damage is not None and not tiles:
        return RecognitionError(image=loaded.path, message=NOTHING_LEFT)
    if loaded.scale != 1.0:  # back to the original's pixels
        tiles = [scale_tile(t, loaded.scale) for t in tiles]
        problems = [p.scaled(loaded.scale) if isinstance(p, LoneHalf) else p for p in problems]
    if not tiles and loaded.pixels.min() == loaded.pixels.max():
        problems = [BLANK_PICTURE, *problems]  # no closer photo shows what is not there
    kept, set_problems = apply_set_knowledge(tiles, set_max)
    return Recognition(image=loaded.path, width=loaded.width, height=loaded.height,
                       tiles=tuple(kept),
                       problems=tuple(loaded.warnings) + tuple(str(p) for p in problems)
                       + set_problems)


@functools.cache
def shipped_calibration() -> Calibration:
    return Calibration.load()


def _read_what_is_intact(loaded: LoadedImage, reader: FrameReader, set_max: int | None,
                         calibration: Calibration) -> tuple[list[TileReading], list[ReaderProblem]]:
    """Read the photo; a damaged one only where its pixels are its own (vision.image.damage)."""
    return read_undamaged(loaded, lambda pixels: read_hand(reader, pixels, set_max),
                          calibration)


Read = Callable[[np.ndarray], tuple[list[TileReading], list[ReaderProblem]]]


def unplaced_damage(loaded: LoadedImage) -> bool:
    """Whether the photo is corrupt and where its garbage begins was not found."""
    return loaded.damage is Damage.CORRUPT and loaded.intact is None


def read_undamaged(loaded: LoadedImage, read: Read, calibration: Calibration | None = None,
                   ) -> tuple[list[TileReading], list[ReaderProblem]]:
    """``read`` (pixels in, tiles and problems out) of a loaded photo, where its pixels are
    its own: a photo cut short or corrupt from some row on is read before it, a tile
    touching a blank band is left out (one ending near it is doubtful), and a corrupt
    photo whose damage was not found gives no tile (``UNPLACED_DAMAGE``). Coordinates are
    the decoded pixels'; confidences go through ``calibration`` (when given) before damage
    caps them."""
    def calibrated(pixels: np.ndarray) -> tuple[list[TileReading], list[ReaderProblem]]:
        tiles, problems = read(pixels)
        if calibration is None:
            return tiles, problems
        return [_shown(calibration.tile(t)) for t in tiles], problems

    if loaded.damage is Damage.CUT_SHORT:
        return _read_inside(loaded, calibrated, intact_region(loaded.pixels), "cut short",
                            CUT_EDGE)
    if loaded.damage is Damage.CORRUPT and loaded.intact is not None:
        return _read_inside(loaded, calibrated, loaded.intact, "damaged", GARBAGE_EDGE)
    if unplaced_damage(loaded):
        return [], []  # any part may be garbage (UNPLACED_DAMAGE)
    tiles, problems = calibrated(loaded.pixels)
    if loaded.damage is Damage.BLANK_BAND:
        bands = blank_bands(loaded.pixels)
        room = [min((_widths_from(t, band) for band in bands), default=math.inf)
                for t in tiles]
        kept = [t if apart >= BAND_EDGE.sure_from else
                replace(t, confidence=min(t.confidence, CORRUPT_CONFIDENCE_CAP))
                for t, apart in zip(tiles, room, strict=True) if apart >= BAND_EDGE.read_from]
        if len(kept) < len(tiles):
            problems = [*problems, f"{counted(len(tiles) - len(kept), 'tile')} where the photo "
                        "is blank not read: take it again"]
        tiles = kept
    return tiles, problems


def _shown(tile: TileReading) -> TileReading:
    """The calibrated tile, doubtful where the reader doubts one of its halves."""
    confidence = tile_confidence(tile.confidence, (h.confidence for h in tile.halves))
    return tile if confidence == tile.confidence else replace(tile, confidence=confidence)


def _read_inside(loaded: LoadedImage, read: Read, box: tuple[int, int, int, int], damage: str,
                 edge: LostEdge) -> tuple[list[TileReading], list[ReaderProblem]]:
    """The tiles inside ``box``, the part of a damaged photo that is its own: the tiles
    its lost edge crosses are named, not read, and those close to it are doubtful."""
    x0, y0, x1, y1 = box
    if min(x1 - x0, y1 - y0) < MIN_SIDE_PX:
        return [], []  # too little is left to hold a tile
    tiles, problems = read(loaded.pixels[y0:y1, x0:x1])
    height, width = loaded.pixels.shape[:2]
    lost = (x0 > 0, y0 > 0, x1 < width, y1 < height)
    kept = []
    for tile in tiles:
        room = _room(tile, x1 - x0, y1 - y0, lost)
        if room >= edge.read_from:
            kept.append(tile if room >= edge.sure_from else
                        replace(tile, confidence=min(tile.confidence, CORRUPT_CONFIDENCE_CAP)))
    if len(kept) < len(tiles):
        problems = [*problems, f"{counted(len(tiles) - len(kept), 'tile')} where the photo is "
                    f"{damage} not read: take it again"]
    problems = [p.moved(x0, y0) if isinstance(p, LoneHalf) else p for p in problems]
    return [t.moved(x0, y0) for t in kept], problems


def _widths_from(tile: TileReading, band: tuple[str, int, int]) -> float:
    """How far, in its own widths, a tile ends short of a blank band (negative: how far it
    reaches into it)."""
    along = [y if band[0] == "rows" else x for x, y in tile.corners_px]
    return max(band[1] - max(along), min(along) - band[2]) / _width_px(tile)


def _room(tile: TileReading, width: int, height: int,
          lost: tuple[bool, bool, bool, bool]) -> float:
    """How far, in its own widths, a tile in a part of a photo ``width`` x ``height`` ends
    short of the nearest side where the pixels are lost (left, top, right, bottom); minus
    infinity when it reaches past a side of the photo by more than its slack."""
    reach = _slack_px(tile)
    xs = [x for x, _ in tile.corners_px]
    ys = [y for _, y in tile.corners_px]
    to_side = (min(xs), min(ys), width - max(xs), height - max(ys))
    if any(not side and gap < -reach for side, gap in zip(lost, to_side, strict=True)):
        return -math.inf
    gaps = [gap for side, gap in zip(lost, to_side, strict=True) if side]
    return min(gaps) / _width_px(tile) if gaps else math.inf


def _slack_px(tile: TileReading) -> float:
    """How far a tile's corners may reach past lost pixels: EDGE_SLACK of its width."""
    return EDGE_SLACK * _width_px(tile)


def apply_set_knowledge(tiles: list[TileReading],
                        set_max: int | None) -> tuple[list[TileReading], tuple[str, ...]]:
    """Drop tiles outside a double-``set_max`` set and flag tiles read more than once."""
    problems: list[str] = []
    kept: list[TileReading] = []
    limit = MAX_SET if set_max is None else set_max
    for tile in tiles:
        a, b = tile.pips
        if min(a, b) < 0 or max(a, b) > limit:
            problems.append(f"dropped a tile read as {a}|{b}: not in a double-{limit} set")
            continue
        kept.append(tile)
    kept, sized = _odd_sized_doubtful(kept)
    if sized.bigger:
        problems.append(f"{counted(sized.bigger, 'tile')} far bigger than the others: perhaps "
                        "two things read as one (two face-down tiles side by side); confirm")
    if sized.smaller:
        problems.append(f"{counted(sized.smaller, 'tile')} far smaller than the others: "
                        "perhaps the pips of one half read as a tile; confirm")
    kept, fixes = _resolve_duplicates(kept, limit)
    problems += fixes
    counts = Counter(Tile.of(*t.pips) for t in kept)
    for tile, count in sorted(counts.items()):
        if count > 1:
            problems.append(f"{tile.low}|{tile.high} read {count} times but a set has one: "
                            "confirm those tiles")
    # At most one of n copies is right, so their chances of being right add up to 1 at
    # most: each is capped at 1/n, under the doubt threshold, and none is counted unasked.
    # Face-down tiles read as tiles come mostly as several 0|0 (50 points each).
    kept = [replace(t, confidence=min(t.confidence, 1 / counts[Tile.of(*t.pips)]))
            for t in kept]
    kept = [_double_blank_asked(t) for t in kept]
    return kept, tuple(problems)


def _double_blank_asked(tile: TileReading) -> TileReading:
    """A 0|0 read under ``DOUBLE_BLANK_SURE_FROM`` is asked about, never counted unasked:
    the stakes are 50 points."""
    if tile.pips == (0, 0) and ASKED_CONFIDENCE < tile.confidence < DOUBLE_BLANK_SURE_FROM:
        return replace(tile, confidence=ASKED_CONFIDENCE)
    return tile


@dataclass(frozen=True)
class OddSized:
    """How many tiles were made doubtful for their size, each way."""
    bigger: int = 0
    smaller: int = 0


def _odd_sized_doubtful(tiles: list[TileReading]) -> tuple[list[TileReading], OddSized]:
    """The tiles of one set are one size. A tile ``OVERSIZED`` times as wide as the
    median of the others is most often two things read as one (two backs lying side by
    side, each taken for a half, or a tile and the glare beside it); one ``UNDERSIZED``
    times as wide is most often the pips of one half boxed as two halves. Such a tile is
    made doubtful (the player confirms it), never dropped. Needs three tiles to know a
    size. Done before duplicates are resolved, so that a real tile is not changed to make
    room for such a reading of the same value. The size is the sure tiles' where there
    are two others: doubtful readings (specks of a patterned cloth read as tiny tiles)
    must not make a real tile look oversized."""
    if len(tiles) < 3:
        return tiles, OddSized()
    widths = [_width_px(t) for t in tiles]
    sure = [not is_doubtful_confidence(t.confidence) for t in tiles]
    out, bigger, smaller = [], 0, 0
    for index, tile in enumerate(tiles):
        others = [w for k, w in enumerate(widths) if k != index and sure[k]]
        typical = median(others if len(others) >= 2 else widths[:index] + widths[index + 1:])
        odd = (widths[index] >= OVERSIZED * typical, widths[index] <= UNDERSIZED * typical)
        if any(odd) and not is_doubtful_confidence(tile.confidence):
            tile = replace(tile, confidence=ASKED_CONFIDENCE)
            bigger, smaller = bigger + odd[0], smaller + odd[1]
        out.append(tile)
    return out, OddSized(bigger, smaller)


def _resolve_duplicates(tiles: list[TileReading],
                        limit: int) -> tuple[list[TileReading], list[ReaderProblem]]:
    """Every tile exists once in a set: where two readings give the same tile and one of
    their halves had a runner-up that makes both tiles unique, take the runner-up that
    costs the least confidence, and say so."""
    tiles = list(tiles)
    notes: list[str] = []
    while True:
        seen: dict[Tile, list[int]] = {}
        for index, tile in enumerate(tiles):
            seen.setdefault(Tile.of(*tile.pips), []).append(index)
        clash = next((group for group in seen.values() if len(group) > 1), None)
        if clash is None:
            return tiles, notes
        best: tuple[tuple[bool, float], int, int] | None = None
        for index in clash:
            for side, half in enumerate(tiles[index].halves):
                if half.runner_up is None or half.runner_up > limit:
                    continue
                pips = list(tiles[index].pips)
                pips[side] = half.runner_up
                if Tile.of(*pips) in seen:
                    continue
                # a reading already in doubt is changed before a sure one
                cost = (not is_doubtful_confidence(tiles[index].confidence),
                        half.confidence - half.runner_up_confidence)
                if best is None or cost < best[0]:
                    best = (cost, index, side)
        if best is None:
            return tiles, notes
        _, index, side = best
        before = tiles[index]
        half = before.halves[side]
        changed = replace(half, pips=half.runner_up, confidence=half.runner_up_confidence,
                          runner_up=half.pips, runner_up_confidence=half.confidence)
        halves = tuple(changed if i == side else h for i, h in enumerate(before.halves))
        tiles[index] = replace(before, halves=halves,  # type: ignore[arg-type]
                               confidence=min(before.confidence, changed.confidence))
        a, b = before.pips
        c, d = tiles[index].pips
        notes.append(f"{a}|{b} was read twice but a set has one: the less certain reading "
                     f"is taken as {c}|{d}, its second guess; check that tile")


def scale_tile(tile: TileReading, scale: float) -> TileReading:
    """The same tile with every coordinate multiplied by ``scale``."""
    return tile.scaled(scale)


__all__ = ["FrameReader", "QUICK_LOOK_MEGAPIXELS", "RecognitionError", "RecognitionResult",
           "UNPLACED_DAMAGE", "apply_set_knowledge", "read_photo_file", "read_undamaged",
           "recognize_file", "recognize_loaded", "scale_tile", "unplaced_damage"]
