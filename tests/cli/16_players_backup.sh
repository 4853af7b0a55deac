# player rename / merge with history; backup -> restore round trip (sourced by run.sh; uses tarot)
DB=$T/pl.db
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann --league "Thursday club"
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt taker=Ben contract=garde oudlers=2 points=50
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Benny,Cat dealer=Ann --league "Thursday club"
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt taker=Benny contract=prise oudlers=1 points=60
expect_exit 0 "$BIN" --db "$DB" player rename Cat Catherine && expect_out 'in 2 game'
expect_exit 0 "$BIN" --db "$DB" sheet 1 && expect_out 'Catherine'
expect_exit 1 "$BIN" --db "$DB" player rename Ann Ben && expect_err 'merge'
expect_exit 1 "$BIN" --db "$DB" player merge Ann Ben && expect_err 'both sat at game'
expect_exit 0 "$BIN" --db "$DB" player merge Benny Ben && expect_out 'merged'
expect_exit 0 "$BIN" --db "$DB" player list && expect_out 'Ben  \(2 games\)' && expect_out 'merge Benny -> Ben'
expect_exit 0 "$BIN" --db "$DB" show 1 -g 2 && expect_out 'taker Ben'
expect_exit 0 "$BIN" --db "$DB" check
"$BIN" --db "$DB" standings --format json > "$T/st1.json"
expect_exit 0 "$BIN" --db "$DB" backup "$T/backup.db"
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt --game 1 taker=Ann contract=garde oudlers=3 points=70
expect_exit 2 "$BIN" --db "$DB" restore "$T/backup.db"
expect_exit 0 "$BIN" --db "$DB" restore "$T/backup.db" --yes
MARQUE_NOW=x "$BIN" --db "$DB" standings --format json > "$T/st2.json"
sed -i 's/"generated_at": "[^"]*"/"generated_at": ""/' "$T/st1.json" "$T/st2.json"
cmp -s "$T/st1.json" "$T/st2.json" && ok || bad "backup -> restore changed the standings"
echo "not a db" > "$T/junk.bak"
expect_exit 65 "$BIN" --db "$DB" restore "$T/junk.bak" --yes

# a rename touches only the fields that hold names (issue 15): a player called A keeps the piquet aces
DB=$T/rank.db
expect_exit 0 "$BIN" --db "$DB" start piquet players=A,Ben elder=A
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt point=A:5:49 seq=A:quart:A sets=Ben:quatorze:10,trio:A tricks=A:7 play=A:9,Ben:6
expect_exit 0 "$BIN" --db "$DB" player rename A Anna && expect_out 'in 1 game'
expect_exit 0 "$BIN" --db "$DB" show 1 --format json && expect_out '"top": *"A"' && expect_out '"rank": *"A"' && expect_out 'Anna'
expect_exit 0 "$BIN" --db "$DB" check
expect_exit 0 "$BIN" --db "$DB" start prefa players=A,Ben,Cat dealer=Cat
expect_exit 0 "$BIN" --db "$DB" player rename Ben Bence && expect_out "in 2 game"
expect_exit 0 "$BIN" --db "$DB" check
