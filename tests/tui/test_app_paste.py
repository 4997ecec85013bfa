"""Pasted text is text: an escape character in a paste never acts as the Escape key (which
closes every form), nor makes the rest of the paste into key presses; control characters
are left out of the paste, and the player is told so."""

from __future__ import annotations

import pytest
from test_app_evening import SIZE, new_game, round_row
from textual.drivers import linux_driver
from textual.widgets import Input

from tui.screens.dispute import DisputeScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.score_entry import ScoreEntryScreen

PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def messages(app) -> str:
    return "\n".join(n.message for n in app._notifications)


def terminal_events(raw: str, chunks: tuple[int, ...] = ()) -> list:
    """What the app's terminal driver makes of ``raw`` (the bytes a terminal sends), read in
    pieces cut at ``chunks`` as a terminal's input arrives."""
    parser = linux_driver.XTermParser()
    cuts = [0, *chunks, len(raw)]
    pieces = [raw[start:end] for start, end in zip(cuts, cuts[1:], strict=False)]
    return [event for piece in [*pieces, ""] for event in parser.feed(piece)]


async def paste(pilot, text: str) -> None:
    """``text`` pasted in the terminal (bracketed paste), handed to the app as its driver
    does."""
    app = pilot.app
    for event in terminal_events(PASTE_START + text + PASTE_END):
        event.set_sender(app)
        app.post_message(event)
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize(("pasted", "kept"), [
    ("Ann, Bo\x1b", "Ann, Bo"),  # an escape last: Textual read it as the Escape key
    ("\x1b\x1bAnn, Bo", "Ann, Bo"),
    ("Ann\x1b, Bo", "Ann, Bo"),  # an escape inside: what follows it became key presses
    ("Ann, \x1b[1mBo\x1b[0m", "Ann, [1mBo[0m"),  # text copied with its colours
])
async def test_a_paste_holding_an_escape_does_not_close_the_new_game_form(
        make_app, pasted, kept):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await paste(pilot, pasted)
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#players", Input).value == kept
        notice = [n.message for n in app._notifications]
        assert len(notice) == 1 and "\n" not in notice[0]
        assert notice[0].startswith("Left out of the pasted text: ")
        assert "\\x1b" in notice[0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.card is not None and app.card.players == tuple(kept.split(", "))


async def test_a_plain_paste_is_taken_as_it_is_without_a_notice(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await paste(pilot, "Ann, Bo")
        assert app.screen.query_one("#players", Input).value == "Ann, Bo"
        assert "pasted" not in messages(app).lower()


async def test_no_form_is_closed_by_a_paste_holding_an_escape(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")

        await pilot.press("1")  # the score entry screen, its points field focused
        await pilot.pause()
        assert isinstance(app.screen, ScoreEntryScreen)
        await paste(pilot, "2\x1b")
        assert isinstance(app.screen, ScoreEntryScreen)
        assert app.screen.query_one("#points", Input).value == "12"
        await pilot.press("escape")  # the real key still closes it
        await pilot.pause()

        row = await round_row(pilot)
        await paste(pilot, "7\x1b\x1b")
        assert app.screen is row and row.focused.value == "7"
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("v")
        await pilot.pause()
        dispute = app.screen
        assert isinstance(dispute, DisputeScreen)
        dispute.query_one("#play", Input).focus()
        await paste(pilot, "9-1@9-9\x1b")
        assert app.screen is dispute
        assert dispute.query_one("#play", Input).value == "9-1@9-9"


@pytest.mark.parametrize("pasted", ["Ann\x1b, Bo\x1b", "\x1b[201", "a\x1b\x1b[20b"])
def test_a_paste_read_in_any_pieces_is_one_paste_and_no_keys(make_app, pasted):
    from tui.pasted_text import pasted_text  # here: the other tests show the fault without it

    make_app()  # the app reads its terminal with its own parser from here on
    raw = "x" + PASTE_START + pasted + PASTE_END + "y"
    for cut in range(1, len(raw)):
        events = terminal_events(raw, (cut,))
        keys = [e.key for e in events if hasattr(e, "key")]
        pastes = [e.text for e in events if hasattr(e, "text")]
        assert keys == ["x", "y"], (cut, events)
        assert len(pastes) == 1, (cut, events)
        assert pasted_text(pastes[0]) == (pasted.replace("\x1b", ""),
                                          "\x1b" * pasted.count("\x1b")), cut
