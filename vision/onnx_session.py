"""Opening an ONNX model on the CPU with a clear error when it is missing or damaged."""

from __future__ import annotations

import os
from pathlib import Path


class ModelError(RuntimeError):
    """A shipped model could not be loaded; the message is one line for the player."""


def open_session(model_path: Path):
    import onnxruntime as ort

    if not model_path.is_file():
        raise ModelError(f"model file {model_path} is missing (reinstall or re-export it)")
    options = ort.SessionOptions()
    options.intra_op_num_threads = os.cpu_count() or 1
    options.log_severity_level = 3
    try:
        return ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
    except Exception as error:  # onnxruntime raises several unrelated types
        raise ModelError(f"model file {model_path} could not be loaded: {error}") from None
