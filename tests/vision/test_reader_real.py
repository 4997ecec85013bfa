"""The shipped models on real photos and on fresh rendered photos: accuracy floors.

These run the real ONNX models (models/detector.onnx, pips.onnx, pairs.onnx) on the real
validation photos, which no model was trained on, and on rendered double-9 photos drawn
from a seed no training set used. Floors sit below the figures recorded in
models/MODEL_CARD.md, so a model change that loses accuracy fails here.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.evaluation.evaluate import evaluate
from vision.reader.tile_reader import load_default_reader, read_image_file
from vision.synth.writer import write_dataset

ROOT = Path(__file__).resolve().parents[2]
REAL_VALID = ROOT / "datasets/real/pip-tracker-double12/valid"
SAMPLE = ROOT / "datasets/samples/hand-double12.jpg"

# Measured with the shipped models (models/MODEL_CARD.md): real validation photos half
# accuracy 1.000, tile recall 1.000 (against the checked pairings in valid/tiles/),
# precision 1.000, pip total exact 1.000; rendered double-9 photos half accuracy 1.000,
# tile recall 1.000. The real floors are the product's targets.
HALF_ACCURACY_FLOOR = 0.99
TILE_RECALL_FLOOR = 0.99
TILE_PRECISION_FLOOR = 0.98
PIP_TOTAL_FLOOR = 0.93
SYNTH_HALF_ACCURACY_FLOOR = 0.98
TURNED_PIP_TOTAL_FLOOR = 0.95  # the target for any turn of the photo
TURNED_EXACT_TILE_FLOOR = 0.97
SYNTH_TILE_RECALL_FLOOR = 0.98


@pytest.fixture(scope="module")
def reader():
    return load_default_reader()


@pytest.fixture(scope="module")
def real_metrics(reader):
    return evaluate(REAL_VALID, reader, set_max=12)


def test_real_photos_halves_are_read(real_metrics):
    assert real_metrics.photos == 29
    assert real_metrics.half_accuracy >= HALF_ACCURACY_FLOOR


def test_real_photos_tiles_are_found(real_metrics):
    assert real_metrics.tile_recall >= TILE_RECALL_FLOOR
    assert real_metrics.tile_precision >= TILE_PRECISION_FLOOR


def test_real_photos_whole_hand_totals(real_metrics):
    assert real_metrics.pip_total_exact_rate >= PIP_TOTAL_FLOOR


@pytest.mark.parametrize("turn", ["turn30", "turn45"])
def test_real_photos_turned_askew_read_as_square(reader, tmp_path, turn):
    # Measured (models/MODEL_CARD.md): turned 30 and 45 degrees, pip totals 1.000 and
    # 0.966, exact tiles 1.000 each; read without turning square, 0.931 and 0.862
    from vision.evaluation.sets import write_set

    write_set(REAL_VALID, tmp_path / turn, turn)
    metrics = evaluate(tmp_path / turn, reader, set_max=12)
    assert metrics.photos == 29
    assert metrics.pip_total_exact_rate >= TURNED_PIP_TOTAL_FLOOR
    assert metrics.exact_tile_accuracy >= TURNED_EXACT_TILE_FLOOR


# Blurred by 2 pixels and streaked 9 pixels, the shipped detector finds 0.907 and 0.845
# of the tiles (exact 0.891 and 0.767): it never saw a blurred pip. The stage-7 detector of
# models/MODEL_CARD.md, trained on blurred copies, finds 1.000 and 0.938 (exact 0.992 and
# 0.853) and is not shipped yet; strict, so that the detector that mends it says so here.
BLURRED_FLOORS = {"blurred": (0.97, 0.95), "shaken": (0.90, 0.80)}  # recall, exact


@pytest.mark.xfail(strict=True, reason="the shipped detector misses blurred tiles; "
                   "stage 7 (models/MODEL_CARD.md) is not shipped yet")
@pytest.mark.parametrize("name", sorted(BLURRED_FLOORS))
def test_real_photos_out_of_focus_or_shaken_are_found(reader, tmp_path, name):
    from vision.evaluation.sets import write_set

    write_set(REAL_VALID, tmp_path / name, name)
    metrics = evaluate(tmp_path / name, reader, set_max=12)
    recall, exact = BLURRED_FLOORS[name]
    assert metrics.photos == 29
    assert metrics.tile_recall >= recall
    assert metrics.exact_tile_accuracy >= exact


def test_fresh_rendered_double_9_photos(reader, tmp_path):
    write_dataset(tmp_path, count=12, seed=4242, set_max=9, max_tiles=10)
    metrics = evaluate(tmp_path, reader, set_max=9)
    assert metrics.half_accuracy >= SYNTH_HALF_ACCURACY_FLOOR
    assert metrics.tile_recall >= SYNTH_TILE_RECALL_FLOOR


def test_the_bundled_sample_reads_as_a_hand_within_the_set():
    recognition = read_image_file(str(SAMPLE), set_max=12)
    assert len(recognition.tiles) >= 4
    assert all(0 <= v <= 12 for tile in recognition.tiles for v in tile.pips)


def test_a_photo_with_no_dominoes_reads_no_tile(reader, tmp_path):
    rng = np.random.default_rng(3)
    from vision.synth.backgrounds import SURFACES

    for index, surface in enumerate(SURFACES):
        table = np.clip(surface((480, 640), rng), 0, 255).astype(np.uint8)
        path = tmp_path / f"table_{index}.jpg"
        cv2.imwrite(str(path), table)
        tiles, _ = reader.read(cv2.imread(str(path)))
        assert tiles == [], f"made up a tile on an empty {surface.__name__} table"


def test_a_double_blank_in_a_hand_is_read(reader):
    """0-0 scores 50: a hand photo holding it must not lose it, whatever the tile style."""
    from vision.synth.scene import random_layout, render_scene

    read = 0
    for seed in range(12):
        rng = np.random.default_rng([4321, seed])
        poses = random_layout((1280, 960), rng, 6)
        values = [(0, 0)] + [(int(a), int(b)) for a, b in rng.integers(1, 10, (len(poses) - 1, 2))]
        image, _ = render_scene(rng, size=(1280, 960), set_max=9, poses=poses, values=values)
        tiles, _ = reader.read(image, 9)
        read += any(t.pips == (0, 0) for t in tiles)
    assert read >= 11  # 60 of 60 such hands measured
