"""Test sets made from the real photos keep their labels exact."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.evaluation.evaluate import load_dataset
from vision.evaluation.sets import WHOLE_PHOTO_SETS, closeups, load_photos, write_set

VALID = Path(__file__).resolve().parents[2] / "datasets" / "real" / "pip-tracker-double12" / "valid"


@pytest.fixture(scope="module")
def photo():
    return load_photos(VALID)[0][1]


def _label_patch(image, half):
    h, w = image.shape[:2]
    x0, y0, x1, y1 = (int(round(v)) for v in half.box_px(w, h))
    return image[max(y0, 0):y1, max(x0, 0):x1]


@pytest.mark.parametrize("name", ["turn90", "turn180", "turn270", "mirror"])
def test_a_turned_photo_keeps_every_label_on_the_same_pixels(photo, name):
    image, halves = WHOLE_PHOTO_SETS[name](photo.image, photo.halves)
    assert [h.value for h in halves] == [h.value for h in photo.halves]
    for before, after in zip(photo.halves, halves, strict=True):
        # the same pips: equal mean colour under the label before and after
        a = _label_patch(photo.image, before).reshape(-1, 3).mean(0)
        b = _label_patch(image, after).reshape(-1, 3).mean(0)
        assert np.abs(a - b).max() < 3


def test_a_wide_shot_holds_the_photo_small_at_its_labels(photo):
    image, halves = WHOLE_PHOTO_SETS["wide"](photo.image, photo.halves)
    assert image.shape[0] == 4 * photo.image.shape[0]
    a = _label_patch(photo.image, photo.halves[0]).reshape(-1, 3).mean(0)
    b = _label_patch(image, halves[0]).reshape(-1, 3).mean(0)
    assert np.abs(a - b).max() < 3


@pytest.mark.parametrize("name, ratio", [("frame16x9", 16 / 9), ("frame4x3", 4 / 3),
                                         ("frame3x4", 3 / 4)])
def test_a_framed_photo_has_the_frame_shape_and_every_label_on_its_pixels(photo, name, ratio):
    image, halves = WHOLE_PHOTO_SETS[name](photo.image, photo.halves)
    h, w = image.shape[:2]
    assert abs(w / h - ratio) < 0.01
    for before, after in zip(photo.halves, halves, strict=True):
        a = _label_patch(photo.image, before).reshape(-1, 3).mean(0)
        b = _label_patch(image, after).reshape(-1, 3).mean(0)
        assert np.abs(a - b).max() < 3


def test_closeups_hold_whole_tiles_only_and_fill_the_frame(photo):
    made = closeups(photo)
    assert made
    for crop in made:
        assert min(crop.image.shape[:2]) >= 320
        assert all(0 <= h.cx <= 1 and 0 <= h.cy <= 1 for h in crop.halves)
        assert sorted(i for g in crop.tiles for i in g) == list(range(len(crop.halves)))


def test_a_written_set_is_a_dataset_eval_reads(tmp_path):
    count = write_set(VALID, tmp_path / "turn90", "turn90", keep=lambda stem: stem < "4")
    kind, samples = load_dataset(tmp_path / "turn90")
    assert kind == "half-boxes" and len(samples) == count > 0
    assert cv2.imread(str(samples[0].image)) is not None


@pytest.mark.parametrize("name, area", [("turn30", (1.0, 2.1)), ("turn45", (1.0, 2.1)),
                                        ("angle", (0.4, 1.0))])
def test_a_photo_turned_askew_or_seen_at_an_angle_keeps_each_label_on_its_pixels(
        photo, name, area):
    image, halves = WHOLE_PHOTO_SETS[name](photo.image, photo.halves)
    h0, w0 = photo.image.shape[:2]
    h1, w1 = image.shape[:2]
    assert [h.value for h in halves] == [h.value for h in photo.halves]

    def around(img, x, y):  # the mean colour of a small patch about a point
        return img[int(y) - 3:int(y) + 4, int(x) - 3:int(x) + 4].reshape(-1, 3).mean(0)

    for before, after in zip(photo.halves, halves, strict=True):
        a = around(photo.image, before.cx * w0, before.cy * h0)
        b = around(image, after.cx * w1, after.cy * h1)
        assert np.abs(a - b).max() < 25
        # a turned half's box holds all of it: at least its area, at most twice
        ratio = (after.w * w1 * after.h * h1) / (before.w * w0 * before.h * h0)
        assert area[0] - 0.05 <= ratio <= area[1]
