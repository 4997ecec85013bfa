"""`chickenfoot read -`: one photo piped on standard input, checked as a file is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "datasets" / "samples" / "hand-double12.jpg"
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pipes and ptys")


def cli(tmp_path: Path, *args: str, stdin=b"", timeout: float = 120
        ) -> subprocess.CompletedProcess:
    """The command run with its temporary files in ``tmp_path / "tmp"``."""
    spool = tmp_path / "tmp"
    spool.mkdir(exist_ok=True)
    env = {**os.environ, "TMPDIR": str(spool),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                        os.environ.get("PYTHONPATH")]))}
    kwargs = {"input": stdin} if isinstance(stdin, bytes) else {"stdin": stdin}
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True,
                          timeout=timeout, cwd=ROOT, env=env, **kwargs)


def kept(folder: Path) -> list[Path]:
    """The folders standard input's photo was kept in that are still there."""
    return list(folder.glob("chickenfoot-stdin-*"))


def test_a_piped_photo_is_read_as_its_file_is(tmp_path):
    piped = cli(tmp_path, "read", "-", "--set", "12", stdin=HAND.read_bytes())
    named = cli(tmp_path, "read", str(HAND), "--set", "12")
    assert piped.returncode == named.returncode == 0, piped.stderr
    lines = piped.stdout.decode().splitlines()
    assert lines[0] == "(standard input) (416x416): 6 tiles"
    assert lines[1:] == named.stdout.decode().splitlines()[1:]
    assert kept(tmp_path / "tmp") == []  # the kept copy is gone


def test_json_names_the_piped_photo_dash(tmp_path):
    piped = cli(tmp_path, "read", "-", "--json", stdin=HAND.read_bytes())
    named = cli(tmp_path, "read", str(HAND), "--json")
    assert piped.returncode == 0, piped.stderr
    got, want = json.loads(piped.stdout), json.loads(named.stdout)
    assert got["image"] == "-"
    assert {**got, "image": want["image"]} == want


def test_annotate_draws_the_piped_photo(tmp_path):
    out = tmp_path / "drawn.png"
    done = cli(tmp_path, "read", "-", "--annotate", str(out), stdin=HAND.read_bytes())
    assert done.returncode == 0, done.stderr
    assert cv2.imread(str(out)).shape[:2] == (416, 416)
    # with other photos, its drawing is named after standard input
    folder = tmp_path / "drawings"
    done = cli(tmp_path, "read", str(HAND), "-", "--annotate", f"{folder}/",
               stdin=HAND.read_bytes())
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["hand-double12.annotated.png",
                                                         "stdin.annotated.png"]
    assert kept(tmp_path / "tmp") == []


def test_empty_stdin_is_one_line_exit_2(tmp_path):
    done = cli(tmp_path, "read", "-", stdin=b"")
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode() == ("chickenfoot read: no photo on standard input: it was "
                                    "empty (0 bytes)\n")
    done = cli(tmp_path, "read", "-", "--json", stdin=b"")
    assert done.returncode == 2
    assert json.loads(done.stdout) == {"image": "-", "error": "no photo on standard input: "
                                                              "it was empty (0 bytes)"}


def test_bytes_that_are_no_image_are_refused_by_the_loader(tmp_path):
    done = cli(tmp_path, "read", "-", stdin=b"hello, not a photo\n" * 10)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        "(standard input): error: not an image (expected a JPEG, PNG, BMP, TIFF or WebP photo)"]
    done = cli(tmp_path, "read", "-", "--json", stdin=b"%PDF-1.7\n" + b"x" * 100)
    assert done.returncode == 2
    got = json.loads(done.stdout)
    assert got["image"] == "-" and "PDF" in got["error"]
    assert done.stderr.decode().startswith("(standard input): error: ")
    assert kept(tmp_path / "tmp") == []


def test_dash_twice_is_refused(tmp_path):
    done = cli(tmp_path, "read", "-", "-", stdin=HAND.read_bytes())
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode() == ("chickenfoot read: - (standard input) is given twice: it "
                                    "holds one photo\n")


@linux
def test_a_terminal_on_stdin_is_not_waited_for(tmp_path):
    import pty

    parent, child = pty.openpty()
    try:
        done = cli(tmp_path, "read", "-", stdin=child, timeout=60)
    finally:
        os.close(child)
        os.close(parent)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        "chickenfoot read: no photo on standard input: it is a terminal (pipe one in, like: "
        "cat photo.jpg | chickenfoot read -)"]


@linux
def test_an_endless_pipe_stops_at_the_file_limit(tmp_path):
    # `yes` never ends: reading stops one byte past the 256 MiB a file may hold
    spool = tmp_path / "tmp"
    spool.mkdir()
    command = f"yes | {sys.executable} -m tui.cli read -"
    done = subprocess.run(["bash", "-c", command], capture_output=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "TMPDIR": str(spool), "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        "chickenfoot read: standard input holds more than 256 MiB, the limit for a photo file"]
    assert kept(spool) == []


@linux
def test_a_silent_pipe_is_given_up(monkeypatch, tmp_path, capsys):
    import tui.commands.stdin_photo as stdin_photo

    monkeypatch.setattr(stdin_photo, "PIPE_SILENCE_S", 0.2)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    read_end, write_end = os.pipe()  # a writer that never writes nor closes
    with open(read_end, "rb") as stream:
        monkeypatch.setattr(sys, "stdin", stream)
        assert main(["read", "-"]) == 2
    os.close(write_end)
    assert capsys.readouterr().err == ("chickenfoot read: no photo on standard input: nothing "
                                       "came through the pipe for 0.2 s\n")
    assert kept(tmp_path) == []
