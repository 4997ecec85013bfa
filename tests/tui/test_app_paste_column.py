"""A column of scores pasted (one a line, as copied from a spreadsheet or a note) is taken
as that many scores, in order, each where Enter would take the next one; a column with a
line that is no score is refused whole, in one line (tui.pasted_column). A score field
had kept the first line and dropped the others without a word."""

from __future__ import annotations

from test_app_evening import SIZE, new_game, round_row
from test_app_keys_ahead import points, settle
from test_app_paste import paste
from textual.widgets import Input

from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def pasted_on_a_new_game(pilot, names: str, column: str) -> None:
    """A new game of ``names``, and ``column`` pasted on the scorecard's first cell."""
    await pilot.pause()
    await new_game(pilot, names)
    await paste(pilot, column)
    await settle(pilot, 10)


async def score_screen(pilot) -> ScoreEntryScreen:
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ScoreEntryScreen) and screen.focused.id == "points"
    return screen


async def test_a_column_pasted_in_a_score_field_scores_each_cell_in_turn(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        await score_screen(pilot)
        await paste(pilot, "12\r\n7\r\n30\r\n")  # copied from a spreadsheet's column
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 12, "Bo": 7, "Cy": 30}


async def test_a_column_with_a_line_that_is_no_score_is_refused_whole(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        screen = await score_screen(pilot)
        await paste(pilot, "12\n7.5\n30")
        await settle(pilot, 4)
        assert app.screen is screen
        assert screen.query_one("#points", Input).value == ""
        assert points(app, 0) == {"Ann": None, "Bo": None, "Cy": None}
        said = [n for n in notices(app) if "line 2" in n]
        assert len(said) == 1 and "\n" not in said[0] and "'7.5'" in said[0], notices(app)


async def test_a_column_pasted_on_the_scorecard_scores_each_cell_in_turn(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pasted_on_a_new_game(pilot, "Ann, Bo, Cy", "4\n9\n")
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 4, "Bo": 9, "Cy": None}


async def test_a_column_pasted_over_a_full_round_does_not_spill_into_the_next(make_app):
    # a round's corrected scores, pasted on its first cell, changed Ann's and scored Ann
    # and Bo in round 2, which nobody had played
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pasted_on_a_new_game(pilot, "Ann, Bo, Cy", "12\n7\n30\n")
        app.scorecard.move_to(0, "Ann")
        await paste(pilot, "15\n8\n31\n")
        await settle(pilot, 10)
        assert points(app, 0) == {"Ann": 12, "Bo": 7, "Cy": 30}
        assert points(app, 1) == {"Ann": None, "Bo": None, "Cy": None}
        said = [n for n in notices(app) if n.startswith("Not pasted: Ann's score in round 1")]
        assert len(said) == 1 and "into round 2" in said[0], notices(app)


async def test_a_column_longer_than_the_game_has_cells_is_refused_whole(make_app):
    # the last lines were dropped without a word once the game was over
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # 10 rounds: 20 cells
        await pasted_on_a_new_game(pilot, "Ann, Bo", "\n".join(["3"] * 21))
        assert points(app, 0) == {"Ann": None, "Bo": None}
        assert "Not pasted: 21 scores, and the game has room for 20 from the selected cell " \
               "on." in notices(app)


async def test_a_column_pasted_in_a_row_fills_its_cells_from_there(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        row = await round_row(pilot)
        await paste(pilot, "5\nout\n7")
        assert [row.query_one(f"#cell-{seat}", Input).value for seat in range(3)] == [
            "5", "out", "7"]
        await pilot.press("enter")
        await settle(pilot, 4)
        assert points(app, 0) == {"Ann": 5, "Bo": 0, "Cy": 7}
        assert app.card.entry(0, "Bo").went_out


async def test_a_column_longer_than_the_row_is_refused(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        row = await round_row(pilot)
        await paste(pilot, "5\n6\n7")
        assert [row.query_one(f"#cell-{seat}", Input).value for seat in range(2)] == [
            "", ""]
        said = [n for n in notices(app) if "3 lines" in n]
        assert len(said) == 1 and "\n" not in said[0], notices(app)


async def test_tiles_pasted_over_several_lines_are_one_hand(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert screen.focused.id == "tile-text"
        await paste(pilot, "5-3\n6-6\n")
        assert screen.query_one("#tile-text", Input).value == "5-3 6-6"
