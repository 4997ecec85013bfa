"""Photo commands end their process without Python's teardown, their output whole and
their exit code kept; other commands end as usual."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "datasets" / "samples" / "hand-double12.jpg"
# the console script's own start, with a teardown step that says when it runs
START = ("import atexit, sys; atexit.register(lambda: print('teardown ran', file=sys.stderr)); "
         "sys.argv = ['chickenfoot', *sys.argv[1:]]; from tui.cli import main; "
         "sys.exit(main())")


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", START, *args], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


@pytest.mark.parametrize(("args", "code"), [
    (("read", str(HAND), "--set", "12"), 0),
    (("read", str(HAND), "missing.jpg", "--set", "12"), 2),
    (("check", "missing-board.txt", "--play", "1-2"), 2),
])
def test_a_photo_command_skips_teardown_and_keeps_its_output_and_code(args, code):
    done = _run(*args)
    assert done.returncode == code, done.stderr
    assert "teardown ran" not in done.stderr
    if code == 0:
        assert done.stdout.rstrip().endswith("pip total: 95   score: 95")


def test_other_commands_end_as_usual():
    done = _run("simulate", "--games", "1", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "teardown ran" in done.stderr
