"""Fuzz the commands with damaged photos, videos and board text; print what went wrong.

    python bench/bench_fuzz.py [--limit N] [--hang-s 10] [--verbose]

The corpus (a few hundred cases, the same every run): every damaged photo of
``bench/damaged_images.py`` given in turn to ``read``, ``read --json``, ``board`` and
``check --disputed``, two photos with awkward names (not UTF-8, 250 characters), damaged
videos for ``live --no-window``, and broken board notation and JSON for ``check``.

Cases run in a worker process that loads the reader once and calls ``tui.cli.main`` with
file descriptors 1 and 2 captured (so a C library's lines count too). A worker that dies
is a crash (its status is recorded, a segfault is -11) and one that gives no answer
within ``--hang-s`` seconds is a hang; either way a fresh worker takes the next case.

Printed: cases, tracebacks, crashes, hangs, exit statuses outside {0, 1, 2}, the most
lines of stderr any case wrote, a histogram of exit statuses, the slowest case, and each
case that went wrong (all cases with ``--verbose``).
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import io
import json
import os
import random
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PHOTO_COMMANDS = (["read"], ["read", "--json"], ["board"], ["check", "--disputed", "4-6"])
ARMS = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"


def _damaged():
    spec = importlib.util.spec_from_file_location("damaged_images",
                                                  ROOT / "bench" / "damaged_images.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def board_texts() -> list[tuple[str, str]]:
    """Broken boards: hostile JSON, foreign digits, invisible characters, sheer size,
    and random mutations of a good board (seeded)."""
    texts = [
        ("empty", ""), ("spaces", "   "), ("bom", "\ufeff" + ARMS),
        ("arabic-digits", "\u0669-\u0669 \u0669-\u0661@\u0669-\u0669"),
        ("fullwidth-digits", "\uff19-\uff19"), ("zero-width", "9-9\u200b 9-1@9-9"),
        ("nul", "9-9\x00 9-1@9-9"), ("big-number", '{"tiles": [{"tile": ' + "9" * 5000 + "}]}"),
        ("deep-json", '{"tiles": ' + "[" * 50_000), ("deep-array", "[" * 60_000),
        ("huge-board", "9-9 " * 2_600_000), ("many-duplicates", "9-9 " + "9-1@9-9 " * 8000),
        ("json-not-object", "[1, 2]"), ("json-tiles-not-list", '{"tiles": 3}'),
        ("json-bad-item", '{"tiles": [3, {"tile": 5}]}'), ("json-float", '{"tiles": 1e999}'),
        ("self-loop", "9-9 1-1@1-1"), ("loop", "9-9 1-2@2-3 2-3@1-2"),
        ("out-of-set", "19-19 19-1@19-19"), ("negative", "9-9 -1-2@9-9"),
        ("long-token", "9" * 100_000),
    ]
    rng = random.Random("boards")
    alphabet = "0123456789-@|: ,{}[]\"x\u0660\u00a0\t\n"
    for i in range(40):
        chars = list(ARMS + " 1-5@9-1")
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(len(chars))
            chars[at] = rng.choice(alphabet)
        texts.append((f"mutation-{i}", "".join(chars)))
    return texts


def build_cases(folder: Path, limit: int | None) -> list[dict]:
    damaged = _damaged()
    cases: list[dict] = []
    for index, (name, data) in enumerate(damaged.damaged_images()):
        path = folder / name
        path.write_bytes(data)
        command = PHOTO_COMMANDS[index % len(PHOTO_COMMANDS)]
        cases.append({"name": f"{' '.join(command[:1])} {name}",
                      "argv": [command[0], str(path), *command[1:]]})
    hand = (ROOT / "datasets" / "samples" / "hand-double12.jpg").read_bytes()
    latin1 = os.path.join(os.fsencode(folder), b"caf\xe9.jpg")
    with open(latin1, "wb") as handle:
        handle.write(hand)
    long_name = folder / ("n" * 250 + ".jpg")
    long_name.write_bytes(hand)
    for command in PHOTO_COMMANDS:
        cases.append({"name": f"{command[0]} caf\\xe9.jpg",
                      "argv": [command[0], os.fsdecode(latin1), *command[1:]]})
    cases.append({"name": "read 300-character name",
                  "argv": ["read", str(folder / ("n" * 300 + ".jpg"))]})
    cases.append({"name": "read 250-character name", "argv": ["read", str(long_name)]})
    for name, data in damaged.damaged_videos():
        path = folder / name
        path.write_bytes(data)
        cases.append({"name": f"live {name}", "argv": ["live", "--camera", str(path),
                                                       "--no-window", "--max-frames", "30"]})
    for name, text in board_texts():
        path = folder / f"board-{name}.txt"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        cases.append({"name": f"check {name}", "argv": ["check", str(path), "--play",
                                                        "1-5@9-1"]})
    cases.append({"name": "check stdin big", "argv": ["check", "-", "--play", "1-5@9-1"],
                  "stdin": "9-9 " * 100_000})
    return cases[:limit] if limit is not None else cases


# ---------------------------------------------------------------- the worker
def worker() -> None:
    """Read one case per line on stdin, answer one JSON line per case on stdout."""
    import tui.commands.read as read_module
    from tui.cli import main
    from vision.reader.tile_reader import shared_reader

    reader = shared_reader()
    read_module.load_reader = lambda command="read": reader
    protocol_in = sys.stdin
    answer = os.fdopen(os.dup(1), "w", buffering=1)
    for line in protocol_in:
        case = json.loads(line)
        out_sink, err_sink = tempfile.TemporaryFile(), tempfile.TemporaryFile()
        saved = os.dup(1), os.dup(2)
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(out_sink.fileno(), 1)
        os.dup2(err_sink.fileno(), 2)
        sys.stdin = io.StringIO(case.get("stdin", ""))
        began = time.monotonic()
        escaped = None
        try:
            code = main(case["argv"])
        except SystemExit as leaving:
            code = leaving.code if isinstance(leaving.code, int) else 2
        except BaseException as error:  # noqa: BLE001 - what the bench counts
            code, escaped = None, f"{type(error).__name__}: {error}"[:300]
        finally:
            seconds = time.monotonic() - began
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sys.stdin = protocol_in
        err_sink.seek(0)
        err = err_sink.read().decode("utf-8", "replace")
        answer.write(json.dumps({"code": code, "escaped": escaped, "seconds": seconds,
                                 "stderr": err[:2000], "stderr_lines": len(err.splitlines()),
                                 "traceback": "Traceback" in err or escaped is not None})
                     + "\n")


class Worker:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT, text=True,
            errors="surrogateescape")

    def run(self, case: dict, hang_s: float) -> dict:
        began = time.monotonic()
        try:
            self.process.stdin.write(json.dumps(case) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            return self._died()
        ready, _, _ = select.select([self.process.stdout], [], [], hang_s + 30)
        line = self.process.stdout.readline() if ready else None
        if line is None:
            self.stop()
            return {"hang": True, "seconds": time.monotonic() - began}
        if not line:
            return self._died()
        result = json.loads(line)
        result["hang"] = result["seconds"] > hang_s
        return result

    def _died(self) -> dict:
        status = self.process.wait(timeout=10)
        return {"crash": True, "code": status, "seconds": 0.0}

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--limit", type=int, default=None, help="only the first N cases")
    parser.add_argument("--hang-s", type=float, default=10.0, help="seconds before a hang")
    parser.add_argument("--verbose", action="store_true", help="print every case")
    args = parser.parse_args()
    if args.worker:
        worker()
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        cases = build_cases(Path(tmp), args.limit)
        started = time.monotonic()
        results = run_all(cases, args.hang_s)
        report(cases, results, time.monotonic() - started, args.verbose)
    bad = sum(1 for r in results if _went_wrong(r))
    return 1 if bad else 0


def run_all(cases: list[dict], hang_s: float) -> list[dict]:
    results = []
    current = Worker()
    for case in cases:
        result = current.run(case, hang_s)
        results.append(result)
        if result.get("crash") or (result.get("hang") and "code" not in result):
            current = Worker()
    current.stop()
    return results


def _went_wrong(result: dict) -> bool:
    return bool(result.get("crash") or result.get("hang") or result.get("traceback")
                or result.get("code") not in (0, 1, 2))


def report(cases: list[dict], results: list[dict], seconds: float, verbose: bool) -> None:
    codes = collections.Counter(str(r.get("code")) for r in results if not r.get("crash"))
    lines = [r.get("stderr_lines", 0) for r in results]
    slowest = max(range(len(results)), key=lambda i: results[i].get("seconds", 0.0))
    print(f"cases: {len(cases)}  ({seconds:.0f} s)")
    print(f"tracebacks: {sum(1 for r in results if r.get('traceback'))}")
    print(f"crashes (worker died, e.g. -11 segfault): "
          f"{sum(1 for r in results if r.get('crash'))}")
    print(f"hangs (over the limit): {sum(1 for r in results if r.get('hang'))}")
    print(f"exit statuses outside 0/1/2: "
          f"{sum(1 for r in results if not r.get('crash') and r.get('code') not in (0, 1, 2))}")
    print(f"stderr lines per case: max {max(lines)}, mean {sum(lines) / len(lines):.2f}")
    print("exit status histogram: " + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())))
    wordiest = max(range(len(results)), key=lambda i: results[i].get("stderr_lines", 0))
    print(f"slowest: {cases[slowest]['name']} ({results[slowest].get('seconds', 0):.2f} s); "
          f"most stderr: {cases[wordiest]['name']} ({lines[wordiest]} lines)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for case, result in zip(cases, results, strict=True):
        if verbose or _went_wrong(result):
            first = (result.get("stderr") or "").strip().splitlines()[:1]
            print(f"  {case['name']}: {result.get('code')} {result.get('seconds', 0):.2f}s "
                  f"{'CRASH ' if result.get('crash') else ''}"
                  f"{'HANG ' if result.get('hang') else ''}"
                  f"{'TRACEBACK ' if result.get('traceback') else ''}"
                  f"{first[0][:120] if first else ''}")


if __name__ == "__main__":
    sys.exit(main())
