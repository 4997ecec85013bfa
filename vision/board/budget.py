"""A bound on the second looks one board may ask for, so that no photo can keep a command
waiting: a crowded board, or a photo that is no tableau at all (a chessboard is hundreds of
"tiles" meeting), gets its best board within the budget and says the budget ran out.

Counted first (the same photo gives the same board on every machine); the clock is a
backstop for a machine far slower than the count assumes.
"""

from __future__ import annotations

import time

from vision.board.looks import Look
from vision.types import TileReading

MAX_LOOKS = 120  # about 1.5 s of looks; rendered 15- and 30-tile boards took 0 to 75
MAX_SECONDS = 5.0  # a backstop only: on a quiet machine the count ends first


class LookBudget:
    """``look`` until the budget is spent; after that every look finds nothing."""

    def __init__(self, look: Look, max_looks: int = MAX_LOOKS,
                 max_seconds: float = MAX_SECONDS) -> None:
        self._look = look
        self._left = max_looks
        self._until = time.monotonic() + max_seconds
        self.spent = False

    def __call__(self, centres) -> TileReading | None:
        if self._left <= 0 or time.monotonic() > self._until:
            self.spent = True
            return None
        self._left -= 1
        return self._look(centres)


__all__ = ["LookBudget", "MAX_LOOKS", "MAX_SECONDS"]
