"""The scorecard app served to browsers with Textual's own ``textual-serve``: each page
that connects gets its own run of the very command ``chickenfoot`` runs (same store, same
camera), drawn in the page by xterm.js. Nothing is installed on the phones.

Three changes to textual-serve's ``Server``, each for the table:

- it listens on a socket bound beforehand (``tui.web.listen``: a port in use is one line,
  ``--port 0`` takes a free one);
- the page's websocket address comes from the address the browser used, so the page
  works whether it was opened as 127.0.0.1, by this machine's network address or by name;
- its page fetches nothing from the internet (``templates/app_index.html``: no web font)
  and links to the live view when one is served beside it (``serve --live``),
  and Ctrl+C or SIGTERM ends it quietly with the status every command uses (130); a
  second one while the pages close changes nothing.

And two for what else a browser may send: the page and its websocket (which can change
and delete games) answer this machine's own names only, and the websocket this server's
own page only (any site's page may open a websocket to the player's machine); a bad
message or request is one line, never a traceback.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import socket
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from aiohttp.web_runner import GracefulExit
from textual_serve.server import Server, to_int

from tui.guard import ending_signals
from tui.web.same_site import from_another_site, own_name

TEMPLATES = Path(__file__).resolve().parent / "templates"


class ScorecardServer(Server):
    def __init__(self, command: str, sock: socket.socket, title: str = "Chicken Foot",
                 live_port: int | None = None) -> None:
        host, port = sock.getsockname()[:2]
        super().__init__(command, host=host, port=port, title=title,
                         templates_path=TEMPLATES)
        self.sock = sock
        self.live_port = live_port  # the live view beside it, linked from the page
        self.stopped_by: str | None = None  # "interrupted" or "terminated"

    def initialize_logging(self) -> None:
        # one line a problem: a page sending what is no message of the app's, or a request
        # too big to read, printed textual-serve's and aiohttp's tracebacks
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("chickenfoot serve: %(message)s"))
        handler.addFilter(_one_line)
        logging.basicConfig(level=logging.WARNING, handlers=[handler])

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        _refuse_other_names(request)
        return await self._page(request)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """The page's connection to its app, which can change and delete games: from this
        server's own page only. A browser lets any site's page open a websocket to this
        machine (sending that site as the Origin), so a page of another site is refused,
        as is a request that is no websocket (a crawler visiting /ws got no answer)."""
        _refuse_other_names(request)
        if from_another_site(request.headers.get("Origin"), request.host):
            raise web.HTTPForbidden(text="this is the scorecard's own connection: open the "
                                         "scorecard's page\n")
        if request.headers.get("Upgrade", "").lower() != "websocket":
            raise web.HTTPBadRequest(text="a websocket, for the scorecard's page\n")
        return await super().handle_websocket(request)

    async def on_startup(self, app: web.Application) -> None:
        return  # the command prints the address; no banner

    @aiohttp_jinja2.template("app_index.html")
    async def _page(self, request: web.Request) -> dict[str, Any]:
        base = f"{request.scheme}://{request.host}"
        websocket = ("wss:" if request.scheme == "https" else "ws:") + base.split(":", 1)[1]
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": websocket + str(request.app.router["websocket"].url_for()),
            "config": {"static": {"url": base + "/static/"}},
            "application": {"name": self.title},
            "live_url": (f"{request.scheme}://{request.url.host}:{self.live_port}/"
                         if self.live_port else ""),
        }

    def _stop(self, why: str) -> None:
        if self.stopped_by is not None:
            # already closing its pages (a few seconds at most): raised again inside the
            # closing, GracefulExit cut it short and ended the command 2, in silence
            return
        self.stopped_by = why
        raise GracefulExit()

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM (then ``stopped_by`` says which)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        ending = ending_signals()
        previous = _handlers(signal.SIGINT, *ending)
        try:
            loop.add_signal_handler(signal.SIGINT, self._stop, "interrupted")
            for sig in ending:  # SIGTERM, and SIGHUP: the app processes end with it
                loop.add_signal_handler(sig, self._stop, "terminated")
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C is KeyboardInterrupt
            pass
        try:
            app = loop.run_until_complete(self._make_app())
            app.on_cleanup.append(lambda _app: end_app_processes())
            # run_app closes the loop itself: what must run on it runs in on_cleanup
            web.run_app(app, sock=self.sock, handle_signals=False, loop=loop,
                        print=lambda *_args: None, shutdown_timeout=3.0)
        finally:
            if sys.platform != "win32":
                for sig in (signal.SIGINT, *ending):
                    try:
                        loop.remove_signal_handler(sig)
                    except (NotImplementedError, RuntimeError, ValueError):
                        pass
            # asyncio leaves Python's defaults behind (SIGTERM would kill the rest of the
            # closing with no word): the command's own handlers end it, one line and 130
            _restore(previous)
            if not loop.is_closed():
                loop.close()


def _one_line(record: logging.LogRecord) -> bool:
    """A log record as one line, its traceback left out (the exception's words kept)."""
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        said = record.getMessage()
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        if record.name == "textual-serve":  # a page's connection, ended by it
            said = "a page's connection was closed: it sent what the scorecard cannot read"
        record.msg, record.args = (said if reason in said else f"{said} ({reason})"
                                   ).strip() or reason, None
    record.exc_info = record.exc_text = record.stack_info = None
    return True


def _refuse_other_names(request: web.Request) -> None:
    """The page and its connection answer this machine's own names only
    (``tui.web.same_site``)."""
    host = request.url.host or ""
    if not own_name(host):
        raise web.HTTPForbidden(text=f"open the scorecard by this machine's address, not as "
                                     f"{host[:60]}\n")


def _handlers(*signals: signal.Signals) -> dict[signal.Signals, Any]:
    return {sig: signal.getsignal(sig) for sig in signals}


def _restore(handlers: dict[signal.Signals, Any]) -> None:
    for sig, handler in handlers.items():
        try:
            if handler is not None:  # None: set outside Python, nothing to put back
                signal.signal(sig, handler)
        except (ValueError, OSError, TypeError):  # not the main thread
            pass


async def end_app_processes(grace_s: float = 2.0) -> None:
    """End every browser's app process this loop started, while the loop still runs.

    A page still open at Ctrl+C leaves its app process's transport alive after the
    server stops (held by the child watcher until the process is reaped, or by a
    cancelled handler). Closed later, with the loop gone, it prints a traceback ("Event
    loop is closed"). So each one is given ``grace_s`` to quit on its own (it was sent
    "quit"; the store survives either way), then closed, which kills a straggler, and
    the loop runs until each exit is reaped."""
    loop = asyncio.get_running_loop()
    gc.collect()
    transports = [obj for obj in gc.get_objects()
                  if isinstance(obj, asyncio.SubprocessTransport)
                  and getattr(obj, "_loop", loop) is loop and not obj.is_closing()]
    await _until_ended(transports, grace_s)
    for transport in transports:
        transport.close()  # kills the process if it is still running
    await _until_ended(transports, grace_s)


async def _until_ended(transports: list[asyncio.SubprocessTransport],
                       grace_s: float, step_s: float = 0.05) -> None:
    waited = 0.0
    while waited < grace_s and any(t.get_returncode() is None for t in transports):
        await asyncio.sleep(step_s)
        waited += step_s
    await asyncio.sleep(0)  # the closed pipes' callbacks run
