# French Tarot end to end through the binary (sourced by run.sh): start, hands, a rejected hand that
# changes nothing, edit/undo, sheet, calc, rules.
TDB=(--db "$T/tarot.db")

expect_exit 0 "$BIN" rules tarot && expect_out 'petit_au_bout' && expect_out 'poignee_values'

# start: 3 players, end after 3 scored deals (spec tarot §8 E7)
expect_exit 0 "$BIN" "${TDB[@]}" start tarot players=Ann,Ben,Cat dealer=Ann end=deals:3 --league "Thursday club" \
  && expect_out 'players: +Ann, Ben, Cat' && expect_out 'first dealer: Ann'
expect_exit 1 "$BIN" --db "$T/tarot-bad.db" start tarot players=Ann,Ben && expect_err 'players: .*3, 4 or 5'
expect_exit 1 "$BIN" --db "$T/tarot-bad.db" start tarot players=Ann,Ben,Cat option.poignee_value=fft \
  && expect_err 'options.poignee_value' && expect_err 'poignee_values'
expect_exit 1 "$BIN" --db "$T/tarot-bad.db" start tarot players=Ann,Ben,Cat end=sometimes && expect_err 'end'

# hand 1: garde, 50.5 with 2 oudlers -> made, half point to the attack
expect_exit 0 "$BIN" "${TDB[@]}" hand taker=Ben contract=garde oudlers=2 points=50.5 \
  && expect_out 'deltas: Ann -70  Ben \+140  Cat -70' && expect_out 'next dealer: Ben' && expect_err 'note: .*half point goes to the attack' && ! grep -q 'warning: .*half point' "$T/err" && ok || bad 'the half-point note printed as a warning'

# a rejected hand: exit 1, names the hand, the field and the rule; the score is unchanged
"$BIN" "${TDB[@]}" score --format json > "$T/tarot-before.json"
expect_exit 1 "$BIN" "${TDB[@]}" hand taker=Cat contract=prise oudlers=2 points=92.5 \
  && expect_err 'hand 2: points: 92.5 is above 91, the most card points in tarot' && expect_err 'nothing was stored'
expect_exit 1 "$BIN" "${TDB[@]}" hand taker=Cat contract=prise oudlers=2 points=47 pab=attack && expect_err "unknown field 'pab'"
expect_exit 1 "$BIN" "${TDB[@]}" hand taker=Cat contract=prise oudlers=2 points=47 poignee=Ann:double:14 \
  && expect_err 'poignees: 3 players: a double poignée needs 15 trumps; Ann shows 14'
"$BIN" "${TDB[@]}" score --format json > "$T/tarot-after.json"
if cmp -s "$T/tarot-before.json" "$T/tarot-after.json"; then ok; else bad "tarot: a rejected hand changed the score"; fi

# JSON rejection output names hand, field and code
expect_exit 1 "$BIN" "${TDB[@]}" hand --format json taker=Cat contract=pousse oudlers=2 points=47 \
  && expect_out '"code": "E_CONTRACT"' && expect_out '"field": "contract"'

# hand 2: redeal, hand 3 with a defender's poignée (dealer warning when the wrong dealer is typed)
expect_exit 0 "$BIN" "${TDB[@]}" hand type=redeal reason=petit_sec player=Cat && expect_out 'next dealer: Cat'
expect_exit 0 "$BIN" "${TDB[@]}" hand dealer=Ben taker=Ann contract=P oudlers=1 points=46 poignee=Ben:simple:13 \
  && expect_out 'deltas: Ann -100  Ben \+50  Cat \+50' && expect_out 'totals: Ann -170  Ben 190  Cat -20' \
  && expect_err 'W?recorded dealer Ben'

# edit hand 1 (points 50.5 -> 60.5): hands 1-3 are recomputed and the history shows the change
expect_exit 0 "$BIN" "${TDB[@]}" edit 1 points=60.5 && expect_out 'changed'
expect_exit 0 "$BIN" "${TDB[@]}" score --format json && expect_out '"Ben": 230'
expect_exit 0 "$BIN" "${TDB[@]}" history && expect_out 'edit'
expect_exit 0 "$BIN" "${TDB[@]}" undo
expect_exit 0 "$BIN" "${TDB[@]}" score --format json && expect_out '"Ben": 190'

# hand 4 ends the game (E7): final ranking
expect_exit 0 "$BIN" "${TDB[@]}" hand taker=Cat contract=garde_sans oudlers=3 points=57 petit_au_bout=attack \
  && expect_out 'totals: Ann -394  Ben -34  Cat 428' && expect_out 'game over'
expect_exit 1 "$BIN" "${TDB[@]}" hand taker=Cat contract=prise oudlers=2 points=47 && expect_err 'game is over after deal 4'
expect_exit 0 "$BIN" "${TDB[@]}" score && expect_out 'finished' && expect_out 'ranking: 1. Cat  2. Ben  3. Ann'

# the paper sheet (spec tarot §7)
expect_exit 0 "$BIN" "${TDB[@]}" sheet && expect_out 'redeal: petit sec \(Cat\)' && expect_out '-5 SP\(Ben\)' \
  && expect_out '\+21 PB\(A\)' && expect_out 'Final ranking: 1\. Cat \+428   2\. Ben -34   3\. Ann -394' && expect_out 'sum = 0'

# export round-trips through calc
expect_exit 0 "$BIN" "${TDB[@]}" export -o "$T/tarot-export.json"
expect_exit 0 "$BIN" calc "$T/tarot-export.json" --format json && expect_out '"finished": true'

# 5 players: called king, partner=self; dealer sits out mode
expect_exit 0 "$BIN" --db "$T/tarot5.db" start tarot players=Ann,Ben,Cat,Dan,Eve dealer=Ann
expect_exit 1 "$BIN" --db "$T/tarot5.db" hand taker=Ben contract=garde oudlers=2 points=56.5 && expect_err 'partner: 5 players'
expect_exit 0 "$BIN" --db "$T/tarot5.db" hand taker=Ben contract=garde called=king:hearts partner=Dan oudlers=2 points=56.5 \
  poignee=Eve:simple:8 && expect_out 'deltas: Ann -102  Ben \+204  Cat -102  Dan \+102  Eve -102'
expect_exit 0 "$BIN" --db "$T/tarot5.db" hand taker=Cat contract=prise partner=self oudlers=1 points=51 \
  && expect_out 'Cat \+100'
expect_exit 0 "$BIN" --db "$T/tarot5m.db" start tarot players=Ann,Ben,Cat,Dan,Eve dealer=Eve five_player_mode=dealer_sits_out
expect_exit 1 "$BIN" --db "$T/tarot5m.db" hand taker=Eve contract=garde oudlers=2 points=45 && expect_err 'Eve is the dealer and sits out'
expect_exit 0 "$BIN" --db "$T/tarot5m.db" hand taker=Ann contract=garde oudlers=2 points=45 poignee=Ben:simple:10 \
  && expect_out 'Ann \+234  Ben -78  Cat -78  Dan -78  Eve 0' && expect_out 'next dealer: Ann'

# the example night scores through calc
expect_exit 0 "$BIN" calc "$SRC/examples/tarot.json" && expect_out 'ranking'

# guided entry at a terminal (script gives marque a pseudo-terminal): three deals through the prompts alone
if command -v script >/dev/null; then
  GDB=$T/tarot-guided.db
  "$BIN" --db "$GDB" start tarot players=Ann,Ben,Cat,Dan,Eve dealer=Ann >/dev/null
  # E5: Ben's garde with Dan (the called king), 2 oudlers, 56.5 points, Eve's simple poignée; other bonuses Enter
  printf 'Ben\ngarde\nDan\n2\n56.5\n\nEve\n\n\n\ny\n' | script -qec "$BIN --db $GDB hand" /dev/null > "$T/tg1.out" 2>&1
  grep -q 'Who held the called card' "$T/tg1.out" && ok || { bad "tarot guided: no partner question"; head -30 "$T/tg1.out"; }
  grep -q 'garde ×2' "$T/tg1.out" && ok || bad "tarot guided: no contract labels"
  grep -q 'Which poignée did Eve show' "$T/tg1.out" && ok || bad "tarot guided: no poignée level question"
  grep -q "preview: Ben's garde with Dan made by 16, Eve's simple poignée" "$T/tg1.out" && ok || bad "tarot guided: no preview in words"
  # a redeal: Cat held the petit sec
  printf 'redeal\npetit_sec\nCat\ny\n' | script -qec "$BIN --db $GDB hand" /dev/null > "$T/tg2.out" 2>&1
  grep -q 'Why the redeal' "$T/tg2.out" && ok || { bad "tarot guided: no redeal reason"; head -20 "$T/tg2.out"; }
  grep -q 'preview: Redeal: Cat held the petit sec' "$T/tg2.out" && ok || bad "tarot guided: no redeal preview"
  # Cat alone by a self-call ('<' takes back a wrong partner), prise just made with 1 oudler
  printf 'Cat\nprise\nAnn\n<\nself\n1\n51\n\n\n\n\ny\n' | script -qec "$BIN --db $GDB hand" /dev/null > "$T/tg3.out" 2>&1
  "$BIN" --db "$GDB" score --format json > "$T/tg.json"
  tg() { sqlite3 :memory: "SELECT json_extract(CAST(readfile('$T/tg.json') AS TEXT), '\$.$1')"; }
  [[ "$(tg 'hands[0].deltas.Ben') $(tg 'hands[0].deltas.Dan') $(tg 'hands[0].deltas.Eve')" == "204 102 -102" ]] && ok \
    || bad "tarot guided: E5 deltas $(tg 'hands[0].deltas')"
  [[ "$(tg 'hands[1].type') $(tg 'hands[1].breakdown.redeal') $(tg 'hands[1].breakdown.player')" == "redeal petit_sec Cat" ]] && ok \
    || bad "tarot guided: the redeal was not stored: $(tg 'hands[1]')"
  [[ "$(tg 'hands[2].dealer') $(tg 'hands[2].deltas.Cat') $(tg 'hands[2].breakdown.taker_alone')" == "Cat 100 self" ]] && ok \
    || bad "tarot guided: the self-call was not stored: $(tg 'hands[2]')"
fi
