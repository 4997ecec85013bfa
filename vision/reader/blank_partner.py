"""Finding the blank half next to a half that has no partner.

A half with pips is easy to find; a blank half is a plain patch of tile face, and both
the detector and the real photos' labels miss it more often. Next to a lone half, the
neighbouring square that has the same face colour, is plain, overlaps nothing else and
reads as 0 is its blank partner. Measured on the real validation photos, true blank
partners sit at a face-colour distance under 20 and a texture under 10, while table,
cloth and other tiles sit far above both.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.median import median
from vision.reader.assemble import HalfSlot, TileSlot, ordered_halves
from vision.reader.half_crop import crop_half
from vision.reader.pips import PipReader

Box = tuple[float, float, float, float]

MIN_BLANK_PROBABILITY = 0.4
# A lone half the detector is unsure of is more often table pattern or a second look at
# another half than a real half; it is reported, not completed into a made-up tile.
MIN_LONE_HALF_SCORE = 0.4
MAX_FACE_DISTANCE = 25.0  # Lab units between the face colours
MAX_BLANK_TEXTURE = 12.0  # grey-level spread inside a blank half


class FaceImage:
    """The photo, and the colour spaces the checks need for a box of it: converted box by
    box, since a few boxes beside lone halves are all that is looked at (converting a
    whole 12 MP photo took 2.4 s and a gigabyte)."""

    def __init__(self, image_bgr: np.ndarray):
        self.bgr = image_bgr

    @property
    def shape(self) -> tuple[int, int]:
        return self.bgr.shape[:2]

    def lab(self, box: Box, shrink: float) -> np.ndarray:
        """The Lab pixels of ``box`` with ``shrink`` of its size taken off each side."""
        return self._converted(box, shrink, cv2.COLOR_BGR2LAB)

    def grey(self, box: Box, shrink: float) -> np.ndarray:
        return self._converted(box, shrink, cv2.COLOR_BGR2GRAY)

    def _converted(self, box: Box, shrink: float, code: int) -> np.ndarray:
        region = _inner(self.bgr, box, shrink)
        if region.size == 0:  # a box off the photo (cvtColor refuses an empty picture)
            return np.zeros((0, 0) if code == cv2.COLOR_BGR2GRAY else (0, 0, 3), np.float32)
        return cv2.cvtColor(region, code).astype(np.float32)


def _inner(image: np.ndarray, box: Box, shrink: float) -> np.ndarray:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    xa, xb = int(max(0, x0 + shrink * w)), int(min(image.shape[1], x1 - shrink * w))
    ya, yb = int(max(0, y0 + shrink * h)), int(min(image.shape[0], y1 - shrink * h))
    return image[ya:max(ya, yb), xa:max(xa, xb)]


def _face_colour(face: FaceImage, box: Box) -> np.ndarray | None:
    """The face colour of a half: its brighter pixels (pips are darker or coloured)."""
    region = face.lab(box, 0.1).reshape(-1, 3)
    if len(region) == 0:
        return None
    return region[region[:, 0] >= median(region[:, 0])].mean(0)


def _overlaps(box: Box, others: list[Box], limit: float = 0.15) -> bool:
    x0, y0, x1, y1 = box
    area = max((x1 - x0) * (y1 - y0), 1e-9)
    for ox0, oy0, ox1, oy1 in others:
        inter = max(0, min(x1, ox1) - max(x0, ox0)) * max(0, min(y1, oy1) - max(y0, oy0))
        if inter / area > limit:
            return True
    return False


def neighbours(box: Box) -> list[Box]:
    """The four squares beside a half box, one box width or height away."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    return [(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for dx, dy in ((w, 0), (-w, 0), (0, h), (0, -h))]


def find_blank_partner(face: FaceImage, box: Box, others: list[Box], pips: PipReader) -> Box | None:
    """The box of the blank partner of the half in ``box``, or None when no neighbour is
    clearly one. ``others`` are boxes already taken by other halves."""
    colour = _face_colour(face, box)
    if colour is None:
        return None
    height, width = face.shape
    w, h = box[2] - box[0], box[3] - box[1]
    candidates = []
    for near in neighbours(box):
        inside = (
            near[0] >= -0.1 * w
            and near[1] >= -0.1 * h
            and near[2] <= width + 0.1 * w
            and near[3] <= height + 0.1 * h
        )
        if not inside or _overlaps(near, others):
            continue
        inner = face.lab(near, 0.2).reshape(-1, 3)
        if len(inner) == 0:
            continue
        distance = float(np.linalg.norm(median(inner, 0) - colour))
        texture = float(face.grey(near, 0.2).std())
        if distance <= MAX_FACE_DISTANCE and texture <= MAX_BLANK_TEXTURE:
            candidates.append(near)
    if not candidates:
        return None
    crops = np.array([crop_half(face.bgr, near) for near in candidates])
    blank = pips.probabilities(crops)[:, 0]
    best = int(np.argmax(blank))
    return candidates[best] if blank[best] >= MIN_BLANK_PROBABILITY else None


def pair_lone_halves_with_blanks(
    image_bgr: np.ndarray, tiles: list[TileSlot], lone: list[HalfSlot], pips: PipReader
) -> tuple[list[TileSlot], list[HalfSlot]]:
    """Tiles completed with the blank partners found beside lone halves, and the halves
    still alone."""
    if not lone:
        return tiles, lone
    face = FaceImage(image_bgr)
    taken = [h.box_xyxy for t in tiles for h in t.halves] + [h.box_xyxy for h in lone]
    tiles, still_alone = list(tiles), []
    for half in lone:
        partner = None
        if half.score >= MIN_LONE_HALF_SCORE:
            partner = find_blank_partner(face, half.box_xyxy, taken, pips)
        if partner is None:
            still_alone.append(half)
            continue
        taken.append(partner)
        blank = HalfSlot(partner, half.score, inferred=True)
        tiles.append(TileSlot(ordered_halves(half, blank), half.score))
    return tiles, still_alone
