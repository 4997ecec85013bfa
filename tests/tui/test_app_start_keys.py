"""Keys typed while the app starts, before its first screen can take them, wait for that
screen (tui.keys_on_hold): a terminal hands over what was typed meanwhile at once, and
every key of it went to a screen not ready yet, lost. Posted before ``run_test``, the
keys here wait in the app's queue as a terminal's do; keys a pilot presses once
``run_test`` has started reach the first screen already (it waits for that screen)."""

from __future__ import annotations

from test_app_evening import SIZE
from test_app_keys_ahead import burst, points, settle
from test_app_question_keys import saved_game

from tui.screens.new_game import NewGameScreen
from tui.screens.scorecard import ScorecardScreen


async def test_players_and_a_score_typed_while_the_app_starts_are_kept(make_app):
    app = make_app()
    burst(app, [*"Ann, Bo", "enter", "5", "enter"])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert app.card.players == ("Ann", "Bo")
        assert points(app, 0) == {"Ann": 5, "Bo": None}


async def test_names_typed_while_the_app_starts_wait_in_the_form(make_app):
    app = make_app()
    burst(app, [*"Ann, Bo"])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#players").value == "Ann, Bo"


async def test_an_answer_and_a_score_typed_while_the_app_starts_are_kept(make_app):
    await saved_game(make_app, ("12",))
    app = make_app()
    burst(app, ["r", "7", "enter"])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 12, "Bo": 7, "Cy": None}
