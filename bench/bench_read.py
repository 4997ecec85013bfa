"""Time reading a photo end to end and per stage: load, reader.read, report.

    python bench/bench_read.py [--repeat N] [--json]

Two frames are drawn here (no files needed): a 1280x720 webcam frame with 7 tiles and a
4032x3024 phone photo with the same tiles scaled up. Each is written to a temporary JPEG
so the load stage includes decoding. Prints the median milliseconds per stage. When the
reader exposes a dict ``last_timings_ms`` after ``read`` (e.g. detect, pips, assemble),
those stages are reported too, each as its median.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.capture import load_image  # noqa: E402
from vision.recognize import recognize_loaded  # noqa: E402
from vision.report import to_json_line  # noqa: E402

TILES = [(3, 5), (12, 0), (6, 6), (9, 2), (1, 11), (7, 4), (10, 8)]


def draw_frame(width: int, height: int) -> np.ndarray:
    """A felt-green table with 7 upright white tiles, dark pips roughly in place."""
    frame = np.full((height, width, 3), (40, 110, 30), np.uint8)
    side = int(min(width / 10, height / 4))
    for k, values in enumerate(TILES):
        x0 = int(width * 0.05) + k * int(side * 1.3)
        y0 = height // 2 - side
        cv2.rectangle(frame, (x0, y0), (x0 + side, y0 + 2 * side), (235, 235, 230), -1)
        cv2.line(frame, (x0 + 4, y0 + side), (x0 + side - 4, y0 + side), (30, 30, 30), 2)
        for half, value in enumerate(values):
            rng = np.random.default_rng(value)
            for _ in range(value):
                cx, cy = (rng.uniform(0.2, 0.8, 2) * side).astype(int)
                cv2.circle(frame, (x0 + cx, y0 + half * side + cy), max(2, side // 14),
                           (40, 40, 40), -1)
    return frame


def time_one(path: Path, reader, repeat: int) -> dict[str, float]:
    stages: dict[str, list[float]] = {"load": [], "read": [], "report": [], "total": []}
    for _ in range(repeat):
        t0 = time.perf_counter()
        loaded = load_image(path)
        t1 = time.perf_counter()
        result = recognize_loaded(loaded, reader)
        t2 = time.perf_counter()
        to_json_line(result)
        t3 = time.perf_counter()
        for name, ms in (("load", t1 - t0), ("read", t2 - t1), ("report", t3 - t2),
                         ("total", t3 - t0)):
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
    args = parser.parse_args(argv)
    try:
        from vision.reader import load_default_reader

        reader = load_default_reader()
    except Exception as error:  # a missing model is one line, not a traceback
        print(f"bench_read: cannot load the tile reader: {error}", file=sys.stderr)
        return 2
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, (w, h) in {"webcam_1280x720": (1280, 720),
                             "photo_4032x3024": (4032, 3024)}.items():
            path = Path(folder) / f"{name}.jpg"
            cv2.imwrite(str(path), draw_frame(w, h), [cv2.IMWRITE_JPEG_QUALITY, 90])
            results[name] = time_one(path, reader, max(1, args.repeat))
    if args.json:
        print(json.dumps(results))
    else:
        for name, stages in results.items():
            shown = "  ".join(f"{k} {v:.1f} ms" for k, v in stages.items())
            print(f"{name}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
