"""The pair judge: a small CNN (ONNX) that looks at two detected halves in the photo and
says how likely they are to be the two halves of one tile.

Geometry alone cannot tell the halves of touching or turned tiles apart (their boxes
overlap and sit at every spacing); the picture can: a divider between the halves and
table past the ends for a tile, a seam and a face running on for two neighbours. Each
candidate is looked at from both ends and the two answers averaged.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.reader.assemble import HalfSlot
from vision.reader.onnx_session import open_session
from vision.reader.pair_crop import ALONG, PAIR_COLS, crop_pair

CHUNK = 64  # pictures per run of the model


class PairJudge:
    def __init__(self, model_path: Path):
        self.session = open_session(model_path)
        self.input_name = self.session.get_inputs()[0].name

    def probabilities(self, image_bgr: np.ndarray,
                      pairs: Sequence[tuple[HalfSlot, HalfSlot]]) -> np.ndarray:
        """(N,) probability that each pair of halves is one tile."""
        if not pairs:
            return np.zeros(0, np.float32)
        # Shrink the photo once to about the pictures' scale, rather than blurring a big
        # neighbourhood of a 12 MP photo for every candidate.
        spacing = float(np.median([math.dist(a.center, b.center) for a, b in pairs]))
        factor = PAIR_COLS / ALONG / max(spacing, 1.0)
        if factor < 0.7:
            image_bgr = cv2.resize(image_bgr, None, fx=factor, fy=factor,
                                   interpolation=cv2.INTER_AREA)
        else:
            factor = 1.0
        crops = np.array([
            crop_pair(image_bgr, _scaled(a.center, factor), _scaled(b.center, factor))
            for a, b in pairs
        ])
        views = np.concatenate([crops, crops[:, ::-1, ::-1]])  # and from the other end
        batch = views.transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        # In chunks: one batch of hundreds of pictures ran three times slower per picture
        logits = np.concatenate([
            self.session.run(None, {self.input_name: np.ascontiguousarray(batch[k:k + CHUNK])})[0]
            for k in range(0, len(batch), CHUNK)])
        logits = logits - logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs = probs[:, 1] / probs.sum(axis=1)
        return probs.reshape(2, len(pairs)).mean(axis=0).astype(np.float32)


def _scaled(point: tuple[float, float], factor: float) -> tuple[float, float]:
    return (point[0] * factor, point[1] * factor)
