"""Scoring a hand from the live view: the newest snapshot `chickenfoot live --send` left in
the inbox becomes the selected player's capture, reviewed like a photo."""

from __future__ import annotations

import numpy as np
from tui_fakes import HAND, LIVE, FakeRecognizer

from scorer.scorecard import Method
from tui.recognizer import NoSnapshotWaiting, VisionRecognizer
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen

SIZE = (100, 30)


async def new_game(pilot) -> None:
    await pilot.pause()
    await pilot.press(*"Ann, Bo", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScorecardScreen)


async def from_live(pilot, key: str = "l") -> ScoreEntryScreen:
    await pilot.press(key)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ScoreEntryScreen) and screen.mode == "capture"
    await screen.workers.wait_for_complete()
    await pilot.pause()
    return screen


async def test_newest_snapshot_is_reviewed_fixed_and_saved(make_app):
    recognizer = FakeRecognizer(snapshots=[HAND, LIVE])
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot)
        screen = await from_live(pilot)
        assert recognizer.calls == [("live", 2)]
        assert recognizer.thread_names[0] != "MainThread"
        assert [str(r.tile) for r in screen.read] == ["3-3", "1-5"]
        assert [r.doubtful for r in screen.read] == [False, True]
        progress = str(screen.query_one("#progress").render())
        assert "Live snapshot live-20260314-201500-123.png: Read 2 tiles, 1 doubtful" in progress
        assert screen.focused is screen.query_one("#review")
        await pilot.press("down", "a")  # the doubtful 5-1: take its second guess, 5-2
        assert str(screen.read[1].tile) == "2-5" and screen.read[1].fixed
        await pilot.press("ctrl+s")
        await pilot.pause()
        entry = app.card.entry(0, "Ann")
        assert entry.method is Method.CAPTURE and entry.points == 6 + 7
        assert entry.raw["image"] == LIVE.image

        # Bo's turn: open the photo tab, then Ctrl+L takes the older snapshot left.
        await pilot.press("c")
        await pilot.pause()
        screen = pilot.app.screen
        await pilot.press("ctrl+l")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert [str(r.tile) for r in screen.read] == ["5-6", "0-0", "2-4"]
        assert recognizer.snapshots == []


async def test_a_snapshot_left_without_saving_waits_for_the_next_try(make_app):
    # Esc by mistake lost the photographed hand: the snapshot was used up once opened
    recognizer = FakeRecognizer(snapshots=[HAND, LIVE])
    app = make_app(recognizer)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot)
        screen = await from_live(pilot)
        assert [str(r.tile) for r in screen.read] == ["3-3", "1-5"]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and app.card.entry(0, "Ann") is None
        assert recognizer.calls[-1] == ("put back", LIVE.image)
        screen = await from_live(pilot)
        assert [str(r.tile) for r in screen.read] == ["3-3", "1-5"]  # the same hand


async def test_empty_inbox_says_so_and_typing_still_works(make_app):
    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot)
        screen = await from_live(pilot)
        warnings = [n for n in app._notifications if "No live snapshot waiting" in n.message]
        assert warnings and warnings[0].severity == "warning"
        assert "Press Send on the `chickenfoot live` page" in warnings[0].message
        assert screen.read == [] and screen.recognition is None
        await pilot.press("f2", "8", "ctrl+s")
        await pilot.pause()
        assert app.card.entry(0, "Ann").points == 8


def test_real_inbox_newest_first_moved_to_taken(tmp_path):
    from vision.live.session import write_snapshot

    recognizer = VisionRecognizer(models_dir=tmp_path / "no-models", inbox=tmp_path / "inbox")
    try:
        recognizer.take_live_snapshot()
    except NoSnapshotWaiting as error:
        assert str(tmp_path / "inbox") in str(error)
    else:
        raise AssertionError("an empty inbox gave a snapshot")
    frame = np.zeros((48, 64, 3), np.uint8)
    write_snapshot(tmp_path / "inbox", frame, HAND, stem="live-20260314-200000-000")
    write_snapshot(tmp_path / "inbox", frame, LIVE, stem="live-20260314-201500-123")
    lines: list[str] = []
    taken = recognizer.take_live_snapshot(lines.append)
    assert [t.pips for t in taken.tiles] == [(3, 3), (5, 1)]
    assert taken.image == str(tmp_path / "inbox/taken/live-20260314-201500-123.png")
    assert any("live-20260314-201500-123" in line for line in lines)
    left = sorted(p.name for p in (tmp_path / "inbox").glob("live-*"))
    assert left == ["live-20260314-200000-000.json", "live-20260314-200000-000.png"]
    # the score it was taken for not saved: back in the inbox, the newest again
    recognizer.put_back_live_snapshot(taken)
    assert recognizer.take_live_snapshot().image == taken.image


def test_a_snapshot_folder_that_is_a_file_is_named(tmp_path):
    # --snapshot-dir /dev/null said "File exists"
    import pytest

    from vision.live.session import write_snapshot

    (tmp_path / "taken").write_bytes(b"")
    with pytest.raises(OSError, match="taken is a file, not a folder for snapshots"):
        write_snapshot(tmp_path / "taken", np.zeros((48, 64, 3), np.uint8), HAND)


def test_a_snapshot_says_how_old_it_is_and_an_old_one_asks(tmp_path):
    import os
    import time

    from tui.screens.score_entry import snapshot_age

    shot = tmp_path / "live-20260314-201500-123.png"
    shot.write_bytes(b"x")
    now = time.time()
    os.utime(shot, (now - 20, now - 20))
    assert snapshot_age(str(shot), now) == " (taken just now)"
    os.utime(shot, (now - 180, now - 180))
    assert snapshot_age(str(shot), now) == " (taken 3 min ago)"
    os.utime(shot, (now - 3 * 3600, now - 3 * 3600))
    assert snapshot_age(str(shot), now) == " (taken 3 h ago: is it this round's hand?)"
    assert snapshot_age(str(tmp_path / "gone.png"), now) == ""


def test_an_inbox_that_is_a_file_is_named_as_the_inbox(tmp_path, monkeypatch):
    # pressing l said "No live snapshot waiting in /tmp/x", as if /tmp/x were a folder
    import pytest

    from vision.live.session import INBOX_ENV, inbox_problem

    (tmp_path / "inbox").write_bytes(b"")
    recognizer = VisionRecognizer(models_dir=tmp_path / "no-models", inbox=tmp_path / "inbox")
    monkeypatch.setenv(INBOX_ENV, str(tmp_path / "inbox"))
    with pytest.raises(NoSnapshotWaiting, match=r"The scorecard's inbox .*inbox \(set by "
                                                r"\$CHICKENFOOT_INBOX\) is a file, not a "
                                                "folder"):
        recognizer.take_live_snapshot()
    assert inbox_problem(tmp_path, {}) is None  # a folder
    assert inbox_problem(tmp_path / "not-yet", {}) is None  # made when the first is sent
