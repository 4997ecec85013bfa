"""The detections container and non-maximum suppression."""

from __future__ import annotations

import numpy as np
import pytest

from vision.reader.detections import Detections, box_iou, non_max_suppression


def test_shapes_are_checked_when_built():
    with pytest.raises(ValueError, match="disagree"):
        Detections(np.zeros((2, 4), np.float32), np.zeros(3, np.float32), np.zeros(2, np.int64))


def test_iou_of_identical_disjoint_and_half_overlapping_boxes():
    a = np.array([[0, 0, 10, 10]], np.float32)
    b = np.array([[0, 0, 10, 10], [20, 20, 30, 30], [5, 0, 15, 10]], np.float32)
    assert box_iou(a, b)[0] == pytest.approx([1.0, 0.0, 1 / 3])


def test_nms_keeps_the_best_of_overlapping_boxes_per_class_only():
    boxes = np.array([[0, 0, 10, 10], [1, 0, 11, 10], [0, 0, 10, 10], [50, 50, 60, 60]], np.float32)
    dets = Detections(boxes, np.array([0.9, 0.8, 0.7, 0.6], np.float32),
                      np.array([0, 0, 1, 0], np.int64))
    kept = non_max_suppression(dets, 0.5)
    assert sorted(kept.scores.tolist()) == pytest.approx([0.6, 0.7, 0.9])
