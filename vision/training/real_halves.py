"""Reading the real photos' YOLO half-box labels and pairing halves into tiles.

The real set labels each non-blank half with an axis-aligned box and its value; tiles are
not labelled. Two halves of one tile lie one half-side apart: for a half whose box is w
wide, seen at angle t between the centres, that side is w / (|cos t| + |sin t|). Pairing
takes the best-fitting pairs first. A half left alone is either half of a tile with a
blank or a pairing the geometry could not settle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

# Class index -> value, from the set's classes.txt (Roboflow sorted names as strings).
REAL_CLASS_VALUES = (1, 10, 11, 12, 2, 3, 4, 5, 6, 7, 8, 9)


@dataclass(frozen=True)
class HalfBox:
    value: int
    cx: float
    cy: float
    w: float
    h: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (
            self.cx - self.w / 2,
            self.cy - self.h / 2,
            self.cx + self.w / 2,
            self.cy + self.h / 2,
        )


def read_half_boxes(
    label_path: Path, width: int, height: int, class_values: tuple[int, ...] = REAL_CLASS_VALUES
) -> list[HalfBox]:
    boxes = []
    for line in label_path.read_text().splitlines():
        parts = line.split()
        if len(parts) != 5:
            continue
        cls, cx, cy, w, h = int(parts[0]), *map(float, parts[1:])
        boxes.append(HalfBox(class_values[cls], cx * width, cy * height, w * width, h * height))
    return boxes


def pair_error(a: HalfBox, b: HalfBox) -> float:
    """How far b is from where a's partner half would lie (0 = exactly there)."""
    dx, dy = b.cx - a.cx, b.cy - a.cy
    distance = math.hypot(dx, dy)
    if distance == 0:
        return math.inf
    t = math.atan2(dy, dx)
    spread = abs(math.cos(t)) + abs(math.sin(t))
    side_a = (a.w + a.h) / 2 / spread
    side_b = (b.w + b.h) / 2 / spread
    size_mismatch = abs(a.w * a.h - b.w * b.h) / max(a.w * a.h, b.w * b.h)
    expected = (side_a + side_b) / 2
    return abs(distance - expected) / expected + 0.5 * size_mismatch


def pair_halves(
    halves: list[HalfBox], max_error: float = 0.3
) -> tuple[list[tuple[int, int]], list[int]]:
    """Greedy best-first pairing: (pairs of indices, indices left alone)."""
    candidates = sorted(
        (pair_error(halves[i], halves[j]), i, j)
        for i in range(len(halves))
        for j in range(i + 1, len(halves))
    )
    used: set[int] = set()
    pairs = []
    for error, i, j in candidates:
        if error > max_error:
            break
        if i in used or j in used:
            continue
        used.update((i, j))
        pairs.append((i, j))
    return pairs, [i for i in range(len(halves)) if i not in used]
