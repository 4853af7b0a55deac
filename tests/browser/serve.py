#!/usr/bin/env python3
"""`marque serve` in a real browser (Debian's chromium through chromium-driver), phone-sized (360x740).

The games are started with the command line; then one phone enters a whole hand of each game through the form
(buttons for the choices, the keyboard for numbers, the defaults taken as offered), while a second phone watches the
night's scoreboard: it must show each hand without being reloaded, a hand typed at the command line too. A write
without the code is refused, a wrong code is refused, a double tap stores one hand, a player named
<script>alert(1)</script> prints as text, no page scrolls sideways and the pages break no Content-Security-Policy
rule. Screenshots of every page are kept in ARTIFACTS_DIR.

Usage: serve.py MARQUE_BIN ARTIFACTS_DIR"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import ENTRY, answer, browser as phone_browser, check, failures, serve, tap, tap_on, until, wait  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
CODE = "246810"
HOSTILE = "<script>alert(1)</script>"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-serve-test-")
db = os.path.join(tmp, "night.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1")
def marque(*args):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


# --- the night, started at the command line
marque("night", "start", "--date", "2026-11-20", "--venue", "Café du Coin", "--league", "Thursday club")
games = {
    "tarot": ["start", "tarot", f"players={HOSTILE},Gergő,Zoë,Ann", "dealer=Gergő", "--night", "1"],
    "coinche": ["start", "coinche", "N=Nina", "E=Emil", "S=Sara", "W=Will", "dealer=W", "--night", "1"],
    "prefa": ["start", "prefa", "players=A,B,C", "initial_pool=31", "dealer=A", "--night", "1"],
    "piquet": ["start", "piquet", "players=Pia,Quentin", "elder=Pia", "--night", "1"],
    "alsos": ["start", "alsos", "players=Ann,Béla,Csaba", "dealer=Ann", "--night", "1"],
}
ids = {}
for name, words in games.items():
    out = marque(*words)
    ids[name] = int(re.match(r"game (\d+)", out).group(1))

# What each hand's questions are answered with (the rest: the default the form offers).
plans = {
    "tarot": {"taker": "Zoë", "contract": "garde", "oudlers": "2", "points": "50"},
    "coinche": {"bidder": "N", "bid": "80", "trump": "H", "points": "100", "last": "bidders"},
    "prefa": {"declarer": "A", "contract": "6S", "calls.B": "play", "calls.C": "play", "tricks.A": "6", "tricks.B": "2"},
    "piquet": {"point_winner": "Pia", "point_cards": "5", "tricks": "7", "play_elder": "8"},
    "alsos": {"kind": "trump", "declarer": "Ann", "trump": "makk", "tricks.Ann": "5", "tricks.Béla": "2", "last_trick": "Ann",
              "card_points.Ann": "90", "card_points.Béla": "30", "card_points.Csaba": "42"},
}

# --- the server
server, base = serve(BIN, db, env, CODE)
port = base.rsplit(":", 1)[1]
second = subprocess.run([BIN, "--db", db, "serve", "--listen", f"127.0.0.1:{port}"], env=env, capture_output=True,
                        text=True, timeout=20)
check(second.returncode == 69 and "cannot listen" in second.stderr,
      f"a second server on the same port is refused (exit {second.returncode})")


def browser(name):
    return phone_browser(tmp, name)


shots = []


def shot(d, name):
    path = os.path.join(ARTIFACTS, name + ".png")
    d.save_screenshot(path)
    shots.append(path)
    # a phone never scrolls the page sideways (a wide paper sheet scrolls in its own box)
    sw, iw = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(sw <= iw, f"{name}: no horizontal scrolling ({sw} <= {iw})")


def csp_clean(d, where):
    try:
        logs = d.get_log("browser")
    except Exception:  # a driver without logs: nothing to check
        return
    bad = [l["message"] for l in logs if "Content Security Policy" in l["message"] or "Refused to" in l["message"]]
    check(not bad, f"{where}: no Content-Security-Policy violation {bad[:2]}")


def no_alert(d, where):
    try:
        d.switch_to.alert
        check(False, f"{where}: a script ran (an alert is open)")
    except NoAlertPresentException:
        check(True, f"{where}: no alert (no injected script ran)")


# the watcher's scoreboard line of a game (arguments: its selector, how its text starts) and the mark a reload would
# lose
SEEN = "const m = document.querySelector(arguments[0]); return m && m.innerText.startsWith(arguments[1]) ? [true, window.__kept] : null"


def hands_of(game):
    return json.loads(marque("list", str(game), "--format", "json"))


phone = browser("phone")
watcher = browser("watcher")
try:
    # --- the watcher: the night's scoreboard
    watcher.get(base + "/")
    check(until(watcher, "return document.getElementById('live').className === 'live on'") is not None,
          "the scoreboard's event stream is connected")
    watcher.execute_script("window.__kept = 42")  # gone if the page is ever reloaded
    shot(watcher, "01-night-scoreboard")
    text = watcher.find_element(By.TAG_NAME, "main").text
    check(HOSTILE in text, "the hostile name prints as text on the scoreboard")
    check("<script>alert" not in watcher.page_source.replace("&lt;script&gt;", ""), "the hostile name is escaped in the HTML")
    no_alert(watcher, "scoreboard")

    # --- a write without the code is refused
    phone.get(base + f"/game/{ids['tarot']}/hand")
    check("/login" in phone.current_url, "entering a hand without the code leads to the code form")
    status = phone.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/games/%d/hands', {method: 'POST', headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({answers: [['taker', 'Ann']], key: 'nocode-0001'})}).then(r => done(r.status), e => done(String(e)));
    """ % ids["tarot"])
    check(status == 401, f"a write without the code is refused (HTTP {status})")
    phone.find_element(By.ID, "code").send_keys("135790")
    tap_on(phone, "form.login button")
    err = until(phone, "const e = document.querySelector('form.login .err'); return e && e.innerText.trim()", timeout=5)
    check(err and "not tonight's code" in err, f"a wrong code is refused ({err!r})")
    shot(phone, "02-code-refused")
    check(len(hands_of(ids["tarot"])) == 0, "nothing was stored without the code")

    # --- the code, then a whole hand of each game
    phone.find_element(By.ID, "code").clear()
    phone.find_element(By.ID, "code").send_keys(CODE)
    tap_on(phone, "form.login button")
    check(until(phone, "return (location.pathname + location.hash).endsWith(arguments[0])", f"/game/{ids['tarot']}/hand", timeout=5)
          is not None, "the code opens the hand form asked for")

    for name, game in ids.items():
        plan = plans[name]
        phone.get(base + f"/game/{game}/hand")
        st = until(phone, ENTRY + " return s.step !== '' ? s : null;") or {"step": ""}
        asked = []
        for _ in range(40):
            key = st["step"]
            if key in ("preview", "refused", ""):
                break
            asked.append(key)
            if name == "tarot" and len(asked) == 1:
                shot(phone, "03-hand-entry-question")
            value = plan.get(key)
            if value is None and not st["next"] and "" not in st["choices"]:
                check(False, f"{name}: the question {key} has no default and the test no answer")
                break
            moved = answer(phone, st, value, typed=True)
            if moved and moved["err"]:
                check(False, f"{name}: {key}={value!r} refused: {moved['err']}")
                break
            if not moved:
                check(False, f"{name}: no next question after {key}")
                break
            st = moved
        check(st["step"] == "preview", f"{name}: every question answered through the form ({', '.join(asked)})")
        words = phone.execute_script("return document.getElementById('preview-words').innerText.trim()")
        check(bool(words) and words != "this hand", f"{name}: the preview says the hand in words ({words!r})")
        shot(phone, f"04-{name}-preview")
        count = len(hands_of(game))
        if name == "coinche":
            # a double tap: two clicks before the first answer; and a retried request with the same key
            phone.execute_script("const b = document.getElementById('store'); b.click(); b.click();")
        else:
            tap_on(phone, "#store")
        url = until(phone, "return new RegExp(arguments[0]).test(location.href) && location.href", rf"/game/{game}(#hand-\d+)?$")
        check(url is not None, f"{name}: stored, the game's sheet shown ({url})")
        after = hands_of(game)
        check(len(after) == count + 1, f"{name}: exactly one hand stored ({count} -> {len(after)})")
        check(after and after[-1].get("words") == words, f"{name}: the stored hand is the one previewed")
        shot(phone, f"05-{name}-game")
        csp_clean(phone, name)
        # the watcher's scoreboard shows it without a reload
        t0 = time.time()
        seen = until(watcher, SEEN, f"#game-{game} .meta", f"{count + 1} hand")
        check(seen is not None, f"{name}: the watching phone shows the hand ({time.time() - t0:.2f} s after it was stored)")
        check(seen is not None and seen[1] == 42, f"{name}: the watching page was not reloaded")

    # a retried request (the same submission key twice) is answered with the first result, stored once
    tarot = ids["tarot"]
    count = len(hands_of(tarot))
    res = phone.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const csrf = document.querySelector('meta[name="csrf-token"]').content;
        const body = JSON.stringify({answers: [['taker', 'Gergő'], ['contract', 'prise'], ['oudlers', '1'], ['points', '55'],
                                               ['petit_au_bout', 'none'], ['poignee', 'none'], ['chelem', 'none'],
                                               ['chelem_announced', 'no']], key: 'retried-request-0001'});
        const send = () => fetch('/api/games/%d/hands', {method: 'POST', body,
                                 headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf}})
                           .then(async r => [r.status, (await r.json()).no, r.headers.get('X-Marque-Replayed')]);
        Promise.all([send(), send()]).then(done, e => done(String(e)));
    """ % tarot)
    check(isinstance(res, list) and res[0][:2] == res[1][:2] and res[0][0] == 200, f"a retried request gets the first answer {res}")
    check(len(hands_of(tarot)) == count + 1, "a retried request stores one hand")

    # a hand typed at the command line reaches the watching phone too
    count = len(hands_of(tarot))
    t0 = time.time()
    marque("hand", "-g", str(tarot), "--no-prompt", "taker=Ann", "contract=garde", "oudlers=3", "points=40")
    seen = until(watcher, SEEN, f"#game-{tarot} .meta", f"{count + 1} hand")
    if not check(seen is not None, f"a hand from the command line shows on the watching phone ({time.time() - t0:.2f} s)"):
        print("     the watcher:", watcher.execute_script(
            "return [document.body.dataset.version, document.body.dataset.refreshed, document.getElementById('live').className,"
            " document.querySelector('#game-%d .meta').textContent]" % tarot), flush=True)
    check(watcher.execute_script("return window.__kept") == 42, "the watching page was never reloaded")
    shot(watcher, "06-night-scoreboard-after")
    no_alert(watcher, "scoreboard after the hands")

    # undo the last change from the phone (two taps), then correct a hand with key=value
    phone.get(base + f"/game/{tarot}")
    count = len(hands_of(tarot))
    undo = phone.find_element(By.CSS_SELECTOR, "[data-undo]")
    tap(undo)
    again = undo.text
    check("again" in again, f"undo asks for a second tap ({again!r})")
    tap(undo)
    check(wait(phone, lambda: len(hands_of(tarot)) == count - 1, 5) is not None, "undo takes the last hand back")
    check(until(phone, "return Array.from(document.querySelectorAll('.flash'), e => e.innerText).join('').includes('Undid')",
                timeout=5) is not None, "undo says what it undid")
    phone.get(base + f"/game/{tarot}/hand/1")
    shot(phone, "07-hand")
    phone.find_element(By.ID, "words").send_keys("points=60")
    tap_on(phone, "form.words-edit button")
    check(until(phone, "return (location.pathname + location.hash).endsWith(arguments[0])", f"/game/{tarot}#hand-1", timeout=5) is not None,
          "a key=value edit is stored")
    check(hands_of(tarot)[0]["words"].endswith("by 19"), f"the edit changed the hand ({hands_of(tarot)[0]['words']!r})")
    phone.get(base + f"/game/{tarot}/hand/1")
    phone.find_element(By.ID, "words").send_keys("points=95")
    tap_on(phone, "form.words-edit button")
    err = until(phone, "const e = document.querySelector('form.words-edit .err'); return e && e.innerText.trim()", timeout=5)
    check(err and "above 91" in err, f"a refused edit shows the CLI's message next to the field ({err!r})")

    # the league pages (read-only), and the game pages of the watcher
    for path, name in [("/standings", "08-standings"), ("/players", "09-players"),
                       ("/player?name=" + "Zo%C3%AB", "10-player"), (f"/game/{ids['prefa']}", "11-prefa-game-watched")]:
        watcher.get(base + path)
        shot(watcher, name)
    watcher.get(base + f"/game/{tarot}")
    check(HOSTILE in watcher.find_element(By.TAG_NAME, "main").text, "the hostile name prints as text on the game page")
    no_alert(watcher, "game page")
    csp_clean(watcher, "watcher")
finally:
    phone.quit()
    watcher.quit()
    server.send_signal(signal.SIGTERM)
    try:
        rc = server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()
        rc = "killed"
    check(rc == 0, f"SIGTERM stops the server cleanly (exit {rc})")

r = subprocess.run([BIN, "--db", db, "check"], env=env, capture_output=True, text=True)
said = (r.stdout + r.stderr).strip().splitlines()
check(r.returncode == 0, "marque check is clean afterwards (" + (said[-1] if said else "") + ")")
shutil.rmtree(tmp, ignore_errors=True)
print(f"browser_serve: {len(failures)} failed; screenshots in {ARTIFACTS}")
sys.exit(1 if failures else 0)
