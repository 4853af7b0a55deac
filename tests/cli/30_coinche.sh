# Coinche end to end through the binary (sourced by run.sh): start with seats, hands in the one-line syntax,
# rejected hands that change nothing, a redeal, a dealer warning, edit/undo, the Nous/Eux sheet, game over.
CDB=(--db "$T/coinche.db")

expect_exit 0 "$BIN" rules coinche && expect_out 'success_threshold' && expect_out 'bidder_card_points'

# bad set-ups
expect_exit 1 "$BIN" --db "$T/coinche-bad.db" start coinche N=Nina E=Emil S=Sara dealer=W && expect_err 'seats.W'
expect_exit 1 "$BIN" --db "$T/coinche-bad.db" start coinche N=Nina E=Emil S=Sara W=Will dealer=W option.rounding=up \
  && expect_err 'options.rounding' && expect_err 'none, half_up, six_up'
expect_exit 1 "$BIN" --db "$T/coinche-bad.db" start coinche N=Nina E=Emil S=Sara W=Will dealer=Q && expect_err 'first_dealer'
expect_exit 1 "$BIN" --db "$T/coinche-bad.db" start coinche N=Nina E=Emil S=Sara W=Will dealer=W starting_totals=NS:1200 target=1000 \
  && expect_err 'starting_totals.NS'

# start: seats, first dealer W, target 1000
expect_exit 0 "$BIN" "${CDB[@]}" start coinche N=Nina E=Emil S=Sara W=Will dealer=W target=1000 --league "Thursday club" \
  && expect_out 'Nina, Emil, Sara, Will' && expect_out 'first dealer: Will'

# hand 1 (spec E4): 90♦ by S coinched by E, 95 card points, last trick, belote S -> NS 340, EW 57
expect_exit 0 "$BIN" "${CDB[@]}" hand bidder=S bid=90 trump=D coinche=E points=95 last=bidders belote=S \
  && expect_out 'hand: +NS \+340  EW \+57' && expect_out 'Nous / Eux: NS 340  EW 57' \
  && expect_out 'totals: Nina 340  Emil 57  Sara 340  Will 57' && expect_out 'next dealer: Nina'

# rejected hands: exit 1, hand number, field and rule; nothing stored
"$BIN" "${CDB[@]}" score --format json > "$T/coinche-before.json"
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=N bid=85 trump=S points=72 last=bidders \
  && expect_err 'hand 2: bid: bids go up in steps of 10 from 80 \(got 85\)' && expect_err 'nothing was stored'
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=N bid=80 trump=S points=151 last=bidders \
  && expect_err 'bidder_card_points: 151 card points is impossible'
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=N bid=80 trump=S coinche=S points=72 last=bidders \
  && expect_err "coinched_by: only an opponent of the bidder can coinche: S is the bidder's partner"
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=N bid=80 trump=S points=72 last=bidders annonce=E:carre:8 \
  && expect_err 'announcements: .*carré of 8s is not an announcement'
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=N bid=80 trump=S points=72 last=bidders belote=N annonce=E:tierce:S:K \
  && expect_err 'is claimed by both'
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=N bid=80 trump=S points=72 last=bidders surcoinche=E \
  && expect_err 'surcoinched_by'
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=N bid=80 trump=S pts=72 last=bidders && expect_err "unknown key 'pts'" \
  && expect_err 'points'
# a suggestion comes from the list of keys, never from the words that announce it ("the keys are"): 'made' is
# close to "are", but no key
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=N bid=80 trump=S points=72 last=bidders made=yes &&
  expect_err "unknown key 'made'" && if grep -q "did you mean 'are'" "$T/err"; then bad "suggested the word 'are'"; else ok; fi
expect_exit 1 "$BIN" "${CDB[@]}" hand --format json bidder=N bid=85 trump=S points=72 last=bidders \
  && expect_out '"code": "C04"' && expect_out '"field": "bid"'
"$BIN" "${CDB[@]}" score --format json > "$T/coinche-after.json"
if cmp -s "$T/coinche-before.json" "$T/coinche-after.json"; then ok; else bad "coinche: a rejected hand changed the score"; fi

# hand 2: all pass, the deal moves on
expect_exit 0 "$BIN" "${CDB[@]}" hand redeal=all_pass && expect_out 'Nous / Eux: NS 340  EW 57' && expect_out 'next dealer: Emil'

# hand 3: the wrong dealer typed (W01 warning, stored); 100♥ by Emil with 101 points fails (bid + 2)
expect_exit 0 "$BIN" "${CDB[@]}" hand dealer=N bidder=Emil bid=100H points=91 last=bidders \
  && expect_out 'hand: +NS \+260  EW 0' && expect_out 'Nous / Eux: NS 600  EW 57' && expect_err 'expected E \(Emil\) to deal'

# edit hand 3: 100 card points -> made (EW 210, NS 52); undo restores it
expect_exit 0 "$BIN" "${CDB[@]}" edit 3 bidder_card_points=100 && expect_out 'Nous / Eux: NS 392  EW 267'
expect_exit 0 "$BIN" "${CDB[@]}" undo && expect_out 'undid'
expect_exit 0 "$BIN" "${CDB[@]}" score && expect_out 'Nous / Eux: NS 600  EW 57'

# hand 4: 120♠ by N made with 130 (+10) -> NS 260, EW 22
expect_exit 0 "$BIN" "${CDB[@]}" hand bidder=Nina bid=120 trump=S points=130 last=NS \
  && expect_out 'Nous / Eux: NS 860  EW 79' && expect_out 'next dealer: Sara'

# the sheet: Nous / Eux columns, the contract noted, the redeal line
expect_exit 0 "$BIN" "${CDB[@]}" sheet && expect_out 'Nous = N/S \(Nina & Sara\), Eux = E/W \(Emil & Will\)' \
  && expect_out '90♦ +S +C \(x2\)' && expect_out 'dedans' && expect_out 'all pass - redeal' && expect_out 'In progress: NOUS 860 - EUX 79'

# hand 5 ends the game (NS 1030 >= 1000); a further hand is refused
expect_exit 0 "$BIN" "${CDB[@]}" hand bidder=S bid=80 trump=C points=80 last=bidders && expect_out 'game over' \
  && expect_out 'game over: ' && expect_out 'NS \(Nina'
expect_exit 1 "$BIN" "${CDB[@]}" hand bidder=S bid=80 trump=C points=80 last=bidders && expect_err 'game over'
expect_exit 0 "$BIN" "${CDB[@]}" score --format json && expect_out '"team_totals"' && expect_out '"NS": 1030' \
  && expect_out '"finished": true'
expect_exit 0 "$BIN" "${CDB[@]}" sheet && expect_out 'Winner: NOUS \(NS\) - NOUS 1030 - EUX 151'

# the example night scores through calc
expect_exit 0 "$BIN" calc "$SRC/examples/coinche.json" && expect_out 'Winner'
expect_exit 0 "$BIN" calc "$SRC/examples/coinche.json" --format json && expect_out '"finished": true'

# guided entry at a terminal (script gives marque a pseudo-terminal): three hands by the prompts alone
if command -v script >/dev/null; then
  GDB="$T/coinche-guided.db"
  "$BIN" --db "$GDB" start coinche N=Nina E=Emil S=Sara W=Will dealer=W >/dev/null
  # hand 1 (spec E4): dealer W and "played" taken by Enter; S 90♦, coinched by E, no surcoinche; 95 points,
  # last trick to the bidders, belote S, no announcements; stored -> NS 340, EW 57
  printf '\n\nS\n90\nD\nE\n\n95\nbidders\nS\n\ny\n' | script -qec "$BIN --db $GDB hand" /dev/null > "$T/ctty1.out" 2>&1
  grep -q 'dealer Will' "$T/ctty1.out" && grep -q '\[W\]' "$T/ctty1.out" && ok || { bad "coinche guided: the expected dealer is not preset"; head -20 "$T/ctty1.out"; }
  grep -q 'S — Sara' "$T/ctty1.out" && grep -q 'coinched by E — Emil' "$T/ctty1.out" && ok || bad "coinche guided: seat labels"
  grep -q 'Capot' "$T/ctty1.out" && bad "coinche guided: capot asked with 95 card points" || ok
  grep -q 'preview: N/S 90♦ by S, coinched by E: made (125); belote S' "$T/ctty1.out" && ok || bad "coinche guided: the hand in words"
  # hand 2: all four passed (the dealer moves on to N)
  printf '\nall_pass\ny\n' | script -qec "$BIN --db $GDB hand" /dev/null > "$T/ctty2.out" 2>&1
  grep -q '\[N\]' "$T/ctty2.out" && ok || { bad "coinche guided: hand 2 dealer preset"; head -20 "$T/ctty2.out"; }
  # hand 3 (spec E6 shape, dealer E): N 120♥, no coinche, 152 points, last trick and capot by Enter, belote W,
  # N's carré of jacks and S's tierce, E's cinquante -> NS 592, EW 20
  printf '\n\nN\n120\nH\n\n152\n\n\nW\nN:carre:J,S:tierce:D:A,E:cinquante:S:10\ny\n' | script -qec "$BIN --db $GDB hand" /dev/null > "$T/ctty3.out" 2>&1
  grep -q 'Capot' "$T/ctty3.out" && ok || { bad "coinche guided: capot not asked"; head -40 "$T/ctty3.out"; }
  grep -q 'preview: N/S 120♥ by N: made (472), capot; belote W; announcements N/S 220' "$T/ctty3.out" && ok || bad "coinche guided: capot in words"
  expect_exit 0 "$BIN" --db "$GDB" score --format json && expect_out '"NS": 932' && expect_out '"EW": 77' \
    && expect_out '"redeal": "all_pass"' && expect_out '"capot": "NS"' && expect_out '"coinche": 1'
  expect_exit 0 "$BIN" --db "$GDB" show 1 && expect_out 'coinche by ' && expect_exit 0 "$BIN" --db "$GDB" show 3 && expect_out 'announcements N carré'
fi
