"""Keys on the photo review: a tile typed over a read one lands on the row it was typed on,
whole, and F4 on the photo tab gives the path field back for the next photo."""

from __future__ import annotations

from textual.widgets import Input
from tui_fakes import FakeRecognizer

from scorer.rules import RuleSet
from tui.screens.score_entry import ScoreEntryScreen

SIZE = (100, 30)


async def reviewed(pilot, photo) -> ScoreEntryScreen:
    """A new game of Ann and Bo; Ann's hand read from ``photo`` by the fake reader
    (6-5, 0-0, and 4-2 in doubt), the cursor on the review."""
    await pilot.pause()
    await pilot.press(*"Ann, Bo", "enter")
    await pilot.pause()
    await pilot.press("c")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ScoreEntryScreen)
    await pilot.press(*str(photo), "enter")
    await screen.workers.wait_for_complete()
    await pilot.pause()
    assert [str(r.tile) for r in screen.read] == ["5-6", "0-0", "2-4"]
    return screen


async def test_above_double_nine_a_typed_tile_keeps_its_first_digit(make_app, photo):
    # the first digit opened the fix field selected, and the second replaced it:
    # typing 12-5 over a tile gave 2-5
    app = make_app(FakeRecognizer(), rules=RuleSet(set_max=12))
    async with app.run_test(size=SIZE) as pilot:
        screen = await reviewed(pilot, photo)
        assert "typing a tile (12-5, Enter) replaces it" in str(
            screen.query_one("#progress").render())
        await pilot.press("up", "up", *"12-5")
        await pilot.pause()
        assert screen.query_one("#fix-input", Input).value == "12-5"
        await pilot.press("enter")
        await pilot.pause()
        assert [str(r.tile) for r in screen.read] == ["5-12", "0-0", "2-4"]


async def test_a_half_typed_on_one_row_is_not_finished_on_another(make_app, photo):
    # 4 typed on the first row, then a move and 3: the second row became 4-3
    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        screen = await reviewed(pilot, photo)
        await pilot.press("up", "up", "4", "down", "3")
        await pilot.pause()
        assert [str(r.tile) for r in screen.read] == ["5-6", "0-0", "2-4"]
        await pilot.press("1")  # 3 then 1 on the second row
        await pilot.pause()
        assert [str(r.tile) for r in screen.read] == ["5-6", "1-3", "2-4"]


async def test_f4_on_the_photo_tab_takes_a_new_path_not_tile_fixes(make_app, photo):
    # focus stayed on the review, so the digits of a typed path became tile fixes
    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        screen = await reviewed(pilot, photo)
        assert screen.focused is screen.query_one("#review")
        await pilot.press("f4")
        await pilot.pause()
        path = screen.query_one("#photo-path", Input)
        assert screen.focused is path
        path.value = ""
        await pilot.press(*"/tmp/hand2.jpg")
        await pilot.pause()
        assert path.value == "/tmp/hand2.jpg"
        assert [str(r.tile) for r in screen.read] == ["5-6", "0-0", "2-4"]


async def test_escape_on_a_checked_review_asks_before_dropping_it(make_app, photo):
    from tui.screens.confirm import ConfirmScreen
    from tui.screens.scorecard import ScorecardScreen

    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        screen = await reviewed(pilot, photo)
        await pilot.press("enter")  # the doubtful 4-2 confirmed as read
        await pilot.pause()
        row = screen.query_one("#review").get_row_at(2)
        assert str(row[1]).endswith(" confirmed") and str(row[2]) == "you"  # not "fixed"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "1 tile you checked or typed will be lost" in app.screen.question
        await pilot.press("n")  # stay: the review is as it was
        await pilot.pause()
        assert app.screen is screen and screen.read[2].confirmed
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and app.card.entry(0, "Ann") is None
