"""Real training photos with some tiles turned face down or made double blanks, labelled
for the detector.

The detector learnt from real photos where every tile lies face up, so it never saw a
real back: a plain face of the right size and colour is, to it, most like a blank half,
and two backs side by side most like a double blank (measured: backs boxed as halves
at 0.5 to 0.7). Here the marks of real tiles are wiped off in the photo itself
(vision.evaluation.face_down); each photo is written twice:
- ``back_<stem>``: the wiped tiles are backs, their half and tile labels removed;
- ``blank_<stem>``: the same tiles keep their divider, a double blank, labels kept.
The pair teaches the one difference between them: the divider.

    python -m vision.training.wiped_detector_photos SPLIT_DIR OUT_DIR [--share 0.6]
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.evaluation.face_down import wipe_tiles
from vision.evaluation.labels import HalfBox, pair_halves, read_half_boxes
from vision.reader.pips import PipReader
from vision.reader.tile_reader import MODELS_DIR, PIPS_FILE
from vision.training.real_detector_labels import complete, label_lines


def _inside(box, outline) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return outline[0] <= cx <= outline[2] and outline[1] <= cy <= outline[3]


@dataclass(frozen=True)
class WipedCopy:
    kind: str  # "back" or "blank"
    image: np.ndarray
    rows: list  # (class, pixel box) detector labels
    wiped: int  # tiles wiped in it


def wiped_copies(image: np.ndarray, halves: list[HalfBox], pips: PipReader,
                 rng: np.random.Generator, share: float) -> list[WipedCopy]:
    """The photo with a ``share`` of its whole tiles turned face down (their labels
    gone) and the same tiles made double blanks (labels kept); [] when none was wiped."""
    rows, _ = complete(image, halves, pips)
    pairs, _ = pair_halves(halves)
    chosen = [[halves[i].box, halves[j].box] for i, j in pairs if rng.random() < share]
    if not chosen:
        return []
    seed = int(rng.integers(2**31))
    copies = []
    for kind, keep_divider in (("back", False), ("blank", True)):
        made = wipe_tiles(image, chosen, keep_divider=keep_divider, seed=seed)
        if not made.wiped:
            continue
        kept = rows if keep_divider else [
            (cls, box) for cls, box in rows
            if not any(_inside(box, outline) for outline in made.outlines)]
        copies.append(WipedCopy(kind, made.image, kept, len(made.wiped)))
    return copies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("split", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--share", type=float, default=0.6,
                        help="share of a photo's whole tiles that are wiped (default 0.6)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    pips = PipReader(MODELS_DIR / PIPS_FILE)
    (args.out / "images").mkdir(parents=True, exist_ok=True)
    (args.out / "labels").mkdir(parents=True, exist_ok=True)
    counts = {"back": 0, "blank": 0}
    photos = 0
    for image_path in sorted((args.split / "images").glob("*.jpg")):
        image = cv2.imread(str(image_path))
        if image is None:
            continue
        height, width = image.shape[:2]
        halves = read_half_boxes(args.split / "labels" / f"{image_path.stem}.txt", width, height)
        for copy in wiped_copies(image, halves, pips, rng, args.share):
            name = f"{copy.kind}_{image_path.stem}"
            cv2.imwrite(str(args.out / "images" / f"{name}.jpg"), copy.image,
                        [cv2.IMWRITE_JPEG_QUALITY, 95])
            (args.out / "labels" / f"{name}.txt").write_text(
                label_lines(copy.rows, width, height))
            counts[copy.kind] += copy.wiped
            photos += 1
    print(f"{photos} photos written: {counts['back']} tiles turned face down, "
          f"{counts['blank']} made double blanks")


if __name__ == "__main__":
    main()
