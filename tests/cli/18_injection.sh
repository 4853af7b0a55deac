# hostile names and notes are stored and shown literally: quotes, SQL, HTML, terminal escapes (in a note)
DB=$T/inj.db
ESC=$(printf '\033[31m')
# a name holding a terminal escape is refused (issue 30); in a note it is shown as text
expect_exit 1 "$BIN" --db "$DB" start tarot "players=O'Brien,${ESC}Red,Cat" "dealer=O'Brien" && expect_err 'control character'
expect_exit 0 "$BIN" --db "$DB" start tarot "players=O'Brien,Robert'); DROP TABLE hands;--,<b>Zoë</b>,Red" "dealer=O'Brien"
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt "taker=O'Brien" contract=garde oudlers=2 points=50 "note=\"quoted\" <i>x</i> ${ESC}Red"
expect_exit 0 "$BIN" --db "$DB" sheet
grep -q "O'Brien" "$T/out" && grep -q "Robert'); DROP TABLE hands;--" "$T/out" && grep -q "<b>Zoë</b>" "$T/out" && ok || bad "names not shown literally in the text sheet"
if grep -q $'\033' "$T/out"; then bad "a terminal escape reached the text sheet raw"; else ok; fi
grep -qF '\x1b[31mRed' "$T/out" && ok || bad "the escape is not shown as text"
expect_exit 0 "$BIN" --db "$DB" score --format json && expect_out 'DROP TABLE hands'
expect_exit 0 "$BIN" --db "$DB" game close  # standings count the games that are over
expect_exit 0 "$BIN" --db "$DB" standings --format csv && expect_out "\"Robert'\\); DROP TABLE hands;--\"|Robert'\\); DROP TABLE hands;--"
expect_exit 0 "$BIN" --db "$DB" sheet --format html -o "$T/inj.html"
grep -q '&lt;b&gt;Zoë&lt;/b&gt;' "$T/inj.html" && ! grep -q '<b>Zoë' "$T/inj.html" && ok || bad "html not escaped"
[[ $(sqlite3 "$DB" "SELECT count(*) FROM hands") -eq 1 ]] && ok || bad "the hands table was touched"
