#!/usr/bin/env python3
"""A phone's change sent again after the server restarted (issue 32 point 4, "sent once"): the phone keeps a hand
with its submission key until it is answered; when the answer was lost and the server restarted meanwhile (its
memory of the keys it answered gone), the same key is answered "already stored" from the database and the hand is
not stored twice. A new key is a new hand; a refused hand's key may try again.

Usage: serve_restart_key.py MARQUE_BIN"""
import json
import shutil
import sys

from serve_client import Checks, Client, Server, new_key, scratch

BIN = sys.argv[1]
tmp, db, env, marque = scratch(BIN, "marque-restart-key-")
check = Checks()
marque("start", "tarot", "players=Ann,Ben,Cat,Dan", "dealer=Ann")
CODE = "restart-night-1"


def hands():
    return len(json.loads(marque("export", "1"))["hands"])


def phone(server):
    c = Client(server.port)
    c.login(CODE)
    return c


key = new_key()
words = "taker=Ben contract=garde oudlers=2 points=50"
server = Server(BIN, db, CODE, env)
try:
    status, _, d = phone(server).post("/api/games/1/hands", {"words": words, "key": key})
    check(status == 200, f"the hand is stored ({status} {d})")
finally:
    server.stop()
check(hands() == 1, "one hand stored")

server = Server(BIN, db, CODE, env)  # restarted: a new process, a new session for the phone
try:
    c = phone(server)
    status, headers, d = c.post("/api/games/1/hands", {"words": words, "key": key})
    check(status == 200 and d.get("replayed") is True and headers.get("X-Marque-Replayed") == "1",
          f"the same key after a restart is answered as stored ({status} {d})")
    check(hands() == 1, f"and nothing is stored twice ({hands()} hands)")
    status, _, d = c.post("/api/games/1/hands", {"words": words, "key": new_key()})
    check(status == 200 and not d.get("replayed"), f"a new key is a new hand ({status})")
    check(hands() == 2, "two hands stored")
    bad = new_key()
    status, _, d = c.post("/api/games/1/hands", {"words": "taker=Zed contract=garde oudlers=2 points=50", "key": bad})
    check(status == 422, f"a refused hand ({status})")
    status, _, d = c.post("/api/games/1/hands", {"words": words, "key": bad})
    check(status == 200 and not d.get("replayed"), f"its key may try again, corrected ({status} {d})")
    check(hands() == 3, "three hands stored")
finally:
    server.stop()
print(marque("check").strip().splitlines()[-1])  # marque() exits non-zero on a problem
shutil.rmtree(tmp, ignore_errors=True)
check.report()
