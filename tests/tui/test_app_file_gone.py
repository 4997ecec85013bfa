"""The scorecard file deleted, its folder deleted, or something else put in its place while
the app is open: no score is written where nobody will read it again, and it is said."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing

from test_app_evening import SIZE, new_game, type_score
from test_app_saving import banner, messages
from tui_fakes import FakeRecognizer

from tui.app import build_app
from tui.store import Store


def remove_database(path) -> None:
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        file.unlink(missing_ok=True)


def stored(path) -> list:
    store = Store(path)
    try:
        return [(game.id, store.load(game.id), store.changes(game.id))
                for game in store.games()]
    finally:
        store.close()


async def test_a_file_deleted_while_open_is_written_again_with_every_score(make_app,
                                                                          db_path):
    # the scores went on being "saved" into the deleted file, and were gone at the exit
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        remove_database(db_path)
        await type_score(pilot, 7)
        assert not app.unsaved and db_path.is_file()
        assert "was deleted while the app was open; it was written again" in messages(app)
        await pilot.press("u")  # the history came back too
        await pilot.pause()
        assert app.card.entry(0, "Bo") is None
        await pilot.press("U")
        await pilot.pause()
    [(_game, card, changes)] = stored(db_path)
    assert (card.entry(0, "Ann").points, card.entry(0, "Bo").points) == (12, 7)
    assert [label for _seq, label, _at in changes][1:] == [
        "Ann 12 in round 1 (9-9) [typed]", "Bo 7 in round 1 (9-9) [typed]"]


async def test_a_folder_deleted_while_open_is_made_again(tmp_path):
    folder = tmp_path / "scores"
    folder.mkdir()
    path = folder / "chickenfoot.sqlite3"
    store = Store(path)
    app = build_app(store, FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        shutil.rmtree(folder)
        await type_score(pilot, 7)
        assert not app.unsaved and "written again" in messages(app)
    store.close()
    [(_game, card, _changes)] = stored(path)
    assert (card.entry(0, "Ann").points, card.entry(0, "Bo").points) == (12, 7)


async def test_a_folder_put_in_place_of_the_file_is_said_and_saved_once_gone(make_app,
                                                                           db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        remove_database(db_path)
        db_path.mkdir()
        await type_score(pilot, 7)
        assert app.unsaved and "NOT SAVED" in banner(app)
        assert "replaced by something that is not a file" in banner(app)
        db_path.rmdir()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.unsaved and "written again" in messages(app)
    [(_game, card, _changes)] = stored(db_path)
    assert (card.entry(0, "Ann").points, card.entry(0, "Bo").points) == (12, 7)


async def test_another_copy_put_in_place_keeps_its_scores_and_ours(make_app, db_path,
                                                                   tmp_path):
    # a copy of the scorecard, changed elsewhere, moved over the file the app has open
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        copy_path = tmp_path / "copy.db"
        with closing(sqlite3.connect(db_path)) as source, \
                closing(sqlite3.connect(copy_path)) as target:
            source.backup(target)
        copy = Store(copy_path)
        game = app.game_id
        copy.save(game, copy.load(game).with_score(1, "Bo", 30), "Bo 30 in round 2")
        copy.close()
        remove_database(db_path)
        shutil.move(copy_path, db_path)
        await type_score(pilot, 7)  # Bo in round 1, put on the copy's round 2
        assert not app.unsaved
        assert "replaced by another file" in messages(app)
        assert app.card.entry(1, "Bo").points == 30
    [(_game, card, _changes)] = stored(db_path)
    assert [card.entry(r, p).points for r, p in ((0, "Ann"), (0, "Bo"), (1, "Bo"))] == [
        12, 7, 30]


def overwrite_in_place(path, data: bytes) -> None:
    """Another file's bytes written over the scorecard's, as ``cp photo.jpg db`` does: the
    same file (same inode), other contents."""
    with open(path, "r+b") as file:
        file.truncate(0)
        file.write(data)


async def test_a_photo_copied_over_the_open_file_is_never_written_into(make_app, db_path):
    # the app went on saving into the photo's bytes, and the next start refused the file
    photo = b"\xff\xd8\xff\xe0" + bytes(range(256)) * 40
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        overwrite_in_place(db_path, photo)
        app.watch_store()  # the look at the file every few seconds
        await pilot.pause()
        assert "was damaged or overwritten while the app was open" in messages(app)
        await type_score(pilot, 7)
        assert app.unsaved and "NOT SAVED" in banner(app)
        assert "damaged or overwritten" in banner(app)
        assert app.card.entry(0, "Bo").points == 7  # kept on screen
    assert db_path.read_bytes() == photo


async def test_a_file_emptied_while_open_is_said_not_a_crash(make_app, db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Bo")
        await type_score(pilot, 12)
        overwrite_in_place(db_path, b"")
        for _ in range(2):  # said once
            app.watch_store()
            await pilot.pause()
        assert messages(app).count("damaged or overwritten") == 1
        await type_score(pilot, 7)
        assert app.unsaved and "damaged or overwritten" in banner(app)
