"""A finished game, a game set aside and a change another window beat: nothing is changed
or said to be changed unless it was."""

from __future__ import annotations

from tui.screens.confirm import ConfirmScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.scorecard import ScorecardScreen

SIZE = (120, 40)


def said(app) -> list[str]:
    return [n.message for n in app._notifications]


async def start(pilot, players: str) -> None:
    pilot.app.screen.query_one("#players").value = players
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScorecardScreen)


async def play_to_the_end(pilot) -> None:
    """Ann goes out every round; Bo scores 3, 4, ... 12."""
    for r in range(10):
        await pilot.press("o")
        await pilot.pause()
        await pilot.press(*str(r + 3), "enter")
        await pilot.pause()
    assert pilot.app.card.is_finished


async def test_a_score_typed_on_a_finished_game_is_asked_about_first(make_app):
    # "7 Enter" typed for the next game on the finished card replaced Bo's final 12
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "Ann, Bo")
        await play_to_the_end(pilot)
        final = app.card
        await pilot.press("7")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "The game is over. Change Bo's score in round 10" in app.screen.question
        await pilot.press("enter")  # "Keep it" has the focus: the Enter typed behind the 7
        await pilot.pause()
        assert app.card == final and isinstance(app.screen, ScorecardScreen)
        assert any(m.startswith("Nothing changed: the game is over") for m in said(app))
        await pilot.press("backspace")  # clearing a final score is asked about too
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Clear Bo's score" in (
            app.screen.question)
        await pilot.press("y")
        await pilot.pause()
        assert app.card.entry(9, "Bo") is None


async def test_a_cell_moved_to_on_a_finished_game_is_changed_as_typed(make_app):
    # a correction after the game: the player chose the cell, nothing is asked
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "Ann, Bo")
        await play_to_the_end(pilot)
        app.scorecard.move_to(0, "Bo")
        await pilot.press("9", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and app.card.entry(0, "Bo").points == 9


async def test_n_on_a_game_not_over_asks_before_setting_it_aside(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "Ann, Bo")
        await pilot.press("5", "enter")
        await pilot.pause()
        card = app.card
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("This game is not over")
        await pilot.press("escape")
        await pilot.pause()
        assert app.card == card and isinstance(app.screen, ScorecardScreen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_backspace_on_a_cell_with_no_score_says_so(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "Ann, Bo")
        await pilot.press("backspace")
        await pilot.pause()
        assert "Ann has no score in round 1 to clear." in said(app)


async def test_a_delete_another_window_beat_is_not_said_done(make_app):
    # "Round 9-9 deleted. u undoes it." after the delete was dropped: u then undid the
    # other window's score
    a = make_app()
    async with a.run_test(size=SIZE) as pa:
        await start(pa, "Ann, Bo, Cy")
        await pa.press("5", "enter", "6", "enter")
        await pa.pause()
        b = make_app()
        async with b.run_test(size=SIZE) as pb:
            await pb.pause()
            await pb.press("r")
            await pb.pause()
            a.scorecard.move_to(0, "Ann")
            await pa.press("d")
            await pa.pause()
            await pb.press("9", "enter")  # Cy 9 in round 1, saved first
            await pb.pause()
            await pa.press("y")
            await pa.pause()
            assert a.card.entry(0, "Cy") is not None  # not deleted
            assert not any("deleted. u undoes it" in m for m in said(a))
