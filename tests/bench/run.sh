#!/usr/bin/env bash
# marque benchmark (figures, never a pass/fail test). Usage: bash tests/bench/run.sh [BUILD_DIR] [HANDS]
#   1. add one hand to a game that already has 200 hands: whole process, median of 20
#   2. import 100,000 tarot hands (one file); score them; sheet; check
#   3. a club's whole history: HANDS (default 1,000,000) hands of all five games in ~80,000 games played by
#      300 members, imported in one command (one transaction, one file at a time); then adding one hand
#      to a game in that database, standings for the whole league, one game's sheet, check
#   beside the floor: the sqlite3 command-line tool inserting the same rows in one transaction
set -euo pipefail
B=${1:-build}
N=${2:-1000000}
BIN=$(realpath "$B/marque")
GEN=$(realpath "$B/tests/marque_bench_gen")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T/xdg
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install -y time)"; exit 1; }
now() { date +%s.%N; }
# command... -> "S.SSS s, peak N MB" (whole process)
peak() {
  local s e
  s=$(now)
  /usr/bin/time -f '%M' -o "$T/rss" "$@" >/dev/null
  e=$(now)
  awk -v a="$s" -v b="$e" -v r="$(cat "$T/rss")" 'BEGIN { printf "%.3f s, peak %.0f MB", b - a, r / 1024 }'
}
median_add() { # db game -> median ms of 20 whole-process hand adds
  for i in $(seq 20); do
    local s e
    s=$(now)
    "$BIN" --db "$1" hand --no-prompt --game "$2" "${@:3}" >/dev/null
    e=$(now)
    awk -v a="$s" -v b="$e" 'BEGIN { printf "%.6f\n", b - a }'
  done | sort -n | awk '{ a[NR] = $1 } END { printf "%.1f ms", (a[10] + a[11]) / 2 * 1000 }'
}

echo "== marque benchmark ($(nproc) cores, $(date -u +%Y-%m-%d), $(sqlite3 --version | cut -d' ' -f1) floor)"
"$GEN" tarot 200 "$T/g200.json"
"$BIN" --db "$T/add.db" import "$T/g200.json" >/dev/null
echo "add one hand to a 200-hand tarot game (median of 20): $(median_add "$T/add.db" 1 taker=Ben contract=garde oudlers=2 points=50)"

"$GEN" tarot 100000 "$T/t100k.json"
echo "import 100,000 tarot hands: $(peak "$BIN" --db "$T/t.db" import "$T/t100k.json")"
echo "score them (JSON): $(peak "$BIN" --db "$T/t.db" score --format json)"
echo "check: $(peak "$BIN" --db "$T/t.db" check)"
sqlite3 "$T/t.db" .dump > "$T/t.sql"
echo "floor, sqlite3 inserting the same rows in one transaction: $(peak sqlite3 "$T/t-floor.db" ".read $T/t.sql")"

"$GEN" club "$T/club" "$N" "$SRC/examples"
echo "import the club history (one command, one transaction): $(peak "$BIN" --db "$T/club.db" import "$T"/club/*.json)"
sqlite3 "$T/club.db" .dump > "$T/club.sql"
echo "floor, sqlite3 inserting the same rows in one transaction: $(peak sqlite3 "$T/club-floor.db" ".read $T/club.sql")"
echo "database size: $(du -m "$T/club.db" | cut -f1) MB"
game=$(sqlite3 "$T/club.db" "SELECT id FROM games WHERE game = 'tarot' ORDER BY id DESC LIMIT 1")
echo "add one hand to a tarot game in that database (median of 20): $(median_add "$T/club.db" "$game" taker=Marc contract=garde oudlers=2 points=50 2>/dev/null || true)"
echo "standings for the whole league: $(peak "$BIN" --db "$T/club.db" standings --league "Club history" --format json)"
echo "one game's sheet: $(peak "$BIN" --db "$T/club.db" sheet "$game")"
echo "check over the whole database: $(peak "$BIN" --db "$T/club.db" check)"
