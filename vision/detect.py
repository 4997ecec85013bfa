"""The tile/half detector: a YOLO model exported to ONNX, run with ONNX Runtime.

The model sees the photo letterboxed to its input size; pips are read later from the
full-resolution photo, so the detector only has to find halves and tiles.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.detections import Detections, non_max_suppression
from vision.onnx_session import open_session

LETTERBOX_GREY = 114


class OnnxDetector:
    def __init__(self, model_path: Path, conf_threshold: float = 0.3, iou_threshold: float = 0.7):
        self.session = open_session(model_path)
        model_input = self.session.get_inputs()[0]
        self.input_name = model_input.name
        self.input_px = int(model_input.shape[2])
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
        scale = self.input_px / max(height, width)
        new_w, new_h = max(1, round(width * scale)), max(1, round(height * scale))
        interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
        resized = cv2.resize(image, (new_w, new_h), interpolation=interpolation)
        canvas = np.full((self.input_px, self.input_px, 3), LETTERBOX_GREY, np.uint8)
        pad_x, pad_y = (self.input_px - new_w) // 2, (self.input_px - new_h) // 2
        canvas[pad_y : pad_y + new_h, pad_x : pad_x + new_w] = resized
        blob = canvas[..., ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        return np.ascontiguousarray(blob), scale, (pad_x, pad_y)
