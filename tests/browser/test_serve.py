"""`chickenfoot serve`: the scorecard app in a real browser, as a phone at the table gets
it: textual-serve draws the app's terminal with xterm.js on a canvas, so what the app
wrote is read where the page receives it (its websocket), and keys are typed into the
terminal as a player types them."""

from __future__ import annotations

import re
import subprocess

from browsing import ROOT, URL, Served, close_tab, wait_until
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tui.store import Store

# Before the page's own scripts run: keep what the app sends to the page, as text.
TAP_WEBSOCKET = """
window.__screen = [];
const NativeWebSocket = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new NativeWebSocket(...args);
  socket.addEventListener("message", (event) => {
    if (typeof event.data !== "string") {
      window.__screen.push(new TextDecoder().decode(new Uint8Array(event.data)));
    }
  });
  return socket;
};
window.WebSocket.prototype = NativeWebSocket.prototype;
Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
"""
ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b.")


def screen_text(browser) -> str:
    """Everything the app has drawn so far, terminal escapes taken out."""
    return ESCAPES.sub("", "".join(browser.execute_script("return window.__screen || []")))


def _app_processes(db) -> list[str]:
    listing = subprocess.run(["ps", "-ww", "-eo", "args"], capture_output=True, text=True).stdout
    return [line for line in listing.splitlines() if str(db) in line and " serve" not in line]


def test_the_scorecard_app_in_the_browser_on_the_same_store(browser, tmp_path):
    db = tmp_path / "games.db"
    served = Served(["--db", str(db), "serve", "--port", "0"])
    try:
        assert served.url.startswith("http://127.0.0.1:")
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                {"source": TAP_WEBSOCKET})
        browser.get(served.url)
        assert browser.title == "Chicken Foot"
        # the app the plain `chickenfoot` opens: a new store starts on the new game screen
        wait_until(lambda: "Chicken Foot" in screen_text(browser)
                   and "New game" in screen_text(browser), 30, "the app's new game screen")
        wait_until(lambda: "-first-byte" in browser.find_element(By.TAG_NAME, "body")
                   .get_attribute("class"), 10, "the terminal shown")
        canvas = browser.find_element(By.CSS_SELECTOR, ".textual-terminal canvas")
        assert canvas.size["width"] > 600 and canvas.size["height"] > 400
        # a player types the names and starts the game, in the page
        keys = browser.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        keys.send_keys("Ada, Ben")
        wait_until(lambda: "Ada, Ben" in screen_text(browser), 10, "the names typed")
        ActionChains(browser).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
        # ... and the game is in the store this computer's `chickenfoot` uses
        def started():
            store = Store(db)
            try:
                return [g.players for g in store.games()]
            finally:
                store.close()

        assert wait_until(started, 20, "the game in the store") == [("Ada", "Ben")]
        wait_until(lambda: "Round 1 of 10" in screen_text(browser), 10, "the scorecard drawn")
        # nothing on the page came from anywhere but this server
        origins = browser.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)")
        assert origins and all(o.startswith(served.url) or o.startswith(
            served.url.replace("http:", "ws:")) for o in origins), origins
        assert _app_processes(db), "one app runs for the page"
        close_tab(browser)  # the page closed: its app ends
        wait_until(lambda: not _app_processes(db), 15, "the app ending with its page")
        # opened again (in the new tab), the game is there; Ctrl+C with the page open ends
        # its app too
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                {"source": TAP_WEBSOCKET})
        browser.get(served.url)
        wait_until(lambda: "Ada" in screen_text(browser), 30, "the game in a new page")
        assert served.interrupt() == 130
        assert "Traceback" not in served.stderr_text()
        wait_until(lambda: not _app_processes(db), 10, "no app left running")
    finally:
        served.stop()


def test_serve_warns_when_opened_to_the_network(tmp_path):
    served = Served(["--db", str(tmp_path / "games.db"), "serve", "--host", "0.0.0.0",
                     "--port", "0"])
    try:
        assert "anyone" in served.stderr_text() or served.wait_for_stderr("anyone", 5)
        assert not served.url.startswith("http://0.0.0.0")
    finally:
        assert served.interrupt() == 130
        served.stop()


def test_serve_with_the_live_view_beside_the_scorecard(browser, tmp_path):
    video = ROOT / "datasets" / "samples" / "live_demo.avi"
    served = Served(["--db", str(tmp_path / "games.db"), "serve", "--port", "0",
                     "--live", str(video), "--live-port", "0"])
    try:
        live_line = wait_until(lambda: next(
            (line for line in served.out if "the live view of" in line), None), 30,
            "the live view's address")
        live_url = URL.search(live_line).group(1)
        assert live_url.startswith("http://127.0.0.1:") and live_url != served.url
        browser.get(served.url)
        link = wait_until(lambda: browser.find_element(By.ID, "live-link"), 20,
                          "the link to the live view")
        assert link.get_attribute("href") == live_url
        link.click()  # a tab of its own: the scorecard stays open
        browser.switch_to.window(browser.window_handles[-1])
        wait_until(lambda: browser.find_element(By.ID, "pips").text == "43", 60,
                   "the sample video's hand read on the live page (pips 43)")
        assert served.interrupt() == 130
        assert "Traceback" not in served.stderr_text()
    finally:
        served.stop()
