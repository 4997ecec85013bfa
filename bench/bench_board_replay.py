"""Board reading replayed on cached detections: a change to vision/board measured on
hundreds of boards in a minute, board by board.

    python bench/bench_board_replay.py prepare --seed 101000 --count 100 --out /tmp/r.pkl \
        [--spinner 0]
    python bench/bench_board_replay.py run /tmp/r.pkl --out /tmp/after.txt \
        [--against /tmp/before.txt] [--set HOLE_REACH=1.0 ...]

``prepare`` renders and detects once (as ``bench_board.py --mode model`` does, the same
scenes for the same seed): ``count`` boards of 15 tiles, ``count`` of 30 and ``count``
disputed plays on 15-tile boards. ``run`` reads every board again from those detections
with the second looks on the same photos, and prints boards exact, boards given whole,
wrong boards given whole, and disputes judged right; ``--out`` keeps one line per board (its
board, problems, notes and verdict) and ``--against`` counts the boards whose line
changed; ``--set NAME=VALUE`` reads them with a tuned number of ``vision/board`` set
otherwise (in every module that binds the name; a constant derived from it at import,
and a default argument, keep their values), so what each number decides is measured
without editing the code. Why: rendering and detecting take nine tenths of
``bench_board.py``'s time, and board reading is deterministic on the same detections, so a
change that should keep every board can be shown to keep every board.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import pickle
import pkgutil
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_board import board_scene, dispute_scene, readings_for  # noqa: E402

from scorer.rules import RuleSet  # noqa: E402
from tui.board_words import note_lines, problem_lines, refusal_line  # noqa: E402
from vision.board.dispute import NoDispute, judge_tile  # noqa: E402
from vision.board.photo import PhotoLook  # noqa: E402
from vision.board.read import read_tableau  # noqa: E402
from vision.reader.tile_reader import shared_reader  # noqa: E402
from vision.synth import LayoutError  # noqa: E402


def prepare(seed: int, count: int, out: Path, spinner: int | None = None) -> None:
    reader, rules = shared_reader(), RuleSet()
    cached = []
    scenes = [(f"{size} tiles #{i}", False, *board_scene(seed, size, i, rules, spinner))
              for size in (15, 30) for i in range(count)]
    scenes += [(f"dispute #{i}", True, *dispute_scene(seed, i, rules, 15, spinner))
               for i in range(count)]
    for name, disputed, scene, rng, photo_seed in scenes:
        try:
            tiles, _, look, lone = readings_for(scene, rng, "model", reader, photo_seed)
        except LayoutError:
            continue
        png = cv2.imencode(".png", look.pixels)[1].tobytes()
        truth = (scene.disputed.tile, scene.verdict().legal) if disputed else None
        cached.append((name, png, tiles, lone, truth, scene.board))
    with out.open("wb") as file:
        pickle.dump(cached, file)
    print(f"{len(cached)} boards cached in {out}")


@contextmanager
def constants_set(settings: Sequence[str]) -> Iterator[None]:
    """Each NAME=VALUE given to ``--set``: the module constant NAME of vision/board set to
    VALUE (a Python literal) in every module that binds it, and set back afterwards;
    SystemExit(2) with one line on a name no module binds or a value that is no literal."""
    import vision.board

    modules = [importlib.import_module(f"vision.board.{m.name}")
               for m in pkgutil.iter_modules(vision.board.__path__)]
    was: list[tuple[object, str, object]] = []
    try:
        for setting in settings:
            name, _, text = setting.partition("=")
            try:
                value = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                _refuse(f"--set {setting}: {text!r} is not a number or a tuple")
            bound = [m for m in modules if name.isupper() and hasattr(m, name)]
            if not bound:
                _refuse(f"--set {setting}: no module of vision/board has a constant {name}")
            for module in bound:
                was.append((module, name, getattr(module, name)))
                setattr(module, name, value)
            print(f"{name} = {value!r} in {', '.join(m.__name__ for m in bound)}")
        yield
    finally:
        for module, name, value in reversed(was):
            setattr(module, name, value)


def _refuse(message: str) -> NoReturn:
    print(message, file=sys.stderr)
    raise SystemExit(2)


def run(cache: Path, out: Path | None, against: Path | None) -> None:
    reader, rules = shared_reader(), RuleSet()
    with cache.open("rb") as file:
        cached = pickle.load(file)
    lines: list[str] = []
    exact = whole = unsaid = right_verdicts = wrong_verdicts = 0
    by_size: dict[str, list[int]] = {}  # "15 tiles" -> [exact, boards]
    for name, png, tiles, lone, disputed, truth in cached:
        pixels = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
        look = PhotoLook(reader.read_at_many, pixels, 1.0, rules.set_max,
                         reader.most_sure_at_many)
        reading = read_tableau(tiles, rules.set_max, look=look, lone=lone)
        right = reading.built and reading.board == truth
        if disputed is None:
            exact += right
            size = by_size.setdefault(name.split(" #")[0], [0, 0])
            size[0], size[1] = size[0] + right, size[1] + 1
            whole += reading.ok
            unsaid += reading.ok and not right
        line = (f"{name}: {'exact' if right else 'not exact'}, board {reading.board}, "
                f"problems {problem_lines(reading)}, notes {note_lines(reading)}")
        if disputed is not None and reading.built:
            try:
                judged = judge_tile(reading, disputed[0], rules).readings
                legal = judged[0][0].verdict.legal
                right_verdicts += legal == disputed[1]
                wrong_verdicts += legal != disputed[1]
                line += ", verdict " + "; ".join(
                    f"{'legal' if r.verdict.legal else 'illegal'} ({chance:.3f})"
                    for r, chance in judged)
            except NoDispute as error:
                line += f", no verdict: {refusal_line(error, reading.tiles)}"
        lines.append(line)
    disputes = sum(1 for c in cached if c[4] is not None)
    sizes = ", ".join(f"{size} {n} of {of}" for size, (n, of) in by_size.items())
    print(f"{cache.name}: boards exact {exact} of {len(cached) - disputes} ({sizes}), given whole "
          f"{whole}, wrong given whole {unsaid}; disputes judged right {right_verdicts} of "
          f"{disputes}, wrong verdicts {wrong_verdicts}")
    if out is not None:
        out.write_text("\n".join(lines) + "\n")
    if against is not None:
        before = against.read_text().splitlines()
        changed = sum(a != b for a, b in zip(before, lines, strict=False))
        print(f"boards whose reading changed against {against.name}: {changed}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("prepare", help="render and detect once")
    make.add_argument("--seed", type=int, required=True)
    make.add_argument("--count", type=int, default=100)
    make.add_argument("--out", type=Path, required=True)
    make.add_argument("--spinner", type=int, help="every board around this double "
                      "(as bench_board.py --spinner)")
    replay = sub.add_parser("run", help="read the boards again from the cache")
    replay.add_argument("cache", type=Path)
    replay.add_argument("--out", type=Path)
    replay.add_argument("--against", type=Path)
    replay.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a constant of vision/board set otherwise for this run")
    args = parser.parse_args(argv)
    if args.command == "prepare":
        prepare(args.seed, args.count, args.out, args.spinner)
    else:
        with constants_set(args.set):
            run(args.cache, args.out, args.against)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
