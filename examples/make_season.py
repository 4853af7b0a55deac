#!/usr/bin/env python3
"""Builds examples/season.json (marque-export/1): three Thursday-club nights, each with one game of every
kind, played by one pool of club members, from the per-game example nights. Run from the repository root:
    python3 examples/make_season.py > examples/season.json
The output is committed; nothing at build or test time needs Python."""
import json, sys

club = ["Hélène", "Marc", "Sophie", "Thierry", "Nadine", "Étienne", "Gergő", "Zsófi", "Nikos", "Eleni"]
dates = ["2026-10-01", "2026-10-08", "2026-10-15"]
kinds = ["tarot", "coinche", "prefa", "piquet", "alsos"]


def names_of(setup):
    if "players" in setup:
        return list(setup["players"])
    return [setup["seats"][k] for k in ("N", "E", "S", "W")]


def rename(j, m):
    if isinstance(j, str):
        return m.get(j, j)
    if isinstance(j, list):
        return [rename(x, m) for x in j]
    if isinstance(j, dict):
        return {m.get(k, k): rename(v, m) for k, v in j.items()}
    return j


games, nights = [], []
for n, date in enumerate(dates, start=1):
    nights.append({"id": n, "date": date, "venue": "Le Cercle, Caen", "league": "Thursday club", "note": ""})
    offset = 3 * (n - 1)
    for k, kind in enumerate(kinds):
        src = json.load(open(f"examples/{kind}.json"))
        old = names_of(src["setup"])
        new = [club[(offset + 2 * k + i) % len(club)] for i in range(len(old))]
        m = dict(zip(old, new))
        g = {"format": "marque-game/1", "game": kind, "setup": rename(src["setup"], m),
             "hands": rename(src["hands"], m),
             "meta": {"date": date, "league": "Thursday club", "venue": "Le Cercle, Caen", "night": n}}
        games.append(g)
json.dump({"format": "marque-export/1", "generator": "examples/make_season.py", "players": sorted(club),
           "nights": nights,
           "seasons": [{"name": "Autumn 2026", "league": "Thursday club", "from": "2026-09-01", "to": "2026-12-31"}],
           "games": games}, sys.stdout, ensure_ascii=False, indent=1)
print()
