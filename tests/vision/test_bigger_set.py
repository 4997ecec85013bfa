"""A hand of a bigger set read under a smaller one says so."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.reader.recognize import Recognition, recognize_file
from vision.reader.tile_reader import bigger_set, shared_reader, within_set

SAMPLE = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "hand-double12.jpg"


def one_hot(values, sure=0.9):
    probs = np.full((len(values), 19), (1 - sure) / 18, np.float32)
    probs[np.arange(len(values)), values] = sure
    return probs


def test_values_outside_the_set_are_taken_out_and_the_rest_renormalised():
    probs = within_set(one_hot([11, 3]), 9)
    assert probs[:, 10:].sum() == 0
    assert np.allclose(probs.sum(axis=1), 1)
    assert probs[1].argmax() == 3


def test_two_sure_halves_above_the_set_mean_a_bigger_set():
    hint = bigger_set(one_hot([11, 12, 3]), 9)
    assert hint is not None and (hint.halves, hint.largest) == (2, 12)
    assert "bigger set than double-9" in str(hint)
    assert bigger_set(one_hot([11, 3, 4]), 9) is None  # one half may be a misread
    assert bigger_set(one_hot([11, 12]), 12) is None
    assert bigger_set(one_hot([11, 12], sure=0.5), 9) is None


def test_the_double12_sample_read_as_double9_asks_about_the_set():
    small = recognize_file(SAMPLE, shared_reader(), 9)
    right = recognize_file(SAMPLE, shared_reader(), 12)
    assert isinstance(small, Recognition) and isinstance(right, Recognition)
    assert any("bigger set than double-9" in p for p in small.problems)
    assert not any("bigger set" in p for p in right.problems)
