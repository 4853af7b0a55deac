#!/usr/bin/env bash
# A hand and a sheet beside their floors, interleaved (marque, floor, marque, floor ...) so that a loaded machine
# weighs on both alike, and their instructions (callgrind, exact under load). Not a test: figures for the README.
# Usage: bash tests/bench/hand_sheet.sh [BUILD_DIR] [RUNS]
#   a hand added to a 200-hand tarot game, beside the sqlite3 tool inserting the same rows in one transaction (as
#   tests/bench/run.sh); that game's sheet, beside the sqlite3 tool reading its records and scores (from its own
#   copy, which grows alike: marque keeps the -wal and -shm between commands, sqlite3 deletes them); `marque
#   --version` (the start-up alone). Prints each one's median and the ratio of the medians.
set -euo pipefail
B=${1:-build}
RUNS=${2:-21}
BIN=$(realpath "$B/marque")
GEN=$(realpath "$B/tests/marque_bench_gen")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# marque run from a copy (written by cp, as dpkg writes an installed program and as the floor's sqlite3 was written),
# not from the file the linker wrote: the same bytes start measurably slower from the linker's own output (a 13-hand
# club sheet 3.22 ms against 2.91 ms from a copy in the same folder, 20 runs in turn; session 18). The plugins beside
# it, where marque looks for them.
mkdir -p "$T/bin/plugins"
cp "$BIN" "$T/bin/marque"
cp "$(dirname "$BIN")"/plugins/*.so "$T/bin/plugins/"
BIN=$T/bin/marque
export XDG_DATA_HOME=$T/xdg
"$GEN" tarot 200 "$T/g200.json"
"$BIN" --db "$T/add.db" import "$T/g200.json" >/dev/null
cp "$T/add.db" "$T/floor.db"
n=$(sqlite3 "$T/add.db" "SELECT count(*) FROM game_players WHERE game_id = 1")
floor="BEGIN IMMEDIATE; INSERT INTO hands(game_id, seq, no, record, score) SELECT 1, max(seq) + 1, max(no) + 1, record, score FROM hands WHERE game_id = 1 AND seq = (SELECT max(seq) FROM hands WHERE game_id = 1);"
for ((k = 0; k < n; k++)); do floor+=" INSERT INTO postings VALUES (last_insert_rowid(), $k, 0, 1);"; done
floor+=" COMMIT;"
ns() { date +%s%N; }
# label command... -> one run's nanoseconds appended to $T/label
run() {
  local label=$1 s e
  shift
  s=$(ns)
  "$@" >/dev/null 2>"$T/err" || { echo "FAILED: $* ($(head -1 "$T/err"))" >&2; exit 1; }
  e=$(ns)
  echo $((e - s)) >> "$T/$label"
}
med() { sort -n "$T/$1" | awk '{ a[NR] = $1 } END { printf "%.2f", (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) / 1e6 }'; }
for ((i = 0; i < RUNS; i++)); do
  run hand "$BIN" --db "$T/add.db" hand --no-prompt --game 1 taker=Ben contract=garde oudlers=2 points=50
  run hand_floor sqlite3 "$T/floor.db" "$floor"
  run sheet "$BIN" --db "$T/add.db" sheet 1
  run sheet_floor sqlite3 "$T/floor.db" "SELECT record, score FROM hands WHERE game_id = 1 ORDER BY seq"
  run version "$BIN" --version
  run version_floor sqlite3 --version
done
echo "== $RUNS interleaved runs each ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
for x in hand sheet version; do
  a=$(med $x) f=$(med ${x}_floor)
  echo "$x: median $a ms; floor $f ms ($(awk -v a="$a" -v b="$f" 'BEGIN { printf "%.2f×", a / b }'))"
done
if command -v valgrind >/dev/null; then
  cg() { # label command... -> total instructions
    valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" "$@" >/dev/null 2>"$T/vg.err"
    echo "$1 ... : $(callgrind_annotate "$T/cg.out" 2>/dev/null | awk '/PROGRAM TOTALS/ { print $1 }') instructions"
  }
  echo "== callgrind"
  cg "$BIN" --db "$T/add.db" hand --no-prompt --game 1 taker=Ben contract=garde oudlers=2 points=50
  cg "$BIN" --db "$T/add.db" sheet 1
  cg "$BIN" --version
  cg sqlite3 "$T/floor.db" "$floor"
  cg sqlite3 "$T/floor.db" "SELECT record, score FROM hands WHERE game_id = 1 ORDER BY seq"
fi
