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


def test_an_app_process_left_running_is_ended_before_the_loop_closes(monkeypatch):
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    loop = asyncio.new_event_loop()
    try:
        process = loop.run_until_complete(asyncio.create_subprocess_exec(
            sys.executable, "-c", "import time; time.sleep(60)",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE))
        loop.run_until_complete(end_app_processes(grace_s=0.2))
    finally:
        loop.close()
    pid = process.pid
    assert process.returncode is not None  # reaped while the loop ran
    del process  # the last reference goes only now, with the loop closed
    gc.collect()
    assert [str(u.exc_value) for u in unraisable] == []
    assert not _alive(pid)


def test_an_app_process_that_quits_in_time_is_not_killed(monkeypatch):
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    loop = asyncio.new_event_loop()
    try:
        process = loop.run_until_complete(asyncio.create_subprocess_exec(
            sys.executable, "-c", "import time; time.sleep(0.3)",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE))
        loop.run_until_complete(end_app_processes(grace_s=10.0))
    finally:
        loop.close()
    assert process.returncode == 0  # it ended on its own, not by a kill
    del process
    gc.collect()
    assert unraisable == []
