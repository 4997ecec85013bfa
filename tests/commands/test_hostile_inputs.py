"""Inputs met at a family's table and in a fuzzer's hands: a pipe nobody writes to, a
folder named in Latin-1, output closed, numbers out of range. Each ends in one line and
exit 2 (or works), never a hang, a crash or a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tui.cli import main
from vision.image_write import write_image

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux file names")


def one_line(capsys, *parts: str) -> str:
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for part in parts:
        assert part in err, err
    return out


@linux
def test_a_picture_is_never_written_into_a_pipe(tmp_path):
    fifo = tmp_path / "out.png"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        write_image(fifo, np.zeros((8, 8, 3), np.uint8))  # would block forever on open


@linux
def test_a_picture_is_written_into_a_folder_named_in_latin_1(tmp_path):
    folder = tmp_path / os.fsdecode(b"caf\xe9")  # OpenCV's own writer crashes here
    folder.mkdir()
    write_image(folder / "x.jpg", np.full((8, 8, 3), 200, np.uint8), jpeg_quality=90)
    assert (folder / "x.jpg").read_bytes()[:2] == b"\xff\xd8"


@linux
def test_a_board_pipe_nobody_writes_to_is_given_up(tmp_path, capsys, monkeypatch):
    from tui.commands import board_source

    monkeypatch.setattr(board_source, "PIPE_SILENCE_S", 0.2)
    fifo = tmp_path / "board.txt"
    os.mkfifo(fifo)
    assert main(["check", str(fifo), "--play", "1-5@9-1"]) == 2
    one_line(capsys, "nothing came through the pipe")


@linux
@pytest.mark.parametrize("sent, said", [
    # `tail -f /dev/null | chickenfoot check -` waited forever; a named pipe did not
    (b"", "standard input: nothing came through the pipe in 0.2 s"),
    # `(echo 9-9 9-1@9-9; sleep 6; ...) | check -` was told nothing came through at all
    (b"9-9 9-1@9-9", "standard input: nothing came through the pipe for 0.2 s after 11 bytes"),
])
def test_a_standard_input_pipe_that_goes_silent_is_given_up_saying_so(sent, said, capsys,
                                                                       monkeypatch):
    import io

    from tui.commands import board_source

    monkeypatch.setattr(board_source, "PIPE_SILENCE_S", 0.2)
    read_end, write_end = os.pipe()
    os.write(write_end, sent)  # and the writer stays open, silent
    try:
        with open(read_end, "rb", closefd=False) as raw:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(raw))
            assert main(["check", "-", "--play", "1-5@9-1"]) == 2
    finally:
        os.close(read_end)
        os.close(write_end)
    one_line(capsys, said)


@pytest.mark.parametrize("words, said", [(["-", "-"], "is given twice"),
                                         (["-", "9-1@9-9"], "is given with other words")])
def test_standard_input_with_other_board_words_is_refused_by_name(words, said, capsys):
    # they were joined into notation: "'-' is not a tile on a board"
    assert main(["check", *words, "--play", "1-5@9-1"]) == 2
    one_line(capsys, f"- (standard input) {said}: it holds the whole board")


@linux
def test_a_board_piped_to_standard_input_is_read_to_its_end(capsys, monkeypatch):
    import io

    read_end, write_end = os.pipe()
    os.write(write_end, b"9-9 9-1@9-9")
    os.close(write_end)
    with open(read_end, "rb") as raw:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(raw))
        assert main(["check", "-", "--play", "9-2@9-9"]) == 0
    assert "legal" in capsys.readouterr().out


@pytest.mark.parametrize("argv, part", [
    (["read", "--min-confidence", "nan", "x.jpg"], "not a number from 0 to 1"),
    (["read", "--min-confidence", "-5", "x.jpg"], "not a number from 0 to 1"),
    (["read", "--min-confidence", "-inf", "x.jpg"], "not a number from 0 to 1"),  # was an
    (["read", "--min-confidence", "-1e5", "x.jpg"], "not a number from 0 to 1"),  # option
    (["live", "--stall-timeout", "nan"], "not a number of seconds"),
    (["synth", "out", "--stretch", "5"], "not a number from 0 to 1"),
    (["simulate", "--games", "99999999999999999999"], "--games must be from 1 to"),
    (["synth", "out", "--seed", "9" * 250], "at most 18 digits"),  # named files too long
    (["eval", "datasets/samples/tableau", "--limit", "0"], "give 1 photo or more"),
    (["read", "--set", "x", "x.jpg"], "see chickenfoot read --help"),
    (["read", "--set", "\u0661\u0662", "x.jpg"], "with the digits 0-9"),  # Arabic-Indic 12
    (["simulate", "--players", "\u0663"], "with the digits 0-9"),
    (["read", "--set", "1_2", "x.jpg"], "invalid int value: '1_2'"),  # int() reads 12
    (["check", "1-1", "--play", "1-2@1-1", "--rule", "target-total=1_000"],
     "target-total must be a whole number in 0-9 digits"),
])
def test_numbers_out_of_range_are_refused_in_one_line(argv, part, capsys):
    assert main(argv) == 2
    assert one_line(capsys, part) == ""


def test_a_command_whose_output_is_closed_says_so(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["simulate", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err == "chickenfoot simulate: standard output is closed: nothing could be shown\n"
    # help too ("unexpected error: AttributeError: 'NoneType' object has no attribute")
    for argv, named in ((["--help"], "chickenfoot"), (["read", "--help"], "chickenfoot read")):
        assert main(argv) == 2
        assert capsys.readouterr().err == (f"{named}: standard output is closed: nothing "
                                           "could be shown\n")


def test_a_label_file_that_is_not_text_is_named(tmp_path, capsys):
    from pathlib import Path

    valid = Path(__file__).resolve().parents[2] / "datasets/real/pip-tracker-double12/valid"
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    (tmp_path / "classes.txt").write_bytes((valid.parent / "classes.txt").read_bytes())
    image = sorted((valid / "images").glob("*.jpg"))[0]
    (tmp_path / "images" / image.name).write_bytes(image.read_bytes())
    (tmp_path / "labels" / f"{image.stem}.txt").write_bytes(bytes(range(256)) * 4)
    from tui.commands import evaluate

    code = evaluate.measure(type("A", (), {"dataset": str(tmp_path), "set_max": 12,
                                           "limit": None, "json": False})(), reader=None)
    assert code == 2
    one_line(capsys, "not UTF-8 text")


@linux
@pytest.mark.parametrize("command", [["read"], ["board"], ["check", "--disputed", "1-2"]])
def test_a_newline_in_a_file_name_keeps_the_message_on_one_line(tmp_path, capsys, command):
    photo = tmp_path / "bad\nname.jpg"
    photo.write_bytes(b"junk")
    name, *rest = command
    assert main([name, str(photo), *rest]) == 2
    one_line(capsys, "bad\\nname.jpg")


@pytest.mark.parametrize("seed", ["-1", "٣", "1e3"])
def test_synth_refuses_a_seed_numpy_cannot_take(tmp_path, capsys, seed):
    assert main(["synth", str(tmp_path / "out"), "--count", "1", "--seed", seed]) == 2
    one_line(capsys, "is not a seed")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("kind", "photo"), [([], "tableau_7_0000.jpg"),
                                             (["--tableau"], "synth_0_00000.jpg"),
                                             ([], "IMG_2041.jpg")])
def test_synth_never_mixes_rendered_photos_into_another_set(tmp_path, capsys, kind, photo):
    # `synth datasets/samples/tableau` added a hand photo and a labels/ folder to the samples
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / photo).write_bytes(b"a photo")
    assert main(["synth", str(tmp_path), "--count", "1", *kind]) == 2
    one_line(capsys, f"already holds photos this kind of set does not write (like {photo})")
    assert [p.name for p in tmp_path.rglob("*")] == ["images", photo]


def test_synth_into_a_set_of_its_own_says_how_many_photos_it_holds(tmp_path, capsys):
    # the photos of an earlier run stayed, unsaid: an eval measured 20, not the 2 written
    assert main(["synth", str(tmp_path), "--count", "3", "--seed", "1"]) == 0
    assert main(["synth", str(tmp_path), "--count", "1", "--seed", "1"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"wrote 3 photos to {tmp_path}", f"wrote 1 photo to {tmp_path}, which holds 3 in all"]


@pytest.mark.parametrize(("head", "named"), [
    (b"GIF89a", "a GIF file"), (b"P6\n40 40\n255\n", "a PNM (PBM/PGM/PPM) file"),
    (b"\x00\x00\x00\x18ftypheic", "a HEIC file"), (b"%PDF-1.4\n", "a PDF file"),
])
def test_a_picture_format_not_read_is_named(tmp_path, capsys, head, named):
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(head + bytes(64))
    assert main(["read", str(photo)]) == 2
    one_line(capsys, f"{named}, which is not read (expected a JPEG")


def test_escape_sequences_typed_in_a_board_never_reach_the_terminal(tmp_path, capsys):
    board = tmp_path / "board.txt"
    board.write_text("9-9 9-1@9-9\x1b]0;pwned\x07")  # would retitle the terminal window
    assert main(["check", str(board), "--play", "1-5@9-1"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "\\x1b]0;pwned\\x07" in err
    assert main(["check", "9-9", "--play", "1-5\x1b[2J@9-9"]) == 2
    err = one_line(capsys, "\\x1b[2J")
    assert "\x1b" not in err


def test_eval_names_a_path_too_long_and_a_truth_number_too_long_in_words(tmp_path, capsys):
    assert main(["eval", str(tmp_path / ("e" * 300))]) == 2
    one_line(capsys, "File name too long")
    deep = "/".join(["d" * 200] * 19) + "/x.jpg"
    assert main(["eval", deep]) == 2
    out, err = capsys.readouterr()
    assert len(err) < 250
    photo = tmp_path / "a.png"
    write_image(photo, np.full((64, 64, 3), 200, np.uint8))
    (tmp_path / "a.json").write_text('{"image": "a.png", "width": ' + "9" * 5000 + "}")
    assert main(["eval", str(tmp_path)]) == 2
    one_line(capsys, "a number too long to read")


HAND = "datasets/samples/hand-double12.jpg"
TABLEAU = "datasets/samples/tableau/images/tableau_7_0000.jpg"
TOO_LONG = "/tmp/" + "d/" * 3000 + "x.png"


@pytest.mark.parametrize("argv", [
    ["read", HAND, "--annotate", TOO_LONG],
    ["board", TABLEAU, "--annotate", TOO_LONG],
    ["board", TABLEAU, "--annotate", "/tmp/" + "c" * 300 + ".png"],
])
def test_an_annotation_name_too_long_is_said_short(argv, capsys, monkeypatch):
    # a raw OSError echoed the whole 6 KB path ("unexpected error" for read)
    monkeypatch.chdir(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300, err
    assert "the file name is too long" in err and "unexpected" not in err


@pytest.mark.parametrize("argv", [
    ["read", HAND, "--annotate", ""],
    ["board", TABLEAU, "--annotate", " "],
    ["synth", "", "--count", "1"],
    ["live", "--camera", "datasets/samples/live_demo.avi", "--snapshot-dir", ""],
])
def test_an_empty_output_path_is_refused(argv, capsys, monkeypatch):
    # "" drew nothing (exit 0), or wrote into the current folder
    monkeypatch.chdir(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert main(argv) == 2
    one_line(capsys, "an empty path")


@pytest.mark.parametrize("argv", [
    ["read", "", HAND],
    ["board", " "],
    ["eval", ""],
])
def test_an_empty_input_path_is_refused(argv, capsys, monkeypatch):
    # Path("") is the current folder: its photos were read unasked
    monkeypatch.chdir(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert main(argv) == 2
    one_line(capsys, "an empty path")


def test_a_write_that_fails_without_a_system_reason_still_says_one(tmp_path, capsys,
                                                                   monkeypatch):
    import vision.synth

    def refused(*_args, **_kwargs):
        raise OSError("the folder vanished")  # no errno, no strerror: printed "None"

    monkeypatch.setattr(vision.synth, "write_dataset", refused)
    assert main(["synth", str(tmp_path / "set"), "--count", "1"]) == 2
    one_line(capsys, "cannot write to", "the folder vanished")


def test_a_board_from_standard_input_closed_is_said(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)  # started with <&-: AttributeError before
    assert main(["check", "-", "--play", "1-5@9-1"]) == 2
    one_line(capsys, "standard input is closed")


def test_a_picture_that_cannot_be_written_leaves_nothing_behind(tmp_path, monkeypatch):
    # a full disk left a picture cut short (or of 0 bytes) under the name asked for
    from pathlib import Path

    def full(self, data):
        with open(self, "wb") as out:
            out.write(data[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    with pytest.raises(OSError, match="No space left on device"):
        write_image(tmp_path / "out.png", np.zeros((8, 8, 3), np.uint8))
    assert list(tmp_path.iterdir()) == []


def test_output_that_cannot_be_written_is_said_in_words(capsys):
    from tui import guard

    def full():
        raise OSError(28, "No space left on device")

    assert guard.run_guarded("read", full) == 2  # was "unexpected error: OSError: ..."
    assert capsys.readouterr().err == "chickenfoot read: cannot write: No space left on device\n"


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"]])
def test_help_that_cannot_be_written_is_said_lost(argv, capsys, monkeypatch):
    # `chickenfoot --help >/dev/full` said nothing and exited 0
    import io

    class Full(io.StringIO):
        def write(self, text):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sys, "stdout", Full())
    assert main(argv) == 2
    assert capsys.readouterr().err == "chickenfoot: cannot write: No space left on device\n"


def test_help_into_a_pipe_closed_before_it_is_flushed_ends_as_a_closed_pipe(capsys,
                                                                         monkeypatch):
    # the help was flushed at the interpreter's exit, after the guard: Python's own
    # "Exception ignored ... BrokenPipeError" and a stray status
    import io

    from tui.guard import EXIT_PIPE

    class ClosedPipe(io.StringIO):
        def flush(self):
            if self.getvalue():
                raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["--help"]) == EXIT_PIPE
    assert capsys.readouterr().err == ""


def test_a_photo_saved_without_a_suffix_is_still_a_photo(tmp_path, capsys):
    # it was read as a board file: "is 81 KB; a board is at most 64 KB"
    import shutil
    from pathlib import Path

    photo = tmp_path / "tableau"
    root = Path(__file__).resolve().parents[2]
    shutil.copy(root / TABLEAU, photo)
    assert main(["check", str(photo), "--play", "0-9@9-9"]) == 2
    one_line(capsys, "with a photo, name the tile in dispute with --disputed")


def test_a_name_the_output_cannot_encode_is_printed_escaped_not_failed():
    # under a Latin-1 or ASCII terminal `read €.jpg` read the photo, then failed whole
    # ("unexpected error: UnicodeEncodeError") printing its name
    from tui.guard import NAME_BYTES_ERRORS, prefer_surrogates_on_stdout

    prefer_surrogates_on_stdout()
    assert "€.jpg".encode("latin-1", NAME_BYTES_ERRORS) == b"\\u20ac.jpg"
    assert "café €".encode("ascii", NAME_BYTES_ERRORS) == b"caf\\xe9 \\u20ac"
    latin_name = os.fsdecode(b"caf\xe9.jpg")  # a name that is not UTF-8: its own bytes
    assert latin_name.encode("utf-8", NAME_BYTES_ERRORS) == b"caf\xe9.jpg"


@pytest.mark.parametrize("name", ["hand.gif", "hand", "{stem}.webp"])
def test_an_annotation_name_no_picture_is_written_under_is_said_before_reading(
        tmp_path, capsys, name):
    # the photo was read first, then the name refused
    assert main(["read", HAND, "--annotate", str(tmp_path / name)]) == 2
    assert one_line(capsys, "write .png or .jpg") == ""  # nothing read, nothing printed
    assert not any(tmp_path.iterdir())


def test_hand_options_given_with_tableau_are_said_not_ignored(tmp_path, capsys):
    # a tableau set ignored --set, --max-tiles, --hard, --stretch without a word
    out = tmp_path / "set"
    assert main(["synth", str(out), "--tableau", "--count", "1", "--set", "9",
                 "--hard", "0.5"]) == 2
    one_line(capsys, "--set, --hard do not apply to --tableau")
    assert not out.exists()


def test_a_command_whose_error_output_is_closed_reads_on():
    """``2>&-``: Python leaves sys.stderr None, and print(file=None) writes to stdout."""
    photo = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "hand-double12.jpg"
    done = subprocess.run([sys.executable, "-m", "tui.cli", "read", str(photo)],
                          stdout=subprocess.PIPE, stderr=None, timeout=120,
                          preexec_fn=lambda: os.close(2))
    assert done.returncode == 0
    assert "pip total: 95" in done.stdout.decode()
    assert "error" not in done.stdout.decode()
