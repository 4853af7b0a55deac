#!/usr/bin/env bash
# An untrusted database is code: a database or backup whose schema is not exactly the one marque's migrations
# make (an extra trigger, view or index, a changed table) is refused with exit 65 by every command, check and
# restore included, and runs nothing. restore refuses a damaged backup (b-tree or record text) naming the
# backup, never the current database, and keeps a safety copy of the database it replaces.
# Usage: hostile_db.sh MARQUE_BIN
set -u
BIN=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T
pass=0
fail=0
chk() { if eval "$1"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $2"; fi; }
DB=$T/good.db
"$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
"$BIN" --db "$DB" hand --no-prompt taker=Ben contract=garde oudlers=2 points=50 >/dev/null || exit 1
"$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
"$BIN" --db "$DB" hand --no-prompt taker=Cat contract=prise oudlers=1 points=45 >/dev/null || exit 1
digest() { sqlite3 "$1" "SELECT count(*) || ':' || group_concat(record, '|') FROM hands" 2>&1; }
good=$(digest "$DB")
# SQLite's own statistics (ANALYZE) are not a foreign schema: the database stays usable
A=$T/analyzed.db
cp "$DB" "$A"
sqlite3 "$A" "ANALYZE" || { echo "ANALYZE failed"; exit 1; }
for cmd in "score" "check"; do
  "$BIN" --db "$A" $cmd >"$T/out" 2>&1
  rc=$?
  chk '[[ $rc -eq 0 ]]' "after ANALYZE: $cmd: exit $rc: $(head -c 300 "$T/out")"
done
n=0
for evil in \
  "CREATE TRIGGER wipe AFTER INSERT ON hands BEGIN DELETE FROM games WHERE id <> NEW.game_id; END" \
  "CREATE TRIGGER spin AFTER UPDATE ON games BEGIN UPDATE games SET status = status WHERE id = NEW.id; END" \
  "CREATE VIEW v AS SELECT * FROM games" \
  "CREATE INDEX extra ON hands(record)" \
  "ALTER TABLE players ADD COLUMN secret TEXT" \
  "CREATE TABLE games2(x)"; do
  n=$((n + 1))
  E=$T/evil$n.db
  cp "$DB" "$E"
  sqlite3 "$E" "PRAGMA recursive_triggers = ON; $evil" || { echo "setup $n failed"; exit 1; }
  for cmd in "score" "check" "hand --no-prompt taker=Ben contract=garde oudlers=2 points=50"; do
    timeout 20 "$BIN" --db "$E" $cmd >"$T/out" 2>&1
    rc=$?
    chk '[[ $rc -eq 65 ]] && grep -q "schema" "$T/out"' "evil $n ($evil): $cmd: exit $rc: $(head -c 300 "$T/out")"
  done
  chk '[[ $(sqlite3 "$E" "SELECT count(*) FROM games") -eq 2 ]]' "evil $n: games were deleted"
  # restore of the same file as a backup: refused, naming the backup, the database untouched, no hang
  timeout 20 "$BIN" --db "$DB" restore "$E" --yes >"$T/out" 2>&1
  rc=$?
  chk '[[ $rc -eq 65 ]] && grep -q "backup $E" "$T/out" && grep -q "nothing was restored" "$T/out"' "restore of evil $n: exit $rc: $(head -c 300 "$T/out")"
  chk '[[ "$(digest "$DB")" == "$good" ]]' "restore of evil $n changed the database"
done
# the attack from the issue: after a refused restore the next hand deletes nothing
"$BIN" --db "$DB" hand --game 1 --no-prompt taker=Ann contract=prise oudlers=1 points=45 >/dev/null 2>&1 \
  || "$BIN" --db "$DB" hand --no-prompt taker=Ann contract=prise oudlers=1 points=45 >/dev/null 2>&1
chk '[[ $(sqlite3 "$DB" "SELECT count(*) FROM games") -eq 2 ]]' "a hand after the refused restore deleted games"
good=$(digest "$DB")
# a damaged backup: a b-tree page overwritten
"$BIN" --db "$DB" backup "$T/b1.bak" >/dev/null || exit 1
python3 - "$T/b1.bak" <<'PY'
import sys, sqlite3
db = sys.argv[1]
con = sqlite3.connect(db)
ps = con.execute("PRAGMA page_size").fetchone()[0]
page = con.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'hands'").fetchone()[0]
con.close()
with open(db, 'r+b') as f:
    f.seek((page - 1) * ps + 3)
    f.write(b'\xff\xff\x00\x00\xff' * 20)
PY
"$BIN" --db "$DB" restore "$T/b1.bak" --yes >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 65 ]] && grep -q "backup $T/b1.bak" "$T/out" && ! grep -q "database $DB" "$T/out"' "restore of a damaged backup: exit $rc: $(head -c 300 "$T/out")"
chk '[[ "$(digest "$DB")" == "$good" ]]' "a damaged backup was copied over the database"
# a backup whose record text is damaged (PRAGMA integrity_check sees nothing wrong with the b-tree)
"$BIN" --db "$DB" backup "$T/b2.bak" >/dev/null || exit 1
sqlite3 "$T/b2.bak" "PRAGMA ignore_check_constraints = 1; UPDATE hands SET record = '{\"taker\": ' WHERE id = 1"
"$BIN" --db "$DB" restore "$T/b2.bak" --yes >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 65 ]] && grep -q "backup $T/b2.bak" "$T/out"' "restore of a backup with a damaged record: exit $rc: $(head -c 300 "$T/out")"
chk '[[ "$(digest "$DB")" == "$good" ]]' "a backup with a damaged record was copied over the database"
# a good restore keeps a safety copy of what it replaced
"$BIN" --db "$T/other.db" start coinche players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
"$BIN" --db "$T/other.db" backup "$T/b3.bak" >/dev/null || exit 1
"$BIN" --db "$DB" restore "$T/b3.bak" --yes >"$T/out" 2>&1
rc=$?
safety=$(ls "$DB".pre-restore-*.bak 2>/dev/null | head -1)
chk '[[ $rc -eq 0 && -n "$safety" ]] && grep -q "$safety" "$T/out"' "restore keeps no safety copy: exit $rc: $(cat "$T/out")"
chk '[[ -n "$safety" && "$(digest "$safety")" == "$good" ]]' "the safety copy is not the replaced database"
chk '[[ $(sqlite3 "$DB" "SELECT game FROM games") == coinche ]]' "the backup was not restored"
echo "hostile_db: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
