#!/usr/bin/env python3
"""The README's phone screenshots (docs/serve-*.png), made again: a night of three tables started and played at the
command line, `marque serve` on it, and chromium at 360x740 showing the night's scoreboard, a hand's question and its
preview, coinche's bids as a grid and the keypad. Not a test. Usage: readme_shots.py MARQUE_BIN DOCS_DIR"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import ENTRY, answer, tap_on, until  # noqa: E402

BIN, DOCS = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp(prefix="marque-shots-")
db = os.path.join(tmp, "night.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC")


def marque(*a):
    return subprocess.run([BIN, "--db", db, *a], env=env, capture_output=True, text=True, check=True).stdout


marque("night", "start", "--date", "2026-11-20", "--venue", "Café du Coin", "--league", "Thursday club")
marque("start", "tarot", "players=Ann,Ben,Cat,Dan", "dealer=Ann", "--night", "1")
for h in [["taker=Ben", "contract=garde", "oudlers=2", "points=47"], ["taker=Cat", "contract=prise", "oudlers=1", "points=38"],
          ["taker=Dan", "contract=garde", "oudlers=3", "points=44"], ["taker=Ann", "contract=prise", "oudlers=2", "points=52"]]:
    marque("hand", "--no-prompt", *h)
marque("start", "coinche", "N=Nina", "E=Emil", "S=Sara", "W=Will", "dealer=W", "--night", "1")
marque("hand", "--no-prompt", "bidder=N", "bid=80", "trump=H", "points=100", "last=bidders")
marque("hand", "--no-prompt", "bidder=E", "bid=100", "trump=S", "points=110", "last=bidders")
marque("start", "prefa", "players=Eleni,Yannis,Kostas", "initial_pool=31", "dealer=Eleni", "--night", "1")
marque("hand", "--no-prompt", "declarer=Eleni", "contract=7S", "calls=Yannis:play,Kostas:play", "tricks=Eleni:7,Yannis:2,Kostas:1")

server = subprocess.Popen([BIN, "--db", db, "-q", "serve", "--listen", "127.0.0.1:0", "--code", "123456"], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
base = "http://127.0.0.1:" + re.search(r":(\d+)/", server.stdout.readline()).group(1)
o = webdriver.ChromeOptions()
o.binary_location = shutil.which("chromium")
for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=360,740",
          f"--user-data-dir={tmp}/profile"]:
    o.add_argument(a)
o.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 360, "height": 740, "pixelRatio": 1.5}})
d = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=o)


def step(key=None):
    """Waits until the entry asks `key` (any question when None) and is not busy: its state."""
    return until(d, ENTRY + " return !s.busy && s.step !== '' && (arguments[0] === null || s.step === arguments[0]) ? s : null;",
                 key)


try:
    d.get(base + "/login?next=/")
    d.find_element(By.ID, "code").send_keys("123456")
    tap_on(d, "form.login button")
    until(d, "return document.getElementById('live')")
    d.save_screenshot(os.path.join(DOCS, "serve-night.png"))
    d.get(base + "/game/1/hand")
    st = answer(d, step("taker"), "Cat")
    d.save_screenshot(os.path.join(DOCS, "serve-hand-entry.png"))
    for value in ["garde", "2", "49"]:
        st = answer(d, st, value, typed=True)
    while st and st["step"] != "preview":
        st = answer(d, st, None)
    d.save_screenshot(os.path.join(DOCS, "serve-hand-preview.png"))
    # the coinche table's next hand: the bids as a grid, then the card points on the keypad, typed as the defenders'
    d.get(base + "/game/2/hand")
    st = step()
    for _ in range(2):  # the dealer and "played", as offered
        st = answer(d, st, None)
    st = answer(d, st, "S")
    d.save_screenshot(os.path.join(DOCS, "serve-bid-grid.png"))
    for value in ["110", "D", None]:
        st = answer(d, st, value)
    tap_on(d, "#q-complement")
    for k in "42":
        tap_on(d, f".keypad button.key[data-key='{k}']")
    until(d, "const c = document.getElementById('q-computed'); return c && c.innerText.trim()")
    d.save_screenshot(os.path.join(DOCS, "serve-keypad.png"))
finally:
    d.quit()
    server.terminate()
    server.wait(10)
    shutil.rmtree(tmp, ignore_errors=True)
