"""The tile reader: photo in, tiles with both halves read out.

detect (ONNX, whole photo letterboxed) -> pair halves into tiles (the pair judge, ONNX,
looks at each candidate) -> cut every half from the full-resolution photo -> read pips
(ONNX) -> TileReading values.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from vision.reader.assemble import HalfSlot, PairProbability, TileSlot, assemble
from vision.reader.blank_partner import pair_lone_halves_with_blanks
from vision.reader.detect import OnnxDetector
from vision.reader.divider import shows_divider
from vision.reader.half_crop import CROP_PX, crop_half
from vision.reader.missing_partner import pair_lone_halves_by_judge
from vision.reader.onnx_session import ModelError
from vision.reader.pair_judge import PairJudge
from vision.reader.pips import PipReader, within_set
from vision.reader.tiled_detect import detect_multiscale
from vision.types import BiggerSet, HalfReading, LoneHalf, ReaderProblem, TileReading

MODELS_DIR = Path(__file__).resolve().parents[2] / "models"
DETECTOR_FILE = "detector.onnx"
PIPS_FILE = "pips.onnx"
PAIRS_FILE = "pairs.onnx"
# The pair judge's probability under which a found "tile" is taken to be none at all.
NOT_A_TILE_BELOW = 0.15
BIGGER_SET_SURE, BIGGER_SET_HALVES = 0.8, 2
# A double blank whose divider cannot be seen: doubtful once calibrated (vision.doubt).
NO_DIVIDER_CONFIDENCE = 0.3
JUDGE_SURE = 0.5  # a pair-judge score this high takes nothing off a tile's confidence


class TileReader:
    """Reads every tile in a BGR image. ``last_timings_ms`` holds the stage times of the
    last call, for benchmarks."""

    def __init__(self, detector: OnnxDetector, pip_reader: PipReader,
                 pair_judge: PairJudge | None = None):
        self.detector = detector
        self.pip_reader = pip_reader
        self.pair_judge = pair_judge
        self.last_timings_ms: dict[str, float] = {}
        # the judge looking at the photo second looks were last asked about: a board asks
        # dozens, and each new judge shrinks the whole photo again (about 8 ms at 1280x960)
        self._looking: tuple[np.ndarray, PairProbability | None] | None = None

    def read(
        self, image_bgr: np.ndarray, set_max: int | None = None
    ) -> tuple[list[TileReading], list[ReaderProblem]]:
        timings: dict[str, float] = {}
        started = time.perf_counter()
        dets = detect_multiscale(self.detector, image_bgr)
        timings["detect"] = ms_since(started)

        started = time.perf_counter()
        pairing = self.pairing_for(image_bgr)
        tile_slots, lone = assemble(dets, pairing)
        tile_slots, lone = pair_lone_halves_with_blanks(
            image_bgr, tile_slots, lone, self.pip_reader
        )
        tile_slots, lone = pair_lone_halves_by_judge(tile_slots, lone, pairing)
        tile_slots = verified(tile_slots, pairing)
        timings["assemble"] = ms_since(started)

        started = time.perf_counter()
        slots = [half for tile in tile_slots for half in tile.halves]
        crops = np.array([crop_half(image_bgr, half.box_xyxy) for half in slots], np.uint8)
        unmasked = self.pip_reader.probabilities(crops.reshape(-1, CROP_PX, CROP_PX, 3), None)
        probs = within_set(unmasked, set_max)
        timings["pips"] = ms_since(started)

        tiles = [
            _tile_reading(tile, probs[2 * i], probs[2 * i + 1]) for i, tile in enumerate(tile_slots)
        ]
        tiles = [_double_blank_checked(image_bgr, tile) for tile in tiles]
        problems: list[ReaderProblem] = [_lone_problem(half) for half in lone]
        bigger = bigger_set(unmasked, set_max)
        if bigger is not None:
            problems.append(bigger)
        self.last_timings_ms = timings
        return tiles, problems

    def read_at(self, image_bgr: np.ndarray, centres: tuple[tuple[float, float], ...],
                set_max: int | None = None) -> TileReading:
        """The tile whose two half centres are ``centres``, read without the detector: a
        second look where the board says a tile must lie. The pair judge says how surely
        a tile lies there; it weighs in the tile's confidence as a detector score would."""
        return self.read_at_many(image_bgr, [centres], set_max)[0]

    def read_at_many(self, image_bgr: np.ndarray,
                     places: Sequence[tuple[tuple[float, float], ...]],
                     set_max: int | None = None) -> list[TileReading]:
        """``read_at`` for each of ``places``, the judge and the pip reader each asked once
        for all of them: a tile looked at along its length is seven looks, and a model
        run has a cost of its own whatever the batch (about 8 ms a look one by one)."""
        if not places:
            return []
        slots = _look_slots(places)
        scores = self._judge_scores(image_bgr, slots)
        crops = np.array([crop_half(image_bgr, h.box_xyxy) for pair in slots for h in pair],
                         np.uint8)
        probs = self.pip_reader.probabilities(crops, set_max)
        return [_double_blank_checked(image_bgr, _tile_reading(
                    TileSlot((a, b), float(score)), probs[2 * i], probs[2 * i + 1]))
                for i, ((a, b), score) in enumerate(zip(slots, scores, strict=True))]

    def most_sure_at_many(self, image_bgr: np.ndarray,
                          places: Sequence[tuple[tuple[float, float], ...]]) -> list[float]:
        """The highest confidence ``read_at_many`` could give a tile at each of ``places``,
        from the pair judge alone (no pips read): a cheap first look that rules out places
        where plainly no tile lies (bare table beside an open end)."""
        if not places:
            return []
        scores = self._judge_scores(image_bgr, _look_slots(places))
        return [min(1.0, float(score) / JUDGE_SURE) for score in scores]

    def _judge_scores(self, image_bgr: np.ndarray, slots: list[tuple[HalfSlot, HalfSlot]]
                      ) -> np.ndarray:
        pairing = self._judge_for_looks(image_bgr)
        return (np.ones(len(slots)) if pairing is None
                else np.asarray(pairing([(a, b) for a, b in slots])))

    def _judge_for_looks(self, image_bgr: np.ndarray) -> PairProbability | None:
        """The pair judge looking at ``image_bgr``, kept while looks are asked about this
        same picture (the same array: a photo is never changed in place once read)."""
        if self._looking is None or self._looking[0] is not image_bgr:
            self._looking = (image_bgr, self.pairing_for(image_bgr))
        return self._looking[1]

    def pairing_for(self, image_bgr: np.ndarray) -> PairProbability | None:
        """The pair judge looking at this photo, for assemble (None without a judge)."""
        judge = self.pair_judge
        if judge is None:
            return None
        return judge.looking_at(image_bgr)


def _look_slots(places: Sequence[tuple[tuple[float, float], ...]]
                ) -> list[tuple[HalfSlot, HalfSlot]]:
    """The two halves of a tile looked at where its half centres are ``places``: a half
    is a square as wide as the centres' spacing; turned, its axis-aligned box (what the
    detector gives) is |dx| + |dy| wide."""
    slots = []
    for (ax, ay), (bx, by) in places:
        side = max(abs(bx - ax) + abs(by - ay), 1.0)
        first, second = (HalfSlot((x - side / 2, y - side / 2, x + side / 2, y + side / 2),
                                  1.0, inferred=True) for x, y in ((ax, ay), (bx, by)))
        slots.append((first, second))
    return slots


def bigger_set(probs: np.ndarray, set_max: int | None) -> BiggerSet | None:
    """Two or more halves read surely (0.8) above the set: a photo of a bigger set."""
    if set_max is None or len(probs) == 0:
        return None
    best = probs.argmax(axis=1)
    above = (best > set_max) & (probs.max(axis=1) >= BIGGER_SET_SURE)
    if above.sum() < BIGGER_SET_HALVES:
        return None
    return BiggerSet(set_max, int(above.sum()), int(best[above].max()))


def verified(tiles: list[TileSlot], pairing: PairProbability | None) -> list[TileSlot]:
    """Every tile, however it was found (two halves, a tile box, a blank partner), looked
    at once more as a whole by the pair judge: what it plainly sees is no face-up tile (a
    tile's back, a die, a card, a patch of table) goes, and a tile it doubts keeps that
    doubt in its score."""
    if pairing is None or not tiles:
        return tiles
    probs = pairing([tile.halves for tile in tiles])
    return [TileSlot(tile.halves, min(tile.score, float(p)))
            for tile, p in zip(tiles, probs, strict=True) if p >= NOT_A_TILE_BELOW]


def ms_since(started: float) -> float:
    """Milliseconds since a time.perf_counter() reading."""
    return (time.perf_counter() - started) * 1000.0


def _half_reading(slot: HalfSlot, probs: np.ndarray) -> HalfReading:
    order = np.argsort(-probs)
    best, second = int(order[0]), int(order[1])
    return HalfReading(
        center_px=(round(slot.center[0], 1), round(slot.center[1], 1)),
        pips=best,
        confidence=round(float(probs[best]), 4),
        runner_up=second if probs[second] > 0.0 else None,
        runner_up_confidence=round(float(probs[second]), 4),
    )


def _tile_reading(tile: TileSlot, first: np.ndarray, second: np.ndarray) -> TileReading:
    halves = (_half_reading(tile.halves[0], first), _half_reading(tile.halves[1], second))
    corners = tuple((round(x, 1), round(y, 1)) for x, y in tile.corners())
    confidence = round(min(h.confidence for h in halves) * min(1.0, tile.score / JUDGE_SURE),
                       4)
    return TileReading(corners_px=corners, halves=halves, confidence=confidence)  # type: ignore[arg-type]


def _double_blank_checked(image_bgr: np.ndarray, tile: TileReading) -> TileReading:
    """A 0-0 with no divider to see may be a tile lying face down: never counted unasked."""
    if tile.pips != (0, 0) or tile.confidence <= NO_DIVIDER_CONFIDENCE:
        return tile
    if shows_divider(image_bgr, tile.halves[0].center_px, tile.halves[1].center_px):
        return tile
    return replace(tile, confidence=NO_DIVIDER_CONFIDENCE)


def _lone_problem(half: HalfSlot) -> LoneHalf:
    return LoneHalf(half.center)


def load_default_reader(models_dir: Path = MODELS_DIR) -> TileReader:
    """The shipped models; raises vision.reader.onnx_session.ModelError with a one-line message."""
    return TileReader(
        OnnxDetector(models_dir / DETECTOR_FILE),
        PipReader(models_dir / PIPS_FILE),
        PairJudge(models_dir / PAIRS_FILE),
    )


class ReaderOnFirstUse:
    """The shipped reader with its models opened when it is first asked to read, so that
    a big photo is decoded before the models and their buffers take memory (a 50 MP PNG
    peaked at 294 MB read with the models open first, 236 MB decoded first). A model file
    that is missing is said at once (ModelError); one that cannot be opened, at the first
    read, as a ModelError whatever the runtime raised."""

    def __init__(self, models_dir: Path = MODELS_DIR,
                 load: Callable[[Path], TileReader] | None = None) -> None:
        for name in (DETECTOR_FILE, PIPS_FILE, PAIRS_FILE):
            if not (models_dir / name).is_file():
                raise ModelError(f"model file {models_dir / name} is missing (reinstall or "
                                 "re-export it)")
        self._models_dir = models_dir
        self._load = load or load_default_reader
        self._reader: TileReader | None = None

    def __getattr__(self, name: str):
        if self._reader is None:
            try:
                self._reader = self._load(self._models_dir)
            except ModelError:
                raise
            except Exception as error:  # the runtime raises several unrelated types
                raise ModelError(str(error).strip() or type(error).__name__) from None
        return getattr(self._reader, name)


@functools.cache
def shared_reader(models_dir: Path = MODELS_DIR) -> TileReader:
    """The models in ``models_dir``, loaded once per process."""
    return load_default_reader(models_dir)


def read_image_file(path: str, set_max: int | None = None, models_dir: Path = MODELS_DIR):
    """The one narrow call for the app: a photo file in, a Recognition out. The models are
    loaded once per process. Raises ValueError with a one-line message for a bad photo,
    and ModelError when the models cannot be loaded."""
    from vision.reader.recognize import RecognitionError, recognize_file

    result = recognize_file(path, shared_reader(models_dir), set_max)
    if isinstance(result, RecognitionError):
        raise ValueError(result.message)
    return result
