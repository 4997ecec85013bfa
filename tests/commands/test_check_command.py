"""`chickenfoot check`: verdicts, reasons, exit codes, every kind of bad input."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys

import pytest

from tui.commands import check

ARMS = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"


def run(argv: list[str], capsys, stdin: str | None = None, monkeypatch=None
        ) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="chickenfoot check")
    check.add_arguments(parser)
    if stdin is not None and monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = check.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_legal_play(capsys) -> None:
    code, out, err = run([ARMS, "--play", "4-6@9-4"], capsys)
    assert code == 0 and out.strip() == "4-6 on 4-9: legal" and err == ""


def test_illegal_play_lists_every_reason(capsys) -> None:
    code, out, _ = run([ARMS + " 1-1@9-1", "--play", "2-5@9-1"], capsys)
    assert code == 1
    assert out.splitlines() == [
        "2-5 on 1-9: illegal",
        "  - the open end of 1-9 is taken: 1-1 is played on it",
        "  - 2-5 does not match: the open end of 1-9 shows 1",
        "  - the chicken foot on 1-1 has 0 of its 3 toes; the next tile must be a toe on 1-1",
    ]


def test_board_as_separate_words(capsys) -> None:
    code, out, _ = run(ARMS.split() + ["--play", "1-5@9-1"], capsys)
    assert code == 0


def test_json_output(capsys) -> None:
    code, out, _ = run(["9-9 9-1@9-9", "--play", "1-5@9-1", "--json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["legal"] is False
    assert data["board"] == "9-9 9-1@9-9" and data["play"] == "1-5@1-9"
    assert data["reasons"][0]["violation"] == "arms-first"


def test_board_from_file_and_stdin(tmp_path, capsys, monkeypatch) -> None:
    path = tmp_path / "board.txt"
    path.write_text(ARMS + "\n", encoding="utf-8")
    assert run([str(path), "--play", "1-5@9-1"], capsys)[0] == 0
    assert run(["-", "--play", "1-5@9-1"], capsys, stdin=ARMS, monkeypatch=monkeypatch)[0] == 0
    js = json.dumps({"tiles": [{"tile": "9-9"}, {"tile": "9-1", "on": "9-9"}]})
    assert run(["-", "--play", "1-5@9-1"], capsys, stdin=js, monkeypatch=monkeypatch)[0] == 1


def test_house_rules(capsys) -> None:
    assert run([ARMS, "--play", "9-5@9-9"], capsys)[0] == 1
    assert run([ARMS, "--play", "9-5@9-9", "--arms", "6"], capsys)[0] == 0
    assert run([ARMS, "--play", "9-5@9-9", "--rule", "spinner-arms=8"], capsys)[0] == 0
    assert run([ARMS, "--play", "1-12@9-1", "--set", "9"], capsys)[0] == 1
    assert run([ARMS, "--play", "1-12@9-1", "--set", "12"], capsys)[0] == 0
    assert run([ARMS, "--play", "1-12@9-1"], capsys)[0] == 0  # no set named: double-12


@pytest.mark.parametrize(("argv", "names"), [
    (["9-9 9-x@9-9", "--play", "9-1@9-9"], "'9-x@9-9'"),
    ([ARMS, "--play", "6-3@"], "6-3@"),
    ([ARMS, "--play", "6-x@9-4"], "6-x"),
    ([ARMS], "--play"),
    ([ARMS + " 9-12@9-1", "--play", "1-5@9-1", "--set", "9"], "9-12 is not in a double-9 set"),
    ([ARMS + " 1-1@9-1 2-2@9-2", "--play", "1-5@1-1"], "only one foot can be open"),
    ([ARMS, "--play", "1-5@9-1", "--rule", "drawn-tile=sometimes"], "drawn-tile must be one"),
    ([ARMS, "--play", "1-5@9-1", "--rule", "colour=red"], "unknown house rule 'colour' "
                                                           "(the rules: set-max, spinner-arms"),
    ([ARMS, "--play", "1-5@9-1", "--rule", "set-max=6", "--set", "9"],
     "set-max is given twice, as 9 and as 6"),
    ([ARMS, "--play", "1-5@9-1", "--rule", "spinner-arms=\u0666"], "in 0-9 digits"),
    ([ARMS, "--play", "1-5@9-1", "--rule", "oops"], "KNOB=VALUE"),
    ([ARMS, "--play", "1-5@9-1", "--arms", "5"], "--arms must be one of"),
    ([ARMS, "--play", "1-5@9-1", "--set", "7"], "--set must be one of"),
    (['{"tiles": 1}', "--play", "1-5@9-1"], "tiles"),
    (["missing/board.txt", "--play", "1-5@9-1"], "missing/board.txt: no such file"),
])
def test_bad_input_exits_2_with_one_line(argv: list[str], names: str, capsys) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("chickenfoot check: ")
    assert names in err


def test_a_folder_is_not_a_board_file(tmp_path, capsys) -> None:
    code, out, err = run([str(tmp_path), "--play", "1-5@9-1"], capsys)
    assert code == 2 and out == ""
    assert err == f"chickenfoot check: {tmp_path} is a folder, not a board file\n"


def test_spinner_play_is_judged_on_the_board(capsys) -> None:
    code, out, _ = run([ARMS, "--play", "8-8"], capsys)
    assert code == 1 and "already placed" in out


def test_a_play_on_a_tile_not_on_the_board_is_bad_input(capsys) -> None:
    # it was judged "illegal", exit 1, which means only an illegal play
    code, out, err = run([ARMS, "--play", "1-5@7-7"], capsys)
    assert code == 2 and out == ""
    assert err == "chickenfoot check: --play 1-5@7-7: 7-7 is not on the board\n"


def test_judge_board_text_is_reusable() -> None:
    from scorer.rules import RuleSet

    result = check.judge_board_text(ARMS, "4-6@9-4", RuleSet())
    assert result.verdict.legal and str(result.play) == "4-6@4-9"
    with pytest.raises(check.InputError):
        check.judge_board_text("9-9 9-9", "9-1@9-9", RuleSet())


def test_command_line_end_to_end() -> None:
    ok = subprocess.run([sys.executable, "-m", "tui.cli", "check", ARMS, "--play", "4-6@9-4"],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "legal" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "tui.cli", "check", "9-9 bogus", "--play",
                          "1-5@9-1"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()]
    assert "'bogus'" in bad.stderr


def test_a_play_given_twice_is_refused(capsys) -> None:
    from tui.cli import main

    assert main(["check", ARMS, "--play", "1-5@9-1", "--play", "9-5@9-9"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--play is given twice" in err


@pytest.mark.parametrize("argv", [
    [ARMS, "--play", "1-5@9-1", "--arms", "5", "--json"],
    ["9-9 (", "--play", "1-5@9-1", "--json"],
    ["missing/board.txt", "--play", "1-5@9-1", "--json"],
])
def test_bad_input_with_json_also_answers_in_json(argv: list[str], capsys) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and err.count("\n") == 1
    assert json.loads(out) == {"error": err.removeprefix("chickenfoot check: ").rstrip("\n")}


@pytest.mark.parametrize("board", [
    '{"tiles": [{"tile": "\\ud800-9"}]}',
    '{"tiles": [{"tile": "9-9"}, {"tile": "9-1", "on": "\\udfff"}]}'])
def test_a_surrogate_spelt_out_in_board_json_is_refused_in_json(board: str) -> None:
    # JSON may spell out a surrogate no byte of a name escapes to: the refusal is one line
    # on stderr and strict JSON on stdout all the same (a process, for stderr's own errors)
    done = subprocess.run([sys.executable, "-m", "tui.cli", "check", board, "--play",
                           "1-5@9-1", "--json"], capture_output=True, timeout=60)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2 and err.count("\n") == 1 and "unexpected" not in err
    assert "\ufffd" in json.loads(done.stdout.decode("utf-8"))["error"]


def test_a_board_in_a_bigger_set_is_judged_in_the_smallest_set_holding_it(capsys) -> None:
    # a double-12 family's right board was "impossible: 1-12 is not in a double-9 set"
    board = "12-12 12-1@12-12 12-2@12-12 12-3@12-12 12-4@12-12"
    code, out, _ = run([board, "--play", "1-11@12-1"], capsys)
    assert (code, out) == (0, "1-11 on 1-12: legal\n")
    code, out, err = run([board, "--play", "1-11@12-1", "--set", "9"], capsys)  # as named
    assert code == 2 and "1-12 is not in a double-9 set" in err
    code, out, err = run([board, "--play", "1-11@12-1", "--rule", "set-max=9"], capsys)
    assert code == 2 and "1-12 is not in a double-9 set" in err
    code, out, _ = run(["9-9 9-1@9-9", "--play", "1-13@9-1"], capsys)  # the play's 13 too
    assert code == 1 and out.startswith("1-13 on 1-9: illegal")
