"""`chickenfoot serve [--host H] [--port N] [--db PATH]`: the scorecard in the browsers.

Every browser that opens the page gets its own run of the scorecard app, the one plain
`chickenfoot` opens, on the same store (``--db`` / ``$CHICKENFOOT_DB``) and camera, so the
phones round the table see the standings as they are typed. Served by ``textual-serve``
(``tui.web.scorecard_server``). Nothing leaves this computer: no account, no cloud.

Loopback (127.0.0.1) by default: only this computer's browser. ``--host 0.0.0.0`` opens
it to the local network, for the phones; the URL to open is printed, with a warning that
anyone on the network can then use the scorecard. ``--port 0`` takes a free port.

``--live [SOURCE]`` serves the live view beside it (``tui.web.live_page``, the page
`chickenfoot live` shows: the camera picture, tiles outlined, the settled hand, a Send
button) on ``--live-port``, on the same address; the scorecard page links to it. The
camera runs in a thread of this process, whoever is watching.

Exit status: 130 on Ctrl+C or SIGTERM (how it ends), 2 when the port or the store cannot
be used.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys

from tui.commands.errors import camera_source, host

DEFAULT_PORT = 8000
DEFAULT_LIVE_PORT = 8765


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = ("Each browser that opens the page gets the scorecard app that plain "
                     "`chickenfoot` opens, on the same store (--db, or $CHICKENFOOT_DB). "
                     "Only this computer can open it, unless --host 0.0.0.0: then every "
                     "phone on the network can (the URL to open is printed). Ctrl+C stops "
                     "it (exit 130).")
    parser.add_argument("--host", default="127.0.0.1", metavar="H", type=host,
                        help="address to serve on (default 127.0.0.1: this computer only; "
                             "0.0.0.0: every phone on the network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                        help=f"port (default {DEFAULT_PORT}; 0 takes a free one)")
    parser.add_argument("--live", nargs="?", const="0", default=None, type=camera_source,
                        metavar="INDEX|URL|VIDEO_FILE",
                        help="also serve the live view of this camera (default 0), stream "
                             "or video, linked from the scorecard page")
    parser.add_argument("--live-port", type=int, default=DEFAULT_LIVE_PORT, metavar="N",
                        help=f"the live view's port (default {DEFAULT_LIVE_PORT}; 0 takes a "
                             "free one)")
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


def live_view_args(args: argparse.Namespace) -> argparse.Namespace:
    """The settings `chickenfoot live --page` takes by default (its own parser's, so the
    two never drift apart), for the live view beside the scorecard."""
    from tui.commands import live

    parser = argparse.ArgumentParser(add_help=False)
    live.add_arguments(parser)
    return parser.parse_args([f"--camera={args.live}", f"--host={args.host}",
                              f"--port={args.live_port}", "--no-open"])


def start_live(args: argparse.Namespace):
    """The live view started in a thread of its own, or None after saying why not."""
    from tui.commands.read import load_reader
    from tui.web.live_page import start_live_view

    reader = load_reader("serve")
    if reader is None:
        return None
    view = start_live_view(live_view_args(args), reader, _err, command="serve",
                           port_option="--live-port")
    if view is not None:
        view.run_in_thread()
    return view


def run(args: argparse.Namespace) -> int:
    from tui.store import ENV_VAR, Store, StoreError, db_was_named, resolve_db_path
    from tui.web.listen import ListenError, bind, network_warning, url_for

    if args.live is not None and not 0 <= args.live_port <= 65535:
        _err(f"chickenfoot serve: --live-port {args.live_port} is not a port (0 to 65535)")
        return 2
    if args.live is not None and args.live_port == args.port != 0:  # "already in use"
        _err(f"chickenfoot serve: --port and --live-port are both {args.port}: the scorecard "
             "and the live view need a port each")
        return 2
    # The port first: a port in use must not leave a new, empty scorecard file behind.
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
    # the live view before the store too: a camera or port it cannot have left a new,
    # empty scorecard file behind
    live = None
    if args.live is not None:
        live = start_live(args)
        if live is None:
            sock.close()
            return 2
    try:
        path = resolve_db_path(getattr(args, "db", None))
        # a store that cannot open is said now, not in every browser; so is what opening
        # it did (a damaged file kept aside): each browser's app then opens the fresh one
        store = Store(path, named=db_was_named(args))
        notices = store.notices
        store.close()
    except StoreError as error:
        sock.close()
        if live is not None:
            live.close(_err)
        _err(f"chickenfoot serve: {error}; choose another file with --db PATH or ${ENV_VAR}")
        return 2
    for notice in notices:
        _err(f"chickenfoot serve: {notice}")
    live_port = live.server.server_address[1] if live is not None else None
    server = ScorecardServer(app_command(args, str(path)), sock, live_port=live_port)
    url = url_for(args.host, sock)
    print(f"chickenfoot serve: the scorecard ({path}) is at {url} (Ctrl+C to stop)",
          flush=True)
    if live is not None:
        print(f"chickenfoot serve: the live view of {live.loop.session.source.name} is at "
              f"{live.url}", flush=True)
    warning = network_warning(args.host, "the scorecard" + (
        " and the live view" if live is not None else ""))
    if warning:
        _err(f"chickenfoot serve: {warning}")
    try:
        server.serve()
    finally:
        sock.close()
        if live is not None:
            live.close(_err)
    if server.stopped_by == "terminated":
        _err("chickenfoot: terminated")
        return 130
    _err("chickenfoot: interrupted")
    return 130
