"""Where the pips sit on a half, for 0 to 18, as real sets print them.

Coordinates are in a unit square (0..1 on both axes) with the divider bar along y = 1
(the half's inner edge). Values 0-9 use the classic 3x3 grid; 10-12 a 3x4 grid as
double-12 sets do; 13-18 a 3x6 grid as double-15/18 sets do.
"""

from __future__ import annotations

from functools import cache


def _grid(rows: int, picks: list[tuple[float, int]]) -> list[tuple[float, float]]:
    margin = 0.2 if rows == 3 else 0.15
    step_y = (1 - 2 * margin) / (rows - 1)
    xs = (0.22, 0.5, 0.78)
    return [(xs[c], margin + r * step_y) for r, c in picks]


_CLASSIC = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (0, 2), (2, 0), (2, 2)],
    5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
    6: [(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)],
    7: [(0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(r, c) for r in range(3) for c in range(3)],
}


def _sides_and_middle(rows: int, middle: list[float]) -> list[tuple[float, int]]:
    """Full left and right columns plus the given rows of the middle column."""
    return [(r, 0) for r in range(rows)] + [(r, 2) for r in range(rows)] + [(r, 1) for r in middle]


# Middle-column rows for the dense layouts (the side columns are always full).
_MIDDLE_ROWS_4 = {10: [1, 2], 11: [0.5, 1.5, 2.5], 12: [0, 1, 2, 3]}
_MIDDLE_ROWS_6 = {
    13: [2.5],
    14: [1.5, 3.5],
    15: [1, 2.5, 4],
    16: [1, 2, 3, 4],
    17: [0.5, 1.5, 2.5, 3.5, 4.5],
    18: [0, 1, 2, 3, 4, 5],
}


@cache
def pip_positions(value: int) -> tuple[tuple[float, float], ...]:
    """Pip centres for ``value`` in the unit square of one half."""
    if not 0 <= value <= 18:
        raise ValueError(f"no pip layout for {value}")
    if value <= 9:
        return tuple(_grid(3, _CLASSIC[value]))
    if value <= 12:
        return tuple(_grid(4, _sides_and_middle(4, _MIDDLE_ROWS_4[value])))
    return tuple(_grid(6, _sides_and_middle(6, _MIDDLE_ROWS_6[value])))


def pip_radius(value: int) -> float:
    """Pip radius as a fraction of the half's width: denser layouts use smaller pips."""
    if value <= 9:
        return 0.085
    if value <= 12:
        return 0.075
    return 0.052
