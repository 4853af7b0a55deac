#!/usr/bin/env python3
"""A club's big night on one laptop (issue 33, point 6), bounded: an event of 120 tarot entrants, round 1 drawn and
published (30 tables), then for SECONDS 30 table phones entering hands at once through their table codes (`/t/CODE`,
`POST /api/t/CODE/hands` with submission keys, one in five sent twice), 60 watching phones (two a table) whose event
streams make them refetch their table's JSON (`GET /api/t/CODE`), 2 room screens refetching
`/api/tournaments/ID/room` on each change, and the organiser's `GET /api/tournaments/ID` sampled throughout.

Asserts: no error; every hand a phone was told was stored is stored exactly once, and no other (`marque list`), and
`marque check` is clean; p95 from a stored hand (its acknowledgement) to every watching phone of its table having
fetched a page that shows it < 1 s; the organiser's page p95 < 200 ms. Then every table submits its result and a
second player confirms it from another phone, the organiser closes the round, and the ranking has 120 rows, each
table's result the totals of its game. Prints the figures (p50/p95/max) the README quotes.

Usage: tournament_load.py MARQUE_BIN [--entrants 120] [--seconds 30] [--watchers 2] [--rooms 2]"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import scratch, Client, Events, Server, Tally, new_key  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("binary")
ap.add_argument("--entrants", type=int, default=120)
ap.add_argument("--seconds", type=float, default=30)
ap.add_argument("--watchers", type=int, default=2, help="watching phones per table")
ap.add_argument("--rooms", type=int, default=2)
args = ap.parse_args()

started = time.monotonic()
tmp, db, env, marque = scratch(args.binary, "marque-tload-")
EVENT = "big-night"
marque("tournament", "create", "--name", "Big night", "--game", "tarot", "--rounds", "3", "--date", "2026-11-26",
       "--seed", "33", "--id", EVENT, "--time-limit", "90", "--length", "deals_per_player", "--deals-per-player", "20")
csv = os.path.join(tmp, "entrants.csv")
with open(csv, "w") as f:
    f.write("name,licence,club,checked_in\n")
    for i in range(args.entrants):
        f.write(f"P{i + 1:03d},{100000 + i},Club {i % 7},yes\n")
marque("tournament", "import-entrants", EVENT, csv)
marque("tournament", "draw", EVENT)
marque("tournament", "publish", EVENT)
tables = json.loads(marque("tournament", "tables", EVENT, "--format", "json"))
codes = [t["code"] for t in tables]
setup_s = time.monotonic() - started

server = Server(args.binary, db, "424242", env)
port = server.port
tally = Tally("stores", "repeats", "fetches", "room_fetches", "reconnects", "throttled")
lock, errors, stats, error, count = tally.lock, tally.errors, tally.stats, tally.error, tally.count


def table_phone(code):
    """A phone that opened the table's QR: its cookie opens that table only; its CSRF token from the page."""
    c = Client(port)
    status, headers, page = c.get(f"/t/{code}")
    cookie = headers.get("Set-Cookie", "")
    csrf = re.search(rb'<meta name="csrf-token" content="([^"]+)"', page)
    if status != 200 or not cookie or not csrf:
        raise RuntimeError(f"/t/{code}: HTTP {status}, cookie {cookie!r}, CSRF token {bool(csrf)}")
    c.cookie, c.csrf = cookie.split(";")[0], csrf.group(1).decode()
    return c


def table_json(c, code):
    status, _, data = c.get(f"/api/t/{code}")
    if status != 200:
        raise RuntimeError(f"GET /api/t/{code}: HTTP {status} {data[:200]!r}")
    return json.loads(data)


def percentile(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def figures(values):
    return f"p50 {percentile(values, 50) * 1000:.0f} ms, p95 {percentile(values, 95) * 1000:.0f} ms, " \
           f"max {max(values) * 1000:.0f} ms ({len(values)})" if values else "none"


phones = {code: table_phone(code) for code in codes}
seats = {code: [s["name"] for s in table_json(phones[code], code)["seats"]] for code in codes}
organiser = Client(port)
organiser.login(server.code)

acked = {code: {} for code in codes}  # code -> {hand number: acknowledgement time}
keys = {code: {} for code in codes}  # code -> {hand number: submission key}
seen = {}  # (code, watcher) -> [(time fetched, deals shown)]
organiser_ms = []
stop_at = None
done = threading.Event()


def writer(code, seed):
    rng = random.Random(seed)
    c = phones[code]
    players = seats[code]
    while time.monotonic() < stop_at:
        words = f"taker={rng.choice(players)} contract={rng.choice(['prise', 'garde', 'garde_sans'])} " \
                f"oudlers={rng.randint(0, 3)} points={rng.randint(20, 70)}"
        key = new_key()
        try:
            status, _, d = c.post(f"/api/t/{code}/hands", {"words": words, "key": key})
            t = time.monotonic()
            if status != 200 or "no" not in d:
                error(f"table {code}: store -> {status} {d}")
                continue
            no = d["no"]
            with lock:
                if no in acked[code]:
                    error(f"table {code}: hand {no} reported stored twice")
                acked[code][no] = t
                keys[code][no] = key
            count("stores")
            if rng.random() < 0.2:  # a retried request: the same key, the first answer again
                status2, headers2, d2 = c.post(f"/api/t/{code}/hands", {"words": words, "key": key})
                if status2 != 200 or d2.get("no") != no or headers2.get("X-Marque-Replayed") != "1":
                    error(f"table {code}: a repeated request got {status2} {d2} (first: hand {no})")
                count("repeats")
        except Exception as e:  # noqa: BLE001
            error(f"table {code}: {e!r}")
        time.sleep(rng.uniform(2.0, 5.0))  # a table far busier than a real one (a tarot deal takes minutes)
    count("reconnects", c.reconnects)
    count("throttled", c.throttled)


def follow(events, fetch):
    """Refetch on every change heard (changes heard during a fetch make one more fetch), until done."""
    last = -1
    while not done.is_set():
        with events.cond:
            while not done.is_set() and not events.closed and (not events.changes or events.changes[-1][1] == last):
                events.cond.wait(0.2)
            if done.is_set() or events.closed:
                break
            last = events.changes[-1][1]
        fetch()
    if events.closed and not done.is_set():
        error("an event stream closed")


def watcher(code, w):
    c = table_phone(code)
    events = Events(port)
    mine = seen.setdefault((code, w), [])

    def fetch():
        try:
            d = table_json(c, code)
            mine.append((time.monotonic(), d["deals"]))
            count("fetches")
        except Exception as e:  # noqa: BLE001
            error(f"watcher {code}/{w}: {e!r}")
    fetch()
    ready.wait()
    follow(events, fetch)
    events.close()
    count("reconnects", c.reconnects)


def room(i):
    c = Client(port)
    events = Events(port)

    def fetch():
        status, _, data = c.get(f"/api/tournaments/{EVENT}/room")
        if status != 200:
            error(f"room {i}: HTTP {status}")
        count("room_fetches")
    fetch()
    ready.wait()
    follow(events, fetch)
    events.close()


def organise():
    while time.monotonic() < stop_at:
        t = time.monotonic()
        status, _, data = organiser.get(f"/api/tournaments/{EVENT}")
        organiser_ms.append(time.monotonic() - t)
        if status != 200:
            error(f"organiser: HTTP {status}")
        time.sleep(0.25)


ready = threading.Event()
# each table phone's own page is live too: it holds an event stream (92 in all with the watchers and the rooms)
phone_streams = [Events(port) for _ in codes]
listeners = [threading.Thread(target=watcher, args=(code, w)) for code in codes for w in range(args.watchers)]
listeners += [threading.Thread(target=room, args=(i,)) for i in range(args.rooms)]
for t in listeners:
    t.start()
time.sleep(1.0)  # every watcher has its stream and its first page
stop_at = time.monotonic() + args.seconds
ready.set()
workers = [threading.Thread(target=writer, args=(code, 1000 + k)) for k, code in enumerate(codes)]
workers.append(threading.Thread(target=organise))
t0 = time.monotonic()
for t in workers:
    t.start()
for t in workers:
    t.join()
time.sleep(2.0)  # the last hands reach the watchers
done.set()
for t in listeners:
    t.join()
for e in phone_streams:
    e.close()
elapsed = time.monotonic() - t0

problems = list(errors)
# the time from each acknowledged hand to each watcher of its table having fetched a page that shows it
latency = []
unseen = 0
for code in codes:
    for no, t_ack in acked[code].items():
        for w in range(args.watchers):
            when = next((t for t, deals in seen.get((code, w), []) if deals >= no), None)
            if when is None:
                unseen += 1
            else:
                latency.append(max(0.0, when - t_ack))
if unseen:
    problems.append(f"{unseen} (hand, watcher) pairs never seen by the watcher")
if latency and percentile(latency, 95) >= 1.0:
    problems.append(f"p95 from a stored hand to every watching phone is {percentile(latency, 95):.3f} s (>= 1 s)")
if not organiser_ms or percentile(organiser_ms, 95) >= 0.2:
    problems.append(f"the organiser's page p95 is {percentile(organiser_ms, 95) * 1000:.0f} ms (>= 200 ms)")

# every table submits its result, a second player confirms it from another phone, the organiser closes the round
t_close = time.monotonic()
for code in codes:
    try:
        status, _, d = phones[code].post(f"/api/t/{code}/submit", {"by": seats[code][0], "key": new_key()})
        if status != 200:
            problems.append(f"table {code}: submit -> {status} {d}")
            continue
        other = table_phone(code)
        status, _, d = other.post(f"/api/t/{code}/confirm", {"by": seats[code][1], "key": new_key()})
        if status != 200:
            problems.append(f"table {code}: confirm -> {status} {d}")
    except Exception as e:  # noqa: BLE001
        problems.append(f"table {code}: submit/confirm: {e!r}")
status, _, d = organiser.post(f"/api/tournaments/{EVENT}/close-round", {"key": new_key()})
if status != 200:
    problems.append(f"close-round -> {status} {d}")
close_s = time.monotonic() - t_close
rc = server.stop()

# every hand a phone was told was stored is stored, once, and no other; each table's result is its game's totals
doc = json.loads(marque("tournament", "export", EVENT))
games = {t["code"]: t["game"] for t in json.loads(marque("tournament", "tables", EVENT, "--format", "json"))}
results = {}
for t in doc["rounds_played"][0]["tables"]:
    results[t.get("code")] = t.get("result") or {}
names = {e["id"]: e.get("name", e["id"]) for e in doc["entrants"]}
for code in codes:
    if games.get(code) is None:
        problems.append(f"table {code}: no game")
        continue
    hands = json.loads(marque("list", str(games[code]), "--format", "json"))
    numbers = [h["no"] for h in hands]
    told = sorted(acked[code])
    if numbers != told:
        problems.append(f"table {code}: stored hands {numbers[:5]}... ({len(numbers)}) but the phone was told "
                        f"{told[:5]}... ({len(told)})")
    score = json.loads(marque("score", str(games[code]), "--format", "json"))
    totals = score.get("totals", {})
    result = results.get(code, {})
    points = result.get("points", result) if isinstance(result, dict) else {}
    mine = {names.get(k, k): v for k, v in points.items()} if isinstance(points, dict) else {}
    if totals and mine and {k: float(v) for k, v in totals.items()} != {k: float(v) for k, v in mine.items()}:
        problems.append(f"table {code}: result {mine} is not the game's totals {totals}")
try:
    rows = json.loads(marque("tournament", "ranking", EVENT, "--after", "1", "--format", "json"))
except SystemExit as e:
    rows = []
    problems.append(f"no ranking after round 1: {e}")
if len(rows) != args.entrants:
    problems.append(f"the ranking after round 1 has {len(rows)} rows, not {args.entrants}")
if rc != 0:
    problems.append(f"SIGTERM: the server exited with {rc}")
r = subprocess.run([args.binary, "--db", db, "check"], env=env, capture_output=True, text=True)
if r.returncode != 0:
    problems.append("marque check: " + (r.stdout + r.stderr).strip())

total_s = time.monotonic() - started
print(f"tournament_load: {args.entrants} entrants, {len(codes)} tables, {len(codes) * args.watchers} watching phones, "
      f"{args.rooms} room screens, {args.seconds:.0f} s of entry: {stats['stores']} hands stored, "
      f"{stats['repeats']} repeated requests answered once, {stats['fetches']} table pages and "
      f"{stats['room_fetches']} room pages refetched, {stats['reconnects']} connections reopened, "
      f"{stats['throttled']} requests asked to wait (429)")
print(f"  stored hand -> every watching phone: {figures(latency)}")
print(f"  organiser's page: {figures(organiser_ms)}")
print(f"  set-up {setup_s:.1f} s, submit+confirm 30 tables and close {close_s:.1f} s, whole test {total_s:.1f} s")
print((r.stdout + r.stderr).strip())
for p in problems:
    print("FAIL:", p)
import shutil  # noqa: E402
shutil.rmtree(tmp, ignore_errors=True)
sys.exit(1 if problems else 0)
