"""Things on a table that are not face-up tiles: the hard negatives of the reader.

Real leftover-hand photos hold more than the hand: the chicken yard lying face down
beside it, coins, cards, dice, a phone, a sheet of paper with the score. A reader trained
only on tiles calls a plain back a double blank (50 points) and a die face a half. Each
item is drawn upright into its own picture with a mask, then turned and pasted onto the
flat table like a tile, so the camera tilt, light and blur treat it alike.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.synth.tile_art import TileStyle, rounded_rect_mask

Patch = tuple[np.ndarray, np.ndarray]  # BGR uint8 picture, uint8 mask

_WORDS = ("round", "Ann", "Bo", "score", "total", "9-9", "12", "37", "chicken", "foot",
          "draw", "pass", "win", "game", "Kid", "Zoe", "55", "104", "x", "=")


def tile_back(half_px: int, style: TileStyle, rng: np.random.Generator) -> Patch:
    """The back of a tile (2*half_px x half_px): its face colour or a darker one, plain, or
    with an emblem or a pattern, never a divider or pips."""
    width, height = half_px, 2 * half_px
    colour = np.array(style.face_bgr, np.float32)
    if rng.random() < 0.35:  # many sets have backs of another colour than the face
        colour = rng.integers(20, 240, 3).astype(np.float32)
    image = np.empty((height, width, 3), np.float32)
    image[:] = colour
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    edge = np.minimum.reduce([xx, yy, width - 1 - xx, height - 1 - yy]) / max(2.0, width * 0.08)
    image *= (0.86 + 0.14 * np.clip(edge, 0, 1))[..., None]
    picture = image.clip(0, 255).astype(np.uint8)
    ink = tuple(int(c) for c in np.clip(colour * rng.uniform(0.4, 1.5), 0, 255))
    kind = rng.random()
    if kind < 0.25:  # an emblem in the middle
        cv2.circle(picture, (width // 2, half_px), max(2, int(width * rng.uniform(0.15, 0.35))),
                   ink, max(1, width // 20), cv2.LINE_AA)
    elif kind < 0.4:  # a pattern over the whole back
        step = max(3, int(width * rng.uniform(0.12, 0.3)))
        for y in range(step // 2, height, step):
            for x in range(step // 2, width, step):
                cv2.circle(picture, (x, y), max(1, step // 5), ink, -1, cv2.LINE_AA)
    mask = rounded_rect_mask(width, height, int(style.corner_radius * width))
    return picture, mask


def clutter_patch(scale_px: float, rng: np.random.Generator) -> Patch:
    """One random thing that is no tile, about ``scale_px`` (a tile half) across or more."""
    maker = rng.choice([_coin, _card, _die, _paper, _checkerboard, _code, _keyboard, _phone,
                        _pen])
    return maker(scale_px, rng)


def _blank(width: int, height: int, colour) -> np.ndarray:
    image = np.empty((max(2, height), max(2, width), 3), np.uint8)
    image[:] = colour
    return image


def _full_mask(image: np.ndarray) -> np.ndarray:
    return np.full(image.shape[:2], 255, np.uint8)


def _coin(s: float, rng: np.random.Generator) -> Patch:
    d = int(s * rng.uniform(0.6, 1.2)) | 1
    metal = rng.choice([[60, 140, 190], [170, 170, 175], [40, 90, 160]]).astype(np.float32)
    image = _blank(d, d, metal)
    yy, xx = np.mgrid[0:d, 0:d].astype(np.float32)
    shade = 0.8 + 0.4 * ((xx + yy) / (2 * d))
    image = (image * shade[..., None]).clip(0, 255).astype(np.uint8)
    cv2.circle(image, (d // 2, d // 2), int(d * 0.4), tuple(int(c * 0.7) for c in metal), 1)
    cv2.putText(image, str(rng.choice([1, 2, 5, 10, 20, 50])), (d // 4, d * 2 // 3),
                cv2.FONT_HERSHEY_SIMPLEX, d / 60, tuple(int(c * 0.6) for c in metal), 1)
    mask = np.zeros((d, d), np.uint8)
    cv2.circle(mask, (d // 2, d // 2), d // 2, 255, -1, cv2.LINE_AA)
    return image, mask


def _card(s: float, rng: np.random.Generator) -> Patch:
    w = int(s * rng.uniform(1.8, 3.0))
    h = int(w * 1.4)
    image = _blank(w, h, (int(rng.integers(225, 255)),) * 3)
    ink = (30, 30, 200) if rng.random() < 0.5 else (20, 20, 20)
    if rng.random() < 0.3:  # a card's back: a pattern
        step = max(3, w // 8)
        back = (int(rng.integers(80, 200)), 40, int(rng.integers(30, 120)))
        for y in range(0, h, step):
            cv2.line(image, (0, y), (w, y + w), back, 1)
            cv2.line(image, (w, y), (0, y + w), back, 1)
    else:
        for _ in range(int(rng.integers(1, 7))):
            x, y = int(rng.uniform(0.2, 0.8) * w), int(rng.uniform(0.2, 0.8) * h)
            cv2.circle(image, (x, y), max(2, w // 12), ink, -1, cv2.LINE_AA)
        cv2.putText(image, str(rng.choice(list("A23456789JQK"))), (2, max(8, h // 7)),
                    cv2.FONT_HERSHEY_SIMPLEX, w / 110, ink, 1, cv2.LINE_AA)
    return image, rounded_rect_mask(w, h, max(2, w // 12))


def _die(s: float, rng: np.random.Generator) -> Patch:
    """A die face looks much like a tile half: its pips are the hardest negative."""
    d = int(s * rng.uniform(0.5, 1.0))
    face = (int(rng.integers(200, 255)),) * 3 if rng.random() < 0.6 else \
        tuple(int(c) for c in rng.integers(20, 220, 3))
    image = _blank(d, d, face)
    ink = (20, 20, 20) if sum(face) > 380 else (235, 235, 235)
    spots = {1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)],
             3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
             4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
             5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
             6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)]}
    for x, y in spots[int(rng.integers(1, 7))]:
        cv2.circle(image, (int(x * d), int(y * d)), max(1, d // 10), ink, -1, cv2.LINE_AA)
    return image, rounded_rect_mask(d, d, max(1, d // 6))


def _paper(s: float, rng: np.random.Generator) -> Patch:
    w = int(s * rng.uniform(3, 7))
    h = int(w * rng.uniform(0.7, 1.4))
    image = _blank(w, h, (int(rng.integers(215, 250)),) * 3)
    ink = (int(rng.integers(0, 90)), int(rng.integers(0, 60)), int(rng.integers(0, 60)))
    line = max(8, int(s * rng.uniform(0.25, 0.6)))
    for y in range(line, h - 4, line):
        if rng.random() < 0.3:
            cv2.line(image, (2, y + 2), (w - 2, y + 2), (200, 170, 150), 1)
        text = " ".join(str(rng.choice(_WORDS)) for _ in range(int(rng.integers(1, 6))))
        cv2.putText(image, text, (int(rng.uniform(2, w / 4)), y), cv2.FONT_HERSHEY_SIMPLEX,
                    line / 32, ink, max(1, line // 14), cv2.LINE_AA)
    return image, _full_mask(image)


def _checkerboard(s: float, rng: np.random.Generator) -> Patch:
    cells = int(rng.integers(4, 9))
    cell = max(3, int(s * rng.uniform(0.3, 0.8)))
    a, b = (int(rng.integers(0, 70)),) * 3, (int(rng.integers(190, 255)),) * 3
    image = _blank(cells * cell, cells * cell, a)
    for r in range(cells):
        for c in range(cells):
            if (r + c) % 2:
                image[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell] = b
    return image, _full_mask(image)


def _code(s: float, rng: np.random.Generator) -> Patch:
    modules = int(rng.integers(15, 30))
    cell = max(2, int(s * rng.uniform(0.06, 0.15)))
    bits = rng.random((modules, modules)) < 0.5
    for r, c in ((0, 0), (0, modules - 7), (modules - 7, 0)):  # finder squares
        bits[r:r + 7, c:c + 7] = True
        bits[r + 1:r + 6, c + 1:c + 6] = False
        bits[r + 2:r + 5, c + 2:c + 5] = True
    image = np.where(bits, 0, 255).astype(np.uint8)
    image = cv2.resize(image, None, fx=cell, fy=cell, interpolation=cv2.INTER_NEAREST)
    image = cv2.copyMakeBorder(image, cell * 2, cell * 2, cell * 2, cell * 2,
                               cv2.BORDER_CONSTANT, value=255)
    image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    return image, _full_mask(image)


def _keyboard(s: float, rng: np.random.Generator) -> Patch:
    key = max(4, int(s * rng.uniform(0.3, 0.6)))
    cols, rows = int(rng.integers(8, 15)), int(rng.integers(3, 6))
    grey = int(rng.integers(15, 70)) if rng.random() < 0.6 else int(rng.integers(180, 230))
    body = (grey, grey, grey)
    image = _blank(cols * key + key // 2, rows * key + key // 2, body)
    cap = tuple(int(np.clip(c + rng.choice([-40, 40]), 0, 255)) for c in body)
    letters = "QWERTYUIOPASDFGHJKLZXCVBNM1234567890"
    for r in range(rows):
        for c in range(cols):
            x, y = key // 4 + c * key, key // 4 + r * key
            cv2.rectangle(image, (x + 1, y + 1), (x + key - 2, y + key - 2), cap, -1)
            letter = letters[int(rng.integers(len(letters)))]
            cv2.putText(image, letter, (x + key // 4, y + key * 2 // 3),
                        cv2.FONT_HERSHEY_SIMPLEX, key / 45, (255 - cap[0],) * 3, 1, cv2.LINE_AA)
    return image, _full_mask(image)


def _phone(s: float, rng: np.random.Generator) -> Patch:
    w = int(s * rng.uniform(2.0, 3.5))
    h = int(w * 2.0)
    image = _blank(w, h, (int(rng.integers(10, 40)),) * 3)
    inset = max(2, w // 14)
    screen = tuple(int(c) for c in rng.integers(20, 120, 3))
    cv2.rectangle(image, (inset, inset * 2), (w - inset, h - inset * 2), screen, -1)
    return image, rounded_rect_mask(w, h, max(2, w // 6))


def _pen(s: float, rng: np.random.Generator) -> Patch:
    w = max(3, int(s * rng.uniform(0.12, 0.25)))
    h = int(s * rng.uniform(4, 7))
    image = _blank(w, h, tuple(int(c) for c in rng.integers(10, 230, 3)))
    return image, rounded_rect_mask(w, h, w // 2)
