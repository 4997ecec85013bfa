"""Blurred, shaken and grainy copies of labelled photos, for teaching the detector that a
tile out of focus is still a tile.

A phone held close misses its focus, a hand shakes, a dim room fills a photo with grain.
The renderer blurs by a pixel or so at its own size, which the detector (reading the
photo shrunk to 320 pixels) never sees; on the real validation photos blurred by 3 pixels
it found 75 of 252 halves. What decides whether pips can be read is the blur against the
size of a pip, so each copy here is blurred in proportion to its halves (their median
short side), whatever the photo's size; the labels stay as they are.

    python -m vision.training.degraded_photos SRC_DIR [SRC_DIR...] OUT_DIR --count 1000

A photo without labels (no tile in it) is degraded as if its halves were a tenth of its
short side.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import cv2
import numpy as np

from vision.synth.scene import streak_kernel
from vision.training.damaged_photos import start_split

# blur sigma, motion length and grain, the first two as shares of a half's short side;
# at the top of each range a person still reads the pips
BLUR_SHARE = (0.02, 0.09)
SHAKE_SHARE = (0.08, 0.35)
GRAIN_LEVELS = (6.0, 32.0)  # standard deviation, grey levels
KINDS = ("blur", "blur", "shake", "grain", "dim-grain", "blur-grain")


def half_size_px(label_lines: list[str], width: int, height: int) -> float:
    """The median short side of the labelled halves (class 0), in pixels."""
    sides = [min(float(w) * width, float(h) * height)
             for cls, _x, _y, w, h in (line.split() for line in label_lines) if cls == "0"]
    return float(np.median(sides)) if sides else 0.1 * min(width, height)


def degrade(image: np.ndarray, half_px: float, kind: str, rng: random.Random) -> np.ndarray:
    """``image`` blurred, shaken or grainy as ``kind`` says, sized to ``half_px``."""
    out = image.astype(np.float32)
    if "blur" in kind:
        out = cv2.GaussianBlur(out, (0, 0), max(0.5, half_px * rng.uniform(*BLUR_SHARE)))
    if kind == "shake":
        out = cv2.filter2D(out, -1, _shake_kernel(half_px * rng.uniform(*SHAKE_SHARE), rng))
    if kind == "dim-grain":  # a dim room: darker, then the sensor's grain
        out = 255.0 * (out / 255.0) ** rng.uniform(1.5, 2.5)
    if "grain" in kind:
        grey = rng.random() < 0.5  # grain in brightness only, or in every colour
        shape = out.shape[:2] + ((1,) if grey else (3,))
        out = out + np.random.default_rng(rng.randrange(2**32)).normal(
            0, rng.uniform(*GRAIN_LEVELS), shape).astype(np.float32)
    return out.clip(0, 255).astype(np.uint8)


def _shake_kernel(length_px: float, rng: random.Random) -> np.ndarray:
    """A streak ``length_px`` long at a random angle, summing to 1: the camera moved."""
    kernel = streak_kernel(max(3, int(round(length_px)) | 1), rng.uniform(0, 180))
    return kernel / max(float(kernel.sum()), 1e-6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", type=Path, nargs="+", help="folders with images/, labels/")
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=1000,
                        help="source photos used (the first of a shuffled order)")
    parser.add_argument("--copies", type=int, default=1, help="copies of each photo used")
    parser.add_argument("--seed", type=int, default=601)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    photos = start_split(args.sources, args.out, rng)
    written = 0
    for copy in range(args.copies):
        for path in photos[:args.count]:
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            label = path.parent.parent / "labels" / f"{path.stem}.txt"
            if image is None or not label.exists():
                continue
            lines = [x for x in label.read_text().splitlines() if x.strip()]
            height, width = image.shape[:2]
            kind = rng.choice(KINDS)
            out = degrade(image, half_size_px(lines, width, height), kind, rng)
            stem = f"deg{copy}_{kind}_{path.stem}"
            cv2.imwrite(str(args.out / "images" / f"{stem}.jpg"), out,
                        [cv2.IMWRITE_JPEG_QUALITY, rng.randint(70, 95)])
            (args.out / "labels" / f"{stem}.txt").write_text("".join(f"{x}\n" for x in lines))
            written += 1
    print(f"wrote {written} degraded photos to {args.out}")


if __name__ == "__main__":
    main()
