"""Complete the real photos' labels with the synthetic-trained reader, for detector training.

The real set labels non-blank halves only: no tiles, no blank halves. The reader proposes
tiles and halves; a proposal is kept only where it agrees with the labels:
- a blank half: a detected half that overlaps no labelled half and reads 0 with high
  confidence, inside a tile that also holds a labelled half;
- a tile: a detected tile box whose two halves (labelled or blank as above) fill it.
A photo is written only when every labelled half ends up in a kept tile, so no real tile
is ever left unlabelled (it would teach the detector that tiles are background).

    python -m vision.training.pseudo_label SPLIT_DIR OUT_DIR
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import cv2
import numpy as np

from vision.assemble import assemble
from vision.detections import HALF, TILE, Detections, box_iou
from vision.half_crop import crop_half
from vision.reader import load_default_reader
from vision.synth.writer import HALF_CLASS, TILE_CLASS
from vision.training.real_halves import read_half_boxes

BLANK_CONFIDENCE = 0.9


def complete_labels(
    image: np.ndarray, labelled: np.ndarray, reader
) -> list[tuple[int, np.ndarray]] | None:
    """(class, box) rows for a fully labelled photo, or None when the photo cannot be
    completed with confidence. ``labelled`` holds the labelled half boxes (N, 4)."""
    dets = reader.detector.detect(image)
    halves = dets.of_class(HALF)
    blanks = []
    if len(halves):
        overlap = (
            box_iou(halves.boxes_xyxy, labelled).max(1) if len(labelled) else np.zeros(len(halves))
        )
        candidates = halves.boxes_xyxy[overlap < 0.3]
        if len(candidates):
            crops = np.array([crop_half(image, tuple(b)) for b in candidates])
            probs = reader.pip_reader.probabilities(crops)
            blanks = [b for b, p in zip(candidates, probs, strict=True) if p[0] >= BLANK_CONFIDENCE]
    all_halves = np.array(list(labelled) + blanks, np.float32).reshape(-1, 4)
    known = Detections(
        np.concatenate([all_halves, dets.of_class(TILE).boxes_xyxy]),
        np.concatenate([np.ones(len(all_halves), np.float32), dets.of_class(TILE).scores]),
        np.array([HALF] * len(all_halves) + [TILE] * len(dets.of_class(TILE)), np.int64),
    )
    tiles, lone = assemble(known)
    if lone or any(h.inferred for t in tiles for h in t.halves):
        return None
    rows = [(HALF_CLASS, box) for box in all_halves]
    for tile in tiles:
        a, b = (np.array(h.box_xyxy) for h in tile.halves)
        rows.append(
            (TILE_CLASS, np.concatenate([np.minimum(a[:2], b[:2]), np.maximum(a[2:], b[2:])]))
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("split", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    reader = load_default_reader()
    (args.out / "images").mkdir(parents=True, exist_ok=True)
    (args.out / "labels").mkdir(parents=True, exist_ok=True)
    kept = 0
    images = sorted((args.split / "images").glob("*.jpg"))
    for image_path in images:
        image = cv2.imread(str(image_path))
        height, width = image.shape[:2]
        halves = read_half_boxes(args.split / "labels" / f"{image_path.stem}.txt", width, height)
        labelled = np.array([h.box for h in halves], np.float32).reshape(-1, 4)
        rows = complete_labels(image, labelled, reader)
        if rows is None:
            continue
        kept += 1
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
    print(f"kept {kept} of {len(images)} photos with complete labels")


if __name__ == "__main__":
    main()
