"""The pair judge's training pictures cut where a board's second looks cut them."""

from __future__ import annotations

import json

import numpy as np

from vision.reader.pair_crop import PAIR_COLS, PAIR_ROWS
from vision.synth.tableau_scenes import write_tableau_set
from vision.synth.writer import photo_truth_files
from vision.training.pair_crops import look_pairs


def test_every_tile_is_seen_off_centre_and_past_its_ends_as_the_truth_says(tmp_path):
    write_tableau_set(tmp_path, count=2, seed=7, tiles=(12,))
    crops, labels = look_pairs(tmp_path, np.random.default_rng(0))
    tiles = sum(len(json.loads(f.read_text())["tiles"])
                for f in photo_truth_files(tmp_path))
    assert all(c.shape == (PAIR_ROWS, PAIR_COLS, 3) for c in crops)
    # one look off centre per tile, a tile; then each end's place straight on: a tile
    # where one lies there (a chain's next tile), none on bare table, skipped where part
    # of a tile lies there
    assert tiles < sum(labels) <= 3 * tiles  # in a chain, ends face the next tile
    assert 0 < len(labels) - sum(labels) <= 2 * tiles
    assert len(labels) <= 3 * tiles
