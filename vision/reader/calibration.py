"""A tile's confidence made to mean the chance it is read right.

The reader's raw confidence (the less sure half's probability times the pair judge's belief)
orders tiles well but does not say how often a tile at 0.7 is right. Platt scaling maps
it: ``p = sigmoid(a * logit(raw) + b)``, with ``a`` and ``b`` fitted by logistic
regression on readings whose truth is known (``vision.training.calibrate``) and shipped
in ``models/calibration.json``. With ``a = 1, b = 0`` it changes nothing, which is also
what a reader without the file gets.

Applied where a hand photo's reading is finished (``vision.reader.recognize``), so the doubt
threshold, the JSON and the app all see calibrated values; board reading keeps the raw
values its own thresholds were measured on.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from pathlib import Path

from vision.types import TileReading

CALIBRATION_FILE = Path(__file__).resolve().parents[2] / "models" / "calibration.json"
_EPS = 1e-4


@dataclass(frozen=True, slots=True)
class Calibration:
    slope: float = 1.0
    offset: float = 0.0

    def __call__(self, raw: float) -> float:
        raw = min(max(raw, _EPS), 1 - _EPS)
        z = self.slope * math.log(raw / (1 - raw)) + self.offset
        return 1.0 / (1.0 + math.exp(-z))

    def tile(self, tile: TileReading) -> TileReading:
        # rounded, but never to 1: a reading is never certain, and "--min-confidence 1"
        # must put every tile in doubt
        return replace(tile, confidence=min(round(self(tile.confidence), 4), 1 - _EPS))

    @classmethod
    def load(cls, path: Path = CALIBRATION_FILE) -> Calibration:
        """The shipped mapping, or none at all (identity) when the file is missing."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(float(data["slope"]), float(data["offset"]))
        except (OSError, ValueError, KeyError, TypeError):
            return cls()

    def save(self, path: Path, note: str) -> None:
        path.write_text(json.dumps({"slope": round(self.slope, 5),
                                    "offset": round(self.offset, 5), "note": note},
                                   indent=1) + "\n", encoding="utf-8")


def fit(raw: list[float], right: list[bool], iterations: int = 50) -> Calibration:
    """Logistic regression of ``right`` on logit(raw), by Newton's method, with a weak
    prior toward the identity so a set with no mistakes cannot make it infinitely sure."""
    xs = [math.log(min(max(r, _EPS), 1 - _EPS) / (1 - min(max(r, _EPS), 1 - _EPS)))
          for r in raw]
    a, b = 1.0, 0.0
    prior = 1.0
    for _ in range(iterations):
        ga = prior * (a - 1.0)
        gb = prior * b
        haa = hbb = prior
        hab = 0.0
        for x, y in zip(xs, right, strict=True):
            p = 1.0 / (1.0 + math.exp(-(a * x + b)))
            d = p - float(y)
            w = p * (1 - p)
            ga += d * x
            gb += d
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        step_a = (hbb * ga - hab * gb) / det
        step_b = (haa * gb - hab * ga) / det
        a, b = a - step_a, b - step_b
        if abs(step_a) + abs(step_b) < 1e-7:
            break
    return Calibration(a, b)
