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

Also printed once: ``startup``, the milliseconds to load the three models and read the
webcam frame the first time (what a one-photo ``chickenfoot read`` pays after imports).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
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


def time_ultralytics(weights: Path, paths: dict[str, Path], imgsz: int, repeat: int):
    """Median ms of ultralytics ``predict`` with the same detector, per photo."""

    from vision.training.offline import prepare_offline_ultralytics

    prepare_offline_ultralytics(Path(tempfile.gettempdir()) / "chickenfoot-yolo")
    from ultralytics import YOLO

    model = YOLO(str(weights), task="detect")
    out = {}
    for name, path in paths.items():
        image = cv2.imread(str(path))
        # warm-up: the first runs build the session and its buffers; ultralytics says so on
        # stdout, which is kept for the figures
        with contextlib.redirect_stdout(sys.stderr):
            for _ in range(2):
                model.predict(image, imgsz=imgsz, device="cpu", verbose=False)
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            model.predict(image, imgsz=imgsz, device="cpu", verbose=False)
            times.append((time.perf_counter() - t0) * 1000.0)
        out[name] = round(statistics.median(times), 2)
    return out


def time_detector(detector, path: Path, repeat: int) -> float:
    """Median ms of one detector pass over the whole photo (decoded beforehand)."""
    image = load_image(path).pixels
    detector.detect(image)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        detector.detect(image)
        times.append((time.perf_counter() - t0) * 1000.0)
    return round(statistics.median(times), 2)


def time_startup(path: Path) -> float:
    """Ms to load the shipped models and read ``path`` once, in this process."""
    from vision.reader.tile_reader import load_default_reader

    t0 = time.perf_counter()
    reader = load_default_reader()
    recognize_loaded(load_image(path), reader)
    return round((time.perf_counter() - t0) * 1000.0, 1)


def time_one(path: Path, reader, repeat: int) -> dict[str, float]:
    """Median ms of what ``chickenfoot read`` does with the photo (``read_photo_file``: a
    big photo's quick look, and a second read at full detail when that was not plainly
    enough), split as: ``load`` (the first decode), ``read`` (the rest), ``report``."""
    stages: dict[str, list[float]] = {"load": [], "read": [], "report": [], "total": []}
    for _ in range(repeat):
        t0 = time.perf_counter()
        load_image(path, most_megapixels=QUICK_LOOK_MEGAPIXELS)
        t1 = time.perf_counter()
        loaded, result = read_photo_file(path, reader)
        t2 = time.perf_counter()
        to_json_line(result)
        t3 = time.perf_counter()
        # the first decode is timed alone, then again inside read_photo_file
        read_ms = (t2 - t1) - (t1 - t0)
        for name, ms in (("load", t1 - t0), ("read", read_ms), ("report", t3 - t2),
                         ("total", t3 - t1)):
            stages[name].append(ms * 1000.0)
        extra = getattr(reader, "last_timings_ms", None)
        if isinstance(extra, dict):
            for name, ms in extra.items():
                stages.setdefault(f"read.{name}", []).append(float(ms))
    return {name: round(statistics.median(values), 2) for name, values in stages.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
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
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, (w, h) in {"webcam_1280x720": (1280, 720),
                             "photo_4032x3024": (4032, 3024)}.items():
            path = Path(folder) / f"{name}.jpg"
            cv2.imwrite(str(path), draw_frame(w, h), [cv2.IMWRITE_JPEG_QUALITY, 90])
            paths[name] = path
        startup = time_startup(paths["webcam_1280x720"])
        for name, path in paths.items():
            reader.read(load_image(path).pixels)  # warm-up: first ONNX runs are slower
            results[name] = time_one(path, reader, repeat)
            results[name]["detector"] = time_detector(reader.detector, path, repeat)
        if not args.no_ultralytics:
            weights = args.ultralytics_weights or MODELS_DIR / DETECTOR_FILE
            try:
                predict = time_ultralytics(weights, paths, reader.detector.input_px, repeat)
            except ImportError:
                if args.ultralytics_weights:
                    print("bench_read: --ultralytics-weights needs the training extra: "
                          'pip install -e ".[train]"', file=sys.stderr)
                    return 2
                predict = {}  # no ultralytics here: the comparison is left out
            for name, ms in predict.items():
                results[name]["ultralytics.predict"] = ms
                results[name]["detector/ultralytics"] = round(
                    results[name]["detector"] / ms, 2) if ms > 0 else float("nan")
                if "read.detect" in results[name]:
                    results[name]["read.detect/ultralytics"] = round(
                        results[name]["read.detect"] / ms, 2) if ms > 0 else float("nan")
    if args.json:
        print(json.dumps({"startup_ms": startup, "repeat": repeat, **results}))
    else:
        print(f"startup (load models + first read of the webcam frame): {startup:.0f} ms; "
              f"medians over {repeat} repeats")
        for name, stages in results.items():
            shown = "  ".join(f"{k} {v:.2f}" if "/" in k else f"{k} {v:.1f} ms"
                              for k, v in stages.items())
            print(f"{name}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
