"""A picture with an alpha channel, seen as an image viewer shows it on a light page:
laid over white.

OpenCV's colour decode drops the alpha channel and keeps the colours that fully transparent
pixels hold, which are often black, or a picture nobody sees: the reader saw what the
viewer hides. So such a file is decoded as stored (``IMREAD_UNCHANGED``: BGRA, 8 or 16
bits, or floats from a TIFF) and flattened here to the 8-bit BGR every other photo gives:

- over white, each pixel ``colour * alpha + white * (1 - alpha)``;
- reduced by the factor the reduced decode would have used (box averages, after the
  flattening, so a transparent pixel counts as the white it shows);
- turned as its EXIF orientation says, which OpenCV applies only to the colour decode.

The flattening goes by strips of rows, so no float copy of a whole big photo is made.
"""

from __future__ import annotations

import cv2
import numpy as np

WHITE = 255.0
STRIP_PIXELS = 1 << 20  # pixels flattened at once


def over_white(pixels: np.ndarray, reduce_by: int = 1) -> np.ndarray:
    """``pixels`` as ``IMREAD_UNCHANGED`` gives them (BGRA, BGR, grey and alpha, or grey;
    8-bit, 16-bit or float) flattened over white to 8-bit BGR, ``reduce_by`` times smaller
    on each side (its sides rounded down, as OpenCV's reduced decode does)."""
    if pixels.ndim == 2:
        pixels = pixels[:, :, None]
    height, width = pixels.shape[:2]
    out = np.empty((height // reduce_by, width // reduce_by, 3), np.uint8)
    flatten = (_whole_numbers_over_white if pixels.dtype in (np.uint8, np.uint16)
               else _floats_over_white(pixels))
    rows = max(1, STRIP_PIXELS // max(width, 1) // reduce_by) * reduce_by
    for top in range(0, out.shape[0] * reduce_by, rows):
        flat = flatten(np.ascontiguousarray(pixels[top:top + rows]))
        flat = flat[:, :out.shape[1] * reduce_by]
        if reduce_by > 1:
            flat = cv2.resize(flat, (out.shape[1], flat.shape[0] // reduce_by),
                              interpolation=cv2.INTER_AREA)
        out[top // reduce_by:top // reduce_by + flat.shape[0]] = flat
    return out


def _colour_and_alpha(strip: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """A strip's colour (3 channels) and its alpha (None where it has none)."""
    channels = list(cv2.split(strip)) if strip.shape[2] > 1 else [strip[:, :, 0]]
    alpha = channels.pop() if len(channels) in (2, 4) else None
    colour = cv2.merge(channels[:3] if len(channels) >= 3 else channels * 3)
    return colour, alpha


def _whole_numbers_over_white(strip: np.ndarray) -> np.ndarray:
    """8 or 16-bit samples over white, in whole numbers: colour * alpha / full, rounded,
    plus full - alpha (a whole number) is the exact blend, rounded once."""
    colour, alpha = _colour_and_alpha(strip)
    full = np.iinfo(strip.dtype).max
    if alpha is not None:
        alpha = cv2.merge([alpha] * 3)
        colour = cv2.add(cv2.multiply(colour, alpha, scale=1.0 / full),
                         np.subtract(strip.dtype.type(full), alpha))
    if strip.dtype == np.uint16:
        colour = cv2.convertScaleAbs(colour, alpha=255.0 / full)
    return colour


def _floats_over_white(pixels: np.ndarray):
    """What flattens a strip of a TIFF of floats: samples of 0 to 1 (a raw converter's)
    where the picture keeps under 1, else of 0 to 255; NaN taken as 0."""
    alpha_kept = pixels.shape[2] in (2, 4)
    colour_full = _float_full(pixels[:, :, :pixels.shape[2] - alpha_kept])
    alpha_full = _float_full(pixels[:, :, -1]) if alpha_kept else 1.0

    def flatten(strip: np.ndarray) -> np.ndarray:
        colour, alpha = _colour_and_alpha(strip.astype(np.float32))
        colour *= WHITE / colour_full
        if alpha is not None:
            opacity = cv2.merge([alpha / alpha_full] * 3)
            colour = colour * opacity + WHITE * (1.0 - opacity)
        np.nan_to_num(colour, copy=False, nan=0.0)
        return np.clip(colour + 0.5, 0, 255).astype(np.uint8)

    return flatten


def _float_full(values: np.ndarray) -> float:
    return 1.0 if float(np.nanmax(values, initial=0.0)) <= 1.0 + 1e-6 else 255.0


# EXIF orientation (2 to 8) -> the turns that show the stored picture upright, as OpenCV
# applies them to its colour decode
_FLIP_AFTER_TRANSPOSE = {5: None, 6: 1, 7: -1, 8: 0}
_FLIP = {2: 1, 3: -1, 4: 0}


def oriented(pixels: np.ndarray, orientation: int) -> np.ndarray:
    """``pixels`` turned upright as the EXIF ``orientation`` (1 to 8) says."""
    if orientation in _FLIP:
        return cv2.flip(pixels, _FLIP[orientation])
    if orientation in _FLIP_AFTER_TRANSPOSE:
        turned = cv2.transpose(pixels)
        flip = _FLIP_AFTER_TRANSPOSE[orientation]
        return turned if flip is None else cv2.flip(turned, flip)
    return pixels
