"""What a typed score may be: digits only, whole points, no more than one hand can hold;
and an empty hand is only 'went out' when someone says so."""

from __future__ import annotations

import pytest
from test_app_evening import SIZE, new_game, round_row
from textual import events

from scorer.rules import RuleSet
from scorer.scorecard import Entry
from scorer.scoring import most_round_points
from tui.screens.points import typed_points
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen


def test_the_most_a_round_can_cost_is_the_whole_set_in_one_hand():
    assert most_round_points(RuleSet()) == 495 + 50  # double-9: all pips, 0-0 counts 50
    assert most_round_points(RuleSet(set_max=12, going_out_on_double_penalty=50)) == 1092 + 50 + 50


@pytest.mark.parametrize(("text", "problem"), [
    ("", "type the points"),
    ("12.5", "whole points only: '12.5'"),
    ("12,5", "whole points only"),
    ("-3", "cannot be negative"),
    ("12a", "'12a' is not a number: type the digits 0-9 only"),
    ("abc", "is not a number"),
    ("\u0661\u0662", "type the digits 0-9 only"),  # Arabic-Indic 12
    ("546", "at most 545 points in one round"),
    ("9" * 4300, "at most 545 points"),
    ("x" * 5000, "'xxxxxxxxxxxx...' is not a number"),
])
def test_a_typed_score_that_is_not_one_says_why(text, problem):
    with pytest.raises(ValueError) as caught:
        typed_points(text, RuleSet())
    assert problem in str(caught.value)


def test_the_bound_with_the_going_out_penalty_counts_the_set_and_the_penalty_apart():
    # "a whole double-9 set left in one hand counts 595": the set counts 545
    with pytest.raises(ValueError) as caught:
        typed_points("99999", RuleSet(going_out_on_double_penalty=50))
    assert str(caught.value) == ("at most 595 points in one round: a whole double-9 set "
                                 "left in one hand counts 545, plus 50 for going out on a "
                                 "double")


def test_a_typed_score_within_the_bound_is_taken():
    assert typed_points(" 0 ", RuleSet()) == 0
    assert typed_points("545", RuleSet()) == 545
    assert typed_points("007", RuleSet()) == 7
    assert typed_points("0010", RuleSet()) == 10  # zeros in front are no more points
    assert typed_points("0" * 5000 + "545", RuleSet()) == 545


async def entry_screen(pilot, key: str) -> ScoreEntryScreen:
    await pilot.press(key)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ScoreEntryScreen)
    return screen


async def test_decimals_letters_and_huge_scores_are_refused_in_words(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await pilot.press(*"12.5")  # typed on the scorecard: the entry opens on the 1
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreEntryScreen)
        points = screen.query_one("#points")
        assert points.value == "12.5"  # nothing swallowed
        problem = screen.query_one("#points-problem")
        assert problem.display and "whole points only" in str(problem.render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and app.card.entry(0, "Ann") is None
        assert any("whole points only" in n.message for n in app._notifications)
        points.value = "1x"
        await pilot.pause()
        assert "is not a number" in str(problem.render())
        points.value = ""
        await pilot.pause()
        points.post_message(events.Paste("9" * 4300))  # pasted: the app died on these
        await pilot.pause()
        assert points.value == "9" * 4300
        assert "at most 545 points" in str(problem.render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and app.card.entry(0, "Ann") is None
        points.value = "545"
        await pilot.pause()
        assert not problem.display
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.entry(0, "Ann").points == 545


async def test_an_empty_tiles_tab_is_not_going_out_until_said(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        screen = await entry_screen(pilot, "p")
        assert screen.mode == "tiles"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and app.card.entry(0, "Ann") is None
        assert any("no tiles picked" in n.message and "Ctrl+O" in n.message
                   for n in app._notifications)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.entry(0, "Ann").went_out


async def test_points_typed_over_a_hand_that_went_out_are_what_is_saved(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        screen = await entry_screen(pilot, "p")
        await pilot.press("ctrl+o")  # Ann went out
        await pilot.pause()
        assert app.card.entry(0, "Ann").went_out
        await pilot.press("up")  # back to Ann's cell
        screen = await entry_screen(pilot, "enter")  # opened again, box ticked
        assert screen.player == "Ann"
        await pilot.press("f2")
        await pilot.pause()
        assert screen.query_one("#went-out").value
        screen.query_one("#points").focus()
        await pilot.press("1", "2")
        await pilot.pause()
        assert not screen.query_one("#went-out").value  # 12 points is not going out
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        entry = app.card.entry(0, "Ann")
        assert entry.points == 12 and not entry.went_out
        await pilot.press("up")
        screen = await entry_screen(pilot, "enter")
        await pilot.press("f2")
        await pilot.pause()
        screen.query_one("#went-out").value = True  # ticked: the points follow
        await pilot.pause()
        assert screen.query_one("#points").value == "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.card.entry(0, "Ann").went_out


async def test_a_second_player_out_or_a_tile_in_two_hands_is_said_before_saving(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        row = await round_row(pilot)
        for seat, text in enumerate(("out", "out", "7")):
            row.query_one(f"#cell-{seat}").value = text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is row  # still there, as typed
        assert any("Ann and Bo cannot both go out in round 1" in n.message
                   for n in app._notifications)
        row.query_one("#cell-1").value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.entry(0, "Ann").went_out and app.card.entry(0, "Bo").points == 12
        # the row typed again with Bo out instead of Ann: taken as one change
        app.scorecard.move_to(0, "Ann")
        row = await round_row(pilot)
        row.query_one("#cell-0").value = "9"
        row.query_one("#cell-1").value = "out"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.entry(0, "Bo").went_out and app.card.entry(0, "Ann").points == 9
        # round 2 opens on 8-8: a hand of tiles holding it is refused on the entry screen
        app.scorecard.move_to(1, "Ann")
        screen = await entry_screen(pilot, "p")
        screen.query_one("#tile-text").value = "8-8 5-3"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and app.card.entry(1, "Ann") is None
        assert any("8-8 opened round 2: it lies in the centre" in n.message
                   for n in app._notifications)


async def test_after_an_undo_what_is_typed_goes_to_the_cell_undone(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await pilot.press("7", "enter")  # Ann 7; the cursor moves on to Bo
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 7
        await pilot.press("u")
        await pilot.pause()
        assert app.card.entry(0, "Ann") is None
        await pilot.press("9", "enter")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 9 and app.card.entry(0, "Bo") is None


async def test_going_out_on_a_double_scores_the_house_penalty(make_app):
    app = make_app(rules=RuleSet(going_out_on_double_penalty=50))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        screen = await entry_screen(pilot, "p")
        await pilot.press("f2")
        await pilot.pause()
        screen.query_one("#out-on-double").value = True
        await pilot.pause()
        assert screen.query_one("#went-out").value and screen.query_one("#points").value == "50"
        await pilot.press("ctrl+s")
        await pilot.pause()
        entry = app.card.entry(0, "Ann")
        assert entry.went_out and entry.points == 50
        table = app.screen.query_one("#card-table")
        assert "out+50" in str(table.get_row("Ann"))
        app.scorecard.move_to(1, "Ann")
        row = await round_row(pilot)
        row.query_one("#cell-0").value = "9"
        row.query_one("#cell-1").value = "out+50"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.card.entry(1, "Bo").went_out and app.card.entry(1, "Bo").points == 50


async def test_the_round_row_names_this_games_penalty_for_out_on_a_double(make_app):
    # "out+25" was refused as "not a number: type the digits 0-9 only", and nothing in
    # the row said that out+50 is how going out on a double is typed
    app = make_app(rules=RuleSet(going_out_on_double_penalty=50))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        row = await round_row(pilot)
        assert "out+50: went out on a double" in str(row.query_one("#row-help").render())
        row.query_one("#cell-0").value = "out+25"
        await pilot.pause()
        problems = str(row.query_one("#row-problems").render())
        assert problems == ("Ann: going out on a double scores 50 in this game: type "
                            "out+50")
        row.query_one("#cell-0").value = "Out + 50"
        row.query_one("#cell-1").value = "7"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.card.entry(0, "Ann") == Entry(50, went_out=True)


async def test_the_round_row_says_a_game_without_the_penalty_has_none(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        row = await round_row(pilot)
        assert "out+" not in str(row.query_one("#row-help").render())
        row.query_one("#cell-1").value = "out+50"
        await pilot.pause()
        assert str(row.query_one("#row-problems").render()) == (
            "Bo: this game has no penalty for going out on a double: type out (scores 0)")


async def test_the_entry_title_says_a_player_went_out_on_a_double(make_app):
    # it said "now 50 (typed)", as if 50 points had been typed
    app = make_app(rules=RuleSet(going_out_on_double_penalty=50))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        app.record(0, "Ann", Entry(50, went_out=True))
        app.record(0, "Bo", Entry(9))
        await pilot.pause()
        app.scorecard.move_to(0, "Ann")
        screen = await entry_screen(pilot, "enter")
        title = str(screen.query_one("#entry-title").render())
        assert title.endswith("now went out on a double (scores 50)"), title
        await pilot.press("escape")
        await pilot.pause()
        app.scorecard.move_to(0, "Bo")
        screen = await entry_screen(pilot, "enter")
        assert str(screen.query_one("#entry-title").render()).endswith("now 9 (typed)")
