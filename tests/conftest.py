"""Settings for the whole suite: the models' optimised copies go to a folder of the run's
own (vision.reader.onnx_session), not the user's cache, and that folder goes at the end."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

if "CHICKENFOOT_CACHE_DIR" not in os.environ:
    _cache = tempfile.mkdtemp(prefix="chickenfoot-cache-")
    os.environ["CHICKENFOOT_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, ignore_errors=True)  # each run left 12 MB behind
