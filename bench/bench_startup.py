"""How long each command takes as a process of its own: start-up, imports, models, work.

    python bench/bench_startup.py [--repeat 10]

Runs, each ``--repeat`` times (the median is printed, and the fastest):

- ``chickenfoot --help``
- ``chickenfoot check BOARD_FILE --play TILE@PARENT`` (a 15-tile board in a file)
- ``chickenfoot check "3-3 3-0@3-3" --play 3-5@3-0``
- ``chickenfoot read FRAME.jpg`` (bench_read's 1280x720 frame of 7 tiles, as a JPEG)

twice: as a user's install runs them (Python keeps each module's compiled bytecode, so
the first run compiles and the others load it), and with ``PYTHONDONTWRITEBYTECODE=1``
and no cached bytecode of the project, where every run compiles the project's modules
again (some sandboxes set it; start-up figures measured so are a third slower).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_read import draw_frame  # noqa: E402

BOARD = ("6-6 6-1@6-6 6-2@6-6 6-3@6-6 6-4@6-6 1-5@6-1 2-7@6-2 3-8@6-3 4-9@6-4 "
         "5-0@1-5 7-3@2-7 8-2@3-8 9-1@4-9 0-4@5-0 3-5@7-3")


def commands(folder: Path) -> dict[str, list[str]]:
    frame = folder / "frame-1280x720.jpg"
    cv2.imwrite(str(frame), draw_frame(1280, 720))
    board = folder / "board.txt"
    board.write_text(BOARD + "\n", encoding="utf-8")
    tool = shutil.which("chickenfoot") or "chickenfoot"
    return {
        "--help": [tool, "--help"],
        "check BOARD_FILE --play": [tool, "check", str(board), "--play", "5-9@3-5"],
        "check NOTATION --play": [tool, "check", "3-3 3-0@3-3", "--play", "3-5@3-0"],
        "read 1280x720 JPEG": [tool, "read", str(frame), "--set", "12"],
    }


def drop_project_bytecode() -> None:
    for cache in REPO.rglob("__pycache__"):
        if ".venv" not in cache.parts:
            shutil.rmtree(cache, ignore_errors=True)


def timed(command: list[str], repeat: int, env: dict[str, str]) -> list[float]:
    seconds = []
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, env=env, check=False)
        seconds.append(time.perf_counter() - started)
        if done.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(command)}: exit {done.returncode}: "
                             f"{done.stderr.decode(errors='replace')[-300:]}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        runs = commands(Path(folder))
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        uncached = {**cached, "PYTHONDONTWRITEBYTECODE": "1"}
        print(f"{'command':28s} {'bytecode cached: median, min':>30s} "
              f"{'no bytecode: median, min':>26s}")
        for name, command in runs.items():
            timed(command, 1, cached)  # writes the bytecode a user's first run writes
            warm = timed(command, args.repeat, cached)
            drop_project_bytecode()
            cold = timed(command, args.repeat, uncached)
            print(f"{name:28s} {statistics.median(warm):22.3f} s {min(warm):5.3f} s "
                  f"{statistics.median(cold):18.3f} s {min(cold):5.3f} s", flush=True)
    bare = timed([sys.executable, "-c", "pass"], args.repeat, cached)
    print(f"python -c pass: {statistics.median(bare):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
