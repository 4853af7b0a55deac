# CSV importer: a file imports, again without duplicates; errors name file:line and field; nothing stored
DB=$T/csv.db
expect_exit 0 "$BIN" --db "$DB" import "$SRC/examples/csv/tarot.csv" && expect_out '2 game'
expect_exit 0 "$BIN" --db "$DB" import "$SRC/examples/csv/tarot.csv" && expect_out '2 duplicate game'
expect_exit 0 "$BIN" --db "$DB" games --format json
[[ $(grep -c '"id"' "$T/out") -eq 2 ]] && ok || bad "re-import added games"
expect_exit 0 "$BIN" --db "$DB" import --dry-run "$SRC/examples/csv/tarot.csv"
printf 'game,table,players,first_dealer,taker,contract,oudlers,points\ntarot,1,"Ann,Ben,Cat",Ann,Ann,garde,2,50\ntarot,1,,,Ben,garde,2,95\n' > "$T/bad.csv"
cp "$DB" "$T/csv-before.db"
expect_exit 1 "$BIN" --db "$DB" import "$T/bad.csv" && expect_err 'bad.csv:3: points: 95'
expect_exit 0 "$BIN" --db "$DB" games --format json
[[ $(grep -c '"id"' "$T/out") -eq 2 ]] && ok || bad "a refused CSV stored something"
printf 'game,players\nbridge,"A,B,C,D"\n' > "$T/bridge.csv"
expect_exit 1 "$BIN" --db "$DB" import "$T/bridge.csv" && expect_err 'bridge.csv:2: game'
printf 'game,table,players,first_dealer,taker\ntarot,1,"A,B,C",A,"unclosed\n' > "$T/quote.csv"
expect_exit 1 "$BIN" --db "$DB" import "$T/quote.csv" && expect_err 'quote'
