"""Board reading from tableau photos: boards read exactly, what the board constraints fix,
and verdicts on disputed plays.

    python bench/bench_board.py                      # simulated reader noise, no model
    python bench/bench_board.py --mode truth         # perfect readings: geometry alone
    python bench/bench_board.py --mode model         # the shipped reader on rendered photos
    python bench/bench_board.py --count 20 --disputes 40
    python bench/bench_board.py --mode model --misses  # name each board not read exactly
    python bench/bench_board.py --mode real          # tiles made of real halves
    python bench/bench_board.py --mode model --turn 30  # each photo turned 30 degrees

Scenes come from simulated rounds laid out as players lay them, with seeds from
``--seed`` (default 5000; the tests and the committed samples use other seeds). In
``noise`` mode the truth corners and values pass through a simulated reader
(vision.synth.reader_noise: slips with the truth as runner-up, rare confident blunders,
hesitations, corner jitter) and a camera tilt; no photo is drawn. In ``model`` mode each
scene is rendered with the synthetic photo renderer and read by models/*.onnx. In
``real`` mode each tile of the scene is made of two real halves cut from the labelled
validation photos (vision.synth.real_halves), pasted on a rendered table, and read
by models/*.onnx. ``--turn DEG`` turns every photo by DEG degrees (the frame grown to
hold it, filled with the table's border colour): a tableau photographed askew.

Figures: board exact rate (the board read equals the truth) for 5, 15 and 30 tiles, the
boards read wrong with no problem reported (the worst for a player) and those read right
with a problem reported all the same (a needless doubt), and the milliseconds
``read_tableau`` takes per board (second looks included in model mode;
rendering the scene and the first detection not);
per-half accuracy before decoding (the reader's top value) and after; verdict accuracy
on disputed plays, half legal (the last tile really played) and half illegal (arms-first,
foot-open, no-match in turn); a photo that gives no board counts as a wrong verdict.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorer.rules import RuleSet  # noqa: E402
from tui.board_words import problem_lines, refusal_line  # noqa: E402
from vision.board.dispute import NoDispute, judge_tile  # noqa: E402
from vision.board.photo import PhotoLook  # noqa: E402
from vision.board.read import read_tableau  # noqa: E402
from vision.evaluation.half_pictures import real_half_pictures  # noqa: E402
from vision.reader import read_squared  # noqa: E402
from vision.reader.second_look import mapped_tile, point_mover, turned_photo  # noqa: E402
from vision.synth import LayoutError  # noqa: E402
from vision.synth.reader_noise import noisy_readings, truth_readings  # noqa: E402
from vision.synth.real_halves import HalfPool, halves_cover, real_tile_photo  # noqa: E402
from vision.synth.tableau_scenes import frame_for, lay_out, make_scene, scene_photo, scene_tiles  # noqa: E402
from vision.types import LoneHalf  # noqa: E402

REAL_HALVES = Path(__file__).resolve().parent.parent / "datasets/real/pip-tracker-double12/valid"
TURN = {"degrees": 0.0}  # --turn: every photo turned by this much


def turned(image: np.ndarray, truth: list, degrees: float) -> tuple[np.ndarray, list]:
    """The photo turned by ``degrees`` in a frame grown to hold it, and the truth readings
    moved with it."""
    out, turn = turned_photo(image, degrees)
    point = point_mover(turn)
    return out, [mapped_tile(t, point) for t in truth]


def readings_for(scene, rng: random.Random, mode: str, reader, seed: int, pool=None):
    """(readings, truth readings matched to them, the reader's second look at the photo or
    None, the centres of the halves the reader found alone) for one scene; ``pool`` holds
    the real halves of ``real`` mode."""
    laid = lay_out(scene, rng)
    size = frame_for(len(laid))
    nprng = np.random.default_rng(seed)
    if mode in ("noise", "truth"):
        truth = truth_readings(scene_tiles(laid, size, nprng))
        if mode == "truth":
            return truth, truth, None, ()
        return noisy_readings(truth, scene.rules.set_max, nprng), truth, None, ()
    if mode == "real":
        image, placed = real_tile_photo(laid, size, pool, nprng)
    else:
        image, placed = scene_photo(laid, size, scene.rules.set_max, nprng)
    truth = truth_readings(placed)
    if TURN["degrees"]:
        image, truth = turned(image, truth, TURN["degrees"])
    tiles, problems = read_squared(reader, image, scene.rules.set_max)  # as board reads
    lone = [p.center_px for p in problems if isinstance(p, LoneHalf)]
    return (tiles, truth, PhotoLook(reader.read_at_many, image, 1.0, scene.rules.set_max,
                                    reader.most_sure_at_many), lone)


DISPUTE_KINDS = ["legal", "arms-first", "legal", "foot-open", "legal", "no-match"]


def board_scene(seed: int, size: int, i: int, rules, spinner=None):
    """(scene, its random source, its photo's seed) of board ``i`` of ``size`` tiles."""
    rng = random.Random(seed * 1000 + size * 100_000 + i)
    return make_scene(rng, size, rules, spinner=spinner), rng, seed + i


def dispute_scene(seed: int, i: int, rules, size: int, spinner=None):
    """(scene, its random source, its photo's seed) of disputed play ``i``: every kind of
    dispute in turn (DISPUTE_KINDS)."""
    rng = random.Random(seed * 7919 + i)
    kind = DISPUTE_KINDS[i % len(DISPUTE_KINDS)]
    return make_scene(rng, size, rules, kind, spinner), rng, seed + 10_000 + i


def half_truths(tiles, truth) -> list[int | None]:
    """The true value of every half read (by the nearest true half), None if no tile."""
    centres = [(h.center_px, h.pips, tt) for tt in truth for h in tt.halves]
    out: list[int | None] = []
    for tile in tiles:
        for half in tile.halves:
            best = min(centres, key=lambda c: (c[0][0] - half.center_px[0]) ** 2
                       + (c[0][1] - half.center_px[1]) ** 2, default=None)
            out.append(None if best is None else best[1])
    return out


def miss_line(size: int, i: int, scene, reading) -> str:
    """One board not read exactly: which it is, the tiles it lost and gained, why."""
    from collections import Counter

    truth = Counter(scene.board.tiles)
    read = Counter(reading.board.tiles) if reading.built else Counter()
    lost = " ".join(str(t) for t in (truth - read).elements()) or "-"
    gained = " ".join(str(t) for t in (read - truth).elements()) or "-"
    problems = "; ".join(problem_lines(reading)) or "no problem reported"
    return f"    miss {size} tiles #{i}: lost {lost}; gained {gained}; {problems}"


def bench_boards(sizes, count, mode, reader, seed, rules, spinner=None, misses=False,
                 pool=None):
    around = "" if spinner is None else f", spinner {spinner}-{spinner}"
    print(f"boards ({mode} mode, {count} per size, seeds from {seed}{around})")
    before_ok = after_ok = halves = 0
    for size in sizes:
        exact = unwarned = flagged = skipped = 0
        times: list[float] = []  # reading the board only: not rendering or detecting
        for i in range(count):
            scene, rng, photo_seed = board_scene(seed, size, i, rules, spinner)
            try:
                tiles, truth, look, lone = readings_for(scene, rng, mode, reader, photo_seed,
                                                        pool)
            except LayoutError:  # the renderer found no layout: no board to read
                skipped += 1
                continue
            started = time.perf_counter()
            reading = read_tableau(tiles, rules.set_max, look=look, lone=lone)
            times.append(time.perf_counter() - started)
            tiles = reading.tiles  # true to size: a stray reading dropped
            exact += reading.built and reading.board == scene.board
            if misses and not (reading.built and reading.board == scene.board):
                print(miss_line(size, i, scene, reading))
            # worst for a player: a wrong board given with no problem reported
            unwarned += reading.ok and reading.board != scene.board
            # a needless question: the board is right but a problem is reported with it
            right_but_asked = reading.built and reading.board == scene.board and not reading.ok
            flagged += right_but_asked
            if misses and right_but_asked:
                print(f"    asked {size} tiles #{i}: " + "; ".join(problem_lines(reading)))
            # by the nearest true half: the board may have dropped a stray reading
            true_values = half_truths(tiles, truth)
            read_values = [v for t in tiles for v in t.pips]
            decoded = ([v for pair in reading.decoding.values for v in pair]
                       if reading.decoding is not None and reading.decoding.buildable
                       else read_values)
            for t, r, d in zip(true_values, read_values, decoded, strict=True):
                halves += 1
                before_ok += t == r
                after_ok += t == d
        count_read = count - skipped
        ms = sum(times) * 1000 / max(1, count_read)
        spread = (f", median {statistics.median(times) * 1000:.0f}, slowest "
                  f"{max(times) * 1000:.0f}" if times else "")
        print(f"  {size:2d} tiles: board exact {exact / max(1, count_read):.3f} "
              f"({exact}/{count_read}), wrong with no problem reported {unwarned}/{count_read}"
              f", right with a problem reported {flagged}"
              f"  {ms:.0f} ms per board{spread}" + (f" ({skipped} scenes could not be laid out)"
                                            if skipped else ""))
    print(f"  per-half accuracy: before decoding {before_ok / halves:.4f}, after "
          f"{after_ok / halves:.4f} ({halves} halves)")


def bench_disputes(count, mode, reader, seed, rules, size, spinner=None, misses=False,
                   pool=None):
    right = wrong = skipped = 0
    per_kind: dict[str, list[int]] = {}
    for i in range(count):
        kind = DISPUTE_KINDS[i % len(DISPUTE_KINDS)]
        scene, rng, photo_seed = dispute_scene(seed, i, rules, size, spinner)
        try:
            tiles, _, look, lone = readings_for(scene, rng, mode, reader, photo_seed, pool)
        except LayoutError:
            skipped += 1
            continue
        truth = scene.verdict()
        reading = read_tableau(tiles, rules.set_max, look=look, lone=lone)
        ok, why = False, "no board built"
        if reading.built:
            try:
                result = judge_tile(reading, scene.disputed.tile, rules).readings[0][0]
                ok = result.verdict.legal == truth.legal
                wrong += not ok
                why = f"verdict {'legal' if result.verdict.legal else 'illegal'}"
            except NoDispute as error:
                why = f"no dispute ({refusal_line(error, reading.tiles)})"
        right += ok
        if misses and not ok:
            print(f"    miss dispute #{i} ({kind}, {scene.disputed.tile}): {why}; "
                  + miss_line(size, i, scene, reading).split(": ", 1)[1])
        per_kind.setdefault(kind, [0, 0])
        per_kind[kind][0] += ok
        per_kind[kind][1] += 1
    detail = ", ".join(f"{k} {a}/{n}" for k, (a, n) in per_kind.items())
    judged = count - skipped
    print(f"disputed plays ({judged}, about {size} tiles): verdict accuracy "
          f"{right / max(1, judged):.3f} ({detail}); wrong verdicts {wrong}, no verdict "
          f"{judged - right - wrong}" + (f"; {skipped} not laid out" if skipped else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("noise", "truth", "model", "real"), default="noise")
    parser.add_argument("--count", type=int, default=50, help="boards per size")
    parser.add_argument("--disputes", type=int, default=60, help="disputed plays")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--sizes", default="5,15,30")
    parser.add_argument("--turn", type=float, default=0.0, metavar="DEG",
                        help="turn every photo by DEG degrees (model and real modes)")
    parser.add_argument("--spinner", type=int, help="every board around this double "
                        "(0: the double blank, the last round's spinner)")
    parser.add_argument("--misses", action="store_true",
                        help="name each board not read exactly and each dispute not judged right: "
                        "tiles lost, gained, problems")
    args = parser.parse_args(argv)
    TURN["degrees"] = args.turn
    rules = RuleSet()
    reader = pool = None
    if args.mode in ("model", "real"):
        from vision.reader.tile_reader import load_default_reader

        try:
            reader = load_default_reader()
        except Exception as error:  # a missing model is one line
            print(f"bench_board: cannot load the tile reader: {error}", file=sys.stderr)
            return 2
    if args.mode == "real":
        pool = HalfPool.of(real_half_pictures(REAL_HALVES, reader))
        if not halves_cover(pool, rules.set_max):
            print(f"bench_board: the real photos lack a half of some value up to "
                  f"{rules.set_max}", file=sys.stderr)
            return 2
    sizes = [int(s) for s in args.sizes.split(",")]
    bench_boards(sizes, args.count, args.mode, reader, args.seed, rules, args.spinner,
                 args.misses, pool)
    bench_disputes(args.disputes, args.mode, reader, args.seed, rules, 15, args.spinner,
                   args.misses, pool)
    return 0


if __name__ == "__main__":
    sys.exit(main())
