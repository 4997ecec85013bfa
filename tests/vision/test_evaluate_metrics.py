"""Metric definitions, checked with hand-made predictions on the real label files."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.evaluation.evaluate import (
    DatasetError,
    EvalMetrics,
    HalfBoxSample,
    class_values,
    evaluate,
    load_dataset,
    pair_halves,
    score_half_boxes,
    score_truth,
)
from vision.reader.report import to_dict
from vision.types import HalfReading, Recognition, TileReading

REAL = Path(__file__).resolve().parents[2] / "datasets" / "real" / "pip-tracker-double12"
SIZE = 416  # every real photo is 416x416


def _inside_any(point, boxes):
    return any(b[0] <= point[0] <= b[2] and b[1] <= point[1] <= b[3] for b in boxes)


def perfect_tiles(boxes, values):
    """The tiles a perfect reader would report for these labels (blank partners read 0)."""
    tiles = []
    for group in pair_halves(boxes):
        centres = [((boxes[i][0] + boxes[i][2]) / 2, (boxes[i][1] + boxes[i][3]) / 2)
                   for i in group]
        pips = [values[i] for i in group]
        if len(group) == 1:
            b = boxes[group[0]]
            w, h = b[2] - b[0], b[3] - b[1]
            options = [(centres[0][0] + dx, centres[0][1] + dy)
                       for dx, dy in ((0, h), (0, -h), (w, 0), (-w, 0))]
            partner = next((p for p in options if not _inside_any(p, boxes)), (-999.0, -999.0))
            centres.append(partner)
            pips.append(0)
        xs = [c[0] for c in centres]
        ys = [c[1] for c in centres]
        corners = ((min(xs), min(ys)), (max(xs), min(ys)), (max(xs), max(ys)), (min(xs), max(ys)))
        halves = tuple(HalfReading(c, v, 0.99) for c, v in zip(centres, pips, strict=True))
        tiles.append(TileReading(corners, halves, 0.99))
    return tuple(tiles)


def _real_samples():
    _, samples = load_dataset(REAL / "valid")
    return samples


def _boxes(sample: HalfBoxSample):
    return ([h.box_px(SIZE, SIZE) for h in sample.halves], [h.value for h in sample.halves])


def _score_all(predict):
    scores = []
    for sample in _real_samples():
        boxes, values = _boxes(sample)
        tiles = predict(boxes, values)
        scores.append(score_half_boxes(boxes, values, Recognition("x", SIZE, SIZE, tiles)))
    return EvalMetrics.from_scores("valid", "half-boxes", scores)


def test_real_valid_split_loads_with_the_documented_class_mapping():
    samples = _real_samples()
    assert len(samples) == 29
    first = samples[0]
    assert first.image.name.startswith("1a8d0cd7")
    assert [h.value for h in first.halves] == [5, 3, 10, 12]  # classes 7, 5, 1, 3


def test_perfect_predictions_score_one_everywhere():
    m = _score_all(perfect_tiles)
    assert m.halves_labelled == sum(len(s.halves) for s in _real_samples()) > 100
    assert (m.tile_recall, m.tile_precision, m.half_accuracy, m.exact_tile_accuracy,
            m.pip_total_exact_rate) == (1.0, 1.0, 1.0, 1.0, 1.0)
    assert m.confusions == ()


def test_one_wrong_value_costs_exactly_one_half():
    calls = []

    def one_wrong(boxes, values):
        tiles = list(perfect_tiles(boxes, values))
        calls.append(1)
        if len(calls) == 1:  # the first photo only; its first tile is the 5|3 pair
            assert tiles[0].pips == (5, 3)
            t = tiles[0]
            tiles[0] = replace(t, halves=(replace(t.halves[0], pips=6), t.halves[1]))
        return tuple(tiles)

    m = _score_all(one_wrong)
    assert m.half_accuracy == pytest.approx(1 - 1 / m.halves_labelled)
    assert m.tiles_exact == m.tiles_labelled - 1 and m.tile_recall == 1.0
    assert m.photos_pip_total_exact == m.photos - 1
    assert m.confusions == ((5, 6, 1),)


def test_a_missing_tile_lowers_recall_not_precision():
    sample = _real_samples()[0]
    boxes, values = _boxes(sample)
    tiles = perfect_tiles(boxes, values)
    score = score_half_boxes(boxes, values, Recognition("x", SIZE, SIZE, tiles[1:]))
    assert score.tiles_matched == score.tiles_labelled - 1
    assert score.predicted_matched == score.tiles_judged == len(tiles) - 1
    missed = [values[i] for i in pair_halves(boxes)[0]]
    assert score.halves_correct == len(values) - len(missed)
    assert sorted(score.confusions) == sorted((v, None) for v in missed)


def test_extra_double_blank_is_not_judged_but_extra_five_is_a_false_positive():
    sample = _real_samples()[0]
    boxes, values = _boxes(sample)
    far = ((0.0, 380.0), (10.0, 380.0), (10.0, 400.0), (0.0, 400.0))

    def extra(a, b):
        halves = (HalfReading((2.0, 385.0), a, 0.9), HalfReading((8.0, 395.0), b, 0.9))
        return perfect_tiles(boxes, values) + (TileReading(far, halves, 0.9),)

    blank = score_half_boxes(boxes, values, Recognition("x", SIZE, SIZE, extra(0, 0)))
    assert blank.tiles_predicted == blank.tiles_judged + 1
    assert blank.predicted_matched == blank.tiles_judged
    five = score_half_boxes(boxes, values, Recognition("x", SIZE, SIZE, extra(0, 5)))
    assert five.tiles_judged == five.tiles_predicted == five.predicted_matched + 1
    assert five.pip_total_read == five.pip_total_truth + 5


def test_the_total_shown_leaves_a_doubtful_tile_out_and_the_full_total_counts_it():
    sample = _real_samples()[0]
    boxes, values = _boxes(sample)
    tiles = list(perfect_tiles(boxes, values))
    tiles[0] = replace(tiles[0], confidence=0.2)  # under the doubt threshold
    score = score_half_boxes(boxes, values, Recognition("x", SIZE, SIZE, tuple(tiles)))
    assert score.pip_total_read == score.pip_total_truth
    assert score.pip_total_shown == score.pip_total_truth - sum(tiles[0].pips) > 0
    m = EvalMetrics.from_scores("valid", "half-boxes", [score])
    assert (m.pip_total_exact_rate, m.pip_total_shown_rate) == (1.0, 0.0)


def test_blank_partner_read_wrong_breaks_the_tile_not_the_halves():
    boxes = [(0.0, 0.0, 40.0, 40.0)]
    half = (HalfReading((20.0, 20.0), 7, 0.9), HalfReading((20.0, 60.0), 4, 0.9))
    tile = TileReading(((0.0, 0.0), (40.0, 0.0), (40.0, 80.0), (0.0, 80.0)), half, 0.9)
    score = score_half_boxes(boxes, [7], Recognition("x", 100, 100, (tile,)))
    assert (score.halves_correct, score.tiles_matched, score.tiles_exact) == (1, 1, 0)
    assert score.confusions == ((0, 4),)


def test_pairing_of_hand_made_boxes():
    upper, lower = (0.0, 0.0, 40.0, 40.0), (0.0, 42.0, 40.0, 82.0)
    far = (200.0, 200.0, 240.0, 240.0)
    tiny = (41.0, 0.0, 51.0, 10.0)
    assert pair_halves([upper, far, lower, tiny]) == [(0, 2), (1,), (3,)]


def _truth_tile(a, b, x, y):
    corners = ((x, y), (x + 40, y), (x + 40, y + 80), (x, y + 80))
    return TileReading(corners, (HalfReading((x + 20, y + 20), a, 1.0),
                                 HalfReading((x + 20, y + 60), b, 1.0)), 1.0)


def test_truth_format_matches_by_overlap_and_aligns_halves():
    truth = Recognition("t", 300, 200, (_truth_tile(3, 0, 10, 10), _truth_tile(6, 6, 100, 10)))
    flipped = _truth_tile(3, 0, 12, 12)
    flipped = replace(flipped, halves=(flipped.halves[1], flipped.halves[0]))
    pred = Recognition("t", 300, 200, (flipped, _truth_tile(6, 5, 100, 10),
                                       _truth_tile(1, 1, 200, 100)))
    s = score_truth(truth, pred)
    assert (s.tiles_matched, s.tiles_exact, s.halves_correct, s.halves_labelled) == (2, 1, 3, 4)
    assert (s.predicted_matched, s.tiles_judged) == (2, 3)
    assert s.confusions == ((6, 5),)


def _synthetic_set(root: Path, beside: bool):
    images = root if beside else root / "images"
    images.mkdir(parents=True, exist_ok=True)
    truth_dir = root if beside else root / "truth"
    truth_dir.mkdir(exist_ok=True)
    for k in range(3):
        cv2.imwrite(str(images / f"s{k}.jpg"), np.full((200, 300, 3), 90, np.uint8))
        rec = Recognition(f"s{k}.jpg", 300, 200, (_truth_tile(k, 2, 10, 10),))
        data = to_dict(rec)
        for key in ("pip_total", "score", "problems"):
            data.pop(key)
        (truth_dir / f"s{k}.json").write_text(json.dumps(data))


class TruthReader:
    """Reads back the truth of the synthetic photos by their size-independent index."""

    def __init__(self):
        self.k = 0

    def read(self, image_bgr, set_max=None):
        tile = _truth_tile(self.k, 2, 10, 10)
        self.k += 1
        return [tile], []


@pytest.mark.parametrize("beside", [True, False])
def test_evaluate_on_a_synthetic_set(tmp_path, beside):
    _synthetic_set(tmp_path, beside)
    m = evaluate(tmp_path, TruthReader(), limit=2)
    assert m.label_format == "truth-json" and m.photos == 2
    assert (m.tile_recall, m.half_accuracy, m.exact_tile_accuracy) == (1.0, 1.0, 1.0)
    assert m.mean_ms >= 0.0 and m.to_dict()["photos"] == 2


def test_a_labelled_photo_that_is_no_file_is_counted_unreadable_never_left_out(tmp_path):
    _synthetic_set(tmp_path, beside=False)
    photo = tmp_path / "images" / "s1.jpg"
    photo.unlink()
    photo.symlink_to(tmp_path / "gone.jpg")  # a link to nowhere, its truth still there
    m = evaluate(tmp_path, TruthReader())
    assert m.photos == 3 and len(m.errors) == 1 and "s1.jpg: no such file" in m.errors[0]
    assert m.tile_recall < 1.0


def test_evaluate_on_real_photos_counts_a_blind_reader_fairly():
    class Blind:
        def read(self, image_bgr, set_max=None):
            return [], []

    m = evaluate(REAL / "data.yaml", Blind(), limit=3)
    assert m.photos == 3 and m.tiles_predicted == 0
    assert m.tile_recall == 0.0 and m.half_accuracy == 0.0
    assert all(p is None for _, p, _ in m.confusions)


def test_dataset_forms_and_errors(tmp_path):
    forms = [load_dataset(p) for p in (REAL, REAL / "valid", REAL / "data.yaml")]
    assert all(f == ("half-boxes", forms[0][1]) for f in forms)
    with pytest.raises(DatasetError, match="no such file"):
        load_dataset(tmp_path / "nothing")
    with pytest.raises(DatasetError, match="no labelled photos"):
        load_dataset(tmp_path)


@pytest.mark.parametrize("names", ["names: [pip-1, pip-2", "names:\n  pip-1\n"])
def test_a_data_yaml_whose_names_cannot_be_read_is_named(tmp_path, names):
    # it was "no class names", as if the file had none
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    (tmp_path / "data.yaml").write_text(names + "\n")
    with pytest.raises(DatasetError, match="data.yaml: its names: list could not be read"):
        class_values(tmp_path)


@pytest.mark.parametrize("names, said", [
    ("names: [pip-0, pip19]", "says 19 pips; a half shows 0 to 18"),
    ("names: [pip-0, pip99999999999999999999999]", "says 9999"),
    ("names: [pip-0, pip\u0663]", "does not say a pip value"),  # an Arabic-Indic 3
])
def test_a_class_name_beyond_every_set_or_in_other_digits_is_refused(tmp_path, names, said):
    # they were read as 19, 99999999999999999999999 and 3, and measured
    (tmp_path / "data.yaml").write_text(names + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=said):
        class_values(tmp_path)


def test_every_real_validation_photo_has_checked_tiles_and_they_cover_every_half():
    samples = _real_samples()
    assert all(s.tiles is not None for s in samples)
    for s in samples:
        assert sorted(i for group in s.tiles for i in group) == list(range(len(s.halves)))
    # 129 tiles hold the 252 labelled halves: 123 pairs and 6 with a blank other half
    assert sum(len(s.tiles) for s in samples) == 129


def test_checked_tiles_decide_which_halves_a_reader_must_join(tmp_path):
    sample = _real_samples()[0]
    boxes, values = _boxes(sample)
    tiles = perfect_tiles(boxes, values)
    right = score_half_boxes(boxes, values, Recognition("x", SIZE, SIZE, tiles), sample.tiles)
    assert right.tiles_matched == right.tiles_labelled == len(sample.tiles)
    # the same reading judged against a pairing that joins the first two halves differently
    other = ((0,), (1,), *(g for g in sample.tiles if 0 not in g and 1 not in g))
    wrong = score_half_boxes(boxes, values, Recognition("x", SIZE, SIZE, tiles), other)
    assert wrong.tiles_matched < wrong.tiles_labelled


@pytest.mark.parametrize("text", ["0 1 2\n", "0 x\n", "0 99\n", "0\n"])
def test_a_broken_tiles_file_is_one_clear_error(tmp_path, text):
    split = tmp_path / "valid"
    (split / "images").mkdir(parents=True)
    (split / "labels").mkdir()
    (split / "tiles").mkdir()
    cv2.imwrite(str(split / "images" / "a.jpg"), np.zeros((8, 8, 3), np.uint8))
    (split / "labels" / "a.txt").write_text("0 0.5 0.5 0.1 0.1\n0 0.6 0.5 0.1 0.1\n")
    (split / "classes.txt").write_text("1\n")
    (split / "tiles" / "a.txt").write_text(text)
    with pytest.raises(DatasetError, match="a.txt"):
        load_dataset(split)
