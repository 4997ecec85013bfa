"""Decoding a photo's bytes, and saying in our own words when they are damaged.

``decode_photo(data, kind, flag)`` decodes in memory with OpenCV while the C decoders'
lines are captured (``vision.native_log``), and returns the pixels (or None) with a
``Damage`` when the file is not whole:

- a JPEG cut short decodes to nothing from memory, so a JPEG is always decoded with an
  end marker added after its bytes (harmless after a whole file: the decoder stops at the
  first one): what was there is kept, the rest comes out grey, and the decoder's
  "premature end" says it was cut short (``CUT_SHORT``). One decode, never two, so a
  huge photo's pixels are allocated once;
- a JPEG whose data the decoder calls corrupt ("Corrupt JPEG data: ...") still decodes,
  with parts possibly wrong (``CORRUPT``); other decoders' warnings likewise. So does a
  whole JPEG (its end marker in place) that the decoder still finds ending early: a
  flipped bit made a marker of its data, and the pixels before that point may be wrong
  too, so it is corrupt, not cut short.

A file that decodes without a word but holds a band of lines exactly black from edge to
edge inside it (``vision.image.damage.blank_bands``: zeroed bytes in a BMP) is
``BLANK_BAND``.

Bytes after a JPEG's end marker (some cameras append data there) are no damage.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import cv2
import numpy as np

from vision.image.damage import blank_bands
from vision.native_log import captured_stderr

_EOI = b"\xff\xd9"
_DAMAGE_WORDS = ("corrupt", "invalid", "error", "bad ", "crc", "premature", "extraneous")


class Damage(Enum):
    CUT_SHORT = "looks cut short; its lower part may be grey"
    CORRUPT = "looks damaged (the decoder found corrupt data); some tiles may read wrong"
    BLANK_BAND = "looks damaged (a band of it is blank, its pixels missing)"

    def describe(self) -> str:
        return self.value


@dataclass(frozen=True)
class Decoded:
    pixels: np.ndarray | None
    damage: Damage | None
    decoder_lines: tuple[str, ...] = ()


def _imdecode(data: bytes, flag: int) -> tuple[np.ndarray | None, list[str]]:
    buffer = np.frombuffer(data, np.uint8)
    with captured_stderr() as log:
        try:
            pixels = cv2.imdecode(buffer, flag)
        except cv2.error:
            pixels = None
    if pixels is not None and (pixels.ndim != 3 or pixels.size == 0):
        pixels = None
    return pixels, log.lines


def decode_photo(data: bytes, kind: str, flag: int = cv2.IMREAD_COLOR) -> Decoded:
    """The decoded pixels (BGR, EXIF orientation applied) and what damage was seen."""
    cut_short = kind == "jpeg" and not data.rstrip(b"\x00").endswith(_EOI)
    if cut_short:
        data += _EOI
    pixels, lines = _imdecode(data, flag)
    if pixels is None:
        return Decoded(None, None, tuple(lines))
    text = " ".join(lines).lower()
    if "premature end" in text:
        return Decoded(pixels, Damage.CUT_SHORT if cut_short else Damage.CORRUPT, tuple(lines))
    if any(word in text for word in _DAMAGE_WORDS):  # not benign notes (an odd ICC profile)
        return Decoded(pixels, Damage.CORRUPT, tuple(lines))
    if blank_bands(pixels):
        return Decoded(pixels, Damage.BLANK_BAND, ())
    return Decoded(pixels, None, ())
