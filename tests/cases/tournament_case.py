#!/usr/bin/env python3
"""One tournament case file (../shared/rules/examples/tournament/*.json, marque-tournament-case/1) through
`marque tournament calc FILE --format json`, its `expect` checked as the examples' README says. Results cases: round
points, placement points, the ranking (rank, entrant, score, decided_by, withdrawn_after, league_points and the
tie-breaks named), the rankings after each round, correction notes, the warnings exactly; the printed document read
back gives itself. Refusals: exit 1 and an error with exactly expect.code and expect.field. Draw cases: the lot order,
table sizes, every active entrant once per round, absent, fixed, byes, tables (exact), tables_unordered, first
dealers, the repeat pairs against the history, and the same draw a second time.
With --db the same case goes the other way: imported into a fresh database (`marque tournament import`) and printed
back (`marque tournament export --format json`): the same checks, and the document equal to what calc prints; a
refusal exits 1 with its error in the JSON and leaves the database as it was (a dump before and after).
Usage: tournament_case.py MARQUE_BIN CASE_FILE [--db]"""
import json, os, subprocess, sys, tempfile

marque, path = sys.argv[1], sys.argv[2]
through_db = "--db" in sys.argv[3:]
case = json.load(open(path, encoding="utf-8"))
expect = case.get("expect", {})
problems = []


def calc(file):
    p = subprocess.run([marque, "tournament", "calc", file, "--format", "json"], capture_output=True, text=True,
                       timeout=600)
    return p.returncode, p.stdout, p.stderr


def dump(db):
    p = subprocess.run(["sqlite3", db, ".dump"], capture_output=True, text=True, timeout=60)
    return p.stdout


def through_database(file):
    """import FILE into a fresh database, export it: (exit code, document or errors, stderr)"""
    with tempfile.TemporaryDirectory() as t:
        db = os.path.join(t, "marque.db")
        m = lambda *a: subprocess.run([marque, "--db", db, "tournament", *a], capture_output=True, text=True, timeout=600)
        p = m("create", "--name", "Another event", "--game", "tarot", "--seed", "1", "--id", "another-event")
        if p.returncode != 0:
            return p.returncode, "", "creating the database: " + p.stderr
        before = dump(db)
        p = m("import", file, "--format", "json")
        if p.returncode != 0:
            if dump(db) != before:
                problems.append("a refused import changed the database")
            return p.returncode, p.stdout, p.stderr
        listed = json.loads(m("list", "--format", "json").stdout)
        ids = [e["id"] for e in listed if e["id"] != "another-event"]
        if len(ids) != 1:
            return 70, "", f"the import made {len(ids)} events"
        e = m("export", ids[0], "--format", "json")
        return e.returncode, e.stdout, e.stderr


def run(file):
    return through_database(file) if through_db else calc(file)


def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-6
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def check(ok, what):
    if not ok:
        problems.append(what)


rc, out, err = run(path)
if expect.get("reject"):
    check(rc == 1, f"refused with exit 1, got {rc}: {err.strip()[:300]}")
    try:
        errors = json.loads(out).get("errors", []) if out.strip() else []
    except json.JSONDecodeError:
        errors = []
        problems.append("the refusal's standard output is not JSON")
    want = (expect.get("code"), expect.get("field"))
    check(any((e.get("code"), e.get("field")) == want for e in errors),
          f"an error {want}; got {[(e.get('code'), e.get('field')) for e in errors]}")
else:
    if rc != 0:
        problems.append(f"exit {rc}: {err.strip()[:500]}")
    else:
        doc = json.loads(out)
        rounds = doc["rounds_played"]
        if through_db:
            rc0, out0, err0 = calc(path)
            check(rc0 == 0 and json.loads(out0) == doc, "the document exported from the database differs from calc's")
        if case.get("kind") == "results":
            for key, col in (("round_points", "points"), ("placement_points", "placement_points")):
                for r, want in expect.get(key, {}).items():
                    got = rounds[int(r) - 1][col]
                    for who, v in want.items():
                        check(same(got.get(who), v), f"{key} round {r} {who}: want {v}, got {got.get(who)}")
            if "ranking" in expect:
                got = doc["ranking"]
                check(len(got) == len(expect["ranking"]), f"ranking has {len(got)} rows, want {len(expect['ranking'])}")
                for i, want in enumerate(expect["ranking"]):
                    row = got[i] if i < len(got) else {}
                    for k, v in want.items():
                        if k == "tiebreaks":
                            for tk, tv in v.items():
                                check(same(row.get("tiebreaks", {}).get(tk), tv),
                                      f"ranking[{i}] ({want.get('entrant')}) tiebreaks.{tk}: want {tv}, "
                                      f"got {row.get('tiebreaks', {}).get(tk)}")
                        else:
                            check(same(row.get(k), v), f"ranking[{i}] {k}: want {v}, got {row.get(k)}")
            for r, want in expect.get("ranking_after", {}).items():
                got = [row["entrant"] for row in doc["ranking_after"].get(r, [])]
                check(got == want, f"ranking_after {r}: want {want}, got {got}")
            notes = expect.get("correction_notes") or ([expect["correction_note"]] if "correction_note" in expect else [])
            for i, want in enumerate(notes):
                got = doc["corrections"][i] if i < len(doc["corrections"]) else {}
                for k, v in want.items():
                    if k == "rank_changes":
                        key = lambda c: (c["entrant"], c["before"], c["after"])
                        check(sorted(map(key, got.get(k, []))) == sorted(map(key, v)),
                              f"correction {i} rank_changes: want {v}, got {got.get(k)}")
                    else:
                        check(same(got.get(k), v), f"correction {i} {k}: want {v}, got {got.get(k)}")
            if "warnings" in expect:
                got = sorted({w["code"] for w in doc["warnings"]})
                check(got == sorted(set(expect["warnings"])), f"warnings: want {expect['warnings']}, got {got}")
            # the document read back is itself
            with tempfile.TemporaryDirectory() as t:
                again = os.path.join(t, "event.json")
                open(again, "w", encoding="utf-8").write(out)
                rc2, out2, err2 = run(again)
                check(rc2 == 0 and json.loads(out2) == doc, f"the printed document read back differs: {err2.strip()[:300]}")
        else:
            entrants = {e["id"]: e for e in case["entrants"]}
            history = {h["round"] for h in case.get("history", [])}
            drawn = case.get("draw_rounds", [])
            if "lot_order" in expect:
                check(doc["lot_order"] == expect["lot_order"], f"lot_order: want {expect['lot_order']}, got {doc['lot_order']}")
            meets = {}

            def pairs(seats):
                return [(a, b) if a < b else (b, a) for i, a in enumerate(seats) for b in seats[i + 1:]]

            repeats = 0
            for rd in rounds:
                r = rd["round"]
                tables = [t["seats"] for t in rd["tables"]]
                if r in drawn:
                    for t in tables:
                        for p in pairs(t):
                            if meets.get(p, 0) > 0:
                                repeats += 1
                    seated = [x for t in tables for x in t] + rd["byes"]
                    active = [i for i, e in entrants.items()
                              if e.get("checked_in", True) and e.get("arrived_round", 1) <= r
                              and (e.get("withdrawn_after") is None or e["withdrawn_after"] >= r)]
                    check(sorted(seated) == sorted(active), f"round {r}: each active entrant once: seated {sorted(seated)}, active {sorted(active)}")
                    for a in expect.get("absent", []):
                        check(a not in seated, f"round {r}: {a} is absent but drawn")
                    for who, t in expect.get("fixed", {}).items():
                        check(who in tables[t - 1] if t <= len(tables) else False, f"round {r}: {who} not at table {t}")
                    rs = str(r)
                    if rs in expect.get("table_sizes", {}):
                        got = [len(t) for t in tables]
                        check(got == expect["table_sizes"][rs], f"round {r} table sizes: want {expect['table_sizes'][rs]}, got {got}")
                    if rs in expect.get("byes", {}):
                        check(sorted(rd["byes"]) == sorted(expect["byes"][rs]), f"round {r} byes: want {expect['byes'][rs]}, got {rd['byes']}")
                    if rs in expect.get("tables", {}):
                        check(tables == expect["tables"][rs], f"round {r} tables: want {expect['tables'][rs]}, got {tables}")
                    if rs in expect.get("tables_unordered", {}):
                        want = sorted(sorted(t) for t in expect["tables_unordered"][rs])
                        check(sorted(sorted(t) for t in tables) == want, f"round {r} tables (unordered): want {want}, got {tables}")
                    for t, who in expect.get("first_dealer", {}).get(rs, {}).items():
                        got = rd["tables"][int(t) - 1]["first_dealer"]
                        check(got == who, f"round {r} table {t} first dealer: want {who}, got {got}")
                for t in tables:
                    for p in pairs(t):
                        meets[p] = meets.get(p, 0) + 1
            for r in drawn:
                check(any(rd["round"] == r for rd in rounds), f"round {r} was not drawn")
            if "max_repeat_pairs" in expect:
                check(repeats <= expect["max_repeat_pairs"], f"repeat pairs {repeats} > {expect['max_repeat_pairs']}")
            rc2, out2, err2 = run(path)
            check(rc2 == 0 and out2 == out, "a second draw from the same inputs differs")

if problems:
    print(f"{case['id']}{' (through the database)' if through_db else ''}: FAILED")
    for p in problems:
        print("  " + p)
    sys.exit(1)
print(f"{case['id']}{' (through the database)' if through_db else ''}: ok")
