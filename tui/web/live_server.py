"""The live page's web server: standard library ``http.server`` in a thread, four
addresses, nothing else.

    GET  /             the page (``live_page.html``)
    GET  /frame.jpg    the newest picture, tiles outlined and their values drawn
    GET  /status.json  the reading, totals and a word on the source (``LiveBoard.status``)
    POST /send         the view to the scorecard app's inbox; JSON {ok, message}

The page fetches the picture when the status names a newer one, rather than one long MJPEG
response: every request is short, so a stalled camera, a closed tab or a dropped phone
connection never holds a thread, and the page knows the server is gone when a fetch
fails. A browser that goes away mid-answer is ignored (no traceback on the terminal).
Every address answers this machine's own names only, as the scorecard's page does
(``tui.web.same_site``): a site that gives its name to this machine's address could
otherwise watch the camera's picture and send hands.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from tui.web.live_board import LiveBoard
from tui.web.same_site import from_another_site, own_name

Writer = Callable[[Any, Any, Any], str]
_GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)


def page_html() -> bytes:
    return resources.files("tui.web").joinpath("live_page.html").read_bytes()


class _Handler(BaseHTTPRequestHandler):
    server: LiveServer
    protocol_version = "HTTP/1.1"
    timeout = 30  # a client that opens a connection and says nothing is dropped

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        path = urlsplit(self.path).path
        if not self._own_host():
            self._reply(HTTPStatus.FORBIDDEN, "text/plain; charset=utf-8",
                        b"open the live view by this machine's address\n")
        elif path in ("/", "/index.html"):
            self._reply(HTTPStatus.OK, "text/html; charset=utf-8", self.server.page)
        elif path == "/frame.jpg":
            _seq, jpeg = self.server.board.picture()
            if jpeg is None:
                self._reply(HTTPStatus.SERVICE_UNAVAILABLE, "text/plain; charset=utf-8",
                            b"no picture yet\n")
            else:
                self._reply(HTTPStatus.OK, "image/jpeg", jpeg)
        elif path == "/status.json":
            self._json(HTTPStatus.OK, self.server.board.status())
        else:
            self._reply(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found\n")

    def do_POST(self) -> None:  # noqa: N802
        path = urlsplit(self.path).path
        length = int(self.headers.get("Content-Length") or 0)
        if 0 < length <= 65536:
            self.rfile.read(length)
        if path != "/send":
            self._reply(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found\n")
            return
        if not self._own_host() or from_another_site(self.headers.get("Origin"),
                                                     self.headers.get("Host")):
            self._json(HTTPStatus.FORBIDDEN, {"ok": False, "message": "not from this page"})
            return
        ok, message = self.server.board.send(self.server.writer)
        self.server.say(message)
        self._json(HTTPStatus.OK if ok else HTTPStatus.CONFLICT, {"ok": ok, "message": message})

    def _own_host(self) -> bool:
        """Whether the Host header names this machine (none at all is no browser)."""
        host = self.headers.get("Host")
        if host is None:
            return True
        try:
            return own_name(urlsplit(f"//{host}").hostname or "")
        except ValueError:  # a Host no URL can hold ("[::1")
            return False

    def _json(self, status: HTTPStatus, data: dict[str, Any]) -> None:
        body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self._reply(status, "application/json; charset=utf-8", body)

    def _reply(self, status: HTTPStatus, kind: str, body: bytes) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(body)
        except _GONE:
            self.close_connection = True

    def handle(self) -> None:
        try:
            super().handle()
        except _GONE + (OSError,):  # the page was closed mid-request
            self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base name
        return  # one line per picture would bury what matters on the terminal


class LiveServer(ThreadingHTTPServer):
    """Serves ``board`` on an already bound socket (see ``tui.web.listen.bind``)."""

    daemon_threads = True

    def __init__(self, sock: socket.socket, board: LiveBoard, writer: Writer,
                 say: Callable[[str], None] = lambda _text: None) -> None:
        super().__init__(sock.getsockname()[:2], _Handler, bind_and_activate=False)
        self.socket.close()
        self.socket = sock
        self.server_address = sock.getsockname()
        self.board = board
        self.writer = writer
        self.say = say
        self.page = page_html()
        self._thread: threading.Thread | None = None

    def handle_error(self, request: Any, client_address: Any) -> None:
        return  # a broken connection is the browser's business, not the terminal's

    def start(self) -> None:
        self._thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.2},
                                        name="live-page", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self.shutdown()
            self._thread.join(timeout=2.0)
            self._thread = None
        self.server_close()
