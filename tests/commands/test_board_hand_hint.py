"""A photo `chickenfoot board` cannot make a board of (a hand; a bigger set than --set
says): one line, saying first what is wrong with the photo as a whole."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from tui.commands import board as board_command

HAND = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "hand-double12.jpg"


def run(argv, capsys):
    parser = argparse.ArgumentParser()
    board_command.add_arguments(parser)
    code = board_command.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def reader():
    from tui.commands.read import load_reader

    loaded = load_reader("board")
    if loaded is None:
        pytest.skip("the shipped reader is not available")
    return loaded


def test_a_hand_photo_is_called_a_hand(reader, monkeypatch, capsys):
    import tui.commands.read as read_module

    monkeypatch.setattr(read_module, "load_reader", lambda command="read": reader)
    code, out, err = run([str(HAND)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    # two of its tiles touch end to end; the others lie apart, some within reach
    assert err.startswith("chickenfoot board: the photo could not be turned into a board: "
                          "this looks like a hand, not a tableau: only 2 of the 6 tiles")
    code, out, _ = run([str(HAND), "--json"], capsys)
    assert json.loads(out)["problems"][0].startswith("this looks like a hand")


def test_a_bigger_set_than_asked_is_said_first(reader, monkeypatch, capsys):
    import tui.commands.read as read_module

    monkeypatch.setattr(read_module, "load_reader", lambda command="read": reader)
    nine = HAND.parent / "tableau" / "images" / "tableau_7_0000.jpg"  # a 9-9 spinner
    code, out, err = run([str(nine), "--set", "6"], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("chickenfoot board: the photo could not be turned into a board: "
                          "7 halves look like more than 6 pips (up to 9)")
