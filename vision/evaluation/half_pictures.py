"""Real half pictures cut from a labelled split, to compose test photos of real pixels
(``vision.synth.real_halves`` lays them out as hands and tableaux).

A half is cut from its label box, a little inside it (the box's edge may hold the tile's
rim or its own divider, which beside another half looks like two tiles touching), and
turned so that its tile's outer end is at the top and its divider at the bottom. Halves
come only from photos the reader reads exactly (every tile, both halves, as labelled):
there the value of a blank half, which has no label box, is known. Only tiles lying square
to the photo give halves, since a label box is the half itself only there.
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

from vision.evaluation.evaluate import HalfBoxSample, load_dataset, score_sample
from vision.reader import RecognitionError, recognize_file

SQUARE_DEG = 12.0  # halves are cut from tiles lying this square to the photo
# Cut this far inside a label box (of its size: at the outer end and the divider, and at
# the sides)
INSET = ((0.03, 0.09), 0.05)


def real_half_pictures(split: Path, reader) -> dict[int, list[np.ndarray]]:
    """Pictures of the halves of every photo of ``split`` (a labelled half-box split) that
    ``reader`` reads exactly, by value: BGR, of any size, outer end at the top."""
    _, samples = load_dataset(split)
    pool: dict[int, list[np.ndarray]] = defaultdict(list)
    for sample in samples:
        assert isinstance(sample, HalfBoxSample)
        result = recognize_file(sample.image, reader, 12)
        if isinstance(result, RecognitionError):
            continue
        score = score_sample(sample, result)
        exact = (score.tiles_exact == score.tiles_labelled == score.tiles_predicted
                 and score.tiles_labelled > 0)
        image = cv2.imread(str(sample.image)) if exact else None
        if image is None:
            continue
        height, width = image.shape[:2]
        labels = [(np.asarray(h.box_px(width, height)), h.value) for h in sample.halves]
        for tile in result.tiles:
            for value, picture in _square_halves(image, tile, labels):
                pool[value].append(picture)
    return dict(pool)


def _square_halves(image: np.ndarray, tile, labels) -> list[tuple[int, np.ndarray]]:
    """The halves of ``tile`` as (value, picture), cut from its label boxes, for a tile
    lying square to the photo (within SQUARE_DEG): there a half's box is the half itself,
    where the reader's centres and a turned cut are off by enough to cut pips in two. A
    blank half has no box: it is its partner's box moved one box on along the tile. A tile
    lying otherwise, or whose boxes are not found, gives none."""
    centres = [np.asarray(h.center_px, np.float64) for h in tile.halves]
    axis = centres[1] - centres[0]
    angle = math.degrees(math.atan2(abs(axis[1]), abs(axis[0])))
    if min(angle, 90.0 - angle) > SQUARE_DEG:
        return []
    along = 0 if angle < 45 else 1  # the tile lies along x (0) or y (1)
    boxes: list[np.ndarray | None] = []
    for half, at in zip(tile.halves, centres, strict=True):
        near = [box for box, value in labels
                if value == half.pips and value > 0 and _inside(at, box)]
        boxes.append(near[0] if len(near) == 1 else None)
    for k in (0, 1):
        partner = boxes[1 - k]
        if boxes[k] is None and partner is not None and tile.halves[k].pips == 0:
            sign = 1.0 if centres[k][along] > centres[1 - k][along] else -1.0
            step = np.zeros(4)
            step[along] = step[2 + along] = sign * (partner[2 + along] - partner[along])
            boxes[k] = partner + step
    if boxes[0] is None or boxes[1] is None:
        return []
    height, width = image.shape[:2]
    out = []
    for k in (0, 1):
        x0, y0, x1, y1 = (int(round(v)) for v in boxes[k])
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height or x1 - x0 < 8 or y1 - y0 < 8:
            return []
        picture = image[y0:y1, x0:x1]
        if along == 0:
            picture = picture.transpose(1, 0, 2)  # the tile's length down the picture
        if centres[1 - k][along] < centres[k][along]:
            picture = picture[::-1]  # its partner (the divider) below it
        rows, cols = picture.shape[:2]
        (outer, inner), side = INSET
        picture = picture[round(outer * rows):rows - round(inner * rows),
                          round(side * cols):cols - round(side * cols)]
        out.append((tile.halves[k].pips, np.ascontiguousarray(picture)))
    return out


def _inside(point: np.ndarray, box: np.ndarray) -> bool:
    return bool(box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3])
