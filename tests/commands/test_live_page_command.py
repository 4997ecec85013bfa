"""`chickenfoot live --page` and `chickenfoot serve` refusing what they cannot use: one
line, exit 2, the port given back. (What the pages show is tested in a browser, in
tests/browser.)"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tui.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "datasets/samples/live_demo.avi"


@pytest.fixture
def busy_port():
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    yield taken.getsockname()[1]
    taken.close()


def _one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


def test_a_port_in_use_is_one_line(truth_reader, busy_port, capsys):
    assert main(["live", "--camera", str(SAMPLE), "--page", "--port", str(busy_port)]) == 2
    assert _one_line(capsys) == (f"chickenfoot live: port {busy_port} is already in use on "
                                 "127.0.0.1: choose another with --port (0 takes a free one)")


@pytest.mark.parametrize("port", ["-1", "65536"])
def test_a_port_out_of_range_is_refused(truth_reader, port, capsys):
    assert main(["live", "--camera", str(SAMPLE), "--page", "--port", port]) == 2
    assert "is not a port" in _one_line(capsys)


def test_a_host_that_is_not_ours_is_one_line(truth_reader, capsys):
    assert main(["live", "--camera", str(SAMPLE), "--page", "--port", "0",
                 "--host", "no-such-host.invalid"]) == 2
    assert _one_line(capsys).startswith("chickenfoot live: --host no-such-host.invalid: ")


def test_a_missing_video_gives_the_port_back(truth_reader, capsys):
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    assert main(["live", "--camera", "nowhere.avi", "--page", "--port", str(port)]) == 2
    assert _one_line(capsys).startswith("chickenfoot live: no video file at nowhere.avi")
    again = socket.socket()
    again.bind(("127.0.0.1", port))  # free again
    again.close()


def test_the_network_is_opened_only_when_asked_and_said(truth_reader, capsys):
    assert main(["live", "--camera", str(SAMPLE), "--page", "--port", "0", "--max-frames",
                 "2"]) == 0
    captured = capsys.readouterr()
    assert "http://127.0.0.1:" in captured.out and "warning" not in captured.err
    assert main(["live", "--camera", str(SAMPLE), "--page", "--port", "0", "--host",
                 "0.0.0.0", "--max-frames", "2"]) == 0
    captured = capsys.readouterr()
    assert "http://0.0.0.0" not in captured.out
    assert "warning: --host 0.0.0.0 opens the live view" in captured.err
    assert "anyone who can reach this machine" in captured.err


def test_serve_on_a_port_in_use_is_one_line(tmp_path, busy_port, capsys):
    assert main(["serve", "--db", str(tmp_path / "games.db"), "--port", str(busy_port)]) == 2
    assert "is already in use" in _one_line(capsys)


def test_serve_names_its_own_live_port_option_when_that_port_is_taken(
        truth_reader, tmp_path, busy_port, capsys):
    # it said "chickenfoot live: ... choose another with --port"
    assert main(["serve", "--db", str(tmp_path / "games.db"), "--port", "0",
                 "--live", str(SAMPLE), "--live-port", str(busy_port)]) == 2
    assert _one_line(capsys) == (f"chickenfoot serve: port {busy_port} is already in use on "
                                 "127.0.0.1: choose another with --live-port (0 takes a "
                                 "free one)")


def test_serve_with_one_port_for_both_says_so(tmp_path, capsys):
    # it said "port N is already in use", the scorecard having taken it first
    assert main(["serve", "--db", str(tmp_path / "games.db"), "--port", "18112",
                 "--live", str(SAMPLE), "--live-port", "18112"]) == 2
    assert _one_line(capsys) == ("chickenfoot serve: --port and --live-port are both 18112: "
                                 "the scorecard and the live view need a port each")
    assert not (tmp_path / "games.db").exists()


def test_serve_with_a_store_that_cannot_open_says_so(tmp_path, capsys):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert main(["--db", str(folder), "serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("chickenfoot serve: ") and "--db PATH" in err
    assert "Traceback" not in err


def test_serve_runs_the_app_command_on_the_same_store(tmp_path):
    import argparse
    import shlex
    import sys

    from tui.commands.serve import app_command

    command = shlex.split(app_command(argparse.Namespace(camera=2), str(tmp_path / "g b.db")))
    assert command == [sys.executable, "-m", "tui.cli", "--db", str(tmp_path / "g b.db"),
                       "--camera", "2"]
