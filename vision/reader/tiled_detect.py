"""Detection that keeps small tiles findable in big photos.

The detector sees a whole photo shrunk to its input size. When the halves it finds are
tiny at that scale (a 12 MP photo of a table from above), or it finds nothing in a big
photo, the photo is looked at again in overlapping windows at a higher resolution, and
the windows' detections are merged with the whole-photo ones.
"""

from __future__ import annotations

import numpy as np

from vision.median import median
from vision.reader.detect import OnnxDetector
from vision.reader.detections import HALF, Detections, non_max_suppression

MIN_HALF_AT_MODEL_PX = 18.0  # below this, pips' halves are too small to find reliably
TARGET_HALF_AT_MODEL_PX = 40.0
OVERLAP = 0.25
# A second look finds what the first missed, and can also imagine tiles in a busy table
# pattern seen up close, so it asks for more confidence, and for a photo with nothing
# found at all it is taken only when the photo is much bigger than the model's view.
WINDOW_MIN_SCORE = 0.5
EMPTY_PHOTO_MIN_SCALE_UP = 4
MERGE_IOU = 0.6  # the same tile seen by two passes overlaps more; touching tiles less
BORDER_PX = 2.0


def window_side_for(image_shape: tuple[int, ...], input_px: int, dets: Detections) -> int | None:
    """The window size to look again with, or None when the whole-photo pass suffices."""
    height, width = image_shape[:2]
    longest = max(height, width)
    scale = input_px / longest
    if scale >= 0.75:  # the photo is close to the model's size: nothing to gain
        return None
    halves = dets.of_class(HALF)
    if len(halves) == 0:
        if longest < EMPTY_PHOTO_MIN_SCALE_UP * input_px:
            return None
        return max(input_px, longest // 3)
    sizes = np.sqrt(
        (halves.boxes_xyxy[:, 2] - halves.boxes_xyxy[:, 0])
        * (halves.boxes_xyxy[:, 3] - halves.boxes_xyxy[:, 1])
    )
    side_at_model = median(sizes) * scale
    if side_at_model >= MIN_HALF_AT_MODEL_PX:
        return None
    side_px = median(sizes)
    return int(max(input_px, min(longest, input_px * side_px / TARGET_HALF_AT_MODEL_PX)))


def windows(height: int, width: int, side: int) -> list[tuple[int, int, int, int]]:
    """Overlapping square windows (x0, y0, x1, y1) covering the photo."""

    def starts(length: int) -> list[int]:
        if length <= side:
            return [0]
        step = int(side * (1 - OVERLAP))
        out = list(range(0, length - side, step))
        return out + [length - side]

    return [(x, y, min(x + side, width), min(y + side, height))
            for y in starts(height) for x in starts(width)]


def detect_multiscale(detector: OnnxDetector, image: np.ndarray) -> Detections:
    dets = detector.detect(image)
    side = window_side_for(image.shape, detector.input_px, dets)
    if side is None:
        return dets
    height, width = image.shape[:2]
    merged = dets
    for x0, y0, x1, y1 in windows(height, width, side):
        found = detector.detect(image[y0:y1, x0:x1])
        if len(found) == 0:
            continue
        boxes = found.boxes_xyxy + np.array([x0, y0, x0, y0], np.float32)
        # A box cut by a window edge inside the photo is a partial object: another
        # window sees it whole.
        cut = (
            ((boxes[:, 0] <= x0 + BORDER_PX) & (x0 > 0))
            | ((boxes[:, 1] <= y0 + BORDER_PX) & (y0 > 0))
            | ((boxes[:, 2] >= x1 - BORDER_PX) & (x1 < width))
            | ((boxes[:, 3] >= y1 - BORDER_PX) & (y1 < height))
        )
        keep = ~cut & (found.scores >= WINDOW_MIN_SCORE)
        merged = merged.concat(Detections(boxes[keep], found.scores[keep], found.classes[keep]))
    return non_max_suppression(merged, MERGE_IOU)
