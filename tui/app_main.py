"""`chickenfoot` with no command: open the scorecard app."""

from __future__ import annotations

import argparse
import os
import sys

from tui.store import ENV_VAR, Store, StoreError, db_was_named, resolve_db_path


def has_terminal() -> bool:
    """Whether the app has a screen to draw on: a terminal, or a browser's (textual-serve
    runs the app with pipes and names its web driver)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # a closed or missing stream
        return False


def run_app(args: argparse.Namespace) -> int:
    if not has_terminal():
        print("chickenfoot: the scorecard app needs a terminal (run it in one, or give a "
              "command: chickenfoot --help)", file=sys.stderr)
        return 2
    try:
        path = resolve_db_path(getattr(args, "db", None))
        store = Store(path, named=db_was_named(args))
    except StoreError as error:
        print(f"chickenfoot: {error}; choose another file with --db PATH or ${ENV_VAR}",
              file=sys.stderr)
        return 2
    from tui.app import build_app

    app = build_app(store, camera_index=args.camera)
    try:
        app.run()
    finally:
        store.close()
    if app.terminated:  # after the app has put the terminal back, where it can be read
        print("chickenfoot: terminated", file=sys.stderr)
    return int(app.return_code or 0)
