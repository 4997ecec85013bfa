"""Real tiles turned face down: their pips and divider wiped off in the photo itself.

A set's back is, in most sets, its face with nothing on it: the same colour, the same
rounded edges, the same light and shadow on the same table. So the most honest face-down
tile we can make without new photos is a real tile with its marks removed. Inside a tile,
the marks are the holes of its face: regions of another colour that the face surrounds.
Each is filled from the face around it (``cv2.inpaint``), and the face's own grain is put
back so the filled part is not smoother than the rest.

Keeping the divider and wiping only the pips turns the same tile into a double blank.
The pair is the test that matters: a reader must call one nothing and the other 0-0, and
the divider is all that tells them apart.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.types import TileReading

Box = tuple[float, float, float, float]

FACE_DISTANCE = 28.0  # Lab distance from the face colour still counted as face
DIVIDER_LENGTH = 0.4  # of the tile's short side: a straight mark this long is the divider


@dataclass(frozen=True)
class Wiped:
    """A photo with some tiles' marks wiped off, and the outline of each wiped tile."""

    image: np.ndarray
    outlines: tuple[Box, ...]  # the wiped tiles' boxes, in pixels
    wiped: tuple[int, ...]  # indices, into the tiles asked for, of those really wiped


def wipe_tiles(image: np.ndarray, tiles: Sequence[Sequence[Box]], *,
               keep_divider: bool = False, seed: int = 0) -> Wiped:
    """``image`` with the pips (and, unless ``keep_divider``, the divider) of each tile
    wiped off. A tile is given as the boxes of its labelled halves (pixels); a tile whose
    face cannot be told from its surroundings is left as it is and not listed as wiped."""
    rng = np.random.default_rng(seed)
    out = image.copy()
    outlines, wiped = [], []
    for index, boxes in enumerate(tiles):
        others = [b for k, t in enumerate(tiles) if k != index for b in t]
        if len(boxes) == 1 and (keep_divider or _crowded(boxes[0], others)):
            continue  # where a blank half lies is unknown: only wipe it standing apart
        marks, outline, grain, divider = _marks(image, boxes, keep_divider)
        if marks is None:
            continue
        fill = cv2.inpaint(out, marks, 5, cv2.INPAINT_TELEA).astype(np.float32)
        fill += rng.normal(0.0, grain, fill.shape).astype(np.float32)
        where = marks > 0
        candidate = out.copy()
        candidate[where] = np.clip(fill[where], 0, 255).astype(np.uint8)
        if not _plain(candidate, image, outline, divider):
            # a mark the face did not surround (a pip at the very edge) is left: a back
            # with a pip, or a "double blank" with a pip by its divider, is neither
            continue
        out = candidate
        outlines.append(outline)
        wiped.append(index)
    return Wiped(out, tuple(outlines), tuple(wiped))


def _plain(wiped: np.ndarray, original: np.ndarray, outline: Box,
           divider: np.ndarray | None = None) -> bool:
    """Whether the middle of a wiped tile holds nothing but face (and the divider kept,
    when one is): under 1% of its other pixels far from the face colour (the brightest
    half of the original middle)."""
    x0, y0, x1, y1 = outline
    dx, dy = 0.2 * (x1 - x0), 0.2 * (y1 - y0)
    window = (slice(int(y0 + dy), int(np.ceil(y1 - dy))),
              slice(int(x0 + dx), int(np.ceil(x1 - dx))))
    before = cv2.cvtColor(original[window], cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    after = cv2.cvtColor(wiped[window], cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    if len(before) < 16:
        return False
    face = np.median(before[before[:, 0] >= np.percentile(before[:, 0], 50)], axis=0)
    far = np.linalg.norm(after - face, axis=1) > 2 * FACE_DISTANCE
    if divider is not None:
        far = far[divider[window].reshape(-1) == 0]
    return far.size > 0 and float(far.mean()) < 0.01


def _crowded(box: Box, others: Sequence[Box]) -> bool:
    """Whether another half lies within a half's width of this lone half."""
    x0, y0, x1, y1 = box
    reach = max(x1 - x0, y1 - y0)
    return any(ox0 < x1 + reach and ox1 > x0 - reach and oy0 < y1 + reach and oy1 > y0 - reach
               for ox0, oy0, ox1, oy1 in others)


def _marks(image: np.ndarray, boxes: Sequence[Box],
           keep_divider: bool) -> tuple[np.ndarray | None, Box, float, np.ndarray | None]:
    """The mask of one tile's marks, the tile's box, the grain of its face and, when kept,
    the divider's mask with its soft rim."""
    h, w = image.shape[:2]
    b = np.array(boxes, np.float64)
    x0, y0 = b[:, 0].min(), b[:, 1].min()
    x1, y1 = b[:, 2].max(), b[:, 3].max()
    half = float(np.mean(np.minimum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])))
    if len(boxes) == 1:  # the other half is blank: it lies one half away, on any side
        x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
    pad = 0.35 * half
    rx0, ry0 = int(max(0, x0 - pad)), int(max(0, y0 - pad))
    rx1, ry1 = int(min(w, x1 + pad)), int(min(h, y1 + pad))
    outline = (float(max(0, x0)), float(max(0, y0)), float(min(w, x1)), float(min(h, y1)))
    if rx1 - rx0 < 8 or ry1 - ry0 < 8:
        return None, outline, 0.0, None
    region = cv2.cvtColor(image[ry0:ry1, rx0:rx1], cv2.COLOR_BGR2LAB).astype(np.float32)
    # the face: the bright, even part of the labelled halves
    inside = np.zeros(region.shape[:2], bool)
    for bx0, by0, bx1, by1 in b:
        inside[int(by0) - ry0:int(by1) - ry0, int(bx0) - rx0:int(bx1) - rx0] = True
    lightness = region[..., 0][inside]
    if lightness.size < 16:
        return None, outline, 0.0, None
    bright = region[inside][lightness >= np.percentile(lightness, 55)]
    face_colour = np.median(bright, axis=0)
    face = np.linalg.norm(region - face_colour, axis=2) < FACE_DISTANCE
    grain = float(np.clip(np.std(bright[:, 0]) * 0.5, 1.0, 6.0))
    # holes: not face, and cut off from the region's border by face
    other = (~face).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(other, connectivity=4)
    rh, rw = other.shape
    tile_box = np.array([x0 - rx0, y0 - ry0, x1 - rx0, y1 - ry0])
    short = min(tile_box[2] - tile_box[0], tile_box[3] - tile_box[1])
    if len(boxes) == 1:
        short = half
    marks = np.zeros((rh, rw), np.uint8)
    for k in range(1, count):
        left, top, width, height, area = stats[k]
        if left == 0 or top == 0 or left + width >= rw or top + height >= rh:
            continue  # reaches the border: table, not a mark
        if (left < tile_box[0] - 2 or top < tile_box[1] - 2
                or left + width > tile_box[2] + 2 or top + height > tile_box[3] + 2):
            continue  # a ring of shadow around the tile, or the table beside it
        if area > 0.6 * half * half:
            continue
        marks[labels == k] = 255
    if not marks.any():
        return None, outline, 0.0, None
    divider = _divider(marks, tile_box, short) if keep_divider else None
    # a mark's soft rim is neither mark nor face: take it too
    rim = max(2, int(round(half * 0.04)))
    marks = cv2.dilate(marks, cv2.getStructuringElement(cv2.MORPH_ELLIPSE,
                                                         (2 * rim + 1, 2 * rim + 1)))
    kept = None
    if divider is not None:
        if not divider.any():
            return None, outline, 0.0, None  # no divider to keep: no double blank
        marks[cv2.dilate(divider, np.ones((3, 3), np.uint8)) > 0] = 0
        kept = np.zeros((h, w), np.uint8)
        # the divider's soft shadow too: narrower than a pip, so no pip hides in it
        band = max(rim, int(round(0.06 * short)))
        kept[ry0:ry1, rx0:rx1] = cv2.dilate(divider, np.ones((2 * band + 1, 2 * band + 1),
                                                             np.uint8))
    full = np.zeros((h, w), np.uint8)
    full[ry0:ry1, rx0:rx1] = marks
    ox0, oy0, ox1, oy1 = outline  # nothing past the tile's own box changes
    full[:int(oy0)] = 0
    full[int(np.ceil(oy1)) + 1:] = 0
    full[:, :int(ox0)] = 0
    full[:, int(np.ceil(ox1)) + 1:] = 0
    return full, outline, grain, kept


def _divider(marks: np.ndarray, tile_box: np.ndarray, short: float) -> np.ndarray:
    """The divider among a tile's marks: a thin straight line across the middle."""
    pip = max(3, int(0.12 * short) | 1)
    thick = cv2.morphologyEx(marks, cv2.MORPH_OPEN,
                             cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (pip, pip)))
    thin = marks & ~cv2.dilate(thick, np.ones((3, 3), np.uint8))
    lines = _lines(thin, DIVIDER_LENGTH * short)
    count, labels, stats, centres = cv2.connectedComponentsWithStats(lines)
    middle = (tile_box[:2] + tile_box[2:]) / 2
    divider = np.zeros_like(marks)
    for k in range(1, count):
        if np.linalg.norm(centres[k] - middle) <= 0.2 * short:
            divider[labels == k] = 255
    return divider


def _lines(mask: np.ndarray, length: float) -> np.ndarray:
    """The parts of ``mask`` that are straight lines at least ``length`` long, at any
    angle."""
    size = max(3, int(length) | 1)
    lines = np.zeros_like(mask)
    for angle in range(0, 180, 10):
        kernel = np.zeros((size, size), np.uint8)
        dx, dy = np.cos(np.radians(angle)), np.sin(np.radians(angle))
        c = size // 2
        cv2.line(kernel, (int(round(c - dx * c)), int(round(c - dy * c))),
                 (int(round(c + dx * c)), int(round(c + dy * c))), 1, 1)
        lines |= cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    return lines


@dataclass
class WipedTilesRead:
    """What a reader made of the wiped tiles of a set: a back must give no tile; a double
    blank made from a real tile must give one 0-0."""

    backs: int = 0
    read_on_backs: int = 0
    sure_on_backs: int = 0
    double_blanks_on_backs: int = 0
    double_blanks: int = 0
    read_as_double_blank: int = 0
    sure_double_blank: int = 0

    def lines(self) -> list[str]:
        out = []
        if self.backs:
            out.append(f"face-down tiles: {self.backs}; tiles read on them: "
                       f"{self.read_on_backs} ({self.sure_on_backs} sure, "
                       f"{self.double_blanks_on_backs} as 0-0)")
        if self.double_blanks:
            out.append(f"double blanks: {self.double_blanks}; read as 0-0: "
                       f"{self.read_as_double_blank} ({self.sure_double_blank} sure)")
        return out


def on_a_back(tile: TileReading, backs: Sequence[np.ndarray]) -> bool:
    """Whether a tile read lies on a face-down tile: either of its halves inside one of
    ``backs`` (corner polygons, as a rendered set's truth has them). A "tile" made of two
    backs side by side has its centre on the seam between them, in neither back."""
    return any(cv2.pointPolygonTest(back, half.center_px, False) >= 0
               for back in backs for half in tile.halves)


def write_wiped(folder: Path, stem: str, outlines: Sequence[Box], kind: str) -> None:
    """Record where a set's photo has wiped tiles: ``wiped/<stem>.json``."""
    (folder / "wiped").mkdir(exist_ok=True)
    (folder / "wiped" / f"{stem}.json").write_text(json.dumps(
        {"kind": kind, "outlines": [list(map(float, o)) for o in outlines]}))


def read_wiped(folder: Path, read, is_doubtful) -> WipedTilesRead:
    """Read every photo of ``folder`` that has wiped tiles with ``read`` (a path to a
    Recognition, or None) and count what was read on them."""
    counts = WipedTilesRead()
    for record in sorted((folder / "wiped").glob("*.json")):
        data = json.loads(record.read_text())
        images = list((folder / "images").glob(f"{record.stem}.*"))
        result = read(images[0]) if images else None
        tiles = result.tiles if result is not None else ()
        for x0, y0, x1, y1 in data["outlines"]:
            on = [t for t in tiles if x0 <= t.center_px[0] <= x1 and y0 <= t.center_px[1] <= y1]
            if data["kind"] == "back":
                counts.backs += 1
                counts.read_on_backs += len(on)
                counts.sure_on_backs += sum(not is_doubtful(t.confidence) for t in on)
                counts.double_blanks_on_backs += sum(t.pips == (0, 0) for t in on)
            else:
                counts.double_blanks += 1
                blank = [t for t in on if t.pips == (0, 0)]
                counts.read_as_double_blank += bool(blank)
                counts.sure_double_blank += any(not is_doubtful(t.confidence) for t in blank)
    return counts
