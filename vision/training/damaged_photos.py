"""Damaged copies of labelled photos, for teaching the detector that garbage is no tile.

A JPEG with flipped bits, a block of zeros or a cut decodes into smeared blocks, stripes
and grey fill; the detector trained on clean photos finds "pips" there. Each copy here
is one of the source photos damaged at random and decoded as the reader would decode it.
A copy is kept only where its labels stay true: a cut file fills below the cut with grey
in place, so the boxes the cut reaches lose their labels (a tile the cut crosses is no
tile to read); other damage moves what follows it, so a copy is kept only if every box
is left as it was (mean change under ``UNCHANGED_BELOW`` grey levels), the damage having
hit bare table only. Whatever the damage made is then background.

    python -m vision.training.damaged_photos SRC_DIR [SRC_DIR...] OUT_DIR --count 600

Extra photos without dominoes (``--negatives``: any images, e.g. matplotlib's sample
photos) are added whole and damaged, at several scales, with empty labels.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import cv2
import numpy as np

from vision.image import decode_photo

UNCHANGED_BELOW = 6.0  # mean absolute change, in grey levels, of a box still intact
NEGATIVE_SCALES = (0.5, 1.0, 1.6)
KINDS = ("flip", "flip", "flip", "zero", "cut", "swap")


def damage(data: bytes, rng: random.Random, kind: str) -> bytes:
    """One damage of the kinds real files show: flipped bits, a zeroed block, a cut,
    halves swapped."""
    body = bytearray(data)
    start = min(len(body) - 1, 600)  # past the header: a file whose header breaks is refused
    if kind == "flip":
        for _ in range(rng.choice((1, 4, 16, 64, 256, 2000))):
            at = rng.randrange(start, len(body))
            body[at] ^= 1 << rng.randrange(8)
        return bytes(body)
    if kind == "zero":
        size = max(1, len(body) // rng.choice((5, 10, 30)))
        at = rng.randrange(start, max(start + 1, len(body) - size))
        return bytes(body[:at]) + b"\0" * size + bytes(body[at + size:])
    if kind == "cut":
        return bytes(body[:int(len(body) * rng.uniform(0.3, 0.98))])
    middle = start + (len(body) - start) // 2
    return bytes(body[:start] + body[middle:] + body[start:middle])


def _decode(data: bytes) -> np.ndarray | None:
    return decode_photo(data, "jpeg").pixels


def kept_labels(lines: list[str], before: np.ndarray, after: np.ndarray,
                kind: str) -> list[str] | None:
    """The YOLO label lines still true after damage of ``kind``, or None when the copy
    can't be labelled (a moving damage that reached a box)."""
    height, width = before.shape[:2]
    change = cv2.absdiff(before, after).mean(axis=2)
    kept = []
    for line in lines:
        _cls, cx, cy, w, h = (float(v) for v in line.split())
        x0, x1 = int((cx - w / 2) * width), int(np.ceil((cx + w / 2) * width))
        y0, y1 = int((cy - h / 2) * height), int(np.ceil((cy + h / 2) * height))
        box = change[max(0, y0):max(y0 + 1, y1), max(0, x0):max(x0 + 1, x1)]
        if box.size and float(box.mean()) < UNCHANGED_BELOW:
            kept.append(line)
        elif kind != "cut":
            return None
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", type=Path, nargs="+", help="folders with images/, labels/")
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--seed", type=int, default=401)
    parser.add_argument("--negatives", type=Path, nargs="*", default=[],
                        help="images without dominoes, damaged whole at several scales")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    photos = start_split(args.sources, args.out, rng)
    written = dropped = 0
    for path in photos[:args.count]:
        data, kind = path.read_bytes(), rng.choice(KINDS)
        before, after = _decode(data), _decode(damage(data, rng, kind))
        if before is None or after is None or after.shape != before.shape:
            continue
        label = path.parent.parent / "labels" / f"{path.stem}.txt"
        lines = [x for x in label.read_text().splitlines() if x.strip()]
        kept = kept_labels(lines, before, after, kind)
        if kept is None:
            continue
        dropped += len(lines) - len(kept)
        _write(args.out, f"dmg_{path.stem}", after, kept)
        written += 1
    for path in args.negatives:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        for scale in NEGATIVE_SCALES:
            scaled = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            ok, encoded = cv2.imencode(".jpg", scaled, [cv2.IMWRITE_JPEG_QUALITY, 90])
            _write(args.out, f"neg_{path.stem}_{scale:g}", scaled, [])
            after = _decode(damage(encoded.tobytes(), rng, rng.choice(KINDS))) if ok else None
            if after is not None:
                _write(args.out, f"negdmg_{path.stem}_{scale:g}", after, [])
            written += 1 + (after is not None)
    print(f"wrote {written} photos to {args.out}; {dropped} damaged boxes left unlabelled")


def start_split(sources: list[Path], out: Path, rng: random.Random) -> list[Path]:
    """Make ``out``'s images/ and labels/ folders; the JPEG photos of ``sources`` (each a
    folder with images/ and labels/), in an order shuffled by ``rng``."""
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    photos = sorted(p for src in sources for p in (src / "images").glob("*.jpg"))
    rng.shuffle(photos)
    return photos


def _write(out: Path, stem: str, image: np.ndarray, lines: list[str]) -> None:
    cv2.imwrite(str(out / "images" / f"{stem}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    (out / "labels" / f"{stem}.txt").write_text("".join(f"{x}\n" for x in lines))


if __name__ == "__main__":
    main()
