"""`chickenfoot check` on board input that is not a plain board: devices, long names,
huge files, a BOM, foreign digits, hostile JSON; and photos given with --disputed that
are missing or not photos. Each is one short line and exit 2."""

from __future__ import annotations

import argparse
import io
import sys

import pytest

from tui.commands import check
from tui.commands.board_source import MAX_BOARD_BYTES

ARMS = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux paths")


def run(argv, capsys):
    parser = argparse.ArgumentParser(prog="chickenfoot check")
    check.add_arguments(parser)
    code = check.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, out, err, *parts):
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and len(err) < 300, err
    for part in parts:
        assert part in err, err


def test_a_board_file_with_a_bom_is_read(tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_bytes(b"\xef\xbb\xbf" + ARMS.encode())
    code, out, _ = run([str(path), "--play", "4-6@9-4"], capsys)
    assert code == 0 and "legal" in out


def test_arabic_indic_digits_are_refused_by_name(capsys):
    one_line_error(*run(["\u0669-\u0669", "--play", "9-1@9-9"], capsys),
                   "U+0669 ARABIC-INDIC DIGIT NINE")


@pytest.mark.parametrize(("content", "part"), [
    ('{"tiles": [{"tile": ' + "9" * 5000 + "}]}", "number too long"),
    ('{"tiles": ' + "[" * 30_000, "nested too deeply"),
])
def test_hostile_json_files(tmp_path, capsys, content, part):
    path = tmp_path / "board.json"
    path.write_text(content)
    one_line_error(*run([str(path), "--play", "1-5@9-1"], capsys), part)


def test_a_ten_megabyte_board_is_refused_unread(tmp_path, capsys):
    path = tmp_path / "huge.txt"
    path.write_text("9-9 " * (10 * 2**20 // 4))
    one_line_error(*run([str(path), "--play", "1-5@9-1"], capsys), "at most 64 KB")


def test_a_huge_board_on_stdin_is_refused(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("9-9 " * MAX_BOARD_BYTES))
    one_line_error(*run(["-", "--play", "1-5@9-1"], capsys),
                   "standard input holds more than 64 KB, the most a board can be")


def test_a_huge_word_is_refused_and_a_long_token_echoed_clipped(capsys):
    one_line_error(*run(["x" * 1_000_000, "--play", "1-5@9-1"], capsys), "at most 65,536")
    one_line_error(*run(["x" * 10_000, "--play", "1-5@9-1"], capsys), "10,000 characters)")


def test_a_file_name_too_long(capsys):
    one_line_error(*run(["a" * 300 + ".txt", "--play", "1-5@9-1"], capsys),
                   "file name is too long")


@linux
def test_dev_zero_is_a_device(capsys):
    one_line_error(*run(["/dev/zero", "--play", "1-5@9-1"], capsys), "is a device")


def test_not_utf8_board_file(tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_bytes(b"9-9 \xe9")
    one_line_error(*run([str(path), "--play", "1-5@9-1"], capsys), "not UTF-8")


@pytest.fixture
def no_reader_needed(monkeypatch):
    import tui.commands.read as read_module

    class Reader:
        def read(self, image, set_max=None):
            return [], []

    monkeypatch.setattr(read_module, "load_reader", lambda command="read": Reader())


def test_disputed_with_a_missing_photo_says_so(tmp_path, capsys, no_reader_needed):
    one_line_error(*run([str(tmp_path / "gone.jpg"), "--disputed", "4-6"], capsys),
                   "no such file")


def test_disputed_with_a_gif_says_it_is_not_a_photo(tmp_path, capsys, no_reader_needed):
    path = tmp_path / "X.gif"
    path.write_bytes(b"GIF89a" + b"\0" * 100)
    one_line_error(*run([str(path), "--disputed", "4-6"], capsys), "a GIF file, which is not read")


def test_disputed_with_notation_still_points_at_play(capsys):
    one_line_error(*run([ARMS, "--disputed", "4-6"], capsys), "--disputed goes with a photo")


def test_disputed_with_two_photos_says_one_at_a_time(tmp_path, capsys):
    photos = [tmp_path / "a.jpg", tmp_path / "b.jpg"]
    for photo in photos:
        photo.write_bytes(b"\xff\xd8 not read")
    one_line_error(*run([*map(str, photos), "--disputed", "4-6"], capsys),
                   "one photo of the tableau at a time")
