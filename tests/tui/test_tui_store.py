"""The store: snapshots with undo/redo, path choice, migration, corruption, full disk,
several writers at once, export."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest
from tui_fakes import newer_version_database

from scorer.rules import RuleSet
from scorer.scorecard import Scorecard
from tui.store import (
    DB_NAME,
    ENV_VAR,
    SCHEMA_V1,
    SCHEMA_VERSION,
    GameMissing,
    Store,
    StoreConflict,
    StoreDamaged,
    StoreError,
    StoreWriteError,
    resolve_db_path,
)
from tui.store_files import wal_header_problem


def new_card(*players: str) -> Scorecard:
    return Scorecard.new(players or ("Ann", "Bo"), RuleSet())


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "games.db")
    yield s
    s.close()


def test_path_option_beats_env_beats_data_dir(tmp_path):
    env = {ENV_VAR: str(tmp_path / "env.db")}
    assert resolve_db_path(str(tmp_path / "opt.db"), env) == tmp_path / "opt.db"
    assert resolve_db_path(None, env) == tmp_path / "env.db"
    default = resolve_db_path(None, {})
    assert default.name == "chickenfoot.sqlite3" and "chickenfoot" in str(default.parent)


def test_a_variable_of_only_spaces_is_as_unset():
    # CHICKENFOOT_DB=" " made a scorecard named " " in the working folder; XDG's own
    # variables are read this way
    assert resolve_db_path(None, {ENV_VAR: " "}) == resolve_db_path(None, {})


def test_every_change_is_on_disk_at_once_and_undo_redo_survive_a_restart(tmp_path):
    path = tmp_path / "games.db"
    store = Store(path)
    card = new_card()
    game = store.create_game(card)
    card = card.with_score(0, "Ann", 12)
    store.save(game, card, "Ann 12")
    card = card.with_score(0, "Bo", 3)
    store.save(game, card, "Bo 3")
    # A second connection (another program, or the app after a crash) sees it all.
    other = Store(path)
    assert other.load(game) == card
    assert other.undo(game)[1] == "Bo 3"
    other.close()
    store.close()  # closed without any flush call
    again = Store(path)
    assert again.load(game).entry(0, "Bo") is None
    assert again.can_redo(game)
    card_back, label = again.redo(game)
    assert label == "Bo 3" and card_back == card
    assert again.redo(game) is None
    again.undo(game)
    again.undo(game)
    assert again.undo(game) is None  # the new game itself cannot be undone
    assert again.load(game).totals() == {"Ann": 0, "Bo": 0}
    # A new change after undo drops the redo branch.
    again.save(game, new_card().with_score(0, "Bo", 9), "Bo 9")
    assert not again.can_redo(game)
    assert [c[1] for c in again.changes(game)] == ["New game", "Bo 9"]
    again.close()


def test_unfinished_game_is_offered_and_finished_ones_form_history(store):
    done = new_card()
    for r in range(10):
        done = done.with_score(r, "Ann", 1).with_score(r, "Bo", 2)
    finished_id = store.create_game(new_card())
    store.save(finished_id, done, "last round")
    open_id = store.create_game(new_card("Cy", "Di"))
    assert store.unfinished_game().id == open_id
    history = store.games(finished=True)
    assert [g.id for g in history] == [finished_id]
    assert history[0].winners == ("Ann",)
    store.undo(finished_id)
    assert not store.game(finished_id).finished


def test_older_schema_is_migrated_with_every_score(tmp_path):
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1)
    conn.execute("INSERT INTO games VALUES (7, '2024-01-01 20:00:00', ?, ?, 0)",
                 (json.dumps(["Ann", "Bo"]), json.dumps({"set_max": 6})))
    conn.executemany("INSERT INTO scores VALUES (7, ?, ?, ?)",
                     [(0, "Ann", 5), (0, "Bo", 0), (1, "Ann", 50)])
    conn.commit()
    conn.close()
    store = Store(path)
    assert any("format 1" in n for n in store.notices)
    card = store.load(7)
    assert card.rules.set_max == 6 and card.round_headers()[0] == "6-6"
    assert card.totals() == {"Ann": 55, "Bo": 0}
    assert store.unfinished_game().id == 7
    version = store._conn.execute("SELECT version FROM schema_version").fetchone()[0]
    assert version == SCHEMA_VERSION
    store.close()


def test_newer_schema_is_refused_with_a_clear_message_and_left_alone(tmp_path):
    path = newer_version_database(tmp_path / "new.db")
    with pytest.raises(StoreError, match="newer chickenfoot"):
        Store(path)
    assert path.exists() and not list(tmp_path.glob("*.corrupt-*"))


def test_corrupt_file_is_kept_aside_and_a_fresh_one_started(tmp_path):
    path = tmp_path / "games.db"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    store = Store(path)
    assert len(store.notices) == 1 and "kept as" in store.notices[0]
    kept = list(tmp_path.glob("games.db.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not")
    game = store.create_game(new_card())
    assert store.load(game).players == ("Ann", "Bo")
    store.close()


@pytest.mark.parametrize("version", ["abc", b"\x00", 2.5])
def test_a_damaged_schema_version_is_kept_aside_not_a_traceback(tmp_path, version):
    """A version row that is no whole number (text, bytes) made the app stop with a
    TypeError: the file is damaged, kept aside, and a fresh one started."""
    path, _ = saved_then_changed(
        tmp_path, ("UPDATE schema_version SET version = ?", (version,)))
    fresh = Store(path)
    assert any("kept as" in n for n in fresh.notices)
    assert list(tmp_path.glob("games.db.corrupt-*")) and fresh.unfinished_game() is None
    fresh.close()


def saved_then_changed(tmp_path, *statements) -> tuple[Path, int]:
    """A scorecard file with one game (Ann 7 in round one), then changed by ``statements``
    (SQL, run as another program would)."""
    path = tmp_path / "games.db"
    store = Store(path)
    game = store.create_game(new_card())
    store.save(game, new_card().with_score(0, "Ann", 7), "Ann 7")
    store.close()
    conn = sqlite3.connect(path)
    for statement in statements:  # SQL, or (SQL, parameters)
        conn.execute(*(statement if isinstance(statement, tuple) else (statement,)))
    conn.commit()
    conn.close()
    return path, game


def test_a_version_row_set_back_on_a_current_file_keeps_every_game(tmp_path):
    """A current file whose version row says format 2 already has the column format 3
    adds: the games are read as they are (it said "duplicate column name")."""
    path, game = saved_then_changed(tmp_path, "UPDATE schema_version SET version = 2")
    again = Store(path)
    assert again.load(game).entry(0, "Ann").points == 7
    assert not list(tmp_path.glob("games.db.corrupt-*"))
    again.close()


def test_damaged_pages_are_detected(tmp_path):
    path = tmp_path / "games.db"
    store = Store(path)
    game = store.create_game(new_card())
    for i in range(40):
        store.save(game, new_card().with_score(0, "Ann", i), f"edit {i}")
    store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xa5" * (len(data) - 4096)  # every page but the first is garbage
    path.write_bytes(bytes(data))
    fresh = Store(path)
    assert fresh.notices and list(tmp_path.glob("games.db.corrupt-*"))
    fresh.close()


def test_full_disk_raises_a_clear_error_and_keeps_what_was_saved(store):
    game = store.create_game(new_card())
    saved = new_card().with_score(0, "Ann", 4)
    store.save(game, saved, "Ann 4")
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")
    big = new_card(*[f"Player{i}" for i in range(12)])
    for r in range(10):
        for p in big.players:
            big = big.with_score(r, p, 40)
    with pytest.raises(StoreWriteError, match="full"):
        for i in range(200):
            store.save(game, big, f"big {i}" * 50)
    assert store.load(game) in (saved, big)
    store._conn.execute("PRAGMA max_page_count = 1073741823")
    store.save(game, saved.with_score(0, "Bo", 1), "Bo 1")
    assert store.load(game).totals() == {"Ann": 4, "Bo": 1}


def test_concurrent_writers_lose_nothing(tmp_path):
    path = tmp_path / "games.db"
    Store(path).close()
    errors: list[BaseException] = []
    ids: dict[int, int] = {}

    def writer(n: int) -> None:
        try:
            s = Store(path)
            game = s.create_game(new_card())
            ids[n] = game
            card = new_card()
            for r in range(10):
                card = card.with_score(r, "Ann", n).with_score(r, "Bo", r)
                s.save(game, card, f"round {r}")
            s.close()
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    check = Store(path)
    for n, game in ids.items():
        card = check.load(game)
        assert card.totals() == {"Ann": 10 * n, "Bo": 45} and card.is_finished
        assert len(check.changes(game)) == 11
    check.close()


def test_same_game_from_two_connections_keeps_every_change(tmp_path):
    """Two windows on one game, each scoring its own player as fast as it can: a save
    based on a state the other window has moved past is refused, reloaded, redone."""
    path = tmp_path / "games.db"
    first = Store(path)
    game = first.create_game(new_card())
    barrier = threading.Barrier(2)
    refused = {"Ann": 0, "Bo": 0}

    def edit(who):
        s = Store(path)
        barrier.wait()
        for r in range(10):
            while True:
                card = s.load(game).with_score(r, who, r + 1)
                try:
                    s.save(game, card, f"{who} {r + 1}")
                    break
                except StoreConflict:
                    refused[who] += 1
        s.close()

    threads = [threading.Thread(target=edit, args=(w,)) for w in ("Ann", "Bo")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    card = first.load(game)
    assert card.totals() == {"Ann": 55, "Bo": 55} and card.is_finished
    assert [c[0] for c in first.changes(game)] == list(range(1, 22))
    first.close()


def test_a_save_based_on_an_older_state_is_refused_and_writes_nothing(tmp_path):
    path = tmp_path / "games.db"
    one, two = Store(path), Store(path)
    game = one.create_game(new_card())
    seen_by_two = two.load(game)
    one.save(game, one.load(game).with_score(0, "Ann", 12), "Ann 12 in round 1")
    assert two.changed_elsewhere(game) and not one.changed_elsewhere(game)
    with pytest.raises(StoreConflict, match=r"changed in another window \(it now stands "
                                            r"after Ann 12 in round 1\)"):
        two.save(game, seen_by_two.with_score(0, "Bo", 3), "Bo 3")
    with pytest.raises(StoreConflict):
        two.save(game, seen_by_two.with_score(0, "Bo", 3), "Bo 3")  # still refused
    with pytest.raises(StoreConflict):
        two.undo(game)  # would undo Ann's 12, unseen
    assert one.load(game).entry(0, "Ann").points == 12 and one.revision(game) == 2
    latest = two.load(game)  # read it: now two's saves build on it
    two.save(game, latest.with_score(0, "Bo", 3), "Bo 3")
    assert one.load(game).totals() == {"Ann": 12, "Bo": 3}
    assert one.undo(game)[1] == "Bo 3" and two.changed_elsewhere(game)
    # Reading for an export does not make a stale window's card the latest.
    two.export_json(game)
    with pytest.raises(StoreConflict):
        two.redo(game)
    one.close()
    two.close()


def test_a_store_that_never_read_a_game_cannot_write_it(tmp_path):
    path = tmp_path / "games.db"
    one = Store(path)
    game = one.create_game(new_card())
    other = Store(path)
    with pytest.raises(StoreConflict):
        other.save(game, new_card().with_score(0, "Ann", 1), "Ann 1")
    assert one.load(game) == new_card()
    one.close()
    other.close()


def test_format_2_files_get_a_revision_and_keep_every_game(tmp_path):
    path, game = saved_then_changed(tmp_path, "ALTER TABLE games DROP COLUMN revision",
                                    "UPDATE schema_version SET version = 2")
    again = Store(path)
    assert any("from format 2 to 3" in n for n in again.notices)
    assert again.load(game).entry(0, "Ann").points == 7
    again.save(game, again.load(game).with_score(0, "Bo", 1), "Bo 1")
    assert again.revision(game) == 2 and len(again.changes(game)) == 3
    again.close()


def crashed_copy(tmp_path, saves: int = 5):
    """A game whose changes are all still in the journal: the files as a crash leaves
    them (copied while the database is open). A save copies its pages into the file at
    once, unless a reader holds them back: another window in the middle of a read."""
    live = tmp_path / "live.db"
    store = Store(live)
    with closing(sqlite3.connect(live)) as reader:
        reader.execute("BEGIN")
        reader.execute("SELECT COUNT(*) FROM games").fetchone()
        game = store.create_game(new_card())
        card = new_card()
        for r in range(saves):
            card = card.with_score(r, "Ann", r + 1)
            store.save(game, card, f"Ann {r + 1}")
        path = tmp_path / "games.db"
        for suffix in ("", "-wal", "-shm"):
            shutil.copyfile(f"{live}{suffix}", f"{path}{suffix}")
        reader.rollback()
    store.close()
    return path, game


def test_garbage_in_the_journal_header_is_kept_aside_with_a_notice(tmp_path):
    path, _game = crashed_copy(tmp_path)
    wal = tmp_path / "games.db-wal"
    data = bytearray(wal.read_bytes())
    data[:32] = b"garbage!" * 4
    wal.write_bytes(bytes(data))
    store = Store(path)
    assert len(store.notices) == 1
    assert "journal games.db-wal" in store.notices[0] and "kept as" in store.notices[0]
    kept_wal = list(tmp_path.glob("games.db.corrupt-*-wal"))
    assert len(kept_wal) == 1 and kept_wal[0].read_bytes() == bytes(data)
    assert list(tmp_path.glob("games.db.corrupt-*[0-9]"))  # the database, as it was
    game = store.create_game(new_card())
    assert store.load(game) == new_card()
    store.close()
    assert Store(path).notices == []  # once set aside, the next start is quiet


def frames_of(wal) -> tuple[int, int]:
    """(page size, frames) of a journal."""
    data = wal.read_bytes()
    page = int.from_bytes(data[8:12], "big")
    return page, (len(data) - 32) // (24 + page)


def flipped(wal, frame: int, offset: int) -> bytearray:
    """The journal's bytes with one byte flipped, ``offset`` bytes into frame ``frame``
    (counted from 1)."""
    page, _frames = frames_of(wal)
    data = bytearray(wal.read_bytes())
    data[32 + (frame - 1) * (24 + page) + offset] ^= 0xFF
    return data


@pytest.mark.parametrize("where", ["page", "salt"])
def test_damage_inside_the_journal_is_kept_aside_and_the_changes_before_it_kept(
        tmp_path, where):
    # SQLite reads a journal up to its first bad frame and drops the rest in silence:
    # a flipped byte in the first frames lost every game without a word
    path, game = crashed_copy(tmp_path, saves=8)
    wal = tmp_path / "games.db-wal"
    _page, frames = frames_of(wal)
    assert frames >= 6
    damaged = frames - 3  # with sound frames after it
    data = flipped(wal, damaged, 24 + 100 if where == "page" else 8)
    wal.write_bytes(bytes(data))
    store = Store(path)
    assert len(store.notices) == 1, store.notices
    notice = store.notices[0]
    assert f"frame {damaged} of {frames} is damaged" in notice and "kept as" in notice
    assert "every change saved before the damage is kept" in notice
    kept_wal = list(tmp_path.glob("games.db.corrupt-*-wal"))
    assert len(kept_wal) == 1 and kept_wal[0].read_bytes() == bytes(data)
    card = store.load(game)  # the changes before the damage, as SQLite reads them
    assert 0 < card.totals()["Ann"] < sum(range(1, 9))
    store.close()
    assert Store(path).notices == []


def test_a_bad_last_frame_whole_is_no_damage(tmp_path):
    # a writer killed between a frame's header and its page leaves one: it was called damage
    path, _game = crashed_copy(tmp_path)
    wal = tmp_path / "games.db-wal"
    _page, frames = frames_of(wal)
    wal.write_bytes(bytes(flipped(wal, frames, 200)))
    store = Store(path)
    assert store.notices == [] and not list(tmp_path.glob("*.corrupt-*"))
    store.close()


def test_a_journal_cut_short_in_its_last_frame_is_no_damage(tmp_path):
    # what a write cut short leaves: SQLite drops the last change, rightly, and says so
    # nowhere; neither does the app
    path, game = crashed_copy(tmp_path)
    wal = tmp_path / "games.db-wal"
    page, frames = frames_of(wal)
    wal.write_bytes(bytes(flipped(wal, frames, 200)[:-page // 2]))
    store = Store(path)
    assert store.notices == [] and not list(tmp_path.glob("*.corrupt-*"))
    store.close()


def test_a_sound_journal_is_left_alone_and_read(tmp_path):
    path, game = crashed_copy(tmp_path)
    store = Store(path)
    assert store.notices == [] and not list(tmp_path.glob("*.corrupt-*"))
    assert store.load(game).totals()["Ann"] == 15
    store.close()


@pytest.mark.parametrize("header", [
    b"\x37\x7f\x06\x82" + bytes(28),  # the magic, then a wrong checksum
    b"\x01",  # cut short
])
def test_journal_header_problems_are_named(header):
    assert wal_header_problem(header) is not None


def test_an_emptied_database_is_kept_aside_with_a_notice(tmp_path):
    path = tmp_path / "games.db"
    path.write_bytes(b"")
    os.utime(path, (time.time() - 60, time.time() - 60))
    store = Store(path)
    assert len(store.notices) == 1 and "was empty (0 bytes)" in store.notices[0]
    assert len(list(tmp_path.glob("games.db.corrupt-*"))) == 1
    store.close()


def test_a_file_another_program_has_just_created_is_not_taken_for_damage(tmp_path):
    path = tmp_path / "games.db"
    path.write_bytes(b"")  # just now: another chickenfoot is about to fill it
    store = Store(path)
    assert store.notices == [] and not list(tmp_path.glob("*.corrupt-*"))
    store.close()


def test_a_window_opening_a_new_file_while_another_writes_it_waits_its_turn(tmp_path):
    # Turning a new file to WAL while another program holds its write lock is answered
    # "locked" at once, without SQLite's busy wait: two windows started together hit it.
    path = tmp_path / "games.db"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.3, other.execute, ("COMMIT",))
    release.start()
    try:
        store = Store(path)
    finally:
        release.join()
        other.close()
    game = store.create_game(new_card())
    assert store.notices == [] and store.load(game).players == ("Ann", "Bo")
    store.close()


def test_export_csv_and_json(store, tmp_path):
    card = new_card()
    for r in range(10):
        card = card.with_score(r, "Ann", 0 if r % 2 else 6).with_score(r, "Bo", 3)
    game = store.create_game(new_card())
    store.save(game, card, "all")
    rows = list(csv.reader(io.StringIO(store.export_csv(game).lstrip("\ufeff"))))
    assert rows[0][:3] == ["Player", "Round 9|9", "Round 8|8"]
    assert rows[0][-2:] == ["Total", "Zero rounds"]
    assert rows[1][0] == "Ann" and rows[1][-2:] == ["30", "5"]
    data = json.loads(store.export_json(game))
    assert data["totals"] == {"Ann": 30, "Bo": 30} and data["winners"] == ["Ann"]
    assert "Double-blank (0-0) counts: 50" in data["rules_in_words"]
    assert "Hand size: seven (7 each for 2 players)" in data["rules_in_words"]
    csv_path, json_path = store.export_files(game, tmp_path / "out")
    assert csv_path.read_bytes().startswith(b"\xef\xbb\xbfPlayer,Round 9|9")
    assert json_path.exists()


DATE_LIKE = re.compile(r"^\s*\d{1,4}\s*[-/.]\s*\d{1,2}(\s*[-/.]\s*\d{1,4})?\s*$")


def test_exported_csv_reads_back_as_a_spreadsheet_would(store, tmp_path):
    """UTF-8 with BOM, no cell a spreadsheet turns into a date, went out distinct from 0,
    a winner row, and the rules apart from the table after a blank line."""
    card = Scorecard.new(("José", "Zoë", "Bo"), RuleSet())
    for r in range(10):
        card = (card.with_score(r, "José", 0, went_out=True).with_score(r, "Zoë", 0)
                .with_score(r, "Bo", 7))
    game = store.create_game(card)
    csv_path, _ = store.export_files(game, tmp_path / "out")
    with csv_path.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][0] == "Player" and rows[1][0] == "José" and rows[2][0] == "Zoë"
    assert not [c for row in rows for c in row if DATE_LIKE.match(c)]
    assert rows[1][1] == "went out" and rows[2][1] == "0" and rows[3][1] == "7"
    assert rows[1][-2:] == ["0", "10"] and rows[2][-2:] == ["0", "10"]
    blank = rows.index([])
    table, rules = rows[:blank], rows[blank + 1:]
    assert table[-1][:2] == ["Winner", "José and Zoë"]  # tied on 0 with 10 zero rounds each: shared
    assert all(len(row) == len(table[0]) for row in table[:-1])
    assert rules[0] == ["House rules"]
    assert ["Double-blank (0-0) counts: 50"] in rules
    assert ["Hand size: seven (7 each for 3 players)"] in rules


def test_a_name_a_spreadsheet_would_run_is_exported_as_text(store):
    card = Scorecard.new(("=HYPERLINK(\"http://x\")", "+1", "@Bo", "-Cy", "Dee"), RuleSet())
    game = store.create_game(card.with_score(0, "+1", 12))
    rows = list(csv.reader(io.StringIO(store.export_csv(game).lstrip("\ufeff"))))
    assert [row[0] for row in rows[1:6]] == ["'=HYPERLINK(\"http://x\")", "'+1", "'@Bo",
                                            "'-Cy", "Dee"]
    assert rows[2][1] == "12"  # numbers stay numbers
    assert not [c for row in rows for c in row if c[:1] in ("=", "+", "-", "@")]


def test_csv_of_an_unfinished_game_says_no_winner_yet(store):
    game = store.create_game(new_card().with_score(0, "Ann", 12))
    rows = list(csv.reader(io.StringIO(store.export_csv(game).lstrip("\ufeff"))))
    assert rows[1][1:3] == ["12", ""]
    assert rows[3][:2] == ["Winner", "no winner yet"]


def test_read_only_database_says_so(store):
    game = store.create_game(new_card())
    store._conn.execute("PRAGMA query_only = ON")
    with pytest.raises(StoreWriteError, match="read-only"):
        store.save(game, new_card().with_score(0, "Ann", 1), "Ann 1")
    store._conn.execute("PRAGMA query_only = OFF")
    assert store.load(game) == new_card()


def test_a_damaged_game_row_is_a_store_error_and_the_others_stay_listed(store):
    good = store.create_game(new_card("Ann", "Bo"))
    bad = store.create_game(new_card("Cy", "Di"))
    worse = store.create_game(new_card("Ed", "Flo"))
    store._conn.execute("UPDATE games SET players = '[not json' WHERE id = ?", (bad,))
    store._conn.execute("UPDATE games SET cursor = 'x', winners = '5' WHERE id = ?", (worse,))
    listed = {g.id: g for g in store.games()}
    assert sorted(listed) == sorted([good, bad, worse])  # damaged ones listed, not hidden
    assert listed[good].damaged == ""
    assert "damaged" in listed[bad].damaged and "damaged" in listed[worse].damaged
    assert listed[worse].players == ("Ed", "Flo")
    assert store.unfinished_game().id == good
    with pytest.raises(StoreError, match=f"game {bad} is damaged"):
        store.game(bad)
    with pytest.raises(StoreError, match=f"game {worse} is damaged"):
        store.load(worse)
    assert store.load(good).players == ("Ann", "Bo")


def test_another_programs_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "photos.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO albums (name) VALUES ('holiday')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="database of another program, not a chickenfoot "
                                         "scorecard$"):
        Store(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos.db"]


@pytest.mark.parametrize("made", ["PRAGMA user_version = 1", "PRAGMA application_id = 7",
                                  "CREATE VIEW one AS SELECT 1"])
def test_another_programs_database_without_a_table_yet_is_refused_and_left_untouched(
        tmp_path, made):
    # a database its program had marked but not yet filled was made a scorecard
    path = tmp_path / "photos.db"
    conn = sqlite3.connect(path)
    conn.execute(made)
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="database of another program"):
        Store(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos.db"]


def test_a_named_file_that_is_no_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"important notes\n")
    with pytest.raises(StoreError, match="not a chickenfoot scorecard .not a database at all."):
        Store(path, named=True)
    assert path.read_bytes() == b"important notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    # a scorecard damaged inside, or emptied, is still kept aside for a fresh one
    empty = tmp_path / "empty.db"
    empty.touch()
    Store(empty, named=True).close()


@pytest.mark.parametrize("damage, said", [
    (lambda text: text.replace('"points": 12', '"points": ' + "9" * 5000),
     "its saved text is damaged (it holds a number too long to read)"),
    (lambda text: text[:len(text) // 2], "its saved text is damaged"),
    # int() turned these into a crash at every start (1e400 is infinity), 1 and 44
    (lambda text: text.replace('"points": 12', '"points": 1e400'), "a stored score is inf"),
    (lambda text: text.replace('"points": 12', '"points": true'), "a stored score is True"),
    (lambda text: text.replace('"points": 12', '"points": 44.5'), "a stored score is 44.5"),
    (lambda text: text.replace('"set_max": 9', '"set_max": 1e400'), "set-max must be a whole"),
    (lambda text: text.replace('"set_max": 9', '"set_max": 9.0'), "set-max must be a whole"),
    (lambda text: text.replace('"players": ["Ann"', '"players": [{"a": 1}'),
     "a stored player's name is not text"),
])
def test_a_damaged_saved_card_is_refused_in_words_not_python_s(tmp_path, damage, said):
    path = tmp_path / "games.db"
    store = Store(path)
    game = store.create_game(new_card())
    store.save(game, new_card().with_score(0, "Ann", 12), "Ann 12")
    store.close()
    with sqlite3.connect(path) as conn:
        (text,) = conn.execute("SELECT card FROM snapshots ORDER BY seq DESC").fetchone()
        assert '"points": 12' in text
        conn.execute("UPDATE snapshots SET card = ? WHERE card = ?", (damage(text), text))
    again = Store(path)
    with pytest.raises(StoreError) as refused:
        again.load(game)
    message = str(refused.value)
    assert message.startswith(f"game {game} could not be read back: {said}")
    assert "sys." not in message and len(message) < 200
    again.close()


def test_a_path_too_long_for_the_system_is_one_line_not_a_traceback(tmp_path):
    with pytest.raises(StoreError) as refused:
        Store(tmp_path / ("e" * 300 + ".db"))
    message = str(refused.value)
    assert "File name too long" in message and len(message) < 200


def test_a_named_file_in_a_folder_that_does_not_exist_is_refused_not_made(tmp_path):
    with pytest.raises(StoreError, match="the folder .* does not exist"):
        Store(tmp_path / "typo" / "deeper" / "games.db", named=True)
    assert list(tmp_path.iterdir()) == []
    Store(tmp_path / "made" / "games.db").close()  # the default path's folders are made
    assert (tmp_path / "made" / "games.db").is_file()


def test_a_file_made_writable_again_is_written_by_the_next_save(tmp_path, monkeypatch):
    # a connection that found the file read-only stayed so after a chmod: every retry
    # failed as "read-only" and only quitting without the change was left
    path = tmp_path / "games.db"
    store = Store(path)
    game = store.create_game(new_card())
    store._conn.close()
    store._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    with pytest.raises(StoreWriteError, match="read-only"):
        store.save(game, new_card().with_score(0, "Ann", 3), "Ann 3")
    store.save(game, new_card().with_score(0, "Ann", 3), "Ann 3")  # a new connection
    assert Store(path).load(game).entry(0, "Ann").points == 3
    store.close()


def test_a_read_only_file_is_said_when_it_is_opened(tmp_path, monkeypatch):
    path = tmp_path / "games.db"
    Store(path).close()
    monkeypatch.setattr("tui.store.os.access", lambda p, mode: False)
    store = Store(path)
    assert any("is read-only" in n and "no change is saved" in n for n in store.notices)
    store.close()


def _writable_by_mode(path, mode):
    """os.access as a user who is not root sees it: by the file's mode alone."""
    return bool(os.stat(path).st_mode & 0o200) if mode == os.W_OK else True


def test_a_damaged_read_only_file_kept_aside_is_not_said_read_only(tmp_path, monkeypatch):
    # the fresh file that takes its place can be written: "no change is saved" was false
    path = tmp_path / "games.db"
    whole = tmp_path / "whole.db"
    Store(whole).close()
    path.write_bytes(whole.read_bytes()[:5000])
    path.chmod(0o444)
    monkeypatch.setattr("tui.store.os.access", _writable_by_mode)
    store = Store(path)
    assert any("kept as" in n for n in store.notices)
    assert not any("read-only" in n for n in store.notices)
    store.close()


def test_side_files_a_read_only_session_left_are_made_writable_with_the_file(tmp_path):
    # SQLite makes -wal and -shm with the file's mode: after a session on a 0444 file they
    # stayed 0444, and once the file was writable again every save failed as read-only
    path = tmp_path / "games.db"
    Store(path).close()
    for suffix, left in (("-wal", b""), ("-shm", bytes(32768))):  # as such a session leaves
        side = tmp_path / f"games.db{suffix}"
        side.write_bytes(left)
        side.chmod(0o444)
    path.chmod(0o640)
    store = Store(path)
    for suffix in ("-wal", "-shm"):
        side = tmp_path / f"games.db{suffix}"
        assert side.stat().st_mode & 0o777 == 0o640  # while open: SQLite keeps them
    store.close()


def test_a_file_the_user_may_not_read_is_said_in_words_not_sqlites(tmp_path, monkeypatch):
    # a 000-mode scorecard: "cannot open games.db: unable to open database file"
    path = tmp_path / "games.db"
    Store(path).close()

    def refused(self):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(Store, "_open", refused)
    monkeypatch.setattr("tui.store.os.access", lambda p, mode: mode != os.R_OK)
    with pytest.raises(StoreError, match="you may not read it"):
        Store(path)


def test_a_link_to_a_place_that_is_not_there_is_said_as_such(tmp_path):
    # SQLite's words alone: "cannot open games.db: unable to open database file"
    path = tmp_path / "games.db"
    path.symlink_to(tmp_path / "gone" / "games.db")
    with pytest.raises(StoreError, match="it is a link to .*gone/games.db, which is not there"):
        Store(path)
    assert path.is_symlink() and not (tmp_path / "gone").exists()


def test_a_new_file_that_could_not_be_filled_is_not_left_behind(tmp_path, monkeypatch):
    # a full disk left a 0-byte file, which the next start called damaged and kept aside
    path = tmp_path / "games.db"

    def full_disk(self):
        sqlite3.connect(self.path).close()  # SQLite has made the file, empty
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "_open", full_disk)
    with pytest.raises(StoreError, match="full"):
        Store(path)
    assert not path.exists()
    path.write_bytes(b"")  # an empty file that was there before is left to inspect
    with pytest.raises(StoreError):
        Store(path)
    assert path.exists()


def test_a_deleted_game_s_number_is_never_given_again(tmp_path):
    # a window still showing deleted game 2 would otherwise save onto a new game 2 made
    # in another window (same number, and maybe the same revision)
    path = tmp_path / "games.db"
    store = Store(path)
    first, second = store.create_game(new_card()), store.create_game(new_card())
    store.delete_game(second)
    third = store.create_game(new_card())
    assert third not in (first, second)
    other = Store(path)  # another window
    other.delete_game(third)
    other.delete_game(first)
    fourth = other.create_game(new_card("Cy", "Di"))
    assert fourth > third
    with pytest.raises(GameMissing):
        store.save(third, new_card().with_score(0, "Ann", 5), "Ann 5")
    assert other.load(fourth).players == ("Cy", "Di")
    store.close()
    other.close()


@pytest.mark.parametrize("bytes_over", [b"", b"\xff\xd8\xff\xe0" + bytes(range(256)) * 40])
def test_a_file_overwritten_while_open_is_said_and_never_written_into(tmp_path, bytes_over):
    # `cp photo.jpg scorecard` while the app is open: the same file, other bytes. Reads
    # raised SQLite's own error, and the close wrote the journal's pages into the photo
    path = tmp_path / "s.db"
    store = Store(path)
    game = store.create_game(new_card())
    card = store.load(game)
    for points in (10, 11, 12):
        card = card.with_score(0, "Ann", points)
        store.save(game, card, f"Ann {points}")
    with open(path, "r+b") as file:
        file.truncate(0)
        file.write(bytes_over)
    with pytest.raises(StoreDamaged, match="damaged or overwritten while the app was open"):
        store.changed_elsewhere(game)
    with pytest.raises(StoreWriteError, match="damaged or overwritten"):
        store.save(game, card.with_score(0, "Bo", 5), "Bo 5")
    store.close()
    assert path.read_bytes() == bytes_over


def test_a_read_kept_waiting_by_a_lock_is_not_called_damage(tmp_path):
    store = Store(tmp_path / "s.db")
    game = store.create_game(new_card())

    class Locked:  # the connection, its reads kept waiting by another program's write
        def __init__(self, conn):
            self.conn = conn

        def execute(self, sql, *args):
            if sql == "BEGIN":
                raise sqlite3.OperationalError("database is locked")
            return self.conn.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.conn, name)

    real, store._conn = store._conn, Locked(store._conn)
    try:
        with pytest.raises(StoreError) as caught:
            store.revision(game)
        assert not isinstance(caught.value, StoreDamaged)
        assert "locked by another program" in str(caught.value)
    finally:
        store._conn = real
        store.close()


def test_an_export_is_of_the_card_given_and_written_whole_or_not_at_all(store, tmp_path,
                                                                        monkeypatch):
    card = Scorecard.new(("Ann", "Bo"), RuleSet()).with_score(0, "Ann", 7)
    game = store.create_game(card)
    shown = card.with_score(0, "Bo", 8)  # a change on screen, not saved yet
    csv_path, json_path = store.export_files(game, tmp_path / "out", card=shown)
    assert json.loads(json_path.read_text())["totals"] == {"Ann": 7, "Bo": 8}
    before = csv_path.read_bytes()

    def full_disk(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    with pytest.raises(StoreWriteError, match="No space left on device"):
        store.export_files(game, tmp_path / "out")
    assert csv_path.read_bytes() == before  # the last good export, not an empty file
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["games-game-1.csv",
                                                                     "games-game-1.json"]


def test_two_scorecard_files_in_one_folder_export_under_names_of_their_own(tmp_path):
    # a.db and b.db both have a game 1: its export went to exports/game-1.csv for both,
    # and each export wrote over the other's
    exported = {}
    for name, points in (("a.db", 7), ("b.db", 9)):
        with closing(Store(tmp_path / name)) as each:
            game = each.create_game(new_card().with_score(0, "Ann", points))
            exported[name] = each.export_files(game)
    (a_csv, a_json), (b_csv, b_json) = exported["a.db"], exported["b.db"]
    assert json.loads(a_json.read_text())["totals"]["Ann"] == 7  # not b's, written over
    assert json.loads(b_json.read_text())["totals"]["Ann"] == 9
    assert a_csv.read_text(encoding="utf-8-sig").splitlines()[1].split(",")[1] == "7"
    assert (a_csv.name, a_json.name) == ("a-game-1.csv", "a-game-1.json")
    assert (b_csv.name, b_json.name) == ("b-game-1.csv", "b-game-1.json")
    assert a_csv.parent == b_csv.parent == tmp_path / "exports"


def test_the_default_scorecard_file_exports_as_game_n(tmp_path):
    with closing(Store(tmp_path / DB_NAME)) as store:
        game = store.create_game(new_card())
        csv_path, json_path = store.export_files(game)
    assert csv_path == tmp_path / "exports" / "game-1.csv"
    assert json_path == tmp_path / "exports" / "game-1.json"


@pytest.mark.parametrize(("free", "writable", "says"), [
    (0, True, "the disk is full (disk I/O error)"),
    (10 << 30, False, "its folder is read-only: the scorecard writes beside the file "
                      "(disk I/O error)"),
    (10 << 30, True, ": disk I/O error"),
])
def test_a_file_that_cannot_be_opened_says_what_the_folder_shows(tmp_path, monkeypatch,
                                                                free, writable, says):
    from collections import namedtuple

    import tui.store as store_module

    path = tmp_path / "games.sqlite3"
    Store(path).close()

    def refused(self):
        raise sqlite3.OperationalError("disk I/O error")

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(Store, "_open_waiting", refused)
    monkeypatch.setattr(store_module.shutil, "disk_usage", lambda _: usage(1, 1, free))
    monkeypatch.setattr(store_module.os, "access", lambda *_: writable)
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert str(caught.value).endswith(says) and "cannot open" in str(caught.value)
    assert path.stat().st_size > 0  # nothing moved aside or emptied


def two_windows_with_two_scores(tmp_path):
    """Two windows on one game; the other has saved Ann 5, then Bo 6."""
    path = tmp_path / "games.sqlite3"
    mine, other = Store(path), Store(path)
    card = Scorecard.new(("Ann", "Bo"), RuleSet())
    game = mine.create_game(card)
    other.load(game)
    other.save(game, card.with_score(0, "Ann", 5), "Ann 5")
    other.save(game, card.with_score(0, "Ann", 5).with_score(0, "Bo", 6), "Bo 6")
    return mine, other, card, game


def test_what_another_window_did_is_said_as_done_or_undone(tmp_path):
    mine, other, card, game = two_windows_with_two_scores(tmp_path)
    assert mine.change_elsewhere_words(game) == "Bo 6"
    mine.load(game)
    other.undo(game)
    assert mine.change_elsewhere_words(game) == "undone: Bo 6"
    other.undo(game)
    assert mine.change_elsewhere_words(game) == "undone: Bo 6 and 1 before it"
    mine.load(game)
    other.save(game, card.with_score(0, "Ann", 9), "Ann 9")  # the undone ones dropped
    assert mine.change_elsewhere_words(game) == "Ann 9"
    mine.close()
    other.close()


def test_a_redo_in_another_window_is_said_as_redone(tmp_path):
    mine, other, card, game = two_windows_with_two_scores(tmp_path)
    other.undo(game)
    other.undo(game)
    mine.load(game)  # Ann 5 and Bo 6 undone, both there to redo
    other.redo(game)
    assert mine.change_elsewhere_words(game) == "redone: Ann 5"
    other.redo(game)
    assert mine.change_elsewhere_words(game) == "redone: Bo 6 and 1 before it"
    other.undo(game)
    mine.load(game)  # Bo 6 undone; then, elsewhere, Bo 7 typed in its place
    other.save(game, card.with_score(0, "Ann", 5).with_score(0, "Bo", 7), "Bo 7")
    assert mine.change_elsewhere_words(game) == "Bo 7"  # a new change, not a redo
    mine.load(game)
    other.undo(game)
    other.undo(game)
    mine.load(game)  # Ann 5 and Bo 7 undone; elsewhere Ann 5 redone, then Bo 8 typed
    other.redo(game)
    other.save(game, card.with_score(0, "Ann", 5).with_score(0, "Bo", 8), "Bo 8")
    assert mine.change_elsewhere_words(game) == "Bo 8"
    mine.close()
    other.close()
