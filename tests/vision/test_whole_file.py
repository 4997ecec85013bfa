"""Files written whole or not at all, even when the command is stopped mid-write; a
rendered set's photo is written after its labels and truth."""

from __future__ import annotations

import pytest

import vision.synth.writer
import vision.whole_file
from tui.cli import main
from vision.synth import write_dataset
from vision.whole_file import is_partial, write_whole


def test_a_stop_mid_write_leaves_the_old_file_and_nothing_beside_it(tmp_path, monkeypatch):
    target = tmp_path / "note.png"
    target.write_bytes(b"old")

    def stopped(_source, _target):  # Ctrl+C (or SIGTERM, raised as Terminated) right here
        raise KeyboardInterrupt

    monkeypatch.setattr(vision.whole_file.os, "replace", stopped)
    with pytest.raises(KeyboardInterrupt):
        write_whole(target, b"new")
    assert [p.name for p in tmp_path.iterdir()] == ["note.png"]
    assert target.read_bytes() == b"old"


def test_a_rendered_photo_comes_after_its_labels_and_truth(tmp_path, monkeypatch):
    written = []

    def stop_at_the_second_file(target, text):
        if written:
            raise KeyboardInterrupt
        written.append(target)
        vision.whole_file.write_text(target, text)

    monkeypatch.setattr(vision.synth.writer, "write_text", stop_at_the_second_file)
    with pytest.raises(KeyboardInterrupt):
        write_dataset(tmp_path, 2, seed=3)
    assert list((tmp_path / "images").iterdir()) == []  # no photo without its truth


def test_synth_passes_over_a_file_a_killed_run_left(tmp_path, capsys):
    out = tmp_path / "set"
    assert main(["synth", str(out), "--count", "1", "--seed", "3"]) == 0
    left = out / "images" / ".chickenfoot-123-456.partial"  # SIGKILL mid-write
    left.write_bytes(b"\xff\xd8")
    assert is_partial(left.name)
    assert main(["synth", str(out), "--count", "2", "--seed", "3"]) == 0
    assert "already holds" not in capsys.readouterr().err
