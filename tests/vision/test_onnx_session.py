"""Shipped models open on the CPU with idle threads that sleep; a missing one is one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.reader.onnx_session import ModelError, open_session

MODELS = Path(__file__).resolve().parents[2] / "models"


def test_sessions_do_not_spin_idle_threads():
    session = open_session(MODELS / "pips.onnx")
    options = session.get_session_options()
    assert options.get_session_config_entry("session.intra_op.allow_spinning") == "0"
    assert session.get_providers() == ["CPUExecutionProvider"]


def test_a_missing_model_is_one_line(tmp_path):
    with pytest.raises(ModelError, match="is missing") as caught:
        open_session(tmp_path / "gone.onnx")
    assert "\n" not in str(caught.value)
