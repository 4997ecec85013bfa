"""kill -9 in the middle of saves: two writers on one game, killed at random moments, again
and again on the same file; every score the store confirmed must be there afterwards, and
the file must open without a notice (nothing taken for damage, nothing set aside).

``CHICKENFOOT_KILL_RUNS`` sets the number of rounds of killing (default 30)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tui.store import Store

WRITER = Path(__file__).with_name("store_writer.py")
RUNS = int(os.environ.get("CHICKENFOOT_KILL_RUNS", "30"))


def start(path: Path, writer: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(WRITER), str(path), str(writer)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def collect(process: subprocess.Popen, lines: list[str]) -> None:
    for line in process.stdout:
        if line.endswith("\n"):  # a line cut short by the kill was never confirmed
            lines.append(line)


def test_kill_9_during_saves_loses_no_confirmed_score(tmp_path):
    path = tmp_path / "games.db"
    rng = random.Random(16)
    confirmed: dict[tuple[int, int, str], int] = {}
    for _run in range(RUNS):
        writers = [start(path, n) for n in (1, 2)]
        outputs: list[list[str]] = [[], []]
        readers = [threading.Thread(target=collect, args=(w, out))
                   for w, out in zip(writers, outputs, strict=True)]
        for reader in readers:
            reader.start()
        deadline = time.monotonic() + 10
        wanted = rng.randint(0, 40)  # confirmed saves to wait for: 0 kills at start-up
        while (len(outputs[0]) + len(outputs[1]) < wanted and time.monotonic() < deadline
               and all(w.poll() is None for w in writers)):
            time.sleep(0.001)
        time.sleep(rng.uniform(0, 0.003))
        for writer in writers:
            writer.send_signal(signal.SIGKILL)
            time.sleep(rng.uniform(0, 0.002))
        for writer, reader in zip(writers, readers, strict=True):
            writer.wait(10)
            reader.join(10)
            errors = writer.stderr.read()
            assert "Traceback" not in errors, errors
            writer.stdout.close()
            writer.stderr.close()
        for line in outputs[0] + outputs[1]:
            if line != "open\n":
                game, round_index, player, points = line.split()
                confirmed[(int(game), int(round_index), player)] = int(points)
    store = Store(path)
    assert store.notices == [] and not list(tmp_path.glob("*.corrupt-*"))
    cards = {}
    lost = []
    for (game, round_index, player), points in confirmed.items():
        card = cards.get(game) or cards.setdefault(game, store.load(game))
        entry = card.entry(round_index, player)
        if entry is None or entry.points != points:
            lost.append((game, round_index, player, points, entry))
    store.close()
    print(f"{RUNS} kills of two writers, {len(confirmed)} confirmed scores, "
          f"{len(lost)} lost")
    assert lost == []
    assert len(confirmed) > RUNS  # the kills did land in the middle of saving
