#!/usr/bin/env python3
"""Issue 32, point 1 for Alsós and Prefa: a hand that uses every composite field, entered on a 360x740 phone through
the pickers only (buttons; nothing typed but numbers), stores the same record as the same hand typed in one line.

For each game two identical games are started at the command line; the phone enters the hand in the first, question
by question (each step's key is checked, so a field asked as one text line fails the test), `marque hand` types it in
the second, and the two stored records (`marque show 1 --format json`) must be equal. A screenshot of a picker step of
each game is kept in ARTIFACTS_DIR (and copied to SHOTS_DIR when given: docs/shots/picker-<game>.png in the README).

Usage: pickers_b.py MARQUE_BIN ARTIFACTS_DIR [SHOTS_DIR]"""
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
SHOTS = sys.argv[3] if len(sys.argv) > 3 else None
CODE = "13572468"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-pickers-b-")
db = os.path.join(tmp, "night.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1")


def marque(*args):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


# Each game: its set-up, the picker step whose screenshot is kept, the steps in order as (key, answer): a choice's
# value is tapped, a number typed, "" takes the default the form offers; the same hand in one line.
GAMES = {
    "alsos": {
        "start": ["alsos", "players=Ann,Béla,Csaba", "dealer=Ann"],
        "shot": "figurak#2.kontra1",
        "steps": [("dealer", ""), ("kind", "trump"), ("declarer", "Béla"), ("trump", "piros"), ("turn_up_suit", ""),
                  # the kontra chain on the game: kontra by Csaba, rekontra by Béla, both late
                  ("game_kontra#1", "add"), ("game_kontra#1.who", "Csaba"), ("game_kontra#1.when", "late"),
                  ("game_kontra#2", "add"), ("game_kontra#2.who", "Béla"), ("game_kontra#2.when", "late"),
                  ("game_kontra#3", "done"),
                  # two figurák: Béla's early kassza, Ann's late tuli kontra'd by Béla
                  ("figurak#1", "add"), ("figurak#1.name", "kassza"), ("figurak#1.by", "Béla"),
                  ("figurak#1.phase", "early"), ("figurak#1.kontra1", "none"),
                  ("figurak#2", "add"), ("figurak#2.name", "tuli"), ("figurak#2.by", "Ann"), ("figurak#2.phase", "late"),
                  ("figurak#2.kontra1", "Béla"), ("figurak#2.when1", "late"), ("figurak#2.kontra2", "none"),
                  ("figurak#3", "done"),
                  ("tricks.Ann", "2"), ("tricks.Béla", "5"), ("tricks.Csaba", ""), ("last_trick", "Béla"),
                  ("card_points.Ann", "28"), ("card_points.Béla", "96"), ("card_points.Csaba", "20"),
                  # melds: Béla's terc and béla
                  ("melds#1", "add"), ("melds#1.who", "Béla"), ("melds#1.sequences", "20"), ("melds#1.sets", "0"),
                  ("melds#1.bela", "yes"), ("melds#2", "done")],
        "words": ["dealer=Ann", "contract=trump:piros:Béla", "turn=piros", "kontra=Csaba:late,Béla:late",
                  "figura=Béla:kassza:early,Ann:tuli:late/Béla:late", "tricks=Ann:2,Béla:5,Csaba:2",
                  "points=Ann:28,Béla:96,Csaba:20", "last=Béla", "melds=Béla:20:0:bela"],
    },
    "prefa": {
        "start": ["prefa", "players=A,B,C", "dealer=A"],
        "shot": "along",
        # B declares 7 hearts; C plays, A passes and C takes him along (the calls per defender, the take-along)
        "steps": [("type", "contract"), ("declarer", "B"), ("contract", "7H"), ("calls.C", "play"),
                  ("calls.A", "pass"), ("along", "C"), ("tricks.B", "7"), ("tricks.C", "")],
        "words": ["declarer=B", "contract=7H", "calls=C:play,A:pass", "along=C", "tricks=B:7,C:3"],
    },
}

ids = {}
for name, g in GAMES.items():
    ids[name] = []
    for _ in range(2):
        out = marque("start", *g["start"])
        ids[name].append(int(re.match(r"game (\d+)", out).group(1)))

server, base = serve(BIN, db, env, CODE)


def browser():
    return phone_browser(tmp, "pickers-b")


def record_of(game):
    return json.loads(marque("show", "1", "-g", str(game), "--format", "json")).get("record")


phone = browser()
try:
    phone.get(base + "/login")
    phone.find_element(By.ID, "code").send_keys(CODE)
    tap_on(phone, "form.login button")
    until(phone, "return !location.href.includes('/login')", timeout=5)

    for name, g in GAMES.items():
        picked, typed = ids[name]
        phone.get(base + f"/game/{picked}/hand")
        st = until(phone, ENTRY + " return s.step !== '' ? s : null;") or {"step": ""}
        for key, value in g["steps"]:
            now = st["step"]
            if not check(now == key, f"{name}: the question {key} is asked (got {now})"):
                break
            if key == g["shot"]:
                path = os.path.join(ARTIFACTS, f"picker-{name}.png")
                phone.save_screenshot(path)
                if SHOTS:
                    os.makedirs(SHOTS, exist_ok=True)
                    shutil.copy(path, os.path.join(SHOTS, f"picker-{name}.png"))
                sw, iw = phone.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
                check(sw <= iw, f"{name}: the picker fits the phone ({sw} <= {iw})")
            if value != "" and value not in st["choices"] and not value.isdigit():
                check(False, f"{name}: {key} offers no button {value!r}")
                break
            # "": the default offered (Next)
            moved = answer(phone, st, value if value != "" else None, typed=True)
            if moved and moved["err"]:
                check(False, f"{name}: {key}={value!r} refused: {moved['err']}")
                break
            if not check(bool(moved), f"{name}: {key}={value!r} answered"):
                break
            st = moved
        if not check(st["step"] == "preview", f"{name}: the hand is previewed after the last picker"):
            continue
        tap_on(phone, "#store")
        check(until(phone, "return new RegExp(arguments[0]).test(location.href)", rf"/game/{picked}(#hand-\d+)?$")
              is not None, f"{name}: stored through the phone")
        marque("hand", "-g", str(typed), *g["words"])
        a, b = record_of(picked), record_of(typed)
        check(a is not None and a == b, f"{name}: the record entered with pickers equals the one-line entry's\n  {a}\n  {b}")
finally:
    phone.quit()
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
    shutil.rmtree(tmp, ignore_errors=True)

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all checks passed")
