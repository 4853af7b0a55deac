#!/usr/bin/env python3
"""The phone follows the phone (issue 34): a hand entered on a phone whose browser asks for French (tarot), Hungarian
(alsós) or Greek (prefa) is said in that language on the game page (its hand's words, in the glossary's terms, its
numbers in the language's format); a browser asking for a language marque does not speak gets English; a club
default (`marque serve --lang fr`) wins over the browser's. Screenshots go to ARTIFACTS_DIR.

Usage: languages.py MARQUE_BIN ARTIFACTS_DIR"""
import os
import re
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import ENTRY, answer, browser, check, failures, serve, tap_on, until  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
CODE = "135791"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-languages-test-")
db = os.path.join(tmp, "languages.db")
# the C locale only: the language comes from the browser, never from the system
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1", LC_ALL="C", LANG="C")


def marque(*args):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


# each language: its game, a hand's answers (by question key), words the hand's line must hold and English ones it
# must not
tables = {
    "fr": (["tarot", "players=Ann,Ben,Cat,Dan", "dealer=Dan"],
           {"taker": "Ben", "contract": "garde", "oudlers": "2", "points": "51"},
           ["Ben\u00a0: garde, passée de 10"], ["made by", "'s "]),
    "hu": (["alsos", "players=Ann,Béla,Csaba", "dealer=Ann"],
           {"kind": "trump", "declarer": "Ann", "trump": "makk", "tricks.Ann": "5", "tricks.Béla": "2",
            "last_trick": "Ann", "card_points.Ann": "90", "card_points.Béla": "30", "card_points.Csaba": "42"},
           ["Ann: makk adu, nyert"], ["trump game", " won", "'s "]),
    "el": (["prefa", "players=A,B,C", "initial_pool=31", "dealer=A"],
           {"declarer": "A", "contract": "6S", "calls.B": "play", "calls.C": "play", "tricks.A": "6", "tricks.B": "2"},
           ["A 6♠: βγήκε"], ["made", " down "]),
}
ids = {lang: int(re.match(r"game (\d+)", marque("start", *start)).group(1)) for lang, (start, _, _, _) in tables.items()}


def speaking(d, lang):
    """The browser asks for `lang` first (Accept-Language), as a phone set to that language does."""
    ua = d.execute_script("return navigator.userAgent")
    d.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": ua, "acceptLanguage": f"{lang},en;q=0.5"})


def enter_hand(d, lang, game, plan):
    """The hand's questions answered by taps (a choice's button, else the keypad's digits and Next), then Store."""
    d.get(base + f"/game/{game}/hand")
    st = until(d, ENTRY + " return s.step !== '' && !s.busy ? s : null;") or {"step": ""}
    for _ in range(40):
        key = st["step"]
        if key in ("preview", "refused", ""):
            break
        if not check(key in plan, f"{lang}: {key} asked (the usual answers skipped)"):
            return False
        moved = answer(d, st, plan[key])
        if not check(moved is not None, f"{lang}: the entry moves on after {key}"):
            return False
        if not check(not moved["err"], f"{key}={plan[key]!r} accepted" + (f" ({moved['err']})" if moved["err"] else "")):
            return False
        st = moved
    if not check(st["step"] == "preview", f"{lang}: the hand is complete"):
        return False
    tap_on(d, "#store")
    return check(until(d, "return (location.pathname + location.hash).endsWith(arguments[0])", f"/game/{game}/hand") is not None, f"{lang}: stored")


def hand_words(d, game):
    d.get(base + f"/game/{game}")
    return until(d, "const w = (location.pathname + location.hash).endsWith(arguments[0]) && document.querySelector('ol.hands li .words');"
                 " return w && w.textContent", f"/game/{game}") or ""


server, base = serve(BIN, db, env, CODE)
club = None
# one phone, its language changed between the tables (Accept-Language is asked afresh by every page it opens)
d = browser(tmp, "languages")
try:
    d.get(base + "/login?next=" + f"/game/{ids['fr']}/hand")
    d.find_element(By.ID, "code").send_keys(CODE)
    tap_on(d, "form.login button")
    until(d, ENTRY + " return s.step !== '';")
    tap_on(d, "#quick")
    until(d, "return document.getElementById('quick').getAttribute('aria-pressed') === 'true'", timeout=5)
    for lang, (start, plan, want, english) in tables.items():
        speaking(d, lang)
        if enter_hand(d, lang, ids[lang], plan):
            # the phone's result line after the store ("✓ Hand 1 stored: ..."), then the game page's hand line
            line = until(d, "const p = document.querySelector('p.result.flash'); return p && p.textContent") or ""
            for w in want:
                check(w in line, f"{lang}: the phone's result line says {w!r} ({line!r})")
            d.save_screenshot(os.path.join(ARTIFACTS, f"languages-{lang}-stored.png"))
            words = hand_words(d, ids[lang])
            d.save_screenshot(os.path.join(ARTIFACTS, f"languages-{lang}-game.png"))
            for w in want:
                check(w in words, f"{lang}: the hand's line says {w!r} ({words!r})")
            for w in english:
                check(w not in words, f"{lang}: no English {w!r} in the hand's line ({words!r})")
    # a language marque does not speak: English
    speaking(d, "de")
    words = hand_words(d, ids["fr"])
    check("Ben's garde made by 10" in words, f"de: English ({words!r})")
    server.terminate()
    server.wait(10)
    # the club's language (serve --lang fr) wins over the browser's (Greek)
    club = subprocess.Popen([BIN, "--db", db, "serve", "--listen", "127.0.0.1:0", "--code", CODE, "--lang", "fr"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = "http://127.0.0.1:" + re.search(r":(\d+)/", club.stdout.readline()).group(1)
    speaking(d, "el")
    words = hand_words(d, ids["el"])
    check("réussi" in words and "βγήκε" not in words, f"club default fr over a Greek browser ({words!r})")
finally:
    d.quit()
    for s in (server, club):
        if s and s.poll() is None:
            s.terminate()
            s.wait(10)

print(f"{len(failures)} failures" if failures else "all passed")
sys.exit(1 if failures else 0)
