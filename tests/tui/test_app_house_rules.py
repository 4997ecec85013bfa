"""House rules changed mid-game, as a table agrees to: H opens every rule as this game has
it; the change scores tile-scored hands again, is saved, and u takes it back. Rules the
game's scores cannot take keep the form open with the reason."""

from __future__ import annotations

from textual.widgets import Select

from scorer.rules import RuleSet
from tui.screens.house_rules import HouseRulesScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.scorecard import ScorecardScreen
from tui.store import Store

SIZE = (200, 50)


async def _a_game_with_a_picked_hand(app, pilot) -> None:
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    await pilot.press(*"Ann, Bo", "enter")
    await pilot.pause()
    await pilot.press("p")  # Ann, round 1: her tiles picked
    await pilot.pause()
    await pilot.press(*"0-0 3-4", "enter")
    await pilot.pause()
    await pilot.press(*"12", "enter")  # Bo: typed
    await pilot.pause()
    assert app.card.totals() == {"Ann": 57, "Bo": 12}
    assert isinstance(app.screen, ScorecardScreen), app.screen


async def test_the_double_blank_counted_25_from_now_on(make_app, db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _a_game_with_a_picked_hand(app, pilot)
        await pilot.press("H")
        await pilot.pause()
        assert isinstance(app.screen, HouseRulesScreen)
        app.screen.query_one("#knob-double_blank_value", Select).value = 25
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.rules == RuleSet(double_blank_value=25)
        assert app.card.totals() == {"Ann": 32, "Bo": 12}  # the typed 12 stays
        rules_text = str(app.screen.query_one("#rules-full").render())
        assert "Double-blank (0-0) counts: 25" in rules_text
        game_id = app.game_id
        other = Store(db_path)  # saved at once
        try:
            assert other.load(game_id).rules.double_blank_value == 25
        finally:
            other.close()
        await pilot.press("u")
        await pilot.pause()
        assert app.card.rules == RuleSet() and app.card.totals() == {"Ann": 57, "Bo": 12}


async def test_rules_the_scores_cannot_take_keep_the_form_open(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _a_game_with_a_picked_hand(app, pilot)
        await pilot.press("H")
        await pilot.pause()
        app.screen.query_one("#knob-set_max", Select).value = 6  # but Ann held 3-4: fine
        app.screen.query_one("#knob-double_blank_value", Select).value = 0
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.card.rules.set_max == 6 and app.card.totals() == {"Ann": 7, "Bo": 12}
        await pilot.press("u")
        await pilot.pause()
        assert app.card.rules == RuleSet()
        assert app.scorecard.selected() == (0, "Ann")  # the cell of the change undone
        await pilot.press("right")
        assert app.scorecard.selected() == (1, "Ann")
        await pilot.press("p")  # a hand past double-6 in round 2, then double-6 again
        await pilot.pause()
        await pilot.press(*"9-8", "enter")
        await pilot.pause()
        assert app.card.entry(1, "Ann").points == 17
        await pilot.press("H")
        await pilot.pause()
        app.screen.query_one("#knob-set_max", Select).value = 6
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HouseRulesScreen)
        assert ("Cannot change: Ann's hand in round 2 holds 8-9, which a double-6 set does "
                "not have") in str(app.screen.query_one("#new-game-error").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.card.rules == RuleSet()
