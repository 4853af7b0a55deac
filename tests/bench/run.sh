#!/usr/bin/env bash
# marque benchmark (figures, never a pass/fail test). Usage: bash tests/bench/run.sh [BUILD_DIR] [HANDS]
#   - add one hand to a game that already has 200 hands: whole process, median of 20
#   - import HANDS (default 100000) tarot hands in one file; score them; check them
#   - the physical floor: the sqlite3 command-line tool inserting the same rows in one transaction
set -euo pipefail
B=${1:-build}
N=${2:-100000}
BIN=$B/marque
GEN=$B/tests/marque_bench_gen
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T/xdg
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
peak() { # command... -> prints seconds and peak RSS (MB) of it
  local s e
  s=$(now)
  /usr/bin/time -f '%M' -o "$T/rss" "$@" >/dev/null
  e=$(now)
  echo "$(secs "$s" "$e") s, peak $(awk '{ printf "%.0f", $1 / 1024 }' "$T/rss") MB"
}
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install -y time)"; exit 1; }

echo "== marque benchmark ($(nproc) cores, $(date -u +%Y-%m-%d))"
"$GEN" tarot 200 "$T/g200.json"
"$BIN" --db "$T/add.db" import "$T/g200.json" >/dev/null
for i in $(seq 20); do
  s=$(now)
  "$BIN" --db "$T/add.db" hand taker=Ben contract=garde oudlers=2 points=50 >/dev/null
  e=$(now)
  secs "$s" "$e"
  echo
done | sort -n > "$T/adds"
echo "add one hand to a 200-hand game (median of 20): $(awk '{ a[NR] = $1 } END { printf "%.1f ms", (a[10] + a[11]) / 2 * 1000 }' "$T/adds")"

"$GEN" tarot "$N" "$T/big.json"
echo "import $N tarot hands: $(peak "$BIN" --db "$T/big.db" import "$T/big.json")"
echo "score them (JSON): $(peak "$BIN" --db "$T/big.db" score --format json)"
echo "sheet of the game: $(peak "$BIN" --db "$T/big.db" sheet)"
echo "check the database: $(peak "$BIN" --db "$T/big.db" check)"
if command -v sqlite3 >/dev/null; then
  sqlite3 "$T/big.db" .dump > "$T/dump.sql"
  echo "floor: sqlite3 inserting the same rows in one transaction: $(peak sqlite3 "$T/floor.db" ".read $T/dump.sql")"
fi
