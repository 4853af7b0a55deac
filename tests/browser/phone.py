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
from selenium.webdriver.common.by import By

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


def until(d, body, *args, timeout=10):
    """A wait asked in the page itself: `body`, a JavaScript function's body (its arguments: args), is asked at once and
    then every 50 ms by the page, until it returns a true value (returned here) or the time is out (None). One
    WebDriver command however long it waits, where `wait` spends one or more a question. A question that throws is
    "not yet"; a page that goes away meanwhile (a navigation: its beforeunload) is asked again once the next one has
    loaded."""
    end = time.monotonic() + timeout
    if timeout > 25:  # WebDriver's script timeout is 30 s
        d.set_script_timeout(timeout + 5)
    script = ("const done = arguments[arguments.length - 1], until = Date.now() + arguments[arguments.length - 2],"
              " args = Array.prototype.slice.call(arguments, 0, -2);"
              " const ask = () => { try { return (function () {" + body + "}).apply(null, args); } catch (e) { return null; } };"
              " let over = false; const stop = v => { if (!over) { over = true; done(v); } };"
              " window.addEventListener('beforeunload', () => stop(null), {once: true});"
              " (function poll() { if (over) return; const v = ask();"
              " if (v || Date.now() >= until) stop(v || null); else setTimeout(poll, 50); })();")
    while True:
        try:
            v = d.execute_async_script(script, *args, int(max(0.0, end - time.monotonic()) * 1000))
        except WebDriverException as e:
            # the page went away while the question was asked (unloaded, its context destroyed), an element given
            # was replaced, or the script's time ran out: not yet
            if not any(w in str(e) for w in ("unloaded", "does not belong to the document", "context")) and \
                    not isinstance(e, (StaleElementReferenceException, TimeoutException)):
                raise
            v = None
        if v or time.monotonic() >= end:
            return v or None


# the state of a hand's questions (#entry) in one script: the question's key, the answers so far, whether it is
# waiting for the server, the error shown, the question's kind, its choices' values, whether it has a Next button
# and a keypad, and the page's address
ENTRY = ("const e = document.getElementById('entry'), f = document.querySelector('form.question'),"
         " q = document.getElementById('q-err');"
         " const s = {step: e ? e.getAttribute('data-step') || '' : '',"
         " trail: document.querySelectorAll('#entry ol.trail li').length, busy: !!document.querySelector('#entry.busy'),"
         " err: q && q.getClientRects().length ? q.innerText.trim() : '', kind: f ? f.getAttribute('data-kind') : null,"
         " choices: f ? Array.from(f.querySelectorAll('button.choice'), b => b.getAttribute('data-value')) : [],"
         " next: !!(f && f.querySelector('.nav button.primary')), keypad: !!(f && f.querySelector('.keypad button.key')),"
         " url: location.href};")


def entry(d):
    """The hand entry's state now (ENTRY: one script)."""
    return d.execute_script(ENTRY + " return s;")


def entry_moved(d, key, trail, timeout=10):
    """Waits until the hand entry has moved on from question `key` with `trail` answers (another question, more or
    fewer answers, the preview) or shows an error, and is not waiting for the server: its state, or None."""
    return until(d, ENTRY + " return !s.busy && (s.step !== arguments[0] || s.trail !== arguments[1] || s.err) ? s : null;",
                 key, trail, timeout=timeout)


# where a tap lands on element `e`: its centre, and whether it is what is shown there ([x, y, true]); [x, y, false,
# what covers it], or ["hidden", e] when it is not shown. Like WebDriver's click it scrolls only when it must: an
# element out of the screen, or covered where it is (under the top bar), is scrolled to the screen's middle first
_AT = ("const spot = () => { const r = e.getClientRects()[0]; if (!r || !r.width || !r.height) return null;"
       " const x = r.left + r.width / 2, y = r.top + r.height / 2, h = document.elementFromPoint(x, y);"
       " return [x, y, !!h && (h === e || e.contains(h)), h ? h.outerHTML.slice(0, 80) : '', r]; };"
       " let at = spot(); if (!at) return ['hidden', e.outerHTML.slice(0, 80)];"
       " if (!at[2] || at[4].top < 0 || at[4].left < 0 || at[4].bottom > innerHeight || at[4].right > innerWidth) {"
       " e.scrollIntoView({block: 'center', inline: 'center'}); at = spot(); }"
       " return at ? at.slice(0, 4) : ['hidden', e.outerHTML.slice(0, 80)];")


def _touch(d, at):
    if at[0] == "hidden":
        raise ElementNotInteractableException("not shown: " + at[1])
    if not at[2]:
        raise ElementClickInterceptedException("covered by " + at[3])
    if getattr(d, "marque_touch", True):
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": at[0], "y": at[1]}]})
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        for kind in ("mousePressed", "mouseReleased"):
            d.execute_cdp_cmd("Input.dispatchMouseEvent",
                              {"type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1})


def tap(el):
    """A finger's tap on the element, as a phone sends it: touchstart, touchend, then the mouse events and the click
    the page sees. One script (the element scrolled into the screen if it must be, its centre, what is shown there) and
    two touch events through the DevTools protocol: about a fifth of the processor time of WebDriver's click, which
    reads the page again around each of its events. Like that click it refuses an element that is not shown or that
    another one covers. Returns when the page has handled the click (its handlers ran; what they fetch comes later)."""
    _touch(el.parent, el.parent.execute_script("const e = arguments[0]; " + _AT, el))


def tap_on(d, css, value=None):
    """`tap` on the first element `css` selects (with that data-value when `value` is given), found by the same
    script that places the tap: one WebDriver command fewer than find_element and tap."""
    at = d.execute_script("const e = Array.from(document.querySelectorAll(arguments[0]))"
                          ".find(x => arguments[1] === null || x.getAttribute('data-value') === arguments[1]);"
                          " if (!e) return null; " + _AT, css, value)
    if at is None:
        raise NoSuchElementException(css + ("" if value is None else f" with data-value {value!r}"))
    _touch(d, at)


def answer(d, s, value, count=None, typed=False):
    """Answers by taps the question the entry state `s` shows: the choice whose value is `value`; else, `typed`, the
    number typed in the question's box and Next; else `value`'s digits on the keypad, then Next unless the keypad moved
    on by itself. None takes the usual answer: Next, else the choice "none" (data-value ""). `count`, when given, is
    called once a tap. Returns the entry's state once it has moved on or shows an error (None: it did not)."""
    key, trail = s["step"], s["trail"]

    def press(css, v=None):
        tap_on(d, css, v)
        if count:
            count()
    if value is None:
        if s["next"]:
            press("form.question .nav button.primary")
        else:
            press("form.question button.choice", "")
    elif value in s["choices"]:
        press("form.question button.choice", value)
    elif typed:
        box = d.find_element(By.CSS_SELECTOR, "form.question input")
        box.clear()
        box.send_keys(value)
        press("form.question .nav button.primary")
    else:
        for ch in value:
            press(f"form.question .keypad button.key[data-key='{ch}']")
        if not until(d, ENTRY + " return s.busy || s.step !== arguments[0] || s.trail !== arguments[1];", key, trail,
                     timeout=0.5):
            press("form.question .nav button.primary")
    return entry_moved(d, key, trail)


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
