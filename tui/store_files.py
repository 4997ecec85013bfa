"""The scorecard file on disk, before SQLite opens it: damage SQLite does not report, and
keeping damaged files aside (renamed, never deleted).

SQLite says nothing about three kinds of damage:

* a journal (``-wal``) whose header is garbage is quietly ignored, and every change in it
  with it: the app would open with the games as they were at the last checkpoint, or none;
* a journal damaged inside is read up to its first bad frame, and every change after it
  is dropped as if never made (bad frames at the end are what a writer killed mid-change
  leaves, and SQLite rightly drops them; a saved change of the same journal after a bad
  frame is what only damage leaves);
* a database cut to 0 bytes is taken for a new, empty one.

``inspect`` finds them before the database is opened, keeps the files aside and returns
one line for the player. ``side_files_writable`` undoes what a session on a read-only
scorecard leaves behind. A journal is only judged when its header is wrong twice, a short
while apart, so a header being rewritten by another program at that moment is not taken
for damage; a 0-byte file is only judged when it is older than ``FRESH_S``, so a file that
another chickenfoot has just created (and is about to fill) is left alone.
"""

from __future__ import annotations

import os
import shutil
import stat
import struct
import time
from pathlib import Path
from typing import BinaryIO

SQLITE_MAGIC = b"SQLite format 3\x00"
WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_VERSION = 3007000
WAL_HEADER_BYTES = 32
FRESH_S = 2.0
RECHECK_S = 0.05


def side_file(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def wal_header_problem(header: bytes) -> str | None:
    """What is wrong with a journal's 32-byte header, or None when it is sound."""
    if len(header) < WAL_HEADER_BYTES:
        return "its header is cut short"
    magic, version, page_size, _checkpoint, _salt1, _salt2, sum1, sum2 = struct.unpack(
        ">8I", header[:WAL_HEADER_BYTES])
    if magic not in WAL_MAGIC:
        return "it does not start like an SQLite journal"
    if version != WAL_VERSION or page_size < 512 or page_size > 65536 or (
            page_size & (page_size - 1)):
        return "its header is damaged"
    if _checksum(struct.unpack((">" if magic & 1 else "<") + "6I", header[:24]),
                 (0, 0)) != (sum1, sum2):
        return "its header checksum is wrong"
    return None


def wal_frames_problem(journal: BinaryIO) -> str | None:
    """Which frame of a journal (with a sound header) is damaged while a later frame of
    the same journal, sound, ends a saved change (a commit frame), or None (see the module
    doc). Checksums as SQLite sums them: each frame's over its first 8 header bytes and its
    page, from the sums before. Sound frames after a bad one that end no saved change are
    what a writer killed mid-change leaves (the next writer overwrote the start of its
    frames, not their rest), and are no damage. A journal of 1,000 frames of 4 KB (where
    SQLite folds it into the database) is checked in 0.3 s, once, when the file opens."""
    journal.seek(0)
    header = journal.read(WAL_HEADER_BYTES)
    magic, _version, page_size, _checkpoint, salt1, salt2, sum1, sum2 = struct.unpack(
        ">8I", header)
    order = ">" if magic & 1 else "<"
    words = f"{order}{(8 + page_size) // 4}I"
    sums, first_bad, count = (sum1, sum2), None, 0
    while True:
        frame = journal.read(24 + page_size)
        if len(frame) < 24 + page_size:
            return None  # no saved change lies past a bad frame, or no frame is bad
        count += 1
        _page, commit, *salts_and_sums = struct.unpack(">6I", frame[:24])
        body = frame[:8] + frame[24:]
        sound = (tuple(salts_and_sums[:2]) == (salt1, salt2)
                 and _checksum(struct.unpack(words, body), sums) == tuple(salts_and_sums[2:]))
        if first_bad is None and not sound:
            first_bad = count
        elif first_bad is not None and sound and commit:
            # a saved change after a bad frame: read on to count them all, for the message
            journal.seek(0, os.SEEK_END)
            total = (journal.tell() - WAL_HEADER_BYTES) // (24 + page_size)
            return f"frame {first_bad} of {total} is damaged"
        sums = tuple(salts_and_sums[2:])  # the next frame sums on from this one's sums


def _checksum(words: tuple[int, ...], start: tuple[int, int]) -> tuple[int, int]:
    a, b = start
    for i in range(0, len(words), 2):
        a = (a + words[i] + b) & 0xFFFFFFFF
        b = (b + words[i + 1] + a) & 0xFFFFFFFF
    return a, b


def _wal_problem(wal: Path) -> str | None:
    problem = _journal_problem(wal)
    if problem is None:
        return None
    time.sleep(RECHECK_S)  # another program may be writing it this very moment
    return _journal_problem(wal)


def _journal_problem(wal: Path) -> str | None:
    try:
        with wal.open("rb") as journal:
            header = journal.read(WAL_HEADER_BYTES)
            if not header:  # an empty journal is normal
                return None
            return wal_header_problem(header) or wal_frames_problem(journal)
    except FileNotFoundError:  # no journal: normal
        return None


def move_aside(path: Path) -> Path:
    """Rename the database and its -wal and -shm files to NAME.corrupt-STAMP[-N]; returns
    the new name of the database (which may not have existed)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists() or side_file(aside, "-wal").exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    if path.exists():
        os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        side = side_file(path, suffix)
        if side.exists():
            os.replace(side, side_file(aside, suffix))
    return aside


def _copy_back(aside: Path, path: Path) -> None:
    """The database and its journal copied back, synced, to go on with: SQLite reads the
    journal up to its damage (none of it where its header is damaged)."""
    pairs = [(aside, path), (side_file(aside, "-wal"), side_file(path, "-wal"))]
    for source, target in pairs:
        if source.exists():
            shutil.copyfile(source, target)
            with target.open("rb+") as f:
                os.fsync(f.fileno())


def side_files_writable(path: Path) -> None:
    """The journal and its index beside a scorecard made writable where the scorecard is:
    SQLite makes them with the file's own mode, so a session on a read-only (0444)
    scorecard leaves them read-only behind it, and once the file is writable again every
    save fails as read-only while ``ls`` shows a writable file. Only this user's files,
    and only their mode, are changed."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return
    if not mode & stat.S_IWUSR:
        return
    for side in (side_file(path, "-wal"), side_file(path, "-shm")):
        try:
            status = side.lstat()
            if (stat.S_ISREG(status.st_mode) and status.st_uid == os.geteuid()
                    and not status.st_mode & stat.S_IWUSR):
                side.chmod(stat.S_IMODE(mode))
        except OSError:
            pass  # not there, or not this user's to change: SQLite says what it finds


def not_a_database(path: Path) -> bool:
    """Whether ``path`` holds bytes but does not begin as an SQLite database does."""
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError:  # unreadable: opening it says why
        return False
    return bool(head) and head != SQLITE_MAGIC


def inspect(path: Path) -> str | None:
    """Keep a damaged journal or an emptied database aside; None when all looks sound."""
    wal = side_file(path, "-wal")
    problem = _wal_problem(wal)
    if problem is not None:
        aside = move_aside(path)
        kept = [p.name for p in (aside, side_file(aside, "-wal")) if p.exists()]
        if aside.exists():
            _copy_back(aside, path)
            after = ("every change saved before the damage is kept; later ones may be "
                     "missing")
        else:
            after = "a fresh scorecard file was started"
        return (f"The journal {wal.name} of the scorecard file could not be read "
                f"({problem}); it was kept as {' and '.join(kept)}, and {after}.")
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    if info.st_size == 0 and time.time() - info.st_mtime > FRESH_S:
        wal_size = wal.stat().st_size if wal.exists() else 0
        if wal_size == 0:
            aside = move_aside(path)
            return (f"The scorecard file {path} was empty (0 bytes): no games could be "
                    f"read from it. It was kept as {aside.name} and a fresh one was "
                    f"started.")
    return None
