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


@pytest.mark.parametrize("made", ["upper half", "stretched"])
def test_a_hand_whose_tiles_touch_with_other_values_is_called_a_hand(made, reader, tmp_path,
                                                                      monkeypatch, capsys):
    """The same hand cut short at half its bytes, or stretched to 1600x1200: its tiles'
    ends touch their neighbours (three tiles, two joins; five tiles, four joins), so it
    passed for a tableau, and `check --disputed 5-8` judged a play on it, each join
    showing different values. Tiles laid in play match where they touch: no board."""
    import cv2

    import tui.commands.read as read_module

    monkeypatch.setattr(read_module, "load_reader", lambda command="read": reader)
    path = tmp_path / "hand.jpg"
    if made == "upper half":
        data = HAND.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    else:
        image = cv2.imread(str(HAND))
        cv2.imwrite(str(path), cv2.resize(image, (1600, 1200)))
    code, out, err = run([str(path)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "no tableau here: " in err and "show different values" in err, err
