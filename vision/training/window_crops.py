"""Cut detector training windows from rendered photos, at the scale the reader's second
look sees them.

A tableau of 15 or 30 tiles fills a big photo with small tiles; the reader then looks
again in windows sized so a half comes out about 40 px at the detector's input
(vision.tiled_detect). Training on the whole photos shrunk to the input teaches halves
of 10 px instead, so this writes windows of that size with their YOLO labels (boxes cut
by the window kept when most of them is inside, clipped to it).

    python -m vision.training.window_crops datasets/train/tab_b datasets/train/tab_b_windows \
        --per-photo 4 --seed 1
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from vision.tiled_detect import TARGET_HALF_AT_MODEL_PX

INPUT_PX = 320
MIN_INSIDE = 0.6  # share of a box's area inside the window for it to be labelled there


def label_rows(label_file: Path, width: int, height: int) -> np.ndarray:
    """(N, 5) class, x0, y0, x1, y1 in pixels."""
    rows = []
    for line in label_file.read_text().splitlines():
        parts = line.split()
        if len(parts) == 5:
            cls, cx, cy, w, h = int(parts[0]), *map(float, parts[1:])
            rows.append((cls, (cx - w / 2) * width, (cy - h / 2) * height,
                         (cx + w / 2) * width, (cy + h / 2) * height))
    return np.array(rows, np.float64).reshape(-1, 5)


def window_labels(rows: np.ndarray, x0: int, y0: int, side: int) -> list[str]:
    lines = []
    for cls, bx0, by0, bx1, by1 in rows:
        area = (bx1 - bx0) * (by1 - by0)
        cx0, cy0 = max(bx0, x0), max(by0, y0)
        cx1, cy1 = min(bx1, x0 + side), min(by1, y0 + side)
        if cx1 <= cx0 or cy1 <= cy0 or (cx1 - cx0) * (cy1 - cy0) < MIN_INSIDE * area:
            continue
        lines.append(f"{int(cls)} {((cx0 + cx1) / 2 - x0) / side:.6f} "
                     f"{((cy0 + cy1) / 2 - y0) / side:.6f} {(cx1 - cx0) / side:.6f} "
                     f"{(cy1 - cy0) / side:.6f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="a rendered set: images/ and labels/")
    parser.add_argument("out", type=Path)
    parser.add_argument("--per-photo", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    (args.out / "images").mkdir(parents=True, exist_ok=True)
    (args.out / "labels").mkdir(parents=True, exist_ok=True)
    written = 0
    for image_file in sorted((args.source / "images").glob("*.jpg")):
        image = cv2.imread(str(image_file))
        label_file = args.source / "labels" / f"{image_file.stem}.txt"
        if image is None or not label_file.is_file():
            continue
        height, width = image.shape[:2]
        rows = label_rows(label_file, width, height)
        halves = rows[rows[:, 0] == 0]
        if len(halves) == 0:
            continue
        half_px = float(np.median(np.sqrt((halves[:, 3] - halves[:, 1])
                                          * (halves[:, 4] - halves[:, 2]))))
        if half_px * INPUT_PX / max(height, width) >= 18:  # whole photo already fine
            continue
        base = INPUT_PX * half_px / TARGET_HALF_AT_MODEL_PX
        for k in range(args.per_photo):
            side = int(min(min(height, width), base * rng.uniform(0.8, 1.3)))
            # windows centred on tiles, so they hold a tableau and not just table
            cx, cy = halves[rng.integers(len(halves)), 1:5].reshape(2, 2).mean(0)
            x0 = int(np.clip(cx - side / 2 + rng.uniform(-0.3, 0.3) * side, 0, width - side))
            y0 = int(np.clip(cy - side / 2 + rng.uniform(-0.3, 0.3) * side, 0, height - side))
            lines = window_labels(rows, x0, y0, side)
            stem = f"{image_file.stem}_w{k}"
            cv2.imwrite(str(args.out / "images" / f"{stem}.jpg"),
                        image[y0:y0 + side, x0:x0 + side], [cv2.IMWRITE_JPEG_QUALITY, 92])
            (args.out / "labels" / f"{stem}.txt").write_text("\n".join(lines) + "\n")
            written += 1
    print(f"wrote {written} windows to {args.out}")


if __name__ == "__main__":
    main()
