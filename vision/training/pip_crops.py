"""Half crops with their values, for training the pip reader.

Sources: synthetic sets of hands or tableaux (truth/NAME.json, every value 0-18 including
blanks; a tableau's NAME.disputed.json is not a photo's truth) and the real
photos (YOLO half boxes, values 1-12; blanks are not labelled there). Crops are cut with
a wider margin than the reader uses so training can jitter the box (see train_pips).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from vision.evaluation.labels import read_half_boxes
from vision.reader.half_crop import crop_half
from vision.synth.scene import half_quads
from vision.synth.writer import photo_truth_files

STORE_PX = 96
STORE_MARGIN = 0.3


def synthetic_crops(folder: Path, limit: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    crops, values = [], []
    for truth_file in photo_truth_files(folder, limit):
        record = json.loads(truth_file.read_text())
        image = cv2.imread(str(folder / "images" / record["image"]))
        for tile in record["tiles"]:
            corners = np.array(tile["corners"], np.float32)
            for quad, value in zip(half_quads(corners), tile["pips"], strict=False):
                x0, y0 = quad.min(0)
                x1, y1 = quad.max(0)
                crops.append(crop_half(image, (x0, y0, x1, y1), STORE_PX, STORE_MARGIN))
                values.append(value)
    return np.array(crops, np.uint8), np.array(values, np.int64)


def real_crops(split_dir: Path) -> tuple[np.ndarray, np.ndarray]:
    crops, values = [], []
    for image_file in sorted((split_dir / "images").glob("*.jpg")):
        image = cv2.imread(str(image_file))
        height, width = image.shape[:2]
        label_file = split_dir / "labels" / (image_file.stem + ".txt")
        for half in read_half_boxes(label_file, width, height):
            crops.append(crop_half(image, half.box, STORE_PX, STORE_MARGIN))
            values.append(half.value)
    return np.array(crops, np.uint8), np.array(values, np.int64)
