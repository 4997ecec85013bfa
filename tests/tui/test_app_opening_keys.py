"""Keys typed right behind the key that opens a screen (h, s, e, v, n, ? or F1) are taken
by that screen once it is up and focused, in order, as if typed there
(tui.keys_on_hold). "h down Enter" had moved the scorecard's cursor and opened a score
screen instead of the older game: the keys had gone to the screen under the new one."""

from __future__ import annotations

import pytest
from test_app_closing_keys import opened
from test_app_evening import SIZE, new_game
from test_app_keys_ahead import burst, first_round_after, points, settle

from tui.screens.new_game import NewGameScreen
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen
from tui.screens.stats import StatsScreen


async def two_games(pilot) -> None:
    """Ann 3 in an older game, a new one for the same table on the card."""
    await new_game(pilot, "Ann, Bo")
    await pilot.press("3", "enter")
    await pilot.pause()
    await pilot.press("N", "y")
    await pilot.pause()
    assert points(pilot.app, 0) == {"Ann": None, "Bo": None}


async def test_keys_behind_h_choose_in_history(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await two_games(pilot)
        burst(app, ["h", "down", "enter", "6", "enter"])  # the older game, Bo's score
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 3, "Bo": 6}


@pytest.mark.parametrize(("opening", "closing"), [
    ("question_mark", "escape"), ("f1", "q"), ("h", "escape"), ("s", "s"),
    ("e", "escape"), ("v", "escape"),
])
async def test_a_screen_opened_and_closed_in_one_burst_then_a_score(
        make_app, opening, closing):
    # the closing key had been taken by the scorecard, the screen stayed up over it
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        scored = await first_round_after(pilot, [opening, closing, "down", "5", "enter"])
        assert scored == {"Ann": None, "Bo": 5, "Cy": None}


async def test_keys_behind_n_go_into_the_new_game_form(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        burst(app, ["n", *"Cy, Di", "enter", "4", "enter"])  # typed over the names
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert app.card.players == ("Cy", "Di")
        assert points(app, 0) == {"Cy": 4, "Di": None}


async def test_help_opened_over_a_score_screen_then_closed_gives_the_digits_to_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await opened(pilot, "enter", ScoreEntryScreen)
        scored = await first_round_after(pilot, ["f1", "escape", "1", "2", "enter"])
        assert scored == {"Ann": 12, "Bo": None}


async def test_keys_behind_an_opening_key_that_opens_nothing_go_on_at_once(
        make_app, monkeypatch):
    # History cannot be read: a notice, no screen; the keys behind are the scorecard's,
    # taken without waiting out the time limit
    from tui import keys_on_hold
    from tui.store import StoreError

    def unreadable():
        raise StoreError("the games cannot be read")

    monkeypatch.setattr(keys_on_hold, "HOLD_AT_MOST_S", 30.0)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        monkeypatch.setattr(app.store, "games", unreadable)
        scored = await first_round_after(pilot, ["h", "down", "7", "enter"])
        assert scored == {"Ann": None, "Bo": 7}


async def test_a_screen_closed_and_opened_again_in_one_burst(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await opened(pilot, "s", StatsScreen)
        burst(app, ["s", "s", "escape", "7", "enter"])  # closes, opens, closes again
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 7, "Bo": None}


async def test_opening_keys_typed_before_the_opened_screen_is_up_stay_ordered(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        burst(app, ["e", "escape", "question_mark", "escape", "n"])
        await settle(pilot, 10)
        assert isinstance(app.screen, NewGameScreen), app.screen
        assert [type(s) for s in app.screen_stack[-2:]] == [ScorecardScreen, NewGameScreen]


async def test_score_keys_still_open_their_screens_at_once(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        burst(app, ["r", "2", "tab", "3", "enter", "enter", "4", "enter"])
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 2, "Bo": 3}
        assert points(app, 1) == {"Ann": 4, "Bo": None}

