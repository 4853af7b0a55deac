#!/usr/bin/env python3
"""`marque serve` under load on loopback, bounded: READERS clients reading pages (the night's scoreboard, the game
pages, standings, the JSON of a game) and TABLES scorers entering tarot hands through the guided-entry API for
SECONDS, with a few event streams watching. Every write is sent with a submission key, and one in five is sent
twice (a retried request). Afterwards: no error, every hand a scorer was told was stored is stored exactly once (and
no other), the event streams heard the changes, SIGTERM stops the server, and `marque check` is clean.

Usage: serve_load.py MARQUE_BIN [--readers 50] [--tables 5] [--seconds 60]"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import scratch, Client, Events, Server, Tally, new_key, tarot_plan  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("binary")
ap.add_argument("--readers", type=int, default=50)
ap.add_argument("--tables", type=int, default=5)
ap.add_argument("--seconds", type=float, default=60)
ap.add_argument("--watchers", type=int, default=5)
args = ap.parse_args()

tmp, db, env, marque = scratch(args.binary, "marque-load-")


marque("night", "start", "--date", "2026-11-20", "--venue", "Loopback")
tables = []
for t in range(args.tables):
    players = [f"P{t}a", f"P{t}b", f"P{t}c", f"P{t}d"]
    out = marque("start", "tarot", "players=" + ",".join(players), f"dealer={players[0]}", "--night", "1")
    tables.append((int(out.split()[1]), players))

server = Server(args.binary, db, "424242", env)
port = server.port
stop_at = time.monotonic() + args.seconds
tally = Tally("reads", "steps", "stores", "repeats", "reconnects", "throttled")
errors, stats, error, count = tally.errors, tally.stats, tally.error, tally.count


def reader(i):
    rng = random.Random(i)
    c = Client(port)
    paths = ["/", "/night/1", "/standings", "/players"]
    while time.monotonic() < stop_at:
        game = rng.choice(tables)[0]
        path = rng.choice(paths + [f"/game/{game}", f"/game/{game}", f"/api/games/{game}"])
        try:
            status, _, body = c.get(path)
            if status != 200 or not body:
                error(f"reader {i}: GET {path} -> {status}")
            count("reads")
        except Exception as e:  # noqa: BLE001
            error(f"reader {i}: GET {path}: {e!r}")
            c = Client(port)
    count("reconnects", c.reconnects)


stored = {}  # game -> {hand number: submission key}


def writer(game, players, seed):
    rng = random.Random(seed)
    c = Client(port)
    try:
        c.login(server.code)
    except Exception as e:  # noqa: BLE001
        error(f"table {game}: login: {e!r}")
        return
    mine = stored.setdefault(game, {})
    while time.monotonic() < stop_at:
        try:
            answers, _ = c.enter(game, tarot_plan(rng, players))
            count("steps", len(answers) + 1)
            key = new_key()
            status, headers, d = c.post(f"/api/games/{game}/hands", {"answers": answers, "key": key})
            if status != 200:
                error(f"table {game}: store -> {status} {d}")
                continue
            no = d["no"]
            if no in mine:
                error(f"table {game}: hand {no} reported stored twice")
            mine[no] = key
            count("stores")
            if rng.random() < 0.2:  # a retried request: the same key, the first answer again
                status2, headers2, d2 = c.post(f"/api/games/{game}/hands", {"answers": answers, "key": key})
                if status2 != 200 or d2.get("no") != no or headers2.get("X-Marque-Replayed") != "1":
                    error(f"table {game}: a repeated request got {status2} {d2} (first: hand {no})")
                count("repeats")
            time.sleep(rng.uniform(0.2, 0.5))  # a busy table, far busier than a real one
        except Exception as e:  # noqa: BLE001
            error(f"table {game}: {e!r}")
            c = Client(port)
            c.login(server.code)
    count("reconnects", c.reconnects)
    count("throttled", c.throttled)


watchers = [Events(port) for _ in range(args.watchers)]
threads = [threading.Thread(target=reader, args=(i,)) for i in range(args.readers)]
threads += [threading.Thread(target=writer, args=(g, p, 1000 + k)) for k, (g, p) in enumerate(tables)]
t0 = time.monotonic()
for t in threads:
    t.start()
for t in threads:
    t.join()
elapsed = time.monotonic() - t0
time.sleep(0.5)
heard = [len(w.changes) for w in watchers]
for w in watchers:
    w.close()
rc = server.stop()

problems = list(errors)
# every hand a scorer was told was stored is stored, once, and no other
for game, _ in tables:
    hands = json.loads(marque("list", str(game), "--format", "json"))
    numbers = [h["no"] for h in hands]
    told = sorted(stored.get(game, {}))
    if numbers != told:
        problems.append(f"table {game}: stored hands {numbers[:5]}... ({len(numbers)}) but the scorer was told {told[:5]}... ({len(told)})")
    if len(set(numbers)) != len(numbers):
        problems.append(f"table {game}: a hand number twice")
if stats["stores"] and min(heard) == 0:
    problems.append(f"an event stream heard no change ({heard})")
if rc != 0:
    problems.append(f"SIGTERM: the server exited with {rc}")
r = subprocess.run([args.binary, "--db", db, "check"], env=env, capture_output=True, text=True)
if r.returncode != 0:
    problems.append("marque check: " + (r.stdout + r.stderr).strip())

print(f"serve_load: {args.readers} readers, {args.tables} tables, {args.watchers} event streams, {elapsed:.0f} s: "
      f"{stats['reads']} pages read ({stats['reads'] / elapsed:.0f}/s), {stats['stores']} hands stored "
      f"({stats['steps']} entry steps), {stats['repeats']} repeated requests answered once, "
      f"changes heard per stream {min(heard)}..{max(heard)}, {stats['reconnects']} connections reopened, "
      f"{stats['throttled']} requests asked to wait (429)")
print((r.stdout + r.stderr).strip())
for p in problems:
    print("FAIL:", p)
shutil.rmtree(tmp, ignore_errors=True)
sys.exit(1 if problems else 0)
