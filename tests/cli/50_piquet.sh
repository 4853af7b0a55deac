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
# guided entry at a terminal (script gives marque a pseudo-terminal): a detail deal (P-1), a redeal and a totals deal
# entered through the prompts alone
if command -v script >/dev/null; then
  GQ="$T/piquet_guided.db"
  expect_exit 0 "$BIN" --db "$GQ" start piquet players=Ann,Ben elder=Ann
  # detail (Enter), no redeal, no carte blanche, point Ann 5, quart major, Ben quatorze of tens and trio of queens,
  # Ann 7 tricks, play 9 and 6, store
  printf '\n\n\nAnn\n5\nAnn\nquart:A\nBen\nquatorze:10,trio:Q\n7\n9\n6\ny\n' |
    script -qec "$BIN --db $GQ hand" /dev/null >"$T/pq_tty1.out" 2>&1
  grep -q 'dealer Ben' "$T/pq_tty1.out" && ok || { bad "piquet guided: no expected dealer"; head -20 "$T/pq_tty1.out"; }
  grep -q 'Who won the sequences' "$T/pq_tty1.out" && ok || bad "piquet guided: sequences not asked"
  grep -q 'preview: Ann 28: point 5, quart major, the cards; Ben 23: quatorze of tens, trio of queens' "$T/pq_tty1.out" && ok ||
    { bad "piquet guided: preview"; grep -a preview "$T/pq_tty1.out"; }
  # a misdeal: Ann deals again
  printf '\ny\nexposed card\ny\n' | script -qec "$BIN --db $GQ hand" /dev/null >"$T/pq_tty2.out" 2>&1
  grep -q 'Why was it void' "$T/pq_tty2.out" && ok || { bad "piquet guided: redeal reason not asked"; tail -5 "$T/pq_tty2.out"; }
  grep -q 'preview: redeal (exposed card): Ann deals again' "$T/pq_tty2.out" && ok || { bad "piquet guided: redeal words"; grep -a preview "$T/pq_tty2.out"; }
  # a totals deal: Ben is elder (Ann deals), asked first
  printf 'totals\n20\n13\ny\n' | script -qec "$BIN --db $GQ hand" /dev/null >"$T/pq_tty3.out" 2>&1
  "$BIN" --db "$GQ" score --format json >"$T/pq_guided.json"
  pq_at() { sqlite3 :memory: "SELECT json_extract(CAST(readfile('$T/pq_guided.json') AS TEXT), '\$.$1')"; }
  [[ "$(pq_at 'hands[0].deltas.Ann')/$(pq_at 'hands[0].deltas.Ben')" == "28/23" ]] && ok || bad "piquet guided: deal 1 not 28/23"
  [[ "$(pq_at 'hands[1].breakdown.entry')/$(pq_at 'hands[1].dealer')" == "redeal/Ann" ]] && ok || bad "piquet guided: deal 2 not a redeal"
  [[ "$(pq_at 'hands[2].deltas.Ann')/$(pq_at 'hands[2].deltas.Ben')" == "13/20" ]] && ok || bad "piquet guided: deal 3 not 13/20"
  [[ "$(pq_at 'totals.Ann')/$(pq_at 'totals.Ben')" == "41/43" ]] && ok || bad "piquet guided: totals not 41/43"
  "$BIN" --db "$GQ" show 1 | grep -q 'sequences elder, 4 cards to the A' && ok ||
    { bad "piquet guided: sequences not stored"; "$BIN" --db "$GQ" list; }
fi
