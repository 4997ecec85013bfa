"""The rules package stands alone: importing it loads no pixel, array or widget library."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import scorer


def test_scorer_imports_no_heavy_libraries() -> None:
    modules = sorted(f"scorer.{m.name}" for m in pkgutil.iter_modules(scorer.__path__))
    assert "scorer.round" in modules and "scorer.notation" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(','.join(m for m in ('cv2', 'numpy', 'textual', 'onnxruntime') "
        "if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, timeout=60)
    assert result.stdout.strip() == ""
