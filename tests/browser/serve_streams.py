"""`marque serve` with every event stream taken (issue 30 point 3), in Chromium: a page that found the streams full
shows "reconnecting…" and, once one frees, reconnects by itself and goes live (the browser alone never retries a
refused stream). Run by serve.sh (SCRIPT=serve_streams.py): serve_streams.py MARQUE_BIN ARTIFACTS_DIR."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "load"))
from serve_client import open_stream  # noqa: E402

from phone import until  # noqa: E402
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

BIN = sys.argv[1]
tmp = tempfile.mkdtemp(prefix="marque-streams-")
db = os.path.join(tmp, "marque.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC")
FAILURES = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


def marque(*args):
    subprocess.run([BIN, "--db", db, *args], env=env, check=True, capture_output=True)


marque("start", "tarot", "players=Anna,Ben,Chloe,Dan", "dealer=Anna")
# 128 streams (`--streams`; the default is 256): the option is obeyed, and the page meets every stream taken
srv = subprocess.Popen([BIN, "--db", db, "-q", "serve", "--listen", "127.0.0.1:0", "--code", "streams-1234",
                        "--streams", "128"], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
port = int(re.search(r":(\d+)/", srv.stdout.readline()).group(1))
threading.Thread(target=srv.stdout.read, daemon=True).start()
threading.Thread(target=srv.stderr.read, daemon=True).start()


d = None
held = []
try:
    # every stream taken, by 128 other addresses
    for i in range(128):
        s, _ = open_stream(port, f"127.0.4.{i + 1}")
        held.append(s)
    check(open_stream(port, "127.0.3.1")[1] == 503, "the 129th stream is refused (503)")
    o = webdriver.ChromeOptions()
    o.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
              "--window-size=360,740", f"--user-data-dir={tempfile.mkdtemp(prefix='profile-', dir=tmp)}"]:
        o.add_argument(a)
    d = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=o)
    d.set_page_load_timeout(30)
    d.get(f"http://127.0.0.1:{port}/game/1")

    def live_state():
        try:
            return d.find_element(By.ID, "live").text
        except Exception:  # noqa: BLE001 (replaced while read)
            return ""

    # the live mark's text, asked in the page (arguments[0]: the words waited for; a mark replaced while read is "")
    LIVE = "const l = document.getElementById('live'); const t = l ? l.innerText : ''; return t.includes(arguments[0]) ? t : null;"
    until(d, LIVE, "reconnecting", timeout=5)
    check("reconnecting" in live_state(), f"with every stream taken the page says so: {live_state()!r}")
    time.sleep(3)
    check("reconnecting" in live_state(), "and stays so while they are taken")
    # two streams free: the page gets one by itself
    for s in held[:2]:
        s.close()
    t0 = time.monotonic()
    until(d, "const l = document.getElementById('live'); return l && l.innerText === 'live';", timeout=40)
    took = time.monotonic() - t0
    check(live_state() == "live", f"once a stream frees the page reconnects by itself ({took:.1f} s)")
    # and it hears of a hand typed at the command line
    before = d.execute_script("return document.body.innerText")
    marque("hand", "taker=Anna", "contract=garde", "oudlers=2", "points=45")
    changed = until(d, "return document.body.innerText !== arguments[0]", before, timeout=5)
    check(changed is not None, "the reconnected page shows a new hand without reloading")
finally:
    if d:
        d.quit()
    for s in held:
        s.close()
    srv.terminate()
    srv.wait(20)
if FAILURES:
    print(f"{len(FAILURES)} failed")
    sys.exit(1)
print("all passed")
