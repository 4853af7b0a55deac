#!/usr/bin/env python3
"""A whole event in a browser (issue 33, "Done when"): a 16-player tarot event of 3 rounds, created, checked in and
drawn at the command line; each round published, and at each of its four tables a phone opens the table's code
(`/t/CODE`), enters hands by taps (the guided entry) and submits, and a second player of the table confirms on
another phone. In round 2 one table's result is disputed instead and the organiser settles it on the organiser's page
(an override with a reason); the organiser closes each round on that page. After round 2 is closed, one correction
with its reason (at the command line). A room screen (1920x1080, no login) shows each round's ranking after it
closes. Then the event's PDFs (table cards and slips of each round, the door list, the ranking after each round and
the final ranking) are read back with pdftotext: every entrant's name, every table number, every score of the final
ranking.

Two phone sessions (360x740) play the four tables of a round: the first opens each table's code in turn (a table
cookie for that table only) and enters and submits its hands, the second opens the same code and confirms (or
disputes); the organiser's page and the room screen are two more sessions.

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

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import browser, check, failures, serve, wait  # noqa: E402

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
# the four sessions started side by side (each a chromedriver and a Chromium: their start-ups overlap)
with ThreadPoolExecutor(4) as pool:
    phone_a, phone_b, desk, room = pool.map(lambda a: browser(tmp, *a), [("table-a",), ("table-b",),
                                                                          ("organiser", 1280, 900),
                                                                          ("room", 1920, 1080)])


def shot(d, name):
    d.save_screenshot(os.path.join(ARTIFACTS, "event-" + name + ".png"))


def body(d):
    try:
        return d.find_element(By.TAG_NAME, "body").text
    except Exception:  # noqa: BLE001
        return ""


def step_key(d):
    for _ in range(10):
        try:
            e = d.find_elements(By.ID, "entry")
            return (e[0].get_attribute("data-step") or "") if e else ""
        except WebDriverException:  # the page replaced the node between the find and the read: ask again
            time.sleep(0.05)
    return ""


def trail(d):
    for _ in range(10):
        try:
            return len(d.find_elements(By.CSS_SELECTOR, "#entry ol.trail li"))
        except WebDriverException:
            time.sleep(0.05)
    return 0


def tap_hand(d, plan, what):
    """One hand entered by taps in the table's game: each question the plan answers by its button, else its digits
    on the keypad (and Next unless the keypad moved on), the others their usual answer; then Store."""
    wait(d, lambda: step_key(d) != "" and not d.find_elements(By.CSS_SELECTOR, "#entry.busy"), 10)
    for _ in range(30):
        key = step_key(d)
        if key in ("preview", "refused", ""):
            break
        form = d.find_element(By.CSS_SELECTOR, "form.question")
        before = trail(d)
        value = plan.get(key)
        choice = [b for b in form.find_elements(By.CSS_SELECTOR, "button.choice")
                  if value is not None and b.get_attribute("data-value") == value]
        if choice:
            choice[0].click()
        elif value is not None:
            for ch in value:
                form.find_element(By.CSS_SELECTOR, f".keypad button.key[data-key='{ch}']").click()
            if not wait(d, lambda: step_key(d) != key or trail(d) != before, 0.5):
                form.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
        else:
            form.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
        wait(d, lambda: not d.find_elements(By.CSS_SELECTOR, "#entry.busy") and
             (step_key(d) != key or trail(d) != before), 10)
    if not check(step_key(d) == "preview", f"{what}: the hand is complete ({step_key(d)})"):
        shot(d, "refused")
        return False
    d.find_element(By.ID, "store").click()
    return wait(d, lambda: step_key(d) not in ("preview", ""), 10) is not None


def hands_of(game):
    return json.loads(marque("list", str(game), "--format", "json"))


def open_table(d, code, me):
    """The table's code opened (as typed on a phone, lower case) and the player `me` (an entrant id) tapped."""
    d.get(f"{base}/t/{code.lower()}")
    wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "button.seat"), 10)
    for b in d.find_elements(By.CSS_SELECTOR, "button.seat"):
        if b.get_attribute("data-who") == me:
            b.click()
    return wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "button.seat.me"), 5) is not None


def state_on(d):
    live = d.find_elements(By.ID, "table-live")
    return live[0].get_attribute("data-state") if live else ""


def room_text():
    return room.execute_script("const m = document.getElementById('main'); return m ? m.textContent : ''") or ""


def paper(final):
    """The event's PDFs read back: each round's table cards (every table number and code, every seat's name), the
    door list and the slips of the last round, the final ranking (every entrant's name and score, the correction's
    note)."""
    names = {e["id"]: e.get("name", e["id"]) for e in final["entrants"]}
    path = os.path.join(tmp, "event.json")
    with open(path, "w") as f:
        json.dump(final, f)
    last = len(final["rounds_played"])

    def pdf(job):
        what, r = job
        out = os.path.join(tmp, f"{what}-{r}.pdf")
        marque("tournament", "print", path, "--what", what, *(["--round", str(r)] if r else []), "--url", base,
               "--format", "pdf", "-o", out)
        return subprocess.run(["pdftotext", "-layout", out, "-"], capture_output=True, text=True, check=True).stdout
    # every PDF printed first, two at a time (each is a Chromium of its own), then read
    jobs = [("cards", rnd["round"]) for rnd in final["rounds_played"]] + [("door", last), ("slips", last), ("ranking", 0)]
    with ThreadPoolExecutor(2) as pool:
        printed = dict(zip(jobs, pool.map(pdf, jobs)))
    for rnd in final["rounds_played"]:
        r = rnd["round"]
        cards = printed[("cards", r)]
        for t in rnd["tables"]:
            check(re.search(rf"Table\s+{t['table']}\b", cards) is not None and t["code"] in cards and
                  all(names[s] in cards for s in t["seats"]),
                  f"round {r} cards: table {t['table']}, its code {t['code']} and its players")
    door, slips = printed[("door", last)], printed[("slips", last)]
    for t in final["rounds_played"][-1]["tables"]:
        check(t["code"] in slips, f"round {last} slips: table {t['table']}'s code")
        for s in t["seats"]:
            line = re.search(rf"{names[s]}\s*→\s*table\s+(\d+)", door)
            check(line is not None and line.group(1) == str(t["table"]),
                  f"round {last} door list: {names[s]} → table {t['table']}")
    ranking = printed[("ranking", 0)]
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
    desk.find_element(By.CSS_SELECTOR, "form.login button").click()
    check(wait(desk, lambda: desk.current_url.endswith(f"/tournament/{EVENT}"), 10) is not None,
          "the organiser logs in to the event's page")
    room.get(f"{base}/tournament/{EVENT}/room?every=2")  # a screenful 2 s (12 by default): it turns sooner
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
            if not check(open_table(phone_a, code, seats[0]), f"{what}: a phone opens {code} as {names[seats[0]]}"):
                continue
            text = body(phone_a)
            check(all(names[s] in text for s in seats), f"{what}: the page shows its players")
            phone_a.find_element(By.CSS_SELECTOR, "a.act-enter").click()
            if not quick:  # "Skip the usual answers", once (the phone remembers it)
                q = wait(phone_a, lambda: phone_a.find_element(By.ID, "quick"), 10)
                if q and q.get_attribute("aria-pressed") != "true":
                    q.click()
                quick = True
            if tap_hand(phone_a, dict(plan, taker=names[seats[no % len(seats)]]), what):
                check(wait(phone_a, lambda: len(hands_of(game)) == 1, 10) is not None,
                      f"{what}: the hand is stored in the table's game")
            open_table(phone_a, code, seats[0])
            check(wait(phone_a, lambda: "1 deal" in phone_a.find_element(By.ID, "table-live").text, 10) is not None,
                  f"{what}: the table's page shows the hand")
            if r == 1 and no == 1:
                shot(phone_a, "table-phone")
            phone_a.find_element(By.CSS_SELECTOR, "button.act-submit").click()
            check(wait(phone_a, lambda: state_on(phone_a) == "submitted", 10) is not None, f"{what}: submitted")
            if not check(open_table(phone_b, code, seats[1]), f"{what}: a second phone opens it as {names[seats[1]]}"):
                continue
            if r == 2 and no == 3:
                phone_b.find_element(By.CSS_SELECTOR, ".act-dispute-box summary").click()
                phone_b.find_element(By.CSS_SELECTOR, "textarea.dispute-note").send_keys(NOTE)
                phone_b.find_element(By.CSS_SELECTOR, "button.act-dispute").click()
                check(wait(phone_b, lambda: state_on(phone_b) == "disputed", 10) is not None, f"{what}: disputed")
                shot(phone_b, "table-disputed")
            else:
                phone_b.find_element(By.CSS_SELECTOR, "button.act-confirm").click()
                check(wait(phone_b, lambda: state_on(phone_b) == "confirmed", 10) is not None,
                      f"{what}: confirmed by a second player")
        # the organiser's page: every table's state; the dispute settled with a reason; the round closed there
        desk.get(f"{base}/tournament/{EVENT}")
        wait(desk, lambda: len(desk.find_elements(By.CSS_SELECTOR, "li.org-table")) == 4, 10)
        states = {li.get_attribute("data-table"): li.get_attribute("data-state")
                  for li in desk.find_elements(By.CSS_SELECTOR, "li.org-table")}
        want = {str(t["table"]): "disputed" if r == 2 and t["table"] == 3 else "confirmed" for t in tables}
        check(states == want, f"round {r}: the organiser sees every table's state ({states})")
        if r == 2:
            check(NOTE in desk.find_element(By.TAG_NAME, "main").text, "the organiser sees the dispute's note")
            shot(desk, "organiser-dispute")
            box = desk.find_element(By.CSS_SELECTOR, "li.org-table[data-table='3'] details.override")
            box.find_element(By.TAG_NAME, "summary").click()
            box.find_element(By.CSS_SELECTOR, "input.override-reason").send_keys(REASON)
            box.find_element(By.CSS_SELECTOR, "button[data-override]").click()
            check(wait(desk, lambda: desk.find_element(By.CSS_SELECTOR, "li.org-table[data-table='3']")
                       .get_attribute("data-state") == "confirmed", 10) is not None,
                  "round 2 table 3: the organiser settles the dispute")
            over = doc()["rounds_played"][1]["tables"][2].get("override") or {}
            check(over.get("reason") == REASON, f"the override's reason is stored ({over})")
        desk.find_element(By.CSS_SELECTOR, "button.close-round").click()
        check(wait(desk, lambda: "closed" in desk.find_element(By.CSS_SELECTOR, "main .sub").text, 10) is not None,
              f"round {r}: closed on the organiser's page")
        check(str(r) in doc()["ranking_after"], f"round {r}: its ranking is stored")
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
        check(wait(room, lambda: f"Ranking after round {r}" in room_text() and leader in room_text(), 15) is not None,
              f"the room screen shows the ranking after round {r} (leader {leader}, {first['score']})")
    if check(wait(room, lambda: room.execute_script("return document.body.dataset.slide") == "ranking", 45)
             is not None, "the room screen turns to the ranking by itself"):
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
