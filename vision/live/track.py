"""Following tiles from frame to frame and settling each one's value, so the numbers on
screen change only when a tile does.

Per frame the tracker gets what the detector saw (``Seen``: corners and half centres,
with pip probabilities when the reader already read them) and returns the tiles in view
(``TrackedTile``). How:

- **Matching.** Each detection joins the nearest live track whose centre lies within
  ``match_gate`` tile lengths (greedy, closest pair first); the rest start new tracks.
  The two halves are matched to the track's halves by position, so a reader that names
  the halves in the other order (a tile near 45 degrees) does not swap the values.
- **Reading only what needs it.** A detection without probabilities is read (pip reader)
  when its track is new, unsettled, has moved more than ``moved_frac`` of a half side
  since its last read, or was out of sight last frame (a hand, or a tile swapped); a
  still, settled tile is re-read every ``refresh_every`` frames, at most
  ``refresh_budget`` of them per frame. The ``read`` callback gets all of them in one
  batch.
- **Votes.** Each half keeps the probability vectors (0..18 pips) of its last ``window``
  reads. A half settles on the value with the highest mean once it has ``min_votes``
  reads and a lead of ``settle_margin`` over the runner-up. A settled half changes only
  when another value leads it by ``switch_margin``, or when ``reset_streak`` reads in a
  row confidently say the same other value (the tile was swapped in place): then the older
  votes are dropped and it settles afresh.
- **Unsure.** A tile is unsure until both halves settle, and while a settled half's mean
  probability is under ``sure_below``; it is drawn with a ``?`` and left out of totals.
- **Leaving.** A track out of sight for ``drop_after`` frames is dropped (a hand passing
  over keeps it); one seen only once is dropped after ``ghost_after`` missed frames.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from vision.types import HalfReading, Point, TileReading

VALUES = 19  # 0..18 pips

Probs = tuple[np.ndarray, np.ndarray]
ReadFn = Callable[[list[int]], Sequence[Probs]]


@dataclass(frozen=True)
class Seen:
    """One tile found in a frame: corners (clockwise, first half first), the two half
    centres, and the pip probabilities of each half when already read."""

    corners_px: tuple[Point, Point, Point, Point]
    half_centers_px: tuple[Point, Point]
    probs: Probs | None = None

    @classmethod
    def from_reading(cls, tile: TileReading) -> Seen:
        """A reader's whole tile, its halves turned into probability vectors."""
        return cls(tile.corners_px, (tile.halves[0].center_px, tile.halves[1].center_px),
                   (probs_of(tile.halves[0]), probs_of(tile.halves[1])))


def probs_of(half: HalfReading, size: int = VALUES) -> np.ndarray:
    """A probability vector from a half's best value and runner-up; what is left of the
    mass is spread over the other values."""
    probs = np.zeros(size, np.float32)
    best = float(np.clip(half.confidence, 0.0, 1.0))
    probs[int(half.pips) % size] = best
    left = 1.0 - best
    if half.runner_up is not None and half.runner_up != half.pips:
        second = float(np.clip(half.runner_up_confidence, 0.0, left))
        probs[int(half.runner_up) % size] += second
        left -= second
    probs += left / size
    return probs


@dataclass(frozen=True)
class TrackerConfig:
    window: int = 12
    min_votes: int = 3
    settle_margin: float = 0.25
    switch_margin: float = 0.3
    sure_below: float = 0.6
    reset_streak: int = 4
    reset_confidence: float = 0.6
    drop_after: int = 15
    ghost_after: int = 2
    show_after: int = 2
    match_gate: float = 0.6
    moved_frac: float = 0.15
    refresh_every: int = 15
    refresh_budget: int = 2


@dataclass(frozen=True)
class TrackedHalf:
    center_px: Point
    pips: int | None  # the settled value, or the best guess while unsettled
    confidence: float  # mean probability of ``pips`` over the recent reads
    runner_up: int | None
    runner_up_confidence: float
    settled: bool


@dataclass(frozen=True)
class TrackedTile:
    track_id: int
    corners_px: tuple[Point, Point, Point, Point]
    halves: tuple[TrackedHalf, TrackedHalf]
    settled: bool
    unsure: bool
    first_frame: int
    settled_frame: int | None  # when both halves first settled
    missing_frames: int  # frames since last seen (0: seen in this frame)
    reads: int  # how many times the pip reader has read it

    @property
    def values(self) -> tuple[int, int] | None:
        if not self.settled:
            return None
        return (int(self.halves[0].pips), int(self.halves[1].pips))  # type: ignore[arg-type]

    def reading(self) -> TileReading:
        """As the reader's type (best guesses for an unsettled tile), for reports."""
        halves = tuple(
            HalfReading(center_px=(round(h.center_px[0], 1), round(h.center_px[1], 1)),
                        pips=int(h.pips or 0), confidence=round(h.confidence, 4),
                        runner_up=h.runner_up,
                        runner_up_confidence=round(h.runner_up_confidence, 4))
            for h in self.halves)
        corners = tuple((round(x, 1), round(y, 1)) for x, y in self.corners_px)
        confidence = min(h.confidence for h in halves)
        return TileReading(corners, halves, round(confidence, 4))  # type: ignore[arg-type]


@dataclass
class _Half:
    votes: deque[np.ndarray]
    settled: int | None = None
    streak_value: int | None = None
    streak: int = 0


@dataclass
class _Track:
    track_id: int
    corners: np.ndarray  # (4, 2)
    centers: np.ndarray  # (2, 2) half centres in track order
    first_frame: int
    halves: tuple[_Half, _Half]
    read_corners: np.ndarray | None = None
    last_read_frame: int = -(10**9)
    last_seen_frame: int = 0
    seen: int = 1
    reads: int = 0
    settled_frame: int | None = None
    sure: bool = False

    @property
    def center(self) -> np.ndarray:
        return self.corners.mean(axis=0)

    @property
    def half_side(self) -> float:
        return float(np.linalg.norm(self.centers[0] - self.centers[1])) or 1.0

    def settled(self) -> bool:
        return all(h.settled is not None for h in self.halves)


class Tracker:
    """Tiles in view, followed across frames; ``update`` once per frame."""

    def __init__(self, config: TrackerConfig | None = None) -> None:
        self.config = config or TrackerConfig()
        self.frame = -1
        self.reads_last_frame = 0
        self._tracks: list[_Track] = []
        self._next_id = 1

    def reset(self) -> None:
        self._tracks.clear()

    # -- one frame ------------------------------------------------------------------------
    def update(self, seen: Sequence[Seen], read: ReadFn | None = None) -> list[TrackedTile]:
        """Take this frame's detections; ``read(indices)`` reads the pips of the listed
        detections (those without probabilities) in one batch. Returns the tiles shown."""
        cfg = self.config
        self.frame += 1
        pairs = self._match(seen)
        matched = {j: t for t, j in pairs}
        new_tracks: dict[int, _Track] = {}
        for j, s in enumerate(seen):
            if j not in matched:
                new_tracks[j] = self._new_track(s)

        aligned: dict[int, Seen] = {}
        to_read: list[int] = []
        refresh: list[tuple[int, int]] = []
        for j, s in enumerate(seen):
            track = matched.get(j) or new_tracks[j]
            s = self._aligned(track, s) if j in matched else s
            aligned[j] = s
            if s.probs is not None:
                continue
            if self._needs_read(track, s, fresh=j in new_tracks):
                to_read.append(j)
            elif self.frame - track.last_read_frame >= cfg.refresh_every:
                refresh.append((track.last_read_frame, j))
        to_read += [j for _, j in sorted(refresh)[: cfg.refresh_budget]]

        probs: dict[int, Probs] = {j: s.probs for j, s in aligned.items() if s.probs is not None}
        if to_read:
            if read is None:
                raise ValueError("detections without pip probabilities need a read function")
            got = read(sorted(to_read))
            for j, p in zip(sorted(to_read), got, strict=True):
                # the read is in the detection's half order; put it in the track's order
                probs[j] = p if aligned[j] is seen[j] else (p[1], p[0])
        self.reads_last_frame = len(to_read)

        for j in range(len(seen)):
            track = matched.get(j) or new_tracks[j]
            if j in matched:
                track.seen += 1
            track.corners = np.asarray(aligned[j].corners_px, np.float64)
            track.centers = np.asarray(aligned[j].half_centers_px, np.float64)
            track.last_seen_frame = self.frame
            if j in probs:
                self._vote(track, probs[j])
                track.read_corners = track.corners.copy()
                track.last_read_frame = self.frame
                track.reads += 1
        self._tracks.extend(new_tracks.values())
        self._drop_lost()
        return self.tiles()

    def tiles(self) -> list[TrackedTile]:
        """The tiles shown now: seen at least ``show_after`` times and not dropped."""
        return [self._public(t) for t in self._tracks if t.seen >= self.config.show_after]

    # -- matching -------------------------------------------------------------------------
    def _match(self, seen: Sequence[Seen]) -> list[tuple[_Track, int]]:
        if not self._tracks or not seen:
            return []
        centers = np.array([np.mean(s.corners_px, axis=0) for s in seen], np.float64)
        candidates: list[tuple[float, int, int]] = []
        for i, track in enumerate(self._tracks):
            gate = self.config.match_gate * 2.0 * track.half_side
            dist = np.linalg.norm(centers - track.center, axis=1)
            candidates += [(float(d), i, j) for j, d in enumerate(dist) if d <= gate]
        pairs: list[tuple[_Track, int]] = []
        used_tracks: set[int] = set()
        used_seen: set[int] = set()
        for _d, i, j in sorted(candidates):
            if i in used_tracks or j in used_seen:
                continue
            used_tracks.add(i)
            used_seen.add(j)
            pairs.append((self._tracks[i], j))
        return pairs

    @staticmethod
    def _aligned(track: _Track, s: Seen) -> Seen:
        """``s`` with its halves in the track's order (same object when already so)."""
        a, b = np.asarray(s.half_centers_px, np.float64)
        straight = np.linalg.norm(a - track.centers[0]) + np.linalg.norm(b - track.centers[1])
        crossed = np.linalg.norm(a - track.centers[1]) + np.linalg.norm(b - track.centers[0])
        if straight <= crossed:
            return s
        c0, c1, c2, c3 = s.corners_px
        probs = None if s.probs is None else (s.probs[1], s.probs[0])
        return Seen((c2, c3, c0, c1), (s.half_centers_px[1], s.half_centers_px[0]), probs)

    def _needs_read(self, track: _Track, s: Seen, fresh: bool) -> bool:
        if fresh or track.read_corners is None or not track.sure:
            return True
        if self.frame - track.last_seen_frame > 1:  # out of sight: maybe swapped meanwhile
            return True
        moved = np.abs(np.asarray(s.corners_px, np.float64) - track.read_corners).max()
        return bool(moved > self.config.moved_frac * track.half_side)

    def _new_track(self, s: Seen) -> _Track:
        track = _Track(
            track_id=self._next_id,
            corners=np.asarray(s.corners_px, np.float64),
            centers=np.asarray(s.half_centers_px, np.float64),
            first_frame=self.frame,
            halves=(_Half(deque(maxlen=self.config.window)),
                    _Half(deque(maxlen=self.config.window))),
            last_seen_frame=self.frame,
        )
        self._next_id += 1
        return track

    # -- votes ----------------------------------------------------------------------------
    def _vote(self, track: _Track, probs: Probs) -> None:
        cfg = self.config
        for half, p in zip(track.halves, probs, strict=True):
            p = np.asarray(p, np.float32)
            half.votes.append(p)
            top = int(np.argmax(p))
            if half.settled is not None and top != half.settled and p[top] >= cfg.reset_confidence:
                half.streak = half.streak + 1 if half.streak_value == top else 1
                half.streak_value = top
            else:
                half.streak, half.streak_value = 0, None
            if half.streak >= cfg.reset_streak:
                recent = list(half.votes)[-cfg.reset_streak:]
                half.votes.clear()
                half.votes.extend(recent)
                half.settled = None
                half.streak, half.streak_value = 0, None
            self._settle(half)
        if track.settled() and track.settled_frame is None:
            track.settled_frame = self.frame
        track.sure = track.settled() and all(
            float(np.mean(np.stack(h.votes), axis=0)[h.settled]) >= cfg.sure_below
            for h in track.halves)

    def _settle(self, half: _Half) -> None:
        cfg = self.config
        if len(half.votes) < cfg.min_votes:
            return
        mean = np.mean(np.stack(half.votes), axis=0)
        order = np.argsort(-mean, kind="stable")
        best, second = int(order[0]), int(order[1])
        if half.settled is None:
            if mean[best] - mean[second] >= cfg.settle_margin:
                half.settled = best
        elif best != half.settled and mean[best] - mean[half.settled] >= cfg.switch_margin:
            half.settled = best

    # -- leaving --------------------------------------------------------------------------
    def _drop_lost(self) -> None:
        cfg = self.config
        kept = []
        for track in self._tracks:
            missing = self.frame - track.last_seen_frame
            limit = cfg.ghost_after if track.seen < cfg.show_after else cfg.drop_after
            if missing <= limit:
                kept.append(track)
        self._tracks = kept

    # -- output ---------------------------------------------------------------------------
    def _public(self, track: _Track) -> TrackedTile:
        halves = []
        for half, centre in zip(track.halves, track.centers, strict=True):
            if half.votes:
                mean = np.mean(np.stack(half.votes), axis=0)
            else:
                mean = np.full(VALUES, 1.0 / VALUES, np.float32)
            order = [int(v) for v in np.argsort(-mean, kind="stable")]
            value = half.settled if half.settled is not None else order[0]
            other = next(v for v in order if v != value)
            halves.append(TrackedHalf(
                center_px=(float(centre[0]), float(centre[1])),
                pips=value if half.votes else None,
                confidence=float(mean[value]),
                runner_up=other if mean[other] > 0.05 else None,
                runner_up_confidence=float(mean[other]),
                settled=half.settled is not None,
            ))
        settled = track.settled()
        unsure = not settled or min(h.confidence for h in halves) < self.config.sure_below
        corners = tuple((float(x), float(y)) for x, y in track.corners)
        return TrackedTile(
            track_id=track.track_id, corners_px=corners,  # type: ignore[arg-type]
            halves=(halves[0], halves[1]), settled=settled, unsure=unsure,
            first_frame=track.first_frame, settled_frame=track.settled_frame,
            missing_frames=self.frame - track.last_seen_frame, reads=track.reads)


__all__ = ["Seen", "TrackedHalf", "TrackedTile", "Tracker", "TrackerConfig", "probs_of"]
