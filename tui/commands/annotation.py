"""Where ``--annotate`` writes, and the one thing it must never write over: a photo read."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path


def annotation_path(out: str, image: Path, many: bool) -> Path:
    """Where the annotated copy of ``image`` goes: OUT itself for one photo; with several
    (or OUT a folder, or ending in a slash), ``NAME.annotated.png`` in the folder OUT, or
    OUT with ``{stem}`` replaced by the photo's name without its suffix."""
    if "{stem}" in out:
        return Path(out.replace("{stem}", image.stem))
    if many or out.endswith(("/", os.sep)) or _is_dir(Path(out)):
        return Path(out) / f"{image.stem}.annotated.png"
    return Path(out)


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):  # a name too long, a NUL: writing it says why
        return False


def photo_overwritten(targets: Iterable[Path], photos: Iterable[Path]) -> Path | None:
    """The first of ``photos`` that one of ``targets`` is (the same file, by any name or
    link), else None: the drawing would replace the photo it was drawn from."""
    seen: dict[tuple[int, int], Path] = {}
    for photo in photos:
        key = _identity(photo)
        if key is not None:
            seen.setdefault(key, photo)
    for target in targets:
        key = _identity(target)
        if key is not None and key in seen:
            return seen[key]
    return None


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):  # not there (yet), or a name the system refuses
        return None
    return info.st_dev, info.st_ino


def drawn_twice(targets: Sequence[Path], photos: Sequence[Path]) -> str | None:
    """What is wrong when two photos' drawings would go to one file (``x/a.jpg`` and
    ``y/a.jpg``, or ``a.jpg`` and ``a.png``: the second would replace the first), else
    None."""
    from scorer.messages import clip_name

    first: dict[str, Path] = {}
    for target, photo in zip(targets, photos, strict=True):
        key = os.path.normcase(os.path.abspath(target))
        if key in first and first[key] != photo:
            return (f"--annotate would draw {clip_name(str(first[key]))} and "
                    f"{clip_name(str(photo))} both to {clip_name(str(target))}, the second over "
                    "the first: read them with two commands, or rename one")
        first.setdefault(key, photo)
    return None


def overwrite_message(photo: Path) -> str:
    from scorer.messages import clip_name

    return f"--annotate would write over the photo {clip_name(str(photo))}: choose another file"


def folder_problem(folder: Path) -> str | None:
    """Why the folder ``folder`` cannot be made (or written into), else None; nothing is
    created. Asked before any photo is read: the folder a drawing goes to was made after
    each photo's reading, and its failure printed Python's own words, the whole name
    (thousands of characters) and the same line again for every photo."""
    from scorer.messages import clip_name, os_reason

    denied = os.strerror(errno.EACCES)
    there = folder
    while True:  # the nearest part of the path that is there
        try:
            info = os.stat(there)
            break
        except (FileNotFoundError, NotADirectoryError):
            if there.parent == there:
                return None
            there = there.parent
        except OSError as error:  # a name too long, a loop of links
            return f"cannot make the folder {clip_name(folder)}: {os_reason(error)}"
        except ValueError:  # a NUL in the name: writing it says why
            return None
    if not stat.S_ISDIR(info.st_mode):
        return (f"cannot make the folder {clip_name(folder)}: {clip_name(there)} is a file, "
                "not a folder")
    if not os.access(there, os.W_OK | os.X_OK):
        if there == folder:
            return f"cannot write into the folder {clip_name(folder)}: {denied}"
        return f"cannot make the folder {clip_name(folder)}: {clip_name(there)}: {denied}"
    return None
