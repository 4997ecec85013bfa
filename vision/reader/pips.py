"""The pip reader: a small CNN (ONNX) that reads each half crop as 0..18 pips.

A half whose first look is doubtful is read again in the other three quarter turns and
the four looks' probabilities averaged: a half's pips do not change when it turns, and
averaging steadies the hard cases. A half read surely at the first look keeps that
reading; on the real and rendered photos no sure first look was changed by the turns
(the top value of the four-turn average was the same), so they cost three reads for
nothing.

Why a doubtful half on a dark face is also read with its lightness evened out: pips of a
dark colour on a black face (dark green, dark red) differ from the face by a few levels,
and the network, trained mostly on light faces, misses some of them (the bundled
tableau_7_0003 reads its four dark-green 7s as 3, 4 and 5). Local contrast equalisation
(CLAHE on the L of Lab) makes them plain; its four turns are averaged with the plain
four. Only on dark faces: on light faces it lifts the noise of a grainy photo into
pips (real noisy copies: pip totals 96.6% -> 93.1% when every doubtful half took it),
while a light face shows its pips plainly anyway. Measured in the model card.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from scorer.tiles import MAX_SET
from vision.median import median
from vision.reader.half_crop import CROP_PX
from vision.reader.model_shape import ModelShape
from vision.reader.onnx_session import open_session

# The first look's top probability (after the set's mask) under which a half is doubtful
# and read in all four quarter turns. 1.0 or more: every half is read four times.
DOUBTFUL_BELOW = 0.9
# A face whose middle has a median lightness (Lab L, 0-255) under this is dark: black and
# dark-coloured faces measure 11-19, white and ivory ones over 150.
DARK_FACE_BELOW = 64
# a half's crop in, a score for each pip value 0 to 18 out
MODEL_SHAPE = ModelShape("the pip reader", (3, CROP_PX, CROP_PX), (MAX_SET + 1,))


class PipReader:
    def __init__(self, model_path: Path, quarter_turns: bool = True,
                 doubtful_below: float = DOUBTFUL_BELOW):
        self.session = open_session(model_path, MODEL_SHAPE)
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
                looks = (probs[doubtful] + turned.sum(axis=0)) / 4.0
                dark = np.flatnonzero([dark_face(crop) for crop in unsure])
                if len(dark):
                    looks[dark] = (looks[dark] + self._turned(evened(unsure[dark]))) / 2.0
                probs[doubtful] = looks
        return within_set(probs, set_max).astype(np.float32)

    def _turned(self, crops_bgr: np.ndarray) -> np.ndarray:
        """The four quarter turns' probabilities averaged, per crop."""
        looks = self._softmax(np.concatenate(
            [np.rot90(crops_bgr, k, axes=(1, 2)) for k in range(4)]))
        return looks.reshape(4, len(crops_bgr), -1).mean(axis=0)

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


def dark_face(crop_bgr: np.ndarray) -> bool:
    """Whether the face in the middle of a half's crop is dark (black, dark colours)."""
    middle = crop_bgr[16:48, 16:48]
    lightness = cv2.cvtColor(middle, cv2.COLOR_BGR2LAB)[:, :, 0]
    return median(lightness) < DARK_FACE_BELOW


def evened(crops_bgr: np.ndarray) -> np.ndarray:
    """The crops with their lightness evened out locally (CLAHE on Lab's L, 4x4 tiles)."""
    clahe = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(4, 4))
    out = np.empty_like(crops_bgr)
    for k, crop in enumerate(crops_bgr):
        lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
        lab[:, :, 0] = clahe.apply(lab[:, :, 0])
        out[k] = cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)
    return out
