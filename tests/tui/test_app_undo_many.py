"""Undone changes are dropped by the next new change: held down, u undid a whole evening
in a second and the next score typed dropped it for good. From three changes undone, a
new change is asked about first."""

from __future__ import annotations

from test_app_evening import SIZE, new_game, type_score
from test_app_keys_ahead import burst, points, settle

from tui.screens.confirm import ConfirmScreen
from tui.screens.scorecard import ScorecardScreen
from tui.store import Store


async def test_a_new_change_after_many_undos_asks_first(make_app, db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        for points in (5, 6, 7, 8):
            await type_score(pilot, points)
        await pilot.press(*"uuuu")
        await pilot.pause()
        assert app.card.entry(0, "Ann") is None
        await pilot.press("9")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "4 changes undone" in str(app.screen.question)
        await pilot.press("n")  # keep them: nothing is changed, U brings them back
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        await pilot.press(*"UU")
        await pilot.pause()
        assert app.card.entry(0, "Bo").points == 6
        assert len(Store(db_path).changes(app.game_id)) == 5  # new game and four scores


async def test_a_mistake_undone_and_typed_again_is_not_asked_about(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 5)
        await type_score(pilot, 66)
        await pilot.press("u")
        await pilot.pause()
        await type_score(pilot, 6)  # no question: one undone, typed again
        assert app.card.entry(0, "Bo").points == 6


async def test_saying_yes_makes_the_new_change(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        for points in (5, 6, 7):
            await type_score(pilot, points)
        await pilot.press(*"uuu")
        await pilot.pause()
        await pilot.press("o")  # Ann went out: a new change
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.card.entry(0, "Ann").went_out and not app.store.can_redo(app.game_id)


async def thirty_changes_undone(pilot, in_one_burst_with=()) -> None:
    """A game of Ann, Bo and Cy with 30 scores, every one undone with u (key repeat),
    then ``in_one_burst_with`` typed straight behind the u's."""
    from scorer.scorecard import Entry

    app = pilot.app
    await pilot.pause()
    await new_game(pilot, "Ann, Bo, Cy")
    for round_index in range(10):
        for player in ("Ann", "Bo", "Cy"):
            app.record(round_index, player, Entry(5))
    await pilot.pause()
    burst(app, ["u"] * 30 + list(in_one_burst_with))
    await settle(pilot, 10)


def questions(app) -> int:
    return sum(isinstance(screen, ConfirmScreen) for screen in app.screen_stack)


async def test_a_score_typed_after_many_undos_is_asked_about_once_and_kept(make_app):
    # "7 Enter" opened the question twice (the Enter opened a second score), and the 7
    # was gone whatever the answer
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await thirty_changes_undone(pilot)
        assert app.store.redo_count(app.game_id) == 30
        burst(app, ["7", "enter"])
        await settle(pilot, 10)
        assert questions(app) == 1 and "30 changes undone" in app.screen.question
        await pilot.press("y")
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 7, "Bo": None, "Cy": None}
        assert not app.store.can_redo(app.game_id)


async def test_a_score_typed_after_many_undos_is_dropped_when_they_are_kept(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await thirty_changes_undone(pilot)
        burst(app, ["7", "enter"])
        await settle(pilot, 10)
        await pilot.press("n")
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": None, "Bo": None, "Cy": None}
        assert app.store.redo_count(app.game_id) == 30


async def test_a_score_typed_in_the_same_burst_as_the_undos_is_asked_about_once(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await thirty_changes_undone(pilot, in_one_burst_with=("7", "enter"))
        assert questions(app) == 1 and "30 changes undone" in app.screen.question
        await pilot.press("y")
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen), app.screen
        assert points(app, 0) == {"Ann": 7, "Bo": None, "Cy": None}
