"""How far the reader can be trusted: every test set made from the real validation photos,
rendered photos without dominoes, rendered hands among clutter and face-down tiles (apart,
and lying together as a chicken yard), hands made of real halves on rendered tables
(``vision.synth.real_halves``), real tiles turned face down or made double blanks
(is a back read as a tile? is a double blank read?), and the same photos turned (do the
tiles read stay the same?).

    python bench/bench_trust.py [--out DIR] [--sets closeup,turn90,...] [--rendered N]

Prints one block per set (the figures of ``chickenfoot eval``), then a summary table and
the share of photos whose tiles read are the same turned by 90, 180, 270 degrees or
mirrored, and the tiles invented in damaged files made from the samples
(``bench/damaged_images.py``: a tile the undamaged photo did not give), and how many of
those lie on a tile the undamaged photo read otherwise. With ``--pictures DIR``, real
pictures without dominoes are read as taken, turned, at a quarter and at phone size: the
tiles read and the boards made on them are all made up. Sets are written
to DIR (a temporary folder by default); rendered sets use fixed seeds no training set
uses.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from vision.doubt import is_doubtful_confidence  # noqa: E402
from vision.evaluation.evaluate import EvalMetrics, evaluate  # noqa: E402
from vision.evaluation.face_down import read_wiped  # noqa: E402
from vision.evaluation.half_pictures import real_half_pictures  # noqa: E402
from vision.evaluation.sets import (  # noqa: E402
    PICTURE_FRAMINGS,
    SETS,
    WIPED_SETS,
    write_pictures_set,
    write_set,
)
from vision.reader.recognize import Recognition, recognize_file  # noqa: E402
from vision.reader.tile_reader import MODELS_DIR, shared_reader  # noqa: E402
from vision.synth.real_halves import HalfPool, write_real_hands  # noqa: E402

VALID = REPO / "datasets" / "real" / "pip-tracker-double12" / "valid"
JPEG_START = b"\xff\xd8"
TURNS = ("turn90", "turn180", "turn270", "mirror")
REAL_HANDS_SEED = 991


def rendered_sets(out: Path, count: int) -> dict[str, tuple[Path, int | None]]:
    from vision.synth.writer import write_dataset

    sets = {
        "no dominoes (rendered clutter)": (out / "negatives", dict(max_tiles=0, hard_prob=1.0),
                                           961, None),
        "hands among clutter and face-down tiles": (out / "hard", dict(hard_prob=1.0), 953,
                                                    None),
        "hands beside a chicken yard (backs touching)": (out / "yard",
                                                         dict(hard_prob=1.0, yard=True), 957,
                                                         None),
        "sets of every colour (double-12)": (out / "colours",
                                             dict(set_max=12, max_tiles=10, wide_styles=True),
                                             971, 12),
        "double-9 hands": (out / "d9", dict(set_max=9, max_tiles=12), 777, 9),
    }
    made = {}
    for name, (folder, options, seed, set_max) in sets.items():
        if not folder.is_dir():
            write_dataset(folder, count, seed, **options)
        made[name] = (folder, set_max)
    return made


def tiles_read(folder: Path, reader) -> dict[str, Counter]:
    out = {}
    for image in sorted((folder / "images").iterdir()):
        result = recognize_file(image, reader, 12)
        out[image.stem] = Counter(tuple(sorted(t.pips)) for t in result.tiles) \
            if isinstance(result, Recognition) else Counter()
    return out


def _recognition(path: Path, reader) -> Recognition | None:
    result = recognize_file(path, reader, 12)
    return result if isinstance(result, Recognition) else None


def tiles_on_backs(folder: Path, reader) -> tuple[int, int, int]:
    """(face-down tiles, tiles with a half read on one, of them sure) in a rendered set."""
    from vision.evaluation.face_down import on_a_back
    from vision.synth.writer import photo_backs, photo_truth_files

    backs = read_on = sure = 0
    for truth in photo_truth_files(folder):
        polygons = photo_backs(truth)
        if not polygons:
            continue
        backs += len(polygons)
        result = recognize_file(folder / "images" / f"{truth.stem}.jpg", reader)
        if not isinstance(result, Recognition):
            continue
        for tile in result.tiles:
            if on_a_back(tile, polygons):
                read_on += 1
                sure += not is_doubtful_confidence(tile.confidence)
    return backs, read_on, sure


def boards_made(folder: Path, reader) -> tuple[int, int]:
    """(photos turned into a board, photos) in a folder of pictures without dominoes."""
    from vision.board import PhotoError, read_board_photo

    made = photos = 0
    for image in sorted((folder / "images").iterdir()):
        photos += 1
        try:
            made += read_board_photo(str(image), reader).reading.built
        except PhotoError:
            pass
    return made, photos


@dataclass
class DamagedFiles:
    """What the damaged files gave against their undamaged photos: a tile is invented
    when the undamaged photo did not give it there; of those, some lie where
    the undamaged photo has a tile of other pips (a doubtful tile's second guess moves with
    a few flipped bits), the rest where it has none. A tile the undamaged photo also gave
    is kept (sure or doubtful)."""
    name: str
    files: int = 0
    decoded: int = 0
    invented: int = 0
    sure: int = 0
    on_a_tile: int = 0
    kept: int = 0
    kept_sure: int = 0

    def line(self) -> str:
        return (f"damaged files ({self.name}): {self.files}, {self.decoded} give tiles; "
                f"tiles invented: {self.invented} ({self.sure} sure; {self.on_a_tile} where "
                f"the undamaged photo has a tile of other pips); tiles as the undamaged "
                f"photo read them: {self.kept} ({self.kept_sure} sure)")


def damaged_files(reader, out: Path) -> list[DamagedFiles]:
    """The fuzz corpus made from the samples, and flipped or zeroed copies of the real
    validation photos."""
    import damaged_images as damaged  # beside this script

    folder = out / "damaged"
    folder.mkdir(parents=True, exist_ok=True)
    samples = [(source, data, damaged.damaged_images_of(source, data))
               for source, data in damaged.sources()]
    photos = [(path.stem, path.read_bytes()) for path in sorted((VALID / "images").glob("*.jpg"))]
    real = [(stem, data, damaged.flipped_copies(stem, data)) for stem, data in photos]
    return [_tally(name, corpus, reader, folder)
            for name, corpus in (("samples", samples), ("real valid photos", real))]


def _tally(name: str, corpus, reader, folder: Path) -> DamagedFiles:
    tally = DamagedFiles(name)
    for source, data, copies in corpus:
        suffix = ".jpg" if data[:2] == JPEG_START else ".png"
        path = folder / f"{source}.original{suffix}"
        path.write_bytes(data)
        result = recognize_file(path, reader)
        original = list(result.tiles) if isinstance(result, Recognition) else []
        for file_name, damaged_data in copies:
            tally.files += 1
            path = folder / file_name
            path.write_bytes(damaged_data)
            result = recognize_file(path, reader)
            if isinstance(result, Recognition):
                tally.decoded += 1
                _count(tally, result.tiles, original)
    return tally


def _count(tally: DamagedFiles, tiles, original) -> None:
    left = list(original)
    for tile in tiles:
        key = sorted(tile.pips)
        sure = not is_doubtful_confidence(tile.confidence)
        # the same tile where the undamaged photo read it (a value alone would take a
        # phantom of that value elsewhere for it)
        same = next((o for o in left if sorted(o.pips) == key and _same_place(tile, o)), None)
        if same is not None:
            left.remove(same)
            tally.kept += 1
            tally.kept_sure += sure
            continue
        tally.invented += 1
        tally.sure += sure
        tally.on_a_tile += any(_same_place(tile, o) and sorted(o.pips) != list(key)
                               for o in original)


def _same_place(tile, other) -> bool:
    """Whether two readings' centres lie within half the other tile's length."""
    import numpy as np

    corners = np.asarray(other.corners_px, float)
    length = max(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[2] - corners[1]))
    return math.dist(tile.center_px, other.center_px) < 0.5 * length


def summary_row(name: str, m: EvalMetrics) -> str:
    return (f"{name:42s} {m.photos:5d} {100 * m.half_accuracy:7.1f} "
            f"{100 * m.exact_tile_accuracy:7.1f} {100 * m.pip_total_exact_rate:7.1f} "
            f"{100 * m.pip_total_shown_rate:7.1f} "
            f"{m.tiles_predicted:6d} {m.tiles_doubtful:6d} {m.wrong_tiles_sure:6d} "
            f"{m.calibration_error:6.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="keep the sets here (default: a temp dir)")
    parser.add_argument("--sets", default=",".join(SETS),
                        help="sets made from the real photos (default: all)")
    parser.add_argument("--rendered", type=int, default=100, metavar="N",
                        help="photos per rendered set (0: none)")
    parser.add_argument("--models", type=Path, default=MODELS_DIR,
                        help="the models folder to measure (default: the shipped models/)")
    parser.add_argument("--pictures", type=Path, metavar="DIR",
                        help="real pictures without dominoes (vision.training.package_negatives "
                             "makes them from a wheel), read in every framing: tiles and "
                             "boards made up")
    parser.add_argument("--no-damaged", dest="damaged", action="store_false",
                        help="skip the damaged files made from the samples")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="trust-"))
    reader = shared_reader(args.models)
    rows: list[tuple[str, EvalMetrics]] = []

    def measure(name: str, folder: Path, set_max: int | None) -> None:
        metrics = evaluate(folder, reader, set_max=set_max)
        print("\n".join(line for line in metrics.lines() if not line.startswith("  !")))
        rows.append((name, metrics))

    measure("real valid photos", VALID, 12)
    names = [n for n in args.sets.split(",") if n]
    for name in names:
        folder = out / name
        if not folder.is_dir():
            write_set(VALID, folder, name)
        measure(f"real: {name}", folder, 12)
    boards = []
    for framing in PICTURE_FRAMINGS if args.pictures else ():
        folder = out / f"pictures-{framing}"
        if not folder.is_dir():
            write_pictures_set(args.pictures, folder, framing, VALID)
        measure(f"pictures without dominoes: {framing}", folder, None)
        boards.append((framing, boards_made(folder, reader)))
    if args.rendered:
        for name, (folder, set_max) in rendered_sets(out, args.rendered).items():
            measure(name, folder, set_max)
        folder = out / "real-halves"
        if not folder.is_dir():
            pool = HalfPool.of(real_half_pictures(VALID, reader))
            write_real_hands(folder, args.rendered, REAL_HANDS_SEED, pool)
        measure("hands of real halves (composed)", folder, 12)

    print(f"\n{'set':42s} {'photos':>5s} {'half%':>7s} {'exact%':>7s} {'total%':>7s} "
          f"{'shown%':>7s} {'read':>6s} {'doubt':>6s} {'w.sure':>6s} {'ECE':>6s}")
    for name, metrics in rows:
        print(summary_row(name, metrics))
    for name, metrics in rows:
        if metrics.tiles_labelled == 0:
            print(f"{name}: tiles read on {metrics.photos_with_tiles_invented} of "
                  f"{metrics.photos} photos, {metrics.tiles_predicted} tiles in all")

    for framing, (made, photos) in boards:
        print(f"pictures without dominoes ({framing}): a board made of {made} of {photos}")
    if args.rendered:
        for folder in ("hard", "yard"):
            backs, read_on, sure = tiles_on_backs(out / folder, reader)
            print(f"face-down tiles ({folder}): {backs}; tiles read on them: {read_on} "
                  f"({sure} sure)")
    for name in (n for n in names if n in WIPED_SETS):
        counts = read_wiped(out / name, lambda path: _recognition(path, reader),
                            is_doubtful_confidence)
        print(f"real tiles wiped ({name}): " + "; ".join(counts.lines()))
    if args.damaged:
        for tally in damaged_files(reader, out):
            print(tally.line())
    turned = [n for n in TURNS if n in names]
    if turned:
        base = tiles_read(VALID, reader)
        for name in turned:
            other = tiles_read(out / name, reader)
            same = sum(1 for stem, tiles in base.items() if other.get(stem) == tiles)
            print(f"same tiles {name}: {same}/{len(base)} ({100 * same / len(base):.1f}%)")


if __name__ == "__main__":
    main()
