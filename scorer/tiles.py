"""Domino tiles and double-N sets."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorer.messages import clip, first_foreign, name_char

MAX_SET = 18
SET_SIZES = (6, 9, 12, 15, 18)

# ASCII only: without it \d also matches Arabic-Indic and other digits, which int() accepts.
_TILE_TEXT = re.compile(r"^\s*(\d{1,2})\s*[-|:]\s*(\d{1,2})\s*$", re.ASCII)


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One domino. Canonical form: ``low <= high``, so ``Tile.of(5, 3) == Tile(3, 5)``."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= MAX_SET):
            raise ValueError(f"not a canonical tile: {self.low}-{self.high}")

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        if min(a, b) < 0 or max(a, b) > MAX_SET:
            raise ValueError(f"tile {a}-{b} has a half outside 0..{MAX_SET}")
        return cls(min(a, b), max(a, b))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"5-3"``, ``"3|5"`` or ``"3:5"``; raise ValueError with a readable message."""
        match = _TILE_TEXT.match(text)
        if not match:
            foreign = first_foreign(text.strip())
            if foreign is not None:
                raise ValueError(f"'{clip(text)}' holds {name_char(foreign)}; write a tile "
                                 "with the digits 0-9, like 5-3")
            raise ValueError(f"'{clip(text)}' is not a tile (write it like 5-3)")
        return cls.of(int(match.group(1)), int(match.group(2)))

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def ends(self) -> tuple[int, int]:
        return (self.low, self.high)

    def has(self, value: int) -> bool:
        return value in (self.low, self.high)

    def other_end(self, value: int) -> int:
        """The end opposite to ``value`` (the same value for a double)."""
        if value == self.low:
            return self.high
        if value == self.high:
            return self.low
        raise ValueError(f"{self} has no {value} end")

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"


def full_set(max_pips: int) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pips`` set, each exactly once, in a fixed order."""
    if not 0 <= max_pips <= MAX_SET:
        raise ValueError(f"double-{max_pips} is not a set this game knows (0..{MAX_SET})")
    return tuple(Tile(a, b) for a in range(max_pips + 1) for b in range(a, max_pips + 1))
