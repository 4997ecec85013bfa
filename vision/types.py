"""What the tile reader returns. No pixels cross this line: only numbers in image pixels.

Coordinates are in the pixels of the image as displayed (after EXIF rotation).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class HalfReading:
    """One half of a tile: the pips read, how sure, and the runner-up when it hesitated."""

    center_px: Point
    pips: int
    confidence: float
    runner_up: int | None = None
    runner_up_confidence: float = 0.0


@dataclass(frozen=True, slots=True)
class TileReading:
    """One tile found in a photo: four corners (clockwise from the first corner of the first
    half) and its two halves, first half first."""

    corners_px: tuple[Point, Point, Point, Point]
    halves: tuple[HalfReading, HalfReading]
    confidence: float

    @property
    def pips(self) -> tuple[int, int]:
        return (self.halves[0].pips, self.halves[1].pips)

    @property
    def center_px(self) -> Point:
        xs = [c[0] for c in self.corners_px]
        ys = [c[1] for c in self.corners_px]
        return (sum(xs) / 4.0, sum(ys) / 4.0)

    def moved(self, dx: float, dy: float) -> TileReading:
        """The same reading, every point moved by (dx, dy) pixels."""
        corners = tuple((x + dx, y + dy) for x, y in self.corners_px)
        halves = tuple(replace(h, center_px=(h.center_px[0] + dx, h.center_px[1] + dy))
                       for h in self.halves)
        return replace(self, corners_px=corners, halves=halves)  # type: ignore[arg-type]

    def scaled(self, factor: float) -> TileReading:
        """The same reading, every coordinate multiplied by ``factor``."""
        corners = tuple((x * factor, y * factor) for x, y in self.corners_px)
        halves = tuple(replace(h, center_px=(h.center_px[0] * factor, h.center_px[1] * factor))
                       for h in self.halves)
        return replace(self, corners_px=corners, halves=halves)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Recognition:
    """Everything read from one image, plus every problem worth telling the player."""

    image: str
    width: int
    height: int
    tiles: tuple[TileReading, ...] = ()
    problems: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class LoneHalf:
    """A problem the reader met: a half found with no partner half. A value, so code can
    count and move it; its words are made where it is shown (``str``)."""

    center_px: Point

    def moved(self, dx: float, dy: float) -> LoneHalf:
        return LoneHalf((self.center_px[0] + dx, self.center_px[1] + dy))

    def scaled(self, factor: float) -> LoneHalf:
        return LoneHalf((self.center_px[0] * factor, self.center_px[1] * factor))

    def __str__(self) -> str:
        x, y = self.center_px
        return f"a tile half at ({x:.0f}, {y:.0f}) has no partner half: check that tile"


@dataclass(frozen=True, slots=True)
class BiggerSet:
    """Halves read surely as more pips than the set in play has: the photo is probably of
    a bigger set (a double-12 hand scored in a double-9 game), and every such half was
    read as a value it cannot be."""

    set_max: int
    halves: int
    largest: int

    def __str__(self) -> str:
        many = f"{self.halves} halves look" if self.halves != 1 else "1 half looks"
        return (f"{many} like more than {self.set_max} pips (up to {self.largest}): is this "
                f"a photo of a bigger set than double-{self.set_max}?")


ReaderProblem = LoneHalf | BiggerSet | str
