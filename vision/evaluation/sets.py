"""Test sets made from a labelled split of real photos, to measure trust honestly.

A family photographs a hand every which way, so the reader is measured on the same real
photos turned (by quarters and askew), mirrored, seen at an angle, shrunk, enlarged,
shown small in a wide frame, framed 16:9, 4:3 and 3:4 as phones and webcams frame them,
darker, noisier, out of focus, shaken, grainy, grey, cut into close-ups (one tile, or two
or three, filling the frame), and with its tiles turned face down or made double blanks
(``face_down``: pips wiped off). Every set is written as a half-box split (``images/``,
``labels/``, ``tiles/`` and the class names), so ``chickenfoot eval`` measures it like the
original.
Labels follow every transform exactly; a close-up is kept only where no other half is
partly inside it (a half cut in two has no honest label).

Build them from the validation split only: the reader never trained on it.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.evaluation.evaluate import HalfBoxSample, LabelledHalf, class_values, load_dataset
from vision.evaluation.face_down import wipe_tiles, write_wiped
from vision.image_write import write_image
from vision.reader import border_colour

Transform = Callable[[np.ndarray, tuple[LabelledHalf, ...]],
                     tuple[np.ndarray, tuple[LabelledHalf, ...]]]


@dataclass(frozen=True)
class Photo:
    image: np.ndarray
    halves: tuple[LabelledHalf, ...]
    tiles: tuple[tuple[int, ...], ...]


def _turn(code: int | None, mirror: bool = False) -> Transform:
    def apply(image, halves):
        if mirror:
            return cv2.flip(image, 1), tuple(LabelledHalf(1 - h.cx, h.cy, h.w, h.h, h.value)
                                             for h in halves)
        turned = cv2.rotate(image, code)
        if code == cv2.ROTATE_90_CLOCKWISE:
            moved = [(1 - h.cy, h.cx, h.h, h.w) for h in halves]
        elif code == cv2.ROTATE_180:
            moved = [(1 - h.cx, 1 - h.cy, h.w, h.h) for h in halves]
        else:
            moved = [(h.cy, 1 - h.cx, h.h, h.w) for h in halves]
        return turned, tuple(LabelledHalf(*m, h.value) for m, h in zip(moved, halves, strict=True))
    return apply


def _resized(factor: float) -> Transform:
    def apply(image, halves):
        interpolation = cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC
        return cv2.resize(image, None, fx=factor, fy=factor, interpolation=interpolation), halves
    return apply


def _framed(width_by: float, height_by: float) -> Transform:
    """The photo at its own size in the middle of a frame ``width_by`` times as wide and
    ``height_by`` times as high, filled with its border colour and a little noise."""
    def apply(image: np.ndarray, halves: tuple[LabelledHalf, ...]):
        h, w = image.shape[:2]
        fw, fh = round(width_by * w), round(height_by * h)
        canvas = np.empty((fh, fw, 3), np.uint8)
        canvas[:] = border_colour(image)
        noise = np.random.default_rng(0).normal(0, 4, canvas.shape)
        canvas = np.clip(canvas + noise, 0, 255).astype(np.uint8)
        y0, x0 = (fh - h) // 2, (fw - w) // 2
        canvas[y0:y0 + h, x0:x0 + w] = image
        moved = tuple(LabelledHalf((x0 + q.cx * w) / fw, (y0 + q.cy * h) / fh,
                                   q.w * w / fw, q.h * h / fh, q.value) for q in halves)
        return canvas, moved
    return apply


def _warped(matrix_for: Callable[[int, int], np.ndarray]) -> Transform:
    """The photo under a plane transform (``matrix_for(width, height)``: 3x3), on a canvas
    holding all of it, the rest filled with its border colour; each half's box becomes
    the box around its corners moved (a half turned 45 degrees boxes about twice its
    area, as a labeller boxes it)."""
    def apply(image: np.ndarray, halves: tuple[LabelledHalf, ...]):
        h, w = image.shape[:2]
        matrix = matrix_for(w, h)
        corners = cv2.perspectiveTransform(
            np.float32([[[0, 0], [w, 0], [w, h], [0, h]]]), matrix)[0]
        low = corners.min(axis=0)
        size = np.ceil(corners.max(axis=0) - low).astype(int)
        shift = np.array([[1, 0, -low[0]], [0, 1, -low[1]], [0, 0, 1]])
        matrix = shift @ matrix
        out = cv2.warpPerspective(image, matrix, (int(size[0]), int(size[1])),
                                  flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                  borderValue=tuple(int(c) for c in border_colour(image)))
        moved = []
        for q in halves:
            x0, x1 = (q.cx - q.w / 2) * w, (q.cx + q.w / 2) * w
            y0, y1 = (q.cy - q.h / 2) * h, (q.cy + q.h / 2) * h
            box = cv2.perspectiveTransform(
                np.float32([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]]), matrix)[0]
            (bx0, by0), (bx1, by1) = box.min(axis=0), box.max(axis=0)
            moved.append(LabelledHalf((bx0 + bx1) / 2 / size[0], (by0 + by1) / 2 / size[1],
                                      (bx1 - bx0) / size[0], (by1 - by0) / size[1], q.value))
        return out, tuple(moved)
    return apply


def _turned_by(degrees: float) -> Callable[[int, int], np.ndarray]:
    def matrix_for(w: int, h: int) -> np.ndarray:
        return np.vstack([cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0), [0, 0, 1]])
    return matrix_for


def _seen_at_an_angle(w: int, h: int) -> np.ndarray:
    """A phone held at an angle to the table rather than straight above: the far edge
    (the top) shrinks to 70% of the near one, and the photo's height to 80%."""
    inset = 0.15 * w
    return cv2.getPerspectiveTransform(
        np.float32([[0, 0], [w, 0], [w, h], [0, h]]),
        np.float32([[inset, 0], [w - inset, 0], [w, 0.8 * h], [0, 0.8 * h]]))


def _gamma(image, halves):
    table = (255 * (np.arange(256) / 255.0) ** 2).astype(np.uint8)
    return cv2.LUT(image, table), halves


def _noisy(sigma: float) -> Transform:
    def apply(image, halves):
        noise = np.random.default_rng(int(image.sum()) % 2**32).normal(0, sigma, image.shape)
        return np.clip(image + noise, 0, 255).astype(np.uint8), halves
    return apply


def _blurred(sigma_px: float) -> Transform:
    def apply(image, halves):
        return cv2.GaussianBlur(image, (0, 0), sigma_px), halves
    return apply


def _shaken(length_px: int) -> Transform:
    kernel = np.full((1, length_px), 1.0 / length_px, np.float32)  # a sideways streak

    def apply(image, halves):
        return cv2.filter2D(image, -1, kernel), halves
    return apply


def _grey(image, halves):
    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR), halves


WHOLE_PHOTO_SETS: dict[str, Transform] = {
    "turn90": _turn(cv2.ROTATE_90_CLOCKWISE),
    "turn180": _turn(cv2.ROTATE_180),
    "turn270": _turn(cv2.ROTATE_90_COUNTERCLOCKWISE),
    "mirror": _turn(None, mirror=True),
    # turned by less than a quarter: tiles lie askew to the photo's edges
    "turn30": _warped(_turned_by(30.0)),
    "turn45": _warped(_turned_by(45.0)),
    "angle": _warped(_seen_at_an_angle),
    "quarter": _resized(0.5),  # a quarter of the pixels
    "enlarged": _resized(2.0),
    # small tiles in a big photo of the whole table
    "wide": _framed(4.0, 4.0),
    # the square photos framed as a phone or a webcam frames them
    "frame16x9": _framed(16 / 9, 1.0),
    "frame4x3": _framed(4 / 3, 1.0),
    "frame3x4": _framed(1.0, 4 / 3),
    # as a 12 MP phone photo of the same hand, saved as a JPEG
    "phone": _resized(5.4),
    "dark": _gamma,
    "noisy": _noisy(15),
    # a phone that missed its focus (the photos are 416 px: a half is about 50 px
    # across), a hand that shook, a dim room's grain
    "blurred": _blurred(2.0),
    "out-of-focus": _blurred(3.0),
    "shaken": _shaken(9),
    "grainy": _noisy(25),
    "grey": _grey,
}
WIPED_SETS = {"facedown": "back", "doubleblank": "double-blank"}
SETS = (*WHOLE_PHOTO_SETS, "closeup", "closeup-phone", *WIPED_SETS)
CLOSEUP_SHORT_SIDE_PX = 320
PHONE_SHORT_SIDE_PX = 3024  # a 12 MP phone photo's short side
# Sets written as a phone saves a photo (JPEG) rather than losslessly
JPEG_SETS = {"phone": 92, "closeup-phone": 92}


def load_photos(split: Path) -> list[tuple[str, Photo]]:
    _, samples = load_dataset(split)
    photos = []
    for sample in samples:
        assert isinstance(sample, HalfBoxSample)
        image = cv2.imread(str(sample.image))
        if image is None or sample.tiles is None:
            continue
        photos.append((sample.image.stem, Photo(image, sample.halves, sample.tiles)))
    return photos


def closeups(photo: Photo, short_side_px: int = CLOSEUP_SHORT_SIDE_PX) -> list[Photo]:
    """Each tile cut tight, with a little margin, and with its one or two nearest tiles;
    only where every half in the crop is wholly in it (or hardly at all); each enlarged to
    ``short_side_px`` on its short side."""
    h, w = photo.image.shape[:2]
    boxes = [np.array(q.box_px(w, h)) for q in photo.halves]
    tile_boxes = [np.array([min(boxes[i][0] for i in g), min(boxes[i][1] for i in g),
                            max(boxes[i][2] for i in g), max(boxes[i][3] for i in g)])
                  for g in photo.tiles]
    # a lone labelled half is a tile with a blank half: its extent is unknown
    whole = [len(g) == 2 for g in photo.tiles]
    regions: list[np.ndarray] = []
    for t, box in enumerate(tile_boxes):
        if not whole[t]:
            continue
        size = box[2:] - box[:2]
        regions += [box, box + np.r_[-size, size] * 0.1]
        centre = (box[:2] + box[2:]) / 2
        near = sorted((float(np.linalg.norm(centre - (b[:2] + b[2:]) / 2)), k)
                      for k, b in enumerate(tile_boxes) if k != t and whole[k])
        for count in (1, 2):
            if len(near) >= count:
                group = [box] + [tile_boxes[k] for _, k in near[:count]]
                regions.append(np.r_[np.min([g[:2] for g in group], 0),
                                     np.max([g[2:] for g in group], 0)]
                               + np.r_[-size, size] * 0.05)
    out = []
    for region in regions:
        x0, y0 = np.maximum(np.floor(region[:2]), 0).astype(int)
        x1, y1 = np.minimum(np.ceil(region[2:]), [w, h]).astype(int)
        if x1 - x0 < 8 or y1 - y0 < 8:
            continue
        inside = [_share_inside(b, (x0, y0, x1, y1)) for b in boxes]
        if any(0.1 < s < 0.9 for s in inside):
            continue
        kept = [i for i, s in enumerate(inside) if s >= 0.9]
        groups = [g for g in photo.tiles if all(i in kept for i in g)]
        if not groups or sum(len(g) for g in groups) != len(kept):
            continue
        renumber = {i: n for n, i in enumerate(kept)}
        cw, ch = x1 - x0, y1 - y0
        halves = tuple(LabelledHalf((np.clip(boxes[i][0], x0, x1) + np.clip(boxes[i][2], x0, x1)
                                     - 2 * x0) / 2 / cw,
                                    (np.clip(boxes[i][1], y0, y1) + np.clip(boxes[i][3], y0, y1)
                                     - 2 * y0) / 2 / ch,
                                    (min(boxes[i][2], x1) - max(boxes[i][0], x0)) / cw,
                                    (min(boxes[i][3], y1) - max(boxes[i][1], y0)) / ch,
                                    photo.halves[i].value) for i in kept)
        crop = photo.image[y0:y1, x0:x1]
        # a close-up is taken close: a phone gives it hundreds of pixels, not a crop's few
        grow = short_side_px / min(cw, ch)
        if grow > 1:
            crop = cv2.resize(crop, None, fx=grow, fy=grow, interpolation=cv2.INTER_CUBIC)
        out.append(Photo(crop.copy(), halves,
                         tuple(tuple(renumber[i] for i in g) for g in groups)))
    return out


def wiped(photo: Photo, keep_divider: bool) -> tuple[Photo, tuple]:
    """The photo with every tile that can be wiped cleanly turned face down (or, keeping
    the divider, into a double blank); its labels keep the other tiles only."""
    h, w = photo.image.shape[:2]
    boxes = [[photo.halves[i].box_px(w, h) for i in g] for g in photo.tiles]
    result = wipe_tiles(photo.image, boxes, keep_divider=keep_divider)
    kept_tiles = [g for k, g in enumerate(photo.tiles) if k not in result.wiped]
    kept = [i for g in kept_tiles for i in g]
    renumber = {i: n for n, i in enumerate(kept)}
    return (Photo(result.image, tuple(photo.halves[i] for i in kept),
                  tuple(tuple(renumber[i] for i in g) for g in kept_tiles)), result.outlines)


def _share_inside(box: np.ndarray, region: tuple[int, int, int, int]) -> float:
    x0, y0, x1, y1 = region
    iw = max(0.0, min(box[2], x1) - max(box[0], x0))
    ih = max(0.0, min(box[3], y1) - max(box[1], y0))
    area = max((box[2] - box[0]) * (box[3] - box[1]), 1e-6)
    return float(iw * ih / area)


def write_set(split: Path, out: Path, name: str,
              keep: Callable[[str], bool] | None = None) -> int:
    """Write test set ``name`` (one of SETS, or "as-taken") made from the photos of
    ``split`` (those whose name ``keep`` accepts) into ``out``; the count written."""
    _new_set(out, split)
    class_of = {value: k for k, value in class_values(out).items()}
    written = 0
    for stem, photo in load_photos(split):
        if keep is not None and not keep(stem):
            continue
        if name == "as-taken":
            made = [(stem, photo)]
        elif name in ("closeup", "closeup-phone"):
            side = PHONE_SHORT_SIDE_PX if name == "closeup-phone" else CLOSEUP_SHORT_SIDE_PX
            made = [(f"{stem}_c{k:02d}", p) for k, p in enumerate(closeups(photo, side))]
        elif name in WIPED_SETS:
            kept, outlines = wiped(photo, keep_divider=name == "doubleblank")
            if not outlines:
                continue
            write_wiped(out, stem, outlines, WIPED_SETS[name])
            made = [(stem, kept)]
        else:
            image, halves = WHOLE_PHOTO_SETS[name](photo.image, photo.halves)
            made = [(stem, Photo(image, halves, photo.tiles))]
        for new_stem, p in made:
            _write_photo(out, new_stem, p, class_of, JPEG_SETS.get(name))
            written += 1
    return written


# How a picture without dominoes is framed: as it is, turned, smaller, as a phone saves it
PICTURE_FRAMINGS = ("as-taken", "turn90", "quarter", "phone")
PICTURE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")


def write_pictures_set(pictures: Path, out: Path, framing: str, classes_from: Path) -> int:
    """Write the pictures without dominoes in ``pictures`` (one of PICTURE_FRAMINGS) into
    ``out`` as a set with no tile labelled: every tile read on it is made up. Class names
    come from the labelled split ``classes_from``. The count written."""
    _new_set(out, classes_from)
    written = 0
    for path in sorted(pictures.iterdir()):
        image = cv2.imread(str(path)) if path.suffix.lower() in PICTURE_SUFFIXES else None
        if image is None:
            continue
        if framing == "phone":  # the picture's short side as a 12 MP phone photo's
            image, _ = _resized(PHONE_SHORT_SIDE_PX / min(image.shape[:2]))(image, ())
        elif framing != "as-taken":
            image, _ = WHOLE_PHOTO_SETS[framing](image, ())
        _write_photo(out, path.stem, Photo(image, (), ()), {}, JPEG_SETS.get(framing))
        written += 1
    return written


def _new_set(out: Path, split: Path) -> None:
    """The folders of a set at ``out``, with the class names of ``split``."""
    classes = _class_file(split)
    for sub in ("images", "labels", "tiles"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    shutil.copy(classes, out / classes.name)


def _class_file(split: Path) -> Path:
    for folder in (split, split.parent):
        for name in ("data.yaml", "classes.txt"):
            if (folder / name).is_file():
                return folder / name
    raise FileNotFoundError(f"{split}: no class names")


def _write_photo(out: Path, stem: str, photo: Photo, class_of: dict[int, int],
                 jpeg_quality: int | None = None) -> None:
    suffix = ".png" if jpeg_quality is None else ".jpg"
    write_image(out / "images" / f"{stem}{suffix}", photo.image, jpeg_quality)
    lines = [f"{class_of[q.value]} {q.cx:.6f} {q.cy:.6f} {q.w:.6f} {q.h:.6f}"
             for q in photo.halves]
    (out / "labels" / f"{stem}.txt").write_text("\n".join(lines) + "\n")
    (out / "tiles" / f"{stem}.txt").write_text(
        "\n".join(" ".join(str(i) for i in g) for g in photo.tiles) + "\n")

