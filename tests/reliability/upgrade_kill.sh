#!/usr/bin/env bash
# Upgrades are atomic: the schema-4 fixture upgraded by an open, or restored from a backup (then upgraded),
# is killed in the middle of the derivation (fault injection) and at random moments, many times. Every
# outcome is the old database or the fully upgraded one; the next open finishes the job, and the standings
# are those the v4 marque printed and `check` finds nothing. Usage: upgrade_kill.sh MARQUE_BIN SOURCE_DIR [ROUNDS]
set -u
BIN=$1
SRC=$2
ROUNDS=${3:-30}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T
pass=0
fail=0
chk() { if eval "$1"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $2"; fi; }
sqlite3 "$T/v4.db" < "$SRC/tests/fixtures/v4-season.sql"
want=$SRC/tests/fixtures/v4-standings.json
version() { sqlite3 "$1" "PRAGMA user_version"; }
LATEST=$(ls "$SRC"/schema/sql/[0-9][0-9][0-9][0-9]_*.sql | wc -l)  # the schema version this marque makes
seats() { sqlite3 "$1" "SELECT count(*) FROM pragma_table_info('game_players') WHERE name = 'place'"; }
# after an interruption: old (4, no seat columns) or new (LATEST, seat columns derived); then correct standings
verify() {
  local db=$1 what=$2 v
  v=$(version "$db")
  if [[ $v -eq 4 ]]; then
    chk '[[ $(seats "$db") -eq 0 ]]' "$what: version 4 with seat columns"
  else
    chk '[[ $v -eq $LATEST && $(sqlite3 "$db" "SELECT count(*) FROM game_players WHERE place = 0") -eq 0 ]]' "$what: version $v, seats not derived"
  fi
  "$BIN" --db "$db" standings --format json 2>"$T/err" | grep -v generated_at >"$T/st.json"
  chk 'diff -q "$want" "$T/st.json" >/dev/null' "$what: standings differ after the next open: $(diff "$want" "$T/st.json" | head -3) $(head -c 200 "$T/err")"
  "$BIN" --db "$db" check >"$T/check" 2>&1
  chk '[[ $? -eq 0 ]]' "$what: check: $(head -3 "$T/check")"
}
# 1. killed in the middle of the derivation (after the migrations ran)
cp "$T/v4.db" "$T/a.db"
MARQUE_TEST_KILL_IN_UPGRADE=1 "$BIN" --db "$T/a.db" standings >/dev/null 2>&1
rc=$?
chk '[[ $rc -eq 137 ]]' "the fault injection did not kill the upgrade (exit $rc)"
chk '[[ $(version "$T/a.db") -eq 4 ]]' "a killed upgrade left version $(version "$T/a.db"), not the old database"
verify "$T/a.db" "upgrade killed mid-derivation"
# 2. restore of the v4 backup killed in the middle of its upgrade: the restored v4 data, upgraded by the next open
"$BIN" --db "$T/r.db" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
MARQUE_TEST_KILL_IN_UPGRADE=1 "$BIN" --db "$T/r.db" restore "$T/v4.db" --yes >/dev/null 2>&1
chk '[[ $? -eq 137 ]]' "the fault injection did not kill the restore"
verify "$T/r.db" "restore killed mid-upgrade"
# 3. random kills
for i in $(seq "$ROUNDS"); do
  cp "$T/v4.db" "$T/k.db"
  rm -f "$T"/k.db-* "$T"/k.db.pre-*
  "$BIN" --db "$T/k.db" standings >/dev/null 2>&1 &
  pid=$!
  sleep "0.0$((RANDOM % 30))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  verify "$T/k.db" "upgrade kill $i"
  rm -f "$T"/r2.db*
  "$BIN" --db "$T/r2.db" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
  "$BIN" --db "$T/r2.db" restore "$T/v4.db" --yes >/dev/null 2>&1 &
  pid=$!
  sleep "0.0$((RANDOM % 30))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [[ $(sqlite3 "$T/r2.db" "SELECT count(*) FROM games") -eq 1 ]]; then
    pass=$((pass + 1))  # killed before the copy: the old database, intact
  else
    verify "$T/r2.db" "restore kill $i"
  fi
done
echo "upgrade_kill: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
