"""Real pictures without dominoes, taken from a package on the registries: hard negatives.

The reader must find no tile on a photo of anything else. Rendered clutter teaches much
of that; real pictures teach what rendering lacks. Some packages ship pictures: pygame's
wheel holds its documentation's screenshots (text, source code, games), photos and logos
(LGPL 2.1, like pygame); matplotlib's sample photos are read straight from its install.
None of them is committed: this writes them as PNG files (each picture once, those
smaller than ``MIN_BYTES`` or ``MIN_SIDE`` left out) for vision.training.damaged_photos
``--negatives``.

    pip download --no-deps pygame==2.6.1 -d /tmp/wheels
    python -m vision.training.package_negatives /tmp/wheels/pygame-*.whl OUT_DIR

Pictures from other wheels, never trained on, are the held-out set of real pictures without
dominoes that ``bench/bench_trust.py --pictures`` reads (the model card names them).
"""

from __future__ import annotations

import argparse
import hashlib
import tempfile
import zipfile
from pathlib import Path

import cv2

PICTURES = (".jpg", ".jpeg", ".png", ".bmp", ".gif")
MIN_BYTES = 8000  # icons and sprites: too small to be a photo of anything
MIN_SIDE = 64


def _decoded(path: Path):
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:  # GIF: OpenCV reads it as a video of one frame
        capture = cv2.VideoCapture(str(path))
        _ok, image = capture.read()
        capture.release()
    return image


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheels", type=Path, nargs="+", metavar="WHEEL")
    parser.add_argument("out", type=Path)
    parser.add_argument("--leave-out", action="append", default=[], metavar="NAME",
                        help="a picture's file name to leave out (repeatable)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    written = 0
    for path in args.wheels:
        written += _write_pictures(path, args.out, seen, set(args.leave_out))
    print(f"wrote {written} pictures to {args.out}")


def _write_pictures(path: Path, out: Path, seen: set[str], leave_out: set[str]) -> int:
    written = 0
    with zipfile.ZipFile(path) as wheel, tempfile.TemporaryDirectory() as tmp:
        for info in wheel.infolist():
            name = info.filename
            if not name.lower().endswith(PICTURES) or info.file_size < MIN_BYTES \
                    or Path(name).name in leave_out:
                continue
            data = wheel.read(name)
            digest = hashlib.sha1(data).hexdigest()
            if digest in seen:  # the docs hold most pictures twice
                continue
            seen.add(digest)
            raw = Path(tmp) / Path(name).name
            raw.write_bytes(data)
            image = _decoded(raw)
            if image is None or min(image.shape[:2]) < MIN_SIDE:
                continue
            stem = name.rsplit(".", 1)[0].replace("/", "_")
            cv2.imwrite(str(out / f"{stem}.png"), image)
            written += 1
    return written


if __name__ == "__main__":
    main()
