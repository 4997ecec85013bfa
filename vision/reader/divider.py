"""A double blank shows its divider; the back of a tile shows nothing.

Read by its halves alone, a tile lying face down is two blank halves: 0-0, 50 points. The
one mark that tells a double blank from a back is the divider, a line across the middle
of the face. In the candidate's picture (``vision.reader.pair_crop``: the tile rectified
along its length, its middle at the picture's centre) the divider is a dip, or a peak on
a dark face, in the light along the tile, at the middle, across the middle of its width.
Its strength is measured against the face's own unevenness on both sides.

Measured on the real training photos' tiles with pips and divider wiped off (backs) and
with the divider kept (double blanks): backs 0.4 to 6.7 (95% under 2.8), double blanks
1.9 to 95 (95% over 2.45, median 24). A double blank under ``DIVIDER_SEEN`` is not
counted unasked: it is shown as doubtful for the player to confirm.

Two backs lying side by side make a 0-0 of their own: the middle of each back is a blank
half and the seam between them is a line across the middle. That seam runs on past the
"tile's" long sides, where a divider stops at the tile's edge. So the same line is looked
for beyond both long sides too; seen there at ``SEAM_BEYOND`` or more, it is a seam. On
rendered chicken yards (seeds 4401, 4402) the seams of backs read as 0-0 measured 13 to 32
beyond a side, real double blanks mostly under 7.3 (one in a grid of touching tiles whose
dividers line up, 19: it is asked about, which costs a question, not 50 points).

A dip at the middle is not yet a line: an emblem on a back (a ring crossing the middle),
the edge of one back lying across another, or a pen across paper darken the middle too.
A divider is a straight line from one long side to the other, and it is a line, darker
(or lighter) than the face on both sides of it, where an edge only steps. So the line is
also looked for row by row across the tile's width, along any straight course near the
middle (a tile seen at an angle slants it), and what even its weaker rows show
(``_straight_line``) must reach ``LINE_SEEN``. On rendered photos with clutter and chicken
yards (seeds 104707 to 104709, 700 photos), of the 22 things read 0-0 that showed a dip
(backs heaped crosswise, backs with a ring emblem, a pen on paper), 18 show no such line;
3 of the 63 rendered double blanks that showed a dip fall under it (a divider faint and
broken: each is asked about), and the 7 real double blanks that showed a dip measure 53 to
115.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.median import median
from vision.reader.pair_crop import PAIR_COLS, PAIR_ROWS, crop_pair

DIVIDER_SEEN = 4.0
SEAM_BEYOND = 9.0
LINE_SEEN = 5.0
Point = tuple[float, float]

# Where things lie in the picture (see pair_crop: a tile spans the middle 4/5 of its length
# and the middle half of its height): the middle of the tile's width, the face on each side
# of the middle, and the middle itself, where the divider is.
_ROWS = slice(PAIR_ROWS * 11 // 32, PAIR_ROWS * 21 // 32)
_FACE = (slice(PAIR_COLS * 9 // 40, PAIR_COLS * 16 // 40),
         slice(PAIR_COLS * 24 // 40, PAIR_COLS * 31 // 40))
_MIDDLE = slice(PAIR_COLS * 35 // 80, PAIR_COLS * 46 // 80)
# Across the tile's width, off its long sides: the rows a divider crosses; the columns
# near the middle its course may take, at most this many columns aside per row (a tile
# seen at an angle slants it), and how far each side of it the face is looked at.
_ACROSS = slice(PAIR_ROWS * 19 // 64, PAIR_ROWS * 46 // 64)
_COURSE = np.arange(PAIR_COLS * 28 // 80, PAIR_COLS * 53 // 80)
_SLANTS = np.linspace(-0.8, 0.8, 17)
_BESIDE = 3
_WEAKER_ROWS = 20  # the percentile of the rows' line strengths that must be plain
_FACE_COLUMNS = np.r_[PAIR_COLS * 14 // 80:PAIR_COLS * 28 // 80,
                      PAIR_COLS * 53 // 80:PAIR_COLS * 66 // 80]
# Beyond the long sides (the tile spans rows 16 to 48 of 64): a band on each side.
_BEYOND = (slice(PAIR_ROWS * 1 // 32, PAIR_ROWS * 7 // 32),
           slice(PAIR_ROWS * 25 // 32, PAIR_ROWS * 31 // 32))


def shows_divider(image_bgr: np.ndarray, first: Point, second: Point) -> bool:
    """Whether the tile whose half centres are ``first`` and ``second`` shows a divider
    of its own: a line across its middle that stops at its sides."""
    picture = crop_pair(image_bgr, first, second)
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return (_line_strength(grey, _ROWS) >= DIVIDER_SEEN
            and max(_line_strength(grey, rows) for rows in _BEYOND) < SEAM_BEYOND
            and _straight_line(grey) >= LINE_SEEN)


def _straight_line(grey: np.ndarray) -> float:
    """How plainly a straight line crosses the tile's width near its middle: for each
    straight course, each row's line strength on it (the face ``_BESIDE`` columns on both
    sides lighter than the line, or both darker: an edge is lighter on one side only, or
    a column either side), the ``_WEAKER_ROWS`` percentile over the rows; the best course,
    over the face's unevenness."""
    across = grey[_ACROSS]
    beside = np.minimum(across[:, _COURSE - _BESIDE], across[:, _COURSE + _BESIDE])
    beside_max = np.maximum(across[:, _COURSE - _BESIDE], across[:, _COURSE + _BESIDE])
    middle = across[:, _COURSE]
    noise = float(np.median(np.abs(np.diff(across[:, _FACE_COLUMNS], axis=1)))) + 1.0
    rows = np.arange(len(across)) - len(across) / 2
    starts = np.arange(4, len(_COURSE) - 4)
    best = 0.0
    for strength in (beside - middle, middle - beside_max):  # a dark line, a light one
        padded = np.pad(strength, ((0, 0), (1, 1)), mode="edge")
        strength = np.maximum.reduce([padded[:, :-2], padded[:, 1:-1], padded[:, 2:]])
        for slant in _SLANTS:
            course = np.clip(np.round(starts[None, :] + slant * rows[:, None]).astype(int),
                             0, len(_COURSE) - 1)
            on_course = strength[np.arange(len(rows))[:, None], course]
            best = max(best, float(np.percentile(on_course, _WEAKER_ROWS, axis=0).max()))
    return best / noise


def _line_strength(grey: np.ndarray, rows: slice) -> float:
    """A dip or peak at the middle columns of ``rows`` against the light on both sides of
    it, over that light's unevenness."""
    along = grey[rows].mean(axis=0)
    face = np.concatenate([along[_FACE[0]], along[_FACE[1]]])
    level = median(face)
    middle = along[_MIDDLE]
    line = max(level - float(middle.min()), float(middle.max()) - level)
    return line / (float(np.std(face)) + 1.0)
