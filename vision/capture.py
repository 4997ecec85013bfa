"""Frame sources: load one photo from a file, robustly, or list the photos in folders.

``load_image(path)`` returns a ``LoadedImage`` (BGR pixels as displayed, EXIF orientation
applied) or raises ``ImageError`` whose message is one line a player can act on.

Limits and decisions:

- Formats: anything OpenCV decodes whose first bytes look like JPEG, PNG, BMP, TIFF or WebP.
  A file with other first bytes (a text file named ``.jpg``) is refused before decoding.
- Size: a photo may hold at most ``MAX_DECODE_MEGAPIXELS`` (50 MP: a 12 MP phone photo and
  a 48 MP one both fit). The width and height are read from the file header before any
  pixel is decoded; a BMP, TIFF or WebP file whose header does not say its size is refused
  undecoded. A larger JPEG (a 20,000-pixel panorama) is decoded reduced by 2, 4 or
  8 inside the JPEG decoder, so the full-size pixels never sit in memory; ``scale`` then
  says how many original pixels one decoded pixel spans. A larger image in another format
  is refused, since OpenCV would decode it at full size first. Files above
  ``MAX_FILE_BYTES`` are refused unread.
- Too small: either side under ``MIN_SIDE_PX`` (32 px) cannot hold a readable tile and is
  an error, not an empty result.
- Truncated JPEG: when the decoder still returns pixels (the missing part comes out grey),
  the image is kept and ``warnings`` says it looks truncated; when nothing decodes, error.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

MAX_DECODE_MEGAPIXELS = 50.0
MAX_FILE_BYTES = 256 * 1024 * 1024
MIN_SIDE_PX = 32
HEAD_BYTES = 512 * 1024
IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"})

_REDUCED = ((2, cv2.IMREAD_REDUCED_COLOR_2), (4, cv2.IMREAD_REDUCED_COLOR_4),
            (8, cv2.IMREAD_REDUCED_COLOR_8))


class ImageError(Exception):
    """A file that cannot be read as a photo; ``str(error)`` is one line naming the file."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = str(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}")


@dataclass(frozen=True)
class LoadedImage:
    """A decoded photo. ``width``/``height`` are the displayed size of the original file
    (after EXIF rotation); ``pixels`` may be smaller by ``scale`` for oversized JPEGs."""

    path: str
    pixels: np.ndarray
    width: int
    height: int
    scale: float = 1.0
    warnings: tuple[str, ...] = field(default_factory=tuple)


def sniff_format(head: bytes) -> str | None:
    """The image format named by a file's first bytes, or None."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"BM"):
        return "bmp"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return None


ACCEPTED_FORMATS = "a JPEG, PNG, BMP, TIFF or WebP photo"
# Formats decoded only once their header gives the size (a JPEG or PNG without one is
# still tried, and reported as damaged when it does not decode).
_SIZE_REQUIRED = {"bmp": "BMP", "tiff": "TIFF", "webp": "WebP"}


def header_size(data: bytes, kind: str) -> tuple[int, int] | None:
    """(width, height) as stored in the file header, before EXIF rotation; None when the
    header does not say (a header cut short, or a layout not read here)."""
    if kind == "png":
        if len(data) >= 24 and data[12:16] == b"IHDR":
            return struct.unpack(">II", data[16:24])
        return None
    if kind == "jpeg":
        return _jpeg_size(data)
    if kind == "bmp":
        return _bmp_size(data)
    if kind == "webp":
        return _webp_size(data)
    if kind == "tiff":
        return _tiff_size(data)
    return None


def _bmp_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 26:
        return None
    (dib,) = struct.unpack("<I", data[14:18])
    if dib == 12:  # the old OS/2 header: 16-bit sides
        return struct.unpack("<HH", data[18:22])
    width, height = struct.unpack("<ii", data[18:26])  # height < 0: stored top-down
    return (abs(width), abs(height))


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:  # extended: the canvas size
        return (1 + int.from_bytes(data[24:27], "little"),
                1 + int.from_bytes(data[27:30], "little"))
    if chunk == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:  # lossless
        (bits,) = struct.unpack("<I", data[21:25])
        return (1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF))
    if chunk == b"VP8 " and len(data) >= 30 and data[23:26] == b"\x9d\x01\x2a":  # lossy
        width, height = struct.unpack("<HH", data[26:30])
        return (width & 0x3FFF, height & 0x3FFF)
    return None


def _tiff_size(data: bytes) -> tuple[int, int] | None:
    """The first image's size from its directory (the one OpenCV decodes), when that
    directory lies within ``data``."""
    order = "<" if data[:2] == b"II" else ">"
    if len(data) < 8:
        return None
    (at,) = struct.unpack(order + "I", data[4:8])
    if at + 2 > len(data):
        return None
    (count,) = struct.unpack(order + "H", data[at:at + 2])
    sides: dict[int, int] = {}
    for i in range(count):
        entry = data[at + 2 + 12 * i:at + 14 + 12 * i]
        if len(entry) < 12:
            return None
        tag, kind, n = struct.unpack(order + "HHI", entry[:8])
        if tag in (256, 257) and n == 1 and kind in (3, 4):  # SHORT or LONG
            fmt = order + ("H" if kind == 3 else "I")
            sides[tag] = struct.unpack(fmt, entry[8:8 + struct.calcsize(fmt)])[0]
    if 256 in sides and 257 in sides:
        return (sides[256], sides[257])
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    i = 2
    n = len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        is_sof = 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC)
        if is_sof and i + 9 <= n:
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return (width, height)
        if marker == 0xDA:  # start of scan: no frame header before it
            return None
        i += 2 + length
    return None


def load_image(path: str | os.PathLike[str]) -> LoadedImage:
    """Decode one photo file; raise ImageError (one line) when it cannot be used."""
    data, tail = _read_head(Path(path))
    kind = sniff_format(data[:16])
    if kind is None:
        raise ImageError(path, f"not an image (expected {ACCEPTED_FORMATS})")
    stored = header_size(data, kind)
    if stored is None and kind in _SIZE_REQUIRED:
        raise ImageError(path, f"cannot read the image size from its {_SIZE_REQUIRED[kind]} "
                               "header (damaged, or a layout not supported)")
    reduce_by, flag = 1, cv2.IMREAD_COLOR
    if stored is not None and stored[0] * stored[1] > MAX_DECODE_MEGAPIXELS * 1e6:
        reduce_by, flag = _reduction(path, kind, stored)
    try:  # imread, unlike imdecode, keeps what decodes of a cut-short JPEG
        pixels = cv2.imread(os.fspath(path), flag)
    except cv2.error:
        pixels = None
    if pixels is None or pixels.ndim != 3 or pixels.size == 0:
        reason = "image data is damaged or cut short" if stored else "image cannot be decoded"
        raise ImageError(path, reason)
    height, width = pixels.shape[:2]
    if reduce_by == 1 and pixels.size > MAX_DECODE_MEGAPIXELS * 1e6 * 3:
        raise ImageError(path, f"image is {_mp(width, height)}; the limit is "
                               f"{MAX_DECODE_MEGAPIXELS:g} MP")
    full_w, full_h = _displayed_size(stored, width, height, reduce_by)
    if min(full_w, full_h) < MIN_SIDE_PX:
        raise ImageError(path, f"image is only {full_w}x{full_h} pixels, too small to hold a "
                               f"tile (at least {MIN_SIDE_PX}x{MIN_SIDE_PX})")
    warnings: list[str] = []
    if kind == "jpeg" and not tail.rstrip(b"\x00").endswith(b"\xff\xd9"):
        warnings.append(f"{Path(path).name} looks cut short; its lower part may be grey")
    if reduce_by > 1:
        warnings.append(f"{Path(path).name} is {_mp(full_w, full_h)}; read at 1/{reduce_by} "
                        "size")
    return LoadedImage(path=str(path), pixels=pixels, width=full_w, height=full_h,
                       scale=full_w / width, warnings=tuple(warnings))


def _read_head(path: Path) -> tuple[bytes, bytes]:
    """The first ``HEAD_BYTES`` of the file (enough for its header) and its last bytes."""
    if path.is_dir():
        try:
            os.listdir(path)
        except OSError as error:
            raise ImageError(path, f"is a folder that cannot be read "
                                   f"({error.strerror or error})") from None
        raise ImageError(path, "is a folder, not an image file")
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise ImageError(path, "no such file") from None
    except OSError as error:
        raise ImageError(path, f"cannot open ({error.strerror or error})") from None
    if size == 0:
        raise ImageError(path, "file is empty (0 bytes)")
    if size > MAX_FILE_BYTES:
        raise ImageError(path, f"file is {size / 2**20:.0f} MiB; the limit is "
                               f"{MAX_FILE_BYTES / 2**20:.0f} MiB")
    try:
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
            handle.seek(max(0, size - 64))
            return head, handle.read()
    except OSError as error:
        raise ImageError(path, f"cannot read ({error.strerror or error})") from None


def _reduction(path: str | os.PathLike[str], kind: str,
               stored: tuple[int, int]) -> tuple[int, int]:
    width, height = stored
    if kind == "jpeg":
        for factor, flag in _REDUCED:
            if (width / factor) * (height / factor) <= MAX_DECODE_MEGAPIXELS * 1e6:
                return factor, flag
    raise ImageError(path, f"image is {_mp(width, height)}; the limit is "
                           f"{MAX_DECODE_MEGAPIXELS:g} MP")


def _displayed_size(stored: tuple[int, int] | None, width: int, height: int,
                    reduce_by: int) -> tuple[int, int]:
    if stored is None or reduce_by == 1:
        return width, height
    full_w, full_h = stored
    if (width > height) != (full_w > full_h):  # EXIF turned it a quarter
        full_w, full_h = full_h, full_w
    return full_w, full_h


def _mp(width: int, height: int) -> str:
    return f"{width}x{height} ({width * height / 1e6:.1f} MP)"


def iter_image_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """Each path as given, except folders, which expand to the image files directly in
    them, sorted by name (hidden files skipped). Missing paths pass through, so the caller
    reports them with the others."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            try:
                found = sorted(p for p in path.iterdir()
                               if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES
                               and not p.name.startswith("."))
            except OSError:  # an unreadable folder: the caller reports it with the others
                yield path
            else:
                yield from found
        else:
            yield path
