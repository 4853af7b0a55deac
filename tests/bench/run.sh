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
# marque run from a copy (written by cp, as dpkg writes an installed program and as the floor's sqlite3 was written),
# not from the file the linker wrote: the same bytes start measurably slower from the linker's own output (a 13-hand
# club sheet 3.22 ms against 2.91 ms from a copy in the same folder, 20 runs in turn; session 18). The plugins beside
# it, where marque looks for them.
mkdir -p "$T/bin/plugins"
cp "$BIN" "$T/bin/marque"
cp "$(dirname "$BIN")"/plugins/*.so "$T/bin/plugins/"
BIN=$T/bin/marque
export XDG_DATA_HOME=$T/xdg
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install -y time)"; exit 1; }
now() { date +%s.%N; }
# command... -> "S.SSS s, peak N MB" (whole process); the seconds are also left in $T/secs
peak() {
  local s e
  s=$(now)
  /usr/bin/time -f '%M' -o "$T/rss" "$@" >/dev/null
  e=$(now)
  awk -v a="$s" -v b="$e" 'BEGIN { printf "%.3f", b - a }' > "$T/secs"
  awk -v a="$s" -v b="$e" -v r="$(cat "$T/rss")" 'BEGIN { printf "%.3f s, peak %.0f MB", b - a, r / 1024 }'
}
secs() { cat "$T/secs"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'; }
# One run of a command, its seconds appended to the file OUT
once() { # out command...
  local out=$1 s e
  shift
  s=$(now)
  "$@" >/dev/null 2>"$T/median.err" || { echo "FAILED: $* ($(head -1 "$T/median.err"))" >&2; exit 1; }
  e=$(now)
  awk -v a="$s" -v b="$e" 'BEGIN { printf "%.6f\n", b - a }' >> "$out"
}
med() { sort -n "$1" | awk '{ a[NR] = $1 } END { printf "%.6f", NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# marque's command and its floor's, 20 whole-process runs each, in turn (marque, floor, marque, floor ...), so that
# a moment of the machine weighs on both alike: run as 20 then 20, the floor's came after marque's had filled the
# disk's queue (a hand's floor 4.9 ms in one run, 7.5 ms in the next, session 17). Prints "M.M ms; floor F.F ms
# (R×)" and leaves marque's median in $T/secs.
in_turn() { # marque command... -- floor command...   (RUNS=N: N runs each, default 20)
  local -a a=() b=()
  local x side=a
  for x in "$@"; do
    if [[ $side == a && $x == -- ]]; then side=b; elif [[ $side == a ]]; then a+=("$x"); else b+=("$x"); fi
  done
  : > "$T/a.t"
  : > "$T/b.t"
  for i in $(seq "${RUNS:-20}"); do
    once "$T/a.t" "${a[@]}"
    once "$T/b.t" "${b[@]}"
  done
  local ma mb
  ma=$(med "$T/a.t")
  mb=$(med "$T/b.t")
  echo "$ma" > "$T/secs"
  awk -v a="$ma" -v b="$mb" 'BEGIN { if (a < 1) printf "%.1f ms; floor %.1f ms (%.2f×)", a * 1000, b * 1000, a / b
                                      else printf "%.2f s; floor %.2f s (%.2f×)", a, b, a / b }'
}
# the floor of adding a hand: the sqlite3 tool inserting one hand row and its postings in one transaction, into a
# copy of the database ($T/floor-add.db); prints the SQL
floor_add_sql() { # db game
  local n
  n=$(sqlite3 "$1" "SELECT count(*) FROM game_players WHERE game_id = $2")
  local sql="BEGIN IMMEDIATE; INSERT INTO hands(game_id, seq, no, record, score) SELECT $2, max(seq) + 1, max(no) + 1, record, score FROM hands WHERE game_id = $2 AND seq = (SELECT max(seq) FROM hands WHERE game_id = $2);"
  for ((k = 0; k < n; k++)); do sql+=" INSERT INTO postings VALUES (last_insert_rowid(), $k, 0, 1);"; done
  sql+=" COMMIT;"
  cp "$1" "$T/floor-add.db"
  # the copy written to the disk now, not by the kernel's write-back during the timed runs (1.25 GB of a club: the
  # commits' fsyncs, marque's and the floor's, would queue behind it)
  sync "$T/floor-add.db"
  echo "$sql"
}

echo "== marque benchmark ($(nproc) cores, $(date -u +%Y-%m-%d), $(sqlite3 --version | cut -d' ' -f1) floor)"
"$GEN" tarot 200 "$T/g200.json"
"$BIN" --db "$T/add.db" import "$T/g200.json" >/dev/null
sql=$(floor_add_sql "$T/add.db" 1)
m=$(in_turn "$BIN" --db "$T/add.db" hand --no-prompt --game 1 taker=Ben contract=garde oudlers=2 points=50 -- \
  sqlite3 "$T/floor-add.db" "$sql")
[[ $(sqlite3 "$T/add.db" "SELECT count(*) FROM hands WHERE game_id = 1") -eq 220 ]] || m="$m (NOT ALL STORED)"
echo "add one hand to a 200-hand tarot game (median of 20, in turn with the floor's): $m"
bash "$SRC/tests/bench/tournament.sh" "$B" | tail -n +2

"$GEN" tarot 100000 "$T/t100k.json"
i=$(peak "$BIN" --db "$T/t.db" import "$T/t100k.json"); imp=$(secs)
sc=$(peak "$BIN" --db "$T/t.db" score --format json); scs=$(secs)
ck=$(peak "$BIN" --db "$T/t.db" check); cks=$(secs)
sqlite3 "$T/t.db" .dump > "$T/t.sql"
fl=$(peak sqlite3 "$T/t-floor.db" ".read $T/t.sql"); fls=$(secs)
echo "import 100,000 tarot hands: $i ($(ratio "$imp" "$fls") the floor)"
echo "score them (JSON): $sc ($(ratio "$scs" "$fls"))"
echo "check: $ck ($(ratio "$cks" "$fls"))"
echo "floor, sqlite3 inserting the same rows in one transaction: $fl"

"$GEN" club "$T/club" "$N" "$SRC/examples"
i=$(peak "$BIN" --db "$T/club.db" import "$T"/club/*.json); imp=$(secs)
sqlite3 "$T/club.db" .dump > "$T/club.sql"
fl=$(peak sqlite3 "$T/club-floor.db" ".read $T/club.sql"); fls=$(secs)
rm -f "$T/club.sql" "$T/club-floor.db"
echo "import the club history (one command, one transaction): $i"
echo "floor, sqlite3 inserting the same rows in one transaction: $fl; marque $(ratio "$imp" "$fls") the floor (target 2×)"
echo "database size: $(du -m "$T/club.db" | cut -f1) MB"
game=$(sqlite3 "$T/club.db" "SELECT id FROM games WHERE game = 'tarot' ORDER BY id DESC LIMIT 1")
# every imported game is finished: the club starts a new table tonight and records its hands
"$BIN" --db "$T/club.db" start tarot players=Member1001,Member1002,Member1003,Member1004 dealer=Member1001 \
  --league "Club history" >/dev/null
tonight=$(sqlite3 "$T/club.db" "SELECT max(id) FROM games")
# its first hand (untimed: the floor copies a hand the game has)
"$BIN" --db "$T/club.db" hand --no-prompt --game "$tonight" taker=Member1002 contract=garde oudlers=2 points=50 >/dev/null
sql=$(floor_add_sql "$T/club.db" "$tonight")
m=$(in_turn "$BIN" --db "$T/club.db" hand --no-prompt --game "$tonight" taker=Member1002 contract=garde oudlers=2 \
  points=50 -- sqlite3 "$T/floor-add.db" "$sql")
rm -f "$T/floor-add.db"
[[ $(sqlite3 "$T/club.db" "SELECT count(*) FROM hands WHERE game_id = $tonight") -eq 21 ]] || m="$m (NOT ALL STORED)"
echo "add one hand to a tarot game in that database (median of 20, in turn with the floor's; target 20 ms): $m"
# the reads below (standings, a sheet, check) each beside its floor, the database read once before each pair so
# that both find it in the page cache (run first, marque paid for reading the file from the disk and its floor,
# right after, did not: standings 0.48 s against 0.31 s cold, 0.22 s against 0.35 s warm, session 16)
warm() { cat "$T/club.db" >/dev/null; }
warm
st=$(peak "$BIN" --db "$T/club.db" standings --league "Club history" --format json); sts=$(secs)
# the floor of standings: the sqlite3 tool summing every seat of the league by player
fst=$(peak sqlite3 "$T/club.db" "SELECT gp.player_id, count(*), sum(gp.points_units), sum(gp.place = 1) FROM games g JOIN leagues l ON l.id = g.league_id JOIN game_players gp ON gp.game_id = g.id WHERE l.name = 'Club history' GROUP BY gp.player_id")
echo "standings for the whole league: $st (target 1 s); floor $fst ($(ratio "$sts" "$(secs)"))"
warm
# a sheet takes a few milliseconds: 20 whole-process runs in turn with the floor's, as a hand (one run's time would
# be mostly the machine's noise); its peak from one more run
shp=$(peak "$BIN" --db "$T/club.db" sheet "$game")
# the floor reads its own copy: marque keeps the database's -wal and -shm between commands, and the sqlite3 tool
# deletes them when it closes, so on one file each would undo the other's state (session 18)
cp "$T/club.db" "$T/floor-sheet.db"
sync "$T/floor-sheet.db"
sh=$(in_turn "$BIN" --db "$T/club.db" sheet "$game" -- \
  sqlite3 "$T/floor-sheet.db" "SELECT record, score FROM hands WHERE game_id = $game ORDER BY seq")
rm -f "$T/floor-sheet.db"*
echo "one game's sheet (median of 20, in turn with the floor's; target 50 ms): $sh; peak ${shp##*peak }"
warm
ck=$(peak "$BIN" --db "$T/club.db" check); cks=$(secs)
# the floor of check: the sqlite3 tool's integrity check and a read of every record and score
fck=$(peak sqlite3 "$T/club.db" "PRAGMA integrity_check; SELECT count(*), sum(length(record) + length(score)) FROM hands")
echo "check over the whole database: $ck ($(ratio "$cks" "$imp") the import, target under 2×); floor $fck ($(ratio "$cks" "$(secs)"))"
# one run each moved by 6% from run to run on the quiet machine (1.87× to 2.11×, session 17): three more in turn
ckt=$(RUNS=3 in_turn "$BIN" --db "$T/club.db" check -- \
  sqlite3 "$T/club.db" "PRAGMA integrity_check; SELECT count(*), sum(length(record) + length(score)) FROM hands")
echo "check, the median of 3 runs in turn with the floor's: $ckt"
