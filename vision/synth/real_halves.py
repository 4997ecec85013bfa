"""Photos composed from real tile halves: hands and tableaux whose pixels are real.

Rendered photos are drawn by the renderer the models trained on, so figures on them alone
may flatter. Here each tile is made of two real half pictures (cut from labelled photos
never trained on: ``vision.evaluation.half_pictures``), each set on a margin of its own
face colour (a box drawn round the pips of a full half, an 8 or a 9, leaves no face
between them and the divider, and a tile always has some). Both halves are lit evenly in
the first one's face colour (halves cut from two photos differ in light; a real tile's do
not) and a straight divider is drawn between them. The tiles are pasted with a soft shadow
and a dark rim (a tile's edge) on a rendered table, and the photo is tilted as a camera
tilts it. Without the inset of the cut, the even light and the margin, the pair judge took
some tiles for two tiles touching (one true pair judged 0.13, then 0.98), and the pips of
8s and 9s crowded the divider: seams of the composition's making, not the reader's.

Why: Real pixels in new layouts, without a camera. Rendered photos come from the renderer
the models trained on, so figures on them may flatter.
`vision/evaluation/half_pictures.py` cuts the halves of the real validation photos (never
trained on) from their label boxes, and `vision/synth/real_halves.py` lays them out as
hands and tableaux on rendered tables (`bench_board.py --mode real`, bench_trust's "hands
of real halves"). The cut sits in evaluation (it needs the reader and the labels), the
layout in synth (it needs the renderer): neither package may import the other. A composed
photo shows its own seams if made carelessly (a second divider, halves in two lights,
tiles mirrored into the border), and the pair judge rightly takes those for two tiles
touching; the module's docstring says how each was removed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from scorer.tiles import full_set
from vision.image_write import write_image
from vision.synth.backgrounds import random_surface
from vision.synth.scene import (
    FRAME_SIZES,
    PlacedTile,
    Pose,
    _camera_tilt,
    random_layout,
    tilted_photo,
)
from vision.synth.tableau_layout import LaidTile, fit_poses
from vision.synth.writer import truth_record
from vision.whole_file import write_text

HALF_PX = 64  # a half's square picture
DIVIDER = (0.05, 0.8)  # the divider drawn between two halves: thickness, length (of width)
FACE_AROUND = 0.06  # face put round a cut half (of the half's side)


@dataclass(frozen=True)
class HalfPool:
    """Real half pictures by value, each HALF_PX square with its tile's outer end at the
    top and its divider at the bottom."""

    halves: dict[int, tuple[np.ndarray, ...]]

    @classmethod
    def of(cls, pictures: dict[int, list[np.ndarray]]) -> HalfPool:
        """The pool of half pictures of any size (outer end at the top), each set on a
        margin of its face colour in a HALF_PX square."""
        return cls({value: tuple(_on_face(p) for p in group)
                    for value, group in pictures.items() if group})

    def values(self) -> set[int]:
        return set(self.halves)

    def pick(self, value: int, rng: np.random.Generator) -> np.ndarray:
        options = self.halves.get(value)
        if not options:
            raise KeyError(f"no real half of value {value}")
        return options[int(rng.integers(len(options)))]


def _on_face(picture: np.ndarray) -> np.ndarray:
    """``picture`` shrunk into the middle of a HALF_PX square of its face colour: a box
    drawn round the pips of a full half (an 8, a 9) leaves no face between them and the
    divider, and a tile always has some."""
    inner = HALF_PX - 2 * round(FACE_AROUND * HALF_PX)
    square = np.empty((HALF_PX, HALF_PX, 3), np.uint8)
    square[:] = _face(picture).astype(np.uint8)
    at = (HALF_PX - inner) // 2
    square[at:at + inner, at:at + inner] = cv2.resize(picture, (inner, inner),
                                                      interpolation=cv2.INTER_AREA)
    return square


def tile_picture(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """A tile of two half pictures: ``first`` on top as cut, ``second`` turned half round
    below it, both lit evenly in ``first``'s face colour (two halves cut from different
    photos differ in light, which a real tile's two halves do not), with a straight
    divider drawn between them."""
    colour = _face(first)
    tile = np.vstack([_evenly_lit(first, colour), _evenly_lit(second[::-1, ::-1], colour)])
    rows, cols = tile.shape[:2]
    thick, length = max(1, round(DIVIDER[0] * cols / 2)), round(DIVIDER[1] * cols / 2)
    middle, centre = rows // 2, cols // 2
    tile[middle - thick:middle + thick, centre - length:centre + length] = 0.3 * colour
    return np.clip(tile, 0, 255)


def _evenly_lit(half: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """``half`` with the light across its face made even and its face ``colour``: the face
    alone (pips closed over) blurred is the light it was cut in."""
    picture = half.astype(np.float32)
    size = picture.shape[0]
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size // 4 + 1,) * 2)
    grey = picture.mean(axis=2)
    # close dark pips on a light face, open light pips on a dark one
    face = (cv2.morphologyEx(picture, cv2.MORPH_CLOSE, kernel)
            if np.median(grey) > grey.mean() else
            cv2.morphologyEx(picture, cv2.MORPH_OPEN, kernel))
    light = np.maximum(cv2.GaussianBlur(face, (0, 0), size / 8), 1.0)
    return picture / light * colour


def _face(half: np.ndarray) -> np.ndarray:
    """A half's face colour: the median of its brighter half of pixels (pips aside)."""
    pixels = half.reshape(-1, 3).astype(np.float32)
    light = pixels[pixels.sum(axis=1) >= np.median(pixels.sum(axis=1))]
    return np.maximum(np.median(light, axis=0), 1.0)


def real_tile_photo(laid: list[LaidTile], size: tuple[int, int], pool: HalfPool,
                    rng: np.random.Generator) -> tuple[np.ndarray, list[PlacedTile]]:
    """The photo of a laid-out tableau made of real halves, and its tiles (as
    ``vision.synth.tableau_scenes.scene_photo`` gives them)."""
    return real_photo(fit_poses(laid, size), [t.values for t in laid], size, pool, rng)


def real_photo(poses: list[Pose], values: list[tuple[int, int]], size: tuple[int, int],
               pool: HalfPool, rng: np.random.Generator
               ) -> tuple[np.ndarray, list[PlacedTile]]:
    """Tiles of real halves with ``values`` lying at ``poses`` on a rendered table, the
    photo tilted as a camera tilts it; the photo and where its tiles landed."""
    w, h = size
    table = random_surface((h, w), rng)
    canvas = table.copy()
    for pose, pair in zip(poses, values, strict=True):
        picture = tile_picture(pool.pick(pair[0], rng), pool.pick(pair[1], rng))
        _paste(canvas, picture, pose.corners())
    tilt = _camera_tilt(size, rng, rng.uniform(0.0, 0.14))
    image = tilted_photo(canvas, table, tilt)
    image = np.clip(image + rng.normal(0, 2.0, image.shape), 0, 255).astype(np.uint8)
    placed = [PlacedTile(values=pair,
                         corners=cv2.perspectiveTransform(p.corners()[None], tilt)[0])
              for p, pair in zip(poses, values, strict=True)]
    return image, placed


def write_real_hands(out_dir: Path, count: int, seed: int, pool: HalfPool,
                     set_max: int = 12) -> None:
    """``count`` photos of hands made of real halves (vision.synth's hand layouts: loose,
    side by side, end to end, in a grid; from a whole table seen from afar to two tiles
    filling the frame) into ``out_dir``: images/NAME.jpg and truth/NAME.json, the form
    ``chickenfoot eval`` scores. Photo i uses seed (seed, i)."""
    for sub in ("images", "truth"):
        (out_dir / sub).mkdir(parents=True, exist_ok=True)
    deck = list(full_set(set_max))
    for index in range(count):
        rng = np.random.default_rng([seed, index])
        size = FRAME_SIZES[int(rng.integers(len(FRAME_SIZES)))]
        poses = random_layout(size, rng, int(rng.integers(1, 13)))
        picks = rng.permutation(len(deck))[:len(poses)]
        values = [deck[k].ends if rng.random() < 0.5 else deck[k].ends[::-1] for k in picks]
        image, placed = real_photo(poses, values, size, pool, rng)
        name = f"realhalves_{seed}_{index:04d}"
        record = truth_record(f"{name}.jpg", placed, size[0], size[1])
        write_text(out_dir / "truth" / f"{name}.json", json.dumps(record) + "\n")
        write_image(out_dir / "images" / f"{name}.jpg", image, 90)  # last: see writer.py


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

