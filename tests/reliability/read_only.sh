#!/usr/bin/env bash
# A database on a read-only mount, or a read-only file: reading commands work (the file is opened read-only,
# immutable when its folder cannot be written), writing commands are refused clearly (exit 73), nothing is
# changed. Run as root, the reading process drops to nobody (root ignores file modes).
# Usage: read_only.sh MARQUE_BIN
set -u
BIN=$1
T=$(mktemp -d)
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
chmod 755 "$T"
export XDG_DATA_HOME=$T
pass=0
fail=0
chk() { if eval "$1"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $2"; fi; }
as_reader() { "$@"; }
if [[ $(id -u) -eq 0 ]]; then
  command -v setpriv >/dev/null || { echo "read_only: needs setpriv when run as root"; exit 77; }
  as_reader() { setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/nonexistent "$@"; }
fi
mk() {
  "$BIN" --db "$1" start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null || exit 1
  "$BIN" --db "$1" hand --no-prompt taker=Ben contract=garde oudlers=2 points=50 >/dev/null || exit 1
  "$BIN" --db "$1" hand --no-prompt taker=Cat contract=prise oudlers=1 points=45 >/dev/null || exit 1
}
# 1. a read-only folder (as on a read-only mount) holding a read-only file
mkdir "$T/ro"
mk "$T/ro/club.db"
chmod 444 "$T/ro/club.db"
chmod 555 "$T/ro"
# the folder as the writer left it: the database, and its -wal (empty) and -shm, which marque keeps between commands
sum=$(cd "$T/ro" && sha256sum club.db*)
files=$(ls -l --time-style=+%s.%N "$T/ro")
for cmd in "score" "standings" "check" "export --all" "stats" "games" "sheet"; do
  as_reader "$BIN" --db "$T/ro/club.db" $cmd >"$T/out" 2>&1
  rc=$?
  chk '[[ $rc -eq 0 ]]' "read-only folder: $cmd: exit $rc: $(head -c 300 "$T/out")"
done
as_reader "$BIN" --db "$T/ro/club.db" hand --no-prompt taker=Ben contract=garde oudlers=2 points=50 >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 73 ]] && grep -q "read-only" "$T/out"' "read-only folder: hand: exit $rc: $(head -c 300 "$T/out")"
chk '[[ "$(cd "$T/ro" && sha256sum club.db*)" == "$sum" && "$(ls -l --time-style=+%s.%N "$T/ro")" == "$files" ]]' \
  "the read-only database or its folder changed: $(ls "$T/ro")"
# 2. a read-only file in a folder anyone can write
mkdir "$T/rw"
mk "$T/rw/club.db"
chmod 444 "$T/rw/club.db"
chmod 777 "$T/rw"
for cmd in "score" "standings" "check"; do
  as_reader "$BIN" --db "$T/rw/club.db" $cmd >"$T/out" 2>&1
  rc=$?
  chk '[[ $rc -eq 0 ]]' "read-only file: $cmd: exit $rc: $(head -c 300 "$T/out")"
done
as_reader "$BIN" --db "$T/rw/club.db" hand --no-prompt taker=Ben contract=garde oudlers=2 points=50 >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 73 ]] && grep -q "read-only" "$T/out"' "read-only file: hand: exit $rc: $(head -c 300 "$T/out")"
# 3. a read-only folder whose database still has committed data in its write-ahead log (its writer was killed;
# no -shm can be made): the reader sees the last commit
mkdir "$T/wal"
mk "$T/wal/club.db"
python3 - "$T/wal/club.db" <<'PY'
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA wal_autocheckpoint = 0")
c.execute("UPDATE players SET name = 'Annabel' WHERE name = 'Ann'")
os._exit(0)  # no checkpoint: the rename is only in club.db-wal
PY
rm -f "$T/wal/club.db-shm"
chmod 555 "$T/wal"
chk '[[ -s "$T/wal/club.db-wal" ]]' "setup: no write-ahead log left"
as_reader "$BIN" --db "$T/wal/club.db" player list >"$T/out" 2>&1
rc=$?
chk '[[ $rc -eq 0 ]] && grep -q Annabel "$T/out"' "read-only folder with a write-ahead log: exit $rc: $(head -c 300 "$T/out")"
echo "read_only: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
