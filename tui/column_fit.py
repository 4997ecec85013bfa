"""Column widths a table's cells fit in, counted in terminal cells.

A DataTable left to size its own columns measures new rows only once its message queue
runs idle; a table rebuilt as another screen closes was drawn with the headers' widths,
so names and cells such as "out+50" were cut, and a wide character cut in half garbled.
Widths given up front hold from the first frame."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text


def cell_width(content: object) -> int:
    """Terminal cells ``content`` takes on its widest line (an emoji takes two)."""
    plain = content.plain if isinstance(content, Text) else str(content)
    return max((cell_len(line) for line in plain.splitlines()), default=0)


def fitted_widths(headers: Sequence[object], rows: Sequence[Sequence[object]]) -> list[int]:
    """For each column, the width of its widest cell, header included."""
    widths = [cell_width(header) for header in headers]
    for row in rows:
        for column, content in enumerate(row):
            widths[column] = max(widths[column], cell_width(content))
    return widths
