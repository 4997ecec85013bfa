"""The live loop: frames in, settled tile readings out, drawn or printed.

    source (vision.live.frames) -> detect (a frame in which nothing moved keeps the last
    frame's tiles) -> tracker (vision.live.track) decides which
    tiles need their pips read -> pip reader on full-resolution crops of those only ->
    settled values -> overlay (window) or one line per change (headless)

``LiveSession.step()`` does one frame; ``run_headless`` and ``run_window`` drive it.
Totals (pips, score) count settled tiles only; unsure tiles are drawn with ``?`` and
counted apart, so the numbers do not flicker while a tile is being put down.

Snapshots (key ``s``, or ``--snapshot-on-exit``) write the frame as PNG and its reading as
JSON, the same object ``chickenfoot read --json`` prints (``vision.reader.report``), the "image"
field naming the PNG.

The scorecard hook (a file format, nothing else): with ``send``, each snapshot is also
written to the inbox folder, ``inbox_dir()`` = ``$CHICKENFOOT_INBOX`` or
``<user data dir>/chickenfoot/inbox``. A snapshot there is a pair ``live-<stamp>.png`` +
``live-<stamp>.json``; the JSON is written last, atomically (temporary name, then rename),
so a ``.json`` present means the pair is complete. A reader of the inbox (the scorecard
app, for its current round) lists ``pending_snapshots()`` (oldest first), loads one with
``take_snapshot(path)``, which returns the ``Recognition`` and moves the pair into
``inbox/taken/`` so it is used once.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from scorer.messages import clip_name, os_reason
from scorer.rules import RuleSet
from scorer.scoring import pip_total, score_hand
from scorer.tiles import Tile
from vision.doubt import DOUBT_BELOW
from vision.live.frames import Frame, FrameSource, SourceError
from vision.live.track import ReadFn, Seen, TrackedTile, Tracker
from vision.reader import apply_set_knowledge, ms_since, rules_for, to_dict
from vision.types import Recognition, TileReading
from vision.whole_file import write_whole

INBOX_ENV = "CHICKENFOOT_INBOX"
WINDOW_TITLE = "chickenfoot live"
PAIR_KEY_PX = 4.0  # detector jitter between frames of a tile lying still
# A frame whose 8x8-block means all lie within STILL_GREY of those of the frame the tiles
# were found in shows them where they were: they are not looked for again. Sensor noise
# (sigma 5) moved no block of a 1280x720 frame by more than 3; a tile's edge moved 2 px
# moves its blocks by a quarter of the edge's contrast.
THUMBNAIL_STEP = 8
STILL_GREY = 6


class LiveError(Exception):
    """The live view cannot run (no display, ...); one line."""


# -- readers ------------------------------------------------------------------------------
@dataclass
class Observation:
    """What one frame showed: tiles found, problems, and how to read pips on demand."""

    seen: list[Seen]
    problems: list[str]
    read: ReadFn | None
    timings_ms: dict[str, float]


class LiveReader(Protocol):
    def observe(self, image_bgr: np.ndarray, set_max: int | None) -> Observation: ...


class WholeFrameReader:
    """Any reader with ``read(image, set_max) -> (tiles, problems)``: every tile read every
    frame (fakes in tests, or readers that cannot be split)."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader

    def observe(self, image_bgr: np.ndarray, set_max: int | None) -> Observation:
        started = time.perf_counter()
        tiles, problems = self.reader.read(image_bgr, set_max)
        timings = {"read": ms_since(started)}
        extra = getattr(self.reader, "last_timings_ms", None)
        if isinstance(extra, Mapping):
            timings.update({f"read.{k}": float(v) for k, v in extra.items()})
        return Observation([Seen.from_reading(t) for t in tiles], [str(p) for p in problems], None,
                           timings)


class DetectThenRead:
    """``vision.reader.tile_reader.TileReader`` taken apart: the detector and assembly run on every
    frame in which something moved, the pip reader only on the tiles the tracker asks for,
    from full-resolution crops of the frame."""

    def __init__(self, reader: Any) -> None:
        from vision.reader import assemble_tiles, crop_half

        self.detector = reader.detector
        self.pip_reader = reader.pip_reader
        self._pairing_for = getattr(reader, "pairing_for", lambda image: None)
        self._judged: dict[tuple[int, ...], float] = {}  # the last frame's pair verdicts
        # The thumbnail of the frame the tiles were last found in, and what was found
        self._found: tuple[np.ndarray, list, list] | None = None
        self._assemble = assemble_tiles
        self._crop = crop_half

    def observe(self, image_bgr: np.ndarray, set_max: int | None) -> Observation:
        timings: dict[str, float] = {"detect": 0.0, "assemble": 0.0}
        thumbnail = _thumbnail(image_bgr)
        if self._found is not None and _still(thumbnail, self._found[0]):
            slots, lone = self._found[1:]  # nothing moved since the tiles were found
        else:
            started = time.perf_counter()
            dets = self.detector.detect(image_bgr)
            timings["detect"] = ms_since(started)
            started = time.perf_counter()
            slots, lone = self._assemble(dets, self._remembered_pairing(image_bgr))
            timings["assemble"] = ms_since(started)
            self._found = (thumbnail, slots, lone)
        seen = [Seen(tuple(slot.corners()), (slot.halves[0].center, slot.halves[1].center))
                for slot in slots]  # type: ignore[arg-type]
        problems = [f"a tile half at ({h.center[0]:.0f}, {h.center[1]:.0f}) has no partner "
                    "half: check that tile" for h in lone]
        timings["pips"] = 0.0

        def read(indices: list[int]) -> list[tuple[np.ndarray, np.ndarray]]:
            begun = time.perf_counter()
            crops = np.array([self._crop(image_bgr, half.box_xyxy)
                              for j in indices for half in slots[j].halves], np.uint8)
            probs = self.pip_reader.probabilities(crops.reshape(-1, 64, 64, 3), set_max)
            timings["pips"] += ms_since(begun)
            return [(probs[2 * k], probs[2 * k + 1]) for k in range(len(indices))]

        return Observation(seen, problems, read, timings)

    def _remembered_pairing(self, image_bgr: np.ndarray):
        """The pair judge, asked only about pairs of halves that were not in the same
        place in the last frame: tiles lying still are judged once, not every frame."""
        judge = self._pairing_for(image_bgr)
        if judge is None:
            return None
        last_frame, this_frame = self._judged, {}
        self._judged = this_frame

        def probability(pairs):
            keys = [_pair_key(a.center, b.center) for a, b in pairs]
            new = [k for k, key in enumerate(keys) if key not in last_frame
                   and key not in this_frame]
            if new:
                fresh = judge([pairs[k] for k in new])
                this_frame.update((keys[k], float(p)) for k, p in zip(new, fresh, strict=True))
            for key in keys:
                this_frame.setdefault(key, last_frame.get(key, 0.0))
            return np.array([this_frame[key] for key in keys], np.float32)

        return probability


def _thumbnail(image_bgr: np.ndarray) -> np.ndarray:
    """The frame in grey at 1/THUMBNAIL_STEP of its size: each pixel the mean of a block,
    so a camera's noise averages out and a tile's edge moving a few pixels does not."""
    grey = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
    height, width = grey.shape
    size = (max(1, width // THUMBNAIL_STEP), max(1, height // THUMBNAIL_STEP))
    return cv2.resize(grey, size, interpolation=cv2.INTER_AREA).astype(np.int16)


def _still(thumbnail: np.ndarray, found_in: np.ndarray) -> bool:
    """Whether nothing in view moved since the frame the tiles were found in: no block
    changed by more than STILL_GREY (a hand, a tile put down or nudged, the light)."""
    return (thumbnail.shape == found_in.shape
            and int(np.abs(thumbnail - found_in).max()) <= STILL_GREY)


def _pair_key(a: tuple[float, float], b: tuple[float, float]) -> tuple[int, ...]:
    """Two half centres to within a few pixels of detector jitter."""
    return tuple(round(v / PAIR_KEY_PX) for v in (*a, *b))


def live_reader_for(reader: Any) -> LiveReader:
    """Split the shipped reader so still tiles are not re-read; wrap anything else."""
    if hasattr(reader, "observe"):
        return reader
    if hasattr(reader, "detector") and hasattr(reader, "pip_reader"):
        return DetectThenRead(reader)
    return WholeFrameReader(reader)



# -- the session --------------------------------------------------------------------------
@dataclass(frozen=True)
class ViewSummary:
    """What is in view: settled tiles (sorted), how many are unsure, and the totals."""

    tiles: tuple[Tile, ...]
    unsure: int
    pip_total: int
    score: int

    def text(self) -> str:
        count = len(self.tiles)
        names = " ".join(f"{t.high}|{t.low}" for t in self.tiles)
        line = f"{count} tile{'s' if count != 1 else ''}"
        line += f": {names}" if names else ""
        line += f"  pips {self.pip_total}  score {self.score}"
        if self.unsure:
            line += f"  (+{self.unsure} unsure)"
        return line


@dataclass
class SettleEvent:
    """A tile's value settling: when it was first seen and when it settled (source time)."""

    track_id: int
    values: tuple[int, int]
    first_seen_s: float
    settled_s: float


@dataclass
class LiveSession:
    source: FrameSource
    reader: LiveReader
    set_max: int | None = None
    tracker: Tracker = field(default_factory=Tracker)
    rules: RuleSet | None = None

    def __post_init__(self) -> None:
        self.reader = live_reader_for(self.reader)
        self.rules = self.rules or rules_for(self.set_max)
        self.frame: Frame | None = None
        self.tiles: list[TrackedTile] = []
        self.problems: list[str] = []
        self.frames = 0
        self.fps = 0.0
        self.timings_ms: dict[str, float] = {}
        self.stage_totals_ms: dict[str, float] = {}
        self.settle_events: list[SettleEvent] = []
        self._first_seen_s: dict[int, float] = {}
        self._settled_ids: set[int] = set()
        self._last_step: float | None = None

    def step(self) -> bool:
        """Read and process one frame; False at the end of a video. Raises SourceError
        when the source is gone for good."""
        started = time.perf_counter()
        frame = self.source.read()
        if frame is None:
            return False
        timings = {"capture": ms_since(started)}
        obs = self.reader.observe(frame.image, self.set_max)
        begun = time.perf_counter()
        self.tiles = self.tracker.update(obs.seen, obs.read)
        track_ms = ms_since(begun)
        timings.update(obs.timings_ms)
        timings["track"] = max(0.0, track_ms - obs.timings_ms.get("pips", 0.0))
        timings["reads"] = float(self.tracker.reads_last_frame)
        self.frame = frame
        self.problems = obs.problems
        self._note_settling(frame.time_s)
        self.frames += 1
        now = time.perf_counter()
        if self._last_step is not None:
            interval = now - self._last_step
            rate = 1.0 / interval if interval > 0 else 0.0
            self.fps = rate if self.fps == 0.0 else 0.8 * self.fps + 0.2 * rate
        self._last_step = now
        timings["step"] = ms_since(started)
        self.timings_ms = timings
        for name, ms in timings.items():
            self.stage_totals_ms[name] = self.stage_totals_ms.get(name, 0.0) + ms
        return True

    def _note_settling(self, time_s: float) -> None:
        for tile in self.tiles:
            self._first_seen_s.setdefault(tile.track_id, time_s)
            if tile.settled and tile.track_id not in self._settled_ids:
                self._settled_ids.add(tile.track_id)
                first = self._first_seen_s.pop(tile.track_id, time_s)
                self.settle_events.append(
                    SettleEvent(tile.track_id, tile.values or (0, 0), first, time_s))

    def summary(self) -> ViewSummary:
        settled = [t for t in self.tiles if t.settled and not t.unsure]
        hand = sorted((Tile.of(*t.values) for t in settled if _valid(t.values)),  # type: ignore[misc]
                      key=lambda t: (-t.high, -t.low))
        rules = self.rules or RuleSet()
        return ViewSummary(tuple(hand), len(self.tiles) - len(settled), pip_total(hand),
                           score_hand(hand, rules))

    def recognition(self, image_name: str = "live") -> Recognition:
        """The view as a read result (sure and unsure tiles; unsure ones keep their lower
        confidence), with problems, for snapshots."""
        height, width = self.frame.image.shape[:2] if self.frame is not None else (0, 0)
        readings = [t.reading() for t in self.tiles if all(h.pips is not None for h in t.halves)]
        kept, set_problems = apply_set_knowledge(readings, self.set_max)
        problems = list(self.problems) + list(set_problems)
        unsure = sum(1 for t in self.tiles if t.unsure)
        if unsure:
            problems.append(f"{unsure} tile{'s' if unsure != 1 else ''} still unsure: check "
                            f"{'them' if unsure != 1 else 'it'}")
        return Recognition(image=image_name, width=width, height=height, tiles=tuple(kept),
                           problems=tuple(problems))


def _valid(values: tuple[int, int] | None) -> bool:
    return values is not None and 0 <= min(values) and max(values) <= 18


# -- snapshots and the inbox --------------------------------------------------------------
def inbox_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where ``--send`` puts snapshots for the scorecard app."""
    env = os.environ if environ is None else environ
    if env.get(INBOX_ENV, "").strip():  # only spaces: unset, as XDG's variables are
        return Path(env[INBOX_ENV]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("chickenfoot", appauthor=False)) / "inbox"


def inbox_problem(inbox: Path, environ: Mapping[str, str] | None = None) -> str | None:
    """Why ``inbox`` cannot hold snapshots (it is there and no folder), naming the
    variable that chose it; None when it can."""
    if not os.path.lexists(inbox) or inbox.is_dir():
        return None
    env = os.environ if environ is None else environ
    chosen = f" (set by ${INBOX_ENV})" if env.get(INBOX_ENV, "").strip() else ""
    return (f"the scorecard's inbox {clip_name(str(inbox))}{chosen} is a file, not a "
            "folder: point it at a folder")


def _stamp() -> str:
    now = time.time()
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now * 1000) % 1000:03d}"


def write_snapshot(folder: str | os.PathLike[str], image_bgr: np.ndarray,
                   recognition: Recognition, rules: RuleSet | None = None,
                   stem: str | None = None) -> tuple[Path, Path]:
    """Write ``stem.png`` (the frame as captured) and ``stem.json`` (the read JSON, its
    "image" the PNG's path), JSON last and atomically. Raises OSError (one line)."""
    from vision.reader import write_image

    target = Path(folder)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # there, and not a folder
        raise OSError(f"{clip_name(target)} is a file, not a folder for snapshots") from None
    except OSError as error:
        raise OSError(f"cannot create {clip_name(target)}: {os_reason(error)}") from None
    stem = stem or f"live-{_stamp()}"
    png = target / f"{stem}.png"
    n = 1
    while png.exists() or png.with_suffix(".json").exists():
        png = target / f"{stem}-{n}.png"
        n += 1
    write_image(png, image_bgr)
    data = to_dict(replace(recognition, image=str(png.resolve())), rules)
    json_path = png.with_suffix(".json")
    try:
        # ASCII escapes: a folder name that is not UTF-8 (a Latin-1 "café") stays valid JSON
        write_whole(json_path, (json.dumps(data) + "\n").encode("utf-8"))
    except OSError as error:
        raise OSError(f"{json_path}: {error.strerror or error}") from None
    return png, json_path


def pending_snapshots(inbox: str | os.PathLike[str] | None = None) -> list[Path]:
    """Complete snapshots waiting in the inbox, oldest first."""
    folder = Path(inbox) if inbox is not None else inbox_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("live-*.json"))


def take_snapshot(json_path: str | os.PathLike[str]) -> Recognition:
    """Load one inbox snapshot and move its pair into ``taken/``; raises ValueError
    (one line) when the file is not a reading."""
    from vision.reader import load_json_file

    path = Path(json_path)
    recognition = load_json_file(path)
    taken = path.parent / "taken"
    taken.mkdir(exist_ok=True)
    png = Path(recognition.image)
    if png.is_file() and png.parent == path.parent:
        os.replace(png, taken / png.name)
        recognition = replace(recognition, image=str(taken / png.name))
    os.replace(path, taken / path.name)
    return recognition


def put_back_snapshot(image: str | os.PathLike[str]) -> None:
    """Move a snapshot ``take_snapshot`` took (``image``: its picture in ``taken/``) back
    into the inbox, its reading beside it: the score it was opened for was not saved."""
    taken = Path(image)
    if taken.parent.name != "taken":
        return
    for part in (taken, taken.with_suffix(".json")):
        if part.is_file():
            os.replace(part, taken.parent.parent / part.name)


# -- drawing ------------------------------------------------------------------------------
_FONT = cv2.FONT_HERSHEY_SIMPLEX


def draw_view(image_bgr: np.ndarray, session: LiveSession, show_tiles: bool = True,
              status: str = "", doubt_below: float = DOUBT_BELOW) -> np.ndarray:
    """The frame with tiles outlined and their values (``?`` while unsure), and a bar with
    the settled totals, the unsure count, the frame rate and ``status``."""
    from vision.reader import annotate_reading

    if show_tiles and session.tiles:
        shown = [_display_reading(t, doubt_below) for t in session.tiles
                 if all(h.pips is not None for h in t.halves)]
        height, width = image_bgr.shape[:2]
        canvas = annotate_reading(image_bgr, Recognition("live", width, height, tuple(shown)),
                          session.rules, doubt_below)
    else:
        canvas = image_bgr.copy()
    summary = session.summary()
    text = f"{summary.text()}   {session.fps:.1f} fps"
    _bar(canvas, [text] + ([status] if status else []))
    return canvas


def _display_reading(tile: TrackedTile, doubt_below: float) -> TileReading:
    reading = tile.reading()
    if not tile.unsure:
        return reading
    halves = tuple(h if (th.settled and h.confidence >= doubt_below)
                   else replace(h, confidence=min(h.confidence, doubt_below * 0.99))
                   for h, th in zip(reading.halves, tile.halves, strict=True))
    return replace(reading, halves=halves)  # type: ignore[arg-type]


def _bar(canvas: np.ndarray, lines: list[str]) -> None:
    scale = max(0.45, min(canvas.shape[:2]) / 900)
    thickness = max(1, round(scale * 2))
    (_, h), base = cv2.getTextSize("0", _FONT, scale, thickness)
    pad = max(4, round(h / 2))
    step = h + base + pad
    cv2.rectangle(canvas, (0, 0), (canvas.shape[1], pad + step * len(lines)), (0, 0, 0), -1)
    for i, line in enumerate(lines):
        cv2.putText(canvas, line, (pad, pad + h + i * step), _FONT, scale, (255, 255, 255),
                    thickness, cv2.LINE_AA)


# -- driving it ---------------------------------------------------------------------------
@dataclass
class LiveOptions:
    max_frames: int | None = None
    snapshot_dir: Path = Path(".")
    send: bool = False
    snapshot_on_exit: bool = False
    doubt_below: float = DOUBT_BELOW


def snapshot(session: LiveSession, options: LiveOptions) -> list[Path]:
    """Write a snapshot of the current view (and into the inbox with ``send``)."""
    if session.frame is None:
        raise OSError("no frame yet to snapshot")
    recognition = session.recognition()
    written = list(write_snapshot(options.snapshot_dir, session.frame.image, recognition,
                                  session.rules))
    if options.send:
        written += write_snapshot(inbox_dir(), session.frame.image, recognition, session.rules,
                                  stem=written[0].stem)
    return written


def _timestamp(session: LiveSession) -> str:
    frame = session.frame
    return f"{frame.time_s:7.2f}s frame {frame.index}" if frame is not None else ""


def run_headless(session: LiveSession, options: LiveOptions,
                 out: Callable[[str], None] = print,
                 err: Callable[[str], None] | None = None) -> int:
    """Print a line whenever the settled reading in view changes. Exit status: 0 at the
    end of the video or after ``max_frames``, 2 when the source is lost. With ``send`` or
    ``snapshot_on_exit`` the last view is snapshot (and sent) at the end, whatever ends
    it: a camera's loop ends only by Ctrl+C or SIGTERM, and there is no key here to take
    one sooner."""
    err = err or (lambda text: print(text, file=sys.stderr, flush=True))
    last: tuple[Tile, ...] | None = None
    status = 0
    try:
        while options.max_frames is None or session.frames < options.max_frames:
            try:
                if not session.step():
                    break
            except SourceError as error:
                err(f"chickenfoot live: {error}")
                status = 2
                break
            summary = session.summary()
            if summary.tiles != last:
                out(f"{_timestamp(session)}: {summary.text()}")
                last = summary.tiles
    except BaseException:  # stopped: the view the player stopped on is still kept
        _last_snapshot(session, options, err, options.snapshot_on_exit or options.send)
        raise
    ok = _last_snapshot(session, options, err, options.snapshot_on_exit or options.send)
    return status if ok else 2


def _last_snapshot(session: LiveSession, options: LiveOptions,
                   err: Callable[[str], None], wanted: bool) -> bool:
    """The snapshot asked for at the end, said on ``err``; False when it failed."""
    if not wanted or session.frame is None:
        return True
    try:
        paths = snapshot(session, options)
    except OSError as error:
        err(f"chickenfoot live: snapshot failed: {error}")
        return False
    err(f"snapshot: {', '.join(clip_name(p) for p in paths)}")
    return True


def check_display() -> None:
    """Raise LiveError when no window can be opened here."""
    info = cv2.getBuildInformation()
    gui = next((line.split(":", 1)[1].strip() for line in info.splitlines()
                if line.strip().startswith("GUI:")), "")
    if gui.upper() == "NONE":
        raise LiveError("no display available (this OpenCV has no window support): use "
                        "--no-window")
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        raise LiveError("no display available ($DISPLAY is not set): use --no-window")


def run_window(session: LiveSession, options: LiveOptions,
               err: Callable[[str], None] | None = None) -> int:
    """Show the view. Keys: s snapshot, f freeze, o overlay on/off, q (or Esc) quit. With
    ``snapshot_on_exit`` the last view is snapshot however it ends (q, Ctrl+C)."""
    err = err or (lambda text: print(text, file=sys.stderr, flush=True))
    check_display()
    try:
        cv2.namedWindow(WINDOW_TITLE, cv2.WINDOW_NORMAL)
    except cv2.error:
        raise LiveError("no display available: use --no-window") from None
    frozen, overlay, ended, status = False, True, False, 0
    note, note_until = "s snapshot  f freeze  o overlay  q quit", time.monotonic() + 5.0
    frame_s = 1.0 / session.source.fps if (not session.source.live and session.source.fps) else 0
    try:
        while True:
            began = time.monotonic()
            if not (frozen or ended):
                try:
                    ended = not session.step()
                except SourceError as error:
                    err(f"chickenfoot live: {error}")
                    note, note_until, ended, status = str(error), float("inf"), True, 2
                if ended and status == 0:
                    note, note_until = "end of video: q to quit", float("inf")
                if options.max_frames is not None and session.frames >= options.max_frames:
                    break
            if session.frame is not None:
                text = note if time.monotonic() < note_until else ""
                if frozen:
                    text = ("FROZEN (f to go on)  " + text).strip()
                cv2.imshow(WINDOW_TITLE, draw_view(session.frame.image, session, overlay, text,
                                                   options.doubt_below))
            wait_ms = max(1, int((frame_s - (time.monotonic() - began)) * 1000))
            key = cv2.waitKey(wait_ms) & 0xFF
            if key in (ord("q"), 27):
                break
            if key == ord("f"):
                frozen = not frozen
            elif key == ord("o"):
                overlay = not overlay
            elif key == ord("s"):
                try:
                    paths = snapshot(session, options)
                    note = f"saved {paths[0].name}" + (" and sent" if options.send else "")
                except OSError as error:
                    note = f"snapshot failed: {error}"
                note_until = time.monotonic() + 3.0
                err(note)
            if cv2.getWindowProperty(WINDOW_TITLE, cv2.WND_PROP_VISIBLE) < 1:
                break
    except BaseException:  # Ctrl+C in the terminal: the view stopped on is kept as asked
        _last_snapshot(session, options, err, options.snapshot_on_exit)
        raise
    finally:
        cv2.destroyAllWindows()
    return status if _last_snapshot(session, options, err, options.snapshot_on_exit) else 2


__all__ = ["DetectThenRead", "LiveError", "LiveOptions", "LiveSession", "Observation",
           "SettleEvent", "ViewSummary", "WholeFrameReader", "check_display", "draw_view",
           "inbox_dir", "live_reader_for", "pending_snapshots", "put_back_snapshot",
           "run_headless", "run_window", "snapshot", "take_snapshot", "write_snapshot"]
