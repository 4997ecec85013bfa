"""The tableau photos shipped as samples are read as they lie and their disputes judged
right: what a new user tries first. tableau_7_0003 holds pips of low contrast (dark green
on black faces), read only with the second look that evens out a half's lightness."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "datasets" / "samples" / "tableau"
PHOTOS = sorted((SAMPLES / "images").glob("*.jpg"))


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


@pytest.mark.parametrize("photo", PHOTOS, ids=lambda p: p.stem)
def test_a_bundled_tableau_is_read_exactly_and_its_dispute_judged_right(photo):
    truth = SAMPLES / "truth" / photo.stem
    done = _run("board", str(photo))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (truth.with_suffix(".board.txt")).read_text().strip()
    dispute = json.loads(truth.with_suffix(".disputed.json").read_text())
    done = _run("check", str(photo), "--disputed", dispute["tile"], "--json")
    verdict = json.loads(done.stdout)
    assert verdict["subject"] == f"{dispute['tile']} on {dispute['on']}"
    assert verdict["legal"] is dispute["legal"]
    assert [r["violation"] for r in verdict["reasons"]] == dispute["violations"]
    assert done.returncode == (0 if dispute["legal"] else 1)


@pytest.mark.parametrize("photo", PHOTOS, ids=lambda p: p.stem)
def test_judging_any_tile_lays_no_tile_the_board_does_not_hold(photo):
    # the rest of the board is decoded again without the disputed tile: a leaf's unsure 7
    # against a 3 end became 3-9, a tile nowhere in the photo, and other plays were judged
    # against that 3-9 (3-0 called legal)
    from vision.board import NoDispute, judge_tile, read_board_photo
    from vision.reader.tile_reader import shared_reader

    reading = read_board_photo(str(photo), shared_reader(), 9).reading
    held = set(reading.board.tiles)
    judged = 0
    for tile in sorted(held - {reading.board.entries[0].tile}):
        try:
            results = judge_tile(reading, tile, RuleSet()).readings
        except NoDispute:
            continue
        judged += 1
        for result, _chance in results:
            laid = set(result.board.tiles) | set(result.taken_off)
            assert laid - {result.play.tile} <= held, (tile, laid - held)
    assert judged



def test_an_arm_is_judged_on_a_board_played_beyond_the_arms():
    # "the board is impossible: the spinner 1-1 has 3 of its 4 arms, yet ... are played
    # beyond the arms": every tile beyond them came later, and is taken off with it
    photo = SAMPLES / "images" / "tableau_7_0003.jpg"
    done = _run("check", str(photo), "--disputed", "1-7", "--json")
    verdict = json.loads(done.stdout)
    assert done.returncode == 0 and verdict["legal"] is True, done.stderr
    assert verdict["subject"] == "1-7 on 1-1" and len(verdict["taken_off"]) == 11


def test_a_doubt_the_board_settles_is_said():
    # 7-9 is read in doubt: `board` names a half unreadable, yet check said nothing of it,
    # since its other reading (8-9, or 5-9) lies elsewhere on the board, not here too
    photo = SAMPLES / "images" / "tableau_7_0003.jpg"
    verdict = json.loads(_run("check", str(photo), "--disputed", "7-9", "--json").stdout)
    ruled_out = [r["tile"] for r in verdict["ruled_out"]]
    held = verdict["board"].replace("@", " ").split()
    assert ruled_out and all(t in held or "-".join(t.split("-")[::-1]) in held
                             for t in ruled_out)
    done = _run("check", str(photo), "--disputed", "7-9")
    assert f"read as {ruled_out[0]}" in done.stdout
    assert "the board holds one elsewhere" in done.stdout


def test_a_dispute_judged_with_too_small_a_set_says_what_the_reader_saw():
    """--set 6 on a double-9 tableau: the verdict comes with the reader's doubt about the
    set, as `board` and `read` give it, never judged silently."""
    photo = SAMPLES / "images" / "tableau_7_0002.jpg"
    done = _run("check", str(photo), "--set", "6", "--disputed", "2-5")
    assert "bigger set than double-6" in done.stderr
    done = _run("check", str(photo), "--set", "6", "--disputed", "2-5", "--json")
    assert any("bigger set than double-6" in note for note in json.loads(done.stdout)["notes"])
