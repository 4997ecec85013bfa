"""The pair judge: a small CNN (ONNX) that looks at two detected halves in the photo and
says how likely they are to be the two halves of one tile.

Geometry alone cannot tell the halves of touching or turned tiles apart (their boxes
overlap and sit at every spacing); the picture can: a divider between the halves and
table past the ends for a tile, a seam and a face running on for two neighbours. A
candidate the judge is unsure of from one end is looked at from the other end too and the
two answers averaged.

Why: Which halves make a tile is decided by looking, not by geometry alone. Geometry
(`vision.reader.assemble.half_pair_error`: the offset between two half centres in units of
the boxes' mean width and height is 1 in |dx| + |dy| for the two halves of one tile, at
any rotation, even in a stretched photo) finds the candidates: halves roughly one half
apart (error up to 0.8). It cannot choose between them when tiles touch or turn, because
their boxes overlap and neighbours sit at the same spacing; that step paired most of the
wrong tiles on the real photos (a 4 of one tile with the 7 of its neighbour). So a small
CNN, the pair judge (`vision/reader/pair_judge.py`, `models/pairs.onnx`), looks at each
candidate in the photo, rectified along the line joining the two centres
(`vision/reader/pair_crop.py`): a tile shows a divider between the halves and table past
its ends and sides; two neighbours show a seam and faces running on. Candidates are taken
likeliest first; halves the judge is unsure about but that lie exactly right and that the
detector is sure of are paired in a second round, because two lone halves drop their pips
from the score while a doubtful tile keeps them; a second detection of a paired half is
dropped. Pose or oriented-box detectors were the alternative; they need corner labels the
real photos do not have, and a new detector is hours of CPU training, while the judge
trains in minutes on candidates cut from the same photos the detector was trained on, and
can be trained on the real photos' labels wherever pairing them is unambiguous. The
geometry-only pairing (tile boxes claim the pair that fills them best) remains for a
reader without a judge, and for pairing the real training labels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from vision.image import shrink_by
from vision.median import median
from vision.reader.assemble import HalfSlot
from vision.reader.model_shape import ModelShape
from vision.reader.onnx_session import open_session
from vision.reader.pair_crop import ALONG, PAIR_COLS, PAIR_ROWS, crop_pair

CHUNK = 64  # pictures per run of the model
# A picture judged this close to 0 or 1 from one end is not looked at from the other: on
# the real validation photos and the sample tableaux that was 74% of the pictures, and
# the second look moved none of them across a threshold of assembly (0.2, 0.5), nor any
# answer by more than 0.09.
SURE_FROM_ONE_END = 0.02
# a pair's picture in, a score for "two halves of one tile" and for "not" out
MODEL_SHAPE = ModelShape("the pair judge", (3, PAIR_ROWS, PAIR_COLS), (2,))


class PairJudge:
    def __init__(self, model_path: Path):
        self.session = open_session(model_path, MODEL_SHAPE)
        self.input_name = self.session.get_inputs()[0].name

    def looking_at(self, image_bgr: np.ndarray) -> PhotoJudge:
        """The judge looking at one photo, for every question asked while reading it."""
        return PhotoJudge(self, image_bgr)

    def judge_pictures(self, crops: np.ndarray) -> np.ndarray:
        """(N,) probability for N pair pictures (PAIR_ROWS x PAIR_COLS x 3). A picture the
        judge is plainly sure of from one end keeps that answer; the others are looked at
        from the other end too and the two answers averaged."""
        first = self._probabilities(crops)
        unsure = np.flatnonzero(np.abs(first - 0.5) < 0.5 - SURE_FROM_ONE_END)
        if unsure.size:
            other = self._probabilities(crops[unsure][:, ::-1, ::-1])
            first[unsure] = (first[unsure] + other) / 2
        return first

    def _probabilities(self, crops: np.ndarray) -> np.ndarray:
        batch = crops.transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        # In chunks: one batch of hundreds of pictures ran three times slower per picture
        logits = np.concatenate([
            self.session.run(None, {self.input_name: np.ascontiguousarray(batch[k:k + CHUNK])})[0]
            for k in range(0, len(batch), CHUNK)])
        logits = logits - logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        return (probs[:, 1] / probs.sum(axis=1)).astype(np.float32)


class PhotoJudge:
    """The pair judge looking at one photo. Reading a photo asks about the same pair more
    than once (pairing, then checking each tile found) and about a few pairs at a time
    (a lone half's possible partners), so the photo is shrunk once, at the scale of the
    first pairs asked about, and each pair is judged once: a pair's answer does not
    depend on which other pairs are asked with it."""

    def __init__(self, judge: PairJudge, image_bgr: np.ndarray):
        self.judge, self.image_bgr = judge, image_bgr
        self.factor: float | None = None
        self.known: dict[tuple[float, ...], float] = {}

    def __call__(self, pairs: Sequence[tuple[HalfSlot, HalfSlot]]) -> np.ndarray:
        if not pairs:
            return np.zeros(0, np.float32)
        if self.factor is None:
            self._shrink_for(pairs)
        keys = [(*a.center, *b.center) for a, b in pairs]
        new = {key: pair for key, pair in zip(keys, pairs, strict=True) if key not in self.known}
        if new:
            factor = self.factor
            crops = np.array([crop_pair(self.image_bgr, _scaled(a.center, factor),
                                        _scaled(b.center, factor)) for a, b in new.values()])
            self.known.update(zip(new, map(float, self.judge.judge_pictures(crops)), strict=True))
        return np.array([self.known[key] for key in keys], np.float32)

    def _shrink_for(self, pairs: Sequence[tuple[HalfSlot, HalfSlot]]) -> None:
        # Shrink the photo once to about the pictures' scale, rather than blurring a big
        # neighbourhood of a 12 MP photo for every candidate.
        spacing = median([math.dist(a.center, b.center) for a, b in pairs])
        factor = PAIR_COLS / ALONG / max(spacing, 1.0)
        if factor < 0.7:
            self.image_bgr = shrink_by(self.image_bgr, factor)
        else:
            factor = 1.0
        self.factor = factor


def _scaled(point: tuple[float, float], factor: float) -> tuple[float, float]:
    return (point[0] * factor, point[1] * factor)
