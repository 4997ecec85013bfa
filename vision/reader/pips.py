"""The pip reader: a small CNN (ONNX) that reads each half crop as 0..18 pips.

A half whose first look is doubtful is read again in the other three quarter turns and
the four looks' probabilities averaged: a half's pips do not change when it turns, and
averaging steadies the hard cases. A half read surely at the first look keeps that
reading; on the real and rendered photos no sure first look was changed by the turns
(the top value of the four-turn average was the same), so they cost three reads for
nothing.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.reader.onnx_session import open_session

# The first look's top probability (after the set's mask) under which a half is doubtful
# and read in all four quarter turns. 1.0 or more: every half is read four times.
DOUBTFUL_BELOW = 0.9


class PipReader:
    def __init__(self, model_path: Path, quarter_turns: bool = True,
                 doubtful_below: float = DOUBTFUL_BELOW):
        self.session = open_session(model_path)
        self.input_name = self.session.get_inputs()[0].name
        self.quarter_turns = quarter_turns
        self.doubtful_below = doubtful_below

    def probabilities(self, crops_bgr: np.ndarray, set_max: int | None = None) -> np.ndarray:
        """(N, 19) probabilities for N crops of shape (64, 64, 3); values above ``set_max``
        get probability 0."""
        if len(crops_bgr) == 0:
            return np.zeros((0, 19), np.float32)
        probs = self._softmax(crops_bgr)
        if self.quarter_turns:
            doubtful = np.flatnonzero(within_set(probs, set_max).max(axis=1) < self.doubtful_below)
            if len(doubtful):
                unsure = crops_bgr[doubtful]
                turned = self._softmax(np.concatenate(
                    [np.rot90(unsure, k, axes=(1, 2)) for k in (1, 2, 3)]))
                turned = turned.reshape(3, len(doubtful), -1)
                probs[doubtful] = (probs[doubtful] + turned.sum(axis=0)) / 4.0
        return within_set(probs, set_max).astype(np.float32)

    def _softmax(self, crops_bgr: np.ndarray) -> np.ndarray:
        batch = crops_bgr.transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        (logits,) = self.session.run(None, {self.input_name: np.ascontiguousarray(batch)})
        logits = logits - logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        return probs / probs.sum(axis=1, keepdims=True)


def within_set(probs: np.ndarray, set_max: int | None) -> np.ndarray:
    """Pip probabilities with the values a double-``set_max`` set lacks taken out."""
    if set_max is None:
        return probs
    probs = probs.copy()
    probs[:, set_max + 1 :] = 0.0
    return probs / np.maximum(probs.sum(axis=1, keepdims=True), 1e-9)
