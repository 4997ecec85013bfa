"""The pip reader reads a half in four quarter turns only when its first look is doubtful."""

from __future__ import annotations

import numpy as np
import pytest

from vision.reader.pips import PipReader


class Session:
    """Logits from the crop itself: value 3 as sure as the top-left pixel is bright."""

    def __init__(self):
        self.batches: list[np.ndarray] = []

    def run(self, _outputs, feeds):
        (batch,) = feeds.values()
        self.batches.append(batch)
        logits = np.zeros((len(batch), 19), np.float32)
        logits[:, 3] = batch[:, 0, 0, 0] * 25.5
        logits[:, 14] = batch[:, 0, 0, 0] * 10.0
        return [logits]


def reader(**options) -> tuple[PipReader, Session]:
    pip_reader = PipReader.__new__(PipReader)
    session = Session()
    pip_reader.session, pip_reader.input_name = session, "crops"
    pip_reader.quarter_turns = options.get("quarter_turns", True)
    pip_reader.doubtful_below = options.get("doubtful_below", 0.9)
    return pip_reader, session


def crops(corner_values: list[int]) -> np.ndarray:
    out = np.zeros((len(corner_values), 64, 64, 3), np.uint8)
    for crop, value in zip(out, corner_values, strict=True):
        crop[0, 0] = value
    return out


def softmax(logits: np.ndarray) -> np.ndarray:
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_sure_halves_are_read_once():
    pip_reader, session = reader()
    probs = pip_reader.probabilities(crops([255, 250]))
    assert [len(b) for b in session.batches] == [2]
    assert probs.argmax(axis=1).tolist() == [3, 3] and probs.shape == (2, 19)
    assert probs.sum(axis=1) == pytest.approx([1.0, 1.0], abs=1e-5)


def test_only_doubtful_halves_are_read_in_the_other_three_turns():
    pip_reader, session = reader()
    batch = crops([255, 0, 250, 10])
    probs = pip_reader.probabilities(batch)
    assert [len(b) for b in session.batches] == [4, 6]  # 2 doubtful halves x 3 turns
    # the turned crops are the doubtful ones, turned: their corner pixel moved away
    assert np.all(session.batches[1][:, 0, 0, 0] == 0)
    first = softmax(Session().run(None, {"x": batch.transpose(0, 3, 1, 2) / 255.0})[0])
    turned = softmax(np.zeros((1, 19)))  # each turned doubtful crop: a plain crop
    assert probs[[0, 2]] == pytest.approx(first[[0, 2]], abs=1e-6)
    assert probs[[1, 3]] == pytest.approx((first[[1, 3]] + 3 * turned) / 4, abs=1e-6)


def test_every_half_read_four_times_when_asked():
    pip_reader, session = reader(doubtful_below=1.0)
    pip_reader.probabilities(crops([255, 0]))
    assert [len(b) for b in session.batches] == [2, 6]
    pip_reader, session = reader(quarter_turns=False)
    pip_reader.probabilities(crops([255, 0]))
    assert [len(b) for b in session.batches] == [2]


def test_doubt_is_judged_within_the_set():
    # corner 60: value 3 at logit 6, value 14 at logit 2.4 and 17 others at 0: unsure in a
    # double-18 set; in a double-6 set 14 is masked out and 3 is surer.
    pip_reader, session = reader(doubtful_below=0.5)
    probs = pip_reader.probabilities(crops([60]), set_max=6)
    assert [len(b) for b in session.batches] == [1]
    assert probs[0, 7:].sum() == 0 and probs[0].sum() == pytest.approx(1.0, abs=1e-6)
    pip_reader, session = reader(doubtful_below=0.98)
    pip_reader.probabilities(crops([60]), set_max=18)
    assert [len(b) for b in session.batches] == [1, 3]


def test_no_crops_no_reading():
    pip_reader, session = reader()
    assert pip_reader.probabilities(crops([])).shape == (0, 19) and session.batches == []
