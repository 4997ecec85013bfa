"""The tile tracker: settling, no flicker, half order, swaps, leaving, and skipped reads."""

from __future__ import annotations

import numpy as np
import pytest

from vision.live.track import Seen, Tracker, TrackerConfig, probs_of
from vision.types import HalfReading


def _probs(value: int, confidence: float = 0.9, runner: int | None = None) -> np.ndarray:
    p = np.full(19, (1.0 - confidence) / 18, np.float32)
    p[value] = confidence
    if runner is not None:
        p[runner] += 0.05
    return p / p.sum()


def _seen(cx: float, cy: float, a: int | None, b: int | None, flip: bool = False,
          conf: float = 0.9) -> Seen:
    """An upright tile (half side 40) centred at (cx, cy); values None means unread."""
    corners = ((cx - 20, cy - 40), (cx + 20, cy - 40), (cx + 20, cy + 40), (cx - 20, cy + 40))
    centres = ((cx, cy - 20), (cx, cy + 20))
    probs = None if a is None else (_probs(a, conf), _probs(b, conf))
    if flip:
        c0, c1, c2, c3 = corners
        corners = (c2, c3, c0, c1)
        centres = (centres[1], centres[0])
        probs = None if probs is None else (probs[1], probs[0])
    return Seen(corners, centres, probs)


def _values(tiles):
    return sorted(t.values for t in tiles if t.settled)


def test_a_tile_settles_after_min_votes_and_not_before():
    tracker = Tracker(TrackerConfig(min_votes=3))
    for frame in range(2):
        tiles = tracker.update([_seen(100, 100, 5, 3)])
        assert all(not t.settled for t in tiles), frame
    (tile,) = tracker.update([_seen(100, 100, 5, 3)])
    assert tile.settled and tile.values == (5, 3) and not tile.unsure
    assert tile.settled_frame == 2 and tile.first_frame == 0


def test_single_misreads_do_not_change_a_settled_value():
    tracker = Tracker()
    history = []
    script = [(5, 3)] * 5 + [(6, 3), (5, 3), (5, 2), (4, 4), (5, 3), (5, 3), (6, 3)] * 3
    for a, b in script:
        conf = 0.7 if (a, b) != (5, 3) else 0.9
        for tile in tracker.update([_seen(100, 100, a, b, conf=conf)]):
            if tile.settled:
                history.append(tile.values)
    assert set(history) == {(5, 3)} and len(history) >= len(script) - 3


def test_the_half_order_flipping_does_not_swap_the_values():
    tracker = Tracker()
    for frame in range(8):
        tiles = tracker.update([_seen(100, 100, 2, 9, flip=frame % 2 == 1)])
    (tile,) = tiles
    assert tile.values == (2, 9)
    assert tile.halves[0].center_px == (100, 80)  # the first half stayed the top one


def test_a_tile_swapped_in_place_switches_after_a_streak():
    cfg = TrackerConfig(reset_streak=4)
    tracker = Tracker(cfg)
    for _ in range(12):
        tracker.update([_seen(100, 100, 5, 3)])
    seen_values = []
    for _ in range(6):
        (tile,) = tracker.update([_seen(100, 100, 6, 1)])
        seen_values.append(tile.values)
    assert seen_values[-1] == (6, 1)
    assert (5, 3) in seen_values[:3]  # not at the first disagreeing frame
    # never a mixture of the two tiles
    assert set(seen_values) <= {(5, 3), (6, 1), None}


def test_unsure_while_reads_are_weak_sure_once_they_are_strong():
    tracker = Tracker(TrackerConfig(sure_below=0.6))
    for _ in range(6):
        tiles = tracker.update([_seen(100, 100, 4, 4, conf=0.5)])
    assert [t.unsure for t in tiles] == [True]
    for _ in range(12):
        tiles = tracker.update([_seen(100, 100, 4, 4, conf=0.95)])
    assert [t.unsure for t in tiles] == [False]


def test_a_hidden_tile_is_kept_then_dropped():
    tracker = Tracker(TrackerConfig(drop_after=5))
    for _ in range(4):
        tracker.update([_seen(100, 100, 1, 2)])
    for _ in range(5):
        (tile,) = tracker.update([])
    assert tile.values == (1, 2) and tile.missing_frames == 5
    assert tracker.update([]) == []


def test_a_one_frame_ghost_is_never_shown_and_soon_forgotten():
    tracker = Tracker()
    assert tracker.update([_seen(300, 300, 7, 7)]) == []
    for _ in range(3):
        assert tracker.update([]) == []
    assert tracker._tracks == []


def test_two_tiles_keep_their_identities_when_they_move_a_little():
    tracker = Tracker()
    for step in range(6):
        tiles = tracker.update([_seen(100 + 3 * step, 100, 1, 1), _seen(200, 100, 2, 2)])
    by_id = {t.track_id: t.values for t in tiles}
    assert sorted(by_id.values()) == [(1, 1), (2, 2)]
    assert len(by_id) == 2


def test_still_settled_tiles_are_not_read_again_moved_ones_are():
    tracker = Tracker(TrackerConfig(refresh_every=100))
    calls: list[list[int]] = []

    def read(indices):
        calls.append(list(indices))
        return [(_probs(3), _probs(4)) for _ in indices]

    for _ in range(3):
        tracker.update([_seen(100, 100, None, None), _seen(300, 100, None, None)], read)
    assert calls == [[0, 1]] * 3
    tracker.update([_seen(100, 100, None, None), _seen(300, 100, None, None)], read)
    assert len(calls) == 3  # settled and still: nothing read
    calls.clear()
    for _ in range(3):
        tracker.update([_seen(100, 100, None, None), _seen(300, 100, None, None)], read)
    assert calls == []
    tracker.update([_seen(100, 100, None, None), _seen(330, 100, None, None)], read)
    assert calls == [[1]]
    assert tracker.reads_last_frame == 1


def test_still_tiles_are_refreshed_within_a_budget():
    tracker = Tracker(TrackerConfig(refresh_every=5, refresh_budget=1))
    reads: list[int] = []

    def read(indices):
        reads.extend(indices)
        return [(_probs(3), _probs(4)) for _ in indices]

    tiles = [_seen(100 + 100 * k, 100, None, None) for k in range(3)]
    for _ in range(3):
        tracker.update(tiles, read)
    reads.clear()
    per_frame = []
    for _ in range(10):
        before = len(reads)
        tracker.update(tiles, read)
        per_frame.append(len(reads) - before)
    assert max(per_frame) == 1 and sum(per_frame) >= 3


def test_unread_detections_need_a_read_function():
    with pytest.raises(ValueError, match="read function"):
        Tracker().update([_seen(100, 100, None, None)])


def test_probs_of_a_half_reading_sum_to_one_and_favour_the_best():
    p = probs_of(HalfReading((0.0, 0.0), 7, 0.6, 8, 0.3))
    assert p.sum() == pytest.approx(1.0, abs=1e-5)
    assert int(np.argmax(p)) == 7 and p[8] > p[6]
