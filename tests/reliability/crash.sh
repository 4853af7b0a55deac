#!/usr/bin/env bash
# Crash safety: SIGKILL marque at random moments during a large import and during hand edits, many times.
# After each kill: PRAGMA integrity_check is ok, the interrupted command is all there or not at all, every
# hand committed before is intact, and `marque check` recomputes every stored score identically.
# Usage: crash.sh MARQUE_BIN GEN_BIN
set -u
BIN=$1
GEN=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T
DB=$T/c.db
pass=0
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
count() { sqlite3 "$DB" "SELECT count(*) FROM hands" 2>/dev/null; }
integrity() { sqlite3 "$DB" "PRAGMA integrity_check" 2>/dev/null; }

"$GEN" tarot 300 "$T/base.json"
"$GEN" tarot 30000 "$T/big.json"
"$BIN" --db "$DB" import "$T/base.json" >/dev/null || { echo "setup failed"; exit 1; }
base=$(count)
for i in $(seq 8); do
  "$BIN" --db "$DB" import "$T/big.json" >/dev/null 2>&1 &
  pid=$!
  sleep "0.$((RANDOM % 9 + 1))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  [[ $(integrity) == ok ]] && pass=$((pass + 1)) || bad "import kill $i: integrity_check: $(integrity)"
  n=$(count)
  if [[ $n -eq $base || $n -eq $((base + 30000)) ]]; then pass=$((pass + 1)); else bad "import kill $i: $n hands (want $base or $((base + 30000)))"; fi
  base=$n
done
# edits of hand 2 of the 300-hand game (every later score is re-derived in the same transaction)
for i in $(seq 8); do
  pts=$((30 + i))
  "$BIN" --db "$DB" edit 2 --game 1 points=$pts >/dev/null 2>&1 &
  pid=$!
  sleep "0.0$((RANDOM % 9))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  [[ $(integrity) == ok ]] && pass=$((pass + 1)) || bad "edit kill $i: integrity_check"
  "$BIN" --db "$DB" check >/dev/null 2>&1 && pass=$((pass + 1)) || bad "edit kill $i: check found a difference"
done
echo "crash: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
