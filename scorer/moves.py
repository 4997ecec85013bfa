"""The moves of a round: play a tile on a parent tile, draw from the boneyard, pass."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.tiles import Tile


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``tile`` on ``parent`` (the tile it touches); ``parent=None`` places the spinner."""

    tile: Tile
    parent: Tile | None = None

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read ``"6-3@4-6"`` (a tile on a parent) or ``"9-9"`` (the spinner)."""
        if not text.strip():
            raise ValueError("no tile is named (write it like 6-3@4-6)")
        tile_text, sep, parent_text = text.strip().partition("@")
        if sep and not parent_text.strip():
            raise ValueError(f"'{text}' names no tile after @ (write it like 6-3@4-6)")
        tile = Tile.parse(tile_text)
        parent = Tile.parse(parent_text) if sep else None
        return cls(tile, parent)

    def __str__(self) -> str:
        return str(self.tile) if self.parent is None else f"{self.tile}@{self.parent}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top tile of the boneyard (the order of the boneyard is an explicit input)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without playing."""

    def __str__(self) -> str:
        return "pass"


Move = Play | Draw | Pass

DRAW = Draw()
PASS = Pass()
