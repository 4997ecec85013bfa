"""Drawing one domino face, upright, at a chosen size and style.

The tile is drawn vertically: the first half on top, the divider bar across the middle.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.pip_layout import pip_positions, pip_radius

# Pip colours of coloured double-12+ sets (BGR), one per value; sets differ, so a style
# shuffles this palette. Colour is never a signal for the reader, only variety here.
_PALETTE = [
    (40, 40, 200),
    (30, 140, 230),
    (40, 190, 230),
    (60, 150, 40),
    (160, 80, 30),
    (130, 40, 120),
    (30, 30, 30),
    (90, 60, 150),
    (20, 90, 20),
    (180, 120, 40),
    (40, 60, 120),
    (120, 120, 20),
    (200, 60, 160),
    (70, 70, 70),
    (30, 100, 200),
    (150, 30, 30),
    (60, 160, 160),
    (100, 40, 40),
    (20, 20, 140),
]


@dataclass(frozen=True)
class TileStyle:
    face_bgr: tuple[int, int, int]
    side_bgr: tuple[int, int, int]
    pip_colours: tuple[tuple[int, int, int], ...]  # indexed by value
    divider_bgr: tuple[int, int, int]
    divider_thickness: float  # fraction of the tile width
    has_pin: bool
    corner_radius: float  # fraction of the tile width
    pip_scale: float


# Faces of colour (pink, green, blue, red, yellow) with white, yellow, black or light-grey
# pips, some of low contrast once grey; drawn only when asked (``wide=True``), so the
# sets the shipped models were trained on render as they did.
_COLOUR_FACES = [(180, 150, 235), (120, 190, 120), (200, 140, 60), (60, 60, 180),
                 (90, 200, 230), (150, 110, 200), (60, 110, 40), (120, 60, 20)]
_LIGHT_PIPS = [(255, 255, 255), (40, 220, 240), (200, 200, 200), (20, 20, 20)]


def random_style(rng: np.random.Generator, wide: bool = False) -> TileStyle:
    """A set's look. ``wide`` adds faces of colour and pips of low contrast."""
    if wide and rng.random() < 0.4:
        return _colour_face_style(rng)
    kind = rng.choice(
        [
            "white-coloured",
            "white-black",
            "ivory-coloured",
            "ivory-black",
            "black-white",
            "black-coloured",
        ],
        p=[0.42, 0.2, 0.12, 0.1, 0.1, 0.06],
    )
    face_kind, pip_kind = kind.split("-")
    if face_kind == "white":
        base = rng.integers(228, 256)
        face = (int(base), int(base), int(base))
    elif face_kind == "ivory":
        base = int(rng.integers(215, 245))
        face = (int(base - rng.integers(25, 50)), int(base - rng.integers(5, 20)), base)
    else:
        base = int(rng.integers(10, 45))
        face = (base, base, base)
    if pip_kind == "coloured":
        order = rng.permutation(len(_PALETTE))
        pips = tuple(_jitter(_PALETTE[i], rng) for i in order)
        if face_kind == "black":  # sets with black faces use bright pips: dark ones vanish
            pips = tuple(_lightened(c) for c in pips)
    elif pip_kind == "black":
        dark = int(rng.integers(0, 50))
        pips = tuple((dark, dark, dark) for _ in range(19))
    else:
        light = int(rng.integers(200, 250))
        pips = tuple((light, light, light) for _ in range(19))
    side = tuple(int(c * rng.uniform(0.7, 0.9)) for c in face)
    metal = int(rng.integers(60, 190))
    divider = (
        (metal, metal, metal)
        if face_kind == "black"
        else ((int(rng.integers(0, 60)),) * 3 if rng.random() < 0.7 else (metal, metal, metal))
    )
    return TileStyle(
        face_bgr=face,
        side_bgr=side,
        pip_colours=pips,
        divider_bgr=divider,  # type: ignore[arg-type]
        divider_thickness=float(rng.uniform(0.02, 0.06)),
        has_pin=bool(rng.random() < 0.5),
        corner_radius=float(rng.uniform(0.05, 0.18)),
        pip_scale=float(rng.uniform(0.85, 1.2)),
    )


def _colour_face_style(rng: np.random.Generator) -> TileStyle:
    face = _jitter(_COLOUR_FACES[int(rng.integers(len(_COLOUR_FACES)))], rng)
    pip = _jitter(_LIGHT_PIPS[int(rng.integers(len(_LIGHT_PIPS)))], rng)
    divider = pip if rng.random() < 0.5 else tuple(int(c * 0.6) for c in face)
    return TileStyle(
        face_bgr=face,
        side_bgr=tuple(int(c * rng.uniform(0.7, 0.9)) for c in face),  # type: ignore[arg-type]
        pip_colours=tuple(pip for _ in range(19)),
        divider_bgr=divider,  # type: ignore[arg-type]
        divider_thickness=float(rng.uniform(0.02, 0.06)),
        has_pin=bool(rng.random() < 0.3),
        corner_radius=float(rng.uniform(0.05, 0.18)),
        pip_scale=float(rng.uniform(0.85, 1.2)),
    )


def _lightened(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(int(c + (255 - c) * 0.5) for c in colour)  # type: ignore[return-value]


def _jitter(colour: tuple[int, int, int], rng: np.random.Generator) -> tuple[int, int, int]:
    return tuple(int(np.clip(c + rng.integers(-25, 26), 0, 255)) for c in colour)  # type: ignore[return-value]


def rounded_rect_mask(width: int, height: int, radius: int) -> np.ndarray:
    mask = np.zeros((height, width), np.uint8)
    radius = max(1, min(radius, width // 2, height // 2))
    cv2.rectangle(mask, (radius, 0), (width - 1 - radius, height - 1), 255, -1)
    cv2.rectangle(mask, (0, radius), (width - 1, height - 1 - radius), 255, -1)
    for cx, cy in (
        (radius, radius),
        (width - 1 - radius, radius),
        (radius, height - 1 - radius),
        (width - 1 - radius, height - 1 - radius),
    ):
        cv2.circle(mask, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    return mask


def draw_tile(
    top: int, bottom: int, half_px: int, style: TileStyle, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """The face of tile ``top|bottom`` as a (2*half_px, half_px) BGR image and its mask."""
    width, height = half_px, 2 * half_px
    face = np.empty((height, width, 3), np.float32)
    face[:] = style.face_bgr
    # A soft bevel: the face darkens a little toward its rim.
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    edge = np.minimum.reduce([xx, yy, width - 1 - xx, height - 1 - yy]) / max(2.0, width * 0.08)
    face *= (0.86 + 0.14 * np.clip(edge, 0, 1))[..., None]
    image = face.clip(0, 255).astype(np.uint8)

    for value, flip in ((top, False), (bottom, True)):
        radius = max(1.2, pip_radius(value) * style.pip_scale * width)
        colour = style.pip_colours[value]
        for ux, uy in pip_positions(value):
            x = ux * width
            y = (2 - uy) * half_px if flip else uy * half_px
            _draw_pip(image, x, y, radius, colour)

    bar = max(1, int(round(style.divider_thickness * width)))
    inset = int(width * rng.uniform(0.06, 0.16))
    cv2.rectangle(
        image,
        (inset, half_px - bar // 2),
        (width - 1 - inset, half_px + (bar - 1) // 2),
        style.divider_bgr,
        -1,
    )
    if style.has_pin:
        pin = max(1, int(width * 0.06))
        cv2.circle(image, (width // 2, half_px), pin, (150, 170, 185), -1, cv2.LINE_AA)
        cv2.circle(
            image,
            (width // 2 - pin // 3, half_px - pin // 3),
            max(1, pin // 3),
            (230, 235, 240),
            -1,
            cv2.LINE_AA,
        )
    mask = rounded_rect_mask(width, height, int(style.corner_radius * width))
    return image, mask


def _draw_pip(
    image: np.ndarray, x: float, y: float, radius: float, colour: tuple[int, int, int]
) -> None:
    shift = 4  # sub-pixel precision for small pips
    centre = (int(round(x * (1 << shift))), int(round(y * (1 << shift))))
    r = int(round(radius * (1 << shift)))
    rim = tuple(int(c * 0.6) for c in colour)
    cv2.circle(image, centre, r, rim, -1, cv2.LINE_AA, shift)
    cv2.circle(image, centre, int(r * 0.78), colour, -1, cv2.LINE_AA, shift)
