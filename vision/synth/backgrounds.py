"""Table surfaces: wood, cloth weaves, stripes, felt, stone, plain, drawn procedurally."""

from __future__ import annotations

import cv2
import numpy as np


def _noise(shape: tuple[int, int], scale: float, rng: np.random.Generator) -> np.ndarray:
    """Smooth value noise in 0..1 at roughly ``scale`` pixels per feature."""
    h, w = shape
    small = rng.random((max(2, int(h / scale) + 2), max(2, int(w / scale) + 2))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC).clip(0, 1)


def _random_colour(rng: np.random.Generator, bright: tuple[int, int] = (30, 230)) -> np.ndarray:
    return rng.integers(bright[0], bright[1], 3).astype(np.float32)


def wood(shape, rng):
    h, w = shape
    base = _random_colour(rng, (40, 200)) * np.array([0.55, 0.8, 1.0], np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    warp = _noise(shape, rng.uniform(40, 160), rng) * rng.uniform(10, 60)
    angle = rng.uniform(0, np.pi)
    along = xx * np.cos(angle) + yy * np.sin(angle) + warp
    grain = 0.5 + 0.5 * np.sin(along / rng.uniform(3, 14))
    light = 0.75 + 0.25 * grain + 0.15 * (_noise(shape, 8, rng) - 0.5)
    return base[None, None, :] * light[..., None]


def weave(shape, rng):
    h, w = shape
    period = rng.uniform(2.5, 9)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    pattern = 0.5 + 0.25 * np.sin(xx / period * np.pi) * np.sin(yy / period * np.pi)
    if rng.random() < 0.5:  # herringbone-like diagonal twill
        pattern += 0.2 * np.sin((xx + yy) / (period * 1.5))
    colour = _random_colour(rng, (90, 240))
    light = 0.8 + 0.3 * pattern + 0.1 * (_noise(shape, 30, rng) - 0.5)
    return colour[None, None, :] * light[..., None]


def stripes(shape, rng):
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    along = xx * np.cos(angle) + yy * np.sin(angle)
    width = rng.uniform(8, 60)
    band = np.floor(along / width).astype(np.int64) % int(rng.integers(2, 5))
    colours = rng.integers(60, 240, (5, 3)).astype(np.float32)
    image = colours[band]
    fine = weave(shape, rng) / 200.0
    return image * (0.7 + 0.3 * fine)


def felt(shape, rng):
    colour = rng.choice([[40, 110, 30], [110, 60, 20], [40, 40, 140], [60, 60, 60]]).astype(
        np.float32
    )
    colour = colour * rng.uniform(0.6, 1.4)
    light = 0.85 + 0.3 * _noise(shape, 3, rng) * 0.5 + 0.2 * (_noise(shape, 80, rng) - 0.5)
    return colour[None, None, :] * light[..., None]


def plain(shape, rng):
    colour = _random_colour(rng, (20, 250))
    light = 0.9 + 0.2 * _noise(shape, rng.uniform(20, 200), rng)
    return colour[None, None, :] * light[..., None]


def stone(shape, rng):
    colour = _random_colour(rng, (70, 220))
    light = (
        0.6 + 0.4 * _noise(shape, 4, rng) * _noise(shape, 25, rng) + 0.3 * _noise(shape, 90, rng)
    )
    return colour[None, None, :] * light[..., None]


SURFACES = (wood, weave, stripes, felt, plain, stone)


def random_surface(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A float32 BGR table surface of ``shape`` (height, width)."""
    surface = SURFACES[int(rng.integers(len(SURFACES)))]
    image = surface(shape, rng)
    if rng.random() < 0.3:  # clutter: a few objects (paper, box, phone) at the edges
        for _ in range(int(rng.integers(1, 4))):
            h, w = shape
            x0, y0 = int(rng.integers(0, w)), int(rng.integers(0, h))
            x1, y1 = x0 + int(rng.integers(w // 8, w // 2)), y0 + int(rng.integers(h // 8, h // 2))
            cv2.rectangle(image, (x0, y0), (x1, y1), _random_colour(rng).tolist(), -1)
    return image.astype(np.float32)
