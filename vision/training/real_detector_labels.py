"""Complete the real photos' labels for detector training.

The real set labels each non-blank half; tiles and blank halves are not labelled. Left
as they are, every real tile and blank half would teach the detector "background". So:
1. labelled halves that lie one half-side apart are paired into tiles (vision.half_labels);
2. a half left alone looks for its blank partner next to it: the neighbouring square
   that overlaps no label, has the labelled half's face colour, is plain, and that the
   pip reader reads as 0 with high confidence;
3. halves still alone (tiles cut by the photo's edge or the dataset's mosaic seams, or
   blank partners not found) keep their half label but get no tile label. Painting them
   over was tried and removed visible tiles wherever the pairing failed.

    python -m vision.training.real_detector_labels SPLIT_DIR OUT_DIR
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import cv2
import numpy as np

from vision.half_crop import crop_half
from vision.half_labels import HalfBox, pair_halves, read_half_boxes
from vision.pips import PipReader
from vision.reader import MODELS_DIR, PIPS_FILE
from vision.synth.writer import HALF_CLASS, TILE_CLASS

BLANK_CONFIDENCE = 0.7
MAX_FACE_DISTANCE = 40.0  # Lab units between the face colours
MAX_BLANK_TEXTURE = 20.0  # grey-level spread inside a blank half


def _inner(image: np.ndarray, box, shrink: float) -> np.ndarray:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    xa, xb = int(max(0, x0 + shrink * w)), int(min(image.shape[1], x1 - shrink * w))
    ya, yb = int(max(0, y0 + shrink * h)), int(min(image.shape[0], y1 - shrink * h))
    return image[ya:yb, xa:xb]


def _face_colour(lab: np.ndarray, box) -> np.ndarray | None:
    """The face colour of a half: its brighter pixels (pips are darker or coloured)."""
    region = _inner(lab, box, 0.1).reshape(-1, 3)
    if len(region) == 0:
        return None
    bright = region[region[:, 0] >= np.percentile(region[:, 0], 50)]
    return bright.mean(0)


def _overlaps(box, others: list[tuple[float, float, float, float]], limit: float = 0.15) -> bool:
    x0, y0, x1, y1 = box
    area = (x1 - x0) * (y1 - y0)
    for ox0, oy0, ox1, oy1 in others:
        inter = max(0, min(x1, ox1) - max(x0, ox0)) * max(0, min(y1, oy1) - max(y0, oy0))
        if inter / max(area, 1e-9) > limit:
            return True
    return False


def find_blank_partner(image, lab, grey, half: HalfBox, labelled_boxes, pips: PipReader):
    """The box of ``half``'s blank partner, or None when no neighbour is clearly one."""
    face = _face_colour(lab, half.box)
    if face is None:
        return None
    height, width = image.shape[:2]
    best, best_score = None, 0.0
    for dx, dy in ((half.w, 0), (-half.w, 0), (0, half.h), (0, -half.h)):
        cx, cy = half.cx + dx, half.cy + dy
        box = (cx - half.w / 2, cy - half.h / 2, cx + half.w / 2, cy + half.h / 2)
        if box[0] < -0.1 * half.w or box[1] < -0.1 * half.h:
            continue
        if box[2] > width + 0.1 * half.w or box[3] > height + 0.1 * half.h:
            continue
        if _overlaps(box, labelled_boxes):
            continue
        inner = _inner(lab, box, 0.2).reshape(-1, 3)
        if len(inner) == 0:
            continue
        distance = float(np.linalg.norm(np.median(inner, 0) - face))
        texture = float(_inner(grey, box, 0.2).std())
        if distance > MAX_FACE_DISTANCE or texture > MAX_BLANK_TEXTURE:
            continue
        blank = float(pips.probabilities(crop_half(image, box)[None])[0, 0])
        if blank >= BLANK_CONFIDENCE and blank > best_score:
            best, best_score = box, blank
    return best


def complete(image: np.ndarray, halves: list[HalfBox], pips: PipReader):
    """([(class, box)], (pairs, blank partners found, halves left alone))."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    pairs, lone = pair_halves(halves)
    labelled_boxes = [h.box for h in halves]
    rows, tiles, alone, blanks = [], [], 0, 0
    for i, j in pairs:
        tiles.append((halves[i].box, halves[j].box))
    for i in lone:
        partner = find_blank_partner(image, lab, grey, halves[i], labelled_boxes, pips)
        if partner is None:
            rows.append((HALF_CLASS, halves[i].box))
            alone += 1
            continue
        blanks += 1
        labelled_boxes.append(partner)
        tiles.append((halves[i].box, partner))
    for a, b in tiles:
        rows += [(HALF_CLASS, a), (HALF_CLASS, b)]
        rows.append(
            (TILE_CLASS, (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])))
        )
    return rows, (len(pairs), blanks, alone)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("split", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    pips = PipReader(MODELS_DIR / PIPS_FILE)
    (args.out / "images").mkdir(parents=True, exist_ok=True)
    (args.out / "labels").mkdir(parents=True, exist_ok=True)
    totals = np.zeros(3, int)
    for image_path in sorted((args.split / "images").glob("*.jpg")):
        image = cv2.imread(str(image_path))
        height, width = image.shape[:2]
        halves = read_half_boxes(args.split / "labels" / f"{image_path.stem}.txt", width, height)
        rows, counts = complete(image, halves, pips)
        totals += counts
        shutil.copyfile(image_path, args.out / "images" / image_path.name)
        lines = []
        for cls, (x0, y0, x1, y1) in rows:
            x0, x1 = np.clip([x0, x1], 0, width)
            y0, y1 = np.clip([y0, y1], 0, height)
            lines.append(
                f"{cls} {(x0 + x1) / 2 / width:.6f} {(y0 + y1) / 2 / height:.6f} "
                f"{(x1 - x0) / width:.6f} {(y1 - y0) / height:.6f}"
            )
        (args.out / "labels" / f"{image_path.stem}.txt").write_text("\n".join(lines) + "\n")
    print(f"pairs {totals[0]}, blank partners found {totals[1]}, halves left alone {totals[2]}")


if __name__ == "__main__":
    main()
