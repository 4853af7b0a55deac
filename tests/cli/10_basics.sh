# usage, version, database handling (sourced by run.sh)
expect_exit 0 "$BIN" --version && expect_out '^marque [0-9]'
expect_exit 2 "$BIN"
expect_exit 2 "$BIN" frobnicate
expect_exit 0 "$BIN" rules && expect_out '^tarot'
expect_exit 66 "$BIN" score && expect_err 'no database'
echo "not a database at all" > "$T/junk.db"
expect_exit 65 "$BIN" --db "$T/junk.db" games && expect_err 'not a marque database'
sqlite3 "$T/other.db" "CREATE TABLE t(x);" 2>/dev/null && {
  expect_exit 65 "$BIN" --db "$T/other.db" games && expect_err 'not a marque database'
}
expect_exit 0 "$BIN" info && expect_out "$T/data/marque/marque.db"
MARQUE_DB=$T/env.db expect_exit 0 "$BIN" info && expect_out "$T/env.db"
expect_exit 0 "$BIN" --db "$T/flag.db" info && expect_out "$T/flag.db"
printf '{"format":"marque-game/1", "game": ' > "$T/broken.json"
expect_exit 1 "$BIN" calc "$T/broken.json" && expect_err 'not valid JSON'
expect_exit 66 "$BIN" calc "$T/missing.json"
