"""When a reading is doubtful: one threshold, used wherever doubt is shown or counted.

A tile's confidence is calibrated to mean the chance that it is read right (see
``vision.reader.calibration``), so the threshold says how much risk a score may carry unasked:
below it a tile is shown apart for the player to confirm and is left out of the pip
total unless asked. Raising it asks the player about more tiles; lowering it counts more
wrong tiles silently (the model card gives both figures).
"""

from __future__ import annotations

DOUBT_BELOW = 0.6


def is_doubtful_confidence(confidence: float, doubt_below: float = DOUBT_BELOW) -> bool:
    return confidence < doubt_below
