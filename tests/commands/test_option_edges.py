"""Options at and past their edges, as a new player types them: an option given twice with
two values, a host with a newline or a thousand letters, an empty camera, a drawing sent
into a folder that cannot be made or onto a folder, a labelled set whose labels name no
photo. Each ends in one short line and exit 2 (or does what was asked), before any photo
is read."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tui.cli import main
from tui.commands.errors import host

BOARD = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"
SAMPLE_HAND = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "hand-double12.jpg"
TABLEAU = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "tableau"


def one_line(capsys, *parts: str) -> str:
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "\x1b" not in err and len(err) < 400, err
    for part in parts:
        assert part in err, err
    return out


class NoReader:
    """Fails the test if a photo is read: these inputs are refused before that."""

    def read(self, image_bgr, set_max=None):
        raise AssertionError("a photo was read")


@pytest.fixture
def no_reader(monkeypatch):
    import vision.reader

    monkeypatch.setattr(vision.reader, "load_default_reader", NoReader)


# -- an option given twice ---------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["check", BOARD, "--play", "1-5@9-1", "--arms", "4", "--arms", "8"],
    ["check", BOARD, "--play", "1-5@9-1", "--set", "9", "--set=12"],
    ["read", "x.jpg", "--set", "12", "--set", "9"],
    ["board", "x.jpg", "--arms", "4", "--arms", "6"],
    ["simulate", "--seed", "1", "--seed", "2"],
    # each also holds a value refused later, so that a server never starts if it slips by
    ["serve", "--port", "0", "--port", "1", "--db", "NOT_A_SCORECARD"],
    ["live", "--camera", "0", "--camera", "1", "--width", "0"],
    ["synth", "out", "--count", "1", "--count", "2"],
    ["eval", "set", "--limit", "1", "--limit", "2"],
])
def test_an_option_given_twice_with_two_values_is_refused(argv, capsys, no_reader, tmp_path,
                                                         monkeypatch):
    # argparse kept the last: `--arms 4 --arms 8` judged 1-5@9-1 illegal on 8 arms, while
    # `--rule spinner-arms=4 --arms 8` and `--play` given twice were refused
    not_a_scorecard = tmp_path / "notes.txt"
    not_a_scorecard.write_text("not a scorecard")
    argv = [str(not_a_scorecard) if a == "NOT_A_SCORECARD" else a for a in argv]
    monkeypatch.setenv("CHICKENFOOT_DB", str(tmp_path / "db.sqlite3"))
    assert main(argv) == 2
    one_line(capsys, "is given twice", "give one")


def test_the_same_value_twice_is_taken(capsys):
    assert main(["check", BOARD, "--play", "1-5@9-1", "--arms", "4", "--arms", "4"]) == 0
    assert capsys.readouterr().out == "1-5 on 1-9: legal\n"


# -- --host --------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["serve", "live"])
@pytest.mark.parametrize("value", ["a\nb\x1b[31mred", "a" * 1000, "a" * 70, " ", "\u200bx"])
def test_a_host_no_machine_can_have_is_one_short_escaped_line(command, value, capsys,
                                                              tmp_path, monkeypatch):
    # the system's error quoted it whole: two lines, the colour reached the terminal,
    # 1,000 letters echoed
    monkeypatch.setenv("CHICKENFOOT_DB", str(tmp_path / "db.sqlite3"))
    (tmp_path / "notes.txt").write_text("not a scorecard")
    never_starts = (["--db", str(tmp_path / "notes.txt")] if command == "serve"
                    else ["--width", "0"])
    assert main([command, "--host", value, *never_starts]) == 2
    one_line(capsys, "argument --host")


@pytest.mark.parametrize("value", ["127.0.0.1", "0.0.0.0", "::1", "localhost", "my-pc.local",
                                   "fe80::1%eth0", "café.local"])
def test_addresses_and_host_names_are_taken(value):
    assert host(value) == value


@pytest.mark.parametrize("argv", [["live", "--camera", "", "--width", "0"],
                                  ["serve", "--live", " ", "--live-port", "70000"]])
def test_an_empty_camera_is_refused_by_name(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("CHICKENFOOT_DB", str(tmp_path / "db.sqlite3"))
    assert main(argv) == 2  # was "no video file at  (...)", after the models loaded
    one_line(capsys, "nothing given: give a camera index")


# -- --annotate folders --------------------------------------------------------------------
@pytest.fixture
def two_photos(tmp_path):
    names = []
    for name in ("a.png", "b.png"):
        cv2.imwrite(str(tmp_path / name), np.full((120, 160, 3), 180, np.uint8))
        names.append(str(tmp_path / name))
    return names


@pytest.mark.parametrize("out", ["file/sub", "file/{stem}.png", "long", "deep"])
def test_an_annotation_folder_that_cannot_be_made_is_said_once_before_reading(
        out, two_photos, tmp_path, capsys, no_reader):
    # each photo was read, then Python's own "[Errno 36] File name too long: '<the whole
    # name>'" printed once per photo (12 KB for a deep path)
    (tmp_path / "file").write_text("not a folder")
    target = {"long": str(tmp_path / ("d" * 300) / "{stem}.png"),
              "deep": str(tmp_path / ("d/" * 3000))}.get(out, str(tmp_path / out))
    assert main(["read", *two_photos, "--annotate", target]) == 2
    assert one_line(capsys, "--annotate: cannot make the folder") == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.png", "b.png", "file"]


def test_an_annotation_folder_is_still_made_when_it_can_be(two_photos, tmp_path, monkeypatch,
                                                           capsys):
    import vision.reader
    from tests.commands.test_read_command import FakeReader

    monkeypatch.setattr(vision.reader, "load_default_reader", FakeReader)
    out = tmp_path / "new" / "sub"
    assert main(["read", *two_photos, "--annotate", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["a.annotated.png", "b.annotated.png"]


class TableauTruth:
    def __init__(self, name: str) -> None:
        from vision.reader.report import recognition_from_dict

        data = json.loads((TABLEAU / "truth" / f"{name}.json").read_text())
        self.tiles = list(recognition_from_dict(data).tiles)

    def read(self, image_bgr, set_max=None):
        return list(self.tiles), []


@pytest.mark.parametrize("command", ["board", "check"])
def test_board_and_check_draw_into_a_folder_as_read_does(command, tmp_path, monkeypatch,
                                                        capsys):
    # was "OUT: write .png or .jpg, not 'no suffix'", after the whole photo was read
    import tui.commands.read as read_module

    name = sorted(p.stem for p in (TABLEAU / "images").glob("*.jpg"))[0]
    monkeypatch.setattr(read_module, "load_reader",
                        lambda command="read": TableauTruth(name))
    photo = str(TABLEAU / "images" / f"{name}.jpg")
    extra = ["--disputed", "9-9"] if command == "check" else []
    code = main([command, photo, *extra, "--annotate", str(tmp_path)])
    err = capsys.readouterr().err
    assert "no suffix" not in err and code in (0, 1, 2)
    assert (tmp_path / f"{name}.annotated.png").stat().st_size > 1000


# -- eval: labels that name no photo -------------------------------------------------------
@pytest.mark.parametrize("labels", ["renamed", "upper", "none"])
def test_a_set_whose_labels_name_none_of_its_photos_is_nothing_measured(labels, tmp_path,
                                                                      capsys, no_reader):
    # every photo was measured as an empty table: exit 0, every figure 0.0%
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    (tmp_path / "classes.txt").write_text("pip-1\npip-2\n")
    for stem in ("a", "b"):
        cv2.imwrite(str(tmp_path / "images" / f"{stem}.jpg"),
                    np.full((120, 160, 3), 180, np.uint8))
        name = {"renamed": f"other-{stem}.txt", "upper": f"{stem}.TXT"}.get(labels)
        if name:
            (tmp_path / "labels" / name).write_text("0 0.5 0.5 0.1 0.1\n")
    assert main(["eval", str(tmp_path)]) == 2
    one_line(capsys, "none of its 2 photos has a label file")


def test_a_set_of_empty_label_files_is_still_measured(tmp_path, monkeypatch, capsys):
    # empty label files are photos with no tile, a set of hard negatives: measured
    import vision.reader
    from tests.commands.test_read_command import FakeReader

    monkeypatch.setattr(vision.reader, "load_default_reader", FakeReader)
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    (tmp_path / "classes.txt").write_text("pip-1\npip-2\n")
    cv2.imwrite(str(tmp_path / "images" / "a.jpg"), np.full((120, 160, 3), 180, np.uint8))
    (tmp_path / "labels" / "a.txt").write_text("")
    assert main(["eval", str(tmp_path)]) == 0
    assert "1 photos" in capsys.readouterr().out


def test_parsers_still_build_for_every_command():
    from tui import cli

    for name in cli.SUBCOMMANDS:
        parser = argparse.ArgumentParser()
        cli.importlib.import_module(cli.SUBCOMMANDS[name][0]).add_arguments(parser)


@pytest.mark.parametrize("command", ["read", "board"])
def test_a_photo_named_like_an_option_is_said_how_to_name(command, tmp_path, monkeypatch,
                                                          capsys):
    # "-hand.jpg" was taken for an option: "the following arguments are required: IMAGE"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-hand.jpg").write_bytes(b"\xff\xd8\xff")
    assert main([command, "-hand.jpg"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "-hand.jpg is a file: name it ./-hand.jpg" in err


# -- a photo where only a file will do -------------------------------------------------------
def test_annotate_on_a_board_in_notation_is_refused_not_ignored(capsys, tmp_path):
    """It wrote nothing and said nothing."""
    out = tmp_path / "board.png"
    assert main(["check", BOARD, "--play", "1-5@9-1", "--annotate", str(out)]) == 2
    one_line(capsys, "--annotate draws the board on a photo", "no photo to draw on")
    assert not out.exists()


def test_disputed_with_standard_input_says_the_photo_must_be_a_file(capsys, monkeypatch):
    """It said "--disputed goes with a photo", though a photo had been piped in."""
    monkeypatch.setattr("sys.stdin", io.StringIO(SAMPLE_HAND.read_bytes().decode("latin-1")))
    assert main(["check", "-", "--disputed", "0-9"]) == 2
    one_line(capsys, "given as a file", "standard input is read as a board")


def test_board_from_standard_input_says_to_give_a_file(capsys):
    """It said "-: no such file"."""
    assert main(["board", "-"]) == 2
    one_line(capsys, "as a file", "does not read standard input")


# -- an option that does nothing without another is refused, not ignored -------------------
@pytest.mark.parametrize(("argv", "says"), [
    (["simulate", "--games", "1", "--rule", "custom-hand-size=5"], "give --rule hand-size=custom"),
    (["simulate", "--games", "1", "--rule", "target-total=100"],
     "give --rule round-order=target-total"),
    (["synth", "OUT", "--count", "1", "--yard"], "give --hard P too"),
])
def test_an_option_that_needs_another_says_so(argv, says, capsys, tmp_path):
    """Each ran as if it was not given: hands of seven dealt, rounds down to 0-0 whatever
    the target, a set without a yard."""
    argv = [str(tmp_path / "out") if a == "OUT" else a for a in argv]
    assert main(argv) == 2
    one_line(capsys, says)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("argv, said", [
    (["--count", "0"], "--count must be from 1 to 1,000,000, not 0"),
    (["--max-tiles", "-1"], "--max-tiles must be at least 0 (0: photos without a tile), not -1"),
])
def test_synth_names_the_one_option_that_is_wrong(argv, said, capsys, tmp_path):
    assert main(["synth", str(tmp_path / "out"), *argv]) == 2
    assert capsys.readouterr().err == f"chickenfoot synth: {said}\n"
    assert not (tmp_path / "out").exists()


def test_a_play_of_nothing_but_spaces_says_no_tile_is_named(capsys):
    assert main(["check", "9-9 9-1@9-9", "--play", "   "]) == 2
    assert capsys.readouterr().err == ("chickenfoot check: --play: no tile is named "
                                       "(write it like 6-3@4-6)\n")


A_TABLEAU = str(TABLEAU / "images" / "tableau_7_0000.jpg")
A_HAND = str(TABLEAU.parent / "hand-double12.jpg")


@pytest.mark.parametrize("argv", [
    ["board", "--json"],  # no photo: argparse's own refusal
    ["board", A_TABLEAU, "--json", "--arms", "5"],
    ["board", A_TABLEAU, "--json", "--set", "7"],
    ["check", A_TABLEAU, "--json", "--disputed"],
    ["read", "--json"],
    ["board", A_TABLEAU, "--json", "--annotate", "{tmp}/x.webp"],
    ["check", A_TABLEAU, "--disputed", "0-9", "--json", "--annotate", "{tmp}/x.webp"],
    ["read", A_HAND, "--json", "--annotate", "{tmp}/x.webp"],
    ["board", A_TABLEAU, "--json", "--annotate", "{tmp}/a-file/x.png"],
])
def test_with_json_every_refusal_is_also_an_object_on_stdout(argv, capsys, tmp_path):
    # stdout was empty for argparse's refusals and for --annotate paths refused
    (tmp_path / "a-file").write_text("not a folder")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    with pytest.raises(SystemExit) as ended:
        raise SystemExit(main(argv))
    out, err = capsys.readouterr()
    assert ended.value.code == 2 and err.count("\n") == 1
    message = err.split(": ", 1)[1].rstrip("\n")
    assert json.loads(out)["error"] == message
