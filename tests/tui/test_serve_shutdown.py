"""`chickenfoot serve` stopped while a browser's app process still runs: the process is
ended and its transport closed before the server's loop closes, so nothing prints a
traceback afterwards ("Event loop is closed")."""

from __future__ import annotations

import asyncio
import gc
import os
import sys

from tui.web.scorecard_server import end_app_processes


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _ended_by_the_server(monkeypatch, child_code: str, grace_s: float):
    """A child started as the server starts a browser's app process, then the server's
    shutdown run on it with the loop still open; the loop is closed after. Returns the
    child and the unraisable exceptions seen."""
    unraisable: list = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    loop = asyncio.new_event_loop()
    try:
        process = loop.run_until_complete(asyncio.create_subprocess_exec(
            sys.executable, "-c", child_code, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE))
        loop.run_until_complete(end_app_processes(grace_s=grace_s))
    finally:
        loop.close()
    return process, unraisable


def test_an_app_process_left_running_is_ended_before_the_loop_closes(monkeypatch):
    process, unraisable = _ended_by_the_server(monkeypatch, "import time; time.sleep(60)", 0.2)
    pid = process.pid
    assert process.returncode is not None  # reaped while the loop ran
    del process  # the last reference goes only now, with the loop closed
    gc.collect()
    assert [str(u.exc_value) for u in unraisable] == []
    assert not _alive(pid)


def test_an_app_process_that_quits_in_time_is_not_killed(monkeypatch):
    process, unraisable = _ended_by_the_server(monkeypatch, "import time; time.sleep(0.3)", 10.0)
    assert process.returncode == 0  # it ended on its own, not by a kill
    del process
    gc.collect()
    assert unraisable == []
