#!/usr/bin/env python3
"""The layout (issue 15). The registry is the only place that knows the games: outside src/rules/<game>/ and
src/rules/registry.cpp no string literal in the code names a game, and neither does the schema a new database
gets; the command line (src/cli) never touches storage; the front ends and reports/ never call rules::find_game and
the renderers never read a game's team keys. Usage: game_names.py SOURCE_DIR MARQUE_BIN"""
import os, re, sqlite3, subprocess, sys, tempfile

src, binary = sys.argv[1], sys.argv[2]
games = sorted(d for d in os.listdir(os.path.join(src, "src/rules"))
               if os.path.isdir(os.path.join(src, "src/rules", d)) and d != "common")
assert len(games) >= 5, games
word = re.compile(r"\b(" + "|".join(games) + r")\b", re.I)
literal = re.compile(r'"(?:[^"\\\n]|\\.)*"')
allowed = [os.path.join("src/rules", g) + os.sep for g in games] + ["src/rules/registry.cpp"]
problems = []
for top in ("src", "reports", "importers"):
    for root, _, files in os.walk(os.path.join(src, top)):
        for f in files:
            if not f.endswith((".cpp", ".hpp")):
                continue
            rel = os.path.relpath(os.path.join(root, f), src)
            if any(rel.startswith(a) or rel == a for a in allowed):
                continue
            for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
                for lit in literal.findall(line):  # comments too: a quoted game name is one
                    if word.search(lit):
                        problems.append(f"{rel}:{n}: {lit}")
# the migrations after version 1 (version 1's text is history: marque compares an old database's schema with
# exactly what its migrations made, so 0001_initial.sql stays as it was; 0006 removed its list of games)
for f in sorted(os.listdir(os.path.join(src, "schema/sql"))):
    if f.endswith(".sql") and not f.startswith("0001_"):
        for n, line in enumerate(open(os.path.join(src, "schema/sql", f), encoding="utf-8"), 1):
            if word.search(line.split("--")[0]):
                problems.append(f"schema/sql/{f}:{n}: {line.strip()}")
# the schema a new database gets
with tempfile.TemporaryDirectory() as t:
    db = os.path.join(t, "new.db")
    subprocess.run([binary, "--db", db, "night", "start", "--date", "2026-11-24"], check=True, capture_output=True)
    for (sql,) in sqlite3.connect(db).execute("SELECT coalesce(sql, '') FROM sqlite_schema"):
        if word.search(sql):
            problems.append("a new database's schema: " + sql.splitlines()[0] + " ...")
# the command line never touches storage: it calls app:: use cases (issue 15)
for root, _, files in os.walk(os.path.join(src, "src/cli")):
    for f in files:
        for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
            if re.search(r"\bstorage::|\bStore\b|storage/store\.hpp", line):
                problems.append(f"{os.path.relpath(os.path.join(root, f), src)}:{n}: the CLI touches storage: {line.strip()}")
# the served pages (src/web) call app:: use cases and never storage; httplib.h, heavy, is included by one header, the
# server's private server_impl.hpp (issue 18; the route groups include it, in the web library's one unity unit)
for root, _, files in os.walk(os.path.join(src, "src/web")):
    for f in files:
        if not f.endswith((".cpp", ".hpp")):
            continue
        rel = os.path.relpath(os.path.join(root, f), src)
        for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
            if re.search(r"\bstorage::|\bStore\b|storage/store\.hpp|sqlite3\.h|SQLiteCpp", line):
                problems.append(f"{rel}:{n}: the web server touches storage: {line.strip()}")
for top in ("src", "reports", "importers", "tests"):
    for root, _, files in os.walk(os.path.join(src, top)):
        for f in files:
            if f.endswith((".cpp", ".hpp")):
                rel = os.path.relpath(os.path.join(root, f), src)
                for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
                    if re.match(r'\s*#include\s*[<"]httplib\.h[>"]', line) and rel != "src/web/server_impl.hpp":
                        problems.append(f"{rel}:{n}: httplib.h is included by src/web/server_impl.hpp only")
# the app's interface hides storage (issue 31): no header of src/app but internal.hpp (what the use cases share, never
# included by a front end) includes a storage/ header or names a storage type; a front end holds an app::Session
for f in sorted(os.listdir(os.path.join(src, "src/app"))):
    if f.endswith(".hpp") and f != "internal.hpp":
        for n, line in enumerate(open(os.path.join(src, "src/app", f), encoding="utf-8"), 1):
            if re.match(r'\s*#include\s*[<"]storage/', line) or re.search(r"\bstorage::", line):
                problems.append(f"src/app/{f}:{n}: an app header shows storage: {line.strip()}")
for top in ("src/cli", "src/web"):
    for root, _, files in os.walk(os.path.join(src, top)):
        for f in files:
            for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8", errors="replace"), 1):
                if re.match(r'\s*#include\s*"app/internal\.hpp"', line):
                    problems.append(f"{os.path.relpath(os.path.join(root, f), src)}:{n}: a front end includes app/internal.hpp")
# the rules never include reports/: a game returns its sheet as data (core/sheet.hpp)
for root, _, files in os.walk(os.path.join(src, "src/rules")):
    for f in files:
        for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
            if re.match(r'\s*#include\s+"reports/', line):
                problems.append(f"{os.path.relpath(os.path.join(root, f), src)}:{n}: the rules include reports/: {line.strip()}")
# reports/ and importers/ are libraries whose include roots hold only their layers (CMakeLists.txt); checked here too.
# reports/ renders data and includes only core/; importers/ extracts documents and includes only core/ and rules/;
# neither includes system headers of SQLite, CLI11 or cpp-httplib
layers = {"reports": ("core/", "reports/"), "importers": ("core/", "rules/", "importers/")}
for top, allowed_dirs in layers.items():
    for root, _, files in os.walk(os.path.join(src, top)):
        for f in files:
            if not f.endswith((".cpp", ".hpp")):
                continue
            rel = os.path.relpath(os.path.join(root, f), src)
            for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
                m = re.match(r'\s*#include\s*"([^"]+)"', line)
                if m and not m.group(1).startswith(allowed_dirs):
                    problems.append(f"{rel}:{n}: {top}/ includes only {', '.join(allowed_dirs)}: {line.strip()}")
                if re.match(r'\s*#include\s*<(SQLiteCpp/|sqlite3\.h|CLI/|httplib\.h)', line):
                    problems.append(f"{rel}:{n}: {top}/ sees no SQLite, CLI11 or cpp-httplib: {line.strip()}")
# the front ends and the renderers never look a game up in the rules' registry: the use cases give them what a game
# says (its sides, titles, labels, whether a hand was made); and the renderers speak of sides (core/sides.hpp), never
# of a game's teams or the keys its score keeps them under (issue 31)
def code_lines(tops):
    """(top, file relative to src, line number, line) of every C++ file below the folders `tops`"""
    for top in tops:
        for root, _, files in os.walk(os.path.join(src, top)):
            for f in sorted(f for f in files if f.endswith((".cpp", ".hpp"))):
                rel = os.path.relpath(os.path.join(root, f), src)
                yield from ((top, rel, n, line) for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1))
for top, rel, n, line in code_lines(("src/cli", "src/web", "reports")):
    if re.search(r"\bfind_game\s*\(", line):
        problems.append(f"{rel}:{n}: {top}/ asks the use cases, never rules::find_game: {line.strip()}")
for rel in ("reports/game_text.cpp", "src/cli/color.cpp", "src/web/pages.cpp", "src/app/web.cpp", "src/app/sheets.cpp"):
    for n, line in enumerate(open(os.path.join(src, rel), encoding="utf-8"), 1):
        if re.search(r'team_totals|team_deltas|"teams"|"NS"|"EW"|Nous / Eux', line):
            problems.append(f"{rel}:{n}: a renderer speaks of sides, not of a game's teams or keys: {line.strip()}")
# the rules are exact (issue 31): no floating-point type in src/rules. The word stays in texts and comments (a tarot
# poignée "double" is the spec's value, a piquet partie "counts double"), so they are left out before the search.
comment = re.compile(r"//.*")
for top, rel, n, line in code_lines(("src/rules",)):
    if re.search(r"\b(double|float|long\s+double)\b", comment.sub("", literal.sub('""', line))):
        problems.append(f"{rel}:{n}: the rules compute exactly (Amount, integers), never in floating point: {line.strip()}")
for p in problems:
    print("layout:", p)
print(f"game_names: {len(problems)} problems ({', '.join(games)})")
sys.exit(1 if problems else 0)
