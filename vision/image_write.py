"""Writing a picture to a file, safely: OpenCV's own writer crashes on a file name that is
not valid UTF-8 (a Latin-1 ``café`` folder) and blocks forever on a FIFO, so the picture is
encoded in memory and its bytes written by Python, to a regular file only, beside it first
and then renamed (a write that fails leaves no half picture)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import cv2
import numpy as np

from scorer.messages import clip, clip_name, os_reason
from vision.whole_file import write_whole

WRITE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg"})


def suffix_problem(path: str | os.PathLike[str]) -> str | None:
    """Why a picture cannot be written under ``path``'s suffix, in one line; else None.
    Asked before any photo is read, so that a wrong name is said before the work."""
    target = Path(path)
    if target.suffix.lower() in WRITE_SUFFIXES:
        return None
    return (f"{clip_name(target)}: write .png or .jpg, not "
            f"'{clip(target.suffix, 12) or 'no suffix'}'")


def write_image(path: str | os.PathLike[str], image_bgr: np.ndarray,
                jpeg_quality: int | None = None) -> None:
    """Write a PNG or JPEG (at ``jpeg_quality``, else OpenCV's default); raise OSError
    with a one-line message when it cannot."""
    target = Path(path)
    name = clip_name(target)
    suffix = target.suffix.lower()
    refused = suffix_problem(target)
    if refused is not None:
        raise OSError(refused)
    try:
        if not target.parent.is_dir():
            there = "is not a folder" if target.parent.exists() else "does not exist"
            raise OSError(f"{name}: {clip_name(target.parent)} {there}")
        if not stat.S_ISREG(target.stat().st_mode):
            raise OSError(f"{name}: not a regular file (a FIFO, a device or a folder)")
    except FileNotFoundError:
        pass
    except OSError as error:
        if error.errno is None:  # one of the lines above
            raise
        raise OSError(f"{name}: {os_reason(error)}") from None
    params = [] if jpeg_quality is None or suffix == ".png" else [cv2.IMWRITE_JPEG_QUALITY,
                                                                  int(jpeg_quality)]
    try:
        ok, encoded = cv2.imencode(suffix, image_bgr, params)
    except cv2.error:
        ok = False
    if not ok:
        raise OSError(f"{name}: could not encode the image")
    try:  # a full disk leaves no picture cut short behind
        write_whole(target, encoded.tobytes())
    except OSError as error:
        raise OSError(f"{name}: {os_reason(error)}") from None

