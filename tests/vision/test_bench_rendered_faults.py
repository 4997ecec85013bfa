"""The rendered-faults bench sorts each photo's faults by kind: a tile missed, a tile read
wrong, a tile made up on a face-down tile or elsewhere, each sure or doubtful."""

from __future__ import annotations

import numpy as np

from tests.bench_scripts import load_bench
from vision.types import HalfReading, Recognition, TileReading


def tile(x: float, pips: tuple[int, int], confidence: float = 0.99) -> TileReading:
    """An upright tile 20 px wide and 40 tall, its left edge at ``x``."""
    halves = (HalfReading((x + 10, 10), pips[0], confidence),
              HalfReading((x + 10, 30), pips[1], confidence))
    return TileReading(((x, 0), (x + 20, 0), (x + 20, 40), (x, 40)), halves, confidence)


def test_each_fault_is_counted_once_by_its_kind() -> None:
    bench = load_bench("bench_rendered_faults")
    truth = Recognition("a.jpg", 400, 100, (tile(0, (3, 4)), tile(50, (5, 6)),
                                             tile(100, (1, 2))))
    read = Recognition("a.jpg", 400, 100, (
        tile(0, (3, 4)),  # right
        tile(100, (1, 9), 0.2),  # read wrong, doubtful
        tile(200, (9, 9)),  # on the back below, sure
        tile(300, (0, 0), 0.1),  # on the table, doubtful
    ))  # 5-6 missed
    back = np.array([[200, 0], [220, 0], [220, 40], [200, 40]], np.float32)
    faults, tally = bench.photo_faults(truth, read, [back])
    assert tally == {"missed": 1, "read wrong, doubtful": 1, "made up on a back, sure": 1,
                     "made up elsewhere, doubtful": 1,
                     "sure pip total right": 0}  # 3-4 and 9-9 sure: 25, not 21
    assert len(faults) == 4 and "missed (5, 6)" in faults
