"""Int8 copies of the models (vision.training.quantize): the detector's decoding stays in
floats, and a quantised pip reader reads as the float one. Needs the ``train`` extra
(the onnx package)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnx")

from vision.reader.pips import PipReader  # noqa: E402
from vision.reader.tile_reader import MODELS_DIR, PIPS_FILE  # noqa: E402
from vision.training.quantize import float_head, quantize  # noqa: E402

HALVES = Path(__file__).resolve().parents[2] / "datasets/real/pip-tracker-double12/valid"


def test_the_detectors_decoding_and_last_convolutions_stay_in_floats():
    kept = float_head(MODELS_DIR / "detector.onnx")
    assert any(name.endswith("/dfl/conv/Conv") for name in kept)
    assert sum(name.endswith(".2/Conv") for name in kept) == 6  # boxes and classes, 3 scales
    assert not any("/cv2.0/cv2.0.0/" in name for name in kept)  # the branches are quantised


def test_a_quantised_pip_reader_reads_real_halves_as_the_float_one(tmp_path):
    from vision.reader.half_crop import CROP_PX
    from vision.training.pip_crops import real_crops

    crops, _values = real_crops(HALVES)
    side = crops.shape[1]
    start = (side - CROP_PX) // 2
    halves = np.ascontiguousarray(crops[:, start:start + CROP_PX, start:start + CROP_PX])
    batches = [{"images": halves[k:k + 16].transpose(0, 3, 1, 2).astype(np.float32) / 255}
               for k in range(0, 128, 16)]
    float_reader = PipReader(MODELS_DIR / PIPS_FILE, quarter_turns=False)
    name = float_reader.input_name
    quantize(MODELS_DIR / PIPS_FILE, tmp_path / "pips.onnx",
             [{name: b["images"]} for b in batches])
    int8_reader = PipReader(tmp_path / "pips.onnx", quarter_turns=False)
    test = halves[128:256]
    as_float = float_reader.probabilities(test).argmax(axis=1)
    as_int8 = int8_reader.probabilities(test).argmax(axis=1)
    assert (as_float == as_int8).mean() >= 0.97
