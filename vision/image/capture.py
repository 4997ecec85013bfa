"""Frame sources: load one photo from a file, robustly, or list the photos in folders.

``load_image(path)`` returns a ``LoadedImage`` (BGR pixels as displayed, EXIF orientation
applied) or raises ``ImageError`` whose message is one line a player can act on.

Limits and decisions:

- Files: only regular files are read (``vision.image.photo_file``); a folder, a FIFO, a device
  or a ``/proc`` file is refused by what it is, without blocking. The file's bytes are
  read by Python and decoded in memory, so any file name works (OpenCV's own file
  functions crash on a name that is not valid UTF-8). Files above ``MAX_FILE_BYTES`` are
  refused unread.
- Formats: anything OpenCV decodes whose first bytes look like JPEG, PNG, BMP, TIFF or WebP.
  A file with other first bytes (a text file named ``.jpg``) is refused before decoding.
  A TIFF of several pages is read from its first, and ``warnings`` says so.
- Size: a photo may hold at most ``MAX_DECODE_MEGAPIXELS`` (50 MP: a 12 MP phone photo and
  a 48 MP one both fit). The width and height are read from the file header before any
  pixel is decoded (``vision.image.header``, which skips any number of JPEG APP segments);
  a file whose header does not say its size is refused undecoded. A photo over
  ``MAX_REDUCED_MEGAPIXELS`` (16 MP: a 48 MP phone photo, a 20,000-pixel panorama) is
  decoded reduced by 2, 4 or 8 to at most that many pixels. A JPEG is reduced inside its
  decoder, so the full-size pixels never sit in memory and reading any photo peaks near
  what a 12 MP one does; one that would still be larger at 1/8 (over 1,024 MP, a header
  bomb) is refused. Another format is decoded whole and then reduced, so it is refused
  over 50 MP; a PNG or BMP is decoded from the file itself (``decode_file``), once
  (``load_looks`` keeps the finest look beside the quick one), and a 49 MP one is read in
  277 MB. The TIFF and WebP decoders hold the whole file and more
  copies of the pixels, so those are read up to ``WHOLE_DECODE_MEGAPIXELS`` (a 32 MP TIFF
  peaked at 357 MB, a 24 MP one at 218 MB; a 20 MP WebP at 290 MB, a 16 MP one at 235
  MB: the reader stays under 300 MB on any photo it accepts). A progressive JPEG's
  decoder holds every coefficient of the full picture however reduced it decodes (a 36 KB
  one claiming 32000x32000 took 3.1 GB), so it is read up to 40 MP (277 MB; 50 MP took
  319 MB); a TIFF's decoder takes a tile or strip whole, and the format lets one be far
  larger than the picture (a 416x416 picture in one 268 MP tile took 1.1 GB), so no
  block may exceed the TIFF limit either. Tiles keep plenty of
  pixels: a half of a tile seen from standing height is still tens of pixels wide at
  1/2. ``scale`` then says how many original pixels one decoded pixel spans.
  ``load_image(path, most_megapixels=...)`` asks for a smaller decode (a quick first look
  at a big photo; see ``vision.reader.recognize``).
- Transparency: a PNG, WebP, TIFF or BMP that keeps an alpha channel is read as an image
  viewer shows it on a light page, laid over white (``vision.image.alpha``): OpenCV's colour
  decode showed the colours its transparent pixels hold. Decoded whole as stored, such a
  picture is read up to ``MAX_ALPHA_DECODE_BYTES`` (24 MP of 8-bit samples, 12 MP of 16).
- Too small: either side under ``MIN_SIDE_PX`` (32 px) cannot hold a readable tile and is
  an error, not an empty result.
- Damage (``vision.image.decode``): a JPEG cut short is still decoded (the missing part
  comes out grey) and ``warnings`` says it looks cut short; one whose data the decoder
  reports corrupt is kept with a warning that it looks damaged. The decoder's own lines
  never reach the terminal. When nothing decodes, error. Bytes after a JPEG's end marker
  are ignored.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from scorer.messages import clip_name
from vision.image.decode import Damage, decode_file
from vision.image.header import (
    alpha_pixel_bytes,
    animation_frames,
    decoded_in_blocks,
    file_reader,
    header_size,
    jpeg_progressive,
    tiff_half_floats,
    tiff_orientation,
    tiff_pages,
    unread_format,
)
from vision.image.photo_file import MAX_FILE_BYTES, ImageError, open_photo
from vision.image.shrink import halved
from vision.photo_suffixes import IMAGE_SUFFIXES, sniff_format

__all__ = ["ACCEPTED_FORMATS", "IMAGE_SUFFIXES", "MAX_DECODE_MEGAPIXELS", "MAX_FILE_BYTES",
           "MAX_REDUCED_MEGAPIXELS",
           "MIN_SIDE_PX", "ImageError", "LoadedImage", "at_most", "header_size",
           "iter_image_files", "load_image", "load_looks", "sniff_format"]

MAX_DECODE_MEGAPIXELS = 50.0
# A photo over this is decoded reduced until at most this many pixels come out. Measured
# with /usr/bin/time on `chickenfoot read`: a JPEG peaked at 176 MB at 12 MP, 246 MB at
# 24 MP and 388 MB at 48 MP read whole; 226 MB at 81 MP read at 1/2 (20 MP). A JPEG is
# reduced while it is decoded; other formats are decoded whole, then reduced, which still
# spares the copy OpenCV's PNG decoder makes (a 48 MP PNG: 405 MB read whole).
MAX_REDUCED_MEGAPIXELS = 16.0
# Formats whose decoders hold more than the pixels: read up to this many megapixels (a
# progressive JPEG is read reduced, from coefficients held whole: 40 MP peaked at 277 MB)
WHOLE_DECODE_MEGAPIXELS = {"tiff": 24.0, "webp": 16.0, "progressive": 40.0}
# A picture with transparency is decoded whole as stored (vision.image.alpha), and
# OpenCV's decoder holds a second copy of it: up to this many bytes of it are read. A
# 24 MP PNG of 8-bit RGBA peaked at 228 MB, a 12 MP one of 16 bits at 227 MB (a 49 MP
# one at 418 MB).
MAX_ALPHA_DECODE_BYTES = 24e6 * 4
MIN_SIDE_PX = 32

_REDUCED = ((2, cv2.IMREAD_REDUCED_COLOR_2), (4, cv2.IMREAD_REDUCED_COLOR_4),
            (8, cv2.IMREAD_REDUCED_COLOR_8))
_REDUCED_FLAG = dict(_REDUCED)


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
    damage: Damage | None = None  # what the decoder found wrong, when the file is not whole
    intact: tuple[int, int, int, int] | None = None  # where a corrupt photo is its own


ACCEPTED_FORMATS = "a JPEG, PNG, BMP, TIFF or WebP photo"
# Formats whose header must give the size (JPEG and PNG always do unless damaged).
_SIZE_REQUIRED = {"bmp": "BMP", "tiff": "TIFF", "webp": "WebP"}
# How a format is named where its own limit is said
_FORMAT_NAMES = {**_SIZE_REQUIRED, "progressive": "progressive JPEG"}


def load_image(path: str | os.PathLike[str],
               most_megapixels: float = MAX_REDUCED_MEGAPIXELS) -> LoadedImage:
    """Decode one photo file, reduced by 2, 4 or 8 when it holds more than
    ``most_megapixels``; raise ImageError (one line) when it cannot be used."""
    return _load(path, most_megapixels, finest_too=False)[0]


def load_looks(path: str | os.PathLike[str], quick_megapixels: float
               ) -> tuple[LoadedImage, LoadedImage | None]:
    """The photo decoded for a quick look of at most ``quick_megapixels`` and, when its
    format is decoded whole anyway (any but JPEG) and the quick look is reduced, the
    finest look it is ever read at, from the same decode (``at_most`` reduces it
    further). A second look then decodes nothing: decoding a 49 MP PNG again held its
    147 MB of pixels beside what the first look had left in memory (320 MB at the peak)."""
    return _load(path, quick_megapixels, finest_too=True)


def at_most(loaded: LoadedImage, most_megapixels: float) -> LoadedImage:
    """``loaded`` reduced as ``load_image`` would have decoded its file for
    ``most_megapixels`` (2x2 box averages; itself when it holds no more than that). Its
    warnings stay: a photo whose warning names its reduction is a JPEG over the decode
    limit, which is reduced inside its decoder, never here."""
    factor = decode_reduction(loaded.width, loaded.height, most_megapixels)
    now = round(loaded.scale)
    if factor <= now:
        return loaded
    pixels, _ = halved(loaded.pixels, factor / now, 2.0)
    return replace(loaded, pixels=pixels, scale=loaded.width / pixels.shape[1])


def _load(path: str | os.PathLike[str], most_megapixels: float, finest_too: bool
          ) -> tuple[LoadedImage, LoadedImage | None]:
    with open_photo(path) as handle:
        head = handle.read(16)
        kind = sniff_format(head)
        if kind is None:
            other = unread_format(head)
            article = "an" if other and other[0] in "AEIO" else "a"
            what = f"{article} {other} file, which is not read" if other else "not an image"
            raise ImageError(path, f"{what} (expected {ACCEPTED_FORMATS})")
        stored = header_size(file_reader(handle), kind)
        if stored is None:
            if kind in _SIZE_REQUIRED:
                raise ImageError(path, "cannot read the image size from its "
                                       f"{_SIZE_REQUIRED[kind]} header (damaged, or a "
                                       "layout not supported)")
            raise ImageError(path, "image data is damaged or cut short (its header gives "
                                   "no size)")
        block = decoded_in_blocks(file_reader(handle), kind)
        if block is not None and block[0] * block[1] > max(_decode_limit(kind) * 1e6,
                                                           stored[0] * stored[1]):
            raise ImageError(path, f"its picture is stored in blocks of {_mp(*block)}, which "
                                   f"are read up to {_decode_limit(kind):g} MP"
                                   f"{_format_note(kind)}")
        alpha_bytes = alpha_pixel_bytes(file_reader(handle), kind)
        if alpha_bytes and stored[0] * stored[1] * alpha_bytes > MAX_ALPHA_DECODE_BYTES:
            raise ImageError(path, f"image is {_mp(*stored)} and has transparency, which is "
                                   f"read up to {MAX_ALPHA_DECODE_BYTES / alpha_bytes / 1e6:g} "
                                   "MP (save it as a JPEG to read it larger)")
        reduce_by, flag = 1, cv2.IMREAD_COLOR
        most = _most(most_megapixels)
        reduced = stored[0] * stored[1] > most * 1e6
        keep_finest = finest_too and reduced and kind != "jpeg"
        if keep_finest:
            most = _most(MAX_REDUCED_MEGAPIXELS)
        if stored[0] * stored[1] > most * 1e6:
            # a progressive JPEG's decoder holds the whole picture, however reduced
            coded = ("progressive" if kind == "jpeg" and jpeg_progressive(file_reader(handle))
                     else kind)
            reduce_by, flag = _reduction(path, coded, stored, most)
        decoded = decode_file(handle, kind, flag, MAX_FILE_BYTES + 1, alpha_bytes > 0)
        pages = tiff_pages(file_reader(handle)) if kind == "tiff" else 1
        orientation = (tiff_orientation(file_reader(handle))
                       if kind == "tiff" and decoded.pixels is None else 1)
        half_floats = (kind == "tiff" and decoded.pixels is None
                       and tiff_half_floats(file_reader(handle)))
        frames = animation_frames(file_reader(handle), kind)
    pixels = decoded.pixels
    if pixels is None and orientation in range(5, 9) and stored[0] != stored[1]:
        raise ImageError(path, "a TIFF stored turned a quarter (its Orientation tag is "
                               f"{orientation}), which is not read: save it as JPEG or PNG")
    if pixels is None and half_floats:
        raise ImageError(path, "a TIFF of 16-bit floating point samples, which is not read: "
                               "save it as JPEG or PNG")
    if pixels is None:
        raise ImageError(path, "image data is damaged or cut short")
    height, width = pixels.shape[:2]
    if reduce_by == 1 and pixels.size > MAX_DECODE_MEGAPIXELS * 1e6 * 3:
        raise ImageError(path, f"image is {_mp(width, height)}; the limit is "
                               f"{MAX_DECODE_MEGAPIXELS:g} MP")
    full_w, full_h = _displayed_size(stored, width, height, reduce_by)
    if min(full_w, full_h) < MIN_SIDE_PX:
        raise ImageError(path, f"image is only {full_w}x{full_h} pixels, too small to hold a "
                               f"tile (at least {MIN_SIDE_PX}x{MIN_SIDE_PX})")
    name = clip_name(os.path.basename(os.fspath(path)))
    warnings: list[str] = []
    if decoded.damage is not None:
        warnings.append(f"{name} {decoded.describe_damage()}")
    if full_w * full_h > MAX_DECODE_MEGAPIXELS * 1e6:  # under it, reducing is routine
        warnings.append(f"{name} is {_mp(full_w, full_h)}; read at 1/{reduce_by} size")
    if pages > 1:  # a scan of several photos: only the first is decoded
        warnings.append(f"{name} holds {pages}{' or more' if pages >= 64 else ''} pages; "
                        "only the first was read")
    if frames > 1:  # an animation: only its first frame is decoded
        warnings.append(f"{name} is an animation of {frames}"
                        f"{' or more' if frames >= 64 else ''} frames; only the first was read")
    loaded = LoadedImage(path=str(path), pixels=pixels, width=full_w, height=full_h,
                         scale=full_w / width, warnings=tuple(warnings),
                         damage=decoded.damage, intact=decoded.intact)
    if not keep_finest:
        return loaded, None
    return at_most(loaded, most_megapixels), loaded


def _reduction(path: str | os.PathLike[str], kind: str, stored: tuple[int, int],
               most: float) -> tuple[int, int]:
    width, height = stored
    if kind != "jpeg" and width * height > _decode_limit(kind) * 1e6:
        # decoded whole before it is reduced: the decode limit holds
        raise ImageError(path, f"image is {_mp(width, height)}; the limit is "
                               f"{_decode_limit(kind):g} MP{_format_note(kind)}")
    factor = decode_reduction(width, height, most)
    if factor in _REDUCED_FLAG:
        return factor, _REDUCED_FLAG[factor]
    if width * height <= MAX_REDUCED_MEGAPIXELS * 64 * 1e6:  # a smaller look than 1/8 asked
        return _REDUCED[-1]
    raise ImageError(path, f"image is {_mp(width, height)}; a JPEG is read reduced up to "
                           f"{MAX_REDUCED_MEGAPIXELS * 64:g} MP")


def decode_reduction(width: int, height: int, most_megapixels: float) -> int:
    """By how much a photo of ``width`` x ``height`` is reduced when decoded for at most
    ``most_megapixels`` (1, 2, 4 or 8; 16 when even 1/8 holds more), as ``load_image``
    does it: a caller can tell a decode that would give no more pixels, and skip it."""
    most = _most(most_megapixels)
    if width * height <= most * 1e6:
        return 1
    return next((factor for factor, _ in _REDUCED
                 if (width / factor) * (height / factor) <= most * 1e6), 16)


def _most(most_megapixels: float) -> float:
    return min(most_megapixels, MAX_REDUCED_MEGAPIXELS, MAX_DECODE_MEGAPIXELS)


def _decode_limit(kind: str) -> float:
    return min(MAX_DECODE_MEGAPIXELS, WHOLE_DECODE_MEGAPIXELS.get(kind, MAX_DECODE_MEGAPIXELS))


def _format_note(kind: str) -> str:
    if kind not in WHOLE_DECODE_MEGAPIXELS:
        return ""
    other = "a baseline JPEG" if kind == "progressive" else "a JPEG or PNG"
    return f" for a {_FORMAT_NAMES[kind]} photo (save it as {other} to read it larger)"


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
        try:
            is_dir = path.is_dir()
        except (OSError, ValueError):  # a name too long, a NUL: load_image says which
            is_dir = False
        if is_dir:
            try:
                # a photo's name that is no regular file (a link to nowhere, a FIFO) is
                # kept: the caller says what it is, rather than reading fewer unsaid
                found = sorted(p for p in path.iterdir()
                               if p.suffix.lower() in IMAGE_SUFFIXES
                               and not p.name.startswith("."))
            except OSError:  # an unreadable folder: the caller reports it with the others
                yield path
            else:
                yield from found
        else:
            yield path
