"""Fit the confidence calibration (models/calibration.json) and say how well it holds.

    python -m vision.training.calibrate --split datasets/real/pip-tracker-double12/valid \
        --rendered datasets/train/hard_val --work /tmp/calibration

Readings whose truth is known come from the test sets of ``vision.evaluation.sets`` (every
framing: as taken, turned, small, close-ups, dark...) made from the real photos of
``--split``, and from rendered sets. The photos are split in two by name: the raw tile
confidences of one half (with the rendered sets) are fitted by Platt scaling
(``vision.reader.calibration.fit``), and the expected calibration error is measured on the other
half, which the fit never saw.
"""

from __future__ import annotations

import argparse
import zlib
from pathlib import Path

from vision.evaluation.evaluate import evaluate, expected_calibration_error
from vision.evaluation.sets import JPEG_SETS, SETS, write_set
from vision.reader.calibration import CALIBRATION_FILE, Calibration, fit
from vision.reader.tile_reader import shared_reader

IDENTITY = Calibration()


def fold_of(stem: str) -> int:
    return zlib.crc32(stem.encode()) % 2


def readings(folders: list[Path], set_max: int | None) -> list[tuple[float, bool]]:
    """(raw confidence, read right) of every judged tile read in ``folders``."""
    reader = shared_reader()
    judged: list[tuple[float, bool]] = []
    for folder in folders:
        metrics = evaluate(folder, reader, set_max=set_max, calibration=IDENTITY)
        print(f"{folder}: {len(metrics.judged)} tiles, "
              f"{sum(1 for _, r in metrics.judged if not r)} wrong", flush=True)
        judged += metrics.judged
    return judged


def fold_sets(split: Path, work: Path, fold: int) -> list[Path]:
    folders = []
    # the phone-size sets repeat others at 12 MP: slow, and not what the shipped mapping saw
    for name in ("as-taken", *(n for n in SETS if n not in JPEG_SETS)):
        folder = work / f"fold{fold}" / name
        if not folder.is_dir():
            write_set(split, folder, name, keep=lambda stem: fold_of(stem) == fold)
        folders.append(folder)
    return folders


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", type=Path, required=True, help="real half-box split")
    parser.add_argument("--set", dest="set_max", type=int, default=12)
    parser.add_argument("--rendered", type=Path, nargs="*", default=[],
                        help="rendered sets with truth JSON")
    parser.add_argument("--work", type=Path, required=True, help="where the sets are made")
    parser.add_argument("--out", type=Path, default=CALIBRATION_FILE)
    args = parser.parse_args()

    fitted = readings(fold_sets(args.split, args.work, 0), args.set_max)
    fitted += readings(list(args.rendered), None)
    calibration = fit([c for c, _ in fitted], [r for _, r in fitted])
    print(f"fitted on {len(fitted)} tiles: slope {calibration.slope:.3f} offset "
          f"{calibration.offset:.3f}; ECE {expected_calibration_error(fitted):.4f} raw -> "
          f"{expected_calibration_error([(calibration(c), r) for c, r in fitted]):.4f}")
    held = readings(fold_sets(args.split, args.work, 1), args.set_max)
    print(f"held out ({len(held)} tiles, the other half of the photos): ECE "
          f"{expected_calibration_error(held):.4f} raw -> "
          f"{expected_calibration_error([(calibration(c), r) for c, r in held]):.4f} "
          "calibrated")
    calibration.save(args.out, f"Platt scaling fitted on {len(fitted)} tiles: half of "
                               f"{args.split.name} in every framing of vision.evaluation.sets, "
                               f"and {len(args.rendered)} rendered sets")


if __name__ == "__main__":
    main()
