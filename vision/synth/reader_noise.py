"""Readings of a rendered tableau without a model: the truth, and a simulated reader.

The simulated reader errs the way a pip reader does: mostly on neighbouring counts, with
the true value as its runner-up when it hesitates; now and then it is confidently wrong
with the truth nowhere in its top two (which no board can fix, only report).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from vision.synth.scene import PlacedTile, half_quads
from vision.types import HalfReading, TileReading


@dataclass(frozen=True, slots=True)
class ReaderNoise:
    """Rates per half: ``slip`` wrong with the truth as runner-up, ``blunder`` wrong with
    the truth absent, ``hesitate`` right but unsure (a wrong runner-up close behind)."""

    slip: float = 0.04
    blunder: float = 0.002
    hesitate: float = 0.06


def truth_readings(placed: Sequence[PlacedTile]) -> list[TileReading]:
    """Perfect readings of rendered tiles: their corners, half centres and values."""
    out = []
    for tile in placed:
        quads = half_quads(tile.corners)
        halves = tuple(HalfReading((round(float(q.mean(0)[0]), 1), round(float(q.mean(0)[1]), 1)),
                                   int(v), 1.0) for q, v in zip(quads, tile.values, strict=True))
        corners = tuple((round(float(x), 1), round(float(y), 1)) for x, y in tile.corners)
        out.append(TileReading(corners, halves, 1.0))  # type: ignore[arg-type]
    return out


def _neighbour(value: int, set_max: int, rng: np.random.Generator) -> int:
    step = int(rng.choice([-2, -1, 1, 2], p=[0.15, 0.35, 0.35, 0.15]))
    wrong = value + step
    if not 0 <= wrong <= set_max:
        wrong = value - step
    return int(np.clip(wrong, 0, set_max))


def noisy_half(half: HalfReading, set_max: int, rng: np.random.Generator,
               noise: ReaderNoise) -> HalfReading:
    true = half.pips
    roll = rng.random()
    if roll < noise.blunder:
        wrong = _neighbour(true, set_max, rng)
        other = _neighbour(wrong, set_max, rng)
        if other == true:
            other = wrong + 1 if wrong + 1 <= set_max and wrong + 1 != true else max(0, wrong - 1)
        conf = float(rng.uniform(0.85, 0.99))
        return replace(half, pips=wrong, confidence=conf, runner_up=other,
                       runner_up_confidence=round((1 - conf) * 0.8, 4))
    if roll < noise.blunder + noise.slip:
        wrong = _neighbour(true, set_max, rng)
        conf = float(rng.uniform(0.4, 0.75))
        second = float(rng.uniform(0.15, 1 - conf))
        return replace(half, pips=wrong, confidence=round(conf, 4), runner_up=true,
                       runner_up_confidence=round(second, 4))
    if roll < noise.blunder + noise.slip + noise.hesitate:
        conf = float(rng.uniform(0.5, 0.8))
        return replace(half, confidence=round(conf, 4), runner_up=_neighbour(true, set_max, rng),
                       runner_up_confidence=round(float(rng.uniform(0.1, 1 - conf)), 4))
    conf = float(rng.uniform(0.9, 1.0))
    return replace(half, confidence=round(conf, 4), runner_up=_neighbour(true, set_max, rng),
                   runner_up_confidence=round((1 - conf) * 0.7, 4))


def noisy_readings(readings: Sequence[TileReading], set_max: int, rng: np.random.Generator,
                   noise: ReaderNoise = ReaderNoise(), jitter_widths: float = 0.04
                   ) -> list[TileReading]:
    """The readings as a simulated reader sees them: values with doubt, corners jittered."""
    out = []
    for tile in readings:
        q = np.asarray(tile.corners_px)
        width = float(np.linalg.norm(q[1] - q[0]))
        moved = q + rng.normal(0, jitter_widths * width, q.shape)
        corners = tuple((round(float(x), 1), round(float(y), 1)) for x, y in moved)
        halves = tuple(noisy_half(h, set_max, rng, noise) for h in tile.halves)
        conf = min(h.confidence for h in halves)
        out.append(TileReading(corners, halves, round(conf, 4)))  # type: ignore[arg-type]
    return out


__all__ = ["ReaderNoise", "noisy_half", "noisy_readings", "truth_readings"]
