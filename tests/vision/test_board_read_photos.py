"""The real reader on tableau photos (the committed samples and a fixed rendered set): a
floor on boards read exactly.

Needs models/detector.onnx and models/pips.onnx.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.notation import parse_board
from scorer.rules import RuleSet
from scorer.tiles import Tile
from tui.board_words import note_lines, problem_lines
from vision.board import judge_tile
from vision.board.photo import read_board_photo
from vision.reader.report import recognition_from_dict

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "datasets" / "samples" / "tableau"
DATA = Path(__file__).resolve().parent / "data"
BOARDS_15 = 12
# 12 of 12 measured on 2026-11-30 (11 before tiles were read again along their length);
# the margin is for other CPUs' rounding
FLOOR_15 = 10



def test_real_reader_reads_most_sample_boards_exactly() -> None:
    from vision.reader.tile_reader import load_default_reader

    reader = load_default_reader()
    names = sorted(p.name[: -len(".board.txt")] for p in (SAMPLES / "truth").glob("*.board.txt"))
    exact = verdicts = 0
    for name in names:
        disputed = json.loads((SAMPLES / "truth" / f"{name}.disputed.json").read_text())
        photo = read_board_photo(str(SAMPLES / "images" / f"{name}.jpg"), reader, 9)
        truth = parse_board((SAMPLES / "truth" / f"{name}.board.txt").read_text())
        exact += photo.reading.built and photo.reading.board == truth  # as it lies
        (result, _), *_ = judge_tile(photo.reading, Tile.parse(disputed["tile"]),
                                     RuleSet()).readings
        verdicts += result.verdict.legal == disputed["legal"]
    assert exact >= len(names) - 1, f"{exact} of {len(names)} boards read exactly"
    assert verdicts == len(names)


def boards_read_exactly(photo, seed: int, count: int, tiles: int) -> int:
    """How many of ``count`` simulated boards of ``tiles`` tiles the shipped reader reads
    exactly from the photos ``photo(laid, size, rng)`` makes of them (seeds from ``seed``),
    as `chickenfoot board` reads them: with second looks and the halves found alone."""
    import random

    import numpy as np

    from scorer.rules import RuleSet
    from vision.board.read import read_tableau
    from vision.reader.tile_reader import shared_reader
    from vision.synth.tableau_scenes import frame_for, lay_out, make_scene
    from vision.types import LoneHalf

    reader, rules = shared_reader(), RuleSet()
    exact = 0
    for i in range(count):
        rng = random.Random(seed + i)
        scene = make_scene(rng, tiles, rules)
        laid = lay_out(scene, rng)
        image, _ = photo(laid, frame_for(len(laid)), np.random.default_rng(seed + i))
        read, problems = reader.read(image, rules.set_max)
        lone = [p.center_px for p in problems if isinstance(p, LoneHalf)]
        reading = read_tableau(read, rules.set_max, lone=lone,
                               look=lambda c, im=image: reader.read_at(im, c, rules.set_max))
        exact += reading.built and reading.board == scene.board
    return exact


def test_rendered_fifteen_tile_boards_read_exactly() -> None:
    """Fifteen-tile tableaux from simulated rounds, rendered with the photo renderer
    (seeds no tuning looked at)."""
    from vision.synth.tableau_scenes import scene_photo

    exact = boards_read_exactly(lambda laid, size, rng: scene_photo(laid, size, 9, rng),
                                31_000, BOARDS_15, 15)
    assert exact >= FLOOR_15, f"{exact} of {BOARDS_15} fifteen-tile boards read exactly"


def test_second_look_reads_the_tile_whose_half_centres_it_is_given() -> None:
    import random

    import numpy as np

    from scorer.rules import RuleSet
    from vision.reader.tile_reader import shared_reader
    from vision.synth.reader_noise import truth_readings
    from vision.synth.tableau_scenes import frame_for, lay_out, make_scene, scene_photo

    reader, rules = shared_reader(), RuleSet()
    rng = random.Random(31_500)
    laid = lay_out(make_scene(rng, 15, rules), rng)
    image, placed = scene_photo(laid, frame_for(len(laid)), rules.set_max,
                                np.random.default_rng(31_500))
    truth = truth_readings(placed)
    right = 0
    for tile in truth:
        seen = reader.read_at(image, tuple(h.center_px for h in tile.halves), rules.set_max)
        right += seen.pips == tile.pips and seen.confidence > 0.5
    assert right >= len(truth) - 1, f"{right} of {len(truth)} tiles read where they lie"


def bench_board(seed: int, index: int, size: int = 15):
    """Board ``index`` of the boards of ``size`` tiles that `bench/bench_board.py --seed
    SEED` renders: the scene, the photo, and the reader's first look at it."""
    import random

    import numpy as np

    from scorer.rules import RuleSet
    from vision.reader.tile_reader import shared_reader
    from vision.synth.tableau_scenes import frame_for, lay_out, make_scene, scene_photo

    reader, rules = shared_reader(), RuleSet()
    rng = random.Random(seed * 1000 + size * 100_000 + index)
    scene = make_scene(rng, size, rules)
    laid = lay_out(scene, rng)
    image, _ = scene_photo(laid, frame_for(len(laid)), rules.set_max,
                           np.random.default_rng(seed + index))
    tiles, _ = reader.read(image, rules.set_max)
    return scene, image, tiles


def read_bench_board(image, tiles):
    from scorer.rules import RuleSet
    from vision.board.read import read_tableau
    from vision.reader.tile_reader import shared_reader

    reader, rules = shared_reader(), RuleSet()
    return read_tableau(tiles, rules.set_max,
                        look=lambda c: reader.read_at(image, c, rules.set_max))


def test_a_tile_boxed_off_centre_in_a_line_is_read_again_centred() -> None:
    """Bench seed 34000, 15-tile board 2: in a line of abutting tiles the detector boxes
    the halves of 2-7 off centre, and the crop of its 7 reaches into the next tile (read
    2-8, no rule broken). Read again along its length it is 2-7."""
    scene, image, tiles = bench_board(34_000, 2)
    assert any(sorted(t.pips) == [2, 8] for t in tiles)  # the first look's misreading
    reading = read_bench_board(image, tiles)
    assert reading.built and reading.board == scene.board, problem_lines(reading)
    assert any("again as 2-7, centred on the tile" in note for note in note_lines(reading))


def test_a_reading_lying_on_a_tile_read_again_centred_is_left_out() -> None:
    """Bench seed 75000, 30-tile board 79: under glare the detector boxes 5-6 as two small
    tiles, a 6-6 (unsure) and a 5-5. Read again centred, the 6-6 is 5-6, and the 5-5 now
    lies on it: it was a second reading of the same tile and goes (before, the board was
    given with a 5-5 that is not there, and no problem said)."""
    scene, image, tiles = bench_board(75_000, 79, 30)
    assert any(t.pips == (5, 5) for t in tiles)  # the first look's second reading
    reading = read_bench_board(image, tiles)
    assert reading.built and reading.board == scene.board, problem_lines(reading)
    assert any("again as 5-6, centred on the tile" in note for note in note_lines(reading))


def test_a_plain_reading_between_the_spinner_and_an_arm_is_left_out() -> None:
    """Bench seed 24000, 15-tile board 39: the blank half of the arm 9-0 beside the
    spinner 0-0 is read as a loose 0-0 (0.23) lying between them, and decoded as 0-1 it
    breaks the rules. Left out, the arm joins the spinner again. Since every tile is
    verified whole by the pair judge, the reader may not propose it at all; either way
    the board is the truth."""
    scene, image, tiles = bench_board(24_000, 39)
    reading = read_bench_board(image, tiles)
    assert reading.built and reading.board == scene.board, problem_lines(reading)
    proposed = sum(1 for t in tiles if t.pips == (0, 0))
    assert proposed == 1 or any(note.startswith("left out 0-0") for note in note_lines(reading))


@pytest.mark.xfail(strict=True, reason=(
    "since the pip reader of 2026-12-01 the tile is found in the gap (the note below) but "
    "its 1 reads 0.45 against 2 at 0.39, and decoding makes it 2-2 and its neighbour 1-6 "
    "(0.95) 2-6; measured on 40 fresh 15-tile boards the new reader reads 37, the old 38"))
def test_a_tile_found_in_a_gap_is_read_again_centred() -> None:
    """Bench seed 19000, 15-tile board 11: the detector misses 2-1, and the gap it leaves,
    placed by its neighbours' ends, is read off centre as 2-2 (0.69). Read again along
    its length it is 1-2 (0.92)."""
    scene, image, tiles = bench_board(19_000, 11)
    reading = read_bench_board(image, tiles)
    assert reading.built and reading.board == scene.board, problem_lines(reading)
    assert any(note.startswith("found 1-2 at") and "in a gap" in note
               for note in note_lines(reading))


def test_a_toe_covering_its_neighbours_end_leaves_it_on_the_double() -> None:
    """Bench seed 35000, 15-tile board 19: the toes 0-7 and 0-3 of the chicken foot on
    0-0 converge on it, and 0-7 boxed a little wide covers the end of 0-3, which then
    touches 0-7 first (read 0-3@0-7, an end met twice). An end meets one tile, and only a
    double is met by several, so 0-3 is the double's toe. The first look is the one the
    stage-3 detector gave (recorded in data/): the stage-4 detector boxes this photo
    otherwise, and the case is about the boxes."""
    scene, image, _ = bench_board(35_000, 19)
    recorded = json.loads((DATA / "toe_covering_first_look.json").read_text())
    tiles = list(recognition_from_dict(recorded).tiles)
    reading = read_bench_board(image, tiles)
    assert reading.built and reading.board == scene.board, problem_lines(reading)


def test_a_toe_against_its_neighbours_side_is_played_on_the_double() -> None:
    """Bench seed 98600, 15-tile board 6: the toe 0-8 of the chicken foot on 0-0 touches
    its neighbour toe 1-0 first, on 1-0's long side, and the 0-0 too. A tile is played on
    another's end or on a double's side, never on the long side of a tile that is no
    double, so 0-8 is the double's toe: read 0-8@0-1, every value right, the board was
    given whole and wrong."""
    scene, image, tiles = bench_board(98_600, 6)
    reading = read_bench_board(image, tiles)
    assert reading.ok and reading.board == scene.board, problem_lines(reading)


def test_a_value_a_moved_look_cuts_short_is_taken_back_by_the_joins() -> None:
    """Bench seed 46000, 30-tile board 0: 4-8 is read where it lies, unsurely (0.68);
    moved along its length the look cuts a pip off its 8 and reads 4-7 surely (0.89).
    The first value stays the runner-up, and the 8 it is joined to takes it back."""
    scene, image, tiles = bench_board(46_000, 0, size=30)
    reading = read_bench_board(image, tiles)
    assert reading.built and reading.board == scene.board, problem_lines(reading)


def test_a_tile_read_off_centre_beside_a_neighbour_boxed_off_the_same_way() -> None:
    """Bench seed 43000, 30-tile board 4: 7-9 is read 8-7 off centre beside 9-8, whose box
    is off the same way. The board once needed the first looks back when the moved ones
    did not fit; it reads right without that step (taken out: it changed no fresh
    board)."""
    scene, image, tiles = bench_board(43_000, 4, size=30)
    reading = read_bench_board(image, tiles)
    assert reading.built and reading.board == scene.board, problem_lines(reading)


def test_a_leaf_missed_with_a_leaf_beyond_it_is_found_and_the_board_read_whole() -> None:
    """Bench seed 92000, 15-tile board 47: the detector misses 5-1 at the end of an arm,
    so the leaf 1-0 beyond it (read 0.42, its blank half plain) touches no tile and is
    set aside as a speck. The look past the arm's open end reads 5-1 surely; found, it
    is a tile like the others, and 1-0 touches it: the board is read whole."""
    from scorer.rules import RuleSet
    from vision.board.read import read_tableau
    from vision.reader.tile_reader import shared_reader
    from vision.types import LoneHalf

    scene, image, tiles = bench_board(92_000, 47)
    reader, rules = shared_reader(), RuleSet()
    _, problems = reader.read(image, rules.set_max)
    lone = [p.center_px for p in problems if isinstance(p, LoneHalf)]
    reading = read_tableau(tiles, rules.set_max, lone=lone,
                           look=lambda c: reader.read_at(image, c, rules.set_max))
    assert reading.ok and reading.board == scene.board, problem_lines(reading)
    assert any(note.startswith("found 5-1 at ") for note in note_lines(reading))
