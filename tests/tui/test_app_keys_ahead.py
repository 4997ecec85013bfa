"""Scores typed faster than their screens open: keys past an Enter are for the next
cell (tui.keys_ahead). "14 Enter 7 Enter" in one burst gave Ann 147 and Bo nothing."""

from __future__ import annotations

import pytest
from test_app_evening import SIZE, new_game
from textual import events

from tui.screens.scorecard import ScorecardScreen

CHARACTERS = {"enter": "\r", "tab": "\t", "space": " "}


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


async def first_round_after(pilot, keys, times: int = 10) -> dict[str, int | None]:
    """``keys`` typed in one burst and taken: the first round's points on the scorecard,
    which the app must be back on."""
    burst(pilot.app, keys)
    await settle(pilot, times)
    assert isinstance(pilot.app.screen, ScorecardScreen), pilot.app.screen
    return points(pilot.app, 0)


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


async def typed_at(app, keys, seconds_apart: float) -> None:
    """Keys typed one by one, ``seconds_apart`` between them, each while the app runs."""
    import asyncio

    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else CHARACTERS.get(key)))
        await asyncio.sleep(seconds_apart)


# Typed a key every 100 or 150 ms, a score's Enter reached its screen after the next
# digits had gone into its field ("5 Enter 1" saved 51), or was lost before the field had
# focus; 4 runs each: before, 1 of 4 and 2 of 4 right; now 4 of 4. At 5 to 60 ms a key
# scores still go astray (0, 0 and 2 of 4 right): not held here, known.
@pytest.mark.parametrize("seconds_apart", [0.1, 0.15])
async def test_scores_typed_a_key_a_tenth_of_a_second_go_each_to_its_cell(make_app,
                                                                          seconds_apart):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy, Di")
        await typed_at(app, [*"5", "enter", *"12", "enter", *"4", "enter", *"9", "enter",
                             *"6", "enter", *"13", "enter"], seconds_apart)
        await settle(pilot, 10)
        assert points(app, 0) == {"Ann": 5, "Bo": 12, "Cy": 4, "Di": 9}
        assert points(app, 1) == {"Ann": 6, "Bo": 13, "Cy": None, "Di": None}
        assert isinstance(app.screen, ScorecardScreen)


@pytest.mark.parametrize("seconds_apart", [0.1, 0.15])
async def test_rows_typed_a_key_a_tenth_of_a_second_go_to_their_rounds(make_app,
                                                                       seconds_apart):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        await typed_at(app, ["r", "5", "tab", "6", "tab", "7", "enter",
                             "r", "1", "tab", "2", "tab", "3", "enter"], seconds_apart)
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen)
        assert points(app, 0) == {"Ann": 5, "Bo": 6, "Cy": 7}
        assert points(app, 1) == {"Ann": 1, "Bo": 2, "Cy": 3}


async def test_arrows_typed_before_a_score_move_the_cursor_first(make_app):
    # the arrows' bindings were looked up once the 4 had opened Ann's score screen
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        # Cy's 4 moves the cursor on to Ann, the first cell left in the round
        burst(app, ["down", "down", "4", "enter", "down", "6", "enter"])
        await settle(pilot, 10)
        assert isinstance(app.screen, ScorecardScreen)
        assert points(app, 0) == {"Ann": None, "Bo": 6, "Cy": 4}
