#!/usr/bin/env bash
# Two processes add hands to the same game of the same database at once: every hand is stored, none twice,
# and nobody sees "database is locked". Usage: two_writers.sh MARQUE_BIN [HANDS_EACH]
set -u
BIN=$1
N=${2:-150}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T
DB=$T/w.db
"$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
writer() {
  local who=$1
  for i in $(seq "$N"); do
    "$BIN" --db "$DB" hand --no-prompt taker="$who" contract=prise oudlers=1 points=$((40 + i % 20)) note="$who-$i" >/dev/null 2>>"$T/err-$who" \
      || echo "$who-$i failed" >>"$T/err-$who"
  done
}
writer Ann & a=$!
writer Ben & b=$!
wait $a $b
fail=0
total=$(sqlite3 "$DB" "SELECT count(*) FROM hands")
distinct=$(sqlite3 "$DB" "SELECT count(DISTINCT json_extract(record, '$.note')) FROM hands")
[[ $total -eq $((2 * N)) ]] || { echo "FAIL: $total hands stored, want $((2 * N))"; fail=1; }
[[ $distinct -eq $((2 * N)) ]] || { echo "FAIL: $distinct distinct hands, want $((2 * N))"; fail=1; }
if grep -qi "locked\|busy" "$T"/err-* 2>/dev/null; then echo "FAIL: a writer saw: $(grep -hi 'locked\|busy' "$T"/err-* | head -1)"; fail=1; fi
"$BIN" --db "$DB" check >/dev/null || { echo "FAIL: check"; fail=1; }
[[ $fail -eq 0 ]] && echo "two_writers: 1 passed, 0 failed" || echo "two_writers: 0 passed, 1 failed"
exit $fail
