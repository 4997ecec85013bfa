"""Ctrl+S (or Ctrl+O) typed straight after the last keys takes them too: a priority
binding reaches the app before the keys that still wait in the focused field's queue."""

from __future__ import annotations

from test_app_evening import SIZE, new_game, round_row
from test_app_keys_ahead import burst
from test_app_score_input import entry_screen

from scorer.scorecard import Method
from tui.screens.scorecard import ScorecardScreen


async def test_ctrl_s_right_after_typing_tiles_saves_what_was_typed(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        screen = await entry_screen(pilot, "p")
        await pilot.press(*"65")
        await pilot.pause()
        burst(app, ["space", "0", "0", "ctrl+s"])
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and not screen.is_attached
        entry = app.card.entry(0, "Ann")
        assert entry.method is Method.TILES and [str(t) for t in entry.tiles] == ["5-6", "0-0"]
        assert entry.points == 11 + 50


async def test_ctrl_s_right_after_typing_in_the_round_row_saves_the_last_cell(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await round_row(pilot)
        await pilot.press("1", "tab")
        await pilot.pause()
        burst(app, ["2", "3", "ctrl+s", "ctrl+s"])  # the second finds the row closed
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert [app.card.entry(0, p).points for p in ("Ann", "Bo")] == [1, 23]


async def test_ctrl_o_right_after_typing_in_the_round_row_marks_that_cell_out(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await round_row(pilot)
        burst(app, ["1", "2", "ctrl+o"])  # 12 typed over, then Ann went out after all
        await pilot.pause()
        await pilot.press("3", "0", "ctrl+s")  # Bo's cell has the cursor now
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.entry(0, "Ann").went_out and app.card.entry(0, "Bo").points == 30


async def test_ctrl_s_right_after_the_names_starts_the_game_with_them(make_app):
    # names sent in one go and Ctrl+S behind them (a phone's keyboard, a paste in the
    # browser) said "needs at least 2 players" under three names
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # the new-game form, the app's first screen
        burst(app, [*"Ada, Ben, Cy", "ctrl+s"])
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert app.card.players == ("Ada", "Ben", "Cy")
