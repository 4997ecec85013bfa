"""Where a damaged photo still holds its own pixels, and what its tiles can promise.

A JPEG cut short decodes whole, with every pixel after the cut a flat grey (128): read as
it is, that grey is a table where tiles get invented, and a tile the cut crosses is read
from half its pips. So a photo cut short is read only inside the part above the cut (the
grey edge is found from any side, since the EXIF turn may have moved it), and a tile the
cut crosses is left out and named. A photo the decoder calls corrupt (bits flipped) whose
damage cannot be placed may be garbage anywhere: it is not read at all, and the player is
asked to take it again (a tile read in garbage is made up, however doubtful).

A file whose bytes were zeroed (or never written) in the middle decodes, in a format
without checksums such as BMP, to a band of lines exactly black from edge to edge: no
camera makes such a band, so its lines are lost pixels (``blank_bands``), and a tile
touching them is left out and named, one ending near them doubtful (a tile one half of
which was lost is read from the half that shows). Black lines along an edge are a
letterbox, not damage. Bytes erased on flash memory read back as 0xFF: a band exactly
white, which a camera gives only where glare burns the picture out, fading into bright
lines around it, where erased bytes cut across whatever the picture shows.

A JPEG's flipped bit shows in the picture from the block the decoder was at onwards: the
decoder loses its place in the data, and every later block is garbage, shifted, or off
in colour, while every earlier one is the camera's own. Garbage shows as block edges that
jump far more than the lines beside them, a whole row of blocks at once, which no camera
gives (``garbage_from``), or as a whole row of block edges where brightness or colour
steps by one amount (``shift_from``: the decoder carried on with its sums off): the part
decoded before that row is intact, and read as a photo cut short there. Zeros in place
of the coded data (a lost sector) may decode smooth, not blocky: their start in the file
is found instead, and the decoder says where in the picture it had got to
(``decoded_lines`` of the file cut there). A flip that left no
garbage row (the decoder found its place again, or only the colours drifted) has damage
nowhere in particular, and is not read.

Why: A damaged photo is read only where it is whole. A JPEG cut short decodes with flat
decoder grey after the cut; that part is not read, and a tile the cut crosses is named and
left out. A JPEG the decoder calls corrupt is garbage from the block where the decoder
lost its place: that row is found in the picture (block edges that jump, or a whole row
stepping in colour) or, for zeros in the data, from where the file would end, and the
photo is read before it. Without such a row it is not read. Hands and boards go through
the same `read_undamaged`, so a board is never built from garbage.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vision.median import median

FILL = 128  # what libjpeg gives the pixels it never received
MCU_PX = 16  # the block row the cut lands in is partly grey too
CORRUPT_CONFIDENCE_CAP = 0.5  # under the doubt threshold (vision.doubt)
MIN_BAND_LINES = 4  # fewer exactly black lines can be a drawn rule or a frame
_SAMPLE_STEP = 256  # lines are first tested on every 256th pixel, then in full
_CHUNK = 256  # candidate lines read whole this many at a time
ERASED_BESIDE_UNDER = 230  # a white band beside lines this bright may be the picture's own
JPEG_BLOCK_PX = 8  # a JPEG is coded in 8x8 blocks (of the full-size picture)
# A block edge is garbage where it jumps more than this many times the photo's typical
# edge excess, and at least GARBAGE_LEAST_EXCESS grey levels: heavy compression makes every
# edge jump a little, a desynchronised decoder makes them jump by tens of levels.
GARBAGE_TIMES_TYPICAL = 8.0
GARBAGE_LEAST_EXCESS = 10.0
# Damage starts where the share of garbage edges, summed over GARBAGE_WINDOW rows of blocks,
# reaches GARBAGE_ROWS_SHARE (the onset runs across the rest of one row and the start of
# the next). On 34 undamaged photos no row of blocks passed 0.13; onsets run 0.3 to 0.9.
GARBAGE_WINDOW = 4
GARBAGE_ROWS_SHARE = 0.5
GARBAGE_ROW_SHARE = 0.1
# A decoder that lost its place may carry on with every later block off in brightness or
# colour by the same amount: a row of block edges where the image steps by this many
# levels (median over the row, in Y, Cr or Cb). Undamaged photos (34): at most 12.2; the
# onsets of such shifts seen: 27 to 64.
SHIFT_LEAST_STEP = 20.0


def intact_region(pixels: np.ndarray) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of the part of a cut-short photo that is not decoder grey."""
    height, width = pixels.shape[:2]
    grey = np.all(np.abs(pixels[::2, ::2].astype(np.int16) - FILL) <= 1, axis=2)
    runs = {
        "bottom": _run(grey.all(axis=1)[::-1]), "top": _run(grey.all(axis=1)),
        "right": _run(grey.all(axis=0)[::-1]), "left": _run(grey.all(axis=0)),
    }
    side, run = max(runs.items(), key=lambda kv: kv[1])
    lost = 2 * run + MCU_PX if run else 0
    x0, y0, x1, y1 = 0, 0, width, height
    if side == "bottom":
        y1 = max(0, height - lost)
    elif side == "top":
        y0 = min(height, lost)
    elif side == "right":
        x1 = max(0, width - lost)
    else:
        x0 = min(width, lost)
    return x0, y0, x1, y1


def _run(flags: np.ndarray) -> int:
    """How many leading entries are True."""
    false = np.flatnonzero(~flags)
    return int(false[0]) if false.size else int(flags.size)


def blank_bands(pixels: np.ndarray) -> list[tuple[str, int, int]]:
    """("rows" or "columns", start, stop) of each band of at least ``MIN_BAND_LINES``
    lines exactly black, or exactly white, from edge to edge that touches neither edge of
    the photo: zeroed bytes, or erased ones (flash memory reads back 0xFF where it lost
    its data). A white band counts only where the lines beside it are not bright
    (under ``ERASED_BESIDE_UNDER``): glare or a white table burnt out fades into bright
    lines, erased bytes cut across whatever the picture shows."""
    height, width = pixels.shape[:2]
    bands = []
    for value in (0, 255):
        for name, lines, count in (("rows", _plain_rows(pixels, value), height),
                                   ("columns", _plain_columns(pixels, value), width)):
            plain = np.zeros(count, bool)
            plain[lines] = True
            bands += [(name, start, stop) for start, stop in _runs(plain)
                      if stop - start >= MIN_BAND_LINES and start > 0 and stop < count
                      and (value == 0 or _dark_beside(pixels, name, start, stop))]
    return bands


def _plain_rows(pixels: np.ndarray, value: int) -> np.ndarray:
    """The rows exactly ``value`` from edge to edge: candidates from a few samples of each,
    then only they are read whole, ``_CHUNK`` at a time (a white photo's rows are all
    candidates, and a comparison copies what it compares). A few ms at 12 MP."""
    rows = np.flatnonzero(~(pixels[:, ::_SAMPLE_STEP] != value).any(axis=(1, 2)))
    return _whole(rows, lambda chunk: (pixels[chunk] != value).any(axis=(1, 2)))


def _plain_columns(pixels: np.ndarray, value: int) -> np.ndarray:
    """The columns exactly ``value`` from edge to edge, as ``_plain_rows``."""
    columns = np.flatnonzero(~(pixels[::_SAMPLE_STEP] != value).any(axis=(0, 2)))
    return _whole(columns, lambda chunk: (pixels[:, chunk] != value).any(axis=(0, 2)))


def _whole(candidates: np.ndarray, off: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """The candidate lines in which ``off`` (given a chunk of them) finds no other value."""
    kept = [chunk[~off(chunk)] for chunk in np.split(candidates, range(_CHUNK, len(candidates),
                                                                       _CHUNK))]
    return np.concatenate(kept) if kept else candidates


def _dark_beside(pixels: np.ndarray, name: str, start: int, stop: int) -> bool:
    """Whether the lines either side of a band are not bright (their median grey level),
    passing over the line next to it (erased bytes begin and end inside a line)."""
    along = pixels if name == "rows" else pixels.transpose(1, 0, 2)
    before, after = max(0, start - 2), min(len(along) - 1, stop + 1)
    return all(median(along[k].mean(axis=-1)) < ERASED_BESIDE_UNDER for k in (before, after))


def _runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """(start, stop) of each run of True."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], flags.astype(np.int8), [0]])))
    return [(int(a), int(b)) for a, b in zip(edges[::2], edges[1::2], strict=True)]


def garbage_from(grey: np.ndarray, block: int = JPEG_BLOCK_PX) -> int | None:
    """The first line of a JPEG's picture, in the order it was decoded (stored orientation,
    no EXIF turn), from which whole rows of blocks are garbage; None when no such row is
    seen. ``block`` is the side of a coded block in these pixels (8, or 8 / n for a
    picture decoded reduced by n)."""
    if block < 2 or min(grey.shape) < 4 * block:
        return None
    excess = _edge_excess(grey, block)
    typical = median(np.abs(excess))
    garbage = excess > max(GARBAGE_LEAST_EXCESS, GARBAGE_TIMES_TYPICAL * typical)
    share = garbage.mean(axis=1)
    window = np.convolve(share, np.ones(GARBAGE_WINDOW))[GARBAGE_WINDOW - 1:]
    hits = np.flatnonzero(window >= GARBAGE_ROWS_SHARE)
    if not hits.size:
        return None
    start = int(hits[0])
    rows = share[start:start + GARBAGE_WINDOW]
    start += int(np.argmax(rows > GARBAGE_ROW_SHARE))  # the first row of the window that is
    return (start + 1) * block  # excess row k is the edge atop block row k + 1


def shift_from(stored: np.ndarray, block: int = JPEG_BLOCK_PX) -> int | None:
    """The first line of a JPEG's picture (BGR, as stored) at which a whole row of blocks
    steps in brightness or colour (a decoder's lost place); None when none does."""
    if block < 2 or stored.shape[0] < 4 * block:
        return None
    ys = np.arange(1, stored.shape[0] // block) * block
    ys = ys[ys + 1 < stored.shape[0]]

    def ycc(lines: np.ndarray) -> np.ndarray:
        return cv2.cvtColor(stored[lines], cv2.COLOR_BGR2YCrCb).astype(np.int16)

    at, before = ycc(ys), ycc(ys - 1)
    beside = 0.5 * ((ycc(ys + 1) - at) + (before - ycc(ys - 2)))
    step = np.abs(median(at - before - beside, axis=1)).max(axis=1)
    found = np.flatnonzero(step >= SHIFT_LEAST_STEP)
    return int(ys[found[0]]) if found.size else None


def _edge_excess(grey: np.ndarray, block: int) -> np.ndarray:
    """For each block past the first row and column: how much more its top and left edges
    jump than the lines beside them (mean grey levels)."""
    g = grey.astype(np.int16)
    rows, columns = g.shape[0] // block, g.shape[1] // block
    height, width = rows * block, columns * block
    ys = np.arange(1, rows) * block
    xs = np.arange(1, columns) * block
    top = _jump_over(g[ys, :width], g[ys - 1, :width], g[ys + 1, :width], g[ys - 2, :width])
    left = _jump_over(g[:height, xs], g[:height, xs - 1], g[:height, xs + 1],
                      g[:height, xs - 2])
    top = top.reshape(rows - 1, columns, block).mean(axis=2)
    left = left.reshape(rows, block, columns - 1).mean(axis=1)
    return top[:, 1:] + left[1:, :]


def _jump_over(after: np.ndarray, before: np.ndarray, next_: np.ndarray,
               previous: np.ndarray) -> np.ndarray:
    """|after - before| less the mean step on the lines either side."""
    edge = np.abs(after - before).astype(np.float32)
    return edge - 0.5 * (np.abs(next_ - after) + np.abs(before - previous))


# Each way a decoder may turn a picture for its EXIF orientation, and the side of the
# displayed picture where the stored picture's first line (decoded first) then lies.
_TURNS = (
    (lambda a: a, "top"), (np.fliplr, "top"),
    (np.flipud, "bottom"), (lambda a: a[::-1, ::-1], "bottom"),
    (np.transpose, "left"), (lambda a: np.rot90(a, 1), "left"),
    (lambda a: np.rot90(a, -1), "right"), (lambda a: a[::-1, ::-1].T, "right"),
)
_THUMB_PX = 32


def intact_band(line: int, stored_grey: np.ndarray, displayed: np.ndarray,
                block: int = JPEG_BLOCK_PX) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of the part of ``displayed`` (the decoded photo, EXIF turn applied)
    that was decoded before stored line ``line`` of ``stored_grey`` (the same photo, grey,
    as stored)."""
    keep = max(0, line - 2 * block)  # the damage may start in the row of blocks above
    height, width = displayed.shape[:2]
    return {
        "top": (0, 0, width, min(keep, height)),
        "bottom": (0, max(0, height - keep), width, height),
        "left": (0, 0, min(keep, width), height),
        "right": (max(0, width - keep), 0, width, height),
    }[_first_side(stored_grey, displayed)]


def decoded_lines(grey: np.ndarray) -> int:
    """How many lines of a JPEG cut short (decoded grey, as stored) came before the grey the
    decoder gave the rest."""
    return max(0, grey.shape[0] - _run(np.all(grey == FILL, axis=1)[::-1]))


def _first_side(stored_grey: np.ndarray, displayed: np.ndarray) -> str:
    """The side of the displayed picture where the stored one's first line lies: the turn
    whose result looks most like what is displayed."""
    size = (_THUMB_PX, _THUMB_PX)
    shown = cv2.resize(cv2.cvtColor(displayed, cv2.COLOR_BGR2GRAY), size,
                       interpolation=cv2.INTER_AREA).astype(np.float32)
    stored = cv2.resize(stored_grey, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    fits = [(float(np.abs(turn(stored) - shown).mean()), side) for turn, side in _TURNS
            if turn(stored_grey).shape == displayed.shape[:2]]  # views: nothing is copied
    return min(fits)[1] if fits else "top"
