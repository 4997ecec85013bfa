"""`chickenfoot eval`: metrics as text and JSON, bad datasets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.cli import main

REAL_VALID = (Path(__file__).resolve().parents[2] / "datasets" / "real"
              / "pip-tracker-double12" / "valid")


class Blind:
    def read(self, image_bgr, set_max=None):
        return [], []


@pytest.fixture
def blind_reader(monkeypatch):
    import vision.reader

    monkeypatch.setattr(vision.reader, "load_default_reader", Blind)


def test_eval_json_on_real_photos(blind_reader, capsys):
    assert main(["eval", str(REAL_VALID), "--limit", "2", "--json", "--set", "12"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["photos"] == 2 and data["format"] == "half-boxes"
    assert data["half_accuracy"] == 0.0 and data["halves_labelled"] > 0
    assert data["pip_total_exact_rate"] == 0.0


def test_eval_text_names_every_metric(blind_reader, capsys):
    assert main(["eval", str(REAL_VALID), "--limit", "1"]) == 0
    out = capsys.readouterr().out
    for words in ("tile recall", "tile precision", "half accuracy", "exact tiles",
                  "pip total exact", "ms per photo", "most common misreads"):
        assert words in out


def test_eval_bad_dataset_exits_2(blind_reader, tmp_path, capsys):
    assert main(["eval", str(tmp_path / "none")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


@pytest.mark.parametrize(("line", "says"), [
    ("99 0.5 0.5 0.1 0.1", "class 99 is not one of the set's"),
    ("0 5 5 -1 nan", "the box is not inside the photo"),
    ("0 0.5 0.5 0.1", "not a 'class cx cy w h' line"),
    # a polygon's corners and other scripts' digits were read as a box, unsaid
    ("0 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.2", "not a 'class cx cy w h' line"),
    ("\u0661 0.5 0.5 0.1 0.1", "not a 'class cx cy w h' line"),
])
def test_a_bad_label_line_is_named(blind_reader, tmp_path, capsys, line, says):
    import shutil

    copy = tmp_path / "valid"
    shutil.copytree(REAL_VALID, copy)
    shutil.copy(REAL_VALID.parent / "data.yaml", tmp_path / "data.yaml")
    label = sorted((copy / "labels").glob("*.txt"))[0]
    label.write_text(label.read_text().rstrip("\n") + "\n" + line + "\n")
    assert main(["eval", str(copy), "--set", "12"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{label.name}:" in err and says in err


def test_a_label_file_of_more_lines_than_any_photo_holds_is_refused(blind_reader, tmp_path,
                                                                    capsys):
    # pairing them grows with their square: 4,000 lines took 23 s
    import shutil

    copy = tmp_path / "valid"
    shutil.copytree(REAL_VALID, copy)
    shutil.copy(REAL_VALID.parent / "data.yaml", tmp_path / "data.yaml")
    label = sorted((copy / "labels").glob("*.txt"))[0]
    label.write_text("5 0.5 0.5 0.1 0.1\n" * 4000)
    assert main(["eval", str(copy), "--set", "12"]) == 2
    assert "more than 1000 labelled halves" in capsys.readouterr().err


def test_a_set_without_a_photo_is_nothing_to_measure(blind_reader, tmp_path, capsys):
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    (tmp_path / "data.yaml").write_text('names: ["pip-1"]\n')
    assert main(["eval", str(tmp_path)]) == 2  # it printed 0.0% everywhere and exit 0
    assert "nothing to measure" in capsys.readouterr().err


def test_a_set_whose_photos_cannot_be_read_is_nothing_measured(blind_reader, tmp_path,
                                                                capsys):
    # an empty photo gave "1 photos, 1 unreadable", rates, and exit 0
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    (tmp_path / "data.yaml").write_text('names: ["pip-1"]\n')
    (tmp_path / "images" / "a.jpg").write_bytes(b"")
    (tmp_path / "labels" / "a.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    assert main(["eval", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "none of the 1 photos could be read" in err


TILE = {"pips": [1, 2], "confidence": 1,
        "corners": [[0, 0], [1, 0], [1, 1], [0, 1]],
        "halves": [{"center": [0, 0], "pips": 1, "confidence": 1},
                   {"center": [1, 1], "pips": 2, "confidence": 1}]}


@pytest.mark.parametrize("change, says", [
    (lambda t: t["corners"].__setitem__(0, [1e308, 1e308]), "lies in no photo"),
    (lambda t: t["halves"][0].__setitem__("pips", -1), "is not a half's pips"),
    (lambda t: t["halves"][0].__setitem__("pips", True), "is not a half's pips"),
    (lambda t: t["halves"][1].__setitem__("pips", 1e20), "is not a half's pips"),
    (lambda t: t.__setitem__("confidence", 7), "is not from 0 to 1"),
])
def test_a_truth_file_with_values_no_photo_holds_is_named(blind_reader, tmp_path, capsys,
                                                          change, says):
    # 1e308 printed numpy's overflow warnings; -1, true and 1e20 pips were taken
    import copy as copying
    import shutil

    shutil.copy(REAL_VALID / "images" / sorted(p.name for p in (REAL_VALID / "images")
                                               .iterdir())[0], tmp_path / "photo.jpg")
    tile = copying.deepcopy(TILE)
    change(tile)
    (tmp_path / "photo.json").write_text(json.dumps(
        {"image": "photo.jpg", "width": 416, "height": 416, "tiles": [tile]}))
    assert main(["eval", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


def test_a_refused_dataset_answers_in_json_too(blind_reader, tmp_path, capsys):
    missing = str(tmp_path / "missing")
    assert main(["eval", missing, "--json"]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1
    assert json.loads(out) == {"dataset": missing,
                               "error": err.removeprefix("chickenfoot eval: ").rstrip()}


def test_a_named_pipe_given_as_the_set_is_named(blind_reader, tmp_path, capsys):
    # it was "no labelled photos (expected images/ + labels/, ...)"
    import os

    fifo = tmp_path / "data.yaml"
    os.mkfifo(fifo)
    assert main(["eval", str(fifo)]) == 2
    assert capsys.readouterr().err == (f"chickenfoot eval: {fifo} is a named pipe (FIFO), not "
                                       "a folder or a data.yaml\n")


def test_a_label_file_that_is_a_named_pipe_is_named(blind_reader, tmp_path, capsys):
    # it was taken for a missing label: its photo measured as a table with no tile, exit 0
    import os
    import shutil

    from scorer.messages import clip_name

    copy = tmp_path / "valid"
    shutil.copytree(REAL_VALID, copy)
    shutil.copy(REAL_VALID.parent / "data.yaml", tmp_path / "data.yaml")
    label = sorted((copy / "labels").glob("*.txt"))[0]
    label.unlink()
    os.mkfifo(label)
    assert main(["eval", str(copy), "--set", "12"]) == 2
    assert capsys.readouterr().err == (f"chickenfoot eval: {clip_name(label)} is a named "
                                       "pipe (FIFO), not a label file\n")


def test_a_set_smaller_than_the_labels_is_refused(blind_reader, capsys):
    # double-12 labels measured with --set 6: exit 0 and half the halves "wrong"
    assert main(["eval", str(REAL_VALID), "--set", "6"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "labels a half 12, beyond the set" in err
