#!/usr/bin/env bash
# Many processes at once: creating a new database, upgrading an old one (its .pre-vN.bak is the old file),
# `check` while another process writes (one snapshot: no false differences), and a write lock held by another
# process (the command says that it waits once it has waited a second, and gives up with exit 75 after MARQUE_LOCK_TIMEOUT).
# Usage: many_processes.sh MARQUE_BIN SOURCE_DIR GEN_BIN
set -u
BIN=$1
SRC=$2
GEN=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T
# the rounds below check that every process gets its turn, not how fast: on a loaded machine eight processes may
# queue longer than the 30 s a person waits (the last part sets its own short limit)
export MARQUE_LOCK_TIMEOUT=300
pass=0
fail=0
chk() { if eval "$1"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $2"; fi; }
P=8
LATEST=$(ls "$SRC"/schema/sql/[0-9][0-9][0-9][0-9]_*.sql | wc -l)  # the schema version this marque makes
# 1. creation: P processes start a game in a database that does not exist yet
for round in 1 2 3; do
  DB=$T/new$round.db
  pids=()
  for i in $(seq $P); do
    "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >"$T/c$i.out" 2>&1 &
    pids+=($!)
  done
  bad=0
  for i in $(seq $P); do wait "${pids[$((i - 1))]}" || { bad=$((bad + 1)); echo "  creation $round/$i: $(head -c 200 "$T/c$i.out")"; }; done
  chk '[[ $bad -eq 0 ]]' "creation round $round: $bad of $P processes failed"
  chk '[[ $(sqlite3 "$DB" "SELECT count(*) FROM games") -eq $P ]]' "creation round $round: $(sqlite3 "$DB" "SELECT count(*) FROM games") games"
done
# 2. upgrade: P processes open the schema-4 fixture at once
for round in 1 2 3; do
  DB=$T/old$round.db
  sqlite3 "$DB" < "$SRC/tests/fixtures/v4-season.sql"
  pids=()
  for i in $(seq $P); do
    "$BIN" --db "$DB" standings --format json >"$T/u$i.out" 2>"$T/u$i.err" &
    pids+=($!)
  done
  bad=0
  for i in $(seq $P); do
    if ! wait "${pids[$((i - 1))]}" || ! grep -v generated_at "$T/u$i.out" | diff -q "$SRC/tests/fixtures/v4-standings.json" - >/dev/null; then
      bad=$((bad + 1)); echo "  upgrade $round/$i: $(head -c 200 "$T/u$i.err")"
    fi
  done
  chk '[[ $bad -eq 0 ]]' "upgrade round $round: $bad of $P processes failed or printed other standings"
  chk '[[ $(sqlite3 "$DB.pre-v$LATEST.bak" "PRAGMA user_version") -eq 4 ]]' "upgrade round $round: the .pre-v$LATEST.bak is not the old database"
done
# 3. check while another process writes (edits of hand 1 re-derive every later score and posting of a long
# game): no false differences
DB=$T/busy.db
"$GEN" tarot 1500 "$T/long.json" >/dev/null || exit 1
"$BIN" --db "$DB" import "$T/long.json" >/dev/null || exit 1
( for i in $(seq 16); do "$BIN" --db "$DB" edit 1 --game 1 points=$((40 + i % 2 * 10)) >/dev/null 2>&1; done ) &
w=$!
bad=0
runs=0
while kill -0 "$w" 2>/dev/null; do
  "$BIN" --db "$DB" check >"$T/chk" 2>&1 || { bad=$((bad + 1)); echo "  check during writes: $(head -3 "$T/chk")"; }
  runs=$((runs + 1))
done
wait "$w"
chk '[[ $bad -eq 0 && $runs -gt 3 ]]' "check reported differences while another process wrote ($bad of $runs runs)"
# 4. a write lock held by another process
python3 - "$DB" "$T/locked" <<'PY' &
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN IMMEDIATE")
open(sys.argv[2], "w").close()
time.sleep(8)
c.execute("ROLLBACK")
PY
holder=$!
for _ in $(seq 100); do [[ -f $T/locked ]] && break; sleep 0.05; done
start=$(date +%s%N)
MARQUE_LOCK_TIMEOUT=2 "$BIN" --db "$DB" hand --no-prompt taker=Ben contract=prise oudlers=1 points=50 >/dev/null 2>"$T/wait.err" &
m=$!
sleep 1.5  # the message comes once the wait has lasted a second
chk 'grep -q "waiting for another process" "$T/wait.err"' "no message while waiting for the lock: $(cat "$T/wait.err")"
wait "$m"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
chk '[[ $rc -eq 75 && $ms -ge 1500 && $ms -lt 6000 ]]' "waiting for the lock: exit $rc after $ms ms (want 75 after about 2 s): $(cat "$T/wait.err")"
"$BIN" --db "$DB" score >/dev/null 2>"$T/r.err"
chk '[[ $? -eq 0 ]]' "a reading command is blocked by a writer: $(cat "$T/r.err")"
wait "$holder"
echo "many_processes: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
