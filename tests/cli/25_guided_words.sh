# Guided entry at a terminal takes the words one-line entry takes, and a player's number is his seat in every
# question (issue 29): script gives marque a pseudo-terminal.
if command -v script >/dev/null; then
  WDB=$T/guided-words.db
  "$BIN" --db "$WDB" start tarot players=Ann,Ben,Cat,Dan,Eve dealer=Ann >/dev/null
  # taker 3 (Cat), contract GS (garde sans), partner 4: Dan, the fourth seat, though Cat is left out of the list;
  # petit au bout "a" (attack); then Enter for every bonus
  printf '3\nGS\n4\n2\n56.5\na\n\n\n\ny\n' | script -qec "$BIN --db $WDB hand" /dev/null > "$T/gw1.out" 2>&1
  grep -q '4 Dan' "$T/gw1.out" && ! grep -q '3 Dan' "$T/gw1.out" && ok ||
    { bad "guided words: Dan's number is not his seat"; head -30 "$T/gw1.out"; }
  grep -q "preview: Cat's garde sans with Dan made by 16, petit au bout for the attack" "$T/gw1.out" && ok ||
    { bad "guided words: GS, 4 or a not taken"; head -40 "$T/gw1.out"; }
  # a contract typed with a space and in capitals, the taker and the partner by name in lower case
  printf 'ben\nGarde Sans\neve\n1\n40\n\n\n\n\ny\n' | script -qec "$BIN --db $WDB hand" /dev/null > "$T/gw2.out" 2>&1
  grep -q "preview: Ben's garde sans with Eve failed by 11" "$T/gw2.out" && ok ||
    { bad "guided words: 'Garde Sans' or lower-case names not taken"; head -40 "$T/gw2.out"; }
  expect_exit 0 "$BIN" --db "$WDB" list && expect_out '2 hand'
fi
