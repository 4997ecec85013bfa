"""Cutting a half out of the full-resolution photo for the pip reader.

Training and reading must cut halves the same way, so both use this one function: the
half's axis-aligned box, grown by a margin on every side, resized to a square.
"""

from __future__ import annotations

import cv2
import numpy as np

CROP_PX = 64
MARGIN = 0.1  # of the box size, on each side


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
    src = np.array(
        [
            [x0 - margin * w, y0 - margin * h],
            [x1 + margin * w, y0 - margin * h],
            [x0 - margin * w, y1 + margin * h],
        ],
        np.float32,
    )
    dst = np.array([[0, 0], [size, 0], [0, size]], np.float32)
    matrix = cv2.getAffineTransform(src, dst)
    shrink = max(w, h) * (1 + 2 * margin) / size
    # Average the source when shrinking a lot, so small pips are not lost between samples.
    flags = cv2.INTER_AREA if shrink > 2 else cv2.INTER_LINEAR
    if shrink > 2:
        blurred = cv2.GaussianBlur(image, (0, 0), sigmaX=shrink / 3)
        return cv2.warpAffine(
            blurred, matrix, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
    return cv2.warpAffine(image, matrix, (size, size), flags=flags, borderMode=cv2.BORDER_REPLICATE)
