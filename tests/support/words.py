#!/usr/bin/env python3
"""Nothing a person reads shows a field id, an enum id or JSON (issue 29, point 9): every game of the examples'
season (and each game's own example file) through `show` (every hand), `history`, `sheet` (text and HTML), the
served game and hand pages; a game of each kind started with `start` (its echo) and a hand entered on the phone
through the JSON API the page's script reads (the chips of the answers, the preview's words and notes). Fails on
any lower-case `_`-joined id (`petit_au_bout`, `down_2plus`) or `{"` in what is shown, and on "called himself" or
"game over: Game over".

Usage: words.py MARQUE_BIN SOURCE_DIR"""
import html.parser
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "load"))
from serve_client import Client, Server, scratch  # noqa: E402

binary, src = sys.argv[1], sys.argv[2]
tmp, db, env, marque = scratch(binary, "marque-words-")
ID = re.compile(r"(?<![A-Za-z0-9_./-])[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9](?![A-Za-z0-9_/.-])")
problems = []


def check(where, text):
    found = sorted(set(ID.findall(text)))
    if found:
        problems.append(f"{where}: ids {', '.join(found[:8])}")
    for said in ("called himself", "game over: game over"):
        if said in text.lower():
            problems.append(f"{where}: says '{said}'")
    if '{"' in text:
        line = next(l for l in text.splitlines() if '{"' in l)
        problems.append(f"{where}: JSON: {line.strip()[:120]}")


class Text(html.parser.HTMLParser):
    """What a page shows a person: its text (not the script, the style, the tags), titles and placeholders aside."""

    def __init__(self):
        super().__init__()
        self.out, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for k, v in attrs:
            if k in ("title", "aria-label", "alt") and v:
                self.out.append(v)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def page_text(body):
    p = Text()
    p.feed(body.decode("utf-8", "replace"))
    return "\n".join(p.out)


# the examples: the season (five kinds over several nights) and each game's own file
marque("import", os.path.join(src, "examples", "season.json"))
for kind in ("tarot", "coinche", "prefa", "piquet", "alsos"):
    marque("import", os.path.join(src, "examples", kind + ".json"))
games = json.loads(marque("games", "--format", "json"))
games = games if isinstance(games, list) else games.get("games", [])
if len({g["game"] for g in games}) < 5:
    problems.append(f"the examples gave {len(games)} games, not every kind: {sorted({g['game'] for g in games})}")

# a game of each kind started here: the echo of `start`, then a hand entered on the phone
started = {}
for words in (["tarot", "players=Ann,Ben,Cat,Dan", "dealer=Ann", "end=deals:10", "option.poignee_values=fft",
               "option.gain_rounding=nearest_10", "stake_per_point=10"],
              ["coinche", "N=Nina", "E=Emil", "S=Sara", "W=Will", "dealer=W", "target=2000", "option.rounding=half_up"],
              ["prefa", "players=Ana,Bo,Cy", "initial_pool=20", "dealer=Ana", "option.all_pass=polles"],
              ["piquet", "players=Ann,Ben", "elder=Ann", "mode=rubicon", "option.stake_rounding=floor_50"],
              ["alsos", "players=Ann,Béla,Csaba", "dealer=Ann", "option.kassza_mode=double_game"]):
    out = marque("start", *words)
    check(f"start {words[0]}", out)
    started[words[0]] = int(re.search(r"game (\d+)", out).group(1))

# what `hand` and `edit` print: a 5-player tarot taker who called a card in hand, and each finished game's last hand
# edited (its words, then the game over and the ranking)
marque("start", "tarot", "players=Ann,Ben,Cat,Dan,Eve", "dealer=Ann")
check("hand (tarot, 5 players, self-call)", marque("hand", "--no-prompt", "taker=Ben", "contract=garde_sans", "partner=Ben",
                                                   "oudlers=2", "points=50", "petit_au_bout=attack"))
for g in json.loads(marque("games", "--format", "json")):
    if g["status"] == "finished" and g["game"] in ("tarot", "prefa", "alsos"):  # the kinds whose hands take a note
        last = json.loads(marque("list", "--game", str(g["id"]), "--format", "json"))[-1]["no"]
        check(f"edit {last} --game {g['id']} ({g['game']})", marque("edit", str(last), "--game", str(g["id"]), "note=checked"))

for g in json.loads(marque("games", "--format", "json")):
    gid = str(g["id"])
    for no in range(1, int(g.get("hands", 0)) + 1):
        r = os.popen(f"'{binary}' --db '{db}' show {no} --game {gid} 2>/dev/null").read()
        check(f"show {no} --game {gid} ({g['game']})", r)
    check(f"history {gid} ({g['game']})", marque("history", gid))
    check(f"sheet {gid} ({g['game']})", marque("sheet", gid))
    check(f"sheet {gid} --format html ({g['game']})", page_text(marque("sheet", gid, "--format", "html").encode()))

def enter(c, gid, plan):
    """A hand answered as a scorer taps it: the plan's answer, else the one offered, else each choice in turn, else
    the smallest number; returns the answers and the preview."""
    answers, tried = [], {}
    status, _, d = c.post(f"/api/games/{gid}/entry", {"answers": answers})
    for _ in range(120):
        if status != 200:
            raise SystemExit(f"entry step: HTTP {status} {d}")
        answers = d["answers"]
        q = d["question"]
        if q is None:
            if not d["complete"]:
                raise SystemExit(f"game {gid}: the hand cannot be stored: {d.get('errors')}")
            return answers, d["preview"]
        options = [plan[q["key"]]] if q["key"] in plan else []
        options += [q.get("preset") or ""] + [ch["value"] for ch in q.get("choices", [])]
        options += [str(q["min"]) if q.get("min") is not None else "0", "none", "no"]
        n = tried.get((len(answers), q["key"]), 0)
        if n >= len(options):
            raise SystemExit(f"game {gid}: no answer to {q['key']} is taken: {d.get('error')} {d.get('errors')}")
        tried[(len(answers), q["key"])] = n + 1
        status, _, d = c.post(f"/api/games/{gid}/entry", {"answers": answers, "typed": options[n]})
    raise SystemExit(f"game {gid}: too many questions")


server = Server(binary, db, "271828", env)
try:
    c = Client(server.port)
    c.login(server.code)
    for g in json.loads(marque("games", "--format", "json")):
        gid = g["id"]
        status, _, body = c.get(f"/game/{gid}")
        check(f"page /game/{gid} ({g['game']})", page_text(body))
        for no in range(1, min(int(g.get("hands", 0)), 6) + 1):
            status, _, body = c.get(f"/game/{gid}/hand/{no}")
            if status == 200:
                check(f"page /game/{gid}/hand/{no} ({g['game']})", page_text(body))
    # the phone: a hand entered with the answers offered, each chip and the preview as the page shows them
    plans = {"tarot": {"taker": "Ben", "contract": "garde", "oudlers": "2", "points": "47"},
             "piquet": {"point_cards": "5", "tricks": "7", "play_elder": "9", "play_younger": "6"},
             "alsos": {"tricks.Ann": "3", "tricks.Béla": "3", "tricks.Csaba": "3", "card_points.Ann": "50", "card_points.Béla": "50",
                       "card_points.Csaba": "50"}}
    for kind, gid in started.items():
        answers, preview = enter(c, gid, plans.get(kind, {}))
        status, _, d = c.post(f"/api/games/{gid}/entry", {"answers": answers})
        trail = d.get("trail", [])
        if len(trail) != len(answers):
            problems.append(f"phone {kind}: {len(answers)} answers but {len(trail)} chips")
        check(f"phone chips {kind}", "\n".join(trail))
        check(f"phone preview {kind}", "\n".join([preview.get("words", "")] + preview.get("notes", [])))
finally:
    server.stop()

for p in problems:
    print("FAIL:", p)
print(f"words: {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
