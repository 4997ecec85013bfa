"""Verifying a disputed play from the scorecard: a typed board, a photo of the tableau
through the (fake) reader, a photo with no board, and no model at all."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, OptionList
from tui_fakes import JUDGED, NO_BOARD, TABLEAU, FakeRecognizer

from scorer.notation import format_board
from scorer.rules import RuleSet
from scorer.tiles import Tile
from tui.recognizer import VisionRecognizer
from tui.screens.dispute import DisputeScreen
from tui.screens.scorecard import ScorecardScreen

SIZE = (100, 30)
FOUR_ARMS = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"


async def open_dispute(pilot, players: str = "Ann, Bo") -> DisputeScreen:
    await pilot.pause()
    await pilot.press(*players, "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScorecardScreen)
    await pilot.press("v")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DisputeScreen)
    return screen


async def type_board(pilot, screen: DisputeScreen, board: str) -> None:
    await pilot.press("ctrl+b")
    assert screen.focused is screen.query_one("#board-text")
    await pilot.press(*board, "enter")
    await pilot.pause()


async def type_play(pilot, screen: DisputeScreen, play: str) -> None:
    field = screen.query_one("#play", Input)
    field.value = ""
    field.focus()
    await pilot.press(*play, "enter")
    await pilot.pause()


def verdict_text(screen: DisputeScreen) -> str:
    return str(screen.query_one("#verdict").render())


def options(screen: DisputeScreen) -> list[str]:
    tiles = screen.query_one("#board-tiles", OptionList)
    return [str(tiles.get_option_at_index(i).prompt) for i in range(tiles.option_count)]


def messages(app) -> str:
    return " ".join(n.message for n in app._notifications)


async def test_typed_board_legal_and_illegal_plays_with_every_reason(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        await type_board(pilot, screen, FOUR_ARMS)
        assert options(screen) == ["9-1 on 9-9", "9-2 on 9-9", "9-3 on 9-9", "9-4 on 9-9"]
        assert screen.focused is screen.query_one("#board-tiles")

        await type_play(pilot, screen, "4-6@9-4")
        assert screen.judgement.verdict.legal
        shown = verdict_text(screen)
        assert "LEGAL" in shown and "ILLEGAL" not in shown and "4-6 on 4-9" in shown

        await type_play(pilot, screen, "5-6@9-4")
        assert not screen.judgement.verdict.legal
        shown = verdict_text(screen)
        assert "ILLEGAL" in shown
        assert "5-6 does not match: the open end of 4-9 shows 4" in shown

        # Two rules broken at once: both reasons are shown.
        screen.query_one("#board-text", Input).value = ""
        await type_board(pilot, screen, "9-9 9-1@9-9 9-2@9-9")
        assert screen.query_one("#play", Input).value == "5-6@9-4"
        assert "4-9 is not on the tableau" in verdict_text(screen)  # judged again at once
        await type_play(pilot, screen, "4-6@9-2")
        reasons = [r.message for r in screen.judgement.verdict.reasons]
        assert reasons == ["4-6 does not match: the open end of 2-9 shows 2",
                           "the spinner 9-9 has 2 of its 4 arms; the next tile must be an arm"]
        shown = verdict_text(screen)
        assert all(reason in shown for reason in reasons)

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)


async def test_a_tile_picked_on_a_typed_board_is_judged_where_it_lies(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        await type_board(pilot, screen, "9-9 9-1@9-9 9-2@9-9 1-5@9-1 5-5@1-5")
        assert options(screen) == ["9-1 on 9-9", "9-2 on 9-9", "1-5 on 1-9", "5-5 on 1-5"]
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        judgement = screen.judgement
        assert str(judgement.play) == "1-5@1-9" and not judgement.verdict.legal
        assert judgement.taken_off == (Tile(5, 5),)
        shown = verdict_text(screen)
        assert "the next tile must be an arm" in shown and "Taken off with it" in shown


async def test_the_games_house_rules_decide(make_app):
    app = make_app(rules=RuleSet(spinner_arms=6))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        assert app.card.rules.spinner_arms == 6
        await type_board(pilot, screen, FOUR_ARMS)
        await type_play(pilot, screen, "1-5@9-1")
        assert not screen.judgement.verdict.legal
        assert "has 4 of its 6 arms" in verdict_text(screen)


async def test_bad_notation_says_which_token(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        await type_board(pilot, screen, "9-9 9-1@9-9 banana")
        assert "'banana' is not a tile" in verdict_text(screen)
        assert "'banana'" in messages(app)
        assert screen.judgement is None


async def test_photo_board_read_corrected_and_judged(make_app, tmp_path):
    photo = tmp_path / "tableau.jpg"
    photo.write_bytes(b"\xff\xd8 not decoded by the fake")
    recognizer = FakeRecognizer()
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        assert screen.focused is screen.query_one("#board-photo")
        await pilot.press(*str(photo), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert recognizer.calls == [("board", str(photo), 9)]
        assert recognizer.thread_names[0] != "MainThread"
        read = format_board(TABLEAU.board)
        assert screen.query_one("#board-text", Input).value == read
        assert options(screen) == ["9-1 on 9-9", "9-2 on 9-9", "1-5 on 1-9"]
        assert "Read 4 tiles on the board" in str(screen.query_one("#board-progress").render())
        assert "8 does not fit the board" in verdict_text(screen)

        # Pick 1-5: judged on the reading already made, the photo not read again.
        await pilot.press("down", "down", "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert len(recognizer.calls) == 1 and JUDGED[-1] == Tile(1, 5)
        assert not screen.judgement.verdict.legal
        shown = verdict_text(screen)
        assert "ILLEGAL" in shown and "the next tile must be an arm" in shown

        # The person corrects the board (the other two arms were out of the photo).
        screen.query_one("#board-text", Input).value = read + " 9-3@9-9 9-4@9-9"
        await type_board(pilot, screen, "")  # Enter judges the play again
        assert len(recognizer.calls) == 1  # an edited board is judged as typed
        assert screen.judgement.verdict.legal and "LEGAL" in verdict_text(screen)
        screen.judgement = None
        await pilot.press("ctrl+t", "end", "enter")  # 1-5 on 9-1, now after four arms
        await pilot.pause()
        assert str(screen.judgement.play) == "1-5@1-9" and screen.judgement.verdict.legal
        assert len(recognizer.calls) == 1


async def test_photo_dropped_on_the_screen_is_read(make_app, tmp_path):
    photo = tmp_path / "my tableau.jpg"
    photo.write_bytes(b"\xff\xd8")
    recognizer = FakeRecognizer()
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        screen.post_message(events.Paste(f"'{photo}'"))
        await pilot.pause()
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert recognizer.calls == [("board", str(photo), 9)]
        assert screen.query_one("#board-text", Input).value == format_board(TABLEAU.board)


async def test_photo_without_a_board_lists_every_problem(make_app, tmp_path):
    photo = tmp_path / "table.jpg"
    photo.write_bytes(b"\xff\xd8")
    app = make_app(FakeRecognizer(board=NO_BOARD))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        await pilot.press(*str(photo), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert "No board in this photo: 2 tiles touch no other tile" in messages(app)
        shown = verdict_text(screen)
        assert all(problem in shown for problem in NO_BOARD.problems)
        assert screen.query_one("#board-text", Input).value == ""
        assert screen.focused is screen.query_one("#board-text")
        # Typing the board still works.
        await pilot.press(*FOUR_ARMS, "enter")
        await type_play(pilot, screen, "4-4@9-4")
        assert screen.judgement.verdict.legal


async def test_missing_photo_and_missing_model_say_so(make_app, tmp_path):
    photo = tmp_path / "tableau.jpg"
    photo.write_bytes(b"\xff\xd8")
    app = make_app(VisionRecognizer(models_dir=tmp_path / "no-models"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        await pilot.press(*str(tmp_path / "nowhere.jpg"), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert "No photo at" in messages(app)
        app.clear_notifications()
        screen.query_one("#board-photo", Input).value = str(photo)
        screen.query_one("#board-photo", Input).focus()
        await pilot.press("enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        shown = messages(app)
        assert "No tile-reading model" in shown and "type the board notation" in shown
        assert screen.focused is screen.query_one("#board-text")


async def test_verify_from_the_command_palette_and_without_a_game(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # no game: the new-game form is closed
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Verify a play" in titles and "Score: live view snapshot" in titles
        app.action_verify()
        await pilot.pause()
        assert isinstance(app.screen, DisputeScreen)
        assert app.screen.rules == app.rules


async def test_a_tile_typed_twice_on_two_parents_is_said_not_a_crash(make_app):
    # the tile list is keyed by tile: a second 1-2 ended the app with DuplicateID
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        await type_board(pilot, screen, "9-9 9-1@9-9 9-2@9-9 1-2@9-1 2-1@9-2")
        assert app.is_running and isinstance(app.screen, DisputeScreen)
        assert "1-2 lies on it twice" in verdict_text(screen)
        assert sum("1-2" in o or "2-1" in o for o in options(screen)) == 1


async def test_a_photo_without_a_board_does_not_leave_the_last_photos_board(
        make_app, tmp_path):
    # the board read from the photo before stayed listed, as if this photo had given it
    tableau, table = tmp_path / "tableau.jpg", tmp_path / "table.jpg"
    for photo in (tableau, table):
        photo.write_bytes(b"\xff\xd8")
    recognizer = FakeRecognizer()
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        await pilot.press(*str(tableau), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one("#board-text", Input).value == format_board(TABLEAU.board)
        recognizer.board = NO_BOARD
        field = screen.query_one("#board-photo", Input)
        field.value = ""
        field.focus()
        await pilot.press(*str(table), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one("#board-text", Input).value == ""
        assert options(screen) == ["(no board yet)"] and screen.photo_reading is None
        field.value = ""
        field.focus()
        await pilot.press(*str(tmp_path / "gone.jpg"), "enter")  # a failed read, too
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one("#board-text", Input).value == ""


async def test_a_reading_the_board_rules_out_is_shown_beside_the_verdict(make_app, tmp_path):
    # check said it; the app judged the tile with nothing said of its other reading
    from dataclasses import replace

    photo = tmp_path / "tableau.jpg"
    photo.write_bytes(b"\xff\xd8 not decoded by the fake")
    line = ("the tile is read unsurely; read as 1-6 (chance 0.09) it would be a second 1-6, "
            "and the board holds one elsewhere: judged as 1-5")
    def judge(tile, rules):
        judged = TABLEAU.judge(tile, rules)
        return replace(judged, settled=(line,) if tile == Tile(1, 5) else ())

    settled = replace(TABLEAU, judge=judge)
    app = make_app(FakeRecognizer(board=settled))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dispute(pilot)
        await pilot.press(*str(photo), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # 1-5
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert f"In doubt: {line}" in " ".join(verdict_text(screen).split())
