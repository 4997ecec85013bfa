"""Take the README's screenshots of the two pages with Debian's headless chromium:
``docs/live-page.png`` (``chickenfoot live`` on the bundled sample video, at its end) and
``docs/serve.png`` (``chickenfoot serve --live`` showing a game of four in its fourth round,
with the link to the live view served beside it).

Run from the repository root: ``python docs/screenshots.py``. Needs ``chromium`` and
``chromium-driver`` (apt) and selenium (the test extra); downloads nothing.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SAMPLE = ROOT / "datasets" / "samples" / "live_demo.avi"


def driver(width: int, height: int):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     f"--window-size={width},{height}", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"),
                            options=options)


def start(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, "-m", "tui.cli", *args], cwd=ROOT,
                               env={**os.environ, **env}, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    for line in process.stdout:
        found = re.search(r" is at (http://\S+/)", line)
        if found:
            return process, found.group(1)
    raise SystemExit(f"{args[0]} ended before serving")


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGINT)
    process.wait(timeout=20)


def wait_for(condition, timeout_s: float = 40.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except Exception:  # noqa: BLE001 - still loading
            pass
        time.sleep(0.2)
    raise SystemExit("the page did not show what was expected")


def live_page(folder: Path) -> None:
    from selenium.webdriver.common.by import By

    process, url = start(["live", "--camera", str(SAMPLE), "--set", "12", "--port", "0"],
                         {"CHICKENFOOT_INBOX": str(folder / "inbox")})
    browser = driver(1200, 700)
    try:
        browser.get(url)
        wait_for(lambda: "end of the video" in browser.find_element(By.ID, "word").text)
        browser.find_element(By.ID, "send").click()
        wait_for(lambda: "sent" in browser.find_element(By.ID, "sent").text)
        time.sleep(0.5)
        browser.save_screenshot(str(ROOT / "docs" / "live-page.png"))
    finally:
        browser.quit()
        stop(process)


def a_game(db: Path) -> None:
    from scorer.rules import RuleSet
    from scorer.scorecard import Scorecard
    from tui.store import Store

    card = Scorecard.new(("Ann", "Bo", "Cy", "Di"), RuleSet())
    for round_index, points in enumerate([(0, 23, 41, 12), (17, 0, 9, 30), (8, 55, 0, 14)]):
        for player, score in zip(card.players, points, strict=True):
            card = card.with_score(round_index, player, score, went_out=score == 0)
    store = Store(db)
    try:
        store.create_game(card)
    finally:
        store.close()


def served_scorecard(folder: Path) -> None:
    db = folder / "games.db"
    a_game(db)
    process, url = start(["serve", "--db", str(db), "--port", "0", "--live", str(SAMPLE),
                          "--live-port", "0"], {"CHICKENFOOT_INBOX": str(folder / "inbox")})
    browser = driver(1100, 600)
    try:
        browser.get(url)
        wait_for(lambda: "-first-byte" in browser.find_element("tag name", "body")
                 .get_attribute("class"))
        time.sleep(2.0)  # the app asks whether to resume the unfinished game: yes
        browser.find_element("css selector", ".xterm-helper-textarea").send_keys("r")
        time.sleep(7.0)  # and the "Game 1 opened" notice has gone
        browser.save_screenshot(str(ROOT / "docs" / "serve.png"))
    finally:
        browser.quit()
        stop(process)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        live_page(Path(folder))
        served_scorecard(Path(folder))
    print("wrote docs/live-page.png and docs/serve.png")


if __name__ == "__main__":
    main()
