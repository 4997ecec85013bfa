"""The `chickenfoot` command: no arguments opens the scorecard app; subcommands do one job."""

from __future__ import annotations

import argparse
import importlib
import sys

# name -> (module, one-line help). Modules live in tui/commands/.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "check": ("tui.commands.check", "judge a play on a board, or a disputed tile in a photo"),
    "simulate": ("tui.commands.simulate", "play whole games between computer players"),
    "read": ("tui.commands.read", "read the tiles in photos and score them"),
    "eval": ("tui.commands.evaluate", "measure the tile reader on a labelled set of photos"),
    "synth": ("tui.commands.synth", "render a labelled synthetic training set"),
    "board": ("tui.commands.board", "print the board notation read from a photo of the tableau"),
    "live": ("tui.commands.live", "read tiles live from a webcam, stream or video file"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chickenfoot",
        description="Chicken Foot companion. With no command, opens the scorecard app.",
    )
    parser.add_argument("--db", metavar="PATH",
                        help="scorecard database (default: $CHICKENFOOT_DB, else the "
                             "user data folder)")
    parser.add_argument("--camera", type=int, default=0, metavar="INDEX",
                        help="camera the app takes photos of hands with (default 0)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        module = importlib.import_module(module_name)
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(command_parser)
        command_parser.set_defaults(_module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from tui.app_main import run_app

        return run_app(args)
    try:
        return int(args._module.run(args) or 0)
    except KeyboardInterrupt:
        print("chickenfoot: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
