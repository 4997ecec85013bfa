"""One container for detector output: axis-aligned boxes, scores and classes, checked
when built, so every stage downstream can trust the shapes."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

HALF, TILE = 0, 1


@dataclass(frozen=True)
class Detections:
    boxes_xyxy: np.ndarray  # (N, 4) float32, image pixels
    scores: np.ndarray  # (N,) float32
    classes: np.ndarray  # (N,) int64

    def __post_init__(self) -> None:
        n = len(self.scores)
        if self.boxes_xyxy.shape != (n, 4) or self.classes.shape != (n,):
            raise ValueError(
                f"detections disagree: boxes {self.boxes_xyxy.shape}, "
                f"scores {self.scores.shape}, classes {self.classes.shape}"
            )

    @classmethod
    def empty(cls) -> Detections:
        return cls(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros(0, np.int64))

    def __len__(self) -> int:
        return len(self.scores)

    def of_class(self, cls: int) -> Detections:
        keep = self.classes == cls
        return Detections(self.boxes_xyxy[keep], self.scores[keep], self.classes[keep])

    def concat(self, other: Detections) -> Detections:
        return Detections(
            np.concatenate([self.boxes_xyxy, other.boxes_xyxy]),
            np.concatenate([self.scores, other.scores]),
            np.concatenate([self.classes, other.classes]),
        )


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU of every box in a (N,4) with every box in b (M,4)."""
    x0 = np.maximum(a[:, None, 0], b[None, :, 0])
    y0 = np.maximum(a[:, None, 1], b[None, :, 1])
    x1 = np.minimum(a[:, None, 2], b[None, :, 2])
    y1 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x1 - x0, 0, None) * np.clip(y1 - y0, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)


def non_max_suppression(dets: Detections, iou_threshold: float) -> Detections:
    """Per-class greedy NMS. Touching rotated tiles overlap a lot as axis-aligned boxes, so
    the reader uses a high threshold."""
    keep: list[int] = []
    for cls in sorted(set(dets.classes.tolist())):  # not np.unique: it loads numpy.ma
        idx = np.flatnonzero(dets.classes == cls)
        idx = idx[np.argsort(-dets.scores[idx])]
        while len(idx):
            best, rest = idx[0], idx[1:]
            keep.append(int(best))
            if len(rest) == 0:
                break
            overlaps = box_iou(dets.boxes_xyxy[best : best + 1], dets.boxes_xyxy[rest])[0]
            idx = rest[overlaps <= iou_threshold]
    keep_arr = np.array(sorted(keep, key=lambda i: -dets.scores[i]), np.int64)
    return Detections(dets.boxes_xyxy[keep_arr], dets.scores[keep_arr], dets.classes[keep_arr])
