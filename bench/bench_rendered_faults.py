"""What goes wrong on rendered photos, by kind: every true tile missed or read wrong, and
every tile read where none lies, on a face-down tile or elsewhere (clutter, the table),
each sure or doubtful (``vision.doubt``), with the photos whose sure tiles' pip total is
right.

    python bench/bench_rendered_faults.py FOLDER [FOLDER...] [--models DIR] [--list]

FOLDER is a rendered set (``chickenfoot synth OUT --hard 1 [--yard]``: images/ and
truth/, face-down tiles' corners in the truth); ``--list`` prints each photo's faults.
Two models folders (each with its calibration.json) compare on the same photos: run it
once with each.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from vision.doubt import is_doubtful_confidence  # noqa: E402
from vision.evaluation.evaluate import load_dataset, match_tiles, read_as_truth  # noqa: E402
from vision.evaluation.face_down import on_a_back  # noqa: E402
from vision.reader.calibration import Calibration  # noqa: E402
from vision.reader.recognize import Recognition, recognize_file  # noqa: E402
from vision.reader.tile_reader import MODELS_DIR, shared_reader  # noqa: E402
from vision.synth.writer import photo_backs  # noqa: E402


def sureness(confidence: float) -> str:
    return "doubtful" if is_doubtful_confidence(confidence) else "sure"


def photo_faults(truth: Recognition, read: Recognition, backs) -> tuple[list[str], Counter]:
    """The faults of one photo in words, and counted by kind."""
    faults, tally = [], Counter()
    pairs = match_tiles(truth.tiles, read.tiles)
    for gi, g in enumerate(truth.tiles):
        if gi not in pairs:
            faults.append(f"missed {g.pips}")
            tally["missed"] += 1
            continue
        p = read.tiles[pairs[gi]]
        if tuple(h.pips for h in g.halves) != read_as_truth(g, p):
            faults.append(f"read {g.pips} as {p.pips} ({p.confidence:.2f})")
            tally[f"read wrong, {sureness(p.confidence)}"] += 1
    matched = set(pairs.values())
    for pi, p in enumerate(read.tiles):
        if pi not in matched:
            where = "on a back" if on_a_back(p, backs) else "elsewhere"
            faults.append(f"{p.pips} {where} ({p.confidence:.2f})")
            tally[f"made up {where}, {sureness(p.confidence)}"] += 1
    sure_total = sum(sum(p.pips) for p in read.tiles if not is_doubtful_confidence(p.confidence))
    tally["sure pip total right"] += sure_total == sum(sum(g.pips) for g in truth.tiles)
    return faults, tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--models", type=Path, default=MODELS_DIR)
    parser.add_argument("--list", action="store_true", help="print each photo's faults")
    args = parser.parse_args()
    reader = shared_reader(args.models)
    calibration = Calibration.load(args.models / "calibration.json")  # the models' own
    for folder in args.folders:
        _, samples = load_dataset(folder)
        tally = Counter()
        for sample in samples:
            backs = photo_backs(folder / "truth" / f"{sample.image.stem}.json")
            tally["photos"] += 1
            tally["true tiles"] += len(sample.truth.tiles)
            tally["face-down tiles"] += len(backs)
            read = recognize_file(sample.image, reader, calibration=calibration)
            if not isinstance(read, Recognition):
                tally["not read"] += 1
                continue
            faults, found = photo_faults(sample.truth, read, backs)
            tally += found
            if faults and args.list:
                print(f"  {sample.image.name}: " + "; ".join(faults))
        print(f"{folder} ({args.models}):")
        for kind, count in sorted(tally.items()):
            print(f"  {kind:32} {count}")


if __name__ == "__main__":
    main()
