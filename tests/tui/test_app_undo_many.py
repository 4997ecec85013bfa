"""Undone changes are dropped by the next new change: held down, u undid a whole evening
in a second and the next score typed dropped it for good. From three changes undone, a
new change is asked about first."""

from __future__ import annotations

from test_app_evening import SIZE, new_game, type_score

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
