"""The pip reader: a small CNN (ONNX) that reads each half crop as 0..18 pips.

Each crop is read in four quarter turns and the probabilities averaged: a half's pips do
not change when it turns, and averaging steadies the hard cases.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.onnx_session import open_session


class PipReader:
    def __init__(self, model_path: Path, quarter_turns: bool = True):
        self.session = open_session(model_path)
        self.input_name = self.session.get_inputs()[0].name
        self.quarter_turns = quarter_turns

    def probabilities(self, crops_bgr: np.ndarray, set_max: int | None = None) -> np.ndarray:
        """(N, 19) probabilities for N crops of shape (64, 64, 3); values above ``set_max``
        get probability 0."""
        if len(crops_bgr) == 0:
            return np.zeros((0, 19), np.float32)
        views = [crops_bgr]
        if self.quarter_turns:
            views += [np.rot90(crops_bgr, k, axes=(1, 2)) for k in (1, 2, 3)]
        batch = np.concatenate(views).transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        (logits,) = self.session.run(None, {self.input_name: np.ascontiguousarray(batch)})
        logits = logits.reshape(len(views), len(crops_bgr), -1)
        logits = logits - logits.max(axis=2, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=2, keepdims=True)
        probs = probs.mean(axis=0)
        if set_max is not None:
            probs[:, set_max + 1 :] = 0.0
            probs /= np.maximum(probs.sum(axis=1, keepdims=True), 1e-9)
        return probs.astype(np.float32)
