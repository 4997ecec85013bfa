"""The package boundaries, as checked facts: who may import whom.

    scorer            the rules: imports nothing of vision or tui
    vision            pixels to values: imports nothing of tui
      image <- reader <- board, live, evaluation   (each only through the public names
                                                    of its package's ``__init__``)
      synth, training build-time: the renderer and the training scripts
    tui               the faces; the app (screens, store, recognizer) never imports the
                      command line (tui.cli, tui.commands)

Static: every module's import statements are read with ``ast``, nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SURFACED = ("image", "reader", "board", "live", "evaluation", "synth")
# the vision packages each runtime package may use (vision.types, vision.doubt and
# vision.native_log are the shared vocabulary: anyone may use them)
MAY_USE = {
    "image": set(),
    "reader": {"image"},
    "board": {"image", "reader"},
    "live": {"image", "reader"},
    "evaluation": {"image", "reader"},
    "synth": set(),
}


def _modules(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def _imports(path: Path) -> list[tuple[str, tuple[str, ...], int]]:
    """(module, names imported from it, line) for every import in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.extend((a.name, (), node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, tuple(a.name for a in node.names), node.lineno))
    return out


def _public_names(package: str) -> set[str]:
    tree = ast.parse((ROOT / "vision" / package / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    return set()


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT)}:{line}"


def _package_of(path: Path) -> str | None:
    """The vision subpackage ``path`` belongs to, or None for vision's own modules."""
    parts = path.relative_to(ROOT / "vision").parts
    return parts[0] if len(parts) > 1 else None


def test_scorer_imports_nothing_of_vision_or_tui():
    bad = [f"{_where(p, line)} imports {m}" for p in _modules("scorer")
           for m, _, line in _imports(p) if m.split(".")[0] in ("vision", "tui")]
    assert bad == []


def test_vision_imports_nothing_of_tui():
    bad = [f"{_where(p, line)} imports {m}" for p in _modules("vision")
           for m, _, line in _imports(p) if m.split(".")[0] == "tui"]
    assert bad == []


def test_the_app_never_imports_the_command_line():
    app = [p for p in _modules("tui")
           if p.name != "cli.py" and "commands" not in p.relative_to(ROOT / "tui").parts]
    assert any(p.name == "app.py" for p in app)
    bad = [f"{_where(p, line)} imports {m}" for p in app for m, _, line in _imports(p)
           if m == "tui.cli" or m.startswith("tui.commands")]
    assert bad == []


def _runtime_modules() -> list[Path]:
    """tui and vision's runtime packages: what a user's command runs."""
    vision = [p for p in _modules("vision") if _package_of(p) not in ("training",)]
    return _modules("tui") + vision


def test_vision_packages_are_used_only_through_their_public_names():
    surfaces = {pkg: _public_names(pkg) for pkg in SURFACED}
    assert all(surfaces.values()), "every surfaced package lists __all__"
    bad = []
    for path in _runtime_modules():
        own = _package_of(path) if path.is_relative_to(ROOT / "vision") else None
        for module, names, line in _imports(path):
            parts = module.split(".")
            if parts[0] != "vision" or len(parts) < 2 or parts[1] not in SURFACED:
                continue
            if parts[1] == own:
                continue
            if len(parts) > 2:
                bad.append(f"{_where(path, line)} reaches into {module}")
            elif names:
                bad.extend(f"{_where(path, line)} uses {module}.{n}, not in its __all__"
                           for n in names if n not in surfaces[parts[1]])
    assert bad == []


@pytest.mark.parametrize("package", sorted(MAY_USE))
def test_vision_packages_depend_only_downward(package):
    bad = []
    for path in _modules(f"vision/{package}"):
        for module, _, line in _imports(path):
            parts = module.split(".")
            if parts[0] != "vision" or len(parts) < 2 or parts[1] == package:
                continue
            if parts[1] in MAY_USE and parts[1] not in MAY_USE[package]:
                bad.append(f"{_where(path, line)} imports {module}")
            if parts[1] == "training":
                bad.append(f"{_where(path, line)} imports {module} (build time only)")
    assert bad == []


def test_every_public_name_exists():
    import importlib

    for package in SURFACED:
        module = importlib.import_module(f"vision.{package}")
        missing = [n for n in module.__all__ if not hasattr(module, n)]
        assert missing == [], package
