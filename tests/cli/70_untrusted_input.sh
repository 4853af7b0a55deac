# Untrusted input files and documents (issue 14): every hostile file is refused with exit 1 and a message
# naming the place, nothing is stored, no later command breaks; re-imports add nothing; long values are cut.
DB=$T/untrusted.db
U=$T/untrusted
mkdir -p "$U"
game_head='{"format": "marque-game/1", "game": "tarot", "setup": {"players": ["Ann", "Ben", "Cat", "Dan"], "first_dealer": "Ann", "options": {}}'
hand='{"type": "hand", "taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47}'
deep_open=$(head -c 100000 /dev/zero | tr '\0' '[')
deep_close=$(head -c 100000 /dev/zero | tr '\0' ']')
count_games() { "$BIN" --db "$DB" games --format json >"$T/gj" 2>&1; grep -c '"id"' "$T/gj"; }
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann
expect_exit 0 "$BIN" --db "$DB" hand taker=Ben contract=garde oudlers=2 points=50

# 1. nesting 100,000 deep where the rules would only warn: refused before anything recursive runs
printf '%s, "hands": [%s], "meta": {"note": %s%s}}' "$game_head" "$hand" "$deep_open" "$deep_close" > "$U/deep_note.json"
printf '%s, "hands": [{"type": "hand", "taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "zzz": %s%s}]}' \
  "$game_head" "$deep_open" "$deep_close" > "$U/deep_hand.json"
printf '{"type": "hand", "taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "x": %s%s}' "$deep_open" "$deep_close" > "$U/deep_rec.json"
for f in deep_note deep_hand; do
  expect_exit 1 "$BIN" --db "$DB" import "$U/$f.json" && expect_err 'nested deeper than 64 levels'
  expect_exit 1 "$BIN" calc "$U/$f.json" && expect_err 'nested deeper than 64 levels'
done
expect_err 'hands\[0\]\.zzz'
expect_exit 1 "$BIN" --db "$DB" hand --json - < "$U/deep_rec.json" && expect_err 'nested deeper than 64 levels'
expect_exit 1 "$BIN" --db "$DB" edit 1 --json "$U/deep_rec.json"

# 2. numbers outside the double range, integers outside int64 (never clamped), duplicate keys
printf '%s, "hands": [{"type": "hand", "taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "zzz": 1e400}]}' "$game_head" > "$U/huge.json"
expect_exit 1 "$BIN" --db "$DB" import "$U/huge.json" && expect_err 'hands\[0\]\.zzz: the number 1e400 is outside the range of a double'
expect_exit 1 "$BIN" calc "$U/huge.json" && expect_err 'outside the range of a double'
printf '%s, "hands": [{"type": "hand", "taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "zzz": 99999999999999999999}]}' "$game_head" > "$U/bigint.json"
expect_exit 1 "$BIN" --db "$DB" import "$U/bigint.json" && expect_err 'zzz: the integer 99999999999999999999 is outside'
printf '%s, "hands": [{"type": "hand", "taker": "Ben", "contract": "prise", "oudlers": 9223372036854775808, "points": 47}]}' "$game_head" > "$U/bigint2.json"
expect_exit 1 "$BIN" --db "$DB" import "$U/bigint2.json" && expect_err 'oudlers: the integer 9223372036854775808 is above'
printf '%s, "hands": [{"type": "hand", "taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "points": 48}]}' "$game_head" > "$U/dup.json"
expect_exit 1 "$BIN" --db "$DB" import "$U/dup.json" && expect_err 'hands\[0\]\.points: this key appears twice'
expect_exit 1 "$BIN" --db "$DB" hand taker=Ben contract=garde oudlers=2 points=9999999999999999999 && expect_err "points: '9999999999999999999'"
expect_exit 2 "$BIN" --db "$DB" score 99999999999999999999 && expect_err 'outside -2\^63'

# 3. meta and set-up fields of the wrong type: refused at the door, so that no later command dies on them
printf '%s, "hands": [%s], "meta": {"date": 5}}' "$game_head" "$hand" > "$U/meta_date.json"
printf '%s, "hands": [%s], "meta": {"league": ["x"]}}' "$game_head" "$hand" > "$U/meta_league.json"
expect_exit 1 "$BIN" --db "$DB" import "$U/meta_date.json" && expect_err 'meta\.date: must be a string'
expect_exit 1 "$BIN" --db "$DB" import "$U/meta_league.json" && expect_err 'meta\.league: must be a string'
sed 's/"scorer": "Nikos"/"scorer": null/' "$SRC/examples/prefa.json" > "$U/prefa_null.json"
grep -q '"scorer": null' "$U/prefa_null.json" && ok || bad "prefa_null.json not made"
expect_exit 1 "$BIN" --db "$DB" import "$U/prefa_null.json" && expect_err 'scorer'
[[ $(count_games) -eq 1 ]] && ok || bad "a refused file stored a game"
expect_exit 0 "$BIN" --db "$DB" games
expect_exit 0 "$BIN" --db "$DB" sheet

# 4. invalid UTF-8: in a CSV cell, a name on the command line
printf 'game,table,players,first_dealer,taker,contract,oudlers,points,note\ntarot,1,"Ann,Ben,Cat,Dan",Ann,,,,,\ntarot,1,,,Ben,prise,2,47,x\377y\n' > "$U/utf8.csv"
expect_exit 1 "$BIN" --db "$DB" import "$U/utf8.csv" && expect_err 'utf8.csv:3: note: not valid UTF-8'
expect_exit 1 "$BIN" --db "$DB" start tarot "players=An$(printf '\377')n,Ben,Cat,Dan" && expect_err 'players: not valid UTF-8'

# 5. CSV: duplicate columns refused, lone-CR line ends read, a header alone is not "0 games, exit 0"
printf 'game,table,players,first_dealer,taker,contract,oudlers,points,points\ntarot,1,"Ann,Ben,Cat,Dan",Ann,,,,,\ntarot,1,,,Ben,prise,2,47,48\n' > "$U/dupcol.csv"
expect_exit 1 "$BIN" --db "$DB" import "$U/dupcol.csv" && expect_err 'dupcol.csv:1: points: this column appears twice'
printf 'game,table,players,first_dealer,taker,contract,oudlers,points\rtarot,9,"Ann,Ben,Cat,Dan",Ann,,,,\rtarot,9,,,Ben,prise,2,47\r' > "$U/cr.csv"
expect_exit 0 "$BIN" --db "$DB" import --dry-run "$U/cr.csv" && expect_out '1 hand\(s\) in 1 game'
printf 'game,table\n' > "$U/header.csv"
expect_exit 1 "$BIN" --db "$DB" import "$U/header.csv" && expect_err 'no rows after the header'

# 6. a refusal echoes a short prefix of a long value, never the whole of it
{ printf 'game,table,players,first_dealer,taker,contract,oudlers,points\ntarot,1,"Ann,Ben,Cat,Dan",Ann,,,,\ntarot,1,,,Ben,prise,2,'; head -c 1000000 /dev/zero | tr '\0' '9'; printf '\n'; } > "$U/long.csv"
expect_exit 1 "$BIN" --db "$DB" import "$U/long.csv" && expect_err 'long.csv:3: points: .*…'
[[ $(wc -c < "$T/err") -lt 1000 ]] && ok || bad "the refusal echoed the whole value ($(wc -c < "$T/err") bytes)"
{ printf '%s, "hands": [{"type": "hand", "contract": "prise", "oudlers": 2, "points": 47, "taker": "' "$game_head"; head -c 1000000 /dev/zero | tr '\0' 'x'; printf '"}]}'; } > "$U/long.json"
expect_exit 1 "$BIN" --db "$DB" import "$U/long.json" && expect_err 'taker'
[[ $(wc -c < "$T/err") -lt 1000 ]] && ok || bad "the refusal echoed the whole name ($(wc -c < "$T/err") bytes)"

# 7. a file over the documented size is refused with a clear message
{ printf '%s, "hands": [], "meta": {"note": "' "$game_head"; head -c $((17 * 1024 * 1024)) /dev/zero | tr '\0' 'x'; printf '"}}'; } > "$U/big.json"
expect_exit 1 "$BIN" --db "$DB" import "$U/big.json" && expect_err 'longer than 16 MB'
rm -f "$U/big.json"
[[ $(count_games) -eq 1 ]] && ok || bad "a refused file stored a game"

# 8. a bundle's nights must carry strings; importing an export twice (or into its own database) adds nothing
expect_exit 0 "$BIN" --db "$DB" night start --date 2026-11-20 --venue "Café du Coin" --league Thursday
expect_exit 0 "$BIN" --db "$DB" start coinche players=Nina,Emil,Sara,Will dealer=N --night 1
expect_exit 0 "$BIN" --db "$DB" hand bidder=N bid=90 trump=S points=100 last=bidders
expect_exit 0 "$BIN" --db "$DB" export --all -o "$U/export.json"
for k in date venue league note; do
  sed "0,/\"$k\": \"[^\"]*\"/s//\"$k\": 5/" "$U/export.json" > "$U/night_$k.json"
  expect_exit 1 "$BIN" --db "$DB" import "$U/night_$k.json" && expect_err "nights\\[0\\]\\.$k: must be a string"
done
expect_exit 0 "$BIN" --db "$DB" import "$U/export.json" && expect_out '0 hand\(s\) in 0 game\(s\), 2 duplicate'
[[ $(count_games) -eq 2 ]] && ok || bad "importing a database's own export duplicated its games"
expect_exit 0 "$BIN" --db "$DB" night list
[[ $(grep -c '^night' "$T/out") -eq 1 ]] && ok || bad "importing a database's own export duplicated its night"
DB2=$T/untrusted2.db
expect_exit 0 "$BIN" --db "$DB2" import "$U/export.json" && expect_out '2 game'
expect_exit 0 "$BIN" --db "$DB2" import "$U/export.json" && expect_out '2 duplicate'
expect_exit 0 "$BIN" --db "$DB2" night list
[[ $(grep -c '^night' "$T/out") -eq 1 ]] && ok || bad "a second import of an export added its night again"
