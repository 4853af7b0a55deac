#!/usr/bin/env bash
# The files around a club's night, attacked from outside (issue #30, "Files and inputs"):
#  - marque site DIR and marque manual --dir DIR never follow a link planted in DIR nor write outside it;
#  - restores in the same second keep every safety copy, and leave no -wal or -shm beside the backup they read;
#  - a command waiting for another process's lock says so only after a second, and not with --quiet;
#  - a Tab (marque complete) never upgrades a database nor waits for a lock;
#  - a damaged game row is listed by `games` (exit 65 naming it, not 70); `check` checks the change log.
# Usage: files_attack.sh MARQUE_BIN SOURCE_DIR
set -u
BIN=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T/data
pass=0
fail=0
chk() { if eval "$1"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $2"; fi; }
no_crash() { ! grep -qi "internal error\|terminate\|what()" "$1"; }
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
DB=$T/club.db
"$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
"$BIN" --db "$DB" hand --no-prompt taker=Ben contract=garde oudlers=2 points=50 >/dev/null || exit 1
"$BIN" --db "$DB" game close 1 >/dev/null || exit 1

# 1. the site's folder holds planted links: a link to a file outside, a dangling link, a hard link
S=$T/site
mkdir -p "$S"
echo secret >"$T/outside.txt"
echo keep >"$T/hard.txt"
ln -s "$T/outside.txt" "$S/index.html"
ln -s "$T/created.txt" "$S/game-1.html"
ln "$T/hard.txt" "$S/player-1.html"
"$BIN" --db "$DB" site "$S" >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 0 ]] && no_crash "$T/out"' "site with planted links: exit $rc: $(cat "$T/out")"
chk '[[ $(cat "$T/outside.txt") == secret ]]' "site wrote through a link to a file outside its folder"
chk '[[ ! -e $T/created.txt ]]' "site created a file outside its folder through a dangling link"
chk '[[ $(cat "$T/hard.txt") == keep ]]' "site wrote through a hard link to a file outside its folder"
chk '[[ ! -L $S/index.html && ! -L $S/game-1.html ]] && grep -q "<html" "$S/index.html" "$S/game-1.html"' "the site's pages are not its own files"
chk '[[ $(ls -A "$S" | grep -c "\.tmp-") -eq 0 ]]' "site left temporary files: $(ls -A "$S")"
# a folder where a page goes: refused before any page is written
S2=$T/site2
mkdir -p "$S2/index.html"
"$BIN" --db "$DB" site "$S2" >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 73 ]] && grep -q "site2/index.html is a folder" "$T/out" && [[ $(ls -A "$S2") == index.html ]]' "site over a folder named index.html: exit $rc: $(cat "$T/out"); $(ls -A "$S2")"
# marque manual --dir: the same
M=$T/man
mkdir -p "$M"
ln -s "$T/outside.txt" "$M/marque.1"
"$BIN" manual --dir "$M" >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 0 && $(cat "$T/outside.txt") == secret && ! -L $M/marque.1 ]]' "manual --dir wrote through a planted link: $(cat "$T/out")"

# 2. restores in the same second: every safety copy kept, the first holds the database as it was
"$BIN" --db "$DB" backup "$T/one.db" >/dev/null || exit 1
"$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1  # two games now, one in the backup
cp "$T/one.db" "$T/keep.db"
for i in 1 2 3; do "$BIN" --db "$DB" restore "$T/one.db" --yes >"$T/r$i.out" 2>&1 || echo "restore $i: $(cat "$T/r$i.out")"; done
copies=$(ls "$DB".pre-restore-*.bak 2>/dev/null | wc -l)
chk '[[ $copies -eq 3 ]]' "three restores kept $copies safety copies: $(ls "$T")"
first=$(sed -E 's/.*kept as (.*)\)$/\1/' "$T/r1.out")
chk '[[ -f $first && $(sqlite3 "$first" "SELECT count(*) FROM games") -eq 2 ]]' "the first safety copy ($first) is not the database restored over"
chk '[[ ! -e $T/one.db-wal && ! -e $T/one.db-shm ]]' "restore left a -wal or -shm beside the backup: $(ls "$T")"
chk 'cmp -s "$T/one.db" "$T/keep.db"' "restore changed the backup it read"
chk '[[ $("$BIN" --db "$DB" games --format json | grep -o "\"id\"" | wc -l) -eq 1 ]]' "the restored database is not the backup"
# a backup that is not a file: a folder, a named pipe (SQLite would wait on it forever), a device
mkfifo "$T/pipe.db"
for bad in "$T" "$T/pipe.db" /dev/zero; do
  cp "$DB" "$T/before.db"
  timeout 10 "$BIN" --db "$DB" restore "$bad" --yes >"$T/out" 2>&1
  rc=$?
  chk '[[ $rc -eq 66 || $rc -eq 65 ]] && grep -q "nothing was restored" "$T/out" && cmp -s "$DB" "$T/before.db" && no_crash "$T/out"' "restore from $bad: exit $rc: $(cat "$T/out")"
done

# 3. a write lock held by another process: a short one is waited for in silence; a long one is told after a second
hold() { # seconds flag-file: holds the write lock of $DB
  python3 - "$DB" "$2" "$1" <<'PY' &
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
c.execute("BEGIN IMMEDIATE")
open(sys.argv[2], "w").close()
time.sleep(float(sys.argv[3]))
c.execute("ROLLBACK")
PY
  holder=$!
  for _ in $(seq 200); do [[ -f $2 ]] && break; sleep 0.05; done
}
hold 0.4 "$T/l1"
"$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null 2>"$T/w1.err"
rc=$?
wait "$holder"
chk '[[ $rc -eq 0 && ! -s $T/w1.err ]]' "a lock held 0.4 s: exit $rc, said: $(cat "$T/w1.err")"
hold 8 "$T/l2"
start=$(date +%s%N)
MARQUE_LOCK_TIMEOUT=3 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null 2>"$T/w2.err" &
m=$!
sleep 0.5
chk '[[ ! -s $T/w2.err ]]' "told of a wait after half a second: $(cat "$T/w2.err")"
sleep 1.2
chk 'grep -q "waiting for another process" "$T/w2.err"' "no message after waiting 1.7 s: $(cat "$T/w2.err")"
wait "$m"
rc=$?
chk '[[ $rc -eq 75 ]]' "waiting for the lock: exit $rc (want 75)"
MARQUE_LOCK_TIMEOUT=2 "$BIN" --quiet --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null 2>"$T/w3.err"
rc=$?
chk '[[ $rc -eq 75 ]] && ! grep -q "waiting" "$T/w3.err"' "--quiet: exit $rc, said: $(cat "$T/w3.err")"
wait "$holder"

# 4. a Tab on an old database: no upgrade, no backup made; on a locked one: no wait
OLD=$T/old.db
sqlite3 "$OLD" <"$SRC/tests/fixtures/v4-season.sql"
start=$(date +%s%N)
"$BIN" --db "$OLD" complete _stats _ >"$T/c.out" 2>&1
rc=$?
chk '[[ $rc -eq 0 && $(sqlite3 "$OLD" "PRAGMA user_version") -eq 4 ]] && ! ls "$OLD".pre-v* >/dev/null 2>&1' "a Tab upgraded the old database: exit $rc, version $(sqlite3 "$OLD" "PRAGMA user_version"), $(ls "$T")"
chk 'grep -q "^Ann" "$T/c.out"' "a Tab on an old database offers no player: $(head -5 "$T/c.out")"
DB=$OLD hold 6 "$T/l3"
start=$(date +%s%N)
"$BIN" --db "$OLD" complete _stats _ >"$T/c.out" 2>&1
rc=$?
ms=$(ms_since "$start")
chk '[[ $rc -eq 0 && $ms -lt 1500 ]] && ! grep -q waiting "$T/c.out"' "a Tab on a locked database: exit $rc after $ms ms: $(head -3 "$T/c.out")"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
chk '[[ $(sqlite3 "$OLD" "PRAGMA user_version") -eq 4 ]]' "the old database was upgraded"

# 5. a damaged game row (its meta not an object of texts): games lists the others and names it, exit 65
D=$T/damaged.db
"$BIN" --db "$D" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
"$BIN" --db "$D" start tarot players=Ann,Ben,Cat,Eve dealer=Ann >/dev/null || exit 1
sqlite3 "$D" "UPDATE games SET meta = '{\"date\":5}' WHERE id = 1"
"$BIN" --db "$D" games >"$T/g.out" 2>"$T/g.err"
rc=$?
chk '[[ $rc -eq 65 ]] && grep -q "game 1: the stored meta is damaged" "$T/g.err" && grep -q "Eve" "$T/g.out" && no_crash "$T/g.err"' "games with a damaged row: exit $rc: $(cat "$T/g.out" "$T/g.err")"
"$BIN" --db "$D" games --format json >"$T/g.out" 2>"$T/g.err"
rc=$?
chk '[[ $rc -eq 65 ]] && grep -q "\"damaged\"" "$T/g.out"' "games --format json with a damaged row: $(cat "$T/g.err")"
"$BIN" --db "$D" score 1 >"$T/g.out" 2>&1
rc=$?
chk '[[ $rc -eq 65 ]] && grep -q "game 1: the stored meta is damaged" "$T/g.out" && no_crash "$T/g.out"' "score of a damaged row: exit $rc: $(cat "$T/g.out")"

# 6. a damaged change-log row (an undone hand whose record is no longer JSON): check finds it before redo does
C=$T/changes.db
"$BIN" --db "$C" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
"$BIN" --db "$C" hand --no-prompt taker=Ben contract=garde oudlers=2 points=50 >/dev/null || exit 1
"$BIN" --db "$C" undo >/dev/null || exit 1
"$BIN" --db "$C" check >"$T/k.out" 2>&1
rc=$?
chk '[[ $rc -eq 0 ]]' "check on a sound change log: $(cat "$T/k.out")"
python3 - "$C" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("PRAGMA ignore_check_constraints = 1")
c.execute("UPDATE changes SET after = CAST(X'7B2274616B6572223A2242FF6E227D' AS TEXT) WHERE action = 'add'")  # {"taker":"B\xffn"}
c.commit()
PY
"$BIN" --db "$C" check >"$T/k.out" 2>&1
rc=$?
chk '[[ $rc -eq 1 ]] && grep -q "game 1 change [0-9]* (add): the stored after is damaged" "$T/k.out" && no_crash "$T/k.out"' "check on a damaged change-log row: exit $rc: $(cat "$T/k.out")"
before=$(sqlite3 "$C" "SELECT count(*) FROM changes")
"$BIN" --db "$C" redo >"$T/k.out" 2>&1
rc=$?
chk '[[ $rc -eq 65 ]] && grep -q "cannot redo the added hand 1: its record in the change log is damaged" "$T/k.out" && [[ $(sqlite3 "$C" "SELECT count(*) FROM changes") -eq $before ]]' "redo of a damaged change: exit $rc: $(cat "$T/k.out")"
# a database that is not a file: refused naming it, before SQLite opens it
for bad in "$T" "$T/pipe.db" /dev/zero; do
  timeout 10 "$BIN" --db "$bad" games >"$T/out" 2>&1
  rc=$?
  chk '[[ $rc -eq 73 ]] && grep -q "the database $bad is" "$T/out"' "--db $bad: exit $rc: $(cat "$T/out")"
done
echo "files_attack: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
