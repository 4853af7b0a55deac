#!/usr/bin/env python3
"""Benchmark of `marque serve` on loopback (not a timed test: it prints figures for the README).

  pages    GET latency p50/p95 of the night's scoreboard, a game page (its sheet, chart and hands), the standings and a
           game's JSON: alone, then while READERS other clients read and TABLES scorers write
  writes   a hand stored through the API (POST /api/games/ID/hands) and one guided-entry step, p50/p95
  updates  from a hand stored (the store request sent) to a watching page's event (/events) and to the page fetched
           again after it (what a watching phone does); and the same for a hand typed at the command line (another
           process: seen by the server's watcher, SQLite's data_version asked every 10 ms), while PAGES pages watch (each
           its event stream, from its own loopback address): to the first page and to the last of them

Usage: serve_bench.py MARQUE_BIN [--hands 60] [--readers 20] [--samples 200] [--pages 200]"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "load"))
from serve_client import scratch, Client, Events, Server, new_key, tarot_plan  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("binary")
ap.add_argument("--hands", type=int, default=60, help="hands already in the game the pages show")
ap.add_argument("--readers", type=int, default=20)
ap.add_argument("--samples", type=int, default=200)
ap.add_argument("--pages", type=int, default=200, help="pages watching (open event streams) while hands are stored")
args = ap.parse_args()

tmp, db, env, marque = scratch(args.binary, "marque-bench-")


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def ms(xs):
    return f"p50 {1000 * statistics.median(xs):6.1f} ms   p95 {1000 * pct(xs, 95):6.1f} ms   (n={len(xs)})"


marque("night", "start", "--date", "2026-11-20", "--venue", "Bench")
tables = []
for t in range(6):
    players = [f"B{t}a", f"B{t}b", f"B{t}c", f"B{t}d"]
    tables.append((int(marque("start", "tarot", "players=" + ",".join(players), f"dealer={players[0]}", "--night", "1").split()[1]),
                   players))
rng = random.Random(7)
shown, shown_players = tables[0]
for _ in range(args.hands):
    p = tarot_plan(rng, shown_players)
    marque("hand", "-g", str(shown), "--no-prompt", *[f"{k}={v}" for k, v in p.items()])

server = Server(args.binary, db, "999999", env)
port = server.port
pages = {"scoreboard /": "/", f"game page ({args.hands} hands)": f"/game/{shown}", "standings": "/standings",
         "game JSON": f"/api/games/{shown}"}
print(f"marque serve benchmark: loopback, {os.cpu_count()} CPUs; a night of 6 tarot tables, the game shown has {args.hands} hands")


def page_latencies(c, n):
    out = {}
    for name, path in pages.items():
        xs = []
        for _ in range(n):
            t0 = time.perf_counter()
            status, _, _ = c.get(path)
            xs.append(time.perf_counter() - t0)
            assert status == 200, (path, status)
        out[name] = xs
    return out


c = Client(port)
page_latencies(c, 5)  # warm
print("\npages, one client alone:")
for name, xs in page_latencies(c, args.samples).items():
    print(f"  {name:28s} {ms(xs)}")

# writes, one scorer alone
w = Client(port)
w.login(server.code)
writer_game, writer_players = tables[1]
store, step = [], []
for _ in range(args.samples // 2):
    plan = tarot_plan(rng, writer_players)
    t0 = time.perf_counter()
    answers, _ = w.enter(writer_game, plan)
    t1 = time.perf_counter()
    step.append((t1 - t0) / (len(answers) + 1))
    t0 = time.perf_counter()
    status, _, d = w.post(f"/api/games/{writer_game}/hands", {"answers": answers, "key": new_key()})
    store.append(time.perf_counter() - t0)
    assert status == 200, d
    time.sleep(0.25)  # below the write limit (5 a second per scorer): the latency, not the limiter, is measured
print("\nwrites, one scorer alone:")
print(f"  {'guided-entry step':28s} {ms(step)}")
print(f"  {'hand stored':28s} {ms(store)}   (the commit is synced to disk)")
if w.throttled:
    print(f"  ({w.throttled} requests were asked to wait)")

# updates: the watching pages
evs = [Events(port) for _ in range(max(1, args.pages))]
ev = evs[0]
watcher = Client(port)
time.sleep(0.3)
web_event, web_page, cli_event, cli_page, web_all, cli_all = [], [], [], [], [], []


def last_page(t0):
    """When the last of the watching pages heard of the change made after t0."""
    ts = [e.wait_change_after(t0) for e in evs]
    assert all(ts), f"{ts.count(None)} of {len(evs)} pages heard nothing"
    return max(ts)


for i in range(30):
    plan = tarot_plan(rng, writer_players)
    answers, _ = w.enter(writer_game, plan)
    t0 = time.monotonic()
    status, _, d = w.post(f"/api/games/{writer_game}/hands", {"answers": answers, "key": new_key()})
    te = ev.wait_change_after(t0)
    assert te, "no event for a stored hand"
    web_all.append(last_page(t0) - t0)
    watcher.get("/")
    web_event.append(te - t0)
    web_page.append(time.monotonic() - t0)
    time.sleep(0.3)
for i in range(20):
    p = tarot_plan(rng, writer_players)
    subprocess.run([args.binary, "--db", db, "hand", "-g", str(tables[2][0]), "--no-prompt",
                    *[f"{k}={v}" for k, v in tarot_plan(rng, tables[2][1]).items()]], env=env, capture_output=True, check=True)
    t0 = time.monotonic()  # the command has exited: its hand is committed
    te = ev.wait_change_after(t0 - 0.05)
    assert te, "no event for a hand typed at the command line"
    cli_all.append(max(0.0, last_page(t0 - 0.05) - t0))
    watcher.get("/")
    cli_event.append(max(0.0, te - t0))
    cli_page.append(time.monotonic() - t0)
    time.sleep(rng.uniform(0.3, 0.6))
print(f"\nupdates, a hand stored -> the watching pages ({len(evs)} event streams open):")
print(f"  {'phone: event':28s} {ms(web_event)}")
print(f"  {'phone: event, last page':28s} {ms(web_all)}")
print(f"  {'phone: page fetched again':28s} {ms(web_page)}")
print(f"  {'command line: event':28s} {ms(cli_event)}   (data_version every 10 ms)")
print(f"  {'command line: last page':28s} {ms(cli_all)}")
print(f"  {'command line: page again':28s} {ms(cli_page)}")
for e in evs:
    e.close()

# pages under load
stop = time.monotonic() + 20
lock = threading.Lock()


def reader(i):
    r = Client(port)
    paths = list(pages.values())
    while time.monotonic() < stop:
        r.get(random.choice(paths))


def scorer(game, players, seed):
    s = Client(port)
    s.login(server.code)
    rr = random.Random(seed)
    while time.monotonic() < stop:
        answers, _ = s.enter(game, tarot_plan(rr, players))
        s.post(f"/api/games/{game}/hands", {"answers": answers, "key": new_key()})
        time.sleep(0.3)


threads = [threading.Thread(target=reader, args=(i,)) for i in range(args.readers)]
threads += [threading.Thread(target=scorer, args=(g, p, k)) for k, (g, p) in enumerate(tables[1:6])]
for t in threads:
    t.start()
time.sleep(2)
loaded = page_latencies(c, max(20, args.samples // 5))
for t in threads:
    t.join()
print(f"\npages while {args.readers} clients read and 5 tables score:")
for name, xs in loaded.items():
    print(f"  {name:28s} {ms(xs)}")
server.stop()
shutil.rmtree(tmp, ignore_errors=True)
