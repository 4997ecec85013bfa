"""Opening an ONNX model on the CPU with a clear error when it is missing or damaged.

Opening the detector took 60 to 90 ms, most of it ONNX Runtime optimising the graph for
this CPU, on every command. The first open saves the optimised graph in the user's cache
(``optimised_copy``: named for the model file, the ONNX Runtime version and the CPU's
features, since the optimised graph holds layouts for this CPU), and later opens load it
as it is: 28 to 35 ms. A cache that cannot be written is done without (a full disk
fails the open that writes the copy: the model is opened again without it); a cached
copy that does not open is made again from the model.

A file that opens but holds another model (the detector copied where the pip reader goes)
is named when it opens (``vision.reader.model_shape``), and a damaged one is called damaged,
each in one line naming the file: the first failed at the first photo as an "unexpected
error".

Nothing here imports more than opening needs (no hashlib, tempfile or platformdirs on
Linux): every command that reads a photo pays for each import, about 7 ms together.
"""

from __future__ import annotations

import functools
import os
import platform
import re
import sys
import zlib
from pathlib import Path

from vision.reader.model_shape import ModelShape

CACHE_ENV = "CHICKENFOOT_CACHE_DIR"  # where optimised copies go (default: the user cache)


class ModelError(RuntimeError):
    """A shipped model could not be loaded; the message is one line for the player."""


def open_session(model_path: Path, shape: ModelShape | None = None):
    """The model at ``model_path`` open on the CPU; with ``shape``, only when it takes and
    gives what that model does (``vision.reader.model_shape``). Raises ModelError naming
    the file and why in one line."""
    import onnxruntime as ort

    if not model_path.is_file():
        raise ModelError(f"model file {model_path} is missing (reinstall or re-export it)")
    cached = optimised_copy(model_path, ort.__version__)
    if cached is not None and cached.is_file():
        try:
            session = _session(cached, ort.GraphOptimizationLevel.ORT_DISABLE_ALL)
            if shape is None or shape.problem(session) is None:
                return session
        except Exception:  # damaged, from elsewhere, or another model's: made again below
            pass
        cached.unlink(missing_ok=True)
    level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    try:
        session = _session(model_path, level, save_to=cached)
    except Exception as error:  # onnxruntime raises several unrelated types
        if cached is None:
            raise ModelError(_not_opened(model_path, error)) from None
        try:  # the copy could not be written (a full disk, a file size limit): done without
            session = _session(model_path, level)
        except Exception as error:
            raise ModelError(_not_opened(model_path, error)) from None
    problem = shape.problem(session) if shape is not None else None
    if problem is not None:
        if cached is not None:  # no copy of another model is kept under this one's name
            cached.unlink(missing_ok=True)
        raise ModelError(f"model file {model_path} could not be loaded: {problem}")
    return session


def _not_opened(model_path: Path, error: Exception) -> str:
    """One line naming the model file and why ONNX Runtime did not open it, without its
    error code and the file's name again ("[ONNXRuntimeError] : 7 : INVALID_PROTOBUF :
    Load model from ... failed:Protobuf parsing failed.")."""
    from scorer.messages import clip

    text = str(error).strip()
    text = text.splitlines()[0] if text else type(error).__name__
    coded = re.match(r"\[ONNXRuntimeError\] : \d+ : (\w+) : (.*)", text)
    if coded is not None:
        code, text = coded.groups()
        text = re.sub(r"^Load model from .* failed:\s*", "", text)
        if code == "INVALID_PROTOBUF" or "protobuf" in text:  # cut short, empty, not ONNX
            text = f"it is damaged or not an ONNX model ({text.rstrip('.')})"
    return f"model file {model_path} could not be loaded: {clip(text, 160)}"


def _session(path: Path, level, save_to: Path | None = None):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = os.cpu_count() or 1
    # Idle worker threads sleep instead of spinning: on a machine that is also doing
    # something else, spinning threads fight the thread with work (detector 190 ms a frame
    # instead of 30 ms on a busy 2-core machine) and double the CPU time.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    # Without ONNX Runtime's memory arena a command's first read took about 5 ms less
    # (53 against 59 ms, 7 runs each) and later reads the same time.
    options.enable_cpu_mem_arena = False
    options.graph_optimization_level = level
    partial = _partial_file(save_to) if save_to is not None else None
    if partial is not None:
        options.optimized_model_filepath = str(partial)
    try:
        session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        if partial is not None:
            _keep(partial, save_to, path.stem)
        return session
    finally:
        if partial is not None:
            partial.unlink(missing_ok=True)


def _partial_file(save_to: Path) -> Path | None:
    """A new file beside ``save_to`` for ONNX Runtime to write; None when the cache folder
    cannot be written (the model is then opened without keeping a copy)."""
    import tempfile

    try:
        handle, partial = tempfile.mkstemp(suffix=".partial", dir=save_to.parent)
    except OSError:
        return None
    os.close(handle)
    return Path(partial)


def _keep(partial: Path, save_to: Path, stem: str) -> None:
    """The copy just written takes its name whole (whoever else opens it), and older
    copies of the same model go. A cache that fails here is only not kept: the model is
    open all the same."""
    try:
        os.replace(partial, save_to)
        for older in save_to.parent.glob(f"{stem}-*.onnx"):
            if older != save_to:
                older.unlink(missing_ok=True)
    except OSError:
        pass


def optimised_copy(model_path: Path, runtime_version: str) -> Path | None:
    """Where the optimised copy of ``model_path`` for this CPU and ONNX Runtime is kept;
    None when no cache folder can be made."""
    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stat = model_path.stat()
    except OSError:
        return None
    key = "|".join((str(model_path.resolve()), str(stat.st_size), str(stat.st_mtime_ns),
                    runtime_version, platform.machine(), _cpu_features())).encode()
    # 64 bits of checksum name the copy: one copy per model is kept, so a name only has
    # to differ from that model's earlier copy
    digest = f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}"
    return folder / f"{model_path.stem}-{digest}.onnx"


def cache_folder() -> Path:
    chosen = os.environ.get(CACHE_ENV, "").strip()  # only spaces: unset, as XDG_CACHE_HOME
    if chosen:
        return Path(chosen)
    if sys.platform.startswith("linux"):  # the XDG rule, as platformdirs applies it
        base = os.environ.get("XDG_CACHE_HOME", "").strip()
        return Path(base or os.path.expanduser("~/.cache")) / "chickenfoot" / "models"
    import platformdirs

    return Path(platformdirs.user_cache_dir("chickenfoot", appauthor=False)) / "models"


@functools.cache  # read once for the three models
def _cpu_features() -> str:
    """The CPU's feature flags as Linux lists them; the processor's name elsewhere."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as info:
            for line in info:
                if line.startswith(("flags", "Features")):
                    return " ".join(sorted(line.partition(":")[2].split()))
    except OSError:
        pass
    return platform.processor()
