"""When a reading is doubtful: one threshold, used wherever doubt is shown or counted.

A tile's confidence is calibrated to mean the chance that it is read right (see
``vision.reader.calibration``), so the threshold says how much risk a score may carry unasked:
below it a tile is shown apart for the player to confirm and is left out of the pip
total unless asked. Raising it asks the player about more tiles; lowering it counts more
wrong tiles silently (the model card gives both figures).

A tile is no surer than the half the reader doubts: calibration lifts a tile whose less
sure half read 0.45 to about 0.7 (on real photos such tiles are mostly right), yet `read`
shows that half with a "?". A tile with a half under the threshold is therefore doubtful
too, at that half's confidence (``tile_confidence``), so nothing shown in doubt is
counted unasked. On rendered hands among clutter this halves the tiles read wrong but
sure, for more tiles asked about (model card, "A doubted half").
"""

from __future__ import annotations

from collections.abc import Iterable

DOUBT_BELOW = 0.6


def is_doubtful_confidence(confidence: float, doubt_below: float = DOUBT_BELOW) -> bool:
    return confidence < doubt_below


def tile_confidence(calibrated: float, half_confidences: Iterable[float],
                    doubt_below: float = DOUBT_BELOW) -> float:
    """A tile's confidence as shown: its calibrated one, but no more than its less sure
    half's when the reader doubts that half."""
    least = min(half_confidences)
    return min(calibrated, least) if least < doubt_below else calibrated
