"""`chickenfoot live [--camera INDEX|URL|VIDEO_FILE] [--width W --height H] [--set N]
[--no-window] [--snapshot-dir DIR] [--send] [--snapshot-on-exit] [--max-frames N]`

Reads the tiles in view as they are laid down: a window shows the picture with every tile
outlined and its values (``?`` while a tile is still unsure), the pip total and score of
the settled tiles, and the frame rate. Keys: ``s`` snapshot (PNG + the JSON of
``chickenfoot read --json``, in ``--snapshot-dir``), ``f`` freeze, ``o`` overlay on/off,
``q`` quit. ``--send`` also puts each snapshot in the scorecard app's inbox (see
``vision.live``).

``--camera`` takes a camera index (default 0), a stream URL (a phone camera app, e.g.
``http://192.168.1.20:8080/video``) or a video file, played at its own pace in the window.

``--no-window``: no picture; a line is printed whenever the settled reading changes
(``  3.40s frame 34: 2 tiles: 6|6 5|3  pips 20  score 20``), for a terminal without a
display and for scripts. A video file is then read as fast as it decodes.

Exit status: 0 at the end (q, end of the video, ``--max-frames``), 2 when the camera,
stream or file cannot be used or is lost, the reader is missing, or there is no display.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorer.tiles import SET_SIZES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--camera", default="0", metavar="INDEX|URL|VIDEO_FILE",
                        help="camera index, stream URL or video file (default 0)")
    parser.add_argument("--width", type=int, default=1280, metavar="W",
                        help="camera width to ask for (default 1280)")
    parser.add_argument("--height", type=int, default=720, metavar="H",
                        help="camera height to ask for (default 720)")
    parser.add_argument("--set", dest="set_max", type=int, choices=SET_SIZES, default=None,
                        metavar="N", help="the double-N set in play (6, 9, 12, 15, 18)")
    parser.add_argument("--no-window", action="store_true",
                        help="print a line when the reading changes instead of a window")
    parser.add_argument("--snapshot-dir", default=".", metavar="DIR",
                        help="where snapshots go (default: the current folder)")
    parser.add_argument("--send", action="store_true",
                        help="also put snapshots in the scorecard app's inbox")
    parser.add_argument("--snapshot-on-exit", action="store_true",
                        help="take a snapshot of the last view when the loop ends")
    parser.add_argument("--max-frames", type=int, default=None, metavar="N",
                        help="stop after N frames")
    parser.add_argument("--min-confidence", type=float, default=0.6, metavar="X",
                        help="halves below this confidence are drawn doubtful (default 0.6)")
    parser.add_argument("--stall-timeout", type=float, default=3.0, metavar="S",
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
    from vision.live import LiveError, LiveOptions, LiveSession, check_display

    if not args.no_window:
        try:
            check_display()
        except LiveError as error:
            _err(f"chickenfoot live: {error}")
            return 2
    from tui.commands.read import load_reader

    reader = load_reader("live")
    if reader is None:
        return 2
    from vision.live import SourceError, open_source

    try:
        source = open_source(args.camera, (args.width, args.height),
                             stall_s=max(0.1, args.stall_timeout),
                             on_message=lambda text: _err(f"chickenfoot live: {text}"))
    except SourceError as error:
        _err(f"chickenfoot live: {error}")
        return 2
    options = LiveOptions(max_frames=args.max_frames, snapshot_dir=Path(args.snapshot_dir),
                          send=args.send, snapshot_on_exit=args.snapshot_on_exit,
                          doubt_below=args.min_confidence)
    session = LiveSession(source, reader, args.set_max)
    try:
        if args.no_window:
            from vision.live import run_headless

            return run_headless(session, options, out=lambda line: print(line, flush=True),
                                err=_err)
        from vision.live import run_window

        return run_window(session, options, err=_err)
    except LiveError as error:
        _err(f"chickenfoot live: {error}")
        return 2
    finally:
        source.close()
        if session.frames:
            _err(f"chickenfoot live: {session.frames} frames, {session.fps:.1f} fps")
