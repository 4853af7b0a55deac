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
from phone import browser, check, failures, serve, wait  # noqa: E402

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


def step_key(d):
    return d.find_element(By.ID, "entry").get_attribute("data-step") or ""


def answer(d, key, value):
    """The answer's button, else its digits on the keypad and Next; waits until the entry moves on."""
    form = d.find_element(By.CSS_SELECTOR, "form.question")
    before = len(d.find_elements(By.CSS_SELECTOR, "#entry ol.trail li"))
    buttons = [b for b in form.find_elements(By.CSS_SELECTOR, "button.choice") if b.get_attribute("data-value") == value]
    if buttons:
        buttons[0].click()
    else:
        for ch in value:
            form.find_element(By.CSS_SELECTOR, f".keypad button.key[data-key='{ch}']").click()
        moved = wait(d, lambda: step_key(d) != key or len(d.find_elements(By.CSS_SELECTOR, "#entry ol.trail li")) != before, 0.5)
        if not moved:
            form.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
    wait(d, lambda: not d.find_elements(By.CSS_SELECTOR, "#entry.busy") and
         (step_key(d) != key or len(d.find_elements(By.CSS_SELECTOR, "#entry ol.trail li")) != before), 10)
    errs = d.find_elements(By.ID, "q-err")
    return check(not (errs and errs[0].text), f"{key}={value!r} accepted" + (f" ({errs[0].text})" if errs and errs[0].text else ""))


def enter_hand(d, lang, game, plan):
    d.get(base + f"/game/{game}/hand")
    wait(d, lambda: step_key(d) != "" and not d.find_elements(By.CSS_SELECTOR, "#entry.busy"), 10)
    for _ in range(40):
        key = step_key(d)
        if key in ("preview", "refused", ""):
            break
        if not check(key in plan, f"{lang}: {key} asked (the usual answers skipped)") or not answer(d, key, plan[key]):
            return False
    if not check(step_key(d) == "preview", f"{lang}: the hand is complete"):
        return False
    d.find_element(By.ID, "store").click()
    return check(wait(d, lambda: d.current_url.endswith(f"/game/{game}/hand"), 10) is not None, f"{lang}: stored")


def hand_words(d, game):
    d.get(base + f"/game/{game}")
    wait(d, lambda: d.current_url.endswith(f"/game/{game}"), 10)
    return wait(d, lambda: d.find_element(By.CSS_SELECTOR, "ol.hands li .words").get_attribute("textContent"), 10) or ""


server, base = serve(BIN, db, env, CODE)
club = None
try:
    for lang, (start, plan, want, english) in tables.items():
        d = browser(tmp, "languages-" + lang)
        try:
            speaking(d, lang)
            d.get(base + "/login?next=" + f"/game/{ids[lang]}/hand")
            d.find_element(By.ID, "code").send_keys(CODE)
            d.find_element(By.CSS_SELECTOR, "form.login button").click()
            wait(d, lambda: step_key(d) != "", 10)
            d.find_element(By.ID, "quick").click()
            wait(d, lambda: d.find_element(By.ID, "quick").get_attribute("aria-pressed") == "true", 5)
            if enter_hand(d, lang, ids[lang], plan):
                # the phone's result line after the store ("✓ Hand 1 stored: ..."), then the game page's hand line
                line = wait(d, lambda: d.find_element(By.CSS_SELECTOR, "p.result.flash").get_attribute("textContent"), 10) or ""
                for w in want:
                    check(w in line, f"{lang}: the phone's result line says {w!r} ({line!r})")
                d.save_screenshot(os.path.join(ARTIFACTS, f"languages-{lang}-stored.png"))
                words = hand_words(d, ids[lang])
                d.save_screenshot(os.path.join(ARTIFACTS, f"languages-{lang}-game.png"))
                for w in want:
                    check(w in words, f"{lang}: the hand's line says {w!r} ({words!r})")
                for w in english:
                    check(w not in words, f"{lang}: no English {w!r} in the hand's line ({words!r})")
        finally:
            d.quit()
    # a language marque does not speak: English
    d = browser(tmp, "languages-de")
    try:
        speaking(d, "de")
        words = hand_words(d, ids["fr"])
        check("Ben's garde made by 10" in words, f"de: English ({words!r})")
    finally:
        d.quit()
    server.terminate()
    server.wait(10)
    # the club's language (serve --lang fr) wins over the browser's (Greek)
    club = subprocess.Popen([BIN, "--db", db, "serve", "--listen", "127.0.0.1:0", "--code", CODE, "--lang", "fr"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = "http://127.0.0.1:" + re.search(r":(\d+)/", club.stdout.readline()).group(1)
    d = browser(tmp, "languages-club")
    try:
        speaking(d, "el")
        words = hand_words(d, ids["el"])
        check("réussi" in words and "βγήκε" not in words, f"club default fr over a Greek browser ({words!r})")
    finally:
        d.quit()
finally:
    for s in (server, club):
        if s and s.poll() is None:
            s.terminate()
            s.wait(10)

print(f"{len(failures)} failures" if failures else "all passed")
sys.exit(1 if failures else 0)
