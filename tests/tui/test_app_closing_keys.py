"""Keys typed right behind the key that closes a screen (Escape or q on the help, a list
or a form; Escape on a score screen or a photo's review) reach the screen under it, in
order, as if typed once it had closed (tui.closing_keys). "? Escape 5 Enter" had lost
the 5, or given it to the help: Textual looks a key's binding up when the key comes back
to the app, on whatever screen is on top by then."""

from __future__ import annotations

import pytest
from test_app_evening import SIZE, new_game
from test_app_keys_ahead import burst, first_round_after, points, settle

from tui.screens.changes import ChangesScreen
from tui.screens.dispute import DisputeScreen
from tui.screens.help import HelpScreen
from tui.screens.history import HistoryScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.round_row import RoundRowScreen
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen
from tui.screens.stats import StatsScreen


async def opened(pilot, key: str, screen_type) -> None:
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(pilot.app.screen, screen_type), pilot.app.screen


@pytest.mark.parametrize(("opening", "screen_type", "closing"), [
    ("question_mark", HelpScreen, "escape"),
    ("question_mark", HelpScreen, "q"),
    ("question_mark", HelpScreen, "question_mark"),
    ("h", HistoryScreen, "escape"),
    ("h", HistoryScreen, "q"),
    ("s", StatsScreen, "escape"),
    ("s", StatsScreen, "s"),
    ("e", ChangesScreen, "e"),
    ("v", DisputeScreen, "escape"),
    ("n", NewGameScreen, "escape"),
    ("enter", ScoreEntryScreen, "escape"),
    ("r", RoundRowScreen, "escape"),
])
async def test_a_score_typed_right_after_closing_a_screen_is_recorded(
        make_app, opening, screen_type, closing):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        await opened(pilot, opening, screen_type)
        scored = await first_round_after(pilot, [closing, "5", "enter", "7", "enter"])
        assert scored == {"Ann": 5, "Bo": 7, "Cy": None}


async def test_a_cursor_key_behind_the_closing_key_moves_the_scorecard(make_app):
    # the arrow was taken by the help's scroll; the score then went to Ann
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        await opened(pilot, "question_mark", HelpScreen)
        burst(app, ["escape", "down", "down", "4", "enter"])
        await settle(pilot, 10)
        assert points(app, 0) == {"Ann": None, "Bo": None, "Cy": 4}


async def test_keys_typed_before_the_closing_key_stay_with_its_screen(make_app):
    # the score screen's 3 is its own; Escape drops it; the 8 behind is Ann's new score
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await opened(pilot, "enter", ScoreEntryScreen)
        scored = await first_round_after(pilot, ["3", "escape", "8", "enter"])
        assert scored == {"Ann": 8, "Bo": None}


async def test_help_over_a_score_screen_closes_and_the_digits_go_into_its_field(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await opened(pilot, "enter", ScoreEntryScreen)
        await opened(pilot, "f1", HelpScreen)
        scored = await first_round_after(pilot, ["escape", "1", "2", "enter"])
        assert scored == {"Ann": 12, "Bo": None}


async def test_two_screens_closed_in_one_burst_then_a_score(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await opened(pilot, "enter", ScoreEntryScreen)
        await opened(pilot, "f1", HelpScreen)
        scored = await first_round_after(pilot, ["escape", "escape", "down", "6", "enter"])
        assert scored == {"Ann": None, "Bo": 6}


async def test_escape_on_a_photo_review_then_a_typed_score(make_app, photo):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await opened(pilot, "c", ScoreEntryScreen)
        screen = app.screen
        await pilot.press(*str(photo), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.read and screen.focused is screen.query_one("#review")
        scored = await first_round_after(pilot, ["escape", "9", "enter"])
        assert scored == {"Ann": 9, "Bo": None}


async def test_keys_behind_an_escape_that_asks_first_answer_the_question(make_app, photo):
    # a tile checked on the review: Escape asks before dropping it; "y" behind it leaves
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await opened(pilot, "c", ScoreEntryScreen)
        screen = app.screen
        await pilot.press(*str(photo), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")  # the doubtful tile confirmed
        await pilot.pause()
        scored = await first_round_after(pilot, ["escape", "y", "9", "enter"])
        assert scored == {"Ann": 9, "Bo": None}


async def test_a_score_typed_right_after_starting_a_game_goes_to_its_first_cell(make_app):
    # the 5 went into Bo's name, and the second Enter closed the scorecard itself
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, [*"Ann, Bo", "enter", "5", "enter"])
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert app.card.players == ("Ann", "Bo")
        assert points(app, 0) == {"Ann": 5, "Bo": None}


async def test_a_score_typed_right_after_opening_a_game_from_history_is_recorded(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await pilot.press("3", "enter")
        await pilot.pause()
        await pilot.press("N", "y")  # a new game, same table: the first one is older
        await pilot.pause()
        assert points(app, 0) == {"Ann": None, "Bo": None}
        await opened(pilot, "h", HistoryScreen)
        burst(app, ["down", "enter", "6", "enter"])  # the older game, then Bo's score
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 3, "Bo": 6}


async def test_keys_behind_a_closing_key_that_never_comes_back_go_on_in_time(
        make_app, monkeypatch):
    # a widget that takes the closing key itself stops it: nothing says it was acted on
    from textual import events

    from tui import keys_on_hold

    monkeypatch.setattr(keys_on_hold, "HOLD_AT_MOST_S", 0.2)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        app.keys_on_hold.behind(events.Key("escape", None), app.screen)
        burst(app, ["5", "enter"])
        await settle(pilot, 2)
        assert points(app, 0) == {"Ann": None, "Bo": None}  # held
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen)
        assert points(app, 0) == {"Ann": 5, "Bo": None}
