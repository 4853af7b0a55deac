# piquet: start, deals by command line, rejection, edit/undo, sheet, rubicon partie (sourced by run.sh)
PQ="$T/piquet.db"
expect_exit 0 "$BIN" --db "$PQ" start piquet players=Ann,Ben elder=Ann && expect_out 'first dealer: Ben'
# Cavendish's deal (P-1): Ann elder 28, Ben 23
expect_exit 0 "$BIN" --db "$PQ" hand point=Ann:5:49 seq=Ann:quart:A sets=Ben:quatorze:10,trio:Q tricks=Ann:7 play=Ann:9,Ben:6 &&
  expect_out 'deltas: Ann \+28  Ben \+23' && expect_out 'next dealer: Ann'
# a rejected deal: play points impossible with 7 tricks to 5; nothing stored
"$BIN" --db "$PQ" score --format json >"$T/pq_before.json"
expect_exit 1 "$BIN" --db "$PQ" hand point=Ben:5 seq=none sets=none tricks=Ben:7 play=Ben:10,Ann:5 && expect_err 'play_points' &&
  expect_err 'cannot arise'
"$BIN" --db "$PQ" score --format json >"$T/pq_after.json"
if cmp -s "$T/pq_before.json" "$T/pq_after.json"; then ok; else bad "piquet: score changed after a rejected deal"; fi
# five aces are refused (C-1)
expect_exit 1 "$BIN" --db "$PQ" hand point=Ben:5 seq=Ben:quint:A sets=Ann:quatorze:A tricks=Ben:7 play=Ben:9,Ann:6 &&
  expect_err 'rank A'
# wrong dealer (V-D1)
expect_exit 1 "$BIN" --db "$PQ" hand dealer=Ben point=Ben:5 tricks=Ben:7 play=Ben:9,Ann:6 && expect_err 'dealer'
# unknown key
expect_exit 1 "$BIN" --db "$PQ" hand pointt=Ben:5 && expect_err "unknown field 'pointt'"
# Ben elder pique (P-3 numbers)
expect_exit 0 "$BIN" --db "$PQ" hand point=Ben:5:51 seq=Ben:quint:A sets=Ben:trio:A tricks=Ben:7 play=Ben:8,Ann:6 &&
  expect_out 'deltas: Ann \+6  Ben \+71' && expect_out 'totals: Ann 34  Ben 94'
# the ambiguous pique needs pique=yes|no
expect_exit 1 "$BIN" --db "$PQ" hand point=Ann:5:51 seq=Ann:quint:A sets=Ann:trio:A tricks=Ann:8 play=Ann:10,Ben:5 &&
  expect_err 'pique'
# edit deal 2 (play points corrected: no pique any more), then undo
expect_exit 0 "$BIN" --db "$PQ" edit 2 play=Ben:13,Ann:10 && expect_out 'changed' && expect_out "Ben \\+46"
expect_exit 0 "$BIN" --db "$PQ" undo && expect_out 'totals: Ann 34  Ben 94'
# totals entry; Ben reaches 100 in the play of deal 3 -> game over
expect_exit 0 "$BIN" --db "$PQ" hand totals=Ann:12,Ben:20 && expect_out 'game over' && expect_out '1\. +Ben'
expect_exit 1 "$BIN" --db "$PQ" hand totals=Ann:12,Ben:20 && expect_err 'finished'
expect_exit 0 "$BIN" --db "$PQ" sheet && expect_out 'PIQUET' && expect_out 'Ben wins the game 114 to 46' && expect_out 'PIQUE'
expect_exit 0 "$BIN" --db "$PQ" score --format json && expect_out '"mode": "classic"'

# a rubicon partie of six deals, loser rubiconed (P-9)
expect_exit 0 "$BIN" --db "$PQ" start piquet players=Alice,Bob dealer=Alice mode=rubicon
for d in Alice:15,Bob:30 Alice:75,Bob:4 Alice:45,Bob:6 Alice:32,Bob:12 Alice:6,Bob:38; do
  expect_exit 0 "$BIN" --db "$PQ" hand totals=$d
done
expect_exit 0 "$BIN" --db "$PQ" hand totals=Alice:51,Bob:2 && expect_out 'game over: Alice'
expect_exit 0 "$BIN" --db "$PQ" sheet && expect_out 'Bob rubiconed: \+192' && expect_out 'Alice wins 416'
expect_exit 1 "$BIN" --db "$PQ" start piquet players=Alice,Bob,Carl dealer=Alice && expect_err 'players'
expect_exit 1 "$BIN" --db "$PQ" start piquet players=Alice,Bob dealer=Alice option.mode=chouette && expect_err 'options.mode'
expect_exit 0 "$BIN" rules piquet && expect_out 'play_points' && expect_out 'partie_deals'
# the example night scores through calc
expect_exit 0 "$BIN" calc "$SRC/examples/piquet.json" && expect_out 'PIQUET'
