"""Cutting a half out of the full-resolution photo for the pip reader.

Training and reading must cut halves the same way, so both use this one function: the
half's axis-aligned box, grown by a margin on every side, resized to a square.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.image import halved

CROP_PX = 64
MARGIN = 0.1  # of the box size, on each side
HALVE_FROM = 4.0  # a shrink this large is halved first, leaving the blur 2 or more


def crop_half(
    image: np.ndarray,
    box_xyxy: tuple[float, float, float, float],
    size: int = CROP_PX,
    margin: float = MARGIN,
) -> np.ndarray:
    """The half in ``box_xyxy`` (pixels) with ``margin`` around it, as a size x size BGR
    image. Parts outside the photo are filled by replicating its border."""
    x0, y0, x1, y1 = box_xyxy
    w, h = x1 - x0, y1 - y0
    shrink = max(w, h) * (1 + 2 * margin) / size
    # Work on the neighbourhood of the half only: a 12 MP photo must not be blurred whole
    # for every half. The pad covers the margin and the blur's reach.
    sigma = shrink / 3 if shrink > 2 else 0.0
    pad = int(np.ceil(margin * max(w, h) + 4 * sigma)) + 2
    height, width = image.shape[:2]
    left, top = max(0, int(np.floor(x0)) - pad), max(0, int(np.floor(y0)) - pad)
    right, bottom = min(width, int(np.ceil(x1)) + pad), min(height, int(np.ceil(y1)) + pad)
    if right <= left or bottom <= top:  # the box lies outside the photo
        left, top, right, bottom = 0, 0, width, height
    region = image[top:bottom, left:right]
    # Halving (a 2x2 average, OpenCV's fast path) before a big blur leaves the blur a
    # quarter of the pixels and half the reach: three times faster on a 12 MP photo.
    region, halvings = halved(region, shrink, HALVE_FROM)
    halved_by = 2 ** halvings
    if sigma:
        # Average the source when shrinking a lot, so small pips are not lost between
        # samples; the averages of halving already gave (halved_by**2 - 1) / 12 of its
        # variance.
        left_over = max(sigma ** 2 - (halved_by ** 2 - 1) / 12, 0.0) ** 0.5 / halved_by
        region = cv2.GaussianBlur(region, (0, 0), sigmaX=left_over)
    src = np.array(
        [
            [x0 - margin * w - left, y0 - margin * h - top],
            [x1 + margin * w - left, y0 - margin * h - top],
            [x0 - margin * w - left, y1 + margin * h - top],
        ],
        np.float32,
    )
    src = (src + 0.5) / halved_by - 0.5  # where the halved pixels' centres lie
    dst = np.array([[0, 0], [size, 0], [0, size]], np.float32)
    matrix = cv2.getAffineTransform(src, dst)
    return cv2.warpAffine(region, matrix, (size, size), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
