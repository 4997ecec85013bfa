"""Every typed problem, note and refusal of board reading has its words at the edge."""

from __future__ import annotations

import pytest

from scorer.tiles import Tile
from tests.vision.test_board_read import readings_of
from tui.board_words import note_line, problem_line, refusal_line
from vision.board import BoardNote, BoardProblem, Kind, NoDispute, Note, Refusal

TILES = readings_of("9-9 9-1@9-9 9-2@9-9")


@pytest.mark.parametrize("kind", list(Kind))
def test_every_problem_kind_has_a_line(kind: Kind) -> None:
    line = problem_line(BoardProblem(kind, (1, 0), (3, 4, 120, 80), half=0), TILES)
    assert line and "\n" not in line


@pytest.mark.parametrize("kind", list(Note))
def test_every_note_kind_has_a_line_naming_its_tile(kind: Note) -> None:
    line = note_line(BoardNote(kind, TILES[1], TILES[0]))
    x, y = TILES[1].center_px
    assert f"({x:.0f}, {y:.0f})" in line


@pytest.mark.parametrize("refusal", list(Refusal))
def test_every_refusal_has_a_line(refusal: Refusal) -> None:
    error = NoDispute(refusal, Tile(1, 5), (BoardProblem(Kind.LOOSE_TILE, (2,)),),
                      detail="the board is impossible")
    line = refusal_line(error, TILES)
    assert line and "\n" not in line
    if refusal in (Refusal.REST_IN_DOUBT, Refusal.MAY_LACK):
        assert line.endswith("a tile not joined to anything: "
                             + problem_line(BoardProblem(Kind.LOOSE_TILE, (2,)), TILES)
                             .split(": ", 1)[1])


def test_a_left_out_tile_says_what_it_lay_against() -> None:
    line = note_line(BoardNote(Note.LEFT_OUT_UNSURE, TILES[2], TILES[0]))
    assert " against 9-9: it was read unsurely (" in line
    assert line.endswith("does not fit there as read")


def test_a_tile_beyond_the_set_read_is_said_so():
    from scorer.rules import RuleSet
    from vision.board import judge_tile, read_tableau

    reading = read_tableau(TILES, 12)
    with pytest.raises(NoDispute) as caught:
        judge_tile(reading, Tile(2, 13), RuleSet())
    assert refusal_line(caught.value, reading.tiles).startswith(
        "2-13 is not in a double-12 set")


def test_a_search_cut_short_offers_no_board_where_none_is_shown() -> None:
    # "the board shown is its best" was said where exit 2 showed no board
    budget = BoardProblem(Kind.BUDGET_SPENT)
    assert problem_line(budget, TILES).endswith("the board shown is its best")
    assert problem_line(budget, TILES, built=False) == (
        "the search for the board stopped at its limit")


def test_why_no_board_says_the_photo_first_and_a_half_alone_last(capsys) -> None:
    # a half alone on a chessboard came first: "a tile half at (83, 240) has no partner
    # half: check that tile; no tiles were found in the photo"
    from tui.commands.board import print_problems
    from vision.board import TableauReading
    from vision.board.photo import BoardPhoto

    alone = "a tile half at (83, 240) has no partner half: check that tile"
    photo = BoardPhoto(None, (), ("the photo is damaged",),
                       TableauReading(None, (BoardProblem(Kind.NO_TILES),), 9), (alone,))
    print_problems("board", photo)
    assert capsys.readouterr().err == (
        "chickenfoot board: the photo could not be turned into a board: the photo is "
        f"damaged; no tiles were found in the photo; {alone}\n")
