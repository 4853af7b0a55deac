#!/usr/bin/env python3
"""A tournament's room screen (issue 33, tournament.md 6.4) on a TV: /tournament/ID/room in Debian's chromium at
1920x1080 (and 1280x720), read-only, no login, dark, large, no control. A tarot event of 40 players: before the draw
is published the screen shows no table; `publish` shows the round's tables and "where do I sit" (every entrant,
alphabetical) without a reload; a result entered from the command line (`marque tournament result`, submitted only)
appears within 2 s, marked provisional in the ranking; once every table is confirmed and the round closed, the
ranking after round 1 is shown, no longer provisional, with the scores of `marque tournament ranking`. The slides
advance by themselves, a screenful at a time (the tables of 40 players need more than one screen at 1280x720). No
table code is shown (a code opens its table on a phone). /api/tournaments/ID/room answers the same as JSON.
Screenshots in ARTIFACTS_DIR (room-*.png).

Usage: room.py MARQUE_BIN ARTIFACTS_DIR"""
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone import browser, check, failures, finish, serve, until  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-room-test-")
db = os.path.join(tmp, "club.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1")
NAMES = ("Ann Ben Cat Dan Eve Fay Gus Hal Ida Jon Kim Lea Max Ned Oda Pia Quy Rex Sam Tia Ugo Val Wes Xia Yan Zoe "
         "Abel Bea Cyr Dora Eli Flo Gil Hugo Ines Jade Kurt Lou Mona Nils").split()


def marque(*args):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


def doc():
    return json.loads(marque("tournament", "export", "club"))


def api(base):
    with urllib.request.urlopen(base + "/api/tournaments/club/room", timeout=10) as r:
        return json.loads(r.read())


def main_text(d):
    # every slide's text, shown or not (the screen shows one at a time)
    return d.execute_script("return document.getElementById('main').textContent")


def shown(d, slide, timeout=40):
    """waits until the screen shows that slide (it advances by itself): its visible text"""
    got = until(d, "if (document.body.dataset.slide !== arguments[0]) return null;"
                   " const s = document.querySelector('.room-slide[data-slide=\"' + arguments[0] + '\"]');"
                   " return [s ? s.innerText : ''];", slide, timeout=timeout)
    return got[0] if got else ""


def shot(d, name):
    d.save_screenshot(os.path.join(ARTIFACTS, name + ".png"))
    sw, iw, sh, ih = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth, "
                                      "document.documentElement.scrollHeight, window.innerHeight]")
    check(sw <= iw and sh <= ih, f"{name}: the screen does not scroll ({sw}x{sh} in {iw}x{ih})")


marque("tournament", "create", "--name", "Tournoi du jeudi", "--game", "tarot", "--rounds", "3", "--id", "club",
       "--seed", "20261126", "--time-limit", "90", "--date", "2026-11-26")
for n in NAMES:
    marque("tournament", "register", "club", n, "--checked-in")
marque("tournament", "draw", "club")

server, base = serve(BIN, db, env, "97531246")
tv = browser(tmp, "room", 1920, 1080, mobile=False)


def screen(width, height):  # the page's own size, whatever the window around it takes
    tv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                       {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


screen(1920, 1080)
try:
    tv.get(base + "/tournament/club/room?every=2")
    check("not published yet" in main_text(tv), "a round drawn but not published is not shown")
    check(not tv.find_elements("css selector", "button, input, form, nav, a"), "no control on the screen")
    bg = tv.execute_script("return getComputedStyle(document.body).backgroundColor")
    check(bg in ("rgb(13, 15, 19)",), f"a dark background ({bg})")
    shot(tv, "room-waiting")
    tv.execute_script("window.notReloaded = true")

    # published: the tables and "where do I sit" appear by themselves
    marque("tournament", "publish", "club")
    t0 = time.time()
    ok = until(tv, "return document.getElementById('main').textContent.includes('Table 1')", timeout=5)
    check(bool(ok), f"publish shows the tables without a reload ({time.time() - t0:.1f} s)")
    d = doc()
    r1 = d["rounds_played"][0]
    names = {e["id"]: e["name"] for e in d["entrants"]}
    text = main_text(tv)
    check(all(f"Table {t['table']}" in text for t in r1["tables"]), f"all {len(r1['tables'])} tables are listed")
    check(not any(t["code"] in text.split() for t in r1["tables"]), "no table code is shown")
    sit = tv.execute_script("return Array.from(document.querySelectorAll('.room-sit .name'), e => e.textContent)")
    check(sit == sorted(NAMES, key=str.lower), "where do I sit: every entrant, alphabetical")
    where = {n: (t["table"], i + 1) for t in r1["tables"] for i, n in enumerate(t["seats"])}
    items = tv.execute_script("return Array.from(document.querySelectorAll('.room-sit li'), e => e.textContent)")
    check(all(f"{names[e]} table {t} · seat {s}" in items for e, (t, s) in where.items()),
          "each entrant's table and seat are the draw's")
    check("left" in (shown(tv, "tables") and tv.execute_script("return document.querySelector('.room-clock').innerText")),
          "the round's clock counts down (time limit 90 min)")
    shot(tv, "room-tables")
    sit_text = shown(tv, "sit")
    check("Ann" in sit_text and "Zoe" in sit_text, "the where-do-I-sit slide shows every name on one screen at 1080p")
    shot(tv, "room-sit")

    # a result entered at the command line, submitted only: on the screen within 2 s, provisional
    t1 = r1["tables"][0]
    k = len(t1["seats"])
    pts = [40 * (k - 1)] + [-40] * (k - 1)
    marque("tournament", "result", "club", "1", *[f"{s}={p}" for s, p in zip(t1["seats"], pts)],
           "--submitted-by", t1["seats"][0])
    t0 = time.time()
    ok = until(tv, "const t = document.querySelector('.room-table'); return t && t.classList.contains('state-submitted')",
               timeout=2)
    check(bool(ok), f"a submitted result shows within 2 s ({time.time() - t0:.1f} s)")
    text = main_text(tv)
    check("provisional · 1 of" in text, "the ranking is marked provisional")
    check("waiting for a second player" in text, "a submitted result is marked")
    shown(tv, "ranking")
    lead = tv.execute_script("return document.querySelector('.room-ranking tbody tr').textContent")
    check(names[t1["seats"][0]] in lead and lead.endswith("*"), f"the table's winner leads, marked ({lead!r})")
    shot(tv, "room-provisional")
    room = api(base)
    check(room["ranking"]["provisional"] and room["tables"][0]["state"] == "submitted", "the JSON says the same")
    check(tv.execute_script("return window.notReloaded === true"), "the page was never reloaded")

    # every table confirmed, the round closed: the ranking after round 1
    for t in r1["tables"]:
        k = len(t["seats"])
        pts = [10 * t["table"] * (k - 1)] + [-10 * t["table"]] * (k - 1)
        marque("tournament", "result", "club", str(t["table"]), *[f"{s}={p}" for s, p in zip(t["seats"], pts)],
               "--submitted-by", t["seats"][0], "--confirmed-by", t["seats"][1])
    marque("tournament", "close-round", "club")
    ok = until(tv, "const t = document.getElementById('main').textContent;"
                   " return t.includes('Ranking after round 1') && !t.includes('provisional')", timeout=3)
    check(bool(ok), "after close-round the ranking after round 1 shows, not provisional")
    shown(tv, "ranking")
    first = doc()["ranking"][0]
    lead = tv.execute_script("return document.querySelector('.room-ranking tbody tr').innerText")
    check(names[first["entrant"]] in lead and str(first["score"]) in lead,
          f"the leader of `tournament ranking` ({names[first['entrant']]}, {first['score']}) is on the screen")
    shot(tv, "room-ranking")
    rows = api(base)["ranking"]["rows"]
    check([r["entrant"] for r in rows] == [r["entrant"] for r in doc()["ranking"]],
          "the screen's ranking is the event's")

    # a smaller screen: the same slides, a screenful at a time (pages), never scrolled
    screen(1280, 720)
    tv.get(base + "/tournament/club/room?every=2")
    pages = until(tv, "return document.body.dataset.slide === 'ranking' && document.body.dataset.page === '1'", timeout=40)
    check(bool(pages), "at 1280x720 the ranking of 40 takes more than one screen: page 2 comes by itself")
    mark = tv.execute_script("return document.querySelector('.room-slide[data-slide=\"ranking\"] .room-page').textContent")
    check(mark.startswith("page 2 of"), f"the page is numbered ({mark!r})")
    shown_rows = tv.execute_script("return Array.from(document.querySelectorAll('.room-ranking tbody tr'))"
                                   ".filter(r => !r.hidden).map(r => Number(r.cells[0].textContent))")
    check(bool(shown_rows) and shown_rows[0] > 1 and shown_rows == list(range(shown_rows[0], shown_rows[-1] + 1)),
          f"page 2 goes on where page 1 stopped (ranks {shown_rows[:1]}..{shown_rows[-1:]})")
    shot(tv, "room-720-ranking")
    logs = [l["message"] for l in tv.get_log("browser") if "Content Security Policy" in l["message"]
            or "SEVERE" in l.get("level", "")]
    check(not logs, f"no script error and no Content-Security-Policy violation {logs[:2]}")
finally:
    finish(server, tmp, tv)

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
