"""`chickenfoot eval DATASET [--set N] [--limit K] [--json]`

Reads every photo of a labelled set and prints tile recall and precision, per-half
accuracy, exact-tile accuracy, the whole-photo pip-total exact rate, counts, mean time per
photo and the most common misreads. DATASET is a YOLO half-box split (``images/`` +
``labels/``), a ``data.yaml`` or a folder holding one (its validation split), or a folder
of photos with truth JSON. The metric definitions are in ``vision.evaluation.evaluate``.

Exit status: 0 after a measurement, 2 when the dataset or the reader cannot be used or
none of its photos can be read.
"""

from __future__ import annotations

import argparse
import json

from scorer.messages import clip, clip_name
from scorer.tiles import SET_SIZES
from tui.commands.errors import input_path, refused


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dataset", metavar="DATASET", type=input_path,
                        help="a labelled set of photos")
    parser.add_argument("--set", dest="set_max", type=int, choices=SET_SIZES, default=None,
                        metavar="N", help="the double-N set in the photos (6, 9, 12, 15, 18)")
    parser.add_argument("--limit", type=int, default=None, metavar="K",
                        help="only the first K photos (sorted by name)")
    parser.add_argument("--json", action="store_true", help="print the metrics as JSON")


def _refused(message: str, args: argparse.Namespace) -> int:
    return refused("eval", message, args.json, dataset=args.dataset)


def run(args: argparse.Namespace) -> int:
    from vision.evaluation import DatasetError, labelled_values, load_dataset

    if args.limit is not None and args.limit < 1:
        return _refused(f"--limit {args.limit}: give 1 photo or more", args)

    try:
        kind, samples = load_dataset(args.dataset)
    except DatasetError as error:
        return _refused(str(error), args)
    if kind == "half-boxes" and not any(map(has_label_file, samples)):
        return _refused(f"{clip_name(args.dataset)}: none of its {len(samples)} photos has a "
                       "label file (labels/NAME.txt for images/NAME.jpg): nothing to measure",
                       args)
    labelled = max((v for sample in samples for v in labelled_values(sample)), default=0)
    if args.set_max is not None and labelled > args.set_max:  # measured, 50% of halves
        return _refused(f"--set {args.set_max}: {clip_name(args.dataset)} labels a half "
                        f"{labelled}, beyond the set: give --set of at least {labelled}, or "
                        "leave it out", args)
    from tui.commands.read import load_reader

    reader = load_reader("eval")
    if reader is None:
        return 2
    return measure(args, reader)


def has_label_file(sample) -> bool:
    """Whether a half-box photo has its labels file. A photo without one is a photo with no
    tile (YOLO's way), so a set whose labels were renamed, or lie in another folder, was
    measured as a set of empty tables: exit 0, every figure 0%."""
    label = sample.image.parent.parent / "labels" / f"{sample.image.stem}.txt"
    try:
        return label.is_file()
    except (OSError, ValueError):
        return False


def measure(args: argparse.Namespace, reader) -> int:
    """Evaluate ``reader`` on ``args.dataset`` and print the result."""
    from vision.evaluation import DatasetError, evaluate

    try:
        metrics = evaluate(args.dataset, reader, set_max=args.set_max, limit=args.limit)
    except DatasetError as error:
        return _refused(str(error), args)
    if metrics.photos and len(metrics.errors) == metrics.photos:  # nothing was measured
        return _refused(f"none of the {metrics.photos} photos could be read "
                       f"(the first: {clip(metrics.errors[0], 160)})", args)
    if args.json:
        print(json.dumps(metrics.to_dict()))
    else:
        print("\n".join(metrics.lines()))
    return 0
