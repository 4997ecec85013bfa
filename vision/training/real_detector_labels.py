"""Complete the real photos' labels for detector training.

The real set labels each non-blank half; tiles and blank halves are not labelled. Left
as they are, every real tile and blank half would teach the detector "background". So:
1. labelled halves that lie one half-side apart are paired into tiles (vision.evaluation.labels);
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

from vision.evaluation.labels import HalfBox, pair_halves, read_half_boxes
from vision.reader.blank_partner import FaceImage, find_blank_partner
from vision.reader.pips import PipReader
from vision.reader.tile_reader import MODELS_DIR, PIPS_FILE
from vision.synth.writer import HALF_CLASS, TILE_CLASS


def complete(image: np.ndarray, halves: list[HalfBox], pips: PipReader):
    """([(class, box)], (pairs, blank partners found, halves left alone))."""
    face = FaceImage(image)
    pairs, lone = pair_halves(halves)
    labelled_boxes = [h.box for h in halves]
    rows, tiles, alone, blanks = [], [], 0, 0
    for i, j in pairs:
        tiles.append((halves[i].box, halves[j].box))
    for i in lone:
        partner = find_blank_partner(face, halves[i].box, labelled_boxes, pips)
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


def label_lines(rows, width: int, height: int) -> str:
    """YOLO label lines for (class, pixel box) rows, boxes clipped to the photo."""
    lines = []
    for cls, (x0, y0, x1, y1) in rows:
        x0, x1 = np.clip([x0, x1], 0, width)
        y0, y1 = np.clip([y0, y1], 0, height)
        lines.append(
            f"{cls} {(x0 + x1) / 2 / width:.6f} {(y0 + y1) / 2 / height:.6f} "
            f"{(x1 - x0) / width:.6f} {(y1 - y0) / height:.6f}"
        )
    return "\n".join(lines) + "\n"


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
        (args.out / "labels" / f"{image_path.stem}.txt").write_text(
            label_lines(rows, width, height))
    print(f"pairs {totals[0]}, blank partners found {totals[1]}, halves left alone {totals[2]}")


if __name__ == "__main__":
    main()
