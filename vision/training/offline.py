"""Keep ultralytics offline and using both cores (see the toolchain notes in ARCHITECTURE.md).

Must run before ultralytics is imported."""

from __future__ import annotations

import os
from pathlib import Path


def prepare_offline_ultralytics(config_dir: Path) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("YOLO_OFFLINE", "1")
    os.environ.setdefault("YOLO_AUTOINSTALL", "false")
    os.environ["YOLO_CONFIG_DIR"] = str(config_dir)
    os.environ.setdefault("OMP_NUM_THREADS", str(os.cpu_count() or 1))
    import ultralytics
    import ultralytics.utils.torch_utils as torch_utils

    ultralytics.settings.update({"sync": False})
    # ultralytics uses cores - 1 threads on CPU; all cores trains 1.6x faster here.
    torch_utils.NUM_THREADS = os.cpu_count() or 1
