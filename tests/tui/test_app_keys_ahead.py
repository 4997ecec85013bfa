"""Scores typed faster than their screens open: keys past an Enter are for the next
cell (tui.keys_ahead). "14 Enter 7 Enter" in one burst gave Ann 147 and Bo nothing."""

from __future__ import annotations

from test_app_evening import SIZE, new_game
from textual import events

from tui.screens.scorecard import ScorecardScreen

CHARACTERS = {"enter": "\r", "tab": "\t"}


def burst(app, keys) -> None:
    """Keys as a terminal delivers them typed fast: all sent before any is taken."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else CHARACTERS.get(key)))


def points(app, round_index: int) -> dict[str, int | None]:
    return {p: None if (e := app.card.entry(round_index, p)) is None else e.points
            for p in app.card.players}


async def settle(pilot, times: int = 6) -> None:
    for _ in range(times):
        await pilot.pause(0.05)


async def test_scores_typed_in_one_burst_go_each_to_its_own_cell(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        burst(app, ["1", "4", "enter", "7", "enter", "2", "0", "enter"])
        await settle(pilot)
        assert isinstance(app.screen, ScorecardScreen)
        assert points(app, 0) == {"Ann": 14, "Bo": 7, "Cy": 20}


async def test_rows_typed_in_one_burst_each_go_to_their_round(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        burst(app, ["r", "5", "tab", "6", "tab", "7", "enter", "3", "enter"])
        await settle(pilot)
        assert points(app, 0) == {"Ann": 5, "Bo": 6, "Cy": 7}
        # the 3 after the row's Enter starts the next cell, not a change to the row saved
        assert points(app, 1) == {"Ann": 3, "Bo": None, "Cy": None}


async def test_keys_past_a_refused_score_are_let_go(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        burst(app, ["1", "x", "enter", "7", "enter"])
        await settle(pilot)
        # "1x" is refused and stays on screen to be put right; the 7 is not added to it
        assert points(app, 0) == {"Ann": None, "Bo": None}
        assert app.screen.query_one("#points").value == "1x"
