"""What the command tests share: the live sample video read by its recorded truth."""

from __future__ import annotations

from pathlib import Path

import pytest

import vision.reader
from vision.synth.live_video import TruthReader, load_truth

LIVE_SAMPLE = Path(__file__).resolve().parents[2] / "datasets/samples/live_demo.avi"


@pytest.fixture
def truth_reader(monkeypatch):
    """``live`` on the sample video reads its recorded truth, not the models; only the
    loader is swapped: vision.live.session uses the rest of the package."""
    monkeypatch.setattr(vision.reader, "load_default_reader",
                        lambda: TruthReader(load_truth(LIVE_SAMPLE), seed=3))
