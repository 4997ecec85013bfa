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
    # Idle worker threads sleep instead of spinning: on a machine that is also doing
    # something else, spinning threads fight the thread with work (detector 190 ms a frame
    # instead of 30 ms on a busy 2-core machine) and double the CPU time.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    try:
        return ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
    except Exception as error:  # onnxruntime raises several unrelated types
        raise ModelError(f"model file {model_path} could not be loaded: {error}") from None
