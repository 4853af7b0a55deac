#!/usr/bin/env python3
"""The phone keeps working when the Wi-Fi drops (issue 32 point 4), in Chromium at 360x740 on http://127.0.0.1 (a
secure context: the service worker runs).

The web app is installable (manifest, icon, service worker: no installability error about them). A scorer logs in
and opens a game; the network is cut (DevTools network conditions through Selenium). One hand previewed through the
questions is stored while the network is down, a second is typed as one line on the entry page the worker kept:
both are kept on the phone and the page says "2 hands waiting to be sent"; the game's page opens offline from the
cache and says it is an offline copy and when it was saved. The network comes back: each hand is stored exactly once
and in order, the queue is empty and the page says so. A hand refused when it is finally sent stays on the phone
with its error until the scorer fixes it. Then a phone without a worker (plain http to the machine's name: not a
secure context, like http://192.168.x.y on a club's Wi-Fi) keeps two hands and sends them the same way. A screenshot of the waiting state goes to ARTIFACTS_DIR (and, with
SHOTS_DIR set, docs/shots/).

Usage: offline.py MARQUE_BIN ARTIFACTS_DIR"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import trio  # Debian's python3-trio and python3-trio-websocket: what Selenium's own DevTools connection uses
from trio_websocket import open_websocket_url

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "load"))
from serve_client import Checks, scratch  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import ENTRY, answer, tap_on, until  # noqa: E402

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
SHOTS = os.environ.get("SHOTS_DIR")
CODE = "470047"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp, db, env, marque = scratch(BIN, "marque-offline-")
check = Checks()


marque("night", "start", "--date", "2026-11-26", "--venue", "Café du Coin")
marque("start", "tarot", "players=Ann,Ben,Cat,Dan", "dealer=Ann", "--night", "1")
marque("hand", "--no-prompt", "taker=Ben", "contract=garde", "oudlers=2", "points=47")
GAME = 1

server = subprocess.Popen([BIN, "--db", db, "-q", "serve", "--listen", "127.0.0.1:0", "--code", CODE], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
m = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
if not m:
    server.kill()
    raise SystemExit("no address printed: " + server.stderr.read())
base = f"http://127.0.0.1:{m.group(1)}"


def api_hands():
    with urllib.request.urlopen(f"{base}/api/games/{GAME}", timeout=10) as r:
        return json.load(r)["hands"]


def listed():
    return json.loads(marque("list", str(GAME), "--format", "json"))


def browser(*extra):
    o = webdriver.ChromeOptions()
    o.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=360,740",
              f"--user-data-dir={tempfile.mkdtemp(prefix='profile-', dir=tmp)}", *extra]:
        o.add_argument(a)
    o.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 360, "height": 740, "pixelRatio": 2}})
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    b = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=o)
    b.set_page_load_timeout(30)
    return b


d = browser()


def wait(cond, timeout=10):
    try:
        return WebDriverWait(d, timeout, poll_frequency=0.1,
                             ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(lambda _: cond())
    except TimeoutException:
        return None


# the text shown of the elements a selector names (arguments[0]), in one script
TEXT = ("const text = (css) => Array.from(document.querySelectorAll(css),"
        " e => e.getClientRects().length ? e.innerText.trim() : '').join(' ');")


def text_of(css):
    return d.execute_script(TEXT + " return text(arguments[0]);", css)


def shows(css, words, timeout=10):
    """Waits in the page until the text of `css` holds `words`: that text, or None."""
    return until(d, TEXT + " const t = text(arguments[0]); return t.includes(arguments[1]) ? t : null;", css, words,
                 timeout=timeout)


def step_is(key, timeout=10):
    return until(d, ENTRY + " return s.step === arguments[0];", key, timeout=timeout)


def js(script):
    return d.execute_async_script("const done = arguments[arguments.length - 1];\n" + script)


class WorkerOffline:
    """The service worker's own network cut while this lasts: chromedriver's network conditions reach the page only,
    and the worker fetches the pages. Through the browser's DevTools endpoint, each service worker's target gets the
    same conditions (Network.emulateNetworkConditions), kept while the connection stays open."""

    def __init__(self):
        addr = d.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{addr}/json/version", timeout=10) as r:
            self.url = json.load(r)["webSocketDebuggerUrl"]
        self.stop, self.ready, self.workers, self.error = threading.Event(), threading.Event(), 0, None
        self.thread = threading.Thread(target=lambda: trio.run(self.run), daemon=True)
        self.thread.start()
        self.ready.wait(20)

    async def run(self):
        try:
            async with open_websocket_url(self.url, max_message_size=16 << 20) as ws:
                n = 0

                async def call(method, params=None, session=None):
                    nonlocal n
                    n += 1
                    msg = {"id": n, "method": method, "params": params or {}}
                    if session:
                        msg["sessionId"] = session
                    await ws.send_message(json.dumps(msg))
                    while True:
                        r = json.loads(await ws.get_message())
                        if r.get("id") == n:
                            return r.get("result", {})

                sessions = []
                for t in (await call("Target.getTargets"))["targetInfos"]:
                    if t["type"] == "service_worker":
                        sid = (await call("Target.attachToTarget", {"targetId": t["targetId"], "flatten": True}))["sessionId"]
                        await call("Network.enable", {}, sid)
                        await call("Network.emulateNetworkConditions",
                                   {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}, sid)
                        sessions.append(sid)
                self.workers = len(sessions)
                self.ready.set()
                while not self.stop.is_set():
                    with trio.move_on_after(0.1):
                        await ws.get_message()  # the events of the attached targets, read and let go
                for sid in sessions:
                    await call("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}, sid)
        except Exception as e:  # noqa: BLE001 (said by the check below)
            self.error = e
            self.ready.set()

    def end(self):
        self.stop.set()
        self.thread.join(20)


worker_cut = None


def network(up, worker=True):
    global worker_cut
    if up:
        d.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        if worker_cut:
            worker_cut.end()
            worker_cut = None
    else:
        d.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
        if not worker:
            return
        worker_cut = WorkerOffline()
        check(worker_cut.workers >= 1 and worker_cut.error is None,
              f"the service worker's network is cut too ({worker_cut.workers} worker(s), {worker_cut.error!r})")


def step():
    return d.execute_script("const e = document.getElementById('entry'); return e ? e.getAttribute('data-step') || '' : ''")


def answer_up_to_preview(answers):
    """The entry page's questions answered (a choice's button, else typed), the others left at their defaults."""
    st = until(d, ENTRY + " return s.step !== '' ? s : null;") or {"step": ""}
    for _ in range(30):
        if st["step"] in ("preview", "refused", ""):
            break
        st = answer(d, st, answers.get(st["step"]), typed=True)
        if not st:
            break


def shot(name):
    path = os.path.join(ARTIFACTS, name + ".png")
    d.save_screenshot(path)
    sw, iw = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(sw <= iw, f"{name}: no horizontal scrolling ({sw} <= {iw})")
    return path


try:
    # --- the installable app: its manifest, its worker
    with urllib.request.urlopen(base + "/manifest.webmanifest", timeout=10) as r:
        manifest = json.load(r)
        check(r.headers.get("Content-Type", "").startswith("application/manifest+json"), "the manifest's media type")
    check(manifest.get("start_url") == "/" and manifest.get("icons"), "the manifest names the app, its start and its icon")
    d.get(f"{base}/login?next=/game/{GAME}")
    d.find_element(By.ID, "code").send_keys(CODE)
    # WebDriver's click here, not a tap: it returns once the game's page has loaded, so the worker registers from a
    # loaded page (after a tap the check below ran in a page still loading and, under load, 1 run in 4 never saw the
    # worker claim it)
    d.find_element(By.CSS_SELECTOR, "form.login button").click()
    check(until(d, "return (location.pathname + location.hash).endsWith(arguments[0]) && document.readyState === 'complete'",
                f"/game/{GAME}") is not None, "logged in, the game's page shown")
    controlled = js("navigator.serviceWorker.ready.then(() => { const t0 = Date.now(); (function w() {"
                    " if (navigator.serviceWorker.controller || Date.now() - t0 > 15000) done(!!navigator.serviceWorker.controller);"
                    " else setTimeout(w, 100); })(); }, (e) => done(String(e)));")
    check(controlled is True, f"the service worker controls the page ({controlled})")
    errors = d.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
    check(not errors, f"the app is installable (installability errors: {[e.get('errorId') for e in errors]})")
    # the pages it keeps: the game's page, its entry page (kept ahead, never opened)
    kept = wait(lambda: (lambda k: k if {f"/game/{GAME}", f"/game/{GAME}/hand"} <= set(k) else None)(
        js("caches.open('marque-pages').then(c => c.keys()).then(ks => done(ks.map(r => new URL(r.url).pathname)));")))
    check(kept is not None and f"/game/{GAME}" in kept,
          f"the game's page and its entry page are kept for offline use ({kept})")

    # --- hand 2 through the questions, up to its preview; the network drops before it is stored
    answers = {"taker": "Cat", "contract": "garde", "oudlers": "2", "points": "50"}
    d.get(f"{base}/game/{GAME}/hand")
    answer_up_to_preview(answers)
    check(step() == "preview", f"hand 2 answered up to its preview ({step()})")
    previewed = d.execute_script("return document.getElementById('preview-words').innerText.trim()")
    network(False)
    check(d.execute_script("return navigator.onLine") is False, "the network is cut")
    tap_on(d, "#store")
    check(step_is("kept") is not None, "a hand whose store fails for the network is kept on the phone")
    check(shows("#queue-count", "1 hand waiting to be sent") is not None, f"the page says so: {text_of('#queue-count')!r}")

    # --- hand 3 typed as one line, on the entry page the worker kept (no server to ask the questions)
    tap_on(d, "#next-hand")
    check(step_is("offline") is not None, "offline, the entry asks for the hand as one line")
    h1 = text_of("#entry h1")
    check("Hand 3" in h1, f"its number counts the hand waiting ({h1!r})")
    shot("offline-entry")
    d.find_element(By.ID, "offline-words").send_keys("taker=Dan contract prise")
    tap_on(d, "#keep")
    err, now = d.execute_script(TEXT + ENTRY + " return [text('#offline-err'), s.step];")
    check("'contract' is not key=value" in err and now == "offline",
          f"a word that is not key=value is refused on the phone ({err!r})")
    inp = d.find_element(By.ID, "offline-words")
    inp.clear()
    inp.send_keys("taker=Dan contract=prise oudlers=1 points=40")
    tap_on(d, "#keep")
    check(step_is("kept") is not None, "the one-line hand is kept on the phone")
    shot("offline-kept")
    check(shows("#queue-count", "2 hands waiting to be sent") is not None,
          f"the page says \"2 hands waiting to be sent\": {text_of('#queue-count')!r}")
    check(len(listed()) == 1, "nothing reached the server while the network was down")

    # --- the game's page, opened again offline: from the worker's cache, saying so
    d.get(f"{base}/game/{GAME}")
    saved = until(d, TEXT + " return text('#offline');")
    check(bool(saved) and "saved at" in saved, f"the game's page opens offline from the cache and says so ({saved!r})")
    count, waiting = d.execute_script(TEXT + " return [text('#queue-count'), text('#queue ol.waiting')];")
    check("2 hands waiting to be sent" in count, "the game's page counts the hands waiting")
    check("Cat" in waiting and "taker=Dan" in waiting, f"and lists them in order ({waiting!r})")
    path = shot("offline-waiting")
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        shutil.copy(path, os.path.join(SHOTS, "offline-waiting.png"))

    # --- the network is back: each hand stored once, in order; the queue empty and the page says so
    network(True)
    done = shows("#queue-count", "2 hands sent: none waiting", 75)
    check(done is not None, f"the hands are sent when the network is back: {text_of('#queue-count')!r}")
    stored = api_hands()
    check([h["no"] for h in stored] == [1, 2, 3], f"each hand stored once ({[h['no'] for h in stored]})")
    if len(stored) == 3:
        check(stored[1]["words"] == previewed, f"hand 2 is the one previewed ({stored[1]['words']!r})")
        check({k: stored[1]["record"].get(k) for k in answers} == {"taker": "Cat", "contract": "garde", "oudlers": 2, "points": 50},
              f"hand 2's record ({stored[1]['record']})")
        check({k: stored[2]["record"].get(k) for k in answers} == {"taker": "Dan", "contract": "prise", "oudlers": 1, "points": 40},
              f"hand 3's record, as the one line said ({stored[2]['record']})")
        check(stored[1]["source"] == "web" and stored[2]["source"] == "web", "both stored from the phone")
    check(js("done(localStorage.getItem('marque-queue'))") is None, "the queue on the phone is empty")
    check(until(d, TEXT + " return !text('#offline');") is not None, "the page no longer says it is offline")
    check(until(d, "return document.querySelectorAll('ol.hands li').length === 3") is not None,
          "the game's page shows the three hands")
    d.refresh()
    time.sleep(2)
    check(len(listed()) == 3, "a reload sends nothing again")

    # --- a hand refused when it is finally sent stays on the phone with its error, for the scorer to fix
    network(False)
    d.get(f"{base}/game/{GAME}/hand")
    check(step_is("offline") is not None, "offline again, the entry asks for one line")
    d.find_element(By.ID, "offline-words").send_keys("taker=Zed contract=garde oudlers=2 points=50")
    tap_on(d, "#keep")
    check(step_is("kept") is not None, "a hand with an unknown taker is kept (the phone cannot tell)")
    network(True)
    refused = until(d, TEXT + " return text('#queue li.refused .err');", timeout=75)
    check(bool(refused) and "taker" in refused, f"refused when sent: it stays, with its error ({refused!r})")
    shot("offline-refused")
    check("1 hand waiting to be sent" in text_of("#queue-count"), "and still counts as waiting")
    check(len(listed()) == 3, "nothing stored of it")
    # the queue's box is drawn again as its sending ends: its field, once it has stayed the same for half a second
    fix = until(d, "const i = document.querySelector('#queue li.refused input'); if (!i) return null;"
                   " if (window.__field !== i) { window.__field = i; window.__since = Date.now(); return null; }"
                   " return Date.now() - window.__since > 500 ? i : null;")
    fix.clear()
    fix.send_keys("taker=Ann contract=garde oudlers=2 points=50")
    tap_on(d, "#queue li.refused form.fix button")
    check(shows("#queue-count", "sent: none waiting", 20) is not None,
          f"fixed, it is sent ({text_of('#queue-count')!r})")
    check(text_of("#kept").startswith("✓ Sent and stored"), f"the kept hand's line says it is sent ({text_of('#kept')!r})")
    stored = api_hands()
    check([h["no"] for h in stored] == [1, 2, 3, 4] and stored[-1]["record"].get("taker") == "Ann",
          f"the fixed hand is stored once ({[h['no'] for h in stored]})")

    logs = d.get_log("browser")
    bad = [l["message"] for l in logs if "Content Security Policy" in l["message"] or "Refused to" in l["message"]]
    check(not bad, f"no Content-Security-Policy violation {bad[:2]}")
    d.quit()

    # --- without a worker: a phone on plain http to the machine's name (not a secure context, as http://192.168.x.y
    # on a club's Wi-Fi): no page opens offline, but the hands are kept and sent all the same
    name = socket.gethostname().lower()
    d = browser(f"--host-resolver-rules=MAP {name} 127.0.0.1")
    plain = base.replace("127.0.0.1", name)
    d.get(f"{plain}/login?next=/game/{GAME}/hand")
    d.find_element(By.ID, "code").send_keys(CODE)
    tap_on(d, "form.login button")
    check(until(d, "return (location.pathname + location.hash).endsWith(arguments[0])", f"/game/{GAME}/hand") is not None,
          f"logged in at {plain}")
    check(d.execute_script("return window.isSecureContext || 'serviceWorker' in navigator") is False,
          "there, no secure context and no service worker")
    answer_up_to_preview({"taker": "Ben", "contract": "prise", "oudlers": "3", "points": "36"})
    check(step() == "preview", f"hand 5 answered up to its preview ({step()})")
    network(False, worker=False)
    tap_on(d, "#store")
    check(step_is("kept") is not None, "without a worker too, a hand whose store fails is kept")
    check("Keep this page open" in text_of("#entry"), "and the page asks to stay open")
    tap_on(d, "#next-hand")
    check(step_is("offline") is not None, "the next hand asked as one line")
    d.find_element(By.ID, "offline-words").send_keys("taker=Cat contract=garde oudlers=1 points=55")
    tap_on(d, "#keep")
    check(shows("#queue-count", "2 hands waiting to be sent") is not None,
          f"2 hands waiting without a worker: {text_of('#queue-count')!r}")
    network(True)
    check(shows("#queue-count", "2 hands sent: none waiting", 75) is not None,
          f"sent when the network is back: {text_of('#queue-count')!r}")
    stored = api_hands()
    check([h["no"] for h in stored] == [1, 2, 3, 4, 5, 6] and [h["record"].get("taker") for h in stored[4:]] == ["Ben", "Cat"],
          f"each stored once, in order ({[(h['no'], h['record'].get('taker')) for h in stored]})")
finally:
    if worker_cut:
        worker_cut.end()
    d.quit()
    check.stop(server, tmp)
check.report()
