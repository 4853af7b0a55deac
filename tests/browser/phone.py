"""What the browser tests of `marque serve` share: the checks they count, a phone-sized headless Chromium
(360x740 unless told, through chromium-driver) and a wait that asks again while a live page replaces its parts."""
import re
import shutil
import signal
import subprocess
import tempfile

from selenium import webdriver
import time

from selenium.common.exceptions import (ElementClickInterceptedException, ElementNotInteractableException,
                                        NoSuchElementException, StaleElementReferenceException, TimeoutException,
                                        WebDriverException)
from selenium.webdriver.chrome.service import Service

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)
    return ok


def serve(binary, db, env, code):
    """`marque serve` on a free loopback port with the write code: the process and its address (printed)."""
    server = subprocess.Popen([binary, "--db", db, "serve", "--listen", "127.0.0.1:0", "--code", code], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = server.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
    if not m:
        server.kill()
        raise SystemExit("no address printed: " + first + server.stderr.read())
    base = f"http://127.0.0.1:{m.group(1)}"
    print("serving", base, flush=True)
    return server, base


def browser(tmp, name, width=360, height=740, mobile=True):
    o = webdriver.ChromeOptions()
    o.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--no-first-run", f"--window-size={width},{height}",
              f"--user-data-dir={tempfile.mkdtemp(prefix='profile-' + name + '-', dir=tmp)}"]:
        o.add_argument(a)
    if mobile:  # a phone; else a screen (a TV) of that size
        o.add_experimental_option("mobileEmulation",
                                  {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    d = webdriver.Chrome(service=Service(driver), options=o)
    d.set_page_load_timeout(30)
    d.marque_touch = mobile  # tap() sends a phone's touches, or a screen's mouse clicks
    return d


def wait(d, cond, timeout=10):
    # a live page replaces its parts when the event stream says so: an element found a moment ago may be gone by the
    # time it is read; that is "not yet", and the condition is asked again (Chromium says so as a stale element, or
    # as an inspector error, "Node with given id does not belong to the document")
    def ask(_):
        try:
            return cond()
        except WebDriverException as e:
            if isinstance(e, (NoSuchElementException, StaleElementReferenceException)) or \
                    "does not belong to the document" in str(e):
                return False
            raise
    # asked at once, then after 50 ms, growing to every 150 ms: each question is one or more WebDriver commands of
    # about 10 ms of processor time each, so a wait that asked every 50 ms kept a core busy
    end = time.monotonic() + timeout
    pause = 0.05
    while True:
        v = ask(d)
        if v:
            return v
        if time.monotonic() >= end:
            return None
        time.sleep(min(pause, max(0.0, end - time.monotonic())))
        pause = min(pause * 1.5, 0.15)


def tap(el):
    """A finger's tap on the element, as a phone sends it: touchstart, touchend, then the mouse events and the click
    the page sees. One script (the element scrolled to the middle of the screen, its centre, what is shown there) and
    two touch events through the DevTools protocol: about a fifth of the processor time of WebDriver's click, which
    reads the page again around each of its events. Like that click it refuses an element that is not shown or that
    another one covers. Returns when the page has handled the click (its handlers ran; what they fetch comes later)."""
    d = el.parent
    at = d.execute_script(
        "const e = arguments[0]; e.scrollIntoView({block: 'center', inline: 'center'});"
        "const r = e.getClientRects()[0]; if (!r || !r.width || !r.height) return null;"
        "const x = r.left + r.width / 2, y = r.top + r.height / 2, h = document.elementFromPoint(x, y);"
        "return [x, y, !!h && (h === e || e.contains(h)), h ? h.outerHTML.slice(0, 80) : ''];", el)
    if not at:
        raise ElementNotInteractableException("not shown: " + (el.get_attribute("outerHTML") or "")[:80])
    if not at[2]:
        raise ElementClickInterceptedException("covered by " + at[3])
    if getattr(d, "marque_touch", True):
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": at[0], "y": at[1]}]})
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        for kind in ("mousePressed", "mouseReleased"):
            d.execute_cdp_cmd("Input.dispatchMouseEvent",
                              {"type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1})


def finish(server, tmp, *drivers):
    """The end of a test: its browsers quit, the server stopped (SIGTERM, killed after 15 s), its folder removed."""
    for d in drivers:
        d.quit()
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()
    shutil.rmtree(tmp, ignore_errors=True)
