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
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader.pair_crop import PAIR_COLS, PAIR_ROWS, crop_pair

DIVIDER_SEEN = 4.0
Point = tuple[float, float]

# Where things lie in the picture (see pair_crop: a tile spans the middle 4/5 of its length
# and the middle half of its height): the middle of the tile's width, the face on each side
# of the middle, and the middle itself, where the divider is.
_ROWS = slice(PAIR_ROWS * 11 // 32, PAIR_ROWS * 21 // 32)
_FACE = (slice(PAIR_COLS * 9 // 40, PAIR_COLS * 16 // 40),
         slice(PAIR_COLS * 24 // 40, PAIR_COLS * 31 // 40))
_MIDDLE = slice(PAIR_COLS * 35 // 80, PAIR_COLS * 46 // 80)


def divider_strength(picture: np.ndarray) -> float:
    """How plainly a candidate's picture shows a line across its middle, in units of the
    face's unevenness (0: none)."""
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY).astype(np.float32)
    along = grey[_ROWS].mean(axis=0)
    face = np.concatenate([along[_FACE[0]], along[_FACE[1]]])
    level = float(np.median(face))
    middle = along[_MIDDLE]
    line = max(level - float(middle.min()), float(middle.max()) - level)
    return line / (float(np.std(face)) + 1.0)


def shows_divider(image_bgr: np.ndarray, first: Point, second: Point) -> bool:
    """Whether the tile whose half centres are ``first`` and ``second`` shows a divider."""
    return divider_strength(crop_pair(image_bgr, first, second)) >= DIVIDER_SEEN
