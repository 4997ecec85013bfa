"""Propose which labelled halves of a half-box split make one tile, for a person to check.

The real photos label halves, not tiles. This writes ``SPLIT/tiles/<photo>.txt`` (one
line per tile: the label line numbers, from 0, of its halves; a single number is a tile
whose other half is blank) as the reader pairs them, and a picture per photo into
``--draw DIR`` with every label numbered and every proposed tile drawn, so the proposal
can be checked by eye and corrected in the text file before it is used as truth.

    python -m vision.training.propose_tile_pairs SPLIT --draw /tmp/pairs [--only STEM...]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2

from vision.evaluation.evaluate import load_dataset, match_halves
from vision.reader.recognize import RecognitionError, recognize_file
from vision.reader.tile_reader import load_default_reader


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("split", type=Path)
    parser.add_argument("--draw", type=Path, required=True)
    parser.add_argument("--only", nargs="*", help="photo stems to redo (others are kept)")
    args = parser.parse_args()
    _, samples = load_dataset(args.split)
    reader = load_default_reader()
    (args.split / "tiles").mkdir(exist_ok=True)
    args.draw.mkdir(parents=True, exist_ok=True)
    for sample in samples:
        if args.only and sample.image.stem not in args.only:
            continue
        result = recognize_file(sample.image, reader)
        if isinstance(result, RecognitionError):
            print(f"{sample.image.name}: {result.message}")
            continue
        boxes = [h.box_px(result.width, result.height) for h in sample.halves]
        matched = match_halves(boxes, result.tiles)
        groups: dict[int, list[int]] = {}
        for label, (tile, _) in matched.items():
            groups.setdefault(tile, []).append(label)
        tiles = sorted(sorted(g) for g in groups.values())
        tiles += [[i] for i in range(len(boxes)) if i not in matched]
        lines = [" ".join(map(str, t)) for t in tiles]
        (args.split / "tiles" / f"{sample.image.stem}.txt").write_text("\n".join(lines) + "\n")
        _draw(sample.image, boxes, [h.value for h in sample.halves], tiles,
              args.draw / f"{sample.image.stem}.png")


def _draw(image_path: Path, boxes, values, tiles, out: Path) -> None:
    scale = 2
    image = cv2.resize(cv2.imread(str(image_path)), None, fx=scale, fy=scale)
    centre = [((b[0] + b[2]) * scale / 2, (b[1] + b[3]) * scale / 2) for b in boxes]
    for tile in tiles:
        if len(tile) == 2:
            a, b = (tuple(map(int, centre[i])) for i in tile)
            cv2.line(image, a, b, (0, 200, 0), 3)
        else:
            cv2.circle(image, tuple(map(int, centre[tile[0]])), 10, (0, 0, 255), 3)
    for i, box in enumerate(boxes):
        x, y = int(box[0] * scale), int(box[1] * scale)
        cv2.rectangle(image, (x, y), (int(box[2] * scale), int(box[3] * scale)), (255, 128, 0), 1)
        cv2.putText(image, f"{i}:{values[i]}", (x + 2, y + 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                    (0, 0, 0), 3)
        cv2.putText(image, f"{i}:{values[i]}", (x + 2, y + 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                    (255, 255, 255), 1)
    cv2.imwrite(str(out), image)


if __name__ == "__main__":
    main()
