"""Every command that takes rules refuses rules that cannot be played (exit 2, one line
naming every reason), and simulate takes as many players as the set can deal."""

from __future__ import annotations

import argparse
from types import SimpleNamespace

import pytest

from scorer.notation import parse_board
from tui.commands import board as board_command
from tui.commands import check, simulate

ARMS_6 = "the spinner cannot have 8 arms in a double-6 set"
PHOTO = "tableau.jpg"


def run(module, argv: list[str], capsys) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    code = module.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("module", "argv", "words"), [
    (check, ["6-6 6-1@6-6", "--play", "1-2@6-1", "--set", "6", "--arms", "8"], [ARMS_6]),
    (check, ["6-6 6-1@6-6", "--play", "1-2@6-1", "--rule", "set-max=6", "--arms", "8"],
     [ARMS_6]),
    (simulate, ["--set", "6", "--arms", "8"], [ARMS_6]),
    (simulate, ["--rule", "hand-size=custom", "--rule", "custom-hand-size=20"],
     ["--players 4: a hand of 20 for 4 players needs 80 tiles", "at most 13 each"]),
    (simulate, ["--set", "6", "--arms", "8", "--rule", "hand-size=custom",
                "--rule", "custom-hand-size=20"], [ARMS_6, "a hand of 20 for 4 players"]),
    (simulate, ["--players", "1"], ["--players 1", "at least 2 players"]),
    (simulate, ["--players", "55"], ["--players 55", "at most 54 players"]),
    (simulate, ["--players", "-3"], ["--players -3"]),
    (board_command, [PHOTO, "--set", "6", "--arms", "8"], [ARMS_6]),
])
def test_rules_that_cannot_be_played_are_refused(module, argv: list[str], words: list[str],
                                                 capsys) -> None:
    code, out, err = run(module, argv, capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    for word in words:
        assert word in err


@pytest.mark.parametrize(("players", "set_max"), [(9, 18), (12, 15), (20, 18), (10, 9)])
def test_simulate_takes_what_the_set_can_deal(players: int, set_max: int, capsys) -> None:
    code, out, err = run(simulate, ["--players", str(players), "--games", "1",
                                    "--set", str(set_max), "--strategy", "greedy"], capsys)
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith(f"{players} players, 1 game")
    assert f"player {players} " in out


def test_simulate_says_when_the_hands_are_cut(capsys) -> None:
    code, out, _ = run(simulate, ["--players", "8", "--games", "1"], capsys)
    assert code == 0
    assert out.splitlines()[1] == (
        "Hand size: seven, cut to 6 each for 8 players (8 hands of 7 need 56 tiles; the "
        "double-9 set holds 55 and keeps one to draw)")
    code, out, _ = run(simulate, ["--players", "4", "--games", "1"], capsys)
    assert "Hand size" not in out


def test_simulate_next_lower_records_the_doubles_opened(capsys) -> None:
    summary = simulate.summarize(
        check.knob_rules(SimpleNamespace(rule=["missing-double=next-lower"])), 4, 10, 0,
        "mixed")
    assert summary.rounds_played < 100  # burned doubles were skipped
    assert sum(summary.wins) == pytest.approx(10)


def fake_photo(board_text: str, set_max: int):
    reading = SimpleNamespace(set_max=set_max, ok=True, built=True, board=parse_board(board_text))
    return SimpleNamespace(reading=reading)


@pytest.mark.parametrize("module", [board_command, check])
def test_a_photo_read_as_a_set_too_small_for_the_rules_is_refused(module, monkeypatch,
                                                                  capsys, tmp_path) -> None:
    image = tmp_path / PHOTO
    image.write_bytes(b"\xff\xd8\xff")
    monkeypatch.setattr(board_command, "read_photo_for",
                        lambda *a, **k: fake_photo("6-6 6-1@6-6", 6))
    argv = [str(image), "--arms", "8"] + (["--disputed", "6-1"] if module is check else [])
    code, out, err = run(module, argv, capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "the photo reads as a double-6 set" in err and ARMS_6 in err
    assert "--set" in err


@pytest.mark.parametrize(("argv", "code", "said"), [
    (["--arms", "0"], 2, "--arms must be one of 4, 6, 8, not 0"),  # named as typed
    (["--rule", "Spinner-Arms=6"], 0, ""),  # a knob's name in any case or with _
    (["--rule", "SPINNER_ARMS=6", "--arms", "4"], 2, "spinner-arms is given twice"),
    # a value in any case too, as a name is: 'Must-Play' was refused
    (["--rule", "Drawn-Tile=Must-Play"], 0, ""),
    (["--rule", "drawn-tile=Must-Pay"], 2, "drawn-tile must be one of may-play"),
])
def test_options_and_rule_names_are_read_as_typed(argv, code, said, capsys) -> None:
    status, out, err = run(check, ["9-9 9-1@9-9", "--play", "9-2@9-9", *argv], capsys)
    assert status == code and said in err


def test_a_share_in_other_digits_is_refused_as_every_option_refuses_them() -> None:
    from tui.commands.errors import share

    assert share("0.5") == 0.5
    with pytest.raises(argparse.ArgumentTypeError, match="in 0-9 digits"):
        share("\u0660.\u0665")  # Arabic-Indic 0.5
    with pytest.raises(argparse.ArgumentTypeError, match="'abc' is not a number from 0 to 1"):
        share("abc")
