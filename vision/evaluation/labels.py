"""Half-box labels (YOLO format, one box per non-blank tile half) and their tiles.

The real photos label halves, not tiles. Labelled halves are paired into tiles with the
reader's own geometry (vision.reader.assemble.half_pair_error), with a wider tolerance because
hand-drawn boxes are looser than the square halves of the geometry. A half left alone is
a tile whose other half is blank (blanks are not labelled), or a pair the geometry could
not settle (tiles touching side by side).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vision.reader import PAIR_TOLERANCE, greedy_pairs

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


# The reader's own tolerance; on the validation labels it leaves 28 of 252 halves alone,
# about the number of blank partners expected in a double-12 set.


def pair_halves(
    halves: list[HalfBox], max_error: float = PAIR_TOLERANCE
) -> tuple[list[tuple[int, int]], list[int]]:
    """Best-fit-first pairing: (pairs of indices, indices left alone)."""
    return greedy_pairs([h.box for h in halves], max_error)
