"""The command palette (Ctrl+P) over a score being typed: the scorecard's commands (new
game, history, undo...) are the scorecard's, and a score screen saves on the game it was
opened on, or not at all."""

from __future__ import annotations

from test_app_evening import SIZE, new_game
from test_app_saving import messages
from textual.widgets import Input

from tui.screens.new_game import NewGameScreen
from tui.screens.round_row import RoundRowScreen
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen


def offered(app) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def test_the_palette_over_a_score_offers_no_new_game(make_app):
    # Ctrl+P, "new game" over Ann's 12 opened the form; starting a game under it, the
    # 12 went to the new game, or with other names ended in a traceback
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        game = app.game_id
        await pilot.press("1", "2")
        await pilot.pause()
        assert isinstance(app.screen, ScoreEntryScreen)
        assert "New game" not in offered(app) and "Undo" not in offered(app)
        assert "Help" in offered(app)
        await pilot.press("ctrl+p", *"new game")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert not any(isinstance(s, NewGameScreen) for s in app.screen_stack)
        if not isinstance(app.screen, ScoreEntryScreen):
            await pilot.press("escape")
            await pilot.pause()
        assert isinstance(app.screen, ScoreEntryScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.game_id == game and app.card.entry(0, "Ann").points == 12
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RoundRowScreen)
        assert "History" not in offered(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "New game" in offered(app)  # on the scorecard, every command


async def test_a_score_screen_left_open_over_another_game_records_nothing(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        first = app.game_id
        await pilot.press("1", "2")
        await pilot.pause()
        app.action_new_game()  # another game, whatever the way, under the open score
        await pilot.pause()
        app.screen.query_one("#players", Input).value = "Cy, Di"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreEntryScreen) and app.game_id != first
        await pilot.press("ctrl+s")  # Ann's 12, of the first game
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.players == ("Cy", "Di") and app.card.round_started(0) is False
        assert "Not recorded: another game was opened while Ann's score" in messages(app)
        await pilot.press("r", "5")
        await pilot.pause()
        app.action_new_game()
        await pilot.pause()
        await pilot.press("enter")  # the same table again, a new game
        await pilot.pause()
        await pilot.press("enter")  # the row's 5, of the game before
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.round_started(0) is False
        assert "while round 1 was being typed" in messages(app)
