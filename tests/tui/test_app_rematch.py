"""N (new game, same table) held down or pressed on a game with no score yet."""

from __future__ import annotations

from test_app_evening import SIZE, new_game, type_score
from test_app_saving import messages


async def test_n_on_a_game_with_no_score_makes_no_empty_games(make_app):
    # each N on the fresh card started one more, every one left empty in History
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        game = app.game_id
        for _ in range(5):
            await pilot.press("N")
        await pilot.pause()
        assert app.game_id == game and len(app.store.games()) == 1
        assert "already a new game for Ann, Bo" in messages(app)
        await type_score(pilot, 12)
        await pilot.press("u")  # no score again: still the same game
        await pilot.pause()
        await pilot.press("N")
        await pilot.pause()
        assert app.game_id == game and len(app.store.games()) == 1
