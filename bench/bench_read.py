"""Time reading a photo end to end and per stage: load, reader.read, report.

    python bench/bench_read.py [--repeat N] [--json] [--no-ultralytics]
                               [--ultralytics-weights DETECTOR.onnx|.pt]

Two photos are rendered here (no files needed): a 1280x720 webcam frame with 7 tiles and
a 4032x3024 phone photo with the same 7 tiles. Each is written to a temporary JPEG so the
load stage includes decoding. Prints the median milliseconds per stage over the repeats.
The reader's own stage times (``last_timings_ms`` after ``read``: detect, assemble, pips)
are reported too, each as its median, and ``detector`` is one pass of the detector over
the whole photo (what ``detect`` does before any windows of a big photo).

When ultralytics is installed (the `train` extra), the same detector weights
(models/detector.onnx unless ``--ultralytics-weights`` names others) are also timed
through ultralytics ``predict`` on the same photos, in the same run, and the ratios
``detector / ultralytics`` and ``read.detect / ultralytics`` printed: under 1 is faster
than ultralytics. ``detector`` shrinks every pixel of the photo with area averaging
(about 6 ms of a 12 MP pass; ``predict`` samples it, which drops pips between samples);
``read.detect`` is the detect stage as ``chickenfoot read`` runs it, a big JPEG decoded
reduced first (vision.reader.recognize's quick look).

Every round times one read, one detector pass and one ``predict``, one after another, so
that each ratio compares times taken under the same load, and ends with ``cores``: how
many of the machine's two cores a two-thread job got just then (``CoresProbe``). On a
shared virtual machine the second core is at times taken by the host, and every stage
then runs as on one core; the end-to-end median is also printed apart for the rounds with
both cores free (``total.both_cores``) and the rest (``total.core_taken``).

Also printed once: ``startup``, the milliseconds to load the three models and read the
webcam frame the first time (what a one-photo ``chickenfoot read`` pays after imports).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.image.capture import load_image  # noqa: E402
from vision.reader.recognize import (  # noqa: E402
    QUICK_LOOK_MEGAPIXELS,
    read_photo_file,
    recognize_loaded,
)
from vision.reader.report import to_json_line  # noqa: E402

TILES = [(3, 5), (12, 0), (6, 6), (9, 2), (1, 11), (7, 4), (10, 8)]


def draw_frame(width: int, height: int) -> np.ndarray:
    """A rendered photo of the 7 tiles of a leftover hand, loose on a table."""
    from vision.synth.scene import Pose, render_scene

    side = min(width / 10, height / 4)
    poses = [
        Pose(width * 0.12 + k * side * 1.3, height / 2 + (k % 2) * side * 0.3, 8.0 * k - 20, side)
        for k in range(len(TILES))
    ]
    image, _ = render_scene(np.random.default_rng(7), size=(width, height), poses=poses,
                            values=TILES, set_max=12)
    return image


def ultralytics_predictor(weights: Path, imgsz: int):
    """ultralytics ``predict`` of the same detector weights, warmed up, as a function of a
    BGR image."""

    from vision.training.offline import prepare_offline_ultralytics

    prepare_offline_ultralytics(Path(tempfile.gettempdir()) / "chickenfoot-yolo")
    from ultralytics import YOLO

    model = YOLO(str(weights), task="detect")

    def predict(image: np.ndarray) -> None:
        # ultralytics talks on stdout, which is kept for the figures
        with contextlib.redirect_stdout(sys.stderr):
            model.predict(image, imgsz=imgsz, device="cpu", verbose=False)

    return predict


class CoresProbe:
    """How many of the machine's cores a two-thread job gets right now: the same work
    timed on one thread, then on two at once; 2.0 when both cores are free.

    Why: on a shared virtual machine the second core is at times taken by the host (no
    steal time shows): every two-thread model run then takes as long as on one thread,
    and a stage's median moves by half between two runs of the same code. Printing this
    beside the figures says which machine a run measured. The work is hashing (Python
    lets go of the GIL while hashing big buffers), about 9 ms on one core."""

    def __init__(self, megabytes: int = 4, passes: int = 4):
        self.data = np.random.default_rng(0).integers(
            0, 256, megabytes * 1_000_000, dtype=np.uint8).tobytes()
        self.passes = passes

    def _work(self) -> None:
        for _ in range(self.passes):
            hashlib.sha256(self.data).digest()

    def __call__(self) -> float:
        t0 = time.perf_counter()
        self._work()
        alone = time.perf_counter() - t0
        other = threading.Thread(target=self._work)
        t0 = time.perf_counter()
        other.start()
        self._work()
        other.join()
        together = time.perf_counter() - t0
        return 2.0 * alone / together if together > 0 else float("nan")


def time_startup(path: Path) -> float:
    """Ms to load the shipped models and read ``path`` once, in this process."""
    from vision.reader.tile_reader import load_default_reader

    t0 = time.perf_counter()
    reader = load_default_reader()
    recognize_loaded(load_image(path), reader)
    return round((time.perf_counter() - t0) * 1000.0, 1)


def time_read(path: Path, reader) -> dict[str, float]:
    """Ms of what ``chickenfoot read`` does with the photo once (``read_photo_file``: a
    big photo's quick look, and a second read at full detail when that was not plainly
    enough), split as: ``load`` (the first decode), ``read`` (the rest), ``report``, and
    the reader's own stages (``read.detect``...)."""
    t0 = time.perf_counter()
    load_image(path, most_megapixels=QUICK_LOOK_MEGAPIXELS)
    t1 = time.perf_counter()
    loaded, result = read_photo_file(path, reader)
    t2 = time.perf_counter()
    to_json_line(result)
    t3 = time.perf_counter()
    # the first decode is timed alone, then again inside read_photo_file
    times = {"load": t1 - t0, "read": (t2 - t1) - (t1 - t0), "report": t3 - t2,
             "total": t3 - t1}
    times = {name: seconds * 1000.0 for name, seconds in times.items()}
    extra = getattr(reader, "last_timings_ms", None)
    if isinstance(extra, dict):
        times.update({f"read.{name}": float(ms) for name, ms in extra.items()})
    return times


def time_rounds(path: Path, reader, repeat: int, predict=None, probe=None
                ) -> list[dict[str, float]]:
    """``repeat`` rounds, each one read (``time_read``), one detector pass over the whole
    photo (``detector``), ultralytics ``predict`` when given, and the cores probe when
    given. Interleaved so that a ratio compares times taken under the same load: on a
    shared machine a stage timed a minute later can be half as fast again."""
    image = load_image(path).pixels
    time_read(path, reader)  # warm-up: first ONNX runs are slower
    if predict is not None:
        for _ in range(2):
            predict(image)
    rounds = []
    for _ in range(repeat):
        times = time_read(path, reader)
        t0 = time.perf_counter()
        reader.detector.detect(image)
        times["detector"] = (time.perf_counter() - t0) * 1000.0
        if predict is not None:
            t0 = time.perf_counter()
            predict(image)
            times["ultralytics.predict"] = (time.perf_counter() - t0) * 1000.0
        if probe is not None:
            times["cores"] = probe()
        rounds.append(times)
    return rounds


def summary(rounds: list[dict[str, float]]) -> dict[str, float]:
    """The median of each figure over the rounds, and the ratios of the detector and the
    detect stage to ultralytics ``predict`` (medians of each round's ratio)."""
    out = {name: round(statistics.median(r[name] for r in rounds), 2) for name in rounds[0]}
    for name in ("detector", "read.detect"):
        if name in rounds[0] and "ultralytics.predict" in rounds[0]:
            out[f"{name}/ultralytics"] = round(statistics.median(
                r[name] / r["ultralytics.predict"] for r in rounds), 2)
    return out


def by_cores(rounds: list[dict[str, float]], enough: float = 1.6) -> dict[str, float]:
    """The end-to-end median apart for the rounds with both cores free (the cores probe
    at ``enough`` or more) and for the rest, with how many rounds each is."""
    out: dict[str, float] = {}
    for label, chosen in (("both_cores", [r for r in rounds if r["cores"] >= enough]),
                          ("core_taken", [r for r in rounds if r["cores"] < enough])):
        out[f"rounds.{label}"] = len(chosen)
        if chosen:
            out[f"total.{label}"] = round(statistics.median(r["total"] for r in chosen), 2)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--ultralytics-weights", type=Path, default=None,
                        help="detector weights for ultralytics predict (default: the "
                             "shipped models/detector.onnx)")
    parser.add_argument("--no-ultralytics", action="store_true",
                        help="skip the ultralytics predict comparison")
    args = parser.parse_args(argv)
    repeat = max(1, args.repeat)
    try:
        from vision.reader.tile_reader import DETECTOR_FILE, MODELS_DIR, load_default_reader

        reader = load_default_reader()
    except Exception as error:  # a missing model is one line, not a traceback
        print(f"bench_read: cannot load the tile reader: {error}", file=sys.stderr)
        return 2
    probe = CoresProbe()
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, (w, h) in {"webcam_1280x720": (1280, 720),
                             "photo_4032x3024": (4032, 3024)}.items():
            path = Path(folder) / f"{name}.jpg"
            cv2.imwrite(str(path), draw_frame(w, h), [cv2.IMWRITE_JPEG_QUALITY, 90])
            paths[name] = path
        startup = time_startup(paths["webcam_1280x720"])
        predict = None
        if not args.no_ultralytics:
            weights = args.ultralytics_weights or MODELS_DIR / DETECTOR_FILE
            try:
                predict = ultralytics_predictor(weights, reader.detector.input_px)
            except ImportError:
                if args.ultralytics_weights:
                    print("bench_read: --ultralytics-weights needs the training extra: "
                          'pip install -e ".[train]"', file=sys.stderr)
                    return 2
                # no ultralytics here: the comparison is left out
        for name, path in paths.items():
            rounds = time_rounds(path, reader, repeat, predict, probe)
            results[name] = summary(rounds) | by_cores(rounds)
    if args.json:
        print(json.dumps({"startup_ms": startup, "repeat": repeat, **results}))
    else:
        print(f"startup (load models + first read of the webcam frame): {startup:.0f} ms; "
              f"medians over {repeat} repeats")
        for name, stages in results.items():
            shown = "  ".join(_shown(k, v) for k, v in stages.items())
            print(f"{name}: {shown}")
    return 0


def _shown(name: str, value: float) -> str:
    if name.startswith("rounds."):
        return f"{name} {value:.0f}"
    if "/" in name or name == "cores":
        return f"{name} {value:.2f}"
    return f"{name} {value:.1f} ms"


if __name__ == "__main__":
    sys.exit(main())
