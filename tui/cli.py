"""The `chickenfoot` command: no arguments opens the scorecard app; subcommands do one job.

Every subcommand runs under ``tui.guard.run_guarded``: exit 0 done or legal, 1 illegal
play, 2 bad input or nothing to read, 130 Ctrl+C, 143 SIGTERM, 141 output pipe closed;
never a traceback.
"""

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
    from tui.guard import install_sigterm, prefer_surrogates_on_stdout, run_guarded

    args = build_parser().parse_args(argv)  # usage errors: argparse exits 2 itself
    if args.command is None:
        from tui.app_main import run_app

        return run_app(args)
    restore = install_sigterm()
    prefer_surrogates_on_stdout()
    try:
        return run_guarded(args.command, lambda: args._module.run(args))
    finally:
        restore()


if __name__ == "__main__":
    sys.exit(main())
