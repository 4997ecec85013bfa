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


def test_another_model_in_a_models_place_is_named_when_it_opens():
    """A file that opens but holds another model failed only at the first photo, as an
    "unexpected error: IndexError"."""
    from vision.reader import detect, pair_judge, pips

    for path, shape, role in ((MODELS / "detector.onnx", pips.MODEL_SHAPE, "pip reader"),
                              (MODELS / "pairs.onnx", pips.MODEL_SHAPE, "pip reader"),
                              (MODELS / "pips.onnx", detect.MODEL_SHAPE, "detector"),
                              (MODELS / "pips.onnx", pair_judge.MODEL_SHAPE, "pair judge")):
        with pytest.raises(ModelError) as caught:
            open_session(path, shape)
        said = str(caught.value)
        assert said.startswith(f"model file {path} could not be loaded: it takes ")
        assert f"not the {role}'s" in said and "\n" not in said
    for name, shape in (("detector", detect.MODEL_SHAPE), ("pips", pips.MODEL_SHAPE),
                        ("pairs", pair_judge.MODEL_SHAPE)):
        assert open_session(MODELS / f"{name}.onnx", shape).get_inputs()


def test_a_damaged_model_says_so_in_one_line(tmp_path):
    cut = tmp_path / "pips.onnx"
    cut.write_bytes((MODELS / "pips.onnx").read_bytes()[:100_000])
    with pytest.raises(ModelError) as caught:
        open_session(cut)
    assert str(caught.value) == (f"model file {cut} could not be loaded: it is damaged or not "
                                 "an ONNX model (Protobuf parsing failed)")


def test_a_kept_copy_of_another_model_is_made_again(tmp_path, monkeypatch):
    from vision.reader import pips
    from vision.reader.onnx_session import CACHE_ENV

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    open_session(MODELS / "pips.onnx")
    open_session(MODELS / "pairs.onnx")
    (copy,) = (tmp_path / "cache").glob("pips-*.onnx")
    (other,) = (tmp_path / "cache").glob("pairs-*.onnx")
    copy.write_bytes(other.read_bytes())  # a cache holding the judge under the reader's name
    session = open_session(MODELS / "pips.onnx", pips.MODEL_SHAPE)
    assert session.get_outputs()[0].shape[1] == 19
    assert copy.read_bytes() != other.read_bytes()  # written again from the model


def test_a_cache_variable_of_only_spaces_is_as_unset(monkeypatch):
    # the models' copies went to a folder named " " in the working folder
    from vision.reader.onnx_session import CACHE_ENV, cache_folder

    monkeypatch.setenv(CACHE_ENV, " ")
    assert cache_folder().parts[-2:] == ("chickenfoot", "models")


@pytest.mark.parametrize("home", ["fresh", "unwritable"])  # unwritable: /dev/null
def test_reading_writes_nothing_of_the_runtime_s_own_at_home_and_says_nothing(tmp_path,
                                                                              home):
    # ONNX Runtime's telemetry wrote a device id under ~/.cache/Microsoft, and where home
    # could not be written it put a coloured warning on every command's stderr
    import os
    import subprocess
    import sys

    root = MODELS.parent
    folder = tmp_path / "home"
    folder.mkdir()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ORT_")}
    environment.update(HOME=str(folder if home == "fresh" else "/dev/null"),
                       CHICKENFOOT_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-m", "tui.cli", "read",
                           str(root / "datasets/samples/hand-double12.jpg")],
                          capture_output=True, cwd=root, env=environment, timeout=120)
    assert done.returncode == 0 and done.stderr == b""
    assert not (folder / ".cache" / "Microsoft").exists()
