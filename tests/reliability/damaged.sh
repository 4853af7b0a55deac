#!/usr/bin/env bash
# A damaged database: one flipped byte in a stored record (invalid UTF-8, which PRAGMA integrity_check cannot
# see) and a damaged b-tree page. `check` names the game and hand (exit 1) and reports the integrity result;
# stats, export and sheet refuse with exit 65 naming the game and hand (never an internal error, exit 70);
# the other games stay readable. Usage: damaged.sh MARQUE_BIN GEN_BIN
set -u
BIN=$1
GEN=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T
pass=0
fail=0
chk() { if eval "$1"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $2"; fi; }
no_crash() { ! grep -qi "internal error\|terminate\|what()" "$1"; }
DB=$T/d.db
"$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
for p in 41 52 60; do "$BIN" --db "$DB" hand --no-prompt taker=Ben contract=garde oudlers=2 points=$p >/dev/null || exit 1; done
"$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null
"$BIN" --db "$DB" hand --no-prompt taker=Cat contract=prise oudlers=1 points=45 >/dev/null || exit 1
# statistics read only the games that are over: game 1 closed by decision
"$BIN" --db "$DB" game close 1 >/dev/null || exit 1
# flip one byte of game 1 hand 2's record in the file itself: "Ben" of taker becomes B\xffn
python3 - "$DB" <<'PY'
import sys, sqlite3
db = sys.argv[1]
con = sqlite3.connect(db)
rec = con.execute("SELECT record FROM hands WHERE game_id = 1 AND seq = 2").fetchone()[0]
con.close()
data = bytearray(open(db, 'rb').read())
needle = rec.encode()
at = data.find(needle)
assert at >= 0, "record not found in the file"
i = data.find(b'"Ben"', at, at + len(needle)) + 2
data[i] = 0xff
open(db, 'wb').write(bytes(data))
PY
chk '[[ $(sqlite3 "$DB" "PRAGMA integrity_check") == ok ]]' "the flipped byte should be invisible to integrity_check"
"$BIN" --db "$DB" check >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 1 ]] && grep -q "game 1 hand 2" "$T/out" && no_crash "$T/out"' "check on a damaged record: exit $rc: $(cat "$T/out")"
chk 'grep -q "checked 2 game(s), 4 hand(s)" "$T/out"' "check does not go on after the damaged row: $(cat "$T/out")"
for cmd in "stats" "export --all" "sheet 1" "score 1" "list 1"; do
  "$BIN" --db "$DB" $cmd >"$T/out" 2>&1
  rc=$?
  chk '[[ $rc -eq 65 ]] && grep -q "game 1 hand 2" "$T/out" && no_crash "$T/out"' "$cmd on a damaged record: exit $rc: $(head -c 300 "$T/out")"
done
"$BIN" --db "$DB" score 2 >"$T/out" 2>&1
chk '[[ $? -eq 0 ]]' "another game is no longer readable: $(cat "$T/out")"
"$BIN" --db "$DB" standings >"$T/out" 2>&1
chk '[[ $? -eq 0 ]]' "standings no longer readable: $(cat "$T/out")"

# a damaged b-tree: a page of the hands table overwritten
DB2=$T/b.db
"$GEN" tarot 3000 "$T/big.json" >/dev/null
"$BIN" --db "$DB2" import "$T/big.json" >/dev/null || exit 1
"$BIN" --db "$DB2" game close 1 >/dev/null || exit 1
"$BIN" --db "$DB2" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null
python3 - "$DB2" <<'PY'
import sys, sqlite3
db = sys.argv[1]
con = sqlite3.connect(db)
page_size = con.execute("PRAGMA page_size").fetchone()[0]
pages = con.execute("SELECT pageno FROM dbstat WHERE name = 'hands' AND pagetype = 'leaf' ORDER BY pageno").fetchall()
con.close()
victim = pages[len(pages) // 2][0]
with open(db, 'r+b') as f:
    f.seek((victim - 1) * page_size + 8)
    f.write(b'\xa5' * 200)
PY
"$BIN" --db "$DB2" check >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 1 ]] && grep -q "integrity_check: .*page" "$T/out" && no_crash "$T/out"' "check on a damaged b-tree: exit $rc: $(head -c 600 "$T/out")"
for cmd in "stats" "export --all" "sheet 1"; do
  "$BIN" --db "$DB2" $cmd >"$T/out" 2>&1
  rc=$?
  chk '[[ $rc -eq 65 ]] && grep -q "damaged" "$T/out" && no_crash "$T/out"' "$cmd on a damaged b-tree: exit $rc: $(head -c 300 "$T/out")"
done
"$BIN" --db "$DB2" score 2 >"$T/out" 2>&1
chk '[[ $? -eq 0 ]]' "the undamaged game 2 is no longer readable: $(head -c 300 "$T/out")"
echo "damaged: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
