"""Commands that need no pixels start without the vision stack.

``chickenfoot --help`` and ``chickenfoot check BOARD --play ...`` are run in a fresh
interpreter; the heavy libraries (and the command modules of other subcommands) must not
have been imported. This is what keeps them quick to start, checked as a fact rather
than as a time.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("cv2", "numpy", "onnxruntime", "textual", "vision.image.capture",
         "vision.reader.tile_reader")

PROBE = """
import json, sys
from tui.cli import main
try:
    code = main(json.loads(sys.argv[1]))
except SystemExit as done:
    code = done.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def modules_after(argv: list[str]) -> tuple[int, set[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv)],
                          capture_output=True, text=True, timeout=120)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"])


@pytest.mark.parametrize("argv, code", [
    (["--help"], 0),
    (["check", "--help"], 0),
    (["read", "--help"], 0),
    (["board", "--help"], 0),
    (["check", "9-9 9-1@9-9", "--play", "9-2@9-9"], 0),
    (["check", "9-9 9-1@9-9", "--play", "1-2@9-1"], 1),
    (["check", "9-9 bogus", "--play", "1-2@9-1"], 2),
])
def test_commands_without_photos_do_not_load_the_vision_stack(argv, code):
    status, modules = modules_after(argv)
    assert status == code
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))


def test_only_the_chosen_subcommand_module_is_imported():
    _, modules = modules_after(["check", "9-9 9-1@9-9", "--play", "9-2@9-9"])
    commands = {m for m in modules if m.startswith("tui.commands.")}
    assert "tui.commands.check" in commands
    assert not commands & {"tui.commands.read", "tui.commands.live", "tui.commands.synth",
                           "tui.commands.evaluate", "tui.commands.board",
                           "tui.commands.simulate", "tui.commands.check_photo"}
    _, modules = modules_after(["--help"])
    assert not {m for m in modules if m.startswith("tui.commands.")} - {"tui.commands"}


def test_reading_a_photo_loads_no_module_only_a_first_open_or_another_system_needs():
    # the optimised-copy cache names its files without hashlib, makes its temporary file
    # with tempfile only when it writes one, and finds the Linux cache folder itself
    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "hand-double12.jpg"
    status, modules = modules_after(["read", str(sample)])
    assert status == 0
    assert "vision.reader.tile_reader" in modules  # the photo was read
    if sys.platform.startswith("linux"):
        assert not modules & {"hashlib", "platformdirs"}, sorted(modules & {"hashlib",
                                                                             "platformdirs"})
