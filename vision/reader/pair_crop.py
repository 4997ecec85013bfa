"""Cutting the picture of a candidate tile: two half centres that may be one tile.

The picture is rectified along the line joining the centres, so a true tile always lies
the same way in it: the two halves left and right of the middle, the divider between
them, and table (or another tile's edge) past both ends and both long sides. Two halves
of different tiles look otherwise: a seam or gap in the middle, a tile face running on
past the ends or sides. Training and reading cut pictures with this one function.
"""

from __future__ import annotations

import cv2
import numpy as np

PAIR_ROWS, PAIR_COLS = 64, 80
ALONG = 2.5  # picture length, in centre-to-centre distances (a tile is 2 of them)
ACROSS = ALONG * PAIR_ROWS / PAIR_COLS  # the same scale across as along

Point = tuple[float, float]


def crop_pair(image: np.ndarray, first: Point, second: Point) -> np.ndarray:
    """The candidate tile whose halves are centred on ``first`` and ``second`` (pixels), as
    a PAIR_ROWS x PAIR_COLS BGR picture with ``first`` on the left."""
    (ax, ay), (bx, by) = first, second
    dx, dy = bx - ax, by - ay
    spacing = max(float(np.hypot(dx, dy)), 1.0)
    ux, uy = dx / spacing, dy / spacing  # along the tile
    px, py = -uy, ux  # across it
    cx, cy = (ax + bx) / 2, (ay + by) / 2
    half_len, half_wid = ALONG * spacing / 2, ACROSS * spacing / 2
    shrink = ALONG * spacing / PAIR_COLS
    sigma = shrink / 3 if shrink > 2 else 0.0
    # Cut from the neighbourhood only, so a big photo is not blurred whole per candidate.
    reach = half_len + half_wid + 4 * sigma + 2
    height, width = image.shape[:2]
    left, top = max(0, int(cx - reach)), max(0, int(cy - reach))
    right, bottom = min(width, int(np.ceil(cx + reach))), min(height, int(np.ceil(cy + reach)))
    if right <= left or bottom <= top:
        left, top, right, bottom = 0, 0, width, height
    region = image[top:bottom, left:right]
    if sigma:
        region = cv2.GaussianBlur(region, (0, 0), sigmaX=sigma)
    cx, cy = cx - left, cy - top
    src = np.array(
        [
            [cx - ux * half_len - px * half_wid, cy - uy * half_len - py * half_wid],
            [cx + ux * half_len - px * half_wid, cy + uy * half_len - py * half_wid],
            [cx - ux * half_len + px * half_wid, cy - uy * half_len + py * half_wid],
        ],
        np.float32,
    )
    dst = np.array([[0, 0], [PAIR_COLS, 0], [0, PAIR_ROWS]], np.float32)
    return cv2.warpAffine(region, cv2.getAffineTransform(src, dst), (PAIR_COLS, PAIR_ROWS),
                          flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
