"""Board reading on photos that are no tableau: how often a board is made, and how long
each photo takes (the slowest matters: a photo must never hang the command).

    python bench/bench_board_negatives.py                 # rendered clutter, no domino
    python bench/bench_board_negatives.py --folder DIR    # any folder of photos
    python bench/bench_board_negatives.py --count 50 --seed 4242

Rendered photos come from ``chickenfoot synth`` with no tiles and every kind of clutter
(face-down tiles, coins, cards, dice, paper, checkerboards, codes, keyboards, phones,
pens), from a seed the training sets do not use. Each photo is read with the shipped
models through ``vision.board.read_board_photo``, as ``chickenfoot board`` reads it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.board import PhotoError, read_board_photo  # noqa: E402
from vision.image import iter_image_files  # noqa: E402
from vision.reader import shared_reader  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=None)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=4242)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.folder
        if folder is None:
            from vision.synth import write_dataset

            folder = Path(tmp) / "negatives"
            write_dataset(folder, args.count, args.seed, max_tiles=0, hard_prob=1.0)
        if (folder / "images").is_dir():  # a rendered set: its photos, not its labels
            folder = folder / "images"
        photos = sorted(iter_image_files([str(folder)]))[: args.count]
        reader = shared_reader()
        boards = unreadable = 0
        seconds: list[float] = []
        slowest = ("", 0.0)
        for path in photos:
            started = time.perf_counter()
            try:
                photo = read_board_photo(str(path), reader, None)
                boards += photo.reading.built
            except PhotoError:
                unreadable += 1
            took = time.perf_counter() - started
            seconds.append(took)
            if took > slowest[1]:
                slowest = (Path(path).name, took)
    print(f"photos with no tableau: {len(photos)} ({unreadable} unreadable files)")
    print(f"  boards made: {boards} of {len(photos)}")
    if seconds:
        print(f"  seconds per photo: median {statistics.median(seconds):.2f}, "
              f"max {max(seconds):.2f} ({slowest[0]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
