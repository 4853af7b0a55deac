#!/usr/bin/env bash
# Hostile input: every file of a generated corpus (wrong types, missing fields, huge numbers, deep nesting,
# invalid UTF-8, 10 MB strings ...) is refused by import with exit 1 and a message, and the database is
# byte-for-byte unchanged. Usage: malformed.sh MARQUE_BIN GEN_BIN
set -u
BIN=$1
GEN=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T
DB=$T/m.db
"$GEN" tarot 20 "$T/good.json" && "$BIN" --db "$DB" import "$T/good.json" >/dev/null || exit 1
sqlite3 "$DB" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
"$GEN" malformed "$T/corpus" >/dev/null
before=$(sha256sum "$DB" | cut -d' ' -f1)
pass=0
fail=0
for f in "$T"/corpus/*.json; do
  "$BIN" --db "$DB" import "$f" >"$T/out" 2>"$T/err"
  rc=$?
  if [[ $rc -ne 1 ]]; then fail=$((fail + 1)); echo "FAIL: $(basename "$f"): exit $rc: $(head -c 300 "$T/err")"; continue; fi
  # read by bash itself (two greps a file were 800 processes)
  err=
  IFS= read -r -d '' err <"$T/err"
  lower=${err,,}
  if [[ $err != *"marque: error: "* || $lower == *"internal error"* || $lower == *terminate* || $lower == *"what()"* ]]; then
    fail=$((fail + 1)); echo "FAIL: $(basename "$f"): no clear message: $(head -c 300 "$T/err")"; continue
  fi
  pass=$((pass + 1))
done
sqlite3 "$DB" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
after=$(sha256sum "$DB" | cut -d' ' -f1)
if [[ $before != "$after" ]]; then fail=$((fail + 1)); echo "FAIL: the database changed"; else pass=$((pass + 1)); fi
echo "malformed: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
