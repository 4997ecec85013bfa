"""`chickenfoot serve`: refusing to start leaves nothing behind; stopping ends 130."""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp

from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _as_from_a_terminal() -> None:
    """Ctrl+C at its default in the child, as from a terminal: a test run started as a
    background job hands its children SIGINT ignored, and a Ctrl+C sent before `serve`
    set its own handler was then lost (a timeout, seen once in a full run)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_port_in_use_leaves_no_new_scorecard_file(tmp_path, capsys):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        card = tmp_path / "new.sqlite3"
        assert main(["serve", "--port", str(port), "--db", str(card)]) == 2
        assert not card.exists()
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
    finally:
        taken.close()


def test_a_live_view_that_cannot_start_leaves_no_new_scorecard_file(tmp_path, capsys):
    # the store was made before the live view was tried: a 20 KB file stayed behind
    card = tmp_path / "new.sqlite3"
    assert main(["serve", "--port", "0", "--db", str(card), "--live",
                 str(tmp_path / "no.avi"), "--live-port", "0"]) == 2
    assert not card.exists()
    assert "no video file at" in capsys.readouterr().err


def test_a_damaged_scorecard_kept_aside_is_said_in_the_terminal(tmp_path):
    # the browsers' apps open the fresh file and have nothing to say: serve said nothing
    # either, and the players saw an empty scorecard with no word of their games
    card = tmp_path / "card.sqlite3"
    card.write_bytes(b"SQLite format 3\x00" + b"\x07" * 5000)
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--port", "0",
                               "--db", str(card)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                              preexec_fn=_as_from_a_terminal)
    try:
        assert re.search(rb"http://\S+/", server.stdout.readline())
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    said = err.decode().splitlines()
    assert said[0].startswith("chickenfoot serve: The scorecard file") and "kept as" in said[0]
    assert list(tmp_path.glob("card.sqlite3.corrupt-*"))


def test_a_second_ctrl_c_while_pages_close_still_ends_130_in_one_line(tmp_path):
    # raised again inside the closing, the stop cut it short: exit 2, nothing said
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--port", "0",
                               "--db", str(tmp_path / "card.sqlite3")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                              preexec_fn=_as_from_a_terminal)
    try:
        url = re.search(rb"http://\S+/", server.stdout.readline()).group().decode()

        async def open_a_page_then_ctrl_c_twice() -> None:
            async with aiohttp.ClientSession() as browser, browser.ws_connect(
                    f"{url}ws?width=80&height=24") as page:
                await asyncio.wait_for(page.receive(), 60)  # its app process is running
                server.send_signal(signal.SIGINT)
                await asyncio.sleep(0.3)  # the server is closing the page's app
                server.send_signal(signal.SIGINT)
                while not page.closed:
                    await asyncio.wait_for(page.receive(), 30)

        asyncio.run(open_a_page_then_ctrl_c_twice())
        _, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    assert server.returncode == 130
    assert err.decode() == "chickenfoot: interrupted\n"


def test_another_sites_page_and_other_names_are_refused_and_bad_messages_are_one_line(
        tmp_path):
    # any site's page could open the scorecard's websocket and start games and type
    # scores; a page sent as another name (DNS rebinding) was served; a /ws visit with no
    # upgrade got no answer at all, and a message that is no JSON printed a traceback
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--port", "0",
                               "--db", str(tmp_path / "card.sqlite3")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                              preexec_fn=_as_from_a_terminal)
    try:
        url = re.search(rb"http://\S+/", server.stdout.readline()).group().decode()
        socket_url = f"{url}ws?width=80&height=24"

        async def visit() -> list[int]:
            statuses = []
            async with aiohttp.ClientSession() as browser:
                for headers in ({}, {"Host": "rebound.example:80"}):
                    async with browser.get(url, headers=headers) as page:
                        statuses.append(page.status)
                async with browser.get(f"{url}ws") as plain:
                    statuses.append(plain.status)
                try:
                    async with browser.ws_connect(socket_url,
                                                  headers={"Origin": "http://other.example"}):
                        statuses.append(101)
                except aiohttp.WSServerHandshakeError as refused:
                    statuses.append(refused.status)
                async with browser.ws_connect(socket_url,
                                              headers={"Origin": url.rstrip("/")}) as page:
                    await asyncio.wait_for(page.receive(), 60)  # its app process runs
                    await page.send_str("not a message")
                    while not page.closed:
                        await asyncio.wait_for(page.receive(), 30)
            return statuses

        assert asyncio.run(visit()) == [200, 403, 400, 403]
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    lines = err.decode().splitlines()
    assert lines[-1] == "chickenfoot: interrupted" and "Traceback" not in err.decode()
    assert lines[:-1] == ["chickenfoot serve: a page's connection was closed: it sent what "
                          "the scorecard cannot read (Expecting value: line 1 column 1 (char "
                          "0))"]
