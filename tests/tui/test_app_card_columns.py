"""The scorecard's columns fit their widest cell, a name or a score, in terminal cells,
whenever the rows change: nothing is clipped to the header's width."""

from __future__ import annotations

from test_app_evening import SIZE, new_game, type_score
from test_app_score_input import entry_screen

from scorer.rules import RuleSet

LONG_NAME = "Annabelle Longname"
EMOJI_NAME = "Zoë🐔🐔"  # each hen is two cells wide: cut in one, it garbles


def shown_rows(app) -> list[str]:
    """The scorecard's rows as the table draws them (line 0 is the header)."""
    table = app.scorecard.query_one("#card-table")
    return [table.render_line(y).text for y in range(1, 1 + table.row_count)]


async def test_columns_fit_names_and_out_on_a_double_after_the_entry_screen(make_app):
    app = make_app(rules=RuleSet(going_out_on_double_penalty=50))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, f"{LONG_NAME}, {EMOJI_NAME}")
        screen = await entry_screen(pilot, "p")
        await pilot.press("f2")
        await pilot.pause()
        screen.query_one("#out-on-double").value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await type_score(pilot, 123)
        first, second = shown_rows(app)
        assert LONG_NAME in first and "out+50" in first
        assert EMOJI_NAME in second
