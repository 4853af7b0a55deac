#!/usr/bin/env python3
"""Composite fields entered through pickers on a phone (issue 32, point 1: coinche, Piquet, tarot), in a real browser
(Debian's chromium through chromium-driver) at 360x740.

For each game two identical games are started at the command line. In the first, the phone enters a hand that uses
every composite field of the game through its pickers only (taps; the only text typed is a number where the form asks
for one): a coinche hand with two announcements and belote, a Piquet deal with point, sequence and sets, a tarot
hand with two poignées. The same hand is typed in the second game as the one-line words of `marque hand`; the two
stored records must be equal. At each picker step only the legal choices are shown (checked on one step a game), and a
screenshot of one picker step a game is kept (ARTIFACTS_DIR/picker-GAME.png; also in $SHOTS_DIR when set: the
README's docs/shots).

Usage: pickers_a.py MARQUE_BIN ARTIFACTS_DIR"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import ENTRY, answer, browser as phone_browser, check, failures, serve, tap_on, until  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
SHOTS = os.environ.get("SHOTS_DIR", "")
CODE = "246810"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-pickers-a-")
db = os.path.join(tmp, "night.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1")


def marque(*args):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


def start(words):
    return int(re.match(r"game (\d+)", marque(*words)).group(1))


# Each game: how it starts, the answers tapped on the phone (a key not listed takes the form's default; a list of
# values is a multiple choice), the step whose choices are checked and shot, the choices it must offer, and the same
# hand as one-line words.
GAMES = {
    "coinche": {
        "start": ["start", "coinche", "N=Nina", "E=Emil", "S=Sara", "W=Will", "dealer=W"],
        "taps": {"bidder": "N", "bid": "100", "trump": "H", "points": "100", "last": "bidders", "belote": "W",
                 "annonce#1": "add", "annonce#1.who": "N", "annonce#1.type": "carre", "annonce#1.rank": "A",
                 "annonce#2": "add", "annonce#2.who": "E", "annonce#2.type": "tierce", "annonce#2.suit": "S",
                 "annonce#2.top": "K", "annonce#3": "done"},
        # N's carré of aces holds the A of spades: E's tierce of spades runs from the K down at most
        "shot": "annonce#2.top", "offered": ["K", "Q", "J", "10", "9"],
        "line": ["dealer=W", "bidder=N", "bid=100", "trump=H", "points=100", "last=bidders", "belote=W",
                 "annonce=N:carre:A,E:tierce:S:K"],
    },
    "piquet": {
        "start": ["start", "piquet", "players=Pia,Quentin", "elder=Pia"],
        "taps": {"point_winner": "Pia", "point_cards": "5", "seq_winner": "Pia", "seq_scored#1": "add",
                 "seq_scored#1.len": "quart", "seq_scored#1.top": "A", "seq_scored#2": "done", "sets_winner": "Quentin",
                 "sets_scored#1": "add", "sets_scored#1.kind": "quatorze", "sets_scored#1.rank": "10",
                 "sets_scored#2": "add", "sets_scored#2.kind": "trio", "sets_scored#2.rank": "Q", "sets_scored#3": "done",
                 "tricks": "7", "play_elder": "9", "play_younger": "6"},
        # Pia's quart to the ace holds an A, K, Q and J; Quentin's quatorze is of tens: a trio of A, K, Q or J only
        "shot": "sets_scored#2.rank", "offered": ["A", "K", "Q", "J"],
        "line": ["carte=none", "point=Pia:5", "seq=Pia:quart:A", "sets=Quentin:quatorze:10,trio:Q", "tricks=Pia:7",
                 "play=Pia:9,Quentin:6"],
    },
    "tarot": {
        "start": ["start", "tarot", "players=Ann,Ben,Cat,Dan,Eve", "dealer=Ann"],
        "taps": {"taker": "Ben", "contract": "garde", "partner": "Dan", "oudlers": "2", "points": "56.5",
                 "poignee": ["Ann", "Eve"], "poignee.Ann": "triple", "poignee.Eve": "simple"},
        # Ann's triple (13 trumps) leaves room for a simple one only (8 more: 21 of the 22)
        "shot": "poignee.Eve", "offered": ["simple"],
        "line": ["taker=Ben", "contract=garde", "partner=Dan", "oudlers=2", "points=56.5", "petit_au_bout=none",
                 "poignee=Ann:triple,Eve:simple", "chelem=none", "chelem_announced=no"],
    },
}

marque("night", "start", "--date", "2026-11-26", "--venue", "Pickers")
for g in GAMES.values():
    g["picked"] = start(g["start"] + ["--night", "1"])
    g["typed"] = start(g["start"] + ["--night", "1"])

server, base = serve(BIN, db, env, CODE)


def browser():
    return phone_browser(tmp, "pickers-a")


def stored_record(game):
    hands = json.loads(marque("export", str(game)))["hands"]
    return hands[-1] if hands else None


phone = browser()
try:
    phone.get(base + f"/game/{GAMES['coinche']['picked']}/hand")
    phone.find_element(By.ID, "code").send_keys(CODE)
    tap_on(phone, "form.login button")
    until(phone, "return (location.pathname + location.hash).endsWith('/hand')", timeout=5)

    for name, g in GAMES.items():
        phone.get(base + f"/game/{g['picked']}/hand")
        st = until(phone, ENTRY + " return s.step !== '' ? s : null;") or {"step": ""}
        asked, typed_text = [], []
        for _ in range(80):
            key = st["step"]
            if key in ("preview", "refused", ""):
                break
            asked.append(key)
            choices = st["choices"]
            if key == g["shot"]:
                check(choices == g["offered"], f"{name}: {key} offers the legal choices only ({choices})")
                path = os.path.join(ARTIFACTS, f"picker-{name}.png")
                phone.save_screenshot(path)
                if SHOTS:
                    os.makedirs(SHOTS, exist_ok=True)
                    shutil.copy(path, os.path.join(SHOTS, f"picker-{name}.png"))
            value = g["taps"].get(key)
            if value is None and not st["next"]:  # the form's default
                check(False, f"{name}: {key} has no default and the test no answer")
                break
            if isinstance(value, list):  # several: tap each, then Next
                for v in value:
                    tap_on(phone, "form.question button.choice", v)
                value = None
            elif value is not None and value not in choices:  # a number the form asks to be typed
                check(re.fullmatch(r"[0-9.]+", value) is not None, f"{name}: {key}: only numbers are typed ({value!r})")
                typed_text.append(key)
            moved = answer(phone, st, value, typed=True)
            if moved and moved["err"]:
                check(False, f"{name}: {key}={value!r} refused: {moved['err']}")
                break
            if not moved:
                check(False, f"{name}: no next question after {key}")
                break
            st = moved
        check(st["step"] == "preview", f"{name}: the hand entered through the pickers ({', '.join(asked)})")
        lists = [k for k in asked if "#" in k or "." in k]  # a list step or part, a poignée's level
        check(len(lists) > 0, f"{name}: its composite fields were asked as pickers ({len(lists)} steps)")
        missing = [k for k in g["taps"] if k not in asked]
        check(not missing, f"{name}: every planned step was asked (missing {missing})")
        check(g["shot"] in asked, f"{name}: the picker step {g['shot']} was shot")
        tap_on(phone, "#store")
        until(phone, "return new RegExp(arguments[0]).test(location.href)", rf"/game/{g['picked']}(#hand-\d+)?$")
        marque("hand", "-g", str(g["typed"]), *g["line"])
        picked, typed = stored_record(g["picked"]), stored_record(g["typed"])
        check(picked is not None and picked == typed,
              f"{name}: the record entered by pickers equals the one-line entry's\n  {picked}\n  {typed}")
finally:
    phone.quit()
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
    shutil.rmtree(tmp, ignore_errors=True)

if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("all passed")
