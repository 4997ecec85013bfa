"""`chickenfoot serve [--host H] [--port N] [--db PATH]`: the scorecard in the browsers.

Every browser that opens the page gets its own run of the scorecard app, the one plain
`chickenfoot` opens, on the same store (``--db`` / ``$CHICKENFOOT_DB``) and camera, so the
phones round the table see the standings as they are typed. Served by ``textual-serve``
(``tui.web.scorecard_server``). Nothing leaves this computer: no account, no cloud.

Loopback (127.0.0.1) by default: only this computer's browser. ``--host 0.0.0.0`` opens
it to the local network, for the phones; the URL to open is printed, with a warning that
anyone on the network can then use the scorecard. ``--port 0`` takes a free port.

Exit status: 130 on Ctrl+C or SIGTERM (how it ends), 2 when the port or the store cannot
be used.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys

DEFAULT_PORT = 8000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = ("Each browser that opens the page gets the scorecard app that plain "
                     "`chickenfoot` opens, on the same store (--db, or $CHICKENFOOT_DB). "
                     "Only this computer can open it, unless --host 0.0.0.0: then every "
                     "phone on the network can (the URL to open is printed). Ctrl+C stops "
                     "it (exit 130).")
    parser.add_argument("--host", default="127.0.0.1", metavar="H",
                        help="address to serve on (default 127.0.0.1: this computer only; "
                             "0.0.0.0: every phone on the network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                        help=f"port (default {DEFAULT_PORT}; 0 takes a free one)")
    parser.add_argument("--db", default=argparse.SUPPRESS, metavar="PATH",
                        help="scorecard database, as `chickenfoot --db PATH` (default: "
                             "$CHICKENFOOT_DB, else the user data folder)")


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def app_command(args: argparse.Namespace, db_path: str) -> str:
    """The shell command that opens the same scorecard app `chickenfoot` does."""
    argv = [sys.executable, "-m", "tui.cli", "--db", db_path,
            "--camera", str(getattr(args, "camera", 0))]
    return subprocess.list2cmdline(argv) if sys.platform == "win32" else shlex.join(argv)


def run(args: argparse.Namespace) -> int:
    from tui.store import ENV_VAR, Store, StoreError, resolve_db_path
    from tui.web.listen import ListenError, bind, network_warning, url_for

    path = resolve_db_path(getattr(args, "db", None))
    try:
        Store(path).close()  # a store that cannot open is said now, not in every browser
    except StoreError as error:
        _err(f"chickenfoot serve: {error}")
        _err(f"chickenfoot serve: choose another file with --db PATH or ${ENV_VAR}.")
        return 2
    try:
        sock = bind(args.host, args.port)
    except ListenError as error:
        _err(f"chickenfoot serve: {error}")
        return 2
    try:
        from tui.web.scorecard_server import ScorecardServer
    except ImportError as error:
        sock.close()
        _err(f"chickenfoot serve: textual-serve is not installed ({error.name or error}): "
             "pip install textual-serve")
        return 2
    server = ScorecardServer(app_command(args, str(path)), sock)
    url = url_for(args.host, sock)
    print(f"chickenfoot serve: the scorecard ({path}) is at {url} (Ctrl+C to stop)",
          flush=True)
    warning = network_warning(args.host, "the scorecard")
    if warning:
        _err(f"chickenfoot serve: {warning}")
    try:
        server.serve()
    finally:
        sock.close()
    if server.stopped_by == "terminated":
        _err("chickenfoot: terminated")
        return 130
    _err("chickenfoot: interrupted")
    return 130
