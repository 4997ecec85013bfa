"""Tableau photos composed from real tile halves, to measure board reading on real pixels.

Rendered tableaux are drawn by the same renderer the models trained on, so a board bench
on them alone says little about a real table. Here each tile of a laid-out board is made
of two real halves cut from the labelled validation photos (never trained on): a half of
the value wanted, cut from its label box, turned so that its tile's outer end is first;
the second half lit like the first (one tile, one face colour) and a straight divider
drawn between them, since two real half-dividers never line up. The tiles are pasted with
a soft shadow and a dark rim (a tile's edge) on a rendered table, and the photo is tilted
as a camera tilts it.

Halves come only from photos the reader reads exactly (every tile, both halves, as
labelled): there the value of a blank half, which has no label box, is known. Only tiles
lying square to the photo give halves, since a label box is the half itself only there.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.evaluation.evaluate import HalfBoxSample, load_dataset, score_sample
from vision.synth.backgrounds import random_surface
from vision.synth.scene import PlacedTile, _camera_tilt
from vision.synth.tableau_layout import LaidTile, fit_poses

HALF_PX = 64  # a half's square picture
SQUARE_DEG = 12.0  # halves are cut from tiles lying this square to the photo
DIVIDER = (0.05, 0.8)  # the divider drawn between two halves: thickness, length (of width)


@dataclass(frozen=True)
class HalfPool:
    """Real half pictures by value, each HALF_PX square with its tile's outer end at the
    top and its divider at the bottom."""

    halves: dict[int, tuple[np.ndarray, ...]]

    def values(self) -> set[int]:
        return set(self.halves)

    def pick(self, value: int, rng: np.random.Generator) -> np.ndarray:
        options = self.halves.get(value)
        if not options:
            raise KeyError(f"no real half of value {value}")
        return options[int(rng.integers(len(options)))]


def real_halves(split: Path, reader) -> HalfPool:
    """The halves of every photo of ``split`` (a labelled half-box split) that ``reader``
    reads exactly."""
    from vision.reader.recognize import Recognition, recognize_file

    _, samples = load_dataset(split)
    pool: dict[int, list[np.ndarray]] = defaultdict(list)
    for sample in samples:
        assert isinstance(sample, HalfBoxSample)
        result = recognize_file(sample.image, reader, 12)
        if not isinstance(result, Recognition):
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
    return HalfPool({value: tuple(pictures) for value, pictures in pool.items()})


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
        near = [box for box, value in labels if value == half.pips > 0 and _inside(at, box)]
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
        out.append((tile.halves[k].pips,
                    cv2.resize(np.ascontiguousarray(picture), (HALF_PX, HALF_PX),
                               interpolation=cv2.INTER_AREA)))
    return out


def _inside(point: np.ndarray, box: np.ndarray) -> bool:
    return bool(box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3])


def tile_picture(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """A tile of two half pictures: ``first`` on top as cut, ``second`` turned half round
    below it and lit like ``first`` (two halves of one tile share a face colour), with a
    straight divider drawn between them."""
    first = first.astype(np.float32)
    second = second[::-1, ::-1].astype(np.float32) * (_face(first) / _face(second))
    tile = np.vstack([first, second])
    rows, cols = tile.shape[:2]
    thick, length = max(1, round(DIVIDER[0] * cols / 2)), round(DIVIDER[1] * cols / 2)
    middle, centre = rows // 2, cols // 2
    tile[middle - thick:middle + thick, centre - length:centre + length] = 0.3 * _face(first)
    return np.clip(tile, 0, 255)


def _face(half: np.ndarray) -> np.ndarray:
    """A half's face colour: the median of its brighter half of pixels (pips aside)."""
    pixels = half.reshape(-1, 3).astype(np.float32)
    light = pixels[pixels.sum(axis=1) >= np.median(pixels.sum(axis=1))]
    return np.maximum(np.median(light, axis=0), 1.0)


def real_tile_photo(laid: list[LaidTile], size: tuple[int, int], pool: HalfPool,
                    rng: np.random.Generator) -> tuple[np.ndarray, list[PlacedTile]]:
    """The photo of a laid-out tableau made of real halves, and its tiles (as
    ``vision.synth.tableau_scenes.scene_photo`` gives them)."""
    w, h = size
    canvas = random_surface((h, w), rng)
    poses = fit_poses(laid, size)
    for pose, tile in zip(poses, laid, strict=True):
        picture = tile_picture(pool.pick(tile.values[0], rng), pool.pick(tile.values[1], rng))
        _paste(canvas, picture, pose.corners())
    tilt = _camera_tilt(size, rng, rng.uniform(0.0, 0.14))
    image = cv2.warpPerspective(canvas, tilt, size, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REFLECT_101)
    image = np.clip(image + rng.normal(0, 2.0, image.shape), 0, 255).astype(np.uint8)
    placed = [PlacedTile(values=t.values,
                         corners=cv2.perspectiveTransform(p.corners()[None], tilt)[0])
              for p, t in zip(poses, laid, strict=True)]
    return image, placed


def _paste(canvas: np.ndarray, picture: np.ndarray, corners: np.ndarray) -> None:
    """``picture`` (a tile, first half on top) onto ``canvas`` at ``corners`` (clockwise
    from the first half's first corner), with a shadow and a dark rim for its edge."""
    rows, cols = picture.shape[:2]
    src = np.float32([[0, 0], [cols, 0], [cols, rows]])
    matrix = cv2.getAffineTransform(src, np.float32(corners[:3]))
    shape = (canvas.shape[1], canvas.shape[0])
    face = cv2.warpAffine(picture, matrix, shape, flags=cv2.INTER_LINEAR)
    mask = cv2.warpAffine(np.ones((rows, cols), np.float32), matrix, shape,
                          flags=cv2.INTER_LINEAR)
    width = float(np.linalg.norm(corners[1] - corners[0]))
    blur = max(1.0, width / 12)
    shadow = cv2.GaussianBlur(np.roll(mask, (max(1, round(width / 16)),) * 2, axis=(0, 1)),
                              (0, 0), blur)
    canvas *= (1.0 - 0.45 * shadow)[..., None]
    rim = mask - cv2.erode(mask, np.ones((3, 3), np.uint8), iterations=max(1, round(width / 30)))
    face *= (1.0 - 0.35 * np.clip(rim, 0, 1))[..., None]
    canvas[:] = canvas * (1.0 - mask[..., None]) + face * mask[..., None]


def halves_cover(pool: HalfPool, set_max: int) -> bool:
    """Whether ``pool`` has a half of every value of a double-``set_max`` set."""
    return set(range(set_max + 1)) <= pool.values()

