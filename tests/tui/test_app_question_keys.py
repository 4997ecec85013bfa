"""Keys typed at a question (resume or new game, delete a round, quit unsaved) and right
after it: an answer closes it at once, and every key behind the answer goes to the screen
under it, as typed there. Typed in one burst, "r 5 Enter 7 Enter" at the resume question
lost both scores: the keys after r were looked up on the scorecard only after the
question had closed, where a digit does nothing (tui.screens.question)."""

from __future__ import annotations

from test_app_evening import SIZE, new_game
from test_app_keys_ahead import burst, points, settle

from tui.screens.confirm import ConfirmScreen, ResumeScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.scorecard import ScorecardScreen


async def saved_game(make_app, scores: tuple[str, ...] = ()) -> None:
    """A game of Ann, Bo and Cy left unfinished in the database, ``scores`` typed."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        for score in scores:
            await pilot.press(*score, "enter")
            await pilot.pause()


async def test_scores_typed_right_after_resuming_are_recorded(make_app):
    await saved_game(make_app)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        burst(app, ["r", "5", "enter", "7", "enter"])
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen)
        assert points(app, 0) == {"Ann": 5, "Bo": 7, "Cy": None}


async def test_a_score_typed_right_after_resuming_goes_to_the_next_open_cell(make_app):
    await saved_game(make_app, ("12",))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, ["enter", "7", "enter"])  # Enter on the focused Resume button
        await settle(pilot, 10)
        assert points(app, 0) == {"Ann": 12, "Bo": 7, "Cy": None}


async def test_keys_that_answer_nothing_are_ignored_while_the_question_is_open(make_app):
    await saved_game(make_app)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # x (export on the scorecard) and 9 were typed at the question: neither acts
        burst(app, ["x", "9", "r", "4", "enter"])
        await settle(pilot, 10)
        assert points(app, 0) == {"Ann": 4, "Bo": None, "Cy": None}
        assert not any("exported" in n.title for n in app._notifications)


async def test_tab_then_enter_answers_with_the_button_tab_moved_to(make_app):
    await saved_game(make_app)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, ["tab", "enter"])  # Resume, then New game
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_a_score_typed_right_after_saying_no_is_recorded(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await pilot.press("3", "enter", "4", "enter")
        await pilot.pause()
        app.scorecard.move_to(0, "Ann")
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        burst(app, ["n", "6", "enter"])  # keep the round; 6 is Ann's score put right
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen)
        assert points(app, 0) == {"Ann": 6, "Bo": 4}


async def test_a_key_typed_before_a_question_opened_still_answers_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await pilot.press("3", "enter", "4", "enter")
        await pilot.pause()
        app.scorecard.move_to(0, "Ann")
        burst(app, ["d", "y"])  # delete round 1, yes: as typed, in one burst
        await settle(pilot)
        assert isinstance(app.screen, ScorecardScreen)
        assert points(app, 0) == {"Ann": None, "Bo": None}


async def test_a_score_typed_right_after_a_rematch_goes_to_the_first_round(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        for score in ("3", "4", "5", "6"):
            await pilot.press(*score, "enter")
            await pilot.pause()
        assert app.scorecard.selected() == (2, "Ann")
        await pilot.press("N")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # the game is not over
        burst(app, ["y", "8", "enter"])
        await settle(pilot, 10)
        assert points(app, 0) == {"Ann": 8, "Bo": None}
        assert not app.card.round_started(2)
