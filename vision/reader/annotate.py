"""Draw what was read on the photo: tile outlines, dividers, half values, the total.

Sizes (line width, text) scale with the image and with each tile, so a 416 px crop and a
12 MP photo are both readable. A half read with confidence below ``doubt_below`` is drawn
in orange with a ``?``; sure halves in green. Coordinates in the Recognition are mapped
onto the given pixels by the ratio of sizes, so a photo decoded reduced still lines up.
"""

from __future__ import annotations

import cv2
import numpy as np

from scorer.rules import RuleSet
from scorer.scoring import pip_total, score_hand
from vision.image_write import write_image
from vision.reader.report import DOUBT_BELOW, counted_hand
from vision.types import Recognition, TileReading

SURE_BGR = (60, 200, 60)
DOUBT_BGR = (0, 140, 255)
OUTLINE_BGR = (255, 200, 0)
DIVIDER_BGR = (255, 0, 255)

_FONT = cv2.FONT_HERSHEY_SIMPLEX


def annotate(image_bgr: np.ndarray, recognition: Recognition, rules: RuleSet | None = None,
             doubt_below: float = DOUBT_BELOW) -> np.ndarray:
    """A copy of ``image_bgr`` with every tile read drawn on it."""
    canvas = image_bgr.copy()
    height, width = canvas.shape[:2]
    sx = width / recognition.width if recognition.width else 1.0
    sy = height / recognition.height if recognition.height else 1.0
    line = max(1, round(min(width, height) / 400))
    for tile in recognition.tiles:
        _draw_tile(canvas, tile, sx, sy, line, doubt_below)
    _draw_total(canvas, recognition, rules or RuleSet(), line)
    return canvas


def _draw_tile(canvas: np.ndarray, tile: TileReading, sx: float, sy: float, line: int,
               doubt_below: float) -> None:
    corners = np.array([(x * sx, y * sy) for x, y in tile.corners_px], dtype=np.float64)
    cv2.polylines(canvas, [np.round(corners).astype(np.int32)], True, OUTLINE_BGR, line,
                  cv2.LINE_AA)
    a, b = divider(corners)
    cv2.line(canvas, _ipt(a), _ipt(b), DIVIDER_BGR, line, cv2.LINE_AA)
    half_side = min(np.linalg.norm(corners[i] - corners[(i + 1) % 4]) for i in range(4))
    for half in tile.halves:
        doubtful = half.confidence < doubt_below
        text = f"{half.pips}?" if doubtful else str(half.pips)
        colour = DOUBT_BGR if doubtful else SURE_BGR
        centre = (half.center_px[0] * sx, half.center_px[1] * sy)
        _put_centred(canvas, text, centre, max(8.0, 0.45 * half_side), colour)


def divider(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The line between a tile's halves: it joins the midpoints of the two long sides."""
    side = [np.linalg.norm(corners[i] - corners[(i + 1) % 4]) for i in range(4)]
    first = 0 if side[0] + side[2] >= side[1] + side[3] else 1
    a = (corners[first] + corners[first + 1]) / 2.0
    b = (corners[first + 2] + corners[(first + 3) % 4]) / 2.0
    return a, b


def _put_centred(canvas: np.ndarray, text: str, centre: tuple[float, float],
                 height_px: float, colour: tuple[int, int, int]) -> None:
    scale = height_px / 22.0  # Hershey simplex digits are about 22 px tall at scale 1
    thickness = max(1, round(scale * 2))
    (w, h), _ = cv2.getTextSize(text, _FONT, scale, thickness)
    origin = (round(centre[0] - w / 2), round(centre[1] + h / 2))
    cv2.putText(canvas, text, origin, _FONT, scale, (0, 0, 0), thickness + 2, cv2.LINE_AA)
    cv2.putText(canvas, text, origin, _FONT, scale, colour, thickness, cv2.LINE_AA)


def _draw_total(canvas: np.ndarray, recognition: Recognition, rules: RuleSet,
                line: int) -> None:
    hand = counted_hand(recognition)
    doubtful = len(recognition.tiles) - len(hand)
    text = f"{len(hand)} tiles  pips {pip_total(hand)}  score {score_hand(hand, rules)}"
    if doubtful:
        text += f"  +{doubtful} doubtful: confirm"
    scale = max(0.4, min(canvas.shape[:2]) / 900)
    thickness = max(1, round(scale * 2))
    (w, h), base = cv2.getTextSize(text, _FONT, scale, thickness)
    pad = max(4, round(h / 2))
    cv2.rectangle(canvas, (0, 0), (w + 2 * pad, h + base + 2 * pad), (0, 0, 0), -1)
    cv2.putText(canvas, text, (pad, pad + h), _FONT, scale, (255, 255, 255), thickness,
                cv2.LINE_AA)


def _ipt(p: np.ndarray) -> tuple[int, int]:
    return (int(round(p[0])), int(round(p[1])))


__all__ = ["annotate", "divider", "write_image"]
