"""Whole evenings driven through the app as a table of players would: keyboard and mouse,
every way of scoring, edits, undo and redo, deleting a round, closing and resuming."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, Select
from tui_fakes import FakeRecognizer

from scorer.messages import clip_name
from scorer.rules import RuleSet, TieBreak
from scorer.scorecard import Method
from tui.recognizer import VisionRecognizer
from tui.screens.confirm import ConfirmScreen, ResumeScreen
from tui.screens.history import HistoryScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.round_row import RoundRowScreen
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen
from tui.store import Store

SIZE = (100, 30)


async def new_game(pilot, players: str) -> None:
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press(*players, "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScorecardScreen)


async def round_row(pilot) -> RoundRowScreen:
    """The round row of the selected round, opened with r."""
    await pilot.press("r")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, RoundRowScreen)
    return screen


async def type_score(pilot, points: int) -> None:
    """Digits on the scorecard open the typed entry at once; Enter saves."""
    await pilot.press(*str(points), "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScorecardScreen), pilot.app.screen


async def capture_score(pilot, photo) -> None:
    await pilot.press("c")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ScoreEntryScreen) and screen.mode == "capture"
    await pilot.press(*str(photo), "enter")
    await screen.workers.wait_for_complete()
    await pilot.pause()
    return screen


async def test_whole_evening_three_ways_edit_undo_delete_resume_tie_break(
        make_app, photo, db_path):
    recognizer = FakeRecognizer()
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        card = app.card
        assert card.players == ("Ann", "Bo", "Cy") and app.game_id is not None
        assert app.scorecard.selected() == (0, "Ann")

        # Round 1 (9-9): typed, went out, picked tiles.
        await type_score(pilot, 12)
        assert app.scorecard.selected() == (0, "Bo")
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.mode == "tiles"
        await pilot.press(*"65 00", "enter")
        await pilot.pause()
        entry = app.card.entry(0, "Cy")
        assert entry.points == 61 and entry.method is Method.TILES
        assert [str(t) for t in entry.tiles] == ["5-6", "0-0"]
        assert app.card.entry(0, "Bo").went_out

        # Round 2 (8-8): capture, doubtful 4-2 fixed with its second guess (4-3).
        assert app.scorecard.selected() == (1, "Ann")
        screen = await capture_score(pilot, photo)
        assert [str(r.tile) for r in screen.read] == ["5-6", "0-0", "2-4"]
        assert [r.doubtful for r in screen.read] == [False, False, True]
        assert recognizer.thread_names and recognizer.thread_names[0] != "MainThread"
        await pilot.press("down", "down", "a")
        assert str(screen.read[2].tile) == "3-4" and screen.read[2].fixed
        await pilot.press("ctrl+s")
        await pilot.pause()
        entry = app.card.entry(1, "Ann")
        assert entry.points == 11 + 50 + 7 and entry.method is Method.CAPTURE
        assert entry.raw["tiles"][2]["halves"][1]["pips"] == 2  # the reading as it was
        await type_score(pilot, 20)
        await pilot.press("o")
        await pilot.pause()

        # Edit a past round, then undo, redo, undo.
        app.scorecard.move_to(0, "Ann")
        await type_score(pilot, 15)
        assert app.card.entry(0, "Ann").points == 15
        await pilot.press("u")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 12
        await pilot.press("U")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 15
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 12

        # Rounds 3 to 5 typed; then delete round 5 (refused once, then confirmed), undo.
        app.scorecard.move_to(2, "Ann")
        for points in (0, 30, 5, 0, 0, 5, 0, 10, 5):
            await type_score(pilot, points)
        app.scorecard.move_to(4, "Bo")
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.card.round_complete(4)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not app.card.round_started(4)
        await pilot.press("u")
        await pilot.pause()
        assert app.card.entry(4, "Bo").points == 10
        saved = Store(db_path).load(app.game_id)
        assert saved == app.card  # on disk already, nothing to flush
    # The terminal closes mid-game.

    again = make_app(FakeRecognizer())
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ResumeScreen)
        await pilot.press("r")
        await pilot.pause()
        assert again.card == saved
        assert again.scorecard.selected() == (5, "Ann")
        for _ in range(5):
            for points in (5, 9, 10):
                await type_score(pilot, points)
        card = again.card
        assert card.is_finished
        assert card.totals() == {"Ann": 105, "Bo": 105, "Cy": 126}
        result = card.result()
        assert result.winners == ("Ann",)
        assert result.reason == "Ann and Bo tied on 105; Ann wins with 3 zero rounds to 2"
        shown = str(again.screen.query_one("#result").render())
        assert "Winner: Ann" in shown and "3 zero rounds to 2" in shown
        status = str(again.screen.query_one("#status").render())
        assert "Game over after 10 rounds" in status
        # Undo survives the restart too: the last score can be taken back.
        await pilot.press("u")
        await pilot.pause()
        assert not again.card.is_finished
        await pilot.press("U")
        await pilot.pause()
        assert again.card.is_finished
        # The finished game is in the history.
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(again.screen, HistoryScreen)
        assert "won by Ann" in str(again.screen.query_one("#history-table").get_row_at(0))
        await pilot.press("escape")
        await pilot.pause()
    check = Store(db_path)
    assert check.games(finished=True)[0].winners == ("Ann",)
    assert check.unfinished_game() is None
    check.close()


async def test_new_game_with_house_rules_shown_on_the_scorecard(make_app):
    app = make_app()
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#knob-set_max", Select).value = 12
        screen.query_one("#knob-double_blank_value", Select).value = 25
        screen.query_one("#knob-tie_break", Select).value = TieBreak.SHARED
        await pilot.press(*"Ann, Bo, Cy, Di, Ed, Flo, Gus, Hal, Ivy", "enter")
        await pilot.pause()
        card = app.card
        assert len(card.players) == 9 and card.rules.set_max == 12
        assert card.round_headers()[0] == "12-12" and len(card.rounds) == 13
        rules_text = str(app.screen.query_one("#rules-full").render())
        assert "Double-blank (0-0) counts: 25" in rules_text
        assert "Tie-break: shared" in rules_text
        assert app.screen.query_one("#rules-pane").display  # wide: the full list shows
        await pilot.press("p")
        await pilot.pause()
        await pilot.press(*"0-0 12-11", "enter")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 25 + 23


async def test_bad_player_list_keeps_the_form_open_with_the_reason(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "at least 2 players" in str(app.screen.query_one("#new-game-error").render())
        assert app.card is None


async def test_a_cleared_number_field_keeps_the_form_open_with_the_reason(make_app):
    # it took the last value unseen: a game started with a hand size nobody chose
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#knob-custom_hand_size", Input).value = ""
        await pilot.press(*"Ann, Bo", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.card is None
        assert "Custom hand size is empty" in str(
            app.screen.query_one("#new-game-error").render())


async def test_mouse_click_on_a_cell_opens_it_for_scoring(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        table = app.screen.query_one("#card-table")
        # Bo's row (second), round 8-8: after Player, Total, Zero, Rank and 9-9.
        widths = [c.get_render_width(table) for c in table.columns.values()]
        x = sum(widths[:5]) + 1
        await pilot.click(table, offset=(x, 2))
        await pilot.pause()
        await pilot.click(table, offset=(x, 2))
        await pilot.pause()
        assert isinstance(app.screen, ScoreEntryScreen)
        assert (app.screen.round_index, app.screen.player) == (1, "Bo")
        await pilot.click("#went-out-button")
        await pilot.pause()
        assert app.card.entry(1, "Bo").went_out


async def test_camera_unplugged_says_so_and_typing_still_works(make_app):
    app = make_app(FakeRecognizer(camera_ok=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await app.screen.workers.wait_for_complete()
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any("unplugged" in m for m in messages)
        assert isinstance(app.screen, ScoreEntryScreen)
        await pilot.press("f2", "9", "ctrl+s")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 9


async def test_without_a_reader_or_model_capture_explains_and_typing_works(
        make_app, photo, tmp_path):
    app = make_app(VisionRecognizer(models_dir=tmp_path / "no-models"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await capture_score(pilot, photo)
        messages = " ".join(n.message for n in app._notifications)
        assert "No tile-reading model" in messages and "type the points (F2)" in messages
        await pilot.press("escape")
        await pilot.pause()
        await type_score(pilot, 7)
        assert app.card.entry(0, "Ann").points == 7


async def test_text_pasted_on_the_scorecard_is_a_score_or_is_said_to_be_neither(make_app):
    recognizer = FakeRecognizer()
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        app.screen.post_message(events.Paste("shopping list: eggs, milk"))
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and recognizer.calls == []
        assert any("no photo path and no score" in n.message for n in app._notifications)
        app.screen.post_message(events.Paste(" 23\n"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreEntryScreen) and screen.mode == "typed"
        assert screen.query_one("#points").value == "23" and recognizer.calls == []


async def test_a_folder_pasted_on_the_scorecard_is_said_to_be_a_folder(make_app, tmp_path):
    # it was refused as "no photo path and no score", as if it were any text
    folder = tmp_path / "hands of tonight"
    folder.mkdir()
    recognizer = FakeRecognizer()
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        app.screen.post_message(events.Paste(f"'{folder}'\n"))  # as a terminal drops it
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and recognizer.calls == []
        said = [n.message for n in app._notifications]
        assert said[-1] == (f"{clip_name(str(folder))} is a folder, not a photo: give the "
                            "path of a photo in it")


async def test_photo_dropped_on_the_scorecard_is_read_for_the_selected_cell(make_app, photo):
    recognizer = FakeRecognizer()
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        app.screen.post_message(events.Paste(f"'{photo}'"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreEntryScreen)
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert recognizer.calls == [("path", str(photo))]
        # Fix the doubtful tile by typing two digits; remove the 0-0; add 1-1.
        await pilot.press("down", "down", "5", "2")
        assert str(screen.read[2].tile) == "2-5"
        await pilot.press("up", "delete")
        await pilot.press("plus", *"1-1", "enter")
        assert [str(r.tile) for r in screen.read] == ["5-6", "2-5", "1-1"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 11 + 7 + 2


async def test_full_disk_keeps_the_game_in_memory_and_saves_when_it_can(make_app, db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        conn = app.store._conn
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        for points in (40, 41, 42, 43, 44, 45, 46, 47):
            await type_score(pilot, points)
        assert app.unsaved
        assert any("Not saved" in n.message and "full" in n.message
                   for n in app._notifications)
        assert app.card.totals() == {"Ann": 40 + 42 + 44 + 46, "Bo": 41 + 43 + 45 + 47}
        conn.execute("PRAGMA max_page_count = 1073741823")
        await type_score(pilot, 1)
        assert not app.unsaved
        assert Store(db_path).load(app.game_id) == app.card


async def test_corrupt_database_is_set_aside_with_a_notice(db_path, make_app):
    db_path.write_bytes(b"garbage" * 500)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert any("kept as" in n.message for n in app._notifications)
        assert isinstance(app.screen, NewGameScreen)
    assert list(db_path.parent.glob("games.db.corrupt-*"))


async def test_export_and_command_palette_actions(make_app, db_path):
    app = make_app(rules=RuleSet(set_max=6))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 3)
        await pilot.press("x")
        await pilot.pause()
        exported = db_path.parent / "exports" / f"games-game-{app.game_id}.csv"
        assert exported.read_text(encoding="utf-8-sig").startswith(
            "Player,Round 6|6,Round 5|5")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("New game", "Undo", "Redo", "History", "Export game", "Help",
                      "Score: photo or camera"):
            assert title in titles
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)


async def test_target_total_game_adds_rounds_until_someone_reaches_it(make_app):
    from scorer.rules import RoundOrder

    app = make_app(rules=RuleSet(round_order=RoundOrder.TARGET_TOTAL, target_total=30))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 10)
        await type_score(pilot, 20)
        assert len(app.card.rounds) == 1 and app.scorecard.selected() == (1, "Ann")
        assert "until someone reaches 30" in str(app.screen.query_one("#status").render())
        await type_score(pilot, 15)
        await type_score(pilot, 12)
        card = app.card
        assert len(card.rounds) == 2 and card.round_headers() == ("9-9", "8-8")
        assert card.is_finished and card.result().winners == ("Ann",)
        assert "Bo reached 30" in str(app.screen.query_one("#result").render())


async def test_digits_of_other_scripts_on_the_review_table_change_nothing(make_app, photo):
    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        screen = await capture_score(pilot, photo)
        review = screen.query_one("#review")
        review.focus()
        await pilot.pause()
        before = [str(r.tile) for r in screen.read]
        for key in ("\u0663", "\u0664", "\u00b2"):  # Arabic-Indic 3 and 4, superscript 2
            review.post_message(events.Key(key, key))
            await pilot.pause()
        assert app.is_running and [str(r.tile) for r in screen.read] == before


async def test_tab_in_the_round_row_moves_on_as_it_is_typed(make_app):
    # a digit typed 30 ms after a Tab went into the cell the Tab left: the Tab waited
    # behind the digits typed there. It is now taken as it arrives (a priority binding).
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        screen = await round_row(pilot)
        tab = next(b for b in screen.BINDINGS if getattr(b, "key", "") == "tab")
        assert tab.priority
        await pilot.press("5", "tab", "6", "tab", "7")
        await pilot.pause()
        assert [screen.query_one(f"#cell-{i}").value for i in range(3)] == ["5", "6", "7"]


async def test_a_doubtful_tile_is_not_counted_until_confirmed(make_app, photo):
    # Ctrl+S saved a reading with tiles marked ? at once, counted, and a later look showed
    # them as confirmed by the player
    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        screen = await capture_score(pilot, photo)
        total = str(screen.query_one("#capture-total").render())
        assert "=  61 points" in total and "1 tile doubtful, not counted" in total
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and app.card.entry(0, "Ann") is None
        assert any("1 tile doubtful" in n.message for n in app._notifications)
        await pilot.press("enter")  # the cursor is on the doubtful 4-2: as read
        await pilot.pause()
        assert "=  67 points" in str(screen.query_one("#capture-total").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.entry(0, "Ann").points == 11 + 50 + 6


async def test_after_a_redo_the_next_score_goes_to_the_next_player(make_app):
    # the cursor stayed on the score redone, and the next score typed replaced it
    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo, Cy")
        await type_score(pilot, 12)
        await type_score(pilot, 7)
        await pilot.press("u")
        await pilot.pause()
        assert app.scorecard.selected() == (0, "Bo")  # an undo: back where it was
        await pilot.press("U")
        await pilot.pause()
        assert app.scorecard.selected() == (0, "Cy")  # a redo: on, as entering did
        await type_score(pilot, 30)
        assert [app.card.entry(0, p).points for p in ("Ann", "Bo", "Cy")] == [12, 7, 30]
