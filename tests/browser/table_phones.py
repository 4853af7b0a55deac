#!/usr/bin/env python3
"""Phones at every table of a tournament (issue #33, point 4), in real browsers at 360x740.

A published 8-player tarot round has two tables. At each table one phone opens the table with its code (no write
code), taps its name, enters two hands by taps in the table's game and submits; a second phone of the table opens
the same code, taps its own name and confirms (table 1) or disputes with a note (table 2), which the organiser
(logged in with the night's write code) settles by an override with a reason on /tournament/ID. The organiser's page
shows every table's state; the round is closed there. A table's session writes to its own game only: not another
table's game nor another table's API; a code of a closed round no longer opens. Screenshots go to ARTIFACTS_DIR.

Usage: table_phones.py MARQUE_BIN ARTIFACTS_DIR"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import selenium  # noqa: F401
except ImportError:  # Debian's python3-selenium is the system Python's
    if os.path.realpath(sys.executable) != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3", *sys.argv])
    print("skipped: needs python3-selenium and chromium")
    sys.exit(77)
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import ENTRY, answer, browser, check, failures, serve, tap_on, until  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
CODE = "135791"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-table-phones-")
db = os.path.join(tmp, "event.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1")


def marque(*args):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


marque("tournament", "create", "--name", "Club night", "--id", "club", "--game", "tarot", "--seed", "7",
       "--date", "2026-11-26")
names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
for n in names:
    marque("tournament", "register", "club", n)
marque("tournament", "check-in", "club", *names)
marque("tournament", "draw", "club")
marque("tournament", "publish", "club")  # starts the tables' games
tables = json.loads(marque("tournament", "tables", "club", "--format", "json"))
check(len(tables) == 2 and all(t["game"] for t in tables), "two tables, each with its game, right after publish")
doc = json.loads(marque("tournament", "show", "club", "--format", "json"))
seats = {t["table"]: t["seats"] for t in doc["rounds_played"][0]["tables"]}
name_of = {e["id"]: e["name"] for e in doc["entrants"]}

server, base = serve(BIN, db, env, CODE)


def shot(d, name):
    d.save_screenshot(os.path.join(ARTIFACTS, name + ".png"))
    sw, iw = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(sw <= iw, f"{name}: no horizontal scrolling ({sw} <= {iw})")


def enter_hand(p, plan):
    """The hand's questions answered by taps (a choice's button, else the keypad's digits and Next)."""
    st = until(p, ENTRY + " return s.step !== '' && !s.busy ? s : null;") or {"step": ""}
    for _ in range(30):
        if st["step"] in ("preview", "refused", ""):
            break
        st = answer(p, st, plan.get(st["step"]))
        if not st:
            st = {"step": ""}
            break
    if not check(st["step"] == "preview", f"the hand is complete ({st['step']})"):
        return False
    tap_on(p, "#store")
    return until(p, ENTRY + " return s.step !== 'preview' && s.step !== '';") is not None


def open_table(p, code, me):
    p.get(base + "/t/" + code.lower())  # the code case aside
    until(p, "return document.querySelector('button.seat')")
    tap_on(p, f"button.seat[data-who='{me}']")
    return until(p, "return document.querySelector('button.seat.me') !== null", timeout=5)


def state_is(p, state):
    return until(p, "const l = document.getElementById('table-live'); return l && l.getAttribute('data-state') === arguments[0]",
                 state)


def fetch(p, method, url, body=None):
    """A request from the page, with its own CSRF token: the answer's status."""
    return p.execute_script(
        "const [m, u, b] = arguments; const t = document.querySelector('meta[name=\"csrf-token\"]');"
        "return fetch(u, {method: m, credentials: 'same-origin', headers: {'Content-Type': 'application/json',"
        "'X-CSRF-Token': t ? t.content : ''}, body: b === null ? undefined : JSON.stringify(b)}).then(r => r.status);",
        method, url, body)


phones = [browser(tmp, "first"), browser(tmp, "second")]
org = browser(tmp, "organiser")
hands = [{"taker": None, "contract": "garde", "oudlers": "2", "points": "51"},
         {"taker": None, "contract": "prise", "oudlers": "1", "points": "38"}]
try:
    for t in tables:
        code, game, table = t["code"], t["game"], t["table"]
        first, second = seats[table][0], seats[table][1]
        a, b = phones
        check(open_table(a, code, first) is not None, f"table {table}: the first phone opens {code} and taps {name_of[first]}")
        check("Table %d" % table in a.execute_script("return document.querySelector('h1').innerText"),
              f"table {table}: its page names the table")
        shot(a, f"table-{table}-1-opened")
        # the table's session writes to this table's game only
        other = [x for x in tables if x["table"] != table][0]
        check(fetch(a, "POST", f"/api/games/{other['game']}/hands", {"words": "taker=Ann", "key": "probe-other-1"}) == 401,
              f"table {table}: its phone cannot write the other table's game")
        check(fetch(a, "POST", f"/api/t/{other['code']}/submit", {"by": first, "key": "probe-other-2"}) == 401,
              f"table {table}: its phone cannot submit the other table")
        tap_on(a, "a.act-enter")
        if table == tables[0]["table"]:
            if until(a, "const q = document.getElementById('quick'); return q && q.getAttribute('aria-pressed') !== 'true'"):
                tap_on(a, "#quick")
        for h in hands:
            plan = dict(h, taker=name_of[seats[table][hands.index(h) + 1]])
            check(enter_hand(a, plan), f"table {table}: a hand entered by taps ({plan['contract']})")
        a.get(base + "/t/" + code)
        check(until(a, "const l = document.getElementById('table-live'); return l && l.innerText.includes('2 deals')")
              is not None, f"table {table}: the table page shows the two hands")
        tap_on(a, "button.act-submit")
        check(state_is(a, "submitted") is not None, f"table {table}: submitted")
        shot(a, f"table-{table}-2-submitted")
        check(open_table(b, code, second) is not None, f"table {table}: the second phone opens it as {name_of[second]}")
        if table == tables[0]["table"]:
            tap_on(b, "button.act-confirm")
            check(state_is(b, "confirmed") is not None, f"table {table}: confirmed by a second player")
        else:
            tap_on(b, ".act-dispute-box summary")
            b.find_element(By.CSS_SELECTOR, "textarea.dispute-note").send_keys("hand 2 was 48 points")
            tap_on(b, "button.act-dispute")
            check(state_is(b, "disputed") is not None, f"table {table}: disputed with a note")
        shot(b, f"table-{table}-3-second-phone")

    # the organiser: the states, the override of the dispute, the round closed
    org.get(base + "/login?next=/tournament/club")
    org.find_element(By.ID, "code").send_keys(CODE)
    tap_on(org, "form.login button")
    seen = until(org, "const ts = document.querySelectorAll('li.org-table'); if (!ts.length) return null;"
                      " return [Object.fromEntries(Array.from(ts, li => [li.getAttribute('data-table'),"
                      " li.getAttribute('data-state')])), document.querySelector('main').innerText]")
    check(seen is not None, "the organiser's page")
    states, main = seen or ({}, "")
    check(states == {str(tables[0]["table"]): "confirmed", str(tables[1]["table"]): "disputed"},
          f"the organiser sees each table's state ({states})")
    check("hand 2 was 48 points" in main, "the dispute's note is shown")
    shot(org, "organiser-1-states")
    box = f"li.org-table[data-table='{tables[1]['table']}']"
    tap_on(org, box + " details.override summary")
    org.find_element(By.CSS_SELECTOR, box + " details.override input.override-reason").send_keys("checked the paper sheet")
    tap_on(org, box + " details.override button[data-override]")
    check(until(org, "const li = document.querySelector(arguments[0]); return li && li.getAttribute('data-state') === 'confirmed'",
                box) is not None, "the organiser's override confirms it")
    shot(org, "organiser-2-overridden")
    tap_on(org, "button.close-round")
    check(until(org, "const s = document.querySelector('main .sub'); return s && s.innerText.includes('closed')") is not None,
          "the round is closed")
    after = json.loads(marque("tournament", "show", "club", "--format", "json"))
    r1 = after["rounds_played"][0]
    check(r1["status"] == "closed" and all(x["status"] == "confirmed" for x in r1["tables"]),
          "stored: the round closed, every table confirmed")
    check(all(x["game"] and len(x["game"]["hands"]) == 2 for x in r1["tables"]), "each table's game has its two hands")
    # a closed round's code no longer opens
    phones[0].get(base + "/t/" + tables[0]["code"])
    check("closed" in phones[0].execute_script("return document.querySelector('main').innerText"),
          "a code of a closed round no longer opens")
    shot(phones[0], "table-4-closed")
finally:
    for d in phones + [org]:
        d.quit()
    server.terminate()
    server.wait(10)

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
