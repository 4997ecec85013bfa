"""Composing a photo of tiles on a table, with its exact truth.

A scene is drawn flat (tiles as rotated rectangles on a surface), then seen through a
random camera tilt (a homography), lit, shadowed, blurred, noised and JPEG-compressed.
The truth follows every step, so labels stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from scorer.tiles import Tile, full_set
from vision.synth.backgrounds import random_surface
from vision.synth.clutter import clutter_patch, tile_back
from vision.synth.tile_art import TileStyle, draw_tile, random_style

SET_WEIGHTS = {12: 0.4, 9: 0.3, 6: 0.1, 15: 0.1, 18: 0.1}
FRAME_SIZES = ((640, 480), (800, 600), (960, 720), (640, 640), (1024, 768), (720, 960), (1280, 720))


@dataclass(frozen=True)
class PlacedTile:
    """A tile in the final image: values in half order and corners clockwise from the first
    corner of the first half (first half = corners 0,1 and the midpoints of 1-2 and 3-0)."""

    values: tuple[int, int]
    corners: np.ndarray  # (4, 2) float32


@dataclass(frozen=True)
class Pose:
    """Where a tile lies on the flat table: centre, angle of its long axis, half size."""

    cx: float
    cy: float
    angle_deg: float
    half_px: float

    def corners(self) -> np.ndarray:
        s = self.half_px
        local = np.array([[-s / 2, -s], [s / 2, -s], [s / 2, s], [-s / 2, s]], np.float32)
        a = np.deg2rad(self.angle_deg)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], np.float32)
        return local @ rot.T + np.array([self.cx, self.cy], np.float32)


@dataclass(frozen=True)
class ThingPose:
    """Where a thing that is no tile lies: centre, angle, its picture's size in pixels."""

    cx: float
    cy: float
    angle_deg: float
    width_px: float
    height_px: float

    @property
    def half_px(self) -> float:  # sets thickness and shadow, as a tile's half does
        return min(self.width_px, self.height_px)

    def corners(self) -> np.ndarray:
        w, h = self.width_px / 2, self.height_px / 2
        local = np.array([[-w, -h], [w, -h], [w, h], [-w, h]], np.float32)
        a = np.deg2rad(self.angle_deg)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], np.float32)
        return local @ rot.T + np.array([self.cx, self.cy], np.float32)


@dataclass(frozen=True)
class Extras:
    """What else a photo holds beside the tiles; none of it is labelled. Off by default,
    so sets rendered without it stay as they were."""

    backs: int = 0  # tiles lying face down (the chicken yard)
    yard: bool = False  # the face-down tiles lie together: in rows, chains and heaps
    clutter: int = 0  # coins, cards, dice, paper, a phone...
    wide_styles: bool = False  # faces of colour, pips of low contrast


def half_quads(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Split tile corners (clockwise, first half first) into the two half quads."""
    c0, c1, c2, c3 = corners
    m12, m30 = (c1 + c2) / 2, (c3 + c0) / 2
    return np.array([c0, c1, m12, m30]), np.array([m30, m12, c2, c3])


# ---------------------------------------------------------------------------- layouts
def _free(occupied: np.ndarray, corners: np.ndarray, scale: float, margin_px: float) -> bool:
    h, w = occupied.shape
    pts = corners * scale
    if pts.min() < margin_px * scale or pts[:, 0].max() >= w - 1 or pts[:, 1].max() >= h - 1:
        return False
    probe = np.zeros_like(occupied)
    cv2.fillConvexPoly(probe, np.round(pts).astype(np.int32), 1)
    return not np.any(probe & occupied)


def _claim(occupied: np.ndarray, corners: np.ndarray, scale: float) -> None:
    cv2.fillConvexPoly(occupied, np.round(corners * scale).astype(np.int32), 1)


def _group_poses(
    kind: str, start: tuple[float, float], half_px: float, count: int, rng: np.random.Generator
) -> list[Pose]:
    angle = rng.uniform(0, 360) if rng.random() < 0.5 else rng.choice([0, 90]) + rng.normal(0, 6)
    a = np.deg2rad(angle)
    along = np.array([np.cos(a), np.sin(a)])  # tile long axis is its local y: direction a+90
    across = np.array([-np.sin(a), np.cos(a)])
    poses = []
    x, y = start
    if kind == "loose":
        return [Pose(x, y, angle, half_px)]
    gap = lambda: half_px * rng.uniform(0.0, 0.06)  # noqa: E731 - touching or nearly
    if kind == "side-by-side":  # long sides touching, a hand held in a row
        for i in range(count):
            pos = np.array([x, y]) + along * i * (half_px + gap())
            poses.append(Pose(pos[0], pos[1], angle + rng.normal(0, 2), half_px))
    elif kind == "end-to-end":  # a chain
        for i in range(count):
            pos = np.array([x, y]) + across * i * (2 * half_px + gap())
            poses.append(Pose(pos[0], pos[1], angle + rng.normal(0, 2), half_px))
    else:  # grid: rows of side-by-side tiles stacked end to end
        cols = max(1, int(np.ceil(np.sqrt(count))))
        for i in range(count):
            r, c = divmod(i, cols)
            pos = (
                np.array([x, y])
                + along * c * (half_px + gap())
                + across * r * (2 * half_px + gap())
            )
            poses.append(Pose(pos[0], pos[1], angle + rng.normal(0, 2), half_px))
    return poses


def random_layout(size: tuple[int, int], rng: np.random.Generator, max_tiles: int) -> list[Pose]:
    w, h = size
    # Log-uniform sizes: from a whole table seen from afar to two tiles filling a phone
    # photo, as in real leftover-hand photos.
    half_px = min(w, h) * float(np.exp(rng.uniform(np.log(0.045), np.log(0.3))))
    scale = 0.25
    occupied = np.zeros((int(h * scale) + 1, int(w * scale) + 1), np.uint8)
    poses: list[Pose] = []
    for _ in range(40):
        if len(poses) >= max_tiles:
            break
        kind = rng.choice(["loose", "side-by-side", "end-to-end", "grid"], p=[0.45, 0.2, 0.15, 0.2])
        count = int(rng.integers(2, 7))
        start = (rng.uniform(0, w), rng.uniform(0, h))
        group = _group_poses(str(kind), start, half_px * rng.uniform(0.9, 1.1), count, rng)
        group = group[: max_tiles - len(poses)]
        if all(_free(occupied, p.corners(), scale, 2) for p in group):
            for p in group:
                _claim(occupied, p.corners(), scale)
            poses.extend(group)
    return poses


# ---------------------------------------------------------------------------- drawing
def _paste_tile(
    canvas: np.ndarray,
    pose: Pose,
    values: tuple[int, int],
    style: TileStyle,
    rng: np.random.Generator,
    light_dir: np.ndarray,
) -> None:
    render_half = int(np.clip(pose.half_px * 1.5, 16, 160))
    face, mask = draw_tile(values[0], values[1], render_half, style, rng)
    _paste_thing(canvas, pose, face, mask, style.side_bgr, rng, light_dir)


def _paste_thing(
    canvas: np.ndarray,
    pose: Pose | ThingPose,
    face: np.ndarray,
    mask: np.ndarray,
    side_bgr: tuple[int, int, int],
    rng: np.random.Generator,
    light_dir: np.ndarray,
) -> None:
    """Paste an upright picture (a tile face, a tile back, a card...) where ``pose`` says,
    with thickness and shadow. ``pose.corners()`` sets the size: a tile's 1:2 box, or
    the picture's own shape when ``pose`` is a ``ThingPose``."""
    corners = pose.corners()
    h, w = canvas.shape[:2]
    # Thickness and shadow first, so the face covers them.
    thickness = light_dir * pose.half_px * rng.uniform(0.06, 0.16)
    shadow = light_dir * pose.half_px * rng.uniform(0.1, 0.4)
    shadow_mask = np.zeros((h, w), np.float32)
    hull = cv2.convexHull(np.vstack([corners, corners + shadow]).astype(np.float32))
    cv2.fillConvexPoly(shadow_mask, np.round(hull).astype(np.int32), 1.0, cv2.LINE_AA)
    k = int(pose.half_px * 0.3) | 1
    shadow_mask = cv2.GaussianBlur(shadow_mask, (k, k), 0)
    canvas *= (1 - rng.uniform(0.25, 0.6) * shadow_mask)[..., None]
    side = cv2.convexHull(np.vstack([corners, corners + thickness]).astype(np.float32))
    cv2.fillConvexPoly(canvas, np.round(side).astype(np.int32), side_bgr, cv2.LINE_AA)

    rows, cols = face.shape[:2]
    src = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], np.float32)
    x0, y0 = np.floor(corners.min(0)).astype(int) - 2
    x1, y1 = np.ceil(corners.max(0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    matrix = cv2.getPerspectiveTransform(src, (corners - [x0, y0]).astype(np.float32))
    roi_size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(face, matrix, roi_size, flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(mask, matrix, roi_size, flags=cv2.INTER_LINEAR) / 255.0
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - alpha[..., None]) + warped.astype(np.float32) * alpha[..., None]


def _paste_extras(canvas: np.ndarray, poses: list[Pose], extras: Extras, style: TileStyle,
                  rng: np.random.Generator, light_dir: np.ndarray) -> list[np.ndarray]:
    """Face-down tiles and clutter in the free table around the tiles; the corners of
    the face-down tiles laid (as a tile's, on the flat table)."""
    h, w = canvas.shape[:2]
    half_px = poses[0].half_px if poses else \
        min(w, h) * float(np.exp(rng.uniform(np.log(0.045), np.log(0.3))))
    scale = 0.25
    occupied = np.zeros((int(h * scale) + 1, int(w * scale) + 1), np.uint8)
    for pose in poses:
        _claim(occupied, pose.corners(), scale)
    backs: list[np.ndarray] = []
    if extras.yard and extras.backs:
        backs += _paste_yard(canvas, occupied, scale, half_px, extras.backs, style, rng,
                             light_dir)
    things: list[tuple[float, float, np.ndarray, np.ndarray, tuple[int, int, int], bool]] = []
    for _ in range(0 if extras.yard else extras.backs):
        face, mask = tile_back(int(np.clip(half_px * 1.5, 16, 160)), style, rng)
        things.append((half_px, 2 * half_px, face, mask, style.side_bgr, True))
    for _ in range(extras.clutter):
        face, mask = clutter_patch(half_px, rng)
        rows, cols = face.shape[:2]
        size = half_px * float(np.clip(max(rows, cols) / half_px, 0.4, 8.0))
        ratio = size / max(rows, cols)
        things.append((cols * ratio, rows * ratio, face, mask,
                       tuple(int(c * 0.7) for c in face[rows // 2, cols // 2]), False))
    for width, height, face, mask, side, is_back in things:
        for _ in range(30):
            angle = rng.uniform(0, 360) if rng.random() < 0.6 else \
                rng.choice([0, 90]) + rng.normal(0, 6)
            pose = ThingPose(rng.uniform(0, w), rng.uniform(0, h), float(angle), width, height)
            if _free(occupied, pose.corners(), scale, 2):
                _claim(occupied, pose.corners(), scale)
                _paste_thing(canvas, pose, face, mask, side, rng, light_dir)
                if is_back:
                    backs.append(pose.corners())
                break
    return backs


def _paste_yard(canvas: np.ndarray, occupied: np.ndarray, scale: float, half_px: float,
                count: int, style: TileStyle, rng: np.random.Generator,
                light_dir: np.ndarray) -> list[np.ndarray]:
    """The chicken yard: face-down tiles lying together as players leave them, in rows
    side by side, in chains end to end, in a grid, or in a heap where they touch, cross
    and lie on one another. Two backs that touch show a seam much like a divider; the
    reader must learn that a seam between two plain faces is not a double blank."""
    h, w = canvas.shape[:2]
    laid: list[np.ndarray] = []
    left = count
    # one set: every back alike
    face, mask = tile_back(int(np.clip(half_px * 1.5, 16, 160)), style,
                           np.random.default_rng(int(rng.integers(2**31))))
    for _ in range(12):
        if left <= 0:
            break
        kind = str(rng.choice(["side-by-side", "end-to-end", "grid", "heap"],
                              p=[0.3, 0.2, 0.2, 0.3]))
        size = int(min(left, rng.integers(2, 9)))
        start = (rng.uniform(0, w), rng.uniform(0, h))
        if kind == "heap":
            group = [Pose(start[0] + rng.normal(0, half_px * 0.9),
                          start[1] + rng.normal(0, half_px * 0.9),
                          float(rng.uniform(0, 360)), half_px) for _ in range(size)]
        else:
            group = _group_poses(kind, start, half_px, size, rng)
        if not all(_free(occupied, p.corners(), scale, 2) for p in group):
            continue
        for pose in group:
            _claim(occupied, pose.corners(), scale)
            _paste_thing(canvas, pose, face, mask, style.side_bgr, rng, light_dir)
            laid.append(pose.corners())
        left -= size
    return laid


def _camera_tilt(size: tuple[int, int], rng: np.random.Generator, strength: float) -> np.ndarray:
    w, h = size
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    jitter = rng.uniform(0, strength, (4, 2)) * [w, h]
    signs = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]], np.float32)
    dst = (src + jitter * signs).astype(np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def tilted_photo(canvas: np.ndarray, table: np.ndarray, tilt: np.ndarray) -> np.ndarray:
    """``canvas`` seen through the camera ``tilt``; outside the tilted frame, more table
    (``table``, the canvas before anything was laid on it, mirrored: never mirrored
    tiles, which would be tiles with no truth)."""
    h, w = canvas.shape[:2]
    image = cv2.warpPerspective(canvas, tilt, (w, h), flags=cv2.INTER_LINEAR)
    inside = cv2.warpPerspective(np.ones((h, w), np.float32), tilt, (w, h),
                                 flags=cv2.INTER_LINEAR)
    border = cv2.warpPerspective(table, tilt, (w, h), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REFLECT)
    return image * inside[..., None] + border * (1 - inside[..., None])


def _lighting(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.normal(0, 1, 2)
    ramp = (xx / w - 0.5) * gx + (yy / h - 0.5) * gy
    gain = rng.uniform(0.6, 1.15) * (1 + 0.35 * ramp)
    cast = rng.uniform(0.85, 1.15, 3).astype(np.float32)
    image = image * gain[..., None] * cast
    for _ in range(int(rng.poisson(0.8))):  # glare
        glare = np.zeros((h, w), np.float32)
        centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        axes = (int(rng.uniform(0.02, 0.12) * w), int(rng.uniform(0.02, 0.12) * h))
        cv2.ellipse(glare, centre, axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        k = (max(axes) // 2) * 2 + 1
        glare = cv2.GaussianBlur(glare, (k, k), 0)
        image = image + glare[..., None] * rng.uniform(60, 200)
    return image


def streak_kernel(k: int, degrees: float) -> np.ndarray:
    """A k x k kernel of a straight streak ``degrees`` from the horizontal: the camera
    moved while the shutter was open."""
    kernel = np.zeros((k, k), np.float32)
    kernel[k // 2, :] = 1.0 / k
    turn = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), degrees, 1)
    return cv2.warpAffine(kernel, turn, (k, k))


def _camera_defects(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    if rng.random() < 0.4:
        sigma = rng.uniform(0.3, 1.6)
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    if rng.random() < 0.15:  # motion blur
        k = int(rng.integers(3, 8))
        image = cv2.filter2D(image, -1, streak_kernel(k, rng.uniform(0, 180)))
    image = image + rng.normal(0, rng.uniform(0, 8), image.shape).astype(np.float32)
    return image.clip(0, 255).astype(np.uint8)


def render_scene(
    rng: np.random.Generator,
    size: tuple[int, int] | None = None,
    max_tiles: int = 20,
    set_max: int | None = None,
    poses: list[Pose] | None = None,
    values: list[tuple[int, int]] | None = None,
    stretch_to_square: bool = False,
    extras: Extras | None = None,
    backs_out: list[np.ndarray] | None = None,
) -> tuple[np.ndarray, list[PlacedTile]]:
    """One photo and its tiles. ``poses``/``values`` may be given (e.g. a tableau layout);
    otherwise a random hand is laid out. ``stretch_to_square`` squashes the photo to a
    square, as dataset exports often do, so tiles lose their 2:1 shape a little.
    ``extras`` adds face-down tiles and clutter; the face-down tiles' corners (in tile
    corner order) are appended to ``backs_out`` when given."""
    if size is None:
        size = FRAME_SIZES[int(rng.integers(len(FRAME_SIZES)))]
    w, h = size
    if set_max is None:
        set_max = int(rng.choice(list(SET_WEIGHTS), p=list(SET_WEIGHTS.values())))
    deck: list[Tile] = list(full_set(set_max))
    if poses is None:  # never more tiles than the set holds
        poses = random_layout(size, rng, min(max_tiles, len(deck)))
    if values is None:
        picks = rng.permutation(len(deck))[: len(poses)]
        values = [deck[i].ends if rng.random() < 0.5 else deck[i].ends[::-1] for i in picks]
    style = random_style(rng, wide=extras is not None and extras.wide_styles)
    canvas = random_surface((h, w), rng)
    table = canvas.copy()
    light_dir = rng.normal(0, 1, 2).astype(np.float32)
    light_dir /= np.linalg.norm(light_dir) + 1e-6
    for pose, pair in zip(poses, values, strict=True):
        if rng.random() < 0.08:  # a mixed pile: a tile from another set style
            _paste_tile(canvas, pose, pair, random_style(rng), rng, light_dir)
        else:
            _paste_tile(canvas, pose, pair, style, rng, light_dir)
    backs = [] if extras is None else _paste_extras(canvas, poses, extras, style, rng,
                                                     light_dir)
    tilt = _camera_tilt(size, rng, rng.uniform(0.0, 0.14))
    image = tilted_photo(canvas, table, tilt)
    image = _camera_defects(_lighting(image, rng), rng)
    placed = []
    for pose, pair in zip(poses, values, strict=True):
        corners = cv2.perspectiveTransform(pose.corners()[None], tilt)[0]
        placed.append(PlacedTile(values=(int(pair[0]), int(pair[1])), corners=corners))
    if backs_out is not None:
        backs_out += [cv2.perspectiveTransform(c[None], tilt)[0] for c in backs]
    if stretch_to_square:
        side = min(w, h)
        image = cv2.resize(image, (side, side), interpolation=cv2.INTER_AREA)
        scale = np.array([side / w, side / h], np.float32)
        placed = [PlacedTile(t.values, t.corners * scale) for t in placed]
        if backs_out is not None:
            backs_out[:] = [c * scale for c in backs_out]
    return image, placed
