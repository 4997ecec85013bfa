"""`chickenfoot live [--camera INDEX|URL|VIDEO_FILE] [--width W --height H] [--set N]
[--page [--port N] [--host H] | --window | --no-window] [--snapshot-dir DIR] [--send]
[--snapshot-on-exit] [--max-frames N]`

Reads the tiles in view as they are laid down, shown one of three ways:

- the page (``--page``; the default when no window can open, as with the headless OpenCV
  the project installs): served on http://127.0.0.1:8765/ (``--port``; ``--host 0.0.0.0``
  opens it to the network, only when asked), opened in the browser when there is a
  desktop. It shows the picture with every tile outlined and its values, unsure tiles
  marked ``?``, the settled hand, pip total and score, and a Send button (key ``s``) that
  puts the view in the scorecard app's inbox. A lost camera, a stalled stream or the end
  of the video is said on the page and here; the page stays until Ctrl+C (exit 130).
  A video file starts when the page first opens (or after 15 s with nobody watching).
  See ``tui.web``.
- the window (``--window``; the default where OpenCV can open one, as before): the
  picture with every tile outlined and its values (``?`` while a tile is still unsure),
  the pip total and score of the settled tiles, and the frame rate. Keys: ``s`` snapshot
  (PNG + the JSON of ``chickenfoot read --json``, in ``--snapshot-dir``), ``f`` freeze,
  ``o`` overlay on/off, ``q`` quit. ``--send`` also puts each snapshot in the scorecard
  app's inbox (see ``vision.live``).
- no picture (``--no-window``): a line is printed whenever the settled reading changes
  (``  3.40s frame 34: 2 tiles: 6|6 5|3  pips 20  score 20``), for scripts. A video file
  is then read as fast as it decodes.

``--camera`` takes a camera index (default 0), a stream URL (a phone camera app, e.g.
``http://192.168.1.20:8080/video``) or a video file, played at its own pace on the page
and in the window.

Exit status: 0 at the end (q, end of the video in the window or headless,
``--max-frames``), 2 when the camera, stream, file, port or ``--snapshot-dir`` cannot be
used (the folder is checked before the camera opens), the camera is lost (window,
headless), the reader is missing, or ``--window`` has no display; 130 on Ctrl+C (how the
page ends).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorer.tiles import SET_SIZES
from tui.commands.errors import camera_source, host, output_path, seconds, share
from tui.guard import EXIT_PIPE

PAGE_PORT = 8765  # the page's address when --port and --host are not given
PAGE_HOST = "127.0.0.1"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = ("Without --page, --window or --no-window, the live view opens in a window "
                     "where OpenCV can open one, and otherwise (the headless OpenCV installed "
                     "by default) as a page at http://127.0.0.1:8765/, printed and opened in "
                     "the browser when there is a desktop. The page shows the picture with "
                     "every tile outlined and its values, unsure tiles marked ?, the settled "
                     "hand, pip total and score; its Send button (key s) puts the hand in the "
                     "scorecard app's inbox (in the app, l on the round takes it). Ctrl+C "
                     "ends it (exit 130).")
    parser.add_argument("--camera", default="0", metavar="INDEX|URL|VIDEO_FILE",
                        type=camera_source,
                        help="camera index, stream URL or video file (default 0)")
    parser.add_argument("--width", type=int, default=1280, metavar="W",
                        help="camera width to ask for (default 1280)")
    parser.add_argument("--height", type=int, default=720, metavar="H",
                        help="camera height to ask for (default 720)")
    parser.add_argument("--set", dest="set_max", type=int, choices=SET_SIZES, default=None,
                        metavar="N", help="the double-N set in play (6, 9, 12, 15, 18)")
    face = parser.add_mutually_exclusive_group()
    face.add_argument("--page", action="store_true",
                      help="show the live view as a page in the browser (the default when "
                           "no window can open, as with the headless OpenCV installed by "
                           "default)")
    face.add_argument("--window", action="store_true",
                      help="show the live view in an OpenCV window (the default where one "
                           "can open)")
    face.add_argument("--no-window", action="store_true",
                      help="no picture: print a line when the reading changes")
    # None until the view is chosen: given without the page, they are refused
    parser.add_argument("--port", type=int, default=None, metavar="N",
                        help=f"the page's port (default {PAGE_PORT}; 0 takes a free one)")
    parser.add_argument("--host", default=None, metavar="H", type=host,
                        help="the page's address (default 127.0.0.1: this computer only; "
                             "0.0.0.0 opens it to the network)")
    parser.add_argument("--no-open", dest="open_page", action="store_false",
                        help="do not open the page in the browser")
    parser.add_argument("--snapshot-dir", default=None, metavar="DIR", type=output_path,
                        help="where snapshots go (window, --no-window; default: the current "
                             "folder)")
    parser.add_argument("--send", action="store_true",
                        help="also put snapshots in the scorecard app's inbox (window; "
                             "--no-window sends the last view at the end; the page's Send "
                             "button always does)")
    parser.add_argument("--snapshot-on-exit", action="store_true",
                        help="take a snapshot of the last view when the loop ends, Ctrl+C "
                             "included (window, --no-window)")
    parser.add_argument("--max-frames", type=int, default=None, metavar="N",
                        help="stop after N frames")
    parser.add_argument("--min-confidence", type=share, default=0.6, metavar="X",
                        help="halves below this confidence are drawn doubtful (default 0.6)")
    parser.add_argument("--stall-timeout", type=seconds, default=3.0, metavar="S",
                        help="seconds without a frame before reconnecting (default 3)")


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    if args.width <= 0 or args.height <= 0:
        _err("chickenfoot live: --width and --height must be positive")
        return 2
    if args.max_frames is not None and args.max_frames <= 0:
        _err("chickenfoot live: --max-frames must be positive")
        return 2
    page_options = [o for o, v in (("--port", args.port), ("--host", args.host)) if v is not None]
    args.port = PAGE_PORT if args.port is None else args.port
    args.host = PAGE_HOST if args.host is None else args.host
    if not 0 <= args.port <= 65535:
        _err(f"chickenfoot live: --port {args.port} is not a port (0 to 65535; 0 takes a "
             "free one)")
        return 2
    from vision.live import LiveError, LiveOptions, LiveSession, check_display

    page = args.page
    if not (args.no_window or page):
        try:
            check_display()
        except LiveError as error:
            if args.window:
                _err(f"chickenfoot live: {error}, or --page to watch in the browser")
                return 2
            page = True  # the default install: no window, so the page
    if page_options and not page:  # they were ignored, unsaid
        shown = ("--no-window shows no page" if args.no_window
                 else "the live view opens in a window here")
        _err(f"chickenfoot live: {' and '.join(page_options)} set the page's address, and "
             f"{shown}: give --page to watch it in the browser")
        return 2
    if args.snapshot_dir is not None or args.snapshot_on_exit or args.send:
        # a folder named for snapshots, or the current one where a snapshot is sure to be
        # written: one they cannot go to is said now, not when the first is taken, after
        # the camera has run (or the whole video)
        from tui.commands.annotation import folder_problem

        problem = folder_problem(Path(args.snapshot_dir or "."))
        if problem is not None:
            _err(f"chickenfoot live: --snapshot-dir: {problem}")
            return 2
    if args.send:
        from vision.live import inbox_dir, inbox_problem

        problem = inbox_problem(inbox_dir())
        if problem is not None:
            _err(f"chickenfoot live: --send: {problem}")
            return 2
    from tui.commands.read import load_reader

    reader = load_reader("live")
    if reader is None:
        return 2
    if page:
        from tui.web.live_page import run_page

        return run_page(args, reader, out=lambda line: print(line, flush=True), err=_err)
    from vision.live import SourceError, open_source

    try:
        source = open_source(args.camera, (args.width, args.height),
                             stall_s=max(0.1, args.stall_timeout),
                             on_message=lambda text: _err(f"chickenfoot live: {text}"))
    except SourceError as error:
        _err(f"chickenfoot live: {error}")
        return 2
    options = LiveOptions(max_frames=args.max_frames, snapshot_dir=Path(args.snapshot_dir or "."),
                          send=args.send, snapshot_on_exit=args.snapshot_on_exit,
                          doubt_below=args.min_confidence)
    session = LiveSession(source, reader, args.set_max)
    status = None  # None while running: Ctrl+C leaves it so, and the count is still said
    try:
        if args.no_window:
            from vision.live import run_headless

            status = run_headless(session, options, out=lambda line: print(line, flush=True),
                                  err=_err)
        else:
            from vision.live import run_window

            status = run_window(session, options, err=_err)
        return status
    except LiveError as error:
        _err(f"chickenfoot live: {error}")
        status = 2
        return status
    except BrokenPipeError:  # the reader of our lines went away (`| head -1`)
        status = EXIT_PIPE
        raise
    except OSError:  # its output cannot be written (a full disk): the guard's line alone
        status = 2
        raise
    finally:
        source.close()
        # after an error its one line says it all; after a closed output, as after any
        # Unix tool's, nothing is said
        if session.frames and status not in (2, EXIT_PIPE):
            _err(f"chickenfoot live: {session.frames} frames, {session.fps:.1f} fps")
