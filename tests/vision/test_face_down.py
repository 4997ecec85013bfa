"""Real tiles turned face down (pips and divider wiped off) and made double blanks
(divider kept): what the wiping leaves, and what the shipped reader makes of the backs."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.doubt import is_doubtful_confidence
from vision.evaluation.evaluate import load_dataset
from vision.evaluation.face_down import read_wiped, wipe_tiles
from vision.evaluation.sets import load_photos, write_set
from vision.reader.recognize import Recognition, recognize_file
from vision.reader.tile_reader import load_default_reader

VALID = Path(__file__).resolve().parents[2] / "datasets" / "real" / "pip-tracker-double12" / "valid"


@pytest.fixture(scope="module")
def photos():
    return load_photos(VALID)


def _tiles(photo):
    h, w = photo.image.shape[:2]
    return [[photo.halves[i].box_px(w, h) for i in g] for g in photo.tiles]


def _dark_share(image: np.ndarray, box) -> float:
    """Share of a tile's middle far darker than its face (pips, divider)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    dx, dy = (x1 - x0) // 5, (y1 - y0) // 5
    grey = cv2.cvtColor(image[y0 + dy:y1 - dy, x0 + dx:x1 - dx], cv2.COLOR_BGR2GRAY)
    return float((grey < np.percentile(grey, 90) - 60).mean())


def test_a_wiped_tile_keeps_no_mark_and_the_table_is_untouched(photos):
    wiped_any = 0
    for _, photo in photos[:10]:
        result = wipe_tiles(photo.image, _tiles(photo))
        changed = np.any(result.image != photo.image, axis=2)
        allowed = np.zeros_like(changed)
        for x0, y0, x1, y1 in result.outlines:
            allowed[int(y0):int(np.ceil(y1)) + 1, int(x0):int(np.ceil(x1)) + 1] = True
        assert not np.any(changed & ~allowed), "pixels changed outside the wiped tiles"
        for box in result.outlines:
            assert _dark_share(result.image, box) < 0.01
            wiped_any += 1
    assert wiped_any >= 10


def test_a_double_blank_keeps_its_divider_and_loses_its_pips(photos):
    made = 0
    for _, photo in photos[:12]:
        back = wipe_tiles(photo.image, _tiles(photo))
        blank = wipe_tiles(photo.image, _tiles(photo), keep_divider=True)
        for k, box in zip(blank.wiped, blank.outlines, strict=True):
            original = _dark_share(photo.image, box)
            kept = _dark_share(blank.image, box)
            assert 0 < kept < original  # the divider stays, the pips go
            if k in back.wiped:
                assert _dark_share(back.image, back.outlines[back.wiped.index(k)]) < kept
            made += 1
    assert made >= 4


def test_a_face_down_set_labels_only_the_tiles_left_face_up(tmp_path):
    count = write_set(VALID, tmp_path / "facedown", "facedown", keep=lambda s: s < "7")
    assert count >= 3
    _, samples = load_dataset(tmp_path / "facedown")
    assert len(samples) == count
    assert len(list((tmp_path / "facedown" / "wiped").glob("*.json"))) == count


def test_real_tiles_face_down_are_not_read_as_sure_tiles(tmp_path):
    """Measured with the shipped models (models/MODEL_CARD.md, face-down tiles): the floors
    sit below those figures."""
    reader = load_default_reader()

    def read(path):
        result = recognize_file(path, reader, 12)
        return result if isinstance(result, Recognition) else None

    write_set(VALID, tmp_path / "facedown", "facedown")
    backs = read_wiped(tmp_path / "facedown", read, is_doubtful_confidence)
    assert backs.backs >= 40
    assert backs.sure_on_backs <= 0.05 * backs.backs


def test_detector_copies_drop_the_labels_of_backs_and_keep_those_of_double_blanks():
    from vision.evaluation.labels import read_half_boxes
    from vision.reader.pips import PipReader
    from vision.reader.tile_reader import MODELS_DIR, PIPS_FILE
    from vision.training.real_detector_labels import complete
    from vision.training.wiped_detector_photos import wiped_copies

    pips = PipReader(MODELS_DIR / PIPS_FILE)
    rng = np.random.default_rng(3)
    seen = 0
    for image_path in sorted((VALID / "images").glob("*.jpg"))[:8]:
        image = cv2.imread(str(image_path))
        halves = read_half_boxes(VALID / "labels" / f"{image_path.stem}.txt",
                                 image.shape[1], image.shape[0])
        copies = {c.kind: c for c in wiped_copies(image, halves, pips, rng, share=1.0)}
        if set(copies) != {"back", "blank"}:
            continue
        back, blank = copies["back"], copies["blank"]
        assert blank.rows == complete(image, halves, pips)[0]  # a double blank is a tile
        removed = [row for row in blank.rows if row not in back.rows]
        assert all(row in blank.rows for row in back.rows)
        assert len(removed) >= 2 * back.wiped  # at least the halves of each back
        assert not np.array_equal(back.image, image)
        seen += 1
    assert seen >= 3
