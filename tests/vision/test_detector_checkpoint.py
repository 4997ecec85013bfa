"""models/detector.pt, the shipped detector's weights for training (the checkpoint
models/detector.onnx was exported from): it gives the ONNX file's outputs, keeps its
BatchNorm layers so ultralytics can train from it, and takes a photo at its own
(non-square) shape, finding the tiles the square input it was trained at finds. Needs the
training extra (torch, ultralytics); skipped without it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.reader.detect import OnnxDetector
from vision.reader.tile_reader import load_default_reader

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "models"
TABLEAU = ROOT / "datasets" / "samples" / "tableau" / "images" / "tableau_7_0000.jpg"


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    if importlib.util.find_spec("ultralytics") is None:  # not imported before it is offline
        pytest.skip("needs the training extra (ultralytics)")
    from vision.training.offline import prepare_offline_ultralytics

    prepare_offline_ultralytics(tmp_path_factory.mktemp("yolo"))
    import torch

    checkpoint = torch.load(MODELS / "detector.pt", map_location="cpu", weights_only=False)
    return checkpoint["model"].float().eval()


class TorchSession:
    """What OnnxDetector asks of an ONNX Runtime session, answered by the torch model."""

    def __init__(self, model):
        self.model = model

    def run(self, _outputs, feeds):
        import torch

        (blob,) = feeds.values()
        with torch.no_grad():
            return [self.model(torch.from_numpy(blob))[0].numpy()]


def test_the_checkpoint_gives_the_shipped_detector_s_outputs(model):
    import torch

    assert model.names == {0: "half", 1: "tile"}
    assert any(isinstance(m, torch.nn.BatchNorm2d) for m in model.modules())  # unfused
    detector = OnnxDetector(MODELS / "detector.onnx")
    blob = detector._letterbox(cv2.imread(str(TABLEAU)))[0]
    (expected,) = detector.session.run(None, {detector.input_name: blob})
    (got,) = TorchSession(model).run(None, {detector.input_name: blob})
    assert got.shape == expected.shape
    assert np.abs(got[0, 4:] - expected[0, 4:]).max() < 1e-4  # class scores
    sure = expected[0, 4:].max(axis=0) >= detector.conf_threshold
    assert sure.sum() >= 15
    assert np.abs(got[0, :4, sure] - expected[0, :4, sure]).max() < 1e-3  # boxes, pixels


def _iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    lo, hi = np.maximum(a[:, None, :2], b[None, :, :2]), np.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = np.prod(np.clip(hi - lo, 0, None), axis=2)
    area = lambda boxes: np.prod(boxes[:, 2:] - boxes[:, :2], axis=1)  # noqa: E731
    return inter / (area(a)[:, None] + area(b)[None, :] - inter)


@pytest.mark.parametrize("upright", [False, True])
def test_a_non_square_input_finds_the_tiles_of_the_square_one(model, upright):
    image = cv2.imread(str(TABLEAU))  # 960x720: read at 320x256, upright at 256x320
    if upright:
        image = np.ascontiguousarray(image.transpose(1, 0, 2))
    square = OnnxDetector(MODELS / "detector.onnx")
    square.fixed_input = True  # as trained: every photo letterboxed to 320x320
    own_shape = OnnxDetector(MODELS / "detector.onnx")
    own_shape.session = TorchSession(model)
    assert square._letterbox(image)[0].shape[2:] == (320, 320)
    assert own_shape._letterbox(image)[0].shape[2:] == ((320, 256) if upright else (256, 320))

    before, now = square.detect(image), own_shape.detect(image)
    for cls in (0, 1):  # halves, tiles: the same ones, boxed in the same place
        old, new = before.of_class(cls), now.of_class(cls)
        assert len(new) == len(old) > 0
        iou = _iou(old.boxes_xyxy, new.boxes_xyxy)
        assert iou.max(axis=1).min() > 0.9 and iou.max(axis=0).min() > 0.9

    reader = load_default_reader()
    reader.detector = square
    tiles_before = sorted(sorted(t.pips) for t in reader.read(image, set_max=9)[0])
    reader.detector = own_shape
    tiles_now = sorted(sorted(t.pips) for t in reader.read(image, set_max=9)[0])
    assert tiles_now == tiles_before and len(tiles_now) == 5
