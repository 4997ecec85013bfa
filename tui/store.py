"""Where games live: one SQLite file, every change committed the moment it is made.

Design
------
* ``games``: one row per game (players, when, finished, winners), ``cursor``, the
  snapshot the game is at now, and ``revision``, counted up by every change, undo and redo.
* ``snapshots``: the whole scorecard as JSON after every change, numbered 1, 2, 3... per
  game, with a label ("Ann: 12 in round 9-9"). Undo moves the cursor back, redo forward;
  a new change after an undo drops the snapshots past the cursor. The cursor is stored,
  so undo and redo survive a restart. A scorecard is a few kilobytes, so whole snapshots
  are simpler and safer than replaying events.
* ``schema_version``: one row. Version 1 files (one row per score, no undo) and version 2
  files (no revision) are migrated in place, inside one transaction, when opened.
* Two windows on one game: a Store remembers the revision of each game it last read or
  wrote. A save, undo or redo checks, inside its write transaction, that the game is still
  at that revision; if another window or program changed it meanwhile, nothing is written
  and ``StoreConflict`` says what changed. The caller loads the game again (which accepts
  the newer revision) and puts its change on it, or drops it; a Store never writes over a
  change it has not read.
* WAL journal with ``synchronous=FULL``: a crash, a closed terminal or a pulled plug loses
  nothing that was committed; several programs may write the same file at once (writes
  take the lock with ``BEGIN IMMEDIATE`` and wait for it up to ``BUSY_TIMEOUT_S``; opening
  waits as long, even where SQLite itself answers "locked" at once).
* A file that is not a readable database, a damaged journal and a database cut to 0 bytes
  are moved aside (renamed, never deleted; see ``store_files``) and a fresh one is started
  (or, for the journal, the database as it was before it); ``Store.notices`` says so in
  one line.
* Writes that fail (disk full, read-only file) raise ``StoreWriteError`` with one line a
  player understands; the caller keeps its game in memory and tries again later.
* The file deleted while the app is open (its folder too): SQLite goes on writing the
  deleted file, which nobody opens again, and every later change would be lost unsaid.
  Each write first checks that the file at the path is still the one opened; a file gone
  is written again from the open connection (every game and change) and said in
  ``notices``; another file put there is opened instead, so the usual check of the game's
  revision keeps either side's scores; a folder there refuses the write, in words.
* The file overwritten in place while the app is open (emptied, or another file copied
  over it): each write first checks that the file still begins as a database does, and
  refuses, in words, to write into anything else (a photo copied over it stays a photo);
  a read that finds the file damaged says so as ``StoreDamaged``, never as SQLite's own
  error, and the app keeps its game on screen, unsaved. Each save copies the journal's
  pages into the file at once (a passive checkpoint), so closing a file overwritten
  meanwhile writes nothing into it.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from scorer.json_text import JsonProblem, read_json
from scorer.messages import clip, clip_name
from scorer.scorecard import Scorecard
from tui.export_csv import game_csv
from tui.store_files import inspect, move_aside, not_a_database, side_files_writable
from vision.whole_file import write_whole

ENV_VAR = "CHICKENFOOT_DB"
DB_NAME = "chickenfoot.sqlite3"
SCHEMA_VERSION = 3
BUSY_TIMEOUT_S = 10.0
# Less room than this beside the file: SQLite cannot write its journal, and says only
# "disk I/O error"
LOW_DISK_BYTES = 1 << 20

# Version 1 kept one row per score and no history. Kept here so the migration has a
# precise source and tests can build such a file.
SCHEMA_V1 = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    players TEXT NOT NULL,          -- JSON list, seat order
    rules TEXT NOT NULL,            -- JSON RuleSet.to_dict()
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE scores (
    game_id INTEGER NOT NULL REFERENCES games(id),
    round INTEGER NOT NULL,
    player TEXT NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY (game_id, round, player)
);
INSERT INTO schema_version VALUES (1);
"""

SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    players TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    winners TEXT NOT NULL DEFAULT '',
    cursor INTEGER NOT NULL DEFAULT 0,
    revision INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    label TEXT NOT NULL,
    card TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StoreError(Exception):
    """A problem with the scorecard database, in one line a player understands."""


class StoreWriteError(StoreError):
    """A change could not be saved (disk full, read-only file, locked too long)."""


class StoreDamaged(StoreError):
    """The scorecard file was damaged or overwritten while it was open."""


class GameMissing(StoreError):
    """The game is not in the file (deleted in another window, or never there)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no game {game_id}")
        self.game_id = game_id


class StoreConflict(StoreError):
    """The game was changed by another window or program since this Store read it; nothing
    was written. ``label`` is the change the game now stands after ("Bo 12 in round 1
    (9-9)"): after an undo there, an older change than the one made."""

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(f"game {game_id} was changed in another window (it now stands "
                         f"after {label})")
        self.game_id = game_id
        self.label = label


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    created: str
    updated: str
    players: tuple[str, ...]
    finished: bool
    winners: tuple[str, ...]
    cursor: int
    damaged: str = ""  # why the game cannot be listed or opened; "" = sound


def default_db_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("chickenfoot", appauthor=False)) / DB_NAME


def export_name(db_path: Path, game_id: int) -> str:
    """The name a game's CSV and JSON share, after the scorecard file it is kept in: two
    files in one folder (a.db, b.db) both have a game 1, and one name for both made each
    export write over the other's. The default file keeps plain game-N."""
    if db_path.name == DB_NAME:
        return f"game-{game_id}"
    return f"{db_path.stem}-game-{game_id}"


def db_was_named(args, environ: Mapping[str, str] | None = None) -> bool:
    """Whether the player named the scorecard file (``--db`` or $CHICKENFOOT_DB)."""
    env = os.environ if environ is None else environ
    return bool(getattr(args, "db", None) or env.get(ENV_VAR, "").strip())


def resolve_db_path(option: str | None = None,
                    environ: Mapping[str, str] | None = None) -> Path:
    """``--db PATH`` first, then $CHICKENFOOT_DB, then the user's data directory."""
    env = os.environ if environ is None else environ
    if option is not None and not option.strip():
        raise StoreError("--db names no file")
    if option:
        return Path(option).expanduser()
    if env.get(ENV_VAR, "").strip():  # only spaces: unset, as XDG's variables are
        return Path(env[ENV_VAR]).expanduser()
    return default_db_path()


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


def _of_another_program(conn: sqlite3.Connection) -> bool:
    """Whether a database without chickenfoot's tables is another program's: it holds
    anything at all (tables, views, indexes, triggers), or its header was marked by its
    program (``user_version`` or ``application_id``, which chickenfoot leaves at 0) even
    before that program made a table."""
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    if "schema_version" in names:
        return False
    marked = any(conn.execute(f"PRAGMA {mark}").fetchone()[0]
                 for mark in ("user_version", "application_id"))
    return bool(names) or marked


def _is_busy(error: sqlite3.Error) -> bool:
    text = str(error).lower()
    return "locked" in text or "busy" in text


def _stored_card_problem(error: Exception) -> str:
    """What is wrong with a stored scorecard, in words (not Python's)."""
    if isinstance(error, JsonProblem):
        return f"its saved text is damaged ({error})"
    if isinstance(error, KeyError):
        return f"a saved field is missing ({clip(str(error.args[0]) if error.args else '')})"
    return clip(str(error), 80)


def _remove_empty(path: Path) -> None:
    """The database and its side files, where they hold nothing (as a failed first open
    leaves them); a file with bytes in it is never removed."""
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if file.is_file() and file.stat().st_size == 0:
                file.unlink()
        except OSError:
            pass


def _file_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path``; None when there is none."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _emptied_or_overwritten(path: Path) -> bool:
    """Whether the file at ``path`` no longer begins as a database does (cut to nothing,
    or another file's bytes written over it)."""
    try:
        return path.stat().st_size == 0 or not_a_database(path)
    except OSError:
        return False


def _is_read_only(error: sqlite3.Error) -> bool:
    text = str(error).lower()
    return "readonly" in text or "read-only" in text


def _write_message(error: sqlite3.Error, path: str) -> str:
    text = str(error).lower()
    if "full" in text:
        return f"the disk holding {path} is full"
    if _is_read_only(error):
        return f"{path} is read-only"
    if _is_busy(error):
        return f"{path} is locked by another program"
    if "disk i/o" in text:
        return f"the disk holding {path} reported an error"
    return f"{path}: {error}"


class Store:
    """Games on disk. One Store per thread (sqlite3 connections are not shared)."""

    def __init__(self, path: Path | str, named: bool = False) -> None:
        """Open (or start) the scorecard file ``path``. A file that is no database at all
        is kept aside as damaged, unless the player ``named`` it (``--db``): it is then
        left as it is and refused, since it is far likelier some other file named by
        mistake than a scorecard damaged from its first byte. The folders of the default
        path are made as needed; those of a named one must exist (a typo would otherwise
        make a tree of folders)."""
        self.path = Path(path)
        self.notices: list[str] = []
        self._seen: dict[int, int] = {}  # game id -> revision last read or written here
        self._at_seen: dict[int, int] = {}  # game id -> its cursor then
        # game id -> the changes redo could bring back then, (label, written at) each:
        # what tells a redo elsewhere from a new change made in the place of one undone
        self._ahead_seen: dict[int, list[tuple[str, str]]] = {}
        self._read_only = False  # the last write found the file read-only
        self._opened: tuple[int, int] | None = None  # (device, inode) of the file opened
        try:
            if self.path.exists() and not self.path.is_file():  # a folder, /dev/zero, a FIFO
                raise StoreError(f"{self.shown} is not a file a scorecard can be kept in")
            if named and not_a_database(self.path):
                raise StoreError(f"{self.shown} is not a chickenfoot scorecard (not a "
                                 f"database at all); it was left as it is")
            if named and not self.path.parent.is_dir():
                raise StoreError(f"cannot prepare {self.shown}: the folder "
                                 f"{clip_name(self.path.parent)} does not exist")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            damage = inspect(self.path)
        except OSError as error:
            detail = error.strerror or str(error)
            if error.filename2:  # keeping a damaged or emptied file aside failed
                detail = (f"it looks damaged or empty and could not be kept aside as "
                          f"{Path(error.filename2).name} ({detail})")
            raise StoreError(f"cannot prepare {self.shown}: {detail}") from None
        if damage:
            self.notices.append(damage)
        side_files_writable(self.path)
        made_here = not self.path.exists()
        try:
            self._open_first()
        except StoreError:
            if made_here:  # a file this call made and could not fill: gone, not "damaged"
                _remove_empty(self.path)
            raise
        # said of the file opened: a damaged read-only one kept aside leaves a fresh one
        if not os.access(self.path, os.W_OK):
            self.notices.append(
                f"The scorecard file {self.shown} is read-only: its games can be looked "
                "at, and no change is saved until it can be written.")

    def _open_first(self) -> None:
        try:
            self._conn = self._open_waiting()
        except sqlite3.DatabaseError as error:
            if isinstance(error, sqlite3.OperationalError) and not self._looks_corrupt(error):
                raise StoreError(f"cannot open {self.shown}: {self._why_not(error)}") from None
            aside = self._move_aside()
            self.notices.append(
                f"The scorecard file {self.shown} could not be read ({error}); it was kept "
                f"as {aside.name} and a fresh one was started.")
            try:
                self._conn = self._open()
            except sqlite3.Error as again:
                raise StoreError(f"cannot open {self.shown}: {again}") from None

    def _why_not(self, error: sqlite3.OperationalError) -> str:
        """SQLite's reason for not opening the file, in a player's words where it names a
        cause the folder shows: the scorecard writes its journal beside the file, so a
        full disk or a read-only folder stop it even from showing saved games."""
        if self.path.is_symlink() and not self.path.exists():  # SQLite says only "unable"
            return f"it is a link to {clip_name(os.readlink(self.path))}, which is not there"
        folder = self.path.parent
        try:
            free = shutil.disk_usage(folder).free
        except OSError:
            free = None
        if free is not None and free < LOW_DISK_BYTES:
            return f"the disk is full ({error})"
        if not os.access(folder, os.W_OK):
            return f"its folder is read-only: the scorecard writes beside the file ({error})"
        if self.path.exists() and not os.access(self.path, os.R_OK):
            return "you may not read it (its permissions forbid it)"
        return str(error)

    @property
    def shown(self) -> str:
        """The file's path as messages show it: clipped, control characters escaped."""
        return clip_name(self.path)

    # -- opening --------------------------------------------------------------------
    @staticmethod
    def _looks_corrupt(error: sqlite3.Error) -> bool:
        text = str(error).lower()
        return any(w in text for w in ("not a database", "malformed", "corrupt",
                                        "file is encrypted"))

    def _open_waiting(self) -> sqlite3.Connection:
        """``_open``, tried again while another program holds the file. SQLite answers
        some statements busy at once, without its busy handler: turning a new file to WAL
        while a second window opens it too is one. Opening is safe to repeat."""
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        while True:
            try:
                return self._open()
            except sqlite3.OperationalError as error:
                if not _is_busy(error) or time.monotonic() > deadline:
                    raise
                time.sleep(random.uniform(0.01, 0.05))

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            check = conn.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(check[0] if check else "malformed database")
            if _of_another_program(conn):
                # Checked before anything is written: that file is left exactly as it is.
                raise StoreError(
                    f"{self.shown} is an SQLite database of another program, not a "
                    f"chickenfoot scorecard")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            self._migrate(conn)
        except BaseException:
            conn.close()
            raise
        self._opened = _file_identity(self.path)
        return conn

    def _move_aside(self) -> Path:
        return move_aside(self.path)

    def _migrate(self, conn: sqlite3.Connection) -> None:
        tables = {r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" not in tables:
            if _of_another_program(conn):
                raise StoreError(
                    f"{self.shown} is an SQLite database of another program, not a "
                    f"chickenfoot scorecard")
            conn.execute("BEGIN IMMEDIATE")
            try:
                # Another program may have created it while this one waited for the lock.
                if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_version'"
                                ).fetchone() is None:
                    self._create_tables(conn)
                    conn.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        row = conn.execute("SELECT version FROM schema_version").fetchone()
        version = row[0] if row else 0
        if not isinstance(version, int):  # a damaged row: text, bytes, a real number
            raise sqlite3.DatabaseError(f"unknown schema version {version!r}: corrupt")
        if version == SCHEMA_VERSION:
            return
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.shown} was written by a newer chickenfoot (schema {version}; this "
                f"one reads up to {SCHEMA_VERSION}). Upgrade, or pass --db with another file.")
        if version in (1, 2):
            (self._migrate_v1 if version == 1 else self._migrate_v2)(conn)
            self.notices.append(f"Updated {self.path.name} from format {version} to "
                                f"{SCHEMA_VERSION}; every game was kept.")
            return
        raise sqlite3.DatabaseError(f"unknown schema version {version}: corrupt")

    @staticmethod
    def _create_tables(conn: sqlite3.Connection) -> None:
        for statement in SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)

    def _migrate_v2(self, conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("SELECT version FROM schema_version").fetchone()[0] != 2:
                conn.execute("ROLLBACK")  # another program migrated it meanwhile
                return
            columns = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
            if "revision" not in columns:  # a version row set back by hand: games as they are
                conn.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 1")
            conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _migrate_v1(self, conn: sqlite3.Connection) -> None:
        from scorer.rules import RuleSet

        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("SELECT version FROM schema_version").fetchone()[0] != 1:
                conn.execute("ROLLBACK")  # another program migrated it meanwhile
                return
            conn.execute("ALTER TABLE games RENAME TO games_v1")
            self._create_tables(conn)
            old = conn.execute(
                "SELECT id, created, players, rules, finished FROM games_v1 ORDER BY id"
            ).fetchall()
            for game_id, created, players_json, rules_json, _finished in old:
                players = tuple(json.loads(players_json))
                card = Scorecard.blank(players, RuleSet.from_dict(json.loads(rules_json)))
                for round_index, player, points in conn.execute(
                        "SELECT round, player, points FROM scores WHERE game_id = ? "
                        "ORDER BY round", (game_id,)):
                    card = card.with_score(round_index, player, points)
                conn.execute(
                    "INSERT INTO games (id, created, updated, players, finished, winners, "
                    "cursor) VALUES (?, ?, ?, ?, ?, ?, 1)",
                    (game_id, created, created, json.dumps(list(players)),
                     int(card.is_finished),
                     json.dumps(list(card.result().winners)) if card.is_finished else ""))
                conn.execute(
                    "INSERT INTO snapshots (game_id, seq, label, card, at) "
                    "VALUES (?, 1, ?, ?, ?)",
                    (game_id, "Brought over from an older version", json.dumps(
                        card.to_dict()), created))
            conn.execute("DROP TABLE scores")
            conn.execute("DROP TABLE games_v1")
            conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        self._follow_file()
        if self._read_only:
            self._reopen()  # the file may have been made writable since
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            self._read_only = _is_read_only(error)
            raise StoreWriteError(_write_message(error, self.shown)) from None
        try:
            yield self._conn
            self._conn.execute("COMMIT")
            self._backfill()
        except sqlite3.Error as error:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            self._read_only = _is_read_only(error)
            raise StoreWriteError(_write_message(error, self.shown)) from None
        except BaseException:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise

    def _backfill(self) -> None:
        """Copy the journal's pages into the file now, not when the file is closed: a file
        overwritten while open (a photo copied over it) would have them written into it
        at the close. A reader in another window may hold some back; that is only for
        later."""
        try:
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass

    def _reopen(self) -> None:
        """A connection that found the file read-only stays so, even once the file can
        be written: a new one is opened (the old one kept if that fails)."""
        try:
            fresh = self._open()
        except (sqlite3.Error, StoreError):
            return
        self._conn.close()
        self._conn = fresh
        self._read_only = False

    def _follow_file(self) -> None:
        """Before a write: the file at the path must be the one this connection writes
        (see the module's notes). StoreWriteError when no file can be written there."""
        now = _file_identity(self.path)
        if now is not None and now == self._opened:
            if _emptied_or_overwritten(self.path):
                raise StoreWriteError(self._damaged_words())
            return
        if now is None and not self.path.exists():
            self._write_again()
            return
        if not self.path.is_file():
            raise StoreWriteError(f"{self.shown} was replaced by something that is not a "
                                  "file while the app was open; no change can be saved "
                                  "there until it is a file again")
        try:
            fresh = self._open()
        except (sqlite3.Error, StoreError) as error:
            raise StoreWriteError(f"{self.shown} was replaced by another file while the "
                                  f"app was open, which cannot be used ({error})") from None
        self._conn.close()
        self._conn = fresh
        self._read_only = False
        self.notices.append(f"The scorecard file {self.shown} was replaced by another "
                            "file while the app was open; changes are saved to that file "
                            "now.")

    def _write_again(self) -> None:
        """The file was deleted while open: written again, whole, from this connection
        (into a side name first, so a half copy is never taken for the scorecard)."""
        restoring = self.path.with_name(self.path.name + ".restoring")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            restoring.unlink(missing_ok=True)
            copy = sqlite3.connect(restoring)
            try:
                self._conn.backup(copy)
            finally:
                copy.close()
        except (OSError, sqlite3.Error) as error:
            reason = error.strerror if isinstance(error, OSError) else str(error)
            try:
                restoring.unlink(missing_ok=True)
            except OSError:
                pass
            raise StoreWriteError(f"{self.shown} was deleted while the app was open and "
                                  f"cannot be written again ({reason})") from None
        # Closed before the new file gets a journal: closing removes the journal by name.
        self._conn.close()
        try:
            for suffix in ("-wal", "-shm"):  # left by the deleted file: never mixed in
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    os.replace(side, side.with_name(f"{side.name}.orphan-{time.time_ns()}"))
            if not self.path.exists():
                os.replace(restoring, self.path)
            self._conn = self._open()
        except (OSError, sqlite3.Error, StoreError) as error:
            self._conn = sqlite3.connect(restoring if restoring.exists() else self.path,
                                         timeout=BUSY_TIMEOUT_S, isolation_level=None)
            self._opened = None
            raise StoreWriteError(f"{self.shown} was deleted while the app was open and "
                                  f"cannot be written again ({error})") from None
        self._read_only = False
        self.notices.append(f"The scorecard file {self.shown} was deleted while the app "
                            "was open; it was written again from this window, with every "
                            "game and change.")

    def close(self) -> None:
        self._conn.close()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """Several reads that see one state of the file."""
        try:
            self._conn.execute("BEGIN")
            try:
                yield self._conn
            finally:
                if self._conn.in_transaction:
                    self._conn.execute("COMMIT")
        except sqlite3.DatabaseError as error:
            if _is_busy(error):  # another program's write, not damage
                raise StoreError(_write_message(error, self.shown)) from None
            raise StoreDamaged(self._damaged_words(error)) from None

    def _damaged_words(self, error: sqlite3.Error | None = None) -> str:
        detail = f" ({error})" if error is not None else ""
        return (f"{self.shown} was damaged or overwritten while the app was open{detail}; "
                "it was left as it is, and no change can be saved there")

    # -- games ----------------------------------------------------------------------
    def create_game(self, card: Scorecard, label: str = "New game") -> int:
        now = _now()
        with self._write() as conn:
            game_id = self._next_game_id(conn)
            conn.execute(
                "INSERT INTO games (id, created, updated, players, cursor, revision) "
                "VALUES (?, ?, ?, ?, 1, 1)",
                (game_id, now, now, json.dumps(list(card.players))))
            conn.execute("INSERT INTO snapshots VALUES (?, 1, ?, ?, ?)",
                         (game_id, label, json.dumps(card.to_dict()), now))
        self._saw(game_id, 1, 1)
        return game_id

    @staticmethod
    def _next_game_id(conn: sqlite3.Connection) -> int:
        """A number no game of this file ever had: a deleted game's number given again
        could meet a window still showing the deleted game, whose next save would then
        land on the new one (same number, maybe the same revision). The last number given
        is kept in a table of its own (older versions of the app ignore it)."""
        conn.execute("CREATE TABLE IF NOT EXISTS issued_game_ids (last INTEGER NOT NULL)")
        issued = conn.execute("SELECT MAX(last) FROM issued_game_ids").fetchone()[0]
        highest = conn.execute("SELECT MAX(id) FROM games").fetchone()[0]
        game_id = max(v for v in (issued, highest, 0) if isinstance(v, int)) + 1
        conn.execute("DELETE FROM issued_game_ids")
        conn.execute("INSERT INTO issued_game_ids VALUES (?)", (game_id,))
        return game_id

    def save(self, game_id: int, card: Scorecard, label: str) -> None:
        """Record a change: a new snapshot after the cursor; redo beyond it is dropped.
        Raises StoreConflict, writing nothing, when the game changed since this Store
        last read it."""
        now = _now()
        with self._write() as conn:
            at, revision = self._unchanged(conn, game_id)
            conn.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, at))
            conn.execute("INSERT INTO snapshots VALUES (?, ?, ?, ?, ?)",
                         (game_id, at + 1, label, json.dumps(card.to_dict()), now))
            self._set_cursor(conn, game_id, at + 1, card, now, revision + 1)
        self._saw(game_id, revision + 1, at + 1)  # nothing to redo: the save dropped it

    def load(self, game_id: int) -> Scorecard:
        """The game as it is now; saves from here on are based on this state."""
        with self._read() as conn:
            at, revision = self._position(conn, game_id)
            card = self._snapshot(game_id, at, conn)
            ahead = self._ahead(conn, game_id, at)
        self._saw(game_id, revision, at, ahead)
        return card

    def _current(self, game_id: int) -> tuple[Scorecard, int]:
        """The game now and its revision, without taking it as the base of later saves."""
        with self._read() as conn:
            at, revision = self._position(conn, game_id)
            return self._snapshot(game_id, at, conn), revision

    def peek(self, game_id: int) -> Scorecard:
        """The game now, for reading only (stats): later saves are not based on it."""
        return self._current(game_id)[0]

    def revision(self, game_id: int) -> int:
        """How many changes, undos and redos the game has had, on disk now."""
        with self._read() as conn:
            return self._position(conn, game_id)[1]

    def changed_elsewhere(self, game_id: int) -> bool:
        """Did another window or program change the game since this Store read it?
        StoreDamaged when the file no longer begins as a database does: what this
        connection still reads is no longer the file."""
        if _emptied_or_overwritten(self.path):
            raise StoreDamaged(self._damaged_words())
        return self.revision(game_id) != self._seen.get(game_id)

    def change_elsewhere_words(self, game_id: int) -> str:
        """What another window did to the game since this Store last read it: the change
        it is at now, or the changes undone ("undone: Ann 5 in round 2 (8-8)") or redone
        ("redone: ..."): the label of the change now alone named a change nobody had just
        made."""
        with self._read() as conn:
            at = self._position(conn, game_id)[0]
            before = self._at_seen.get(game_id)
            if before is not None and at < before:
                undone = conn.execute("SELECT label FROM snapshots WHERE game_id = ? AND "
                                      "seq = ?", (game_id, before)).fetchone()
                if undone is not None:  # still there to redo: undone, not replaced
                    more = before - at - 1
                    return f"undone: {undone[0]}" + (f" and {more} before it" if more else "")
            if before is not None and at > before and self._redone(conn, game_id, before, at):
                more = at - before - 1
                return (f"redone: {self._label(conn, game_id, at)}"
                        + (f" and {more} before it" if more else ""))
            return self._label(conn, game_id, at)

    def _redone(self, conn: sqlite3.Connection, game_id: int, before: int,
                at: int) -> bool:
        """Whether the changes after ``before`` up to ``at`` are the very ones this Store
        saw waiting to be redone: a change made in the place of one undone is new."""
        steps, seen = at - before, self._ahead_seen.get(game_id, [])
        return len(seen) >= steps and self._ahead(conn, game_id, before)[:steps] == seen[:steps]

    def undo(self, game_id: int) -> tuple[Scorecard, str] | None:
        """Step back one change; returns the scorecard now and the label undone."""
        return self._step(game_id, -1)

    def redo(self, game_id: int) -> tuple[Scorecard, str] | None:
        return self._step(game_id, +1)

    def can_undo(self, game_id: int) -> bool:
        with self._read() as conn:
            return self._cursor(conn, game_id) > 1

    def can_redo(self, game_id: int) -> bool:
        return self.redo_count(game_id) > 0

    def redo_count(self, game_id: int) -> int:
        """How many changes undone redo can bring back (a new change drops them)."""
        with self._read() as conn:
            at = self._cursor(conn, game_id)
            row = conn.execute("SELECT COUNT(*) FROM snapshots WHERE game_id = ? AND seq > ?",
                               (game_id, at)).fetchone()
        return int(row[0]) if row else 0

    def changes(self, game_id: int) -> list[tuple[int, str, str]]:
        """(seq, label, when) of every change kept for a game, oldest first."""
        with self._read() as conn:
            return [tuple(r) for r in conn.execute(
                "SELECT seq, label, at FROM snapshots WHERE game_id = ? ORDER BY seq",
                (game_id,))]

    def _step(self, game_id: int, delta: int) -> tuple[Scorecard, str] | None:
        now = _now()
        with self._write() as conn:
            at, revision = self._unchanged(conn, game_id)
            target = at + delta
            row = conn.execute("SELECT label FROM snapshots WHERE game_id = ? AND seq = ?",
                               (game_id, max(at, target))).fetchone()
            if target < 1 or row is None:
                return None
            card = self._snapshot(game_id, target, conn)
            self._set_cursor(conn, game_id, target, card, now, revision + 1)
            ahead = self._ahead(conn, game_id, target)
        self._saw(game_id, revision + 1, target, ahead)
        return card, row[0]

    def delete_game(self, game_id: int) -> None:
        with self._write() as conn:
            conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
            conn.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def game(self, game_id: int) -> GameInfo:
        with self._read() as conn:
            row = conn.execute(
                "SELECT id, created, updated, players, finished, winners, cursor FROM games "
                "WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameMissing(game_id)
        return self._info(row)

    def games(self, finished: bool | None = None) -> list[GameInfo]:
        """Games, most recently changed first."""
        sql = "SELECT id, created, updated, players, finished, winners, cursor FROM games"
        args: tuple[object, ...] = ()
        if finished is not None:
            sql += " WHERE finished = ?"
            args = (int(finished),)
        sql += " ORDER BY updated DESC, id DESC"
        games = []
        with self._read() as conn:
            rows = conn.execute(sql, args).fetchall()
        for row in rows:
            try:
                games.append(self._info(row))
            except StoreError as error:
                # One damaged row must not hide the other games, nor itself: it is listed
                # with what is wrong, so it can be deleted or kept for a repair.
                games.append(self._damaged_info(row, str(error)))
        return games

    def unfinished_game(self) -> GameInfo | None:
        games = [g for g in self.games(finished=False) if not g.damaged]
        return games[0] if games else None

    # -- export ---------------------------------------------------------------------
    def export_json(self, game_id: int, card: Scorecard | None = None) -> str:
        """The game as JSON text: ``card`` (the game as a window shows it, changes not
        saved yet included) or, by default, as saved."""
        info = self.game(game_id)
        card = card or self._current(game_id)[0]
        result = card.result()
        data = {
            "game": info.id,
            "created": info.created,
            "updated": info.updated,
            "finished": card.is_finished,
            "rounds": card.round_headers(),
            "scorecard": card.to_dict(),
            "rules_in_words": card.rules_in_words(),
            "totals": card.totals(),
            "zero_rounds": card.zero_rounds(),
            "winners": list(result.winners) if card.is_finished else [],
            "result": result.reason,
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def export_csv(self, game_id: int, card: Scorecard | None = None) -> str:
        """The game as CSV text, byte-order mark first (see ``tui.export_csv``): ``card``
        or, by default, as saved."""
        return game_csv(card or self._current(game_id)[0])

    def export_files(self, game_id: int, folder: Path | None = None,
                     card: Scorecard | None = None) -> tuple[Path, Path]:
        """Write the game's CSV and JSON (of ``card`` when given, else as saved), named
        by ``export_name``, in ``folder`` (exports/ beside the scorecard file); returns
        their paths. Each is written whole or not at all: a full disk left an empty CSV
        behind, over the last good one."""
        folder = folder or (self.path.parent / "exports")
        name = export_name(self.path, game_id)
        csv_path = folder / f"{name}.csv"
        json_path = folder / f"{name}.json"
        texts = {csv_path: self.export_csv(game_id, card),
                 json_path: self.export_json(game_id, card)}
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for path, text in texts.items():
                write_whole(path, text.encode("utf-8"))
        except OSError as error:
            raise StoreWriteError(f"cannot write the export in {folder}: "
                                  f"{error.strerror or error}") from None
        return csv_path, json_path

    # -- helpers --------------------------------------------------------------------
    def _cursor(self, conn: sqlite3.Connection, game_id: int) -> int:
        return self._position(conn, game_id)[0]

    def _position(self, conn: sqlite3.Connection, game_id: int) -> tuple[int, int]:
        """(cursor, revision) of a game."""
        row = conn.execute("SELECT cursor, revision FROM games WHERE id = ?",
                           (game_id,)).fetchone()
        if row is None:
            raise GameMissing(game_id)
        try:
            return int(row[0]), int(row[1])
        except (ValueError, TypeError):
            raise StoreError(f"game {game_id} is damaged: its position "
                             f"{row[0]!r} is not a number") from None

    def _unchanged(self, conn: sqlite3.Connection, game_id: int) -> tuple[int, int]:
        """(cursor, revision), inside a write, once sure nobody else changed the game."""
        at, revision = self._position(conn, game_id)
        if revision != self._seen.get(game_id):
            raise StoreConflict(game_id, self._label(conn, game_id, at))
        return at, revision

    def _saw(self, game_id: int, revision: int, at: int,
             ahead: list[tuple[str, str]] | None = None) -> None:
        """The game as this Store last read or wrote it: its revision, its cursor, and
        the changes redo could bring back (``_ahead``)."""
        self._seen[game_id], self._at_seen[game_id] = revision, at
        self._ahead_seen[game_id] = ahead or []

    @staticmethod
    def _ahead(conn: sqlite3.Connection, game_id: int, at: int) -> list[tuple[str, str]]:
        """(label, written at) of each change after ``at``, in order: what redo brings
        back."""
        return [(str(label), str(written)) for label, written in conn.execute(
            "SELECT label, at FROM snapshots WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, at))]

    @staticmethod
    def _label(conn: sqlite3.Connection, game_id: int, seq: int) -> str:
        row = conn.execute("SELECT label FROM snapshots WHERE game_id = ? AND seq = ?",
                           (game_id, seq)).fetchone()
        return str(row[0]) if row else "a change"

    def _set_cursor(self, conn: sqlite3.Connection, game_id: int, at: int,
                    card: Scorecard, now: str, revision: int) -> None:
        winners = json.dumps(list(card.result().winners)) if card.is_finished else ""
        conn.execute("UPDATE games SET cursor = ?, updated = ?, finished = ?, winners = ?, "
                     "revision = ? WHERE id = ?",
                     (at, now, int(card.is_finished), winners, revision, game_id))

    def _snapshot(self, game_id: int, seq: int,
                  conn: sqlite3.Connection | None = None) -> Scorecard:
        row = (conn or self._conn).execute(
            "SELECT card FROM snapshots WHERE game_id = ? AND seq = ?",
            (game_id, seq)).fetchone()
        if row is None:
            raise StoreError(f"game {game_id} has no saved state {seq}")
        try:
            return Scorecard.from_dict(read_json(row[0]))
        except (ValueError, KeyError, TypeError) as error:
            raise StoreError(f"game {game_id} could not be read back: "
                             f"{_stored_card_problem(error)}") from None

    @staticmethod
    def _names(text: object) -> tuple[str, ...]:
        if not isinstance(text, str):
            raise TypeError("the saved players are not text")
        names = read_json(text)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"{clip(text, 60)} is not a list of names")
        return tuple(names)

    @staticmethod
    def _damaged_info(row: tuple, why: str) -> GameInfo:
        try:
            game_id = int(row[0])
        except (ValueError, TypeError):
            game_id = -1
        try:
            players = Store._names(row[3])
        except (ValueError, TypeError):
            players = ()
        return GameInfo(id=game_id, created=str(row[1]), updated=str(row[2]),
                        players=players, finished=False, winners=(), cursor=0,
                        damaged=why)

    @classmethod
    def _info(cls, row: tuple) -> GameInfo:
        try:
            return GameInfo(
                id=int(row[0]), created=row[1], updated=row[2],
                players=cls._names(row[3]), finished=bool(row[4]),
                winners=cls._names(row[5]) if row[5] else (), cursor=int(row[6]))
        except (ValueError, TypeError) as error:
            raise StoreError(f"game {row[0]} is damaged and cannot be listed: "
                             f"{error}") from None

