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


def test_a_model_is_optimised_once_and_its_copy_reads_the_same(tmp_path, monkeypatch):
    import numpy as np

    from vision.reader.onnx_session import CACHE_ENV

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    first = open_session(MODELS / "detector.onnx")  # optimises, and keeps the result
    copies = list((tmp_path / "cache").glob("detector-*.onnx"))
    assert len(copies) == 1
    again = open_session(MODELS / "detector.onnx")  # opens the kept copy as it is
    assert again.get_session_options().graph_optimization_level.name == "ORT_DISABLE_ALL"
    image = np.random.default_rng(0).random((1, 3, 192, 320), np.float32)
    (a,) = first.run(None, {"images": image})
    (b,) = again.run(None, {"images": image})
    assert np.array_equal(a, b)


def test_a_damaged_copy_is_made_again_and_a_cache_that_cannot_be_written_is_done_without(
        tmp_path, monkeypatch):
    from vision.reader.onnx_session import CACHE_ENV

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    open_session(MODELS / "pips.onnx")
    (copy,) = (tmp_path / "cache").glob("pips-*.onnx")
    copy.write_bytes(b"not a model")
    assert open_session(MODELS / "pips.onnx").get_inputs()
    assert copy.stat().st_size > 1000  # written again whole
    blocked = tmp_path / "a file"
    blocked.write_text("x")
    monkeypatch.setenv(CACHE_ENV, str(blocked / "cache"))  # under a file: cannot be made
    assert open_session(MODELS / "pips.onnx").get_inputs()


def test_a_copy_that_cannot_be_kept_still_leaves_the_model_open(tmp_path, monkeypatch):
    """The model opened; only keeping its copy failed (a folder gone, a full disk)."""
    import vision.reader.onnx_session as onnx_session

    monkeypatch.setenv(onnx_session.CACHE_ENV, str(tmp_path / "cache"))

    def cannot(*_args):
        raise OSError("no space left on device")

    monkeypatch.setattr(onnx_session.os, "replace", cannot)
    assert open_session(MODELS / "pips.onnx").get_inputs()
    assert not list((tmp_path / "cache").iterdir())  # nothing half-written left behind


def test_a_copy_that_cannot_be_written_still_leaves_the_model_open(tmp_path, monkeypatch):
    """ONNX Runtime writes the copy while it opens the model: a full disk or a file size
    limit failed the open itself, and every command reading a photo with it."""
    import vision.reader.onnx_session as onnx_session

    monkeypatch.setenv(onnx_session.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(onnx_session, "_partial_file",
                        lambda _save_to: tmp_path / "gone" / "copy.partial")  # unwritable
    assert open_session(MODELS / "pips.onnx").get_inputs()
