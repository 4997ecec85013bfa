"""What a player types is shown as typed: brackets in a name, a score or a path are text,
never markup (a player named "[/]" ended the app, on every start after)."""

from __future__ import annotations

from test_app_evening import SIZE
from textual.widgets import Input

from tui.screens.confirm import ResumeScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.round_row import RoundRowScreen
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen

NAMES = ("[/]", "[b]Bo", "Cy [i]")


async def start(pilot, names) -> None:
    assert isinstance(pilot.app.screen, NewGameScreen)
    pilot.app.screen.query_one("#players", Input).value = ", ".join(names)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScorecardScreen)


async def test_brackets_in_names_scores_and_paths_are_text(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await start(pilot, NAMES)
        assert app.card.players == NAMES
        picture = app.export_screenshot()
        assert "[/]" in picture and "[b]Bo" in picture
        await pilot.press("enter")  # the first player's entry: its title names "[/]"
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreEntryScreen)
        screen.query_one("#points", Input).value = "[/]"
        await pilot.pause()
        assert "'[/]' is not a number" in str(screen.query_one("#points-problem").render())
        await pilot.press("enter")
        await pilot.pause()
        assert any("[/]" in n.message for n in app._notifications)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        await pilot.press("r")  # the whole round in one row
        await pilot.pause()
        row = app.screen
        assert isinstance(row, RoundRowScreen)
        row.query_one("#cell-0", Input).value = "[/]"
        await pilot.pause()
        assert "[/]" in str(row.query_one("#row-problems").render())
        row.query_one("#cell-0", Input).value = "7"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.card.entry(0, "[/]").points == 7


async def test_a_saved_game_of_bracketed_names_opens_again(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await start(pilot, NAMES)
        await pilot.press("5", "enter")
        await pilot.pause()
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ResumeScreen)
        assert "[/]" in again.export_screenshot()
        await pilot.press("r")
        await pilot.pause()
        assert again.card.players == NAMES


async def test_ctrl_c_says_how_to_quit_in_plain_words(make_app):
    # the hint read "Press [b]ctrl+q[/b] to quit the app": Textual's markup, shown plain
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert "Press ctrl+q to quit the app" in said, said
        assert app.is_running
