"""`chickenfoot` with no command: open the scorecard app."""

from __future__ import annotations

import argparse
import sys

from tui.store import ENV_VAR, Store, StoreError, resolve_db_path


def run_app(args: argparse.Namespace) -> int:
    path = resolve_db_path(getattr(args, "db", None))
    try:
        store = Store(path)
    except StoreError as error:
        print(f"chickenfoot: {error}", file=sys.stderr)
        print(f"chickenfoot: choose another file with --db PATH or ${ENV_VAR}.",
              file=sys.stderr)
        return 1
    from tui.app import build_app

    app = build_app(store, camera_index=args.camera)
    try:
        app.run()
    finally:
        store.close()
    return int(app.return_code or 0)
