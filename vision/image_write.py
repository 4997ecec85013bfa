"""Writing a picture to a file, safely: OpenCV's own writer crashes on a file name that is
not valid UTF-8 (a Latin-1 ``café`` folder) and blocks forever on a FIFO, so the picture is
encoded in memory and its bytes written by Python, to a regular file only."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import cv2
import numpy as np

WRITE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg"})


def write_image(path: str | os.PathLike[str], image_bgr: np.ndarray,
                jpeg_quality: int | None = None) -> None:
    """Write a PNG or JPEG (at ``jpeg_quality``, else OpenCV's default); raise OSError
    with a one-line message when it cannot."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in WRITE_SUFFIXES:
        raise OSError(f"{target}: write .png or .jpg, not '{target.suffix or 'no suffix'}'")
    if not target.parent.is_dir():
        raise OSError(f"{target}: folder {target.parent} does not exist")
    try:
        if not stat.S_ISREG(target.stat().st_mode):
            raise OSError(f"{target}: not a regular file (a FIFO, a device or a folder)")
    except FileNotFoundError:
        pass
    params = [] if jpeg_quality is None or suffix == ".png" else [cv2.IMWRITE_JPEG_QUALITY,
                                                                  int(jpeg_quality)]
    try:
        ok, encoded = cv2.imencode(suffix, image_bgr, params)
    except cv2.error:
        ok = False
    if not ok:
        raise OSError(f"{target}: could not encode the image")
    try:
        target.write_bytes(encoded.tobytes())
    except OSError as error:
        raise OSError(f"{target}: {error.strerror or error}") from None
