"""Candidate-tile pictures with their answers (one tile or not), for training the pair judge.

The judge sees, at reading time, pairs of halves the detector found that lie roughly one
half apart. Training pictures are made the same way: the shipped detector runs on each
photo, its halves are matched to the truth, and every candidate pair is labelled by
whether both halves belong to one tile. Rendered photos add pairs cut from their exact
half centres (with jitter), so a tile the detector misses still teaches.

Real photos label halves, not tiles, and never blanks, so from them only unambiguous
candidates are taken: a pair is a tile when each half has no other candidate, and two
halves are not a tile when each has its own unambiguous partner. The same real tiles,
their pips and divider wiped off (``vision.evaluation.face_down``), are real backs: no
tile; with the divider kept they are real double blanks: a tile.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from vision.evaluation.face_down import wipe_tiles
from vision.evaluation.labels import read_half_boxes
from vision.reader.assemble import CANDIDATE_PAIR_ERROR, PAIR_TOLERANCE, half_pair_error
from vision.reader.detect import OnnxDetector
from vision.reader.detections import HALF
from vision.reader.pair_crop import crop_pair
from vision.reader.tiled_detect import detect_multiscale
from vision.synth.scene import half_quads
from vision.synth.writer import photo_backs, photo_truth_files

Box = tuple[float, float, float, float]
Point = tuple[float, float]
WIPED_VIEWS = 4  # jittered pictures of each wiped real tile: they are few
# how far off its centres a second look sees a tile (share of its half spacing, s.d.)
LOOK_SHIFT = 0.1


def candidate_index_pairs(boxes: list[Box]) -> Iterator[tuple[int, int]]:
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            if half_pair_error(boxes[i], boxes[j]) <= CANDIDATE_PAIR_ERROR:
                yield i, j


def _centre(box: Box) -> Point:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _jitter(point: Point, spacing: float, rng: np.random.Generator, scale: float) -> Point:
    return (point[0] + rng.normal(0, scale) * spacing, point[1] + rng.normal(0, scale) * spacing)


def _rendered_photos(folder: Path, limit: int | None
                     ) -> Iterator[tuple[Path, dict, np.ndarray]]:
    """Each photo of a rendered set that decodes: its truth file, the truth, the pixels."""
    for truth_file in photo_truth_files(folder, limit):
        record = json.loads(truth_file.read_text())
        image = cv2.imread(str(folder / "images" / record["image"]))
        if image is not None:
            yield truth_file, record, image


def synthetic_pairs(folder: Path, detector: OnnxDetector, rng: np.random.Generator,
                    limit: int | None = None) -> tuple[list[np.ndarray], list[int]]:
    crops: list[np.ndarray] = []
    labels: list[int] = []
    for truth_file, record, image in _rendered_photos(folder, limit):
        truth = [(t, h, tuple(half["center"]))
                 for t, tile in enumerate(record["tiles"]) for h, half in enumerate(tile["halves"])]
        spacing_of = {t: float(np.hypot(*np.subtract(tile["halves"][0]["center"],
                                                     tile["halves"][1]["center"])))
                      for t, tile in enumerate(record["tiles"])}
        # Detected halves, each matched to the truth half whose centre it holds.
        halves = detect_multiscale(detector, image).of_class(HALF)
        boxes = [tuple(map(float, b)) for b in halves.boxes_xyxy]
        owner: list[int | None] = []
        for box in boxes:
            inside = [(np.hypot(*np.subtract(_centre(box), c)), t) for t, _, c in truth
                      if box[0] <= c[0] <= box[2] and box[1] <= c[1] <= box[3]]
            owner.append(min(inside)[1] if inside else None)
        for i, j in candidate_index_pairs(boxes):
            same = owner[i] is not None and owner[i] == owner[j]
            crops.append(crop_pair(image, _centre(boxes[i]), _centre(boxes[j])))
            labels.append(int(same))
        # Exact centres: every tile once, and neighbouring halves of different tiles.
        for t, tile in enumerate(record["tiles"]):
            a, b = (tuple(h["center"]) for h in tile["halves"])
            s = spacing_of[t]
            crops.append(crop_pair(image, _jitter(a, s, rng, 0.04), _jitter(b, s, rng, 0.04)))
            labels.append(1)
        for corners in photo_backs(truth_file):  # a tile lying face down is no tile
            first, second = half_quads(corners)
            a, b = tuple(first.mean(0)), tuple(second.mean(0))
            s = float(np.hypot(*np.subtract(a, b)))
            crops.append(crop_pair(image, _jitter(a, s, rng, 0.04), _jitter(b, s, rng, 0.04)))
            labels.append(0)
        for n, (t1, _, c1) in enumerate(truth):
            for t2, _, c2 in truth[n + 1:]:
                s = spacing_of[t1]
                if t1 != t2 and 0.6 * s <= np.hypot(*np.subtract(c1, c2)) <= 1.5 * s:
                    crops.append(crop_pair(image, _jitter(c1, s, rng, 0.04),
                                           _jitter(c2, s, rng, 0.04)))
                    labels.append(0)
    return crops, labels


def look_pairs(folder: Path, rng: np.random.Generator, limit: int | None = None
               ) -> tuple[list[np.ndarray], list[int]]:
    """Pictures cut where board reading's second looks cut them (``vision.board.looks``),
    from a rendered tableau set: every tile looked at a little off its centres (a look's
    place comes from its neighbours' ends, not from the tile), a tile; and the place a
    tile played straight on from each end would lie, a tile where one lies there and no
    tile where the table is bare (a look past an open end). Why: a judge trained only on
    pictures at a tile's own centres read a tile missed in a chain less surely at the
    place the board looks, and the board was given without it."""
    crops: list[np.ndarray] = []
    labels: list[int] = []
    for _, record, image in _rendered_photos(folder, limit):
        tiles = [tuple(np.asarray(h["center"], np.float64) for h in tile["halves"])
                 for tile in record["tiles"]]
        centres = np.array([c for tile in tiles for c in tile]).reshape(-1, 2)
        for a, b in tiles:
            spacing = float(np.linalg.norm(b - a))
            if spacing < 1.0:
                continue
            along, across = (b - a) / spacing, np.array([a[1] - b[1], b[0] - a[0]]) / spacing
            shift = (rng.normal(0, LOOK_SHIFT) * along + rng.normal(0, LOOK_SHIFT / 2) * across)
            apart = spacing * rng.uniform(1 - LOOK_SHIFT, 1 + LOOK_SHIFT) / 2
            middle = (a + b) / 2 + shift * spacing
            crops.append(crop_pair(image, tuple(middle - apart * along),
                                   tuple(middle + apart * along)))
            labels.append(1)
            for end, outward in ((a, -along), (b, along)):
                near, far = end + outward * spacing, end + 2 * outward * spacing
                label = _tile_at(tiles, near, far, spacing)
                if label is None and np.min(np.linalg.norm(
                        centres - (near + far) / 2, axis=1)) < 1.25 * spacing:
                    continue  # part of a tile lies there: neither answer is plain
                crops.append(crop_pair(image, tuple(near), tuple(far)))
                labels.append(0 if label is None else 1)
    return crops, labels


def _tile_at(tiles, near: np.ndarray, far: np.ndarray, spacing: float) -> int | None:
    """The tile whose half centres lie on ``near`` and ``far`` (either way round, within
    a quarter of a half spacing), or None."""
    for k, (a, b) in enumerate(tiles):
        for p, q in ((a, b), (b, a)):
            if max(np.linalg.norm(p - near), np.linalg.norm(q - far)) < spacing / 4:
                return k
    return None


def negative_pairs(images: list[Path], detector: OnnxDetector, rng: np.random.Generator,
                   random_per_photo: int = 60) -> tuple[list[np.ndarray], list[int]]:
    """Pictures from photos with no domino at all (people, a present, a logo): every
    candidate the detector finds there, at three scales, and random pairs of points at
    tile-like spacings, all labelled 'not a tile'."""
    crops: list[np.ndarray] = []
    for path in images:
        photo = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if photo is None:
            continue
        for factor in (1.0, 0.5, 0.25):
            image = cv2.resize(photo, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
            boxes = [tuple(map(float, b))
                     for b in detect_multiscale(detector, image).of_class(HALF).boxes_xyxy]
            crops += [crop_pair(image, _centre(boxes[i]), _centre(boxes[j]))
                      for i, j in candidate_index_pairs(boxes)]
            h, w = image.shape[:2]
            for _ in range(random_per_photo):
                spacing = min(h, w) * rng.uniform(0.03, 0.3)
                angle = rng.uniform(0, 2 * np.pi)
                a = (rng.uniform(0, w), rng.uniform(0, h))
                b = (a[0] + spacing * np.cos(angle), a[1] + spacing * np.sin(angle))
                crops.append(crop_pair(image, a, b))
    return crops, [0] * len(crops)


def package_photos() -> list[Path]:
    """Real photos with no domino that an installed package ships: matplotlib's sample
    data (with the training extra). Never scikit-image's or scikit-learn's."""
    try:
        import matplotlib
    except ImportError:
        return []
    folder = Path(matplotlib.__file__).parent / "mpl-data" / "sample_data"
    return sorted(p for p in folder.glob("*") if p.suffix.lower() in (".jpg", ".png"))


def wiped_pairs(split_dir: Path, detector: OnnxDetector,
                rng: np.random.Generator) -> tuple[list[np.ndarray], list[int]]:
    """Real tiles turned face down (no tile) and made double blanks (a tile): each at its
    labelled half centres, and every candidate the detector finds on a back."""
    crops: list[np.ndarray] = []
    labels: list[int] = []
    for image, boxes in _labelled_photos(split_dir):
        tiles = [[boxes[i], boxes[j]] for i, j in _sure_pairs(boxes)]
        for keep_divider, label in ((False, 0), (True, 1)):
            made = wipe_tiles(image, tiles, keep_divider=keep_divider,
                              seed=int(rng.integers(2**31)))
            for k in made.wiped:
                a, b = _centre(tiles[k][0]), _centre(tiles[k][1])
                s = float(np.hypot(*np.subtract(a, b)))
                for _ in range(WIPED_VIEWS):
                    crops.append(crop_pair(made.image, _jitter(a, s, rng, 0.04),
                                           _jitter(b, s, rng, 0.04)))
                    labels.append(label)
            if keep_divider or not made.wiped:
                continue
            found = [tuple(map(float, b))
                     for b in detect_multiscale(detector, made.image).of_class(HALF).boxes_xyxy]
            for i, j in candidate_index_pairs(found):
                if _on_any(_centre(found[i]), made.outlines) and \
                        _on_any(_centre(found[j]), made.outlines):
                    crops.append(crop_pair(made.image, _centre(found[i]), _centre(found[j])))
                    labels.append(0)
    return crops, labels


def _labelled_photos(split_dir: Path) -> Iterator[tuple[np.ndarray, list[Box]]]:
    """Each photo of a half-box split with its labelled half boxes, in pixels."""
    for image_file in sorted((split_dir / "images").glob("*.jpg")):
        image = cv2.imread(str(image_file))
        label_file = split_dir / "labels" / (image_file.stem + ".txt")
        if image is None or not label_file.is_file():
            continue
        yield image, [h.box for h in read_half_boxes(label_file, image.shape[1],
                                                     image.shape[0])]


def _on_any(point: Point, outlines) -> bool:
    return any(x0 <= point[0] <= x1 and y0 <= point[1] <= y1 for x0, y0, x1, y1 in outlines)


def _sure_pairs(boxes: list[Box]) -> set[tuple[int, int]]:
    """Pairs of labelled halves that can only be one tile: each has no other candidate."""
    candidates = list(candidate_index_pairs(boxes))
    count = np.zeros(len(boxes), int)
    for i, j in candidates:
        count[i] += 1
        count[j] += 1
    return {(i, j) for i, j in candidates if count[i] == 1 and count[j] == 1
            and half_pair_error(boxes[i], boxes[j]) <= PAIR_TOLERANCE}


def real_pairs(split_dir: Path) -> tuple[list[np.ndarray], list[int]]:
    crops: list[np.ndarray] = []
    labels: list[int] = []
    for image, boxes in _labelled_photos(split_dir):
        candidates = list(candidate_index_pairs(boxes))
        for i, j in _sure_pairs(boxes):
            crops.append(crop_pair(image, _centre(boxes[i]), _centre(boxes[j])))
            labels.append(1)
        # Not a tile: two halves that each have exactly one good partner elsewhere.
        good = [(i, j) for i, j in candidates
                if half_pair_error(boxes[i], boxes[j]) <= PAIR_TOLERANCE]
        partners: dict[int, list[int]] = {}
        for i, j in good:
            partners.setdefault(i, []).append(j)
            partners.setdefault(j, []).append(i)
        for i, j in candidates:
            pi, pj = partners.get(i, []), partners.get(j, [])
            if (len(pi) == 1 and len(pj) == 1 and pi[0] != j and pj[0] != i
                    and partners.get(pi[0]) == [i] and partners.get(pj[0]) == [j]):
                crops.append(crop_pair(image, _centre(boxes[i]), _centre(boxes[j])))
                labels.append(0)
    return crops, labels
