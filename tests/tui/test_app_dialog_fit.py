"""The questions fit a small terminal (40x12: a phone, a split pane): every button is
wholly on screen with its label, and the words scroll above them. The resume question's
row of bordered buttons ran off the screen's bottom and right side (tui.screens.question)."""

from __future__ import annotations

import pytest
from test_app_evening import new_game
from textual.geometry import Region
from textual.widgets import Button

from tui.screens.confirm import ConfirmScreen, ResumeScreen
from tui.screens.quit_unsaved import QuitUnsavedScreen

SMALL = (40, 12)
PLAYERS = "Annabelle, Bartholomew, Cyrilla, Dorothea"


def buttons_cut_off(app) -> list[str]:
    """The labels of the buttons on top that are not wholly on screen, label and all,
    or that lie over another button."""
    screen = Region(0, 0, *app.size)
    buttons = list(app.screen.query(Button))
    cut = [str(b.label) for b in buttons
           if not screen.contains_region(b.region) or b.region.width < len(str(b.label))
           or b.region.height < 1]
    overlapping = [str(b.label) for b in buttons for other in buttons
                   if other is not b and b.region.overlaps(other.region)]
    return cut + overlapping


async def test_the_resume_question_fits_40_by_12(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await new_game(pilot, PLAYERS)
    again = make_app()
    async with again.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ResumeScreen)
        assert len(again.screen.query(Button)) == 3
        assert buttons_cut_off(again) == []
        await pilot.click("#new")  # and each answers where it is shown
        await pilot.pause()
        assert type(again.screen).__name__ == "NewGameScreen"


@pytest.mark.parametrize("question", [
    lambda: ConfirmScreen(f"Delete every score of round 3 (7-7): {PLAYERS}, each with a "
                          "score?", yes="Delete"),
    lambda: QuitUnsavedScreen(2, "the disk is full"),
], ids=["delete a round", "quit unsaved"])
async def test_every_question_fits_40_by_12(make_app, question):
    app = make_app(offer_resume=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.push_screen(question())
        await pilot.pause()
        assert len(app.screen.query(Button)) >= 2
        assert buttons_cut_off(app) == []
