"""What each model takes and gives, checked when its file opens.

A file that ONNX Runtime opens may still be another model: a pip reader copied where the
detector goes, an export with other classes, another project's network. Such a model
failed only at the first photo, as a numpy or runtime error no player could place
("unexpected error: IndexError"). Its input and first output are compared with what the
reader feeds and expects instead, so the file is named when it opens, with what it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

FLOATS = "tensor(float)"


@dataclass(frozen=True)
class ModelShape:
    """A model's one input and first output, each a batch then these sizes (None: any)."""

    role: str  # "the detector", in the player's words
    takes: tuple[int | None, ...]
    gives: tuple[int | None, ...]

    def problem(self, session: Any) -> str | None:
        """Why ``session`` (an ONNX Runtime session) is not this model, else None."""
        inputs, outputs = session.get_inputs(), session.get_outputs()
        if len(inputs) != 1 or not outputs:
            return (f"it has {len(inputs)} inputs and {len(outputs)} outputs: it is not "
                    f"{self.role}'s model")
        given, made = inputs[0], outputs[0]
        if (given.type != FLOATS or not _fits(given.shape, self.takes)
                or not _fits(made.shape, self.gives)):
            return (f"it takes {_shown(given.shape)} and gives {_shown(made.shape)}, not "
                    f"{self.role}'s {_shown(['n', *self.takes])} and "
                    f"{_shown(['n', *self.gives])}: it is another model")
        return None


def _fits(shape: Sequence[Any], wanted: tuple[int | None, ...]) -> bool:
    """Whether ``shape`` (ints where fixed, names or None where free) is a batch then
    ``wanted``; a free size fits any wanted one."""
    if len(shape) != len(wanted) + 1:
        return False
    return all(want is None or not isinstance(size, int) or size == want
               for size, want in zip(shape[1:], wanted, strict=True))


def _shown(shape: Sequence[Any]) -> str:
    """``(batch, 3, 64, 64)``: fixed sizes, and free ones by their name (``any`` unnamed)."""
    return "(" + ", ".join(str(size) if size is not None else "any" for size in shape) + ")"
