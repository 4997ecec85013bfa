"""Where a photo lies in the detector's input: square for a fixed input, the smallest
stride-multiple rectangle for a dynamic one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.reader.detect import OnnxDetector, letterbox_geometry

MODELS = Path(__file__).resolve().parents[2] / "models"


def test_a_fixed_input_is_a_centred_square():
    box = letterbox_geometry(720, 1280, 320, None)
    assert (box.canvas_w, box.canvas_h, box.new_w, box.new_h) == (320, 320, 320, 180)
    assert (box.pad_x, box.pad_y) == (0, 70) and box.scale == 0.25


@pytest.mark.parametrize("height, width, canvas", [
    (720, 1280, (320, 192)),     # 16:9 webcam frame, as ultralytics predict
    (1280, 720, (192, 320)),     # upright
    (3024, 4032, (320, 256)),    # 4:3 phone photo
    (500, 500, (320, 320)),
    (100, 3000, (320, 32)),      # a strip: at least one stride
])
def test_a_dynamic_input_is_the_smallest_stride_multiple(height, width, canvas):
    box = letterbox_geometry(height, width, 320, 32)
    assert (box.canvas_w, box.canvas_h) == canvas
    assert box.canvas_w % 32 == 0 and box.canvas_h % 32 == 0
    assert max(box.new_w, box.new_h) == 320
    assert 0 <= box.pad_x < 32 and 0 <= box.pad_y < 32
    assert box.pad_x + box.new_w <= box.canvas_w and box.pad_y + box.new_h <= box.canvas_h


def test_the_shipped_detector_reads_a_photo_at_its_own_shape():
    detector = OnnxDetector(MODELS / "detector.onnx")
    assert not detector.fixed_input and detector.input_px == 320 and detector.stride == 32
    blob, scale, pads = detector._letterbox(np.zeros((720, 1280, 3), np.uint8))
    assert blob.shape == (1, 3, 192, 320) and scale == 0.25 and pads == (0, 6)
    dets = detector.detect(np.full((720, 1280, 3), 90, np.uint8))
    assert len(dets) == 0  # a bare grey frame: runs, finds nothing
