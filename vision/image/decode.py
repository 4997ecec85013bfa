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
  too, so it is corrupt, not cut short. The JPEG is then decoded once more as stored (no
  EXIF turn), to find where its garbage begins (``vision.image.damage``): ``intact`` is
  the part of the photo decoded before it, when there is one.

A BMP or TIFF that decodes without a word but holds a band of lines exactly black from
edge to edge inside it (``vision.image.damage.blank_bands``: zeroed bytes), or exactly
white across darker lines (erased bytes, as flash memory reads back) is ``BLANK_BAND``.
Only those formats: they store pixels as they are, with no checksum, so zeroed bytes
decode silently to black lines. Zeroed bytes in a PNG fail its checksum and in a JPEG its
coded data: the decoder complains, or, where it reads the zeros as data (64 or 512 of them
said nothing), a JPEG coded with the standard's tables, which never hold such a run, is
corrupt from there; in a WebP they garble the picture with no black line. So a black
band in those formats is the picture's own (a graphic's transparent rows, a black cloth,
a night sky).

Bytes after a JPEG's end marker (some cameras append data there) are no damage.

A picture whose header says it keeps an alpha channel (``vision.image.header``) is decoded
as stored and laid over white (``vision.image.alpha``), as a viewer shows it.

``decode_file(handle, kind, flag)`` decodes an open file: a JPEG from its bytes (as
above), any other format from the file itself where the system names an open file by
its descriptor (``/proc/self/fd``, ``/dev/fd``), so that the file's bytes never sit in
memory beside its pixels (a 50 MP BMP: 150 MB less at the peak).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import BinaryIO

import cv2
import numpy as np

from vision.image.alpha import oriented, over_white
from vision.image.damage import (
    JPEG_BLOCK_PX,
    blank_bands,
    decoded_lines,
    garbage_from,
    intact_band,
    shift_from,
)
from vision.image.header import (
    alpha_pixel_bytes,
    file_reader,
    jpeg_scan_start,
    jpeg_standard_tables,
    tiff_orientation,
)
from vision.native_log import captured_stderr

_EOI = b"\xff\xd9"
# Coded data holds no run of zero bytes this long (a disk's lost sector, bytes never
# written): the picture from there on is not the camera's.
_HOLE = bytes(256)
# With the standard's Huffman tables no coded data holds even this long a run of zeros
# (``vision.image.header.jpeg_standard_tables``), and the decoder reads zeros as data
# without a word: a run of them is a lost sector found in the file itself
_STANDARD_HOLE = bytes(64)
# Formats whose zeroed bytes decode silently (see the module doc)
_UNCHECKED_KINDS = ("bmp", "tiff")
_DAMAGE_WORDS = ("corrupt", "invalid", "error", "bad ", "crc", "premature", "extraneous")


class Damage(Enum):
    CUT_SHORT = "looks cut short; its lower part may be grey"
    CORRUPT = "looks damaged (its data is corrupt); some tiles may read wrong"
    BLANK_BAND = "looks damaged (a band of it is blank, its pixels missing)"

    def describe(self) -> str:
        return self.value


@dataclass(frozen=True)
class Decoded:
    pixels: np.ndarray | None
    damage: Damage | None
    decoder_lines: tuple[str, ...] = ()
    intact: tuple[int, int, int, int] | None = None  # (x0, y0, x1, y1) of a corrupt JPEG

    def describe_damage(self) -> str:
        """What is wrong with the file, in the player's words (``damage`` is set): for a
        corrupt photo whose damage was found, which part of it is read."""
        if self.damage is Damage.CORRUPT and self.intact is not None and self.pixels is not None:
            return ("looks damaged (its data is corrupt): only its "
                    f"{_part(self.intact, self.pixels.shape[:2])} is read")
        return self.damage.describe()


def _part(box: tuple[int, int, int, int], shape: tuple[int, int]) -> str:
    """'top 35%' and the like: the band ``box`` of a picture ``shape`` (height, width)."""
    (x0, y0, x1, y1), (height, width) = box, shape
    if y1 - y0 < height:
        side, share = ("top" if y0 == 0 else "bottom"), (y1 - y0) / height
    else:
        side, share = ("left" if x0 == 0 else "right"), (x1 - x0) / max(width, 1)
    return f"{side} {share:.0%}" if share >= 0.005 else f"{side} edge (under 1%)"


def _decoding(decoder: Callable[[], np.ndarray | None]
              ) -> tuple[np.ndarray | None, list[str]]:
    """What ``decoder`` gives (None unless a picture with colour channels) and the lines
    the C decoder wrote meanwhile."""
    with captured_stderr() as log:
        try:
            pixels = decoder()
        except cv2.error:
            pixels = None
    if pixels is not None and (pixels.ndim != 3 or pixels.size == 0):
        pixels = None
    return pixels, log.lines


def decode_file(handle: BinaryIO, kind: str, flag: int = cv2.IMREAD_COLOR,
                max_bytes: int = -1, alpha: bool | None = None) -> Decoded:
    """The decoded pixels of the open file ``handle`` (read from its start) and what damage
    was seen; see the module doc. ``alpha``: whether its header keeps an alpha channel,
    where the caller has read that already (None: read here)."""
    if alpha is None:
        alpha = alpha_pixel_bytes(file_reader(handle), kind) > 0
    path = None if kind == "jpeg" else _descriptor_path(handle.fileno())
    handle.seek(0)  # where /dev/fd/N is a copy of the descriptor, it shares this offset
    if path is None:
        return decode_photo(handle.read(max_bytes), kind, flag, alpha)
    if alpha:
        read = getattr(cv2, "imreadWithMetadata", None)
        pixels, lines = _decoding(lambda: _over_white(
            read(path, cv2.IMREAD_UNCHANGED) if read else (cv2.imread(path, cv2.IMREAD_UNCHANGED),),
            kind, flag))
        return _classified(pixels, lines, cut_short=False, unchecked=kind in _UNCHECKED_KINDS)
    pixels, lines = _decoding(lambda: cv2.imread(path, flag))
    if pixels is None and kind == "tiff" and flag == cv2.IMREAD_COLOR:
        pixels, lines = _decoding(lambda: _as_8bit_colour(
            cv2.imread(path, cv2.IMREAD_UNCHANGED)))
    return _classified(pixels, lines, cut_short=False, unchecked=kind in _UNCHECKED_KINDS)


def _as_8bit_colour(pixels: np.ndarray | None) -> np.ndarray | None:
    """A TIFF of 32-bit samples (floats from a raw converter or a scientific tool, which
    OpenCV's colour decode refuses) as 8-bit BGR: floats of 0 to 1 scaled to 0-255,
    anything else taken as 0-255, clipped."""
    if pixels is None or pixels.size == 0 or pixels.dtype == np.uint8:
        return pixels
    if pixels.ndim == 2:
        pixels = pixels[:, :, None]
    if pixels.ndim != 3 or pixels.shape[2] not in (1, 3, 4):
        return None
    values = pixels[:, :, :3]  # worked on in place: a big TIFF's samples are not copied
    if values.dtype != np.float32:
        values = values.astype(np.float32)
    np.nan_to_num(values, copy=False, nan=0.0, posinf=0.0, neginf=0.0)
    if pixels.dtype.kind == "f" and float(values.max()) <= 1.0 + 1e-6:
        values *= 255.0
    out = np.clip(values, 0, 255, out=values).astype(np.uint8)
    return cv2.cvtColor(out, cv2.COLOR_GRAY2BGR) if out.shape[2] == 1 else out


def _descriptor_path(fd: int) -> str | None:
    """A name OpenCV can open for the open file ``fd`` (ASCII whatever the file's own
    name), or None where the system gives none."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        path = f"{folder}/{fd}"
        if os.path.exists(path):
            return path
    return None


def decode_photo(data: bytes, kind: str, flag: int = cv2.IMREAD_COLOR,
                 alpha: bool | None = None) -> Decoded:
    """The decoded pixels (BGR, EXIF orientation applied) and what damage was seen.
    ``alpha`` as for ``decode_file``."""
    cut_short = kind == "jpeg" and not data.rstrip(b"\x00").endswith(_EOI)
    if cut_short:
        data += _EOI
    buffer = np.frombuffer(data, np.uint8)
    if alpha is None:
        alpha = alpha_pixel_bytes(data, kind) > 0
    if alpha:
        read = getattr(cv2, "imdecodeWithMetadata", None)
        return _classified(*_decoding(lambda: _over_white(
            read(buffer, cv2.IMREAD_UNCHANGED) if read
            else (cv2.imdecode(buffer, cv2.IMREAD_UNCHANGED),), kind, flag)),
            cut_short=False, unchecked=kind in _UNCHECKED_KINDS)
    decoded = _classified(*_decoding(lambda: cv2.imdecode(buffer, flag)), cut_short=cut_short,
                          unchecked=kind in _UNCHECKED_KINDS)
    if kind == "jpeg" and decoded.pixels is not None and decoded.damage is None:
        hole, standard = _hole_in(data)
        if standard and hole > 0:  # zeros the decoder read as data without a word
            decoded = replace(decoded, damage=Damage.CORRUPT)
    if kind != "jpeg" or decoded.damage is not Damage.CORRUPT:
        return decoded
    return replace(decoded, intact=_intact_part(data, flag, decoded.pixels))


def _classified(pixels: np.ndarray | None, lines: list[str], cut_short: bool,
                unchecked: bool) -> Decoded:
    if pixels is None:
        return Decoded(None, None, tuple(lines))
    text = " ".join(lines).lower()
    if "premature end" in text:
        return Decoded(pixels, Damage.CUT_SHORT if cut_short else Damage.CORRUPT, tuple(lines))
    if any(word in text for word in _DAMAGE_WORDS):  # not benign notes (an odd ICC profile)
        return Decoded(pixels, Damage.CORRUPT, tuple(lines))
    if unchecked and blank_bands(pixels):
        return Decoded(pixels, Damage.BLANK_BAND, ())
    return Decoded(pixels, None, ())


# OpenCV's reduced colour decodes are its reduced grey ones plus the colour bit.
_REDUCED_BY = {cv2.IMREAD_GRAYSCALE: 1, cv2.IMREAD_REDUCED_GRAYSCALE_2: 2,
               cv2.IMREAD_REDUCED_GRAYSCALE_4: 4, cv2.IMREAD_REDUCED_GRAYSCALE_8: 8}
# Formats whose EXIF orientation OpenCV applies after decoding (libtiff turns a TIFF itself)
_EXIF_TURNED_KINDS = ("png", "webp")


def _over_white(decoded: tuple, kind: str, flag: int) -> np.ndarray | None:
    """A picture with alpha, decoded as stored (with its metadata where this OpenCV gives
    it), as the colour decode ``flag`` would show it were it opaque: flattened over white,
    reduced as ``flag`` asks, and turned as its EXIF says (``vision.image.alpha``)."""
    pixels = decoded[0]
    if pixels is None or pixels.size == 0:
        return None
    if kind == "bmp" and pixels.ndim == 3 and pixels.shape[2] == 4 and not pixels[:, :, 3].any():
        pixels = pixels[:, :, :3]  # a BMP writer's zero filler: viewers show such a BMP opaque
    flat = over_white(pixels, _REDUCED_BY.get(
        flag & ~(cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION), 1))
    if kind not in _EXIF_TURNED_KINDS or flag & cv2.IMREAD_IGNORE_ORIENTATION:
        return flat
    types, blobs = decoded[1:] if len(decoded) == 3 else ((), ())
    exif = next((np.asarray(blob).tobytes() for found, blob in zip(types, blobs, strict=False)
                 if found == cv2.IMAGE_METADATA_EXIF), b"")
    return oriented(flat, tiff_orientation(exif.removeprefix(b"Exif\x00\x00"))) if exif else flat


def _intact_part(data: bytes, flag: int,
                 pixels: np.ndarray) -> tuple[int, int, int, int] | None:
    """Where a corrupt JPEG's picture is still its own (see the module doc)."""
    grey_flag = flag & ~cv2.IMREAD_COLOR
    if grey_flag not in _REDUCED_BY:
        return None
    stored = _as_stored(data, flag)
    if stored is None:
        return None
    grey = cv2.cvtColor(stored, cv2.COLOR_BGR2GRAY)
    block = JPEG_BLOCK_PX // _REDUCED_BY[grey_flag]
    lines = [garbage_from(grey, block), shift_from(stored, block)]
    del stored  # before a third decode: a 50 MP photo's copies add up
    hole, _ = _hole_in(data)
    if hole > 0:  # the part before a run of zeros, decoded as a file cut short there
        before = _as_stored(data[:hole] + _EOI, grey_flag)
        lines.append(None if before is None else decoded_lines(before))
    found = [line for line in lines if line is not None]
    return intact_band(min(found), grey, pixels, block) if found else None


def _hole_in(data: bytes) -> tuple[int, bool]:
    """Where a run of zero bytes lies in a JPEG's coded data before its end marker (a
    shorter run with the standard's tables), or -1; and whether its tables are the
    standard's."""
    scan = jpeg_scan_start(data)
    if scan is None:
        return -1, False
    standard = jpeg_standard_tables(data)
    hole = _STANDARD_HOLE if standard else _HOLE
    return data.find(hole, scan, max(scan, data.rfind(_EOI))), standard


def _as_stored(data: bytes, flag: int) -> np.ndarray | None:
    """The JPEG decoded with ``flag`` but not turned as its EXIF says."""
    buffer = np.frombuffer(data, np.uint8)
    with captured_stderr():
        try:
            return cv2.imdecode(buffer, flag | cv2.IMREAD_IGNORE_ORIENTATION)
        except cv2.error:
            return None
