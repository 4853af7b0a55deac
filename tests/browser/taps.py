#!/usr/bin/env python3
"""How many taps a hand takes on a phone (issue #32, point 3), in a real browser at 360x740.

The five games are started at the command line; one phone logs in, turns "Skip the usual answers" on (once: the
phone remembers it) and enters a typical hand of each game through buttons and the on-screen keypad only. Every
click is a tap; a number typed on the keypad is one tap per digit, plus the Next button when the keypad does not
move on by itself (it does once no further digit fits the number's range). The count runs from the hand's first
question to the Store button (after a store the phone opens the next hand's questions). Each count must be at most
8, except Alsós, whose record takes every player's tricks and card points (its count is printed and kept under its
own bound). The stored record must equal the one typed in one line (`marque hand --no-prompt`, with the usual
answers the phone took said too) in a second database. Then the fast paths: "Same as last hand" (2 taps), the same hand with one answer changed, a redeal (2
taps: the button and its confirmation), the Undo of the line after a store (1 tap), the next dealer on the game page
and the entry page. Prints the table of counts (README.md keeps it). Screenshots go to ARTIFACTS_DIR.

Usage: taps.py MARQUE_BIN ARTIFACTS_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import ENTRY, browser, check, entry, failures, finish, serve, until, wait  # noqa: E402
from phone import answer as answer_by_taps, tap as touch, tap_on  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
CODE = "246810"
MAX_TAPS = 8
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-taps-test-")
db = os.path.join(tmp, "taps.db")
ref = os.path.join(tmp, "one-line.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1")


def marque(database, *args):
    r = subprocess.run([BIN, "--db", database, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


# Each game: its start, a typical hand (the answers tapped, by question key), and the same hand in one line.
games = {
    "tarot": (["tarot", "players=Ann,Ben,Cat,Dan", "dealer=Dan"],
              {"taker": "Ben", "contract": "garde", "oudlers": "2", "points": "51"},
              ["taker=Ben", "contract=garde", "oudlers=2", "points=51", "petit_au_bout=none", "chelem=none",
               "chelem_announced=no"]),
    "coinche": (["coinche", "N=Nina", "E=Emil", "S=Sara", "W=Will", "dealer=W"],
                {"bidder": "N", "bid": "100", "trump": "H", "points": "112", "last": "bidders"},
                ["bidder=N", "bid=100", "trump=H", "points=112", "last=bidders", "belote=none"]),
    "prefa": (["prefa", "players=A,B,C", "initial_pool=31", "dealer=A"],
              {"declarer": "A", "contract": "6S", "calls.B": "play", "calls.C": "play", "tricks.A": "6", "tricks.B": "2"},
              ["declarer=A", "contract=6S", "calls=B:play,C:play", "tricks=A:6,B:2,C:2"]),
    "piquet": (["piquet", "players=Pia,Quentin", "elder=Pia"],
               {"point_winner": "Pia", "point_cards": "5", "tricks": "7", "play_elder": "8"},
               None),
    "alsos": (["alsos", "players=Ann,Béla,Csaba", "dealer=Ann"],
              {"kind": "trump", "declarer": "Ann", "trump": "makk", "tricks.Ann": "5", "tricks.Béla": "2",
               "last_trick": "Ann", "card_points.Ann": "90", "card_points.Béla": "30", "card_points.Csaba": "42"},
              None),
}
# Alsós: every active player's tricks and card points are in the record (spec alsos V42): its own bound
BOUNDS = {"alsos": 13}

ids = {}
for name, (start, _, _) in games.items():
    ids[name] = int(re.match(r"game (\d+)", marque(db, "start", *start)).group(1))
    marque(ref, "start", *start)


def records(database, game):
    return json.loads(marque(database, "export", str(game)))["hands"]


def hands_of(game):
    return json.loads(marque(db, "list", str(game), "--format", "json"))


server, base = serve(BIN, db, env, CODE)


def shot(d, name):
    d.save_screenshot(os.path.join(ARTIFACTS, name + ".png"))
    sw, iw = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(sw <= iw, f"{name}: no horizontal scrolling ({sw} <= {iw})")


phone = browser(tmp, "taps")
taps = 0


def counted():
    global taps
    taps += 1


def tap(element):
    touch(element)
    counted()


def tap_at(css, value=None):
    tap_on(phone, css, value)
    counted()


def leaving():
    """Marks the page: a store (or a redeal) sends the phone to a new page, which lands after the database has
    changed."""
    phone.execute_script("window.__tapsLeaving = true")


def landed(what):
    """Waits for the page a store or a redeal opened (a new document): a phone.get before it has landed is replaced by
    it (the next table's entry then showed the last table's questions, session 18)."""
    check(until(phone, "return !window.__tapsLeaving && document.readyState === 'complete'") is not None,
          f"{what}: the next page has landed")


def entry_is(key, timeout=10):
    """Waits until the entry asks question `key` (or shows the preview): its state."""
    return until(phone, ENTRY + " return s.step === arguments[0] && !s.busy ? s : null;", key, timeout=timeout)


def answer(s, value):
    """Taps the answer to the question state `s` shows: its button, else its digits on the keypad (and Next unless
    the keypad moved on). Returns the entry's state after it (None: refused or stuck)."""
    key = s["step"]
    if value not in s["choices"] and not check(s["keypad"], f"{key}: a keypad for {value!r}"):
        return None
    moved = answer_by_taps(phone, s, value, counted)
    err = moved["err"] if moved else "the entry did not move on"
    return moved if check(not err, f"{key}={value!r} accepted" + (f" ({err})" if err else "")) else None


def enter(name, plan):
    """The hand's questions answered from the plan; returns the keys asked and the entry's last state. Every question
    the plan does not answer must have been answered by its usual answer."""
    asked = []
    st = until(phone, ENTRY + " return s.step !== '' && !s.busy ? s : null;") or {"step": ""}
    for _ in range(40):
        key = st["step"]
        if key in ("preview", "refused", ""):
            break
        asked.append(key)
        if not check(key in plan, f"{name}: {key} is asked only when the hand needs an answer"):
            break
        st = answer(st, plan[key])
        if not st:
            st = entry(phone)
            break
    return asked, st


results = []
try:
    # the code (not counted: once a night), then "Skip the usual answers" (once: the phone remembers it)
    phone.get(base + "/login?next=" + f"/game/{ids['tarot']}/hand")
    phone.find_element(By.ID, "code").send_keys(CODE)
    tap_on(phone, "form.login button")
    check(until(phone, "return (location.pathname + location.hash).endsWith(arguments[0])", f"/game/{ids['tarot']}/hand") is not None,
          "logged in")
    until(phone, ENTRY + " return s.step !== '';")
    shot(phone, "taps-00-entry-start")
    tap_on(phone, "#quick")
    check(until(phone, "const q = document.getElementById('quick');"
                       " return q.getAttribute('aria-pressed') === 'true' && q.innerText.includes('skipped')", timeout=5)
          is not None, "the usual answers are skipped (remembered on the phone)")

    for name, (start, plan, words) in games.items():
        game = ids[name]
        phone.get(base + f"/game/{game}/hand")  # where the phone is after the previous hand of the table
        # the page's own heading says "Hand N"; the entry's script adds the dealer once it has the first question
        heading = until(phone, "const h = document.querySelector('#entry h1');"
                               " return document.querySelector('#entry form.question, #entry section.preview') && h &&"
                               " h.innerText.trim()") or ""
        check("dealer" in heading, f"{name}: the entry shows the dealer ({heading!r})")
        taps = 0
        asked, st = enter(name, plan)
        if name in ("coinche", "tarot"):
            shot(phone, f"taps-01-{name}-preview")
        if not check(st["step"] == "preview", f"{name}: the hand is complete ({', '.join(asked)})"):
            continue
        count = len(hands_of(game))
        leaving()
        tap_at("#store")
        check(wait(phone, lambda: len(hands_of(game)) == count + 1, 10) is not None, f"{name}: stored")
        landed(name)
        check(until(phone, "return (location.pathname + location.hash).endsWith(arguments[0])", f"/game/{game}/hand") is not None,
              f"{name}: the next hand's questions open at once")
        bound = BOUNDS.get(name, MAX_TAPS)
        check(taps <= bound, f"{name}: a typical hand takes {taps} taps (at most {bound})")
        results.append((name, taps, len(plan)))
        if words:
            marque(ref, "hand", "-g", str(game), "--no-prompt", *words)
            got, want = records(db, game)[-1], records(ref, game)[-1]
            check(got == want, f"{name}: the stored record is the one-line entry's ({got} == {want})")

    # --- the fast paths, at the coinche table
    coinche = ids["coinche"]
    phone.get(base + f"/game/{coinche}")
    sub = phone.execute_script("return document.querySelector('main p.sub').innerText")
    check("dealer Nina" in sub, f"the game page shows the next dealer ({sub!r})")
    phone.get(base + f"/game/{coinche}/hand")
    until(phone, "return document.getElementById('same')")
    shot(phone, "taps-02-fast-paths")
    taps = 0
    count = len(hands_of(coinche))
    tap_at("#same")
    check(entry_is("preview") is not None, "same as last hand: the whole hand at once")
    shot(phone, "taps-03-same-as-last-hand")
    leaving()
    tap_at("#store")
    check(wait(phone, lambda: len(hands_of(coinche)) == count + 1, 10) is not None, "same as last hand: stored")
    landed("same as last hand")
    same_taps = taps
    check(same_taps == 2, f"same as last hand takes {same_taps} taps")
    h = records(db, coinche)
    check(h[-1].get("dealer") == "N" and {k: v for k, v in h[-1].items() if k != "dealer"} ==
          {k: v for k, v in h[-2].items() if k != "dealer"}, f"the same hand again, dealt by the next dealer ({h[-1]})")
    flash = until(phone, "const f = document.querySelector('.flash'); return f && f.innerText.trim()") or ""
    check("stored" in flash, f"the line after a store ({flash!r})")

    # the same hand with one answer changed: its chip, the new value, Store
    until(phone, "return document.getElementById('same')")
    taps = 0
    tap_at("#same")
    entry_is("preview")
    chip = phone.execute_script("return Array.from(document.querySelectorAll('#entry ol.trail button'))"
                                ".find(b => b.innerText.includes('112')) || null")
    if check(chip is not None, "the answers are listed, each to change"):
        tap(chip)
        st = entry_is("points")
        if st:
            answer(st, "130")
        check(entry_is("preview") is not None, "the other answers stay")
        count = len(hands_of(coinche))
        leaving()
        tap_at("#store")
        check(wait(phone, lambda: len(hands_of(coinche)) == count + 1, 10) is not None, "one answer changed: stored")
        landed("one answer changed")
        check(records(db, coinche)[-1].get("bidder_card_points") == 130, "the changed answer is stored")
    change_taps = taps
    check(change_taps <= MAX_TAPS, f"same as last hand with one answer changed takes {change_taps} taps")

    # the Undo of the line after a store: one tap
    undo = until(phone, "return document.getElementById('undo-now')")
    count = len(hands_of(coinche))
    if check(undo is not None, "the line after a store has an Undo button"):
        shot(phone, "taps-04-stored-undo")
        touch(undo)
        check(wait(phone, lambda: len(hands_of(coinche)) == count - 1, 10) is not None, "undo in one tap")
        # the undo's own page (the game's, "Undid ...") loads after the database has changed: let it land before
        # going elsewhere, or it replaces the next page
        until(phone, "return location.pathname === arguments[0] && document.readyState === 'complete'",
              f"/game/{coinche}")

    # a redeal: the button and its confirmation
    phone.get(base + f"/game/{coinche}/hand")
    b = until(phone, "return document.getElementById('redeal')")
    taps = 0
    count = len(hands_of(coinche))
    tap(b)
    check("again" in b.text, f"a redeal asks for a second tap ({b.text!r})")
    leaving()
    tap(b)
    check(wait(phone, lambda: len(hands_of(coinche)) == count + 1, 10) is not None, "a redeal stored")
    landed("a redeal")
    check(records(db, coinche)[-1].get("redeal") == "all_pass", f"all passed ({records(db, coinche)[-1]})")
    redeal_taps = taps

    # tarot's redeal: nobody took
    tarot = ids["tarot"]
    phone.get(base + f"/game/{tarot}/hand")
    b = until(phone, "return document.getElementById('redeal')")
    count = len(hands_of(tarot))
    touch(b)
    leaving()
    touch(b)
    check(wait(phone, lambda: len(hands_of(tarot)) == count + 1, 10) is not None, "a tarot redeal stored")
    landed("a tarot redeal")
    check(records(db, tarot)[-1].get("type") == "redeal", f"tarot: a redeal ({records(db, tarot)[-1]})")

    # the numbers: the other side's figure, shown computed before it is sent
    phone.get(base + f"/game/{tarot}/hand")
    st = entry_is("taker")
    for v in ["Ann", "prise", "1"]:
        st = answer(st, v) if st else None
    entry_is("points")
    tap_on(phone, "#q-complement")
    for ch in "40":
        tap_on(phone, f".keypad button.key[data-key='{ch}']")
    computed = phone.execute_script("return document.getElementById('q-computed').innerText")
    check("51" in computed, f"the defence's 40 shows the attack's 51 before it is sent ({computed!r})")
    shot(phone, "taps-05-complement")
    tap_on(phone, "form.question .nav button.primary")
    entry_is("preview")
    check(phone.execute_script("return Array.from(document.querySelectorAll('#entry ol.trail button'))"
                               ".some(c => c.innerText.includes('51'))"), "the attack's 51 is the answer sent")

    print("\ntaps for a typical hand (from its first question to Store; the usual answers skipped):")
    print("| game | taps | answers tapped |")
    print("|---|---|---|")
    for name, n, answers in results:
        print(f"| {name} | {n} | {answers} |")
    print(f"| same as last hand | {same_taps} | |")
    print(f"| same as last hand, one answer changed | {change_taps} | |")
    print(f"| redeal | {redeal_taps} | |")
    print("| undo of the hand just stored | 1 | |")
finally:
    finish(server, tmp, phone)

if failures:
    print(f"\n{len(failures)} failure(s)")
    sys.exit(1)
print("\nall taps checks passed")
