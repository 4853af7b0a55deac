#!/usr/bin/env python3
"""A whole event in a browser (issue 33, "Done when"): a 16-player tarot event of 3 rounds, created, checked in and
drawn at the command line; each round published, and at each of its four tables a phone opens the table's code
(`/t/CODE`), enters hands by taps (the guided entry) and submits, and a second player of the table confirms on
another phone. In round 2 one table's result is disputed instead and the organiser settles it on the organiser's page
(an override with a reason); the organiser closes each round on that page. After round 2 is closed, one correction
with its reason (at the command line). A room screen (1920x1080, no login) shows each round's ranking after it
closes. Then the event's PDFs (each round's table cards, door list and slips in one, the final ranking) are read back
with pdftotext: every entrant's name, every table number, every score of the final ranking.

Two phone sessions (360x740) play the four tables of a round: the first opens each table's code in turn (a table
cookie for that table only) and enters and submits its hands, the second opens the same code and confirms (or
disputes); the organiser's page and the room screen are two more sessions. Every tap is phone.tap (a touch through
the DevTools protocol); what a page shows is read in one script, and a wait is one script that asks the page every
50 ms (asked again when the page is replaced under it), so the test costs few WebDriver commands.

Usage: browser_event.py MARQUE_BIN ARTIFACTS_DIR"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import browser, check, failures, serve, tap, wait  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
CODE = "271828"
EVENT = "jeudi"
os.makedirs(ARTIFACTS, exist_ok=True)
if not shutil.which("pdftotext"):
    print("skipped: needs poppler-utils (pdftotext)")
    sys.exit(77)
tmp = tempfile.mkdtemp(prefix="marque-event-test-")
db = os.path.join(tmp, "event.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1")
env.pop("MARQUE_PDF_COMMAND", None)
started = time.monotonic()


def marque(*args, stdin=None):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True, input=stdin)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lea", "Max", "Ned", "Oda", "Pia"]
marque("tournament", "create", "--name", "Tournoi du jeudi", "--game", "tarot", "--rounds", "3", "--date",
       "2026-11-26", "--seed", "20261126", "--id", EVENT, "--time-limit", "60")
marque("tournament", "import-entrants", EVENT, "-",
       stdin="name,licence,club,checked_in\n" + "".join(f"{n},{1001 + i},Colmar,yes\n" for i, n in enumerate(NAMES)))


def doc():
    return json.loads(marque("tournament", "export", EVENT))


def tables_of(round_no):
    return json.loads(marque("tournament", "tables", EVENT, "--round", str(round_no), "--format", "json"))


server, base = serve(BIN, db, env, CODE)
# the four sessions started side by side (each a chromedriver and a Chromium: their start-ups overlap); the organiser's
# laptop and the room's TV are screens (mouse clicks, one pixel a pixel), not phones
with ThreadPoolExecutor(4) as pool:
    phone_a, phone_b, desk, room = pool.map(lambda a: browser(tmp, *a), [("table-a",), ("table-b",),
                                                                          ("organiser", 1280, 900, False),
                                                                          ("room", 1920, 1080, False)])


def shot(d, name):
    d.save_screenshot(os.path.join(ARTIFACTS, "event-" + name + ".png"))


# A wait in the page: `js`, the body of a function of `args` (what the page shows now), asked at once and then every
# 50 ms by the page itself until it returns a true value or `timeout` seconds pass: one WebDriver command for the
# whole wait, where asking from here costs one (or more) each time. A page replaced under it (a reload after a tap, a
# link followed) ends the script: it is asked again on the new page until the time is up.
UNTIL = """const done = arguments[arguments.length - 1], end = Date.now() + arguments[0], args = [...arguments].slice(1, -1);
const cond = (...args) => { %s };
(function ask() {
  let v = null;
  try { v = cond(...args); } catch (e) { v = null; }
  if (v || Date.now() >= end) done(v || null); else setTimeout(ask, 50);
})();"""


def until(d, js, timeout=10, *args):
    end = time.monotonic() + timeout
    script = UNTIL % js
    while True:
        left = end - time.monotonic()
        try:
            v = d.execute_async_script(script, max(0, int(left * 1000)), *args)
        except WebDriverException as e:  # the page went away under the script (a reload, a link): ask the new one
            if time.monotonic() >= end:
                print(f"  (wait: {str(e).splitlines()[0]})")
                return None
            time.sleep(0.05)
            continue
        if v or time.monotonic() >= end:
            return v or None


for d in (phone_a, phone_b, desk, room):
    d.set_script_timeout(120)  # the page's own waits end themselves (45 s at most)
for d, w, h in ((desk, 1280, 900), (room, 1920, 1080)):  # the whole window the page's (a headless window keeps a bar)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": 1,
                                                             "mobile": False})

# the guided entry as the page shows it: its step, its trail's length, whether it is busy, and for the plan's answer
# the button to tap (a choice), else the keypad's keys for its digits, and the Next button
ENTRY = """const e = document.getElementById('entry'), plan = args[0];
if (!e) return {step: '', trail: 0, busy: false};
const f = document.querySelector('form.question'), step = e.getAttribute('data-step') || '';
const v = plan[step], r = {step, trail: e.querySelectorAll('ol.trail li').length, busy: e.classList.contains('busy'),
  choice: null, keys: null, next: f && f.querySelector('.nav button.primary')};
if (f && v !== undefined) {
  r.choice = [...f.querySelectorAll('button.choice')].find(b => b.getAttribute('data-value') === v) || null;
  if (!r.choice) r.keys = [...v].map(ch => f.querySelector(`.keypad button.key[data-key='${ch}']`));
}
return r;"""


def tap_hand(d, plan, what):
    """One hand entered by taps in the table's game: each question the plan answers by its button, else its digits
    on the keypad (and Next unless the keypad moved on), the others their usual answer; then Store."""
    until(d, "const e = document.getElementById('entry');"
             "return e && e.getAttribute('data-step') && !e.classList.contains('busy');", 10)
    st = {"step": ""}
    for _ in range(30):
        st = d.execute_script("const args = arguments;" + ENTRY, plan)
        key, before = st["step"], st["trail"]
        if key in ("preview", "refused", ""):
            break
        if st["choice"]:
            tap(st["choice"])
        elif st["keys"] is not None:
            if not check(all(st["keys"]), f"{what}: the keypad has the keys of {plan[key]}"):
                break
            for k in st["keys"]:
                tap(k)
            moved = ("const e = document.getElementById('entry'); return !e || (e.getAttribute('data-step') || '') "
                     "!== args[0] || e.querySelectorAll('ol.trail li').length !== args[1];")
            if not until(d, moved, 0.5, key, before):
                tap_on(d, "form.question .nav button.primary")
        else:
            tap(st["next"])
        until(d, "const e = document.getElementById('entry'); return e && !e.classList.contains('busy') && "
                 "((e.getAttribute('data-step') || '') !== args[0] || e.querySelectorAll('ol.trail li').length !== "
                 "args[1]);", 10, key, before)
    if not check(st["step"] == "preview", f"{what}: the hand is complete ({st['step']})"):
        shot(d, "refused")
        return False
    tap_on(d, "#store")
    # stored: the page goes on to the next hand's first question
    return until(d, "const e = document.getElementById('entry'); const s = e ? e.getAttribute('data-step') || '' : '';"
                    "return s !== '' && s !== 'preview';", 10) is not None


def hands_of(game):
    return json.loads(marque("list", str(game), "--format", "json"))


def open_table(d, code, me):
    """The table's code opened (as typed on a phone, lower case) and the player `me` (an entrant id) tapped (the phone
    remembers it: tapped again only when it is not the one shown). The page's text once `me` is shown, else None."""
    d.get(f"{base}/t/{code.lower()}")
    for _ in range(5):  # the live page may replace its buttons between the look and the tap: look again
        seat = until(d, "const b = [...document.querySelectorAll('button.seat')]; if (!b.length) return null;"
                        "const s = b.find(x => x.getAttribute('data-who') === args[0]);"
                        "return s ? {el: s, me: s.classList.contains('me')} : 'none';", 10, me)
        if seat is None or seat == "none":
            return None
        if seat["me"]:
            break
        try:
            tap(seat["el"])
            break
        except StaleElementReferenceException:
            continue
    return until(d, "return document.querySelector('button.seat.me') && document.body.innerText;", 5)


def tap_on(d, css):
    """A tap on the element `css` finds, found again if the live page replaced it between the find and the tap."""
    for _ in range(4):
        try:
            return tap(d.find_element(By.CSS_SELECTOR, css))
        except StaleElementReferenceException:
            time.sleep(0.05)
    return tap(d.find_element(By.CSS_SELECTOR, css))


STATE = "const l = document.getElementById('table-live'); return l && l.getAttribute('data-state') === args[0];"


def paper(final):
    """The event's PDFs read back: each round's table cards (every table number and code, every seat's name), door
    list and slips, and the final ranking (every entrant's name and score, the correction's note). Two PDFs (each a
    Chromium run, side by side): every round's papers in one (`--what cards,door,slips --round 1,2,3`, read page by
    page), the final ranking in the other."""
    names = {e["id"]: e.get("name", e["id"]) for e in final["entrants"]}
    path = os.path.join(tmp, "event.json")
    with open(path, "w") as f:
        json.dump(final, f)
    rounds = [str(rnd["round"]) for rnd in final["rounds_played"]]

    def pdf(args):
        out = os.path.join(tmp, f"{args[0]}.pdf")
        marque("tournament", "print", path, "--what", *args, "--url", base, "--format", "pdf", "-o", out)
        return subprocess.run(["pdftotext", "-layout", out, "-"], capture_output=True, text=True, check=True).stdout
    with ThreadPoolExecutor(2) as pool:
        rounds_text, ranking = pool.map(pdf, [("cards,door,slips", "--round", ",".join(rounds)), ("ranking",)])
    pages = rounds_text.split("\f")

    def of(r, marker):  # a round's pages of one kind: a card shows its code, a slip its signatures
        return "\n".join(p for p in pages if f"Round {r} of" in p and marker in p)
    for rnd in final["rounds_played"]:
        r = rnd["round"]
        cards, door, slips = of(r, "Table code:"), of(r, "where do I sit?"), of(r, "Entered by")
        for t in rnd["tables"]:
            check(re.search(rf"Table\s+{t['table']}\b", cards) is not None and t["code"] in cards and
                  all(names[s] in cards for s in t["seats"]),
                  f"round {r} cards: table {t['table']}, its code {t['code']} and its players")
            check(t["code"] in slips, f"round {r} slips: table {t['table']}'s code")
            for s in t["seats"]:
                line = re.search(rf"{names[s]}\s*→\s*table\s+(\d+)", door)
                check(line is not None and line.group(1) == str(t["table"]),
                      f"round {r} door list: {names[s]} → table {t['table']}")
    for row in final["ranking"]:
        n = names[row["entrant"]]
        line = next((ln for ln in ranking.splitlines() if re.search(rf"^\s*\d+\s+{n}\b", ln)), "")
        check(re.search(rf"\s{re.escape(str(row['score']))}\s", line) is not None,
              f"the final ranking: {n} {row['score']} ({line.strip()!r})")
    flat = " ".join(ranking.split())
    for c in final["corrections"]:
        check(c["reason"] in flat, f"the final ranking carries the correction's note ({c['reason']!r})")


plans = [  # one tarot hand per table, by taps; the taker is a seat of the table
    {"contract": "garde", "oudlers": "2", "points": "51"},
    {"contract": "prise", "oudlers": "1", "points": "38"},
    {"contract": "garde", "oudlers": "3", "points": "44"},
    {"contract": "prise", "oudlers": "0", "points": "61"},
]
NOTE = "the petit was not led to the last trick"
REASON = "checked the slip with both sides at the desk"
CORRECTION = "hand 1: the taker was the second seat"
try:
    desk.get(base + "/login?next=" + f"/tournament/{EVENT}")
    desk.find_element(By.ID, "code").send_keys(CODE)
    tap_on(desk, "form.login button")
    check(until(desk, "return location.pathname.endsWith(args[0]);", 10, f"/tournament/{EVENT}") is not None,
          "the organiser logs in to the event's page")
    desk.get("about:blank")  # (the event's page, live and its clock ticking, is opened again after the round's tables)
    quick = False
    for r in (1, 2, 3):
        marque("tournament", "draw", EVENT)
        marque("tournament", "publish", EVENT)
        tables = tables_of(r)
        event = doc()
        names = {e["id"]: e.get("name", e["id"]) for e in event["entrants"]}
        rnd = event["rounds_played"][r - 1]
        check(len(tables) == 4 and all(t["game"] for t in tables), f"round {r}: 4 tables drawn, each with its game")
        for t, plan in zip(rnd["tables"], plans):
            code, no, seats = t["code"], t["table"], t["seats"]
            game = next(x["game"] for x in tables if x["table"] == no)
            what = f"round {r} table {no}"
            text = open_table(phone_a, code, seats[0])
            if not check(text is not None, f"{what}: a phone opens {code} as {names[seats[0]]}"):
                continue
            check(all(names[s] in text for s in seats), f"{what}: the page shows its players")
            tap_on(phone_a, "a.act-enter")
            if not quick:  # "Skip the usual answers", once (the phone remembers it)
                q = until(phone_a, "return document.getElementById('quick');", 10)
                if q and q.get_attribute("aria-pressed") != "true":
                    tap(q)
                quick = True
            if tap_hand(phone_a, dict(plan, taker=names[seats[no % len(seats)]]), what):
                check(wait(phone_a, lambda: len(hands_of(game)) == 1, 10) is not None,
                      f"{what}: the hand is stored in the table's game")
            open_table(phone_a, code, seats[0])
            check(until(phone_a, "const l = document.getElementById('table-live');"
                                 "return l && l.textContent.includes('1 deal');", 10) is not None,
                  f"{what}: the table's page shows the hand")
            if r == 1 and no == 1:
                shot(phone_a, "table-phone")
            tap_on(phone_a, "button.act-submit")
            check(until(phone_a, STATE, 10, "submitted") is not None, f"{what}: submitted")
            # a live page fetches itself again at every change anywhere (each hand, submit, confirm): a phone done
            # with its table leaves it (as a player pockets the phone) until its next table
            phone_a.get("about:blank")
            if not check(open_table(phone_b, code, seats[1]) is not None,
                         f"{what}: a second phone opens it as {names[seats[1]]}"):
                continue
            if r == 2 and no == 3:
                tap_on(phone_b, ".act-dispute-box summary")
                phone_b.find_element(By.CSS_SELECTOR, "textarea.dispute-note").send_keys(NOTE)
                tap_on(phone_b, "button.act-dispute")
                check(until(phone_b, STATE, 10, "disputed") is not None, f"{what}: disputed")
                shot(phone_b, "table-disputed")
            else:
                tap_on(phone_b, "button.act-confirm")
                check(until(phone_b, STATE, 10, "confirmed") is not None, f"{what}: confirmed by a second player")
            phone_b.get("about:blank")
        if r == 1:  # the room screen, from the first round's close on (a screenful 2 s, 12 by default: it turns sooner)
            room.get(f"{base}/tournament/{EVENT}/room?every=2")
        # the organiser's page: every table's state; the dispute settled with a reason; the round closed there
        desk.get(f"{base}/tournament/{EVENT}")
        seen = until(desk, "const li = [...document.querySelectorAll('li.org-table')]; return li.length === 4 && "
                           "{states: Object.fromEntries(li.map(x => [x.getAttribute('data-table'), "
                           "x.getAttribute('data-state')])), main: document.querySelector('main').innerText};", 10)
        states = (seen or {}).get("states")
        want = {str(t["table"]): "disputed" if r == 2 and t["table"] == 3 else "confirmed" for t in tables}
        check(states == want, f"round {r}: the organiser sees every table's state ({states})")
        if r == 2:
            check(NOTE in (seen or {}).get("main", ""), "the organiser sees the dispute's note")
            shot(desk, "organiser-dispute")
            box = desk.find_element(By.CSS_SELECTOR, "li.org-table[data-table='3'] details.override")
            tap(box.find_element(By.TAG_NAME, "summary"))
            box.find_element(By.CSS_SELECTOR, "input.override-reason").send_keys(REASON)
            tap_on(box, "button[data-override]")
            check(until(desk, "const li = document.querySelector(\"li.org-table[data-table='3']\");"
                              "return li && li.getAttribute('data-state') === 'confirmed';", 10) is not None,
                  "round 2 table 3: the organiser settles the dispute")
            over = doc()["rounds_played"][1]["tables"][2].get("override") or {}
            check(over.get("reason") == REASON, f"the override's reason is stored ({over})")
        tap_on(desk, "button.close-round")
        check(until(desk, "const s = document.querySelector('main .sub'); return s && s.innerText.includes('closed');",
                    10) is not None, f"round {r}: closed on the organiser's page")
        check(str(r) in doc()["ranking_after"], f"round {r}: its ranking is stored")
        desk.get("about:blank")
        if r == 2:
            # a correction after round 2 is closed, with its reason: table 1's first two seats' totals swapped
            t1 = doc()["rounds_played"][1]["tables"][0]
            res, ids = t1["result"], t1["seats"]
            swapped = dict(res, **{ids[0]: res[ids[1]], ids[1]: res[ids[0]]})
            marque("tournament", "result", EVENT, "1", "--round", "2", *[f"{names[i]}={swapped[i]}" for i in ids],
                   "--reason", CORRECTION)
            check([c["reason"] for c in doc()["corrections"]] == [CORRECTION], "the correction is stored with its reason")
        # the room screen: the ranking after this round (as the event's document has it), without a reload
        first = doc()["ranking_after"][str(r)][0]
        leader = names[first["entrant"]]
        check(until(room, "const m = document.getElementById('main'), t = m ? m.textContent : '';"
                          "return t.includes(args[0]) && t.includes(args[1]);", 15,
                    f"Ranking after round {r}", leader) is not None,
              f"the room screen shows the ranking after round {r} (leader {leader}, {first['score']})")
    if check(until(room, "return document.body.dataset.slide === 'ranking';", 45) is not None,
             "the room screen turns to the ranking by itself"):
        shot(room, "room-ranking")

    # the event on paper
    paper(doc())
finally:
    for d in (phone_a, phone_b, desk, room):
        try:
            d.quit()
        except Exception:  # noqa: BLE001
            pass
    server.terminate()
    server.wait(20)
    shutil.rmtree(tmp, ignore_errors=True)
print(f"browser_event: {time.monotonic() - started:.0f} s")
if failures:
    print(f"{len(failures)} failed")
    sys.exit(1)
print("all passed")
