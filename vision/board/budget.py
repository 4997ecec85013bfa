"""A bound on the second looks one board may ask for, so that no photo can keep a command
waiting: a crowded board, or a photo that is no tableau at all (a chessboard is hundreds of
"tiles" meeting), gets its best board within the budget and says the budget ran out.

Counted first (the same photo gives the same board on every machine); the clock is a
backstop for a machine far slower than the count assumes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from vision.types import TileReading

# About 1.6 s of looks at 6.7 ms each (one model run for many places, each place once),
# within the 2 s any photo may take; rendered 30-tile boards took 0 to 165 (bench_board
# seed 98600: a spinner under glare took 159, and 120 left its arms loose)
MAX_LOOKS = 240
MAX_SECONDS = 5.0  # a backstop only: on a quiet machine the count ends first

Place = tuple[tuple[float, float], tuple[float, float]]  # a tile's two half centres
Look = Callable[[Place], TileReading | None]


class LookBudget:
    """``look`` until the budget is spent; after that every look finds nothing. What the
    look has of ``many`` (one model run for many places), ``most_sure`` and
    ``washed_out`` it is asked; a look without them is asked place by place, rules no
    place out and knows of no glare."""

    def __init__(self, look: Look, max_looks: int = MAX_LOOKS) -> None:
        self._look = look
        self._left = max_looks
        self._until = time.monotonic() + MAX_SECONDS
        self._seen: dict[Place, TileReading | None] = {}
        self._bounds: dict[Place, float] = {}
        self.spent = False

    def __call__(self, centres: Place) -> TileReading | None:
        return self.many([centres])[0]

    def many(self, places: Sequence[Place]) -> list[TileReading | None]:
        """The looks at ``places`` the budget still allows, taken at once; None for the
        rest. A place looked at before is not looked at again (nor counted): the board
        is read again after a tile is found, and its open places are mostly the same."""
        new = [p for p in dict.fromkeys(places) if p not in self._seen]
        allowed = 0 if time.monotonic() > self._until else min(self._left, len(new))
        self.spent = self.spent or allowed < len(new)
        self._left -= allowed
        new = new[:allowed]
        many = getattr(self._look, "many", None)
        seen = list(many(new)) if many is not None and new else [self._look(p) for p in new]
        self._seen.update(zip(new, seen, strict=True))
        return [self._seen.get(p) for p in places]

    def most_sure(self, places: Sequence[Place]) -> list[float]:
        """The look's cheap first look (no pips read), not counted: it costs a small part
        of a look and only rules places out. Once per place, as a look."""
        new = [p for p in dict.fromkeys(places) if p not in self._bounds]
        first = getattr(self._look, "most_sure", None)
        bounds = list(first(new)) if first is not None and new else [1.0] * len(new)
        self._bounds.update(zip(new, bounds, strict=True))
        return [self._bounds[p] for p in places]

    def washed_out(self, places: Sequence[Place]) -> list[float]:
        """How washed out the photo is at ``places`` (pixels only: not counted)."""
        seen = getattr(self._look, "washed_out", None)
        return list(seen(places)) if seen is not None and places else [0.0] * len(places)


__all__ = ["Look", "LookBudget", "MAX_LOOKS", "MAX_SECONDS", "Place"]
