"""`chickenfoot board` and the photo branch of `chickenfoot check`, with a reader that
returns the truth of the committed tableau photos (no model needed)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from tui.commands import board as board_command
from tui.commands import check
from vision.reader.report import recognition_from_dict

SAMPLES = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "tableau"
NAMES = sorted(p.name[: -len(".board.txt")] for p in (SAMPLES / "truth").glob("*.board.txt"))


class TruthReader:
    """Reads a committed photo as its truth JSON says (optionally changed by ``edit``)."""

    def __init__(self, name: str, edit=None) -> None:
        data = json.loads((SAMPLES / "truth" / f"{name}.json").read_text())
        self.tiles = list(recognition_from_dict(data).tiles)
        if edit is not None:
            self.tiles = edit(self.tiles)

    def read(self, image_bgr, set_max=None):
        return list(self.tiles), []


def use_reader(monkeypatch, reader) -> None:
    import tui.commands.read as read_module

    monkeypatch.setattr(read_module, "load_reader", lambda command="read": reader)


def photo(name: str) -> str:
    return str(SAMPLES / "images" / f"{name}.jpg")


def truth(name: str, kind: str = "board.txt") -> str:
    return (SAMPLES / "truth" / f"{name}.{kind}").read_text()


def run(module, argv: list[str], capsys) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    code = module.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


def kind(name: str) -> str:
    return json.loads(truth(name, "disputed.json"))["kind"]


@pytest.mark.parametrize("name", [n for n in NAMES if kind(n) != "no-match"])
def test_board_prints_the_notation(name: str, monkeypatch, capsys) -> None:
    use_reader(monkeypatch, TruthReader(name))
    code, out, err = run(board_command, [photo(name)], capsys)
    assert code == 0
    assert out.strip() == truth(name).strip()


def test_board_reports_a_mismatched_join_exactly(monkeypatch, capsys) -> None:
    name = next(n for n in NAMES if kind(n) == "no-match")
    dispute = json.loads(truth(name, "disputed.json"))
    use_reader(monkeypatch, TruthReader(name))
    code, out, err = run(board_command, [photo(name)], capsys)
    assert code == 0 and out.strip() == truth(name).strip()  # the board as it lies
    tile = dispute["tile"]
    assert any(tile[::-1] in line or tile in line for line in err.splitlines()
               if line.startswith("problem: ") and "touches" in line and " against " in line), err


def test_board_notes_the_rules_of_the_arms_given(monkeypatch, capsys) -> None:
    """A board with tiles beyond four arms breaks the rules of six."""
    name = next(n for n in NAMES if kind(n) == "foot-open")
    use_reader(monkeypatch, TruthReader(name))
    code, out, err = run(board_command, [photo(name)], capsys)
    assert code == 0 and "breaks a rule" not in err
    code, out, err = run(board_command, [photo(name), "--arms", "6"], capsys)
    assert code == 0 and out.strip() == truth(name).strip()
    assert "the board breaks a rule: " in err and "of its 6 arms" in err


def test_a_board_with_many_problems_names_the_first_few_and_counts_the_rest(
        monkeypatch, capsys) -> None:
    """A damaged photo can misread many tiles: the board is still printed, but standard
    error names at most five problems and five notes, then how many more. (With every
    tile misread every join mismatches: no tableau, tests/commands/test_board_hand_hint.)"""
    from dataclasses import replace

    def misread_all(tiles):  # every third tile's halves show each other's pips
        return [replace(t, halves=(replace(t.halves[0], pips=t.halves[1].pips),
                                   replace(t.halves[1], pips=t.halves[0].pips)))
                if i % 3 == 1 else t for i, t in enumerate(tiles)]

    name = max(NAMES, key=lambda n: truth(n).count("@"))
    use_reader(monkeypatch, TruthReader(name, misread_all))
    code, out, err = run(board_command, [photo(name), "--set", "9"], capsys)
    _, json_out, _ = run(board_command, [photo(name), "--set", "9", "--json"], capsys)
    problems = json.loads(json_out)["problems"]
    assert code == 0 and out.strip() and len(problems) > 5
    lines = err.splitlines()
    assert sum(line.startswith("problem: ") for line in lines) == 6
    assert f"problem: and {len(problems) - 5} more (--json lists them all)" in lines
    assert sum(line.startswith("note: ") for line in lines) <= 6


def test_board_json_and_annotation(tmp_path: Path, monkeypatch, capsys) -> None:
    name = next(n for n in NAMES if kind(n) == "foot-open")
    use_reader(monkeypatch, TruthReader(name))
    out_png = tmp_path / "board.png"
    code, out, _ = run(board_command, [photo(name), "--json", "--annotate", str(out_png)],
                       capsys)
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["board"] == truth(name).strip()
    assert len(data["joins"]) == data["tiles_read"] - 1
    assert out_png.stat().st_size > 1000


def test_board_json_answers_for_a_photo_that_cannot_be_read(tmp_path: Path, monkeypatch,
                                                            capsys) -> None:
    # a photo with no board gave a JSON object, a file that could not be loaded nothing
    use_reader(monkeypatch, TruthReader(NAMES[0]))
    empty = tmp_path / "e.jpg"
    empty.write_bytes(b"")
    code, out, err = run(board_command, [str(empty), "--json"], capsys)
    data = json.loads(out)
    assert code == 2 and data["ok"] is False and data["board"] is None
    assert "file is empty" in data["error"] and err.count("\n") == 1


@pytest.mark.parametrize("module", [board_command, check])
def test_annotation_never_writes_over_the_photo(module, tmp_path: Path, monkeypatch,
                                                capsys) -> None:
    name = NAMES[0]
    copy = tmp_path / "tableau.jpg"
    copy.write_bytes(Path(photo(name)).read_bytes())
    use_reader(monkeypatch, TruthReader(name))
    extra = ["--disputed", "0-9"] if module is check else []
    code, out, err = run(module, [str(copy), *extra, "--annotate", str(copy)], capsys)
    assert code == 2 and not out and err.count("\n") == 1 and "would write over" in err
    assert copy.read_bytes() == Path(photo(name)).read_bytes()


@pytest.mark.parametrize("module", [board_command, check])
def test_annotation_into_a_new_folder_makes_it_as_read_does(module, tmp_path: Path,
                                                           monkeypatch, capsys) -> None:
    # "--annotate shots/" said "shots does not exist", exit 2, and hid the board
    name = NAMES[0]
    use_reader(monkeypatch, TruthReader(name))
    extra = ["--disputed", "0-9"] if module is check else []
    code, out, _ = run(module, [photo(name), *extra, "--annotate", f"{tmp_path}/shots/"],
                       capsys)
    assert code == 0 and out.strip()
    assert (tmp_path / "shots" / f"{Path(photo(name)).stem}.annotated.png").is_file()


def test_board_reports_a_loose_tile(monkeypatch, capsys) -> None:
    def add_far_tile(tiles):
        from dataclasses import replace

        t = tiles[1]
        moved = replace(t, corners_px=tuple((x + 3000.0, y) for x, y in t.corners_px),
                        halves=tuple(replace(h, center_px=(h.center_px[0] + 3000, h.center_px[1]),
                                             pips=8 - h.pips) for h in t.halves))
        return tiles + [moved]

    use_reader(monkeypatch, TruthReader(NAMES[0], add_far_tile))
    code, out, err = run(board_command, [photo(NAMES[0])], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "the photo could not be turned into a board: " in err
    assert "a tile not joined to anything: " in err


def test_board_without_a_reader_is_one_line(monkeypatch, capsys) -> None:
    use_reader(monkeypatch, None)
    code, out, err = run(board_command, [photo(NAMES[0])], capsys)
    assert code == 2 and out == ""


def test_board_missing_photo_is_one_line(monkeypatch, capsys, tmp_path: Path) -> None:
    use_reader(monkeypatch, TruthReader(NAMES[0]))
    code, _, err = run(board_command, [str(tmp_path / "nope.jpg")], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("name", NAMES)
def test_check_photo_judges_the_disputed_tile(name: str, monkeypatch, capsys) -> None:
    use_reader(monkeypatch, TruthReader(name))
    dispute = json.loads(truth(name, "disputed.json"))
    code, out, err = run(check, [photo(name), "--disputed", dispute["tile"], "--json"], capsys)
    data = json.loads(out)
    assert code == (0 if dispute["legal"] else 1), err
    assert data["legal"] == dispute["legal"]
    assert sorted(r["violation"] for r in data["reasons"]) == dispute["violations"]
    assert data["board"] == truth(name).strip()


def test_check_photo_human_output(monkeypatch, capsys) -> None:
    name = next(n for n in NAMES if json.loads(truth(n, "disputed.json"))["kind"] == "arms-first")
    use_reader(monkeypatch, TruthReader(name))
    dispute = json.loads(truth(name, "disputed.json"))
    code, out, _ = run(check, [photo(name), "--disputed", dispute["tile"]], capsys)
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == f"board read: {truth(name).strip()}"
    assert lines[1].endswith(": illegal")
    assert "the next tile must be an arm" in lines[2]


def test_check_photo_bad_requests(monkeypatch, capsys) -> None:
    use_reader(monkeypatch, TruthReader(NAMES[0]))
    code, _, err = run(check, [photo(NAMES[0])], capsys)
    assert code == 2 and "--disputed TILE" in err
    code, _, err = run(check, [photo(NAMES[0]), "--play", "1-2@9-9"], capsys)
    assert code == 2 and "--play goes with a board in notation" in err
    code, _, err = run(check, [photo(NAMES[0]), "--disputed", "6-7"], capsys)
    assert code == 2 and "6-7 is not in the photo" in err
    code, _, err = run(check, ["9-9 9-1@9-9", "--disputed", "9-1"], capsys)
    assert code == 2 and "--disputed goes with a photo" in err


def test_check_photo_refusals_answer_in_json_too(monkeypatch, capsys) -> None:
    use_reader(monkeypatch, TruthReader(NAMES[0]))
    code, out, err = run(check, [photo(NAMES[0]), "--disputed", "6-7", "--json"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert json.loads(out) == {"image": photo(NAMES[0]),
                               "error": err.removeprefix("chickenfoot check: ").rstrip()}


def test_board_json_with_no_board_says_why_on_stderr_too(tmp_path: Path, monkeypatch,
                                                        capsys) -> None:
    # exit 2 with an empty stderr under --json, where check --json and board said why
    import cv2
    import numpy as np

    use_reader(monkeypatch, TruthReader(NAMES[0], edit=lambda tiles: []))  # reads nothing
    white = tmp_path / "white.png"
    cv2.imwrite(str(white), np.full((240, 320, 3), 255, np.uint8))
    code, out, err = run(board_command, [str(white), "--json"], capsys)
    assert code == 2 and json.loads(out)["ok"] is False
    assert err.startswith("chickenfoot board: the photo could not be turned into a board")
    assert err.count("\n") == 1
