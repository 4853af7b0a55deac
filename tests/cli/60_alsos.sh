# Alsós through the real binary (sourced by run.sh; uses $BIN, $T, expect_*)
A=(--db "$T/alsos.db")
expect_exit 0 "$BIN" rules alsos && expect_out 'figurak' && expect_out 'kassza_mode' && expect_out 'game_value_betli'
expect_exit 0 "$BIN" "${A[@]}" start alsos players=Ann,Béla,Csaba dealer=Ann --league "Thursday club" &&
  expect_out 'Alsós' && expect_out 'first dealer: Ann'
# hand 1 (M1): Béla's piros game with early kassza and a late kontra on the game
expect_exit 0 "$BIN" "${A[@]}" hand contract=trump:piros:Béla turn=piros kontra=Csaba:late figura=Béla:kassza:early \
  tricks=Ann:2,Béla:5,Csaba:2 card_points=Ann:28,Béla:96,Csaba:20 last=Béla melds=Béla:20:0:bela &&
  expect_out 'deltas: Ann -4  Béla \+8  Csaba -4' && expect_out 'next dealer: Béla'
# hand 2 (M3 shape): no trumps lost on a four-of-a-kind, Tuli kontra'd early and rekontra'd late, failed Absolút
expect_exit 0 "$BIN" "${A[@]}" hand contract=nt:Ann turn=tok figura=Ann:tuli:early/Béla:early/Ann:late,Csaba:absolut:late/Ann:late \
  tricks=Ann:5,Béla:2,Csaba:2 points=Ann:72,Béla:20,Csaba:24 last=Ann melds=Béla:0:80 &&
  expect_out 'deltas: Ann \+36  Béla -18  Csaba -18' && expect_out 'totals: Ann 32  Béla -10  Csaba -22'
# rejected hands: nothing stored, score unchanged, messages name the field and the rule
"$BIN" "${A[@]}" score --format json >"$T/alsos_before.json"
expect_exit 1 "$BIN" "${A[@]}" hand contract=piros:Csaba tricks=Ann:3,Béla:3,Csaba:2 points=Ann:40,Béla:60,Csaba:30 last=Ann &&
  expect_err 'tricks: tricks add up to 8, but a deal has 9 tricks' && expect_err 'nothing was stored'
expect_exit 1 "$BIN" "${A[@]}" hand contract=piros:Csaba kontra=Csaba:late tricks=Ann:2,Béla:2,Csaba:5 points=Ann:20,Béla:30,Csaba:100 last=Csaba &&
  expect_err 'game_kontra: .*must come from the defenders'
expect_exit 1 "$BIN" "${A[@]}" hand contract=nt:Csaba figura=Csaba:kassza:early tricks=Ann:2,Béla:2,Csaba:5 points=Ann:20,Béla:30,Csaba:70 last=Csaba &&
  expect_err 'figurak: .*only in trump games'
expect_exit 1 "$BIN" "${A[@]}" hand contract=piros:Csaba tricks=Ann:2,Béla:6,Csaba:1 points=Ann:40,Béla:101,Csaba:11 last=Csaba &&
  expect_err 'card_points: .*no card is worth 1 point'
expect_exit 1 "$BIN" "${A[@]}" hand contract=piros:Zed && expect_err "contract: 'Zed' is not a player"
expect_exit 1 "$BIN" "${A[@]}" hand contract=kloptzky trick=Ann:3 && expect_err "unknown field 'trick'"
"$BIN" "${A[@]}" score --format json >"$T/alsos_after.json"
if cmp -s "$T/alsos_before.json" "$T/alsos_after.json"; then ok; else bad "alsos: score changed after a rejected hand"; fi
# hand 3: betli; then edit it (made -> failed) and undo the edit
expect_exit 0 "$BIN" "${A[@]}" hand contract=betli:Ann kontra=Béla:late,Ann:late tricks=Ann:0 &&
  expect_out 'deltas: Ann \+16  Béla -8  Csaba -8'
expect_exit 0 "$BIN" "${A[@]}" edit 3 tricks=Ann:1 && expect_out 'changed' && expect_out 'deltas: Ann -16  Béla \+8  Csaba \+8'
expect_exit 0 "$BIN" "${A[@]}" undo
expect_exit 0 "$BIN" "${A[@]}" score --format json && expect_out '"Ann": 48'
# hand 4: misdeal (same dealer again), hand 5: kloptzky, hand 6: gyerünk given up
expect_exit 0 "$BIN" "${A[@]}" hand contract=misdeal note="card shown" && expect_out 'next dealer: Ann'
expect_exit 0 "$BIN" "${A[@]}" hand contract=kloptzky tricks=Ann:5,Béla:3,Csaba:1 && expect_out 'deltas: Ann -6  Béla \+3  Csaba \+3'
expect_exit 0 "$BIN" "${A[@]}" hand contract=piros:Csaba turn=piros kontra=Ann:late figura=Csaba:kassza:late gyerunk=Csaba:2:surrendered &&
  expect_out 'deltas: Ann \+6  Béla \+6  Csaba -12'
expect_exit 0 "$BIN" "${A[@]}" score && expect_out 'totals: Ann 48  Béla -9  Csaba -39'
expect_exit 0 "$BIN" "${A[@]}" sheet && expect_out 'ALSÓS' && expect_out 'Béla P\(turn\) won' && expect_out 'KL' &&
  expect_out 'running' && expect_out 'standing: 1\. Ann \+48'
expect_exit 0 "$BIN" "${A[@]}" score --format json && expect_out '"breakdown"' && expect_out '"ranking"'
# four players, a resumed paper game that ends after two more deals
expect_exit 0 "$BIN" "${A[@]}" start alsos players=A,B,C,D dealer=D start.totals=A:4,B:-2,C:-1,D:-1 hands_played=2 end=deals:4
expect_exit 1 "$BIN" "${A[@]}" hand contract=makk:D tricks=A:3,B:3,C:3 && expect_err 'D is dealer and sits out'
expect_exit 0 "$BIN" "${A[@]}" hand contract=makk:A turn=makk figura=A:ultimo:early:made,B:negy_asz:late:failed \
  tricks=A:6,B:2,C:1 points=A:110,B:24,C:8 last=A && expect_out 'deltas: A \+18  B -6  C -6  D -6'
expect_exit 0 "$BIN" "${A[@]}" hand contract=kl tricks=B:4,C:4,D:1 && expect_out 'game over'
expect_exit 1 "$BIN" "${A[@]}" hand contract=kl tricks=A:4,C:4,D:1 && expect_err 'session has ended'
expect_exit 0 "$BIN" "${A[@]}" sheet && expect_out '\*' && expect_out 'result:'
expect_exit 1 "$BIN" "${A[@]}" start alsos players=A,B,C dealer=A option.kassza_mode=triple && expect_err 'plus_one, double_game'
# the example night scores through calc
expect_exit 0 "$BIN" calc "$SRC/examples/alsos.json" && expect_out 'result:'
# guided entry at a terminal (script gives marque a pseudo-terminal): whole hands through the prompts alone
if command -v script >/dev/null && command -v sqlite3 >/dev/null; then
  G="$T/alsos_guided.db"
  "$BIN" --db "$G" start alsos players=Ann,Béla,Csaba dealer=Ann >/dev/null
  # M1: dealer [Ann], trump, Béla, piros, turn-up [piros], kontra Csaba:late, early kassza, no gyerünk, tricks 2 5 [2],
  # last trick Béla, card points 28 96 20, melds (a wrong one, taken back with '<'), then Béla's sequence and béla
  printf '\ntrump\nBéla\npiros\n\nCsaba:late\nBéla:kassza:early\n\n2\n5\n\nBéla\n28\n96\n20\n<\n20\nBéla:20:0:bela\n\n' |
    script -qec "$BIN --db $G hand" /dev/null >"$T/alsos_tty1.out" 2>&1
  grep -q 'Who dealt?' "$T/alsos_tty1.out" && ok || { bad "alsos guided: no dealer question"; head -20 "$T/alsos_tty1.out"; }
  grep -q '\[Ann\]' "$T/alsos_tty1.out" && ok || bad "alsos guided: the expected dealer is not the default"
  grep -q 'back: card_points.Csaba' "$T/alsos_tty1.out" && ok || bad "alsos guided: '<' did not go back"
  grep -q '\[Béla:bela\]' "$T/alsos_tty1.out" && ok || bad "alsos guided: kassza does not preset béla"
  grep -q "preview: Béla's trump game in piros won 136 to 28; Csaba's kontra lost; Béla's early kassza made" "$T/alsos_tty1.out" && ok ||
    bad "alsos guided: no preview in words"
  # M4 shape: dealer [Béla], betli by Csaba, kontra Ann:late and Csaba:late, no gyerünk, Csaba took no trick
  printf '\nbetli\nCsaba\nAnn:late,Csaba:late\n\n0\n\n' | script -qec "$BIN --db $G hand" /dev/null >"$T/alsos_tty2.out" 2>&1
  grep -q 'Card points' "$T/alsos_tty2.out" && bad "alsos guided: card points asked in betli" || ok
  grep -q "preview: Csaba's betli made; Ann's kontra lost, Csaba's rekontra won" "$T/alsos_tty2.out" && ok || bad "alsos guided: betli preview"
  # kloptzky: dealer [Csaba], tricks 5 3 [1]
  printf '\nkloptzky\n5\n3\n\n\n' | script -qec "$BIN --db $G hand" /dev/null >"$T/alsos_tty3.out" 2>&1
  "$BIN" --db "$G" score --format json >"$T/alsos_guided.json"
  at() { sqlite3 :memory: "SELECT json_extract(CAST(readfile('$T/alsos_guided.json') AS TEXT), '\$.$1')"; }
  [[ "$(at 'hands[0].deltas.Béla'),$(at 'hands[0].deltas.Ann'),$(at 'hands[0].breakdown.contract_code')" == "8,-4,Béla P(turn) won" ]] && ok ||
    bad "alsos guided: hand 1 stored as $(at 'hands[0].deltas')"
  [[ "$(at 'hands[1].deltas.Csaba'),$(at 'hands[1].deltas.Ann'),$(at 'hands[1].breakdown.kind')" == "16,-8,betli" ]] && ok ||
    bad "alsos guided: hand 2 stored as $(at 'hands[1].deltas')"
  [[ "$(at 'hands[2].deltas.Ann'),$(at 'hands[2].deltas.Csaba'),$(at 'hands[2].breakdown.kind')" == "-6,3,kloptzky" ]] && ok ||
    bad "alsos guided: hand 3 stored as $(at 'hands[2].deltas')"
  "$BIN" --db "$G" show 1 | grep -q 'melds Béla 20 in sequences, 0 in sets, béla' && ok || bad "alsos guided: melds not stored"
fi
