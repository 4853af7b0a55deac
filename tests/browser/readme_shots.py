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
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

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
try:
    d.get(base + "/login?next=/")
    d.find_element(By.ID, "code").send_keys("123456")
    d.find_element(By.CSS_SELECTOR, "form.login button").click()
    time.sleep(1)
    d.save_screenshot(os.path.join(DOCS, "serve-night.png"))
    d.get(base + "/game/1/hand")
    time.sleep(1)
    d.find_element(By.CSS_SELECTOR, "button.choice[data-value='Cat']").click()
    time.sleep(0.7)
    d.save_screenshot(os.path.join(DOCS, "serve-hand-entry.png"))
    for key, value in [("contract", "garde"), ("oudlers", "2"), ("points", "49")]:
        b = [x for x in d.find_elements(By.CSS_SELECTOR, "button.choice") if x.get_attribute("data-value") == value]
        if b:
            b[0].click()
        else:
            d.find_element(By.ID, "q-input").send_keys(value)
            d.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
        time.sleep(0.5)
    while d.find_element(By.ID, "entry").get_attribute("data-step") != "preview":
        d.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
        time.sleep(0.5)
    d.save_screenshot(os.path.join(DOCS, "serve-hand-preview.png"))
    # the coinche table's next hand: the bids as a grid, then the card points on the keypad, typed as the defenders'
    d.get(base + "/game/2/hand")
    time.sleep(1)
    for _ in range(2):  # the dealer and "played", as offered
        d.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
        time.sleep(0.5)
    d.find_element(By.CSS_SELECTOR, "button.choice[data-value='S']").click()
    time.sleep(0.7)
    d.save_screenshot(os.path.join(DOCS, "serve-bid-grid.png"))
    for value in ["110", "D", ""]:
        if value:
            d.find_element(By.CSS_SELECTOR, f"button.choice[data-value='{value}']").click()
        else:
            d.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
        time.sleep(0.5)
    d.find_element(By.ID, "q-complement").click()
    for k in "42":
        d.find_element(By.CSS_SELECTOR, f".keypad button.key[data-key='{k}']").click()
    time.sleep(0.3)
    d.save_screenshot(os.path.join(DOCS, "serve-keypad.png"))
finally:
    d.quit()
    server.terminate()
    server.wait(10)
    shutil.rmtree(tmp, ignore_errors=True)
