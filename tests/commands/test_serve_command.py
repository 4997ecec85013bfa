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


def test_a_second_ctrl_c_while_pages_close_still_ends_130_in_one_line(tmp_path):
    # raised again inside the closing, the stop cut it short: exit 2, nothing said
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--port", "0",
                               "--db", str(tmp_path / "card.sqlite3")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
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
