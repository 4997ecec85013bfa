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
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.median import median
from vision.reader.pair_crop import PAIR_COLS, PAIR_ROWS, crop_pair

DIVIDER_SEEN = 4.0
SEAM_BEYOND = 9.0
Point = tuple[float, float]

# Where things lie in the picture (see pair_crop: a tile spans the middle 4/5 of its length
# and the middle half of its height): the middle of the tile's width, the face on each side
# of the middle, and the middle itself, where the divider is.
_ROWS = slice(PAIR_ROWS * 11 // 32, PAIR_ROWS * 21 // 32)
_FACE = (slice(PAIR_COLS * 9 // 40, PAIR_COLS * 16 // 40),
         slice(PAIR_COLS * 24 // 40, PAIR_COLS * 31 // 40))
_MIDDLE = slice(PAIR_COLS * 35 // 80, PAIR_COLS * 46 // 80)
# Beyond the long sides (the tile spans rows 16 to 48 of 64): a band on each side.
_BEYOND = (slice(PAIR_ROWS * 1 // 32, PAIR_ROWS * 7 // 32),
           slice(PAIR_ROWS * 25 // 32, PAIR_ROWS * 31 // 32))


def shows_divider(image_bgr: np.ndarray, first: Point, second: Point) -> bool:
    """Whether the tile whose half centres are ``first`` and ``second`` shows a divider
    of its own: a line across its middle that stops at its sides."""
    picture = crop_pair(image_bgr, first, second)
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return (_line_strength(grey, _ROWS) >= DIVIDER_SEEN
            and max(_line_strength(grey, rows) for rows in _BEYOND) < SEAM_BEYOND)


def _line_strength(grey: np.ndarray, rows: slice) -> float:
    """A dip or peak at the middle columns of ``rows`` against the light on both sides of
    it, over that light's unevenness."""
    along = grey[rows].mean(axis=0)
    face = np.concatenate([along[_FACE[0]], along[_FACE[1]]])
    level = median(face)
    middle = along[_MIDDLE]
    line = max(level - float(middle.min()), float(middle.max()) - level)
    return line / (float(np.std(face)) + 1.0)
