"""The median, without loading numpy.ma.

``np.median``, ``np.percentile`` and ``np.unique`` load ``numpy.ma`` on their first call
(for a masked-array check), about 10 ms of every command that reads a photo. The data
read here (distances, pixel values) is finite and never masked, so the middle of a sort
gives the same answer.
"""

from __future__ import annotations

import numpy as np


def median(values, axis: int | None = None):
    """``np.median(values, axis)`` for finite values: a float for ``axis=None``, else an
    array of floats; NaN for no values."""
    data = np.asarray(values)
    if axis is None:
        data, axis = data.ravel(), 0
    count = data.shape[axis]
    if count == 0:
        shape = data.shape[:axis] + data.shape[axis + 1:]
        return float("nan") if not shape else np.full(shape, np.nan)
    ordered = np.sort(data, axis=axis)
    upper = np.take(ordered, count // 2, axis=axis).astype(np.float64)
    if count % 2:
        middle = upper
    else:
        middle = (np.take(ordered, count // 2 - 1, axis=axis).astype(np.float64) + upper) / 2
    return float(middle) if middle.ndim == 0 else middle
