"""``chickenfoot live --page``: the live view as a page on 127.0.0.1, for the OpenCV
build the project installs (headless: no window can open) and for any browser.

Order matters for the player: the port is taken first (a port in use is one line before
anything loads), then the camera is opened, then the URL is printed (and opened in the
browser when there is a desktop to open it on). The page's Send button writes the view
into the scorecard app's inbox, as ``s`` with ``--send`` does in the window.

Why: The live view is a page in the browser. `chickenfoot live` serves the picture and the
reading on 127.0.0.1 (`tui/web/`: standard-library `http.server` in a thread beside the
loop; a JPEG fetched whenever the JSON status names a newer one, so a stalled camera or a
closed tab never holds a request). It works on the default install, whose headless OpenCV
cannot open a window; every laptop and phone has a browser; and CI tests what a player
sees in Debian's headless chromium (`tests/browser/`). The OpenCV window stays where one
can open. The scorecard reaches the phones the same way, by `textual-serve`; `serve
--live` runs the same live page (its loop in a thread) on a second port and links it from
the scorecard page, rather than mounting it in textual-serve's aiohttp app: one
implementation of the live page, and the scorecard keeps working if the camera stalls.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Callable
from typing import Any

from tui.web.listen import ListenError, bind, network_warning, url_for
from tui.web.live_board import RETRYING, LiveBoard
from tui.web.live_loop import PageLoop
from tui.web.live_server import LiveServer


def inbox_writer(err: Callable[[str], None]) -> Callable[[Any, Any, Any], str]:
    """What the Send button does: the view into the inbox, and what to tell the player."""

    def write(image: Any, recognition: Any, rules: Any) -> str:
        from vision.live import inbox_dir, write_snapshot

        _png, json_path = write_snapshot(inbox_dir(), image, recognition, rules)
        count = len(recognition.tiles)
        return (f"sent {count} tile{'s' if count != 1 else ''} to the scorecard "
                f"({json_path.name}): in the scorecard app, press l on the round")

    return write


def desktop_present() -> bool:
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_in_browser(url: str) -> None:
    import webbrowser

    try:
        webbrowser.open(url, new=2)
    except Exception:  # noqa: BLE001 - the URL is printed; opening it is a courtesy
        pass


WAIT_FOR_PAGE_S = 15.0  # a video file waits this long for its first watcher
STOP_WAIT_S = 5.0


class LiveView:
    """The live view started: its page served, its source open, its loop ready to run
    (in this thread for `live`, in a thread of its own beside the scorecard for `serve`).
    """

    def __init__(self, server: LiveServer, loop: PageLoop, url: str) -> None:
        self.server, self.loop, self.url = server, loop, url
        self._thread: threading.Thread | None = None

    def run_in_thread(self) -> None:
        self._thread = threading.Thread(target=self.loop.run, name="live-view", daemon=True)
        self._thread.start()

    def close(self, err: Callable[[str], None]) -> None:
        self.loop.stop.set()
        if self._thread is not None:  # a stalled camera returns within its timeout
            self._thread.join(timeout=STOP_WAIT_S)
        self.server.stop()
        session = self.loop.session
        session.source.close()
        if session.frames:
            err(f"chickenfoot live: {session.frames} frames, {session.fps:.1f} fps")


def start_live_view(args: argparse.Namespace, reader: Any, err: Callable[[str], None],
                    command: str = "live", port_option: str = "--port") -> LiveView | None:
    """Bind the page's port, open the source and start serving the page; None when the
    port or the source cannot be used (said on ``err``, as ``chickenfoot COMMAND``, the
    port named as the option that gave it)."""
    from vision.live import LiveSession, SourceError, open_source

    try:
        sock = bind(args.host, args.port, port_option)
    except ListenError as error:
        err(f"chickenfoot {command}: {error}")
        return None
    stall_s = max(0.1, args.stall_timeout)
    board = LiveBoard(str(args.camera), stall_s)

    def on_message(text: str) -> None:
        err(f"chickenfoot {command}: {text}")
        board.say(RETRYING, text)

    def opener():
        return open_source(args.camera, (args.width, args.height), stall_s=stall_s,
                           on_message=on_message)

    try:
        source = opener()
    except SourceError as error:
        sock.close()
        err(f"chickenfoot {command}: {error}")
        return None
    board.source_name = source.name
    session = LiveSession(source, reader, args.set_max)
    url = url_for(args.host, sock)
    server = LiveServer(sock, board, inbox_writer(err),
                        say=lambda text: err(f"chickenfoot {command}: {text}"))
    loop = PageLoop(session, board, doubt_below=args.min_confidence, url=url,
                    max_frames=args.max_frames, reopen=opener if source.live else None,
                    err=err, wait_for_page_s=0.0 if source.live or args.max_frames
                    else WAIT_FOR_PAGE_S)
    server.start()
    return LiveView(server, loop, url)


def run_page(args: argparse.Namespace, reader: Any, out: Callable[[str], None],
             err: Callable[[str], None]) -> int:
    """Serve the live view until Ctrl+C (130) or ``--max-frames`` (0); 2 when the port or
    the source cannot be used."""
    view = start_live_view(args, reader, err)
    if view is None:
        return 2
    try:
        out(f"chickenfoot live: the live view of {view.loop.session.source.name} is at "
            f"{view.url} (Ctrl+C to quit)")
        if view.loop.wait_for_page_s:  # a video: nothing moves until someone watches
            out(f"chickenfoot live: the video starts when the page opens (or in "
                f"{view.loop.wait_for_page_s:g} s)")
        warning = network_warning(args.host, "the live view (the camera picture and the "
                                             "Send button)")
        if warning:
            err(f"chickenfoot live: {warning}")
        if args.open_page and desktop_present() and sys.stdout.isatty():
            open_in_browser(view.url)
        return view.loop.run()
    finally:
        view.close(err)
