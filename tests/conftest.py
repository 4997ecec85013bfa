"""Settings for the whole suite: the models' optimised copies go to a folder of the run's
own (vision.reader.onnx_session), not the user's cache."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("CHICKENFOOT_CACHE_DIR", tempfile.mkdtemp(prefix="chickenfoot-cache-"))
