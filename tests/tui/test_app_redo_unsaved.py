"""U after u took back a change that had not reached the disk brings that change back,
not an older one the disk still keeps past its undo point."""

from __future__ import annotations

from test_app_evening import SIZE, new_game, type_score
from test_app_saving import banner

from tui.store import Store


def read_only(app, on: bool) -> None:
    """The file read-only until said otherwise (a new connection would find it so too)."""
    app.store._conn.execute(f"PRAGMA query_only = {'ON' if on else 'OFF'}")
    app.store._reopen = lambda: None


async def press(pilot, key: str) -> None:
    await pilot.press(key)
    await pilot.pause()


async def test_redo_brings_back_the_unsaved_change_undone_not_an_older_one(make_app,
                                                                          db_path):
    # U brought back Bo's 20, undone long before, instead of the 30 just taken back
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 10)
        await type_score(pilot, 20)
        await press(pilot, "u")  # Bo's 20 undone: the disk keeps it to redo
        read_only(app, True)
        await type_score(pilot, 30)  # Bo's 30, not saved
        assert "NOT SAVED" in banner(app)
        await press(pilot, "u")
        assert app.card.entry(0, "Bo") is None and not app.unsaved
        read_only(app, False)
        await press(pilot, "U")
        assert app.card.entry(0, "Bo").points == 30 and not app.unsaved
        await press(pilot, "U")  # nothing more: Bo's 20 was replaced by the 30
        assert app.card.entry(0, "Bo").points == 30
    store = Store(db_path)
    try:
        assert store.load(app.game_id).entry(0, "Bo").points == 30
        assert not store.can_redo(app.game_id)
    finally:
        store.close()


async def test_redo_after_more_undos_follows_the_order_they_were_undone(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 10)
        await type_score(pilot, 20)
        await press(pilot, "u")  # Bo's 20 undone, on disk
        read_only(app, True)
        await type_score(pilot, 30)
        await press(pilot, "u")  # Bo's 30 taken back (never saved)
        read_only(app, False)
        await press(pilot, "u")  # Ann's 10 undone, on disk
        assert app.card.entry(0, "Ann") is None
        await press(pilot, "U")
        assert app.card.entry(0, "Ann").points == 10 and app.card.entry(0, "Bo") is None
        await press(pilot, "U")
        assert app.card.entry(0, "Bo").points == 30
        await press(pilot, "u")
        await press(pilot, "U")  # saved now: undo and redo as on disk
        assert app.card.entry(0, "Bo").points == 30 and not app.unsaved


async def test_a_new_change_ends_what_redo_brings_back(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        read_only(app, True)
        await type_score(pilot, 10)
        await press(pilot, "u")  # Ann's 10 taken back (never saved)
        await type_score(pilot, 11)  # Ann's 11 instead
        read_only(app, False)
        await press(pilot, "ctrl+s")
        await press(pilot, "U")
        assert app.card.entry(0, "Ann").points == 11 and not app.unsaved
