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
import re
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import browser as phone_browser, check, failures, finish, serve, wait  # noqa: E402

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


def seats(d):
    return [li.get_attribute("data-player") for li in d.find_elements(By.CSS_SELECTOR, "ol.seats li[data-player]")]


def roster(d, visible_only=False):
    items = d.find_elements(By.CSS_SELECTOR, "ul.roster li")
    return [li.find_element(By.CSS_SELECTOR, ".name").text for li in items if not visible_only or li.is_displayed()]


def tap_player(d, name):
    for li in d.find_elements(By.CSS_SELECTOR, "ul.roster li"):
        if li.find_element(By.CSS_SELECTOR, ".name").text == name:
            before = len(seats(d))
            li.find_element(By.CSS_SELECTOR, "a.pick").click()
            return wait(d, lambda: len(seats(d)) == before + 1, 5) is not None
    return False


def start_error(d):
    d.find_element(By.ID, "start").click()
    return wait(d, lambda: d.find_element(By.CSS_SELECTOR, "form.start-game .err").text, 5) or ""


def games():
    return json.loads(marque("games", "--format", "json"))


phone = browser()
try:
    # the New game page is a scorer's: without the code, the code form
    phone.get(base + "/new")
    check("/login" in phone.current_url, "the New game page asks for the write code first")
    phone.find_element(By.ID, "code").send_keys(CODE)
    phone.find_element(By.CSS_SELECTOR, "form.login button").click()
    check(wait(phone, lambda: phone.current_url.endswith("/new"), 5) is not None, "the code opens the New game page")
    phone.get(base + "/")
    phone.find_element(By.ID, "new-game-link").click()
    check(wait(phone, lambda: "/new" in phone.current_url, 5) is not None, "New game on the night's board opens the page")
    choices = [a.get_attribute("data-game") for a in phone.find_elements(By.CSS_SELECTOR, ".choices a[data-game]")]
    check(choices == ["alsos", "coinche", "piquet", "prefa", "tarot"] or set(choices) >= {"tarot", "coinche", "alsos", "piquet", "prefa"},
          f"every game is a button ({choices})")
    shot(phone, "new-game-01-games")
    phone.find_element(By.CSS_SELECTOR, ".choices a[data-game='tarot']").click()
    wait(phone, lambda: phone.find_elements(By.CSS_SELECTOR, "ul.roster li"), 5)
    listed = roster(phone)
    check(listed[:2] == ["Éva", "Gus"] and listed[2:6] == ["Ann", "Ben", "Cat", "Dan"],
          f"the club's players, the most recent first ({listed})")

    # letters narrow the list as they are typed, accents and case aside; a tap seats the player
    phone.find_element(By.ID, "q").send_keys("EVA")
    check(wait(phone, lambda: roster(phone, True) == ["Éva"], 5) is not None,
          f"typing EVA narrows the list to Éva ({roster(phone, True)})")
    check(tap_player(phone, "Éva"), "a tap seats Éva at seat 1")
    check(tap_player(phone, "Ann"), "a tap seats Ann at seat 2")
    check(seats(phone) == ["Éva", "Ann"], f"the seats in the order tapped ({seats(phone)})")

    # too few players: refused, the error shown, the choices kept
    err = start_error(phone)
    check("player" in err and "3" in err, f"two players are refused with the rule ({err!r})")
    check(seats(phone) == ["Éva", "Ann"] and "/new" in phone.current_url, "the refusal keeps the choices")
    shot(phone, "new-game-02-refused")
    check(tap_player(phone, "Ben"), "a tap seats Ben at seat 3")
    phone.execute_script("window.scrollTo(0, 0)")
    shot(phone, "new-game-roster")  # the README's picture (docs/shots/new-game-roster.png), from the top

    # a name the club does not know: searched, then confirmed
    q = phone.find_element(By.ID, "q")
    q.send_keys("Zoé")
    q.submit()
    add = wait(phone, lambda: phone.find_element(By.ID, "add-new"), 5)
    check(add is not None and "Zoé" in phone.find_element(By.CSS_SELECTOR, ".confirm").text,
          "a name the club does not know asks for a confirmation")
    check(seats(phone) == ["Éva", "Ann", "Ben"], "nothing is seated before the confirmation")
    shot(phone, "new-game-03-confirm")
    add.click()
    check(wait(phone, lambda: seats(phone) == ["Éva", "Ann", "Ben", "Zoé"], 5) is not None,
          f"confirmed, Zoé takes seat 4 ({seats(phone)})")

    # the first dealer: a button of each player seated
    dealers = [a.text for a in phone.find_elements(By.CSS_SELECTOR, "a.choice.dealer")]
    check(dealers == ["Éva", "Ann", "Ben", "Zoé"], f"the first dealer is one of the players ({dealers})")
    next(a for a in phone.find_elements(By.CSS_SELECTOR, "a.choice.dealer") if a.text == "Ann").click()
    check(wait(phone, lambda: phone.find_element(By.CSS_SELECTOR, "a.choice.dealer.on").text == "Ann", 5) is not None,
          "Ann deals first")
    shot(phone, "new-game-04-ready")
    before = len(games())
    phone.find_element(By.ID, "start").click()
    check(wait(phone, lambda: re.search(r"/game/\d+/hand$", phone.current_url), 10) is not None,
          f"Start opens the new game's hand entry ({phone.current_url})")
    after = games()
    check(len(after) == before + 1, f"one game stored ({before} -> {len(after)})")
    g = after[-1]
    check(g["game"] == "tarot", f"a tarot game ({g['game']})")
    check(g["players"] == ["Éva", "Ann", "Ben", "Zoé"], f"its players in the seats tapped ({g['players']})")
    check(g["meta"].get("night") == night and g["meta"].get("date") == today, f"in tonight's night ({g['meta']})")
    check(not g["in_focus"], "the command line's table in focus stays where it was")
    setup = json.loads(marque("export", str(g["id"])))["setup"]
    check(setup.get("first_dealer") == "Ann", f"Ann deals first ({setup.get('first_dealer')})")
    check(phone.current_url.endswith(f"/game/{g['id']}/hand"), "the page opened is that game's")

    # a player twice (an address made by hand): refused, the choices kept
    phone.get(base + "/new?game=tarot&p=Ann&p=ann&p=Ben&dealer=Ben")
    err = start_error(phone)
    check(bool(err) and ("same player" in err or "twice" in err or "distinct" in err), f"a player twice is refused ({err!r})")
    check(seats(phone) == ["Ann", "ann", "Ben"], "the refusal keeps the choices")
    check(len(games()) == before + 1, "nothing more was stored")

    # coinche: the seats are N, E, S, W with their teams
    phone.get(base + "/new?game=coinche")
    nxt = phone.find_element(By.CSS_SELECTOR, "ol.seats li.next .seat").text
    check(nxt.startswith("N"), f"coinche asks seat N first ({nxt!r})")
    logs = [l["message"] for l in phone.get_log("browser") if "Content Security Policy" in l["message"]]
    check(not logs, f"no Content-Security-Policy violation {logs[:2]}")
finally:
    finish(server, tmp, phone)

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
