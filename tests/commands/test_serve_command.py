"""`chickenfoot serve` refusing to start leaves nothing behind."""

from __future__ import annotations

import socket

from tui.cli import main


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
