#!/usr/bin/env bash
# A hand added in a club's database, in instructions (callgrind: exact under load), beside its floor. Not a test:
# figures for docs/measurements.md. Usage: bash tests/bench/club_hand.sh [BUILD_DIR] [HANDS]
#   the club history of HANDS hands (default 20,000; tests/bench/run.sh's generator) imported, then a new tarot table
#   tonight: its 21st hand, and the 201st of a second table of 200 hands; beside each, the sqlite3 tool inserting
#   the same rows in one transaction (as tests/bench/run.sh).
set -euo pipefail
B=${1:-build}
N=${2:-20000}
BIN=$(realpath "$B/marque")
GEN=$(realpath "$B/tests/marque_bench_gen")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T/xdg
"$GEN" club "$T/club" "$N" "$SRC/examples"
"$BIN" --db "$T/club.db" import "$T"/club/*.json >/dev/null
cg() { # command... -> total instructions
  valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" "$@" >/dev/null 2>"$T/vg.err"
  callgrind_annotate "$T/cg.out" 2>/dev/null | awk '/PROGRAM TOTALS/ { print $1 }'
}
hand=(taker=Member1002 contract=garde oudlers=2 points=50)
table() { # hands before -> the game's id
  "$BIN" --db "$T/club.db" start tarot players=Member1001,Member1002,Member1003,Member1004 dealer=Member1001 \
    --league "Club history" >/dev/null
  local id k
  id=$(sqlite3 "$T/club.db" "SELECT max(id) FROM games")
  for ((k = 0; k < $1; k++)); do "$BIN" --db "$T/club.db" hand --no-prompt --game "$id" "${hand[@]}" >/dev/null; done
  echo "$id"
}
floor() { # game -> the sqlite3 tool's instructions for the same rows
  local sql="BEGIN IMMEDIATE; INSERT INTO hands(game_id, seq, no, record, score) SELECT $1, max(seq) + 1, max(no) + 1, record, score FROM hands WHERE game_id = $1 AND seq = (SELECT max(seq) FROM hands WHERE game_id = $1);"
  for ((k = 0; k < 4; k++)); do sql+=" INSERT INTO postings VALUES (last_insert_rowid(), $k, 0, 1);"; done
  cp "$T/club.db" "$T/floor.db"
  cg sqlite3 "$T/floor.db" "$sql COMMIT;"
}
echo "== club of $(sqlite3 "$T/club.db" "SELECT count(*) FROM hands") hands, $(du -m "$T/club.db" | cut -f1) MB"
for before in 20 200; do
  id=$(table "$before")
  f=$(floor "$id")
  m=$(cg "$BIN" --db "$T/club.db" hand --no-prompt --game "$id" "${hand[@]}")
  echo "hand $((before + 1)) of a table: $m instructions; floor $f ($(awk -v a="${m//,/}" -v b="${f//,/}" 'BEGIN { printf "%.2f×", a / b }'))"
done
echo "marque --version: $(cg "$BIN" --version) instructions"
