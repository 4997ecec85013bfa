"""`chickenfoot read`: human and JSON output, bad files, annotation, missing reader."""

from __future__ import annotations

import json
import subprocess
import sys

import cv2
import numpy as np
import pytest

from tui.cli import main
from tui.commands.annotation import annotation_path
from vision.types import HalfReading, TileReading


def _tile(a, b, conf_b=0.95, runner_up=None):
    corners = ((10.0, 10.0), (50.0, 10.0), (50.0, 90.0), (10.0, 90.0))
    halves = (HalfReading((30.0, 30.0), a, 0.9),
              HalfReading((30.0, 70.0), b, conf_b, runner_up, 0.2))
    return TileReading(corners, halves, 0.9)


class FakeReader:
    def read(self, image_bgr, set_max=None):
        return [_tile(5, 9, 0.5, 8), _tile(0, 0)], []


@pytest.fixture
def fake_reader(monkeypatch):
    import vision.reader

    monkeypatch.setattr(vision.reader, "load_default_reader", FakeReader)


@pytest.fixture
def photos(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    picture = np.full((120, 160, 3), 180, np.uint8)
    picture[40:80, 60:100] = 90  # something to look at: a picture of one colour is blank
    for name in ("a.png", "b.jpg"):
        cv2.imwrite(str(folder / name), picture)
    (folder / "broken.jpg").write_bytes(b"")
    return folder


def test_human_output_per_tile_with_doubt_and_score(fake_reader, photos, capsys):
    assert main(["read", str(photos / "a.png"), "--set", "12"]) == 0
    out = capsys.readouterr().out.splitlines()
    # a half read at 0.5 makes its tile doubtful: shown apart, with its runner-up, and not
    # counted (the 0|0 alone scores 50)
    assert out[1:] == ["  0|0", "  1 tile doubtful: confirm", "  5|9? (or 8)  (confidence 0.50)",
                       "  pip total: 0   score: 50   (without the 1 tile doubtful; "
                       "--count-doubtful counts them)"]


def test_house_scoring_rules_count_the_hand_as_the_table_does(fake_reader, photos, capsys):
    # `read` had no --rule: a family counting the double blank 25 got 50 from it
    photo = str(photos / "a.png")
    assert main(["read", photo, "--set", "12", "--rule", "double-blank-value=25"]) == 0
    assert "pip total: 0   score: 25" in capsys.readouterr().out
    assert main(["read", photo, "--rule", "set-max=12", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["score"] == 50
    assert main(["read", photo, "--rule", "double-blank-value=7"]) == 2
    assert "double-blank-value must be one of" in capsys.readouterr().err


def test_a_photo_with_no_tile_is_nothing_read_one_line_exit_2(monkeypatch, photos, capsys):
    import vision.reader

    class Blind:
        def read(self, image_bgr, set_max=None):
            return [], []

    monkeypatch.setattr(vision.reader, "load_default_reader", Blind)
    # no score is printed: a 0 would pass for a player who went out
    assert main(["read", str(photos / "a.png")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"{photos / 'a.png'} (160x120): no tiles found: if tiles lie there, photograph them "
        "closer, from above, in even light"]
    # the JSON object is the reading as it is (no tile), and the status says so too
    assert main(["read", str(photos / "a.png"), "--json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["tiles"] == []
    assert len(captured.err.splitlines()) == 1 and "no tiles found" in captured.err


def test_a_picture_of_one_colour_says_so_not_come_closer(monkeypatch, tmp_path, capsys):
    import cv2
    import numpy as np

    import vision.reader

    class Blind:
        def read(self, image_bgr, set_max=None):
            return [], []

    monkeypatch.setattr(vision.reader, "load_default_reader", Blind)
    blank = tmp_path / "covered.png"  # a lens covered, or pixel data missing
    cv2.imwrite(str(blank), np.zeros((120, 160, 3), np.uint8))
    assert main(["read", str(blank)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{blank} (160x120): no tiles found: the picture is one colour throughout: nothing in "
        "it to read"]


def test_min_confidence_changes_what_is_doubtful(fake_reader, photos, capsys):
    assert main(["read", str(photos / "a.png"), "--min-confidence", "0.4"]) == 0
    assert "  5|9" in capsys.readouterr().out.splitlines()


def test_folder_with_a_bad_file_reads_the_rest_and_exits_2(fake_reader, photos, capsys):
    assert main(["read", str(photos), "--json"]) == 2
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert [d["image"].rsplit("/", 1)[-1] for d in lines] == ["a.png", "b.jpg", "broken.jpg"]
    assert lines[2] == {"image": str(photos / "broken.jpg"), "error": "file is empty (0 bytes)"}
    # the exit status 2 is said where a person sees it too, one line
    assert captured.err.splitlines() == [f"{photos / 'broken.jpg'}: error: file is empty (0 bytes)"]
    assert lines[0]["pip_total"] == 0 and lines[0]["tiles"][0]["pips"] == [5, 9]
    assert lines[0]["tiles"][0]["doubtful"] is True


def test_human_error_is_one_line_on_stderr(fake_reader, photos, capsys):
    assert main(["read", str(photos / "missing.jpg"), str(photos / "a.png")]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == f"{photos / 'missing.jpg'}: error: no such file"
    assert "pip total: 0   score: 50" in captured.out


def test_a_file_name_too_long_is_named_clipped(fake_reader, photos, capsys):
    name = photos / ("n" * 300 + ".jpg")
    assert main(["read", str(name), str(photos / "a.png")]) == 2
    error = capsys.readouterr().err.strip()
    assert error.endswith("nnn.jpg: error: the file name is too long "
                          f"({len(str(name)):,} characters)")
    assert "..." in error and len(error) < 200


def test_annotate_one_file_and_a_folder_of_outputs(fake_reader, photos, tmp_path):
    single = tmp_path / "one.png"
    assert main(["read", str(photos / "a.png"), "--annotate", str(single)]) == 0
    assert cv2.imread(str(single)).shape == (120, 160, 3)
    out_dir = tmp_path / "annotated"
    assert main(["read", str(photos / "a.png"), str(photos / "b.jpg"),
                 "--annotate", str(out_dir)]) == 0
    assert sorted(p.name for p in out_dir.iterdir()) == ["a.annotated.png", "b.annotated.png"]


def test_annotation_path_forms(tmp_path):
    image = tmp_path / "hand.jpg"
    assert annotation_path("x/{stem}-read.jpg", image, True).as_posix() == "x/hand-read.jpg"
    assert annotation_path("out", image, True).as_posix() == "out/hand.annotated.png"
    assert annotation_path("out.png", image, False).as_posix() == "out.png"


@pytest.mark.parametrize("out", ["same", "link", "stem"])
def test_annotation_never_writes_over_a_photo(fake_reader, photos, capsys, out):
    photo = photos / "a.png"
    before = photo.read_bytes()
    (photos / "link.png").symlink_to(photo)
    args = {"same": [str(photo), "--annotate", str(photo)],
            "link": [str(photo), "--annotate", str(photos / "link.png")],
            "stem": [str(photo), str(photos / "b.jpg"),
                     "--annotate", str(photos / "{stem}.png")]}[out]
    assert main(["read", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "would write over the photo" in err
    assert photo.read_bytes() == before


def test_two_photos_drawn_to_one_file_are_refused_before_reading(fake_reader, photos,
                                                                 tmp_path, capsys):
    # x/a.jpg and y/a.jpg (or a.jpg and a.png) both went to out/a.annotated.png, the
    # second over the first, with exit 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "a.png").write_bytes((photos / "a.png").read_bytes())
    out = tmp_path / "out"
    assert main(["read", str(photos / "a.png"), str(other / "a.png"),
                 "--annotate", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "both to" in err and "a.annotated.png" in err
    assert not out.exists()


@pytest.mark.parametrize("kind", ["file", "loop"])
def test_several_photos_drawn_into_a_file_are_refused_in_one_line(fake_reader, photos,
                                                                  tmp_path, capsys, kind):
    # each photo printed "[Errno 17] File exists: 'f.txt'" after all the readings
    out = tmp_path / "f.txt"
    if kind == "file":
        out.write_text("x")
    else:
        out.symlink_to(out)
    assert main(["read", str(photos / "a.png"), str(photos / "b.jpg"),
                 "--annotate", str(out)]) == 2
    out_text, err = capsys.readouterr()
    assert err.count("\n") == 1 and "is not a folder" in err and out_text == ""


def test_several_photos_drawn_to_a_picture_name_are_refused_before_reading(
        fake_reader, photos, tmp_path, capsys):
    # a folder called multi.png was made, silently, where a file was looked for
    out = tmp_path / "multi.png"
    assert main(["read", str(photos / "a.png"), str(photos / "b.jpg"),
                 "--annotate", str(out)]) == 2
    out_text, err = capsys.readouterr()
    assert err.count("\n") == 1 and "is not a folder" in err and "{stem}" in err
    assert out_text == "" and not out.exists()


def test_one_photo_is_drawn_into_a_new_folder_or_one_named_with_a_slash(fake_reader, photos,
                                                                        tmp_path):
    # the reading was printed, then "new does not exist", exit 2; and "out/" asked for a
    # .png or .jpg suffix
    assert main(["read", str(photos / "a.png"), "--annotate",
                 str(tmp_path / "new" / "x.png")]) == 0
    assert (tmp_path / "new" / "x.png").is_file()
    assert main(["read", str(photos / "a.png"), "--annotate", f"{tmp_path / 'out'}/"]) == 0
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["a.annotated.png"]


def test_annotation_pattern_makes_its_folder(fake_reader, photos, tmp_path):
    pattern = tmp_path / "new" / "{stem}-read.png"
    assert main(["read", str(photos / "a.png"), str(photos / "b.jpg"),
                 "--annotate", str(pattern)]) == 0
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["a-read.png", "b-read.png"]


def test_missing_model_is_one_line_and_exit_2(monkeypatch, photos, capsys):
    def missing():
        raise FileNotFoundError("models/detector.onnx not found")

    import vision.reader

    monkeypatch.setattr(vision.reader, "load_default_reader", missing)
    assert main(["read", str(photos / "a.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot load the tile reader: models/detector.onnx" in err


def test_set_outside_known_sizes_is_refused(photos, capsys):
    assert main(["read", str(photos), "--set", "7"]) == 2
    assert "invalid choice: 7" in capsys.readouterr().err


def test_command_modules_import_without_cv2():
    code = ("import sys, tui.commands.read, tui.commands.evaluate; "
            "assert 'cv2' not in sys.modules and 'numpy' not in sys.modules")
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


def test_a_photo_is_decoded_before_the_models_open(monkeypatch, photos, capsys):
    # the models and their buffers took ~58 MB before a 50 MP photo was decoded: the
    # peak was the decode's on top of them (294 MB); decoded first, 236 MB
    import vision.reader
    import vision.reader.recognize as recognize

    order: list[str] = []
    decode = recognize.load_looks
    real = vision.reader.load_default_reader

    def decoding(*args, **kwargs):
        order.append("decode")
        return decode(*args, **kwargs)

    def opening():
        order.append("open models")
        return real()

    monkeypatch.setattr(recognize, "load_looks", decoding)
    monkeypatch.setattr(vision.reader, "load_default_reader", opening)
    assert main(["read", str(photos / "a.png"), str(photos / "b.jpg")]) in (0, 2)
    assert order == ["decode", "open models", "decode"]


def test_another_model_where_the_pip_reader_goes_is_named_in_one_line(monkeypatch, photos,
                                                                      tmp_path, capsys):
    # it opened, and the first photo ended in "unexpected error: IndexError"
    import shutil

    import vision.reader
    from vision.reader import MODELS_DIR
    from vision.reader.tile_reader import load_default_reader

    models = tmp_path / "models"
    models.mkdir()
    for name in ("detector.onnx", "pairs.onnx"):
        shutil.copy(MODELS_DIR / name, models / name)
    shutil.copy(MODELS_DIR / "detector.onnx", models / "pips.onnx")
    monkeypatch.setattr(vision.reader, "load_default_reader",
                        lambda: load_default_reader(models))
    assert main(["read", str(photos / "a.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"chickenfoot read: cannot load the tile reader: model file "
                          f"{models / 'pips.onnx'} could not be loaded: it takes ")
