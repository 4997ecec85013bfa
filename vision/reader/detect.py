"""The tile/half detector: a YOLO model exported to ONNX, run with ONNX Runtime.

The model sees the photo letterboxed to its input size; pips are read later from the
full-resolution photo, so the detector only has to find halves and tiles.

The shipped model takes any height and width: a photo gets the smallest letterbox that
holds it with its long side at the trained size (320), its sides multiples of the model's
stride, as ultralytics ``predict`` does. A 16:9 frame is read at 320x192, 40% fewer
pixels than a 320x320 square (the detector pass about a third faster); on 300 rendered
photos of each set and on the real photos framed 16:9, 4:3 and 3:4 it reads as the square
did (models/MODEL_CARD.md, Trust). A model exported with a fixed input still gets a
square letterbox.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from vision.image import shrink_to
from vision.reader.detections import HALF, TILE, Detections, non_max_suppression
from vision.reader.model_shape import ModelShape
from vision.reader.onnx_session import open_session

LETTERBOX_GREY = 114


DEFAULT_INPUT_PX = 320
SHRINK_HALVE_WHILE = 4.0  # vision.image.shrink: the last area step keeps 2x or more
DEFAULT_STRIDE = 32
# pictures of any size in; per anchor a box (4 numbers) and a score for each class out
MODEL_SHAPE = ModelShape("the detector", (3, None, None), (4 + len((HALF, TILE)), None))


class OnnxDetector:
    def __init__(self, model_path: Path, conf_threshold: float = 0.3, iou_threshold: float = 0.7):
        self.session = open_session(model_path, MODEL_SHAPE)
        model_input = self.session.get_inputs()[0]
        self.input_name = model_input.name
        height, width = model_input.shape[2:4]
        self.fixed_input = isinstance(height, int) and isinstance(width, int)
        metadata = self.session.get_modelmeta().custom_metadata_map
        self.stride = _int_or(metadata.get("stride"), DEFAULT_STRIDE)
        if self.fixed_input:
            self.input_px = int(height)
        else:  # the longest side the model was trained at
            sizes = [int(v) for v in re.findall(r"\d+", metadata.get("imgsz", ""))]
            self.input_px = max(sizes) if sizes else DEFAULT_INPUT_PX
        self.conf_threshold = conf_threshold
        self.iou_threshold = iou_threshold

    def detect(self, image_bgr: np.ndarray) -> Detections:
        blob, scale, (pad_x, pad_y) = self._letterbox(image_bgr)
        (output,) = self.session.run(None, {self.input_name: blob})
        predictions = output[0].T  # (anchors, 4 + classes)
        class_scores = predictions[:, 4:]
        classes = class_scores.argmax(1)
        scores = class_scores[np.arange(len(classes)), classes]
        keep = scores >= self.conf_threshold
        if not np.any(keep):
            return Detections.empty()
        cx, cy, w, h = predictions[keep, :4].T
        boxes = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1)
        boxes = (boxes - [pad_x, pad_y, pad_x, pad_y]) / scale
        height, width = image_bgr.shape[:2]
        boxes = np.clip(boxes, 0, [width, height, width, height]).astype(np.float32)
        dets = Detections(boxes, scores[keep].astype(np.float32), classes[keep].astype(np.int64))
        return non_max_suppression(dets, self.iou_threshold)

    def _letterbox(self, image: np.ndarray) -> tuple[np.ndarray, float, tuple[int, int]]:
        height, width = image.shape[:2]
        box = letterbox_geometry(height, width, self.input_px,
                                 None if self.fixed_input else self.stride)
        if box.scale < 1:
            # Halving only a photo 8 times the input or more: halving smaller ones too
            # (the average then up to twice as wide) cost tiles on real photos put on a
            # wide table (1 of 29 read wrong) and noisy ones (3 more tiles in doubt).
            resized = shrink_to(image, box.new_w, box.new_h, halve_while=SHRINK_HALVE_WHILE)
        else:
            resized = cv2.resize(image, (box.new_w, box.new_h), interpolation=cv2.INTER_LINEAR)
        canvas = np.full((box.canvas_h, box.canvas_w, 3), LETTERBOX_GREY, np.uint8)
        canvas[box.pad_y : box.pad_y + box.new_h, box.pad_x : box.pad_x + box.new_w] = resized
        blob = canvas[..., ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        return np.ascontiguousarray(blob), box.scale, (box.pad_x, box.pad_y)


class Letterbox(NamedTuple):
    scale: float
    new_w: int
    new_h: int
    canvas_w: int
    canvas_h: int
    pad_x: int
    pad_y: int


def letterbox_geometry(height: int, width: int, input_px: int,
                       stride: int | None) -> Letterbox:
    """Where a ``width`` x ``height`` photo lies in the model's input: shrunk so its longest
    side is ``input_px``, centred on a square canvas (``stride`` None: a fixed input) or on
    the smallest canvas with sides that are multiples of ``stride``."""
    scale = input_px / max(height, width)
    new_w, new_h = max(1, round(width * scale)), max(1, round(height * scale))
    if stride is None:
        canvas_w = canvas_h = input_px
    else:
        canvas_w, canvas_h = (-(-side // stride) * stride for side in (new_w, new_h))
    return Letterbox(scale, new_w, new_h, canvas_w, canvas_h,
                     (canvas_w - new_w) // 2, (canvas_h - new_h) // 2)


def _int_or(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default
