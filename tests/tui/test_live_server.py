"""The live page's server answers this machine's own names only: a site that gives its
name to this machine's address (DNS rebinding) neither sees the camera nor sends hands."""

from __future__ import annotations

import http.client
import json

import pytest

from tui.web.listen import bind
from tui.web.live_board import LiveBoard
from tui.web.live_server import LiveServer


@pytest.fixture
def served():
    sock = bind("127.0.0.1", 0)
    sent = []
    server = LiveServer(sock, LiveBoard("camera 0", stall_s=3.0),
                        lambda *view: sent.append(view) or "sent")
    server.start()
    yield sock.getsockname()[1]
    server.stop()


def ask(port: int, method: str, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest(method, path, skip_host=True)
    for name, value in headers.items():
        connection.putheader(name, value)
    connection.endheaders()
    reply = connection.getresponse()
    body = reply.read()
    connection.close()
    return reply.status, body


@pytest.mark.parametrize("path", ["/", "/status.json", "/frame.jpg"])
def test_another_name_for_this_machine_sees_nothing(served, path):
    status, body = ask(served, "GET", path, {"Host": f"rebound.example:{served}"})
    assert status == 403 and b"this machine's address" in body


def test_this_machines_own_names_see_the_page(served):
    for host in (f"127.0.0.1:{served}", f"localhost:{served}", "[::1]"):
        status, _ = ask(served, "GET", "/status.json", {"Host": host})
        assert status == 200, host


def test_a_send_from_a_rebound_name_is_refused_even_with_a_matching_origin(served):
    host = f"rebound.example:{served}"
    status, body = ask(served, "POST", "/send", {"Host": host, "Origin": f"http://{host}",
                                                 "Content-Length": "0"})
    assert status == 403 and json.loads(body)["ok"] is False


def test_a_host_no_url_can_hold_is_refused_not_a_traceback(served):
    status, _ = ask(served, "GET", "/", {"Host": "[::1"})
    assert status == 403
