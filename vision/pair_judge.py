"""The pair judge: a small CNN (ONNX) that looks at two detected halves in the photo and
says how likely they are to be the two halves of one tile.

Geometry alone cannot tell the halves of touching or turned tiles apart (their boxes
overlap and sit at every spacing); the picture can: a divider between the halves and
table past the ends for a tile, a seam and a face running on for two neighbours. Each
candidate is looked at from both ends and the two answers averaged.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from vision.assemble import HalfSlot
from vision.onnx_session import open_session
from vision.pair_crop import crop_pair


class PairJudge:
    def __init__(self, model_path: Path):
        self.session = open_session(model_path)
        self.input_name = self.session.get_inputs()[0].name

    def probabilities(self, image_bgr: np.ndarray,
                      pairs: Sequence[tuple[HalfSlot, HalfSlot]]) -> np.ndarray:
        """(N,) probability that each pair of halves is one tile."""
        if not pairs:
            return np.zeros(0, np.float32)
        crops = np.array([crop_pair(image_bgr, a.center, b.center) for a, b in pairs])
        views = np.concatenate([crops, crops[:, ::-1, ::-1]])  # and from the other end
        batch = views.transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        (logits,) = self.session.run(None, {self.input_name: np.ascontiguousarray(batch)})
        logits = logits - logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs = probs[:, 1] / probs.sum(axis=1)
        return probs.reshape(2, len(pairs)).mean(axis=0).astype(np.float32)
