"""`chickenfoot read IMAGE... [--set N] [--rule K=V] [--json] [--annotate OUT] [--min-confidence X]`

Reads the tiles in each photo (folders expand to the photos directly in them, sorted; ``-``
is one photo piped on standard input, see ``tui.commands.stdin_photo``) and
prints, per photo, one line per tile, the pip total and the score; with ``--json`` one
JSON object per photo per line (see ``vision.reader.report``). A photo that cannot be read prints
an error (a JSON error object with ``--json``) and the others are still read.

``--annotate OUT``: with one photo, OUT is the file written (.png or .jpg). With several,
OUT is a folder (created if needed) that receives ``NAME.annotated.png`` per photo, or a
pattern containing ``{stem}`` (e.g. ``out/{stem}-read.jpg``).

``--min-confidence X``: a tile read with less confidence is doubtful: it is listed apart
("2 tiles doubtful: confirm"), its unsure halves as ``5|9? (or 8)``, and the pip total and
score leave it out unless ``--count-doubtful``; default 0.6.

Exit status: 0 when every photo was read, 2 when any failed, any showed no tile (nothing
to read: its line goes to stderr, its JSON object still has ``"tiles": []``) or the reader
is missing.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path

from scorer.messages import clip_name, os_reason
from scorer.rules import RuleSet
from scorer.tiles import SET_SIZES
from tui.commands.annotation import (
    annotation_path,
    drawn_twice,
    folder_problem,
    overwrite_message,
    photo_overwritten,
)
from tui.commands.errors import InputError, input_path, output_path, refused, share
from tui.commands.stdin_photo import STDIN, STDIN_NAME, spooled_stdin
from tui.guard import raise_if_stopped


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", type=input_path,
                        help="photo files or folders of photos; - reads one photo "
                             "from standard input")
    parser.add_argument("--set", dest="set_max", type=int, choices=SET_SIZES, default=None,
                        metavar="N", help="the double-N set in play (6, 9, 12, 15, 18)")
    parser.add_argument("--json", action="store_true", help="one JSON object per photo")
    parser.add_argument("--annotate", metavar="OUT", default=None, type=output_path,
                        help="write the photo with what was read drawn on it")
    parser.add_argument("--min-confidence", type=share, default=0.6, metavar="X",
                        help="tiles and halves below this confidence are doubtful: shown "
                             "apart to confirm and not counted (default 0.6)")
    parser.add_argument("--count-doubtful", action="store_true",
                        help="count doubtful tiles in the pip total and score too")
    parser.add_argument("--rule", action="append", default=[], metavar="KNOB=VALUE",
                        help="a house rule of scoring, like double-blank-value=25 or "
                             "blank-end-counts-25=yes (repeatable)")


def run(args: argparse.Namespace) -> int:
    if STDIN not in args.images:
        return _run(args, args.images, None)
    if args.images.count(STDIN) > 1:
        return refused("read", f"{STDIN} (standard input) is given twice: it holds one photo",
                       args.json, image=STDIN)
    try:
        with spooled_stdin() as spooled:  # read before the photos named after it
            images = [str(spooled) if image == STDIN else image for image in args.images]
            return _run(args, images, spooled)
    except InputError as error:  # said before any photo is read
        return refused("read", str(error), args.json, image=STDIN)


def _run(args: argparse.Namespace, images: list[str], spooled: Path | None) -> int:
    from tui.commands.check import knob_rules, set_named
    from vision.image import iter_image_files

    try:  # the house's scoring: said before any photo is read
        rules = knob_rules(args)
    except InputError as error:
        return refused("read", str(error), args.json)
    if set_named(args):  # --rule set-max=12 reads as --set 12 does
        args.set_max = rules.set_max
    args.spooled_stdin = spooled
    paths = list(iter_image_files(images))
    if not paths:
        return refused("read", "no photos found in the given folders", args.json)
    if args.annotate:
        named = [_annotation_name(path, spooled) for path in paths]
        targets = [annotation_path(args.annotate, name, len(paths) > 1) for name in named]
        overwritten = photo_overwritten(targets, paths)
        if overwritten is not None:
            return refused("read", overwrite_message(overwritten), args.json)
        if len(paths) > 1 and "{stem}" not in args.annotate and (
                _not_a_folder(args.annotate) or _a_picture_name(args.annotate)):
            return refused("read", f"--annotate {clip_name(args.annotate)} is not a folder: "
                           "with several photos it names a folder (or a name with {stem}, "
                           "like out/{stem}.png)", args.json)
        clash = drawn_twice(targets, named)
        if clash is not None:
            return refused("read", clash, args.json)
        from vision.image_write import suffix_problem

        wrong_suffix = next(filter(None, map(suffix_problem, targets)), None)
        if wrong_suffix is not None:  # said before any photo is read, not after each
            return refused("read", f"--annotate: {wrong_suffix}", args.json)
        # the folders the drawings go to are made as they are written
        for folder in dict.fromkeys(target.parent for target in targets):
            problem = folder_problem(folder)
            if problem is not None:
                return refused("read", f"--annotate: {problem}", args.json)
    reader = load_reader(on_first_use=True)  # a big photo is decoded before the models open
    if reader is None:
        return 2
    return read_all(paths, reader, args, rules)


def _annotation_name(path: Path, spooled: Path | None) -> Path:
    """The name ``path``'s drawing is named after: ``stdin`` for the photo piped in
    (``stdin.annotated.png`` in a folder), not the file it is kept in."""
    return Path("stdin") if spooled is not None and path == spooled else path


def _a_picture_name(out: str) -> bool:
    """Whether ``out`` is named like a picture file (``x.png``): with several photos, a
    folder of that name was made, and the player looked for a file."""
    from vision.image_write import WRITE_SUFFIXES

    return Path(out).suffix.lower() in WRITE_SUFFIXES and not os.path.isdir(out)


def _not_a_folder(out: str) -> bool:
    """Whether ``out`` is there and no folder (a file, a device, a broken link)."""
    try:
        return os.path.lexists(out) and not os.path.isdir(out)
    except (OSError, ValueError):  # a name the system refuses: writing it says why
        return False


def load_reader(command: str = "read", on_first_use: bool = False):
    """The shipped tile reader, or None after printing one line saying why not. With
    ``on_first_use`` its models open at its first read (``ReaderOnFirstUse``); a model
    that then fails to open is said by ``read_all``."""
    try:
        from vision.reader import MODELS_DIR, ReaderOnFirstUse, load_default_reader

        if on_first_use:
            return ReaderOnFirstUse(MODELS_DIR, lambda _folder: load_default_reader())
        return load_default_reader()
    except Exception as error:  # any failure to load the model is one line, not a traceback
        cannot_load(command, error)
        return None


def cannot_load(command: str, error: BaseException) -> None:
    raise_if_stopped()
    text = str(error).strip()
    message = text.splitlines()[0] if text else type(error).__name__
    print(f"chickenfoot {command}: cannot load the tile reader: {message}", file=sys.stderr)


def read_all(paths: list[Path], reader, args: argparse.Namespace, rules: RuleSet) -> int:
    """Read every photo with ``reader``, scored under ``rules``; the exit status (0, or 2
    when any failed or showed no tile)."""
    from vision.reader import ModelError

    # one photo at a time: a photo's pixels are gone before the next one is decoded
    failed = 0
    for path in paths:
        try:
            failed += not _read_one(path, reader, rules, args, len(paths))
        except ModelError as error:  # opened at the first read: no photo can be read
            cannot_load("read", error)
            return 2
    return 2 if failed else 0


def _read_one(path: Path, reader, rules, args: argparse.Namespace, count: int) -> bool:
    """Read and print one photo; whether it gave tiles (and its annotation was written)."""
    from vision.reader import RecognitionError, human_lines, read_photo_file, to_json_line

    loaded, result = read_photo_file(path, reader, args.set_max)
    piped = path == getattr(args, "spooled_stdin", None)
    if piped:  # not the file it is kept in: "-" in JSON, as given, and in words else
        result = replace(result, image=STDIN_NAME)
    unread = isinstance(result, RecognitionError) or not result.tiles
    if args.json:
        print(to_json_line(replace(result, image=STDIN) if piped else result, rules,
                           args.count_doubtful, args.min_confidence), flush=True)
        if unread:  # a person watching a script's run sees why its exit status is 2
            print(human_lines(result, rules, args.min_confidence, args.count_doubtful)[0],
                  file=sys.stderr, flush=True)
    else:
        stream = sys.stderr if unread else sys.stdout
        print("\n".join(human_lines(result, rules, args.min_confidence,
                                     args.count_doubtful)), file=stream, flush=True)
    if args.annotate and loaded is not None and not isinstance(result, RecognitionError):
        if not _annotate(loaded, result, rules, args, count):
            return False
    return not unread


def _annotate(loaded, result, rules, args: argparse.Namespace, count: int) -> bool:
    from vision.reader import annotate_reading, write_image

    name = _annotation_name(Path(loaded.path), getattr(args, "spooled_stdin", None))
    target = annotation_path(args.annotate, name, count > 1)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # checked before reading; changed since
        print(f"chickenfoot read: --annotate: cannot make the folder "
              f"{clip_name(target.parent)}: {os_reason(error)}", file=sys.stderr)
        return False
    try:
        write_image(target, annotate_reading(loaded.pixels, result, rules, args.min_confidence))
    except OSError as error:  # write_image says it in one line, the name clipped
        print(f"chickenfoot read: {error}", file=sys.stderr)
        return False
    return True
