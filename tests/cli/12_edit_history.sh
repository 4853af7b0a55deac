# edit hand 2 of 10: totals of hands 2..10 change, 1 does not; history shows it; undo/redo; a rejected hand
# changes nothing; delete keeps history (sourced by run.sh; uses the tarot engine)
DB=$T/edit.db
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann
for i in 1 2 3 4 5 6 7 8 9 10; do
  "$BIN" --db "$DB" hand --no-prompt taker=Ben contract=prise oudlers=2 points=$((40 + i)) >/dev/null 2>&1 || bad "hand $i not stored"
done
"$BIN" --db "$DB" score --format json > "$T/before.json"
expect_exit 0 "$BIN" --db "$DB" edit 2 contract=garde && expect_out 'hand 2 changed'
"$BIN" --db "$DB" score --format json > "$T/after.json"
total_of() { # file seq -> Ben's running total after hand seq
  sqlite3 :memory: "SELECT json_extract(CAST(readfile('$1') AS TEXT), '\$.hands[$(($2 - 1))].totals.Ben')"; }
[[ "$(total_of "$T/before.json" 1)" == "$(total_of "$T/after.json" 1)" ]] && ok || bad "hand 1 total changed by an edit of hand 2"
for s in 2 5 10; do
  [[ "$(total_of "$T/before.json" $s)" != "$(total_of "$T/after.json" $s)" ]] && ok || bad "hand $s total did not change after editing hand 2"
done
expect_exit 0 "$BIN" --db "$DB" history && expect_out 'hand 2 edited: prise -> garde'
expect_exit 0 "$BIN" --db "$DB" check && expect_out 'every score recomputes identically'
expect_exit 0 "$BIN" --db "$DB" undo && expect_out 'undid the edit of hand 2'
"$BIN" --db "$DB" score --format json > "$T/undone.json"
cmp -s "$T/before.json" "$T/undone.json" && ok || bad "undo did not restore the scores"
expect_exit 0 "$BIN" --db "$DB" redo && expect_out 'redid the edit of hand 2'
"$BIN" --db "$DB" score --format json > "$T/redone.json"
cmp -s "$T/after.json" "$T/redone.json" && ok || bad "redo did not restore the edit"
# a wrong record: exit 1, names hand, field and rule, nothing stored
cp "$DB" "$T/copy.db" 2>/dev/null
expect_exit 1 "$BIN" --db "$DB" hand --no-prompt taker=Ben contract=garde oudlers=2 points=92.5 && expect_err 'hand 11: points: 92.5 is above 91'
"$BIN" --db "$DB" score --format json > "$T/rejected.json"
cmp -s "$T/redone.json" "$T/rejected.json" && ok || bad "a rejected hand changed the scores"
expect_exit 1 "$BIN" --db "$DB" hand --no-prompt taker=Ben contract=garde oudlers=2 points=92.5 --format json && expect_out '"hand": 11' && expect_out '"field": "points"'
# missing fields without a terminal: an error, never a prompt
expect_exit 1 "$BIN" --db "$DB" hand taker=Ben </dev/null
# delete and undo
expect_exit 0 "$BIN" --db "$DB" delete 3 && expect_out 'hand 3 deleted'
expect_exit 0 "$BIN" --db "$DB" list && expect_out '^10 ' && ! grep -qE '^ 3 ' "$T/out" && ok || bad 'a deleted hand is still listed, or later hands were renumbered'
expect_exit 0 "$BIN" --db "$DB" undo && expect_out 'undid the deletion of hand 3'
"$BIN" --db "$DB" score --format json > "$T/restored.json"
cmp -s "$T/redone.json" "$T/restored.json" && ok || bad "undo of a delete did not restore the game"
# check detects a tampered score
sqlite3 "$DB" "UPDATE postings SET units = units + 1 WHERE rowid IN (SELECT rowid FROM postings LIMIT 1)" 2>/dev/null ||
  sqlite3 "$DB" "UPDATE postings SET units = units + 1 WHERE hand_id = (SELECT min(id) FROM hands) AND position = 0"
expect_exit 1 "$BIN" --db "$DB" check && expect_out 'problem: '
# guided entry at a terminal (script gives marque a pseudo-terminal)
if command -v script >/dev/null; then
  printf 'Cat\ngarde\n1\n45\n\n\n\n\ny\n' | script -qec "$BIN --db $T/guided.db start tarot players=Ann,Ben,Cat,Dan dealer=Ann >/dev/null; $BIN --db $T/guided.db hand" /dev/null > "$T/tty.out" 2>&1
  grep -q 'dealer Ann' "$T/tty.out" && ok || { bad "guided entry: no expected dealer"; head -20 "$T/tty.out"; }
  grep -q 'preview' "$T/tty.out" && ok || bad "guided entry: no preview"
  "$BIN" --db "$T/guided.db" show 1 | grep -q 'taker Cat' && ok || bad "guided entry: hand not stored"
fi
# the sheet shows corrected hands
expect_exit 0 "$BIN" --db "$DB" sheet && expect_out 'Corrections:' && expect_out 'hand 2 edited: prise -> garde'
