#!/usr/bin/env python3
"""A new game started from a phone (issue 32, point 7), in Debian's chromium at 360x740: the scorer's New game page
offers the games as buttons, then the club's players most recent first with a search box (accents and case aside),
each tap seating one at the next seat; a name the club does not know is confirmed; then the first dealer and Start,
which opens the new game's hand entry. Refusals (too few players, a player twice) show their error and keep the
choices. The game stored (`marque games --format json`) has the players in the seats tapped, the first dealer, the
phone as its source and tonight's night. Screenshots in ARTIFACTS_DIR (new-game-*.png).

Usage: roster.py MARQUE_BIN ARTIFACTS_DIR"""
import datetime
import json
import os
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import browser as phone_browser, check, failures, finish, serve, tap, tap_on, until  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
CODE = "97531246"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-roster-test-")
db = os.path.join(tmp, "club.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1")


def marque(*args):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


# --- the club: Ann, Ben, Cat and Dan played last week, Éva and Gus two days ago; tonight's night has no game yet
today = datetime.date.today().isoformat()
marque("start", "tarot", "players=Ann,Ben,Cat,Dan", "dealer=Ann", "--date", "2026-11-12")
marque("start", "piquet", "players=Éva,Gus", "elder=Éva", "--date", "2026-11-20")
marque("night", "start", "--date", today, "--venue", "Café du Coin")
night = 1

server, base = serve(BIN, db, env, CODE)


def browser():
    return phone_browser(tmp, "roster")


def shot(d, name):
    d.save_screenshot(os.path.join(ARTIFACTS, name + ".png"))
    sw, iw = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(sw <= iw, f"{name}: no horizontal scrolling ({sw} <= {iw})")


# the players seated, and the roster's names (each as shown: '' when hidden), with whether its item is shown
SEATS = "const seats = () => Array.from(document.querySelectorAll('ol.seats li[data-player]'), li => li.getAttribute('data-player'));"
ROSTER = ("const shown = (e) => e.getClientRects().length > 0;"
          " const roster = (visibleOnly) => Array.from(document.querySelectorAll('ul.roster li'))"
          ".filter(li => !visibleOnly || shown(li)).map(li => { const n = li.querySelector('.name');"
          " return shown(n) ? n.innerText.trim() : ''; });")


def seats(d):
    return d.execute_script(SEATS + " return seats();")


def roster(d, visible_only=False):
    return d.execute_script(ROSTER + " return roster(arguments[0]);", visible_only)


def tap_player(d, name):
    found = d.execute_script(SEATS + " const li = Array.from(document.querySelectorAll('ul.roster li'))"
                             ".find(li => li.querySelector('.name').innerText.trim() === arguments[0]);"
                             " return li ? [li.querySelector('a.pick'), seats().length] : null;", name)
    if not found:
        return False
    tap(found[0])
    return until(d, SEATS + " return seats().length === arguments[0];", found[1] + 1, timeout=5) is not None


def start_error(d):
    tap_on(d, "#start")
    return until(d, "const e = document.querySelector('form.start-game .err'); return e && e.innerText.trim()",
                 timeout=5) or ""


def games():
    return json.loads(marque("games", "--format", "json"))


phone = browser()
try:
    # the New game page is a scorer's: without the code, the code form
    phone.get(base + "/new")
    check("/login" in phone.current_url, "the New game page asks for the write code first")
    phone.find_element(By.ID, "code").send_keys(CODE)
    tap_on(phone, "form.login button")
    check(until(phone, "return (location.pathname + location.hash).endsWith('/new')", timeout=5) is not None, "the code opens the New game page")
    phone.get(base + "/")
    tap_on(phone, "#new-game-link")
    choices = until(phone, "return location.href.includes('/new') &&"
                           " Array.from(document.querySelectorAll('.choices a[data-game]'), a => a.getAttribute('data-game'))",
                    timeout=5)
    check(choices is not None, "New game on the night's board opens the page")
    choices = choices or []
    check(choices == ["alsos", "coinche", "piquet", "prefa", "tarot"] or set(choices) >= {"tarot", "coinche", "alsos", "piquet", "prefa"},
          f"every game is a button ({choices})")
    shot(phone, "new-game-01-games")
    tap_on(phone, ".choices a[data-game='tarot']")
    listed = until(phone, ROSTER + " return document.querySelector('ul.roster li') && roster(false);", timeout=5) or []
    check(listed[:2] == ["Éva", "Gus"] and listed[2:6] == ["Ann", "Ben", "Cat", "Dan"],
          f"the club's players, the most recent first ({listed})")

    # letters narrow the list as they are typed, accents and case aside; a tap seats the player
    phone.find_element(By.ID, "q").send_keys("EVA")
    check(until(phone, ROSTER + " const r = roster(true); return r.length === 1 && r[0] === 'Éva';", timeout=5) is not None,
          f"typing EVA narrows the list to Éva ({roster(phone, True)})")
    check(tap_player(phone, "Éva"), "a tap seats Éva at seat 1")
    check(tap_player(phone, "Ann"), "a tap seats Ann at seat 2")
    check(seats(phone) == ["Éva", "Ann"], f"the seats in the order tapped ({seats(phone)})")

    # too few players: refused, the error shown, the choices kept
    err = start_error(phone)
    check("player" in err and "3" in err, f"two players are refused with the rule ({err!r})")
    check(seats(phone) == ["Éva", "Ann"] and phone.execute_script("return location.href.includes('/new')"),
          "the refusal keeps the choices")
    shot(phone, "new-game-02-refused")
    check(tap_player(phone, "Ben"), "a tap seats Ben at seat 3")
    phone.execute_script("window.scrollTo(0, 0)")
    shot(phone, "new-game-roster")  # the README's picture (docs/shots/new-game-roster.png), from the top

    # a name the club does not know: searched, then confirmed
    q = phone.find_element(By.ID, "q")
    q.send_keys("Zoé")
    q.submit()
    add = until(phone, "const a = document.getElementById('add-new');"
                       " return a && [a, document.querySelector('.confirm').innerText]", timeout=5)
    check(add is not None and "Zoé" in add[1], "a name the club does not know asks for a confirmation")
    check(seats(phone) == ["Éva", "Ann", "Ben"], "nothing is seated before the confirmation")
    shot(phone, "new-game-03-confirm")
    if add:
        tap(add[0])
    check(until(phone, SEATS + " return seats().join() === 'Éva,Ann,Ben,Zoé';", timeout=5) is not None,
          f"confirmed, Zoé takes seat 4 ({seats(phone)})")

    # the first dealer: a button of each player seated
    dealers = phone.execute_script("return Array.from(document.querySelectorAll('a.choice.dealer'), a => a.innerText.trim())")
    check(dealers == ["Éva", "Ann", "Ben", "Zoé"], f"the first dealer is one of the players ({dealers})")
    tap(phone.execute_script("return Array.from(document.querySelectorAll('a.choice.dealer'))"
                             ".find(a => a.innerText.trim() === 'Ann')"))
    check(until(phone, "const a = document.querySelector('a.choice.dealer.on'); return a && a.innerText.trim() === 'Ann'",
                timeout=5) is not None, "Ann deals first")
    shot(phone, "new-game-04-ready")
    before = len(games())
    tap_on(phone, "#start")
    url = until(phone, "return /\\/game\\/\\d+\\/hand$/.test(location.href) && location.href")
    check(url is not None, f"Start opens the new game's hand entry ({url})")
    after = games()
    check(len(after) == before + 1, f"one game stored ({before} -> {len(after)})")
    g = after[-1]
    check(g["game"] == "tarot", f"a tarot game ({g['game']})")
    check(g["players"] == ["Éva", "Ann", "Ben", "Zoé"], f"its players in the seats tapped ({g['players']})")
    check(g["meta"].get("night") == night and g["meta"].get("date") == today, f"in tonight's night ({g['meta']})")
    check(not g["in_focus"], "the command line's table in focus stays where it was")
    setup = json.loads(marque("export", str(g["id"])))["setup"]
    check(setup.get("first_dealer") == "Ann", f"Ann deals first ({setup.get('first_dealer')})")
    check((url or "").endswith(f"/game/{g['id']}/hand"), "the page opened is that game's")

    # a player twice (an address made by hand): refused, the choices kept
    phone.get(base + "/new?game=tarot&p=Ann&p=ann&p=Ben&dealer=Ben")
    err = start_error(phone)
    check(bool(err) and ("same player" in err or "twice" in err or "distinct" in err), f"a player twice is refused ({err!r})")
    check(seats(phone) == ["Ann", "ann", "Ben"], "the refusal keeps the choices")
    check(len(games()) == before + 1, "nothing more was stored")

    # coinche: the seats are N, E, S, W with their teams
    phone.get(base + "/new?game=coinche")
    nxt = phone.execute_script("return document.querySelector('ol.seats li.next .seat').innerText")
    check(nxt.startswith("N"), f"coinche asks seat N first ({nxt!r})")
    logs = [l["message"] for l in phone.get_log("browser") if "Content Security Policy" in l["message"]]
    check(not logs, f"no Content-Security-Policy violation {logs[:2]}")
finally:
    finish(server, tmp, phone)

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
