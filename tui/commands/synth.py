"""`chickenfoot synth`: render a labelled synthetic training set into a folder."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorer.messages import clip_name, counted, os_reason
from tui.commands.errors import output_path, seed, share
from vision.whole_file import is_partial

MAX_COUNT = 1_000_000  # photos in one set: a million is days of rendering


# The options of hand photos, by their names in the namespace: a tableau set uses none.
HAND_OPTIONS = {"set_max": "--set", "max_tiles": "--max-tiles", "stretch": "--stretch",
                "hard": "--hard", "yard": "--yard", "wide_colours": "--wide-colours"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", type=output_path, help="output folder (images/, labels/, truth/)")
    parser.add_argument("--count", type=int, default=100, help="photos to render (default 100)")
    parser.add_argument(
        "--seed", type=seed, default=0,
        help="seed, 0 or more (default 0); the same seed writes the same set"
    )
    parser.add_argument(
        "--set",
        dest="set_max",
        type=int,
        choices=(6, 9, 12, 15, 18),
        help="draw every photo from this set (default: a mix of sets)",
    )
    parser.add_argument("--max-tiles", type=int, default=20, help="most tiles in one photo")
    parser.add_argument("--stretch", type=share, default=0.0, metavar="P",
                        help="share of photos squashed to a square, as dataset exports do")
    parser.add_argument("--hard", type=share, default=0.0, metavar="P",
                        help="share of photos that also hold face-down tiles and clutter "
                             "(coins, cards, dice, paper...), in sets of every colour; a third "
                             "of them hold no face-up tile")
    parser.add_argument("--yard", action="store_true",
                        help="with --hard: the face-down tiles lie together, touching, as the "
                             "chicken yard does (rows, chains, heaps; 4 to 20 of them)")
    parser.add_argument("--wide-colours", action="store_true",
                        help="draw tiles in sets of every colour: faces of colour, yellow, "
                             "light-grey and low-contrast pips")
    parser.add_argument("--tableau", action="store_true",
                        help="render tableaux from simulated rounds instead (images/, labels/, "
                             "truth/ with NAME.board.txt and NAME.disputed.json); tiles per photo "
                             "cycle through 5, 15 and 30")
    parser.set_defaults(_hand_defaults={dest: parser.get_default(dest)
                                        for dest in HAND_OPTIONS})


def _photos_of_another_set(out: Path, prefix: str) -> str | None:
    """The name of a photo in ``out``/images that a set of this kind did not write (its
    names start with ``prefix``), or None: rendering again into a set of its own kind
    (another seed, more photos) is fine."""
    try:
        return next((p.name for p in (out / "images").iterdir()
                     if not p.name.startswith(prefix) and not is_partial(p.name)), None)
    except OSError:  # no images folder yet (or none to list): written as usual
        return None


def _in_all(args: argparse.Namespace) -> str:
    """", which holds 20 in all" when the folder held photos of an earlier run: an eval
    of it measures them all, not only the ones just written."""
    try:
        held = sum(1 for p in (Path(args.out) / "images").iterdir() if not is_partial(p.name))
    except OSError:
        return ""
    return f", which holds {held:,} in all" if held != args.count else ""


def _hand_options_given(args: argparse.Namespace) -> list[str]:
    """The hand options set away from their defaults (the parser's own, kept with the
    namespace by ``add_arguments``)."""
    return [flag for dest, flag in HAND_OPTIONS.items()
            if getattr(args, dest) != args._hand_defaults[dest]]


def run(args: argparse.Namespace) -> int:
    from vision.synth import write_dataset

    if not 1 <= args.count <= MAX_COUNT:
        print(f"chickenfoot synth: --count must be from 1 to {MAX_COUNT:,}, not {args.count}",
              file=sys.stderr)
        return 2
    if args.max_tiles < 0:
        print(f"chickenfoot synth: --max-tiles must be at least 0 (0: photos without a tile), "
              f"not {args.max_tiles}", file=sys.stderr)
        return 2

    if args.yard and not args.hard and not args.tableau:  # it rendered no yard, unsaid
        print("chickenfoot synth: --yard lays the face-down tiles of --hard photos together: "
              "give --hard P too (the share of photos with them)", file=sys.stderr)
        return 2

    foreign = _photos_of_another_set(Path(args.out), "tableau_" if args.tableau else "synth_")
    if foreign:  # they were mixed in: a real labelled set took rendered photos unasked
        print(f"chickenfoot synth: {clip_name(args.out)} already holds photos this kind of "
              f"set does not write (like {clip_name(foreign)}): give a new or empty folder",
              file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        if done % 50 == 0 or done == total:
            print(f"rendered {done}/{total}", file=sys.stderr)

    if args.tableau:
        from vision.synth import LayoutError, write_tableau_set

        ignored = _hand_options_given(args)
        if ignored:  # a tableau set is rendered its own way: an option it ignores is said
            print(f"chickenfoot synth: {', '.join(ignored)} "
                  f"{'does' if len(ignored) == 1 else 'do'} not apply to --tableau",
                  file=sys.stderr)
            return 2

        try:
            write_tableau_set(Path(args.out), args.count, args.seed, progress=progress)
        except OSError as error:
            print(f"chickenfoot synth: cannot write to {clip_name(args.out)}: "
                  f"{os_reason(error)}", file=sys.stderr)
            return 2
        except LayoutError as error:
            print(f"chickenfoot synth: {error}", file=sys.stderr)
            return 2
        print(f"wrote {counted(args.count, 'tableau photo')} to {args.out}{_in_all(args)}")
        return 0
    try:
        write_dataset(
            Path(args.out),
            args.count,
            args.seed,
            set_max=args.set_max,
            max_tiles=args.max_tiles,
            stretch_prob=args.stretch,
            hard_prob=args.hard,
            wide_styles=args.wide_colours,
            yard=args.yard,
            progress=progress,
        )
    except OSError as error:
        print(f"chickenfoot synth: cannot write to {clip_name(args.out)}: {os_reason(error)}",
              file=sys.stderr)
        return 2
    print(f"wrote {counted(args.count, 'photo')} to {args.out}{_in_all(args)}")
    return 0
