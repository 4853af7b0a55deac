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
phone_a = browser(tmp, "table-a")
phone_b = browser(tmp, "table-b")
desk = browser(tmp, "organiser", 1280, 900)
room = browser(tmp, "room", 1920, 1080)


def shot(d, name):
    d.save_screenshot(os.path.join(ARTIFACTS, "event-" + name + ".png"))


def body(d):
    try:
        return d.find_element(By.TAG_NAME, "body").text
    except Exception:  # noqa: BLE001
        return ""


def buttons(d, label):
    """The visible buttons whose text contains `label` (case-insensitive)."""
    return [b for b in d.find_elements(By.CSS_SELECTOR, "button, input[type=submit], a.button")
            if b.is_displayed() and label.lower() in (b.text or b.get_attribute("value") or "").lower()]


def step_key(d):
    e = d.find_elements(By.ID, "entry")
    return (e[0].get_attribute("data-step") or "") if e else ""


def trail(d):
    return len(d.find_elements(By.CSS_SELECTOR, "#entry ol.trail li"))


def answer(d, key, value):
    """Taps an answer of the guided entry: its button, else its digits on the keypad (then Next)."""
    form = d.find_element(By.CSS_SELECTOR, "form.question")
    before = trail(d)
    choice = [b for b in form.find_elements(By.CSS_SELECTOR, "button.choice") if b.get_attribute("data-value") == value]
    if choice:
        choice[0].click()
    else:
        for ch in value:
            form.find_element(By.CSS_SELECTOR, f".keypad button.key[data-key='{ch}']").click()
        if not wait(d, lambda: step_key(d) != key or trail(d) != before, 0.5):
            form.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
    wait(d, lambda: not d.find_elements(By.CSS_SELECTOR, "#entry.busy") and (step_key(d) != key or trail(d) != before),
         10)


def tap_hand(d, plan, what):
    """One hand entered by taps on the table's page: each question the plan answers, the rest their usual answer."""
    wait(d, lambda: step_key(d) != "" and not d.find_elements(By.CSS_SELECTOR, "#entry.busy"), 10)
    for _ in range(30):
        key = step_key(d)
        if key in ("preview", "refused", ""):
            break
        if key in plan:
            answer(d, key, plan[key])
        else:  # a question the plan leaves: its usual answer (the primary button)
            before = trail(d)
            d.find_element(By.CSS_SELECTOR, "form.question .nav button.primary").click()
            wait(d, lambda: step_key(d) != key or trail(d) != before, 10)
    if not check(step_key(d) == "preview", f"{what}: the hand is complete ({step_key(d)})"):
        shot(d, "refused")
        return False
    d.find_element(By.ID, "store").click()
    return True


def table_state(round_no, table):
    return next(t["state"] for t in tables_of(round_no) if t["table"] == table)


def hands_of(game):
    return json.loads(marque("list", str(game), "--format", "json"))


def open_table(d, code):
    d.get(f"{base}/t/{code.lower()}")  # the code as typed: case-insensitive
    return wait(d, lambda: code in body(d), 10) is not None


def act(d, label, by, note=None):
    """Submit / Confirm / Dispute on the table's page as player `by` (chosen in the page's list of the table's
    players), with a note for a dispute."""
    who = d.find_elements(By.CSS_SELECTOR, "select[name=by], select#by")
    if who:
        from selenium.webdriver.support.ui import Select
        Select(who[0]).select_by_visible_text(by)
    if note is not None:
        box = d.find_elements(By.CSS_SELECTOR, "textarea[name=note], input[name=note], #note")
        if box:
            box[0].clear()
            box[0].send_keys(note)
    b = buttons(d, label)
    if not check(bool(b), f"a {label} button"):
        return False
    b[0].click()
    return True


def paper(final):
    """The event's PDFs read back: each round's table cards (every table number and code, every seat's name), the
    door list and the slips of the last round, the final ranking (every entrant's name and score, the correction's
    note)."""
    names = {e["id"]: e.get("name", e["id"]) for e in final["entrants"]}
    path = os.path.join(tmp, "event.json")
    with open(path, "w") as f:
        json.dump(final, f)
    last = len(final["rounds_played"])

    def pdf(what, r=0):
        out = os.path.join(tmp, f"{what}-{r}.pdf")
        marque("tournament", "print", path, "--what", what, *(["--round", str(r)] if r else []), "--url", base,
               "--format", "pdf", "-o", out)
        return subprocess.run(["pdftotext", "-layout", out, "-"], capture_output=True, text=True, check=True).stdout
    for rnd in final["rounds_played"]:
        r = rnd["round"]
        cards = pdf("cards", r)
        for t in rnd["tables"]:
            check(re.search(rf"Table\s+{t['table']}\b", cards) is not None and t["code"] in cards and
                  all(names[s] in cards for s in t["seats"]),
                  f"round {r} cards: table {t['table']}, its code {t['code']} and its players")
    door, slips = pdf("door", last), pdf("slips", last)
    for t in final["rounds_played"][-1]["tables"]:
        check(t["code"] in slips, f"round {last} slips: table {t['table']}'s code")
        for s in t["seats"]:
            line = re.search(rf"{names[s]}\s*→\s*table\s+(\d+)", door)
            check(line is not None and line.group(1) == str(t["table"]),
                  f"round {last} door list: {names[s]} → table {t['table']}")
    ranking = pdf("ranking")
    for row in final["ranking"]:
        n = names[row["entrant"]]
        line = next((ln for ln in ranking.splitlines() if re.search(rf"^\s*\d+\s+{n}\b", ln)), "")
        check(re.search(rf"\s{re.escape(str(row['score']))}\s", line) is not None,
              f"the final ranking: {n} {row['score']} ({line.strip()!r})")
    flat = " ".join(ranking.split())
    for c in final["corrections"]:
        check(c["reason"] in flat, f"the final ranking carries the correction's note ({c['reason']!r})")


plans = [  # one tarot hand per table, by taps; the taker is the table's seat given
    {"contract": "garde", "oudlers": "2", "points": "51"},
    {"contract": "prise", "oudlers": "1", "points": "38"},
    {"contract": "garde", "oudlers": "3", "points": "44"},
    {"contract": "prise", "oudlers": "0", "points": "61"},
]
try:
    desk.get(base + "/login?next=" + f"/tournament/{EVENT}")
    desk.find_element(By.ID, "code").send_keys(CODE)
    desk.find_element(By.CSS_SELECTOR, "form.login button").click()
    check(wait(desk, lambda: desk.current_url.endswith(f"/tournament/{EVENT}"), 10) is not None,
          "the organiser logs in to the event's page")
    room.get(f"{base}/tournament/{EVENT}/room")

    for r in (1, 2, 3):
        marque("tournament", "draw", EVENT)
        marque("tournament", "publish", EVENT)
        tables = tables_of(r)
        rnd = doc()["rounds_played"][r - 1]
        names = {e["id"]: e.get("name", e["id"]) for e in doc()["entrants"]}
        check(len(tables) == 4, f"round {r}: 4 tables drawn")
        disputed = r == 2
        for t, plan in zip(rnd["tables"], plans):
            code, no = t["code"], t["table"]
            seats = [names[s] for s in t["seats"]]
            if not check(open_table(phone_a, code), f"round {r} table {no}: the phone opens {code}"):
                continue
            text = body(phone_a)
            check(all(n in text for n in seats), f"round {r} table {no}: the page shows its seats {seats}")
            game = next(x["game"] for x in tables if x["table"] == no)
            plan = dict(plan, taker=seats[no % len(seats)])
            if tap_hand(phone_a, plan, f"round {r} table {no}"):
                check(wait(phone_a, lambda: len(hands_of(game)) == 1, 10) is not None,
                      f"round {r} table {no}: the hand is stored in the table's game")
            if r == 1 and no == 1:
                shot(phone_a, "table-phone")
            act(phone_a, "Submit", seats[0])
            check(wait(phone_a, lambda: table_state(r, no) == "submitted", 10) is not None,
                  f"round {r} table {no}: submitted")
            if not check(open_table(phone_b, code), f"round {r} table {no}: a second phone opens {code}"):
                continue
            if disputed and no == 3:
                act(phone_b, "Dispute", seats[1], "the petit was not led to the last trick")
                check(wait(phone_b, lambda: table_state(r, no) == "disputed", 10) is not None,
                      f"round {r} table {no}: disputed")
                shot(phone_b, "table-disputed")
            else:
                act(phone_b, "Confirm", seats[1])
                check(wait(phone_b, lambda: table_state(r, no) == "confirmed", 10) is not None,
                      f"round {r} table {no}: confirmed by a second player")
        # the organiser's page: every table's state; the dispute settled with a reason; the round closed
        desk.get(f"{base}/tournament/{EVENT}")
        wait(desk, lambda: f"Round {r}" in body(desk) or f"round {r}" in body(desk), 10)
        if disputed:
            check(wait(desk, lambda: "disputed" in body(desk) and "petit" in body(desk), 10) is not None,
                  "the organiser sees the dispute and its note")
            shot(desk, "organiser-dispute")
            reason = desk.find_elements(By.CSS_SELECTOR, "input[name=reason], textarea[name=reason]")
            if check(bool(reason), "the organiser's override asks a reason"):
                reason[0].send_keys("checked the slip with both sides at the desk")
                b = buttons(desk, "Override") or buttons(desk, "Confirm")
                if check(bool(b), "an override button"):
                    b[0].click()
            check(wait(desk, lambda: table_state(r, 3) == "confirmed", 10) is not None,
                  "round 2 table 3: settled by the organiser")
            over = doc()["rounds_played"][1]["tables"][2].get("override") or {}
            check("desk" in over.get("reason", ""), f"the override's reason is stored ({over})")
        close = wait(desk, lambda: buttons(desk, "Close"), 10)
        if check(bool(close), f"round {r}: the organiser can close the round"):
            close[0].click()
        check(wait(desk, lambda: len(doc()["rounds_played"]) >= r and
                   all(t["status"] in ("confirmed", "closed") for t in doc()["rounds_played"][r - 1]["tables"]) and
                   str(r) in doc().get("ranking_after", {}), 15) is not None, f"round {r} closed")
        if r == 2:
            # a correction after round 2 is closed, with its reason
            t1 = doc()["rounds_played"][1]["tables"][0]
            res = t1["result"]
            ids = list(t1["seats"])
            swapped = {ids[0]: res[ids[1]], ids[1]: res[ids[0]]}
            words = [f"{names[i]}={swapped.get(i, res[i])}" for i in ids]
            marque("tournament", "result", EVENT, "1", "--round", "2", *words, "--reason",
                   "hand 1: the taker was the second seat")
            check(len(doc()["corrections"]) == 1, "the correction is stored with its reason")
        # the room screen: the ranking after this round, as the event's document has it
        ranking = doc()["ranking_after"][str(r)]
        leader = names[ranking[0]["entrant"]]
        check(wait(room, lambda: re.search(rf"round {r}\b", body(room), re.I) and leader in body(room), 25) is not None,
              f"the room screen shows the ranking after round {r} (leader {leader})")
        shot(room, f"room-round-{r}")

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
