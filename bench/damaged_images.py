"""Damaged image files made from the sample photos, for fuzzing the photo commands.

``damaged_images(limit=None)`` yields ``(name, data)`` pairs, always the same ones in the
same order (every random choice comes from ``random.Random`` seeded by the case), so a
failing case can be named and rebuilt. From each source photo (the samples, and the hand
photo re-encoded as PNG, BMP and WebP) it makes:

- cut short at 13 places (from 1% to 99.9% of the file);
- bits flipped (1 to 2,000 of them), a block overwritten with zeros, halves swapped;
- all zeros, random bytes behind the right magic, nothing but the header;
- bad headers: a wrong first byte, a garbage first segment, sides 0 or 65535, a segment
  length of 0 or past the end;
- huge headers: ten 64 KB APP segments before the frame header, with and without a
  40000x40000 size (a decompression bomb);
- bytes appended after the end (a camera's trailer, a second copy of the file).

``VIDEO_CASES`` does the same for the sample video, for ``live --camera``.
"""

from __future__ import annotations

import itertools
import random
import struct
from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np

SAMPLES = Path(__file__).resolve().parents[1] / "datasets" / "samples"
CUTS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999)
FLIPS = (1, 4, 16, 64, 256, 2000)
_APP = b"\xff\xe1" + struct.pack(">H", 65535) + b"\0" * 65533

Damage = Callable[[bytes, random.Random], bytes]


def sources() -> list[tuple[str, bytes]]:
    """The photos damage is made from: JPEG samples, and the hand as PNG, BMP and WebP."""
    found = [SAMPLES / "hand-double12.jpg", *sorted((SAMPLES / "tableau" / "images").glob(
        "*.jpg"))]
    out = [(p.stem, p.read_bytes()) for p in found]
    hand = cv2.imdecode(np.frombuffer(out[0][1], np.uint8), cv2.IMREAD_COLOR)
    for ext in (".png", ".bmp", ".webp"):
        ok, data = cv2.imencode(ext, hand)
        if ok:
            out.append((f"hand{ext.replace('.', '-')}", data.tobytes()))
    return out


def _cut(fraction: float) -> Damage:
    return lambda data, _rng: data[:max(1, int(len(data) * fraction))]


def _flip(count: int) -> Damage:
    def damage(data: bytes, rng: random.Random) -> bytes:
        out = bytearray(data)
        for _ in range(count):
            at = rng.randrange(len(out))
            out[at] ^= 1 << rng.randrange(8)
        return bytes(out)

    return damage


def _zero_block(data: bytes, rng: random.Random) -> bytes:
    size = max(1, len(data) // 10)
    at = rng.randrange(max(1, len(data) - size))
    return data[:at] + b"\0" * size + data[at + size:]


def _frame_header_at(data: bytes) -> int | None:
    """Offset of a JPEG's SOF0-2 marker, or None."""
    at = 2
    while at + 4 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        if 0xC0 <= marker <= 0xC2:
            return at
        at += 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
    return None


def _sides(width: int, height: int) -> Damage:
    def damage(data: bytes, _rng: random.Random) -> bytes:
        at = _frame_header_at(data)
        if at is None:  # not a JPEG: the PNG's IHDR, else the bytes where sides would be
            at = 16 - 5 if data[12:16] == b"IHDR" else 13
            return data[:at + 5] + struct.pack(">II", width, height) + data[at + 13:]
        return data[:at + 5] + struct.pack(">HH", height, width) + data[at + 9:]

    return damage


def _app_segments(size: tuple[int, int] | None) -> Damage:
    def damage(data: bytes, rng: random.Random) -> bytes:
        if size is not None:
            data = _sides(*size)(data, rng)
        return data[:2] + _APP * 10 + data[2:]

    return damage


def _segment_length(length: int) -> Damage:
    return lambda data, _rng: data[:4] + struct.pack(">H", length) + data[6:]


DAMAGES: tuple[tuple[str, Damage], ...] = (
    *((f"cut-{f:g}", _cut(f)) for f in CUTS),
    *((f"flip-{n}", _flip(n)) for n in FLIPS),
    ("zero-block", _zero_block),
    ("swap-halves", lambda d, _r: d[len(d) // 2:] + d[:len(d) // 2]),
    ("all-zeros", lambda d, _r: b"\0" * len(d)),
    ("magic-then-noise", lambda d, r: d[:12] + r.randbytes(len(d) - 12)),
    ("header-only", lambda d, _r: d[:600]),
    ("wrong-first-byte", lambda d, _r: b"\x00" + d[1:]),
    ("garbage-first-segment", lambda d, r: d[:2] + r.randbytes(64) + d[66:]),
    ("sides-0x0", _sides(0, 0)),
    ("sides-65535", _sides(65535, 65535)),
    ("segment-length-0", _segment_length(0)),
    ("segment-length-past-end", _segment_length(65535)),
    ("ten-app-segments", _app_segments(None)),
    ("bomb-40000", _app_segments((40000, 40000))),
    ("trailer", lambda d, _r: d + b"MAKERNOTES" * 100),
    ("twice", lambda d, _r: d + d),
)


def damaged_images(limit: int | None = None) -> Iterator[tuple[str, bytes]]:
    """``(file name, bytes)`` for every source and damage, at most ``limit`` of them."""
    every = (case for source, data in sources() for case in damaged_images_of(source, data))
    yield from itertools.islice(every, limit)


def damaged_images_of(source: str, data: bytes) -> Iterator[tuple[str, bytes]]:
    """``(file name, bytes)`` for every damage of one source photo."""
    suffix = ".jpg" if data[:2] == b"\xff\xd8" else "." + source.rsplit("-", 1)[-1]
    for index, (label, damage) in enumerate(DAMAGES):
        rng = random.Random(f"{source}/{label}/{index}")
        yield f"{source}.{label}{suffix}", damage(data, rng)


def flipped_copies(stem: str, data: bytes, copies: int = 3) -> Iterator[tuple[str, bytes]]:
    """``copies`` copies of one photo with each count of bits flipped (1 to 64) and with a
    block zeroed, each from its own seeded choices: many damaged files from one photo."""
    for label, damage in (*((f"flip-{n}", _flip(n)) for n in FLIPS[:4]),
                          ("zero-block", _zero_block)):
        for copy in range(copies):
            rng = random.Random(f"{stem}/{label}/{copy}")
            yield f"{stem}.{label}.{copy}.jpg", damage(data, rng)


def damaged_videos() -> Iterator[tuple[str, bytes]]:
    """The sample video cut short, with bits flipped, and zeroed."""
    data = (SAMPLES / "live_demo.avi").read_bytes()
    for fraction in (0.001, 0.05, 0.3, 0.7):
        yield f"live.cut-{fraction:g}.avi", _cut(fraction)(data, random.Random(fraction))
    yield "live.flip-200.avi", _flip(200)(data, random.Random("video-flip"))
    yield "live.all-zeros.avi", b"\0" * 4096
