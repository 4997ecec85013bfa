"""Helpers for the browser tests. The browser is real: Debian's chromium, headless, driven
by Selenium through the chromedriver installed beside it (never one fetched at run time).

A machine without them fails these tests, with the command that installs them: a skipped
browser test would pass a page nobody looked at.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROMIUM = Path("/usr/bin/chromium")
URL = re.compile(r" is at (https?://\S+/)")  # the line each page command prints
INSTALL = ("install them with: sudo apt-get install -y chromium chromium-driver "
           "(.ci/run does this)")


def new_driver(width: int = 1280, height: int = 860):
    """A headless chromium; fails (never skips) when it is not installed."""
    if not CHROMEDRIVER.exists() or not CHROMIUM.exists():
        pytest.fail(f"no {CHROMIUM} or {CHROMEDRIVER}: {INSTALL}", pytrace=False)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)),
                            options=options)


def _as_in_a_terminal() -> None:
    """Ctrl+C as a terminal delivers it: a test run started in the background by a
    non-interactive shell inherits SIGINT ignored, and Python then never turns it into
    KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Served:
    """A ``chickenfoot`` command run as players run it, its output read as it comes."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None,
                 timeout_s: float = 60.0) -> None:
        environment = dict(os.environ)
        environment.update(env or {})
        environment.pop("DISPLAY", None)  # a page, never a window, and no browser opened
        environment.pop("WAYLAND_DISPLAY", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", *args], cwd=ROOT, env=environment,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, start_new_session=True, preexec_fn=_as_in_a_terminal)
        self.out: list[str] = []
        self.err: list[str] = []
        self._lines: queue.Queue[str] = queue.Queue()
        for stream, into in ((self.process.stdout, self.out), (self.process.stderr, self.err)):
            threading.Thread(target=self._pump, args=(stream, into), daemon=True).start()
        self.url = self._wait_for_url(timeout_s)

    def _pump(self, stream, into: list[str]) -> None:
        for line in stream:
            into.append(line)
            self._lines.put(line)

    def _wait_for_url(self, timeout_s: float) -> str:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            for line in list(self.out):
                found = URL.search(line)
                if found:
                    return found.group(1)
            if self.process.poll() is not None:
                time.sleep(0.2)
                pytest.fail(f"exited {self.process.returncode} before serving: "
                            f"{''.join(self.err)}", pytrace=False)
            time.sleep(0.05)
        self.stop()
        pytest.fail(f"no URL printed within {timeout_s} s: {''.join(self.out + self.err)}",
                    pytrace=False)

    def stderr_text(self) -> str:
        return "".join(self.err)

    def wait_for_stderr(self, text: str, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if text in self.stderr_text():
                return True
            time.sleep(0.1)
        return False

    def interrupt(self, timeout_s: float = 20.0) -> int:
        """Ctrl+C, as a player ends it; the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.stop()
            raise

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait(timeout=10)


def wait_until(condition, timeout_s: float, what: str, interval_s: float = 0.1):
    """``condition()``'s first true value; fails saying ``what`` was not seen."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        try:
            last = condition()
        except Exception as error:  # noqa: BLE001 - a page still loading; try again
            last = error
        else:
            if last:
                return last
        time.sleep(interval_s)
    pytest.fail(f"{what} not seen within {timeout_s} s (last: {last!r})", pytrace=False)


def close_tab(browser) -> None:
    """Close the page's tab as a player does (a new empty tab stays, to go on with)."""
    page = browser.current_window_handle
    browser.switch_to.new_window("tab")
    spare = browser.current_window_handle
    browser.switch_to.window(page)
    browser.close()
    browser.switch_to.window(spare)
