"""The synthetic renderer: deterministic by seed, labels that match the pixels."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from vision.synth.pip_layout import pip_positions
from vision.synth.scene import half_quads, render_scene
from vision.synth.tableau_scenes import write_tableau_set
from vision.synth.tile_art import random_style
from vision.synth.writer import photo_truth_files, write_dataset


@pytest.mark.parametrize("value", range(19))
def test_every_value_has_that_many_distinct_pips_inside_the_half(value):
    points = pip_positions(value)
    assert len(set(points)) == value
    assert all(0 < x < 1 and 0 < y < 1 for x, y in points)


def test_the_same_seed_renders_the_same_photo_and_truth():
    first, tiles_a = render_scene(np.random.default_rng(7), size=(320, 240), max_tiles=4)
    second, tiles_b = render_scene(np.random.default_rng(7), size=(320, 240), max_tiles=4)
    assert np.array_equal(first, second)
    assert [t.values for t in tiles_a] == [t.values for t in tiles_b]


def test_tiles_in_a_photo_are_unique_and_inside_the_frame():
    for seed in range(5):
        image, tiles = render_scene(np.random.default_rng(seed), size=(640, 480), set_max=9)
        canonical = [tuple(sorted(t.values)) for t in tiles]
        assert len(canonical) == len(set(canonical)) > 0
        assert all(0 <= v <= 9 for t in tiles for v in t.values)
        for tile in tiles:
            assert tile.corners.min() >= -1 and tile.corners[:, 0].max() <= 641
            assert tile.corners[:, 1].max() <= 481


def test_pips_on_black_faces_are_bright():
    # Sets are made to be read: even the darkest coloured pip on a black face is far
    # brighter than the face (a black pip on a black tile could not be read by anyone).
    # On white and ivory faces pale colours such as yellow are real and told by hue.
    def grey(bgr):
        b, g, r = bgr
        return 0.114 * b + 0.587 * g + 0.299 * r

    black = 0
    for seed in range(300):
        style = random_style(np.random.default_rng(seed))
        face = grey(style.face_bgr)
        if face < 60:
            black += 1
            assert min(grey(c) for c in style.pip_colours) > face + 60, style
    assert black > 20


def test_tile_faces_are_bright_where_the_labels_say_on_a_white_set():
    # A white face is brighter than its half's surroundings on average: the labels sit
    # on tiles, not on the table.
    hits = 0
    total = 0
    for seed in range(6):
        image, tiles = render_scene(np.random.default_rng(100 + seed), size=(640, 480))
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
        for tile in tiles:
            mask = np.zeros(grey.shape, np.uint8)
            cv2.fillConvexPoly(mask, np.round(tile.corners).astype(np.int32), 1)
            ring = cv2.dilate(mask, np.ones((15, 15), np.uint8)) - mask
            if ring.sum() == 0:
                continue
            total += 1
            inside, outside = grey[mask == 1].mean(), grey[ring == 1].mean()
            hits += abs(inside - outside) > 5
    assert total > 0 and hits / total > 0.8


def test_writer_emits_images_yolo_labels_and_truth(tmp_path):
    write_dataset(tmp_path, count=2, seed=3, max_tiles=3)
    images = sorted((tmp_path / "images").glob("*.jpg"))
    assert len(images) == 2
    for image_path in images:
        truth = json.loads((tmp_path / "truth" / f"{image_path.stem}.json").read_text())
        labels = (tmp_path / "labels" / f"{image_path.stem}.txt").read_text().split()
        rows = np.array(labels, float).reshape(-1, 5)
        # Each tile gives two half boxes (class 0) and one tile box (class 1).
        assert (rows[:, 0] == 0).sum() == 2 * len(truth["tiles"])
        assert (rows[:, 0] == 1).sum() == len(truth["tiles"])
        assert np.all((rows[:, 1:] >= 0) & (rows[:, 1:] <= 1))
        for tile in truth["tiles"]:
            quads = half_quads(np.array(tile["corners"], np.float32))
            for quad, half in zip(quads, tile["halves"], strict=True):
                assert np.allclose(quad.mean(0), half["center"], atol=0.02)


def test_a_tableau_set_lists_one_truth_file_per_photo(tmp_path):
    write_tableau_set(tmp_path, count=2, seed=5, tiles=(5,))
    truths = photo_truth_files(tmp_path)
    assert [f.stem for f in truths] == sorted(p.stem for p in (tmp_path / "images").glob("*.jpg"))
    assert all("tiles" in json.loads(f.read_text()) for f in truths)
    assert len(photo_truth_files(tmp_path, limit=1)) == 1


def test_a_hand_never_holds_more_tiles_than_its_set():
    _, tiles = render_scene(np.random.default_rng(0), size=(640, 480), set_max=6,
                            max_tiles=200)
    assert 0 < len(tiles) <= 28 and len({tuple(sorted(t.values)) for t in tiles}) == len(tiles)
