"""Saving in the app: two windows on one game never erase each other's scores, a change
that cannot be written stays marked as unsaved, and quitting asks first."""

from __future__ import annotations

from test_app_evening import SIZE, new_game, type_score

from tui.screens.quit_unsaved import QuitUnsavedScreen
from tui.screens.scorecard import ScorecardScreen
from tui.store import Store


def banner(app) -> str:
    widget = app.scorecard.query_one("#unsaved")
    return str(widget.render()) if widget.display else ""


def messages(app) -> str:
    return "\n".join(n.message for n in app._notifications)


def without_watching(app):
    """The app as if the other window saved between two looks at the file."""
    app.watch_store = lambda: None
    return app


async def test_a_change_from_another_window_is_kept_and_ours_is_added(make_app, db_path):
    app = without_watching(make_app())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        other = Store(db_path)  # the other window
        game = app.game_id
        other.save(game, other.load(game).with_score(0, "Bo", 7), "Bo 7 in round 1")
        await type_score(pilot, 12)  # Ann, before this window has seen Bo's 7
        on_disk = Store(db_path).load(game)
        assert on_disk.entry(0, "Bo").points == 7 and on_disk.entry(0, "Ann").points == 12
        assert app.card == on_disk and not app.unsaved
        assert "your change was added" in messages(app)
        other.close()


async def test_a_score_another_window_changed_is_never_written_over(make_app, db_path):
    app = without_watching(make_app())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        other = Store(db_path)
        game = app.game_id
        other.save(game, other.load(game).with_score(0, "Ann", 5), "Ann 5 in round 1")
        await type_score(pilot, 12)  # the same cell, from a card that showed it empty
        assert Store(db_path).load(game).entry(0, "Ann").points == 5
        assert app.card.entry(0, "Ann").points == 5 and not app.unsaved
        assert "Not saved: Ann 12 in round 1" in messages(app)
        assert "Another window changed that score" in messages(app)
        other.close()


async def test_a_score_changed_elsewhere_while_it_is_being_typed_is_not_recorded(
        make_app, db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await pilot.press("1", "2")  # the entry screen is open, showing Ann empty
        await pilot.pause()
        other = Store(db_path)
        game = app.game_id
        other.save(game, other.load(game).with_score(0, "Ann", 5), "Ann 5 in round 1")
        app.watch_store()
        await pilot.press("enter")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 5
        assert Store(db_path).load(game).entry(0, "Ann").points == 5
        assert "Not recorded: Ann's score in round 1 was changed" in messages(app)
        other.close()


async def test_the_card_follows_another_window_and_a_stale_undo_is_refused(make_app,
                                                                           db_path):
    app = without_watching(make_app())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        other = Store(db_path)
        game = app.game_id
        other.save(game, other.load(game).with_score(0, "Bo", 3), "Bo 3 in round 1")
        await pilot.press("u")  # would undo Bo's 3, which this window has not seen
        await pilot.pause()
        assert app.card.entry(0, "Bo").points == 3 and app.card.entry(0, "Ann").points == 12
        assert "Not undone" in messages(app)
        await pilot.press("u")  # now it undoes what it shows: Bo's 3
        await pilot.pause()
        assert app.card.entry(0, "Bo") is None
        other.save(game, other.load(game).with_score(0, "Bo", 9), "Bo 9 in round 1")
        type(app).watch_store(app)  # what the timer does every WATCH_S
        await pilot.pause()
        assert app.card.entry(0, "Bo").points == 9
        assert "Changed in another window: Bo 9" in messages(app)
        other.close()


async def test_an_undo_and_a_redo_in_another_window_are_said_as_such(make_app, db_path):
    app = without_watching(make_app())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        other = Store(db_path)
        game = app.game_id
        other.load(game)
        other.undo(game)
        type(app).watch_store(app)  # what the timer does every WATCH_S
        await pilot.pause()
        assert app.card.entry(0, "Ann") is None
        assert "Changed in another window: undone: Ann 12 in round 1" in messages(app)
        other.redo(game)
        type(app).watch_store(app)
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 12
        assert "Changed in another window: redone: Ann 12 in round 1" in messages(app)
        other.close()


async def test_two_app_windows_on_one_game_keep_every_score(make_app, db_path):
    one, two = without_watching(make_app()), make_app()  # one has not looked since
    async with one.run_test(size=SIZE) as first:
        await first.pause()
        await new_game(first, "Ann, Bo")
        await type_score(first, 12)
        async with two.run_test(size=SIZE) as second:
            await second.pause()
            await second.press("r")  # resume the game the first window has open
            await second.pause()
            assert two.game_id == one.game_id and two.card == one.card
            await type_score(second, 4)  # Bo, in the second window
            await type_score(first, 30)  # Bo too, from a card that showed him empty
            assert one.card.entry(0, "Bo").points == 4
            assert "Not saved: Bo 30" in messages(one)
            two.scorecard.move_to(1, "Ann")
            await type_score(second, 8)
        one.scorecard.move_to(1, "Bo")
        await type_score(first, 6)
    card = Store(db_path).load(one.game_id)
    assert [card.entry(0, p).points for p in card.players] == [12, 4]
    assert [card.entry(1, p).points for p in card.players] == [8, 6]


async def test_unsaved_changes_are_shown_until_written_and_quit_asks(make_app, db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        conn = app.store._conn
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        for points in (40, 41, 42, 43, 44, 45):
            await type_score(pilot, points)
        assert app.unsaved and "NOT SAVED" in banner(app) and "full" in banner(app)
        # one toast for the failure, not one per change: the banner says the rest
        assert sum(n.title == "Save failed" for n in app._notifications) == 1
        app.clear_notifications()  # the toast is gone: the banner stays
        await pilot.pause()
        assert "NOT SAVED" in banner(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitUnsavedScreen)
        await pilot.press("s")  # save and quit: still full, so it stays open
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and app.is_running
        assert "Still not saved" in messages(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("escape")  # stay
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and app.is_running
        conn.execute("PRAGMA max_page_count = 1073741823")
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
    assert not app.unsaved
    card = Store(db_path).load(app.game_id)
    assert card == app.card and card.totals() == {"Ann": 40 + 42 + 44, "Bo": 41 + 43 + 45}
    # Every change is its own snapshot, so undo still steps back one score at a time.
    assert len(Store(db_path).changes(app.game_id)) == 7


async def test_unsaved_changes_are_retried_and_an_unsaved_one_can_be_undone(make_app,
                                                                            db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        conn = app.store._conn
        conn.execute("PRAGMA query_only = ON")  # a file read-only until said otherwise:
        app.store._reopen = lambda: None  # a new connection would find it read-only too
        await type_score(pilot, 12)
        await type_score(pilot, 13)
        assert "NOT SAVED: 2 change(s)" in banner(app)
        await pilot.press("n")  # a new game now would drop them: refused
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and "not saved yet" in messages(app)
        await pilot.press("u")
        await pilot.pause()
        assert app.card.entry(0, "Bo") is None and "NOT SAVED: 1 change(s)" in banner(app)
        conn.execute("PRAGMA query_only = OFF")
        for _ in range(3):
            app.watch_store()
        await pilot.pause()
        assert not app.unsaved and banner(app) == ""
        assert "Saved again" in messages(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not app.is_running
    assert Store(db_path).load(app.game_id).entry(0, "Ann").points == 12


async def test_quit_anyway_leaves_without_saving(make_app, db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        app.store._conn.execute("PRAGMA query_only = ON")
        await type_score(pilot, 12)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running
    assert Store(db_path).load(app.game_id).entry(0, "Ann") is None


async def test_a_damaged_journal_is_set_aside_with_a_notice(tmp_path, make_app, db_path):
    from test_tui_store import crashed_copy

    path, _game = crashed_copy(tmp_path)
    assert path == db_path
    wal = tmp_path / "games.db-wal"
    wal.write_bytes(b"garbage!" * 4 + wal.read_bytes()[32:])
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "journal games.db-wal" in messages(app) and "kept as" in messages(app)
    assert list(tmp_path.glob("games.db.corrupt-*-wal"))


async def test_sigterm_ends_the_app_as_a_quit_does_keeping_every_score(make_app, db_path):
    # raised out of the event loop, SIGTERM left the terminal in full-screen and mouse
    # mode; the app now closes itself (terminal put back), then the command says so
    import os
    import signal

    before = signal.getsignal(signal.SIGTERM)
    app = make_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await new_game(pilot, "Ann, Bo")
            await type_score(pilot, 9)
            os.kill(os.getpid(), signal.SIGTERM)
            await pilot.pause()
            await pilot.pause()
        assert app.terminated and app.return_code == 130
    finally:
        signal.signal(signal.SIGTERM, before)
    store = Store(db_path)
    try:
        game = store.games()[0].id
        assert store.load(game).entry(0, "Ann").points == 9
    finally:
        store.close()


def delete_in_another_window(db_path, game_id: int) -> None:
    other = Store(db_path)
    try:
        other.delete_game(game_id)
    finally:
        other.close()


async def test_a_game_deleted_in_another_window_is_said_and_saved_again_when_changed(
        make_app, db_path):
    # the save said it would retry, and could never succeed: the window was stuck
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 9)
        old = app.game_id
        delete_in_another_window(db_path, old)
        app.watch_store()
        await pilot.pause()
        assert any(f"Game {old} was deleted in another window" in n.message
                   for n in app._notifications)
        await pilot.press("down")
        await type_score(pilot, 4)  # Bo's score: the game is saved again
        assert not app.pending and app.game_id not in (None, old)
        assert any("saved again as game" in n.message for n in app._notifications)
    store = Store(db_path)
    try:
        card = store.load(store.games()[0].id)
        assert (card.entry(0, "Ann").points, card.entry(0, "Bo").points) == (9, 4)
    finally:
        store.close()


async def test_undo_after_a_deleted_game_is_saved_as_new_takes_back_the_last_change(
        make_app, db_path):
    # the game saved again as new held one snapshot: u said "Nothing to undo."
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 9)
        old = app.game_id
        delete_in_another_window(db_path, old)
        await pilot.press("down")
        await type_score(pilot, 4)  # Bo's score: the game is saved again, as new
        assert app.game_id not in (None, old) and not app.pending
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to undo" not in messages(app)
        assert app.card.entry(0, "Bo") is None and app.card.entry(0, "Ann").points == 9
        on_disk = Store(db_path)
        try:
            card = on_disk.load(app.game_id)
            assert card.entry(0, "Bo") is None and card.entry(0, "Ann").points == 9
            assert on_disk.can_redo(app.game_id)  # undone, not lost
        finally:
            on_disk.close()
        await pilot.press("U")
        await pilot.pause()
        assert app.card.entry(0, "Bo").points == 4


async def test_an_export_while_changes_wait_unsaved_is_the_game_as_shown(make_app, db_path):
    # the older version on disk went out, with "Game 1 exported" and nothing more
    import json

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        conn = app.store._conn
        conn.execute("PRAGMA query_only = ON")
        app.store._reopen = lambda: None
        await type_score(pilot, 13)
        assert "NOT SAVED: 1 change(s)" in banner(app)
        await pilot.press("x")
        await pilot.pause()
        assert "1 change in it not saved yet" in " ".join(
            n.title for n in app._notifications)
        exported = db_path.parent / "exports" / f"games-game-{app.game_id}.json"
        assert json.loads(exported.read_text())["totals"] == {"Ann": 12, "Bo": 13}
        conn.execute("PRAGMA query_only = OFF")


async def test_the_cursor_moves_on_when_another_window_fills_its_cell(make_app, db_path):
    # a second page left on the round another one had just entered, and 'r' then typed
    # over it: Ada's 5 became 57
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        other = Store(db_path)
        game = app.game_id
        card = other.load(game)
        other.save(game, card.with_score(0, "Ann", 5).with_score(0, "Bo", 6), "round 1")
        app.watch_store()
        await pilot.pause()
        assert app.scorecard.selected() == (1, "Ann")
        await type_score(pilot, 7)
        on_disk = Store(db_path).load(game)
        assert on_disk.entry(0, "Ann").points == 5 and on_disk.entry(1, "Ann").points == 7
        other.close()
