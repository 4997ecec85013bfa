"""The `chickenfoot` command: no arguments opens the scorecard app; subcommands do one job.

Every subcommand runs under ``tui.guard.run_guarded``: exit 0 done or legal, 1 illegal
play, 2 bad input or nothing to read, 130 interrupted (Ctrl+C, SIGTERM, output pipe closed);
never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import re
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
    "serve": ("tui.commands.serve", "serve the scorecard app to browsers (the players' phones)"),
}


# Commands that read photos end their process at once when done: Python's own teardown
# (every module, ONNX Runtime's and OpenCV's finalisers) took 32 to 43 ms of a 0.27 s
# `read`, and nothing these commands write is left open when they return (no atexit
# work: no temporary folder, database or thread of theirs outlives the command). `live`
# too: Ctrl+C while its camera or models were still loading in a thread of their own let
# the teardown stop that thread inside native code, and about 3 runs in 100 ended with
# "FATAL: exception not rethrown" and SIGABRT instead of 130.
QUICK_EXIT = frozenset({"read", "board", "check", "live"})


def _ascii_int(text: str) -> int:
    """``int`` for options, in the digits 0-9 only: Python's own ``int`` also takes
    Arabic-Indic and other digits, which board notation refuses; one rule for both."""
    if not (text.isascii() and text.strip().lstrip("+-").isdigit()):
        # int() also takes other scripts' digits and underscores ("1_2" is 12)
        if text.isascii():
            raise argparse.ArgumentTypeError(f"invalid int value: {text!r}")
        raise argparse.ArgumentTypeError(f"write {text!r} with the digits 0-9")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None


class _StoreOnce(argparse._StoreAction):
    """An option that takes one value (``--set``, ``--arms``, ``--port``...) refuses a
    second, different one in the same command: argparse kept the last silently, so ``check
    ... --arms 4 --arms 8`` judged on 8 arms while ``--rule spinner-arms=4 --arms 8`` was
    refused. The same value twice is taken."""

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string is not None:  # positionals are stored once by argparse
            given = namespace.__dict__.setdefault("_option_values_given", {})
            if self.dest in given and given[self.dest][1] != values:
                from scorer.messages import clip

                first, before = given[self.dest]
                parser.error(f"{first} is given twice, as {clip(str(before))} and as "
                             f"{clip(str(values))}: give one")
            given.setdefault(self.dest, (option_string, values))
        setattr(namespace, self.dest, values)


class _Parser(argparse.ArgumentParser):
    """argparse with its error in one short line: a 100,000-character value given to
    --set is named by its start, not echoed whole, and the usage is left to --help.
    Every ``type=int`` option (here and in each command's parser) reads 0-9 only, and
    every one-value option is given once (``_StoreOnce``). An option is written whole:
    argparse took ``read --count`` for ``--count-doubtful``, counting doubtful tiles in
    a score nobody asked to count them in."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.register("type", int, _ascii_int)
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)
        # "-inf", "-1e5" and "-nan" are values too (refused by the option's own check, in
        # its words), not options: argparse said "expected one argument"
        self._negative_number_matcher = re.compile(
            r"^-(\d+|\d*\.\d+|\d+\.?\d*[eE][-+]?\d+|inf(inity)?|nan)$", re.IGNORECASE)

    def parse_known_args(self, args=None, namespace=None):
        import sys

        self._words = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def parse_args(self, args=None, namespace=None):
        # argparse leaves words no parser took to the top one, which then named no
        # command ("chickenfoot: unrecognized arguments: --sett 12"): the command does
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            chosen = self._subcommand_parsers().get(getattr(parsed, "command", None), self)
            chosen.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed

    def _subcommand_parsers(self) -> dict[str, argparse.ArgumentParser]:
        return next((dict(action._name_parser_map) for action in self._actions
                     if isinstance(action, argparse._SubParsersAction)), {})

    def _print_message(self, message, file=None):
        # argparse drops an error writing --help or the usage, and --help >/dev/full said
        # nothing and exited 0: on standard output it is raised, for the guard to say
        if message and file is sys.stdout:
            file.write(message)
            return
        super()._print_message(message, file)

    def error(self, message: str):
        import os

        from scorer.messages import clip, clip_name

        # a file named like an option (-hand.jpg) was taken for one: say how to name it
        dashed = next((a for a in getattr(self, "_words", ()) if a.startswith("-")
                       and len(a) > 1 and os.path.isfile(a)), None)
        hint = (f"; {clip_name(dashed)} is a file: name it ./{clip_name(dashed)}"
                if dashed is not None else "")
        said = f"{clip(message, 200)}{hint} (see {self.prog} --help)"
        if "--json" in getattr(self, "_words", ()):  # a program reading stdout is told too
            from tui.commands.errors import print_json_error

            print_json_error(said)
        # one line: the usage is a --help away
        self.exit(2, f"{self.prog}: {said}\n")


class _LazySubcommands(argparse._SubParsersAction):
    """Subparsers whose options are added when their command is chosen: ``--help`` and
    ``check BOARD`` then import only the modules they run, not every command's."""

    def __call__(self, parser, namespace, values, option_string=None):
        if values and values[0] in self._name_parser_map:
            _fill(values[0], self._name_parser_map[values[0]])
        super().__call__(parser, namespace, values, option_string)


def _fill(name: str, command_parser: argparse.ArgumentParser) -> None:
    if command_parser.get_default("_module") is not None:
        return
    module = importlib.import_module(SUBCOMMANDS[name][0])
    module.add_arguments(command_parser)
    command_parser.set_defaults(_module=module)


def _camera_index(text: str) -> int:
    from tui.commands.errors import camera_index  # only when --camera is given

    return camera_index(text)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="chickenfoot",
        description="Chicken Foot companion. With no command, opens the scorecard app.",
    )
    parser.add_argument("--db", metavar="PATH",
                        help="scorecard database (default: $CHICKENFOOT_DB, else the "
                             "user data folder)")
    parser.add_argument("--camera", type=_camera_index, default=0, metavar="INDEX",
                        help="camera the app takes photos of hands with (default 0)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", action=_LazySubcommands)
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        # A missing module is a broken install, said now, not a command that is missing.
        if importlib.util.find_spec(module_name) is None:
            raise ModuleNotFoundError(f"No module named {module_name!r}", name=module_name)
        sub.add_parser(name, help=help_text, description=help_text)
    return parser


def main(argv: list[str] | None = None) -> int:
    from tui.guard import (
        ignore_sigint,
        ignore_sigterm,
        install_sigterm,
        prefer_surrogates_on_stdout,
        run_guarded,
        stderr_kept_open,
    )

    stderr_kept_open()
    if sys.stdout is None:  # started with its output closed (``>&-``): --help included
        words = sys.argv[1:] if argv is None else argv
        named = " ".join(["chickenfoot"] + [w for w in words[:1] if w in SUBCOMMANDS])
        print(f"{named}: standard output is closed: nothing could be shown", file=sys.stderr)
        return 2
    # Installed before the command's modules load, so that a SIGTERM while they load
    # ends in one line and 130 like any other moment.
    restore = install_sigterm()
    parsed: list[argparse.Namespace] = []
    try:
        # usage errors and --help: argparse exits itself, 2 or 0
        code = run_guarded("", lambda: parsed.append(build_parser().parse_args(argv)))
        if not parsed:
            return code
        args = parsed[0]
        if args.command is None:
            app: list = []  # its modules load under the guard: Ctrl+C there is one line
            code = run_guarded("", lambda: app.append(importlib.import_module("tui.app_main")))
            if not app:
                return code
            restore()  # the app handles its own signals
            return app[0].run_app(args)
        prefer_surrogates_on_stdout()
        code = run_guarded(args.command, lambda: args._module.run(args))
        if argv is None and args.command in QUICK_EXIT:
            _exit_now(code)
        return code
    finally:
        # A process's own command line (argv None) is done here: a SIGTERM or Ctrl+C in its
        # last instants changes nothing, so it must not kill it or raise past the guard.
        if argv is not None:
            restore()
        else:
            ignore_sigterm()
            ignore_sigint()


def _exit_now(code: int) -> None:
    """End this process with ``code`` now, what is written flushed, with no teardown."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a reader gone (the guard has already said so)
            pass
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
