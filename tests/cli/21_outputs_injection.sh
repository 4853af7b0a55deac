# issue 14: output files, injection and identity (sourced by run.sh; uses tarot and coinche)
OI=$T/oi
mkdir -p "$OI"
DB=$OI/oi.db
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Ann
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt taker=Ben contract=garde oudlers=2 points=50

# --- output files: -o FILE and backup FILE
# a symlink planted at FILE.tmp is never followed
ln -s "$OI/victim" "$OI/e.json.tmp"
expect_exit 0 "$BIN" --db "$DB" export -o "$OI/e.json"
[[ ! -e "$OI/victim" ]] && ok || bad "-o followed a symlink planted at FILE.tmp"
grep -q '"marque-game/1"' "$OI/e.json" && [[ -L "$OI/e.json.tmp" ]] && ok || bad "-o did not write FILE (or removed the planted link)"
ln -s "$OI/victim2" "$OI/b.db.tmp"
expect_exit 0 "$BIN" --db "$DB" backup "$OI/b.db"
[[ ! -e "$OI/victim2" ]] && ok || bad "backup followed a symlink planted at FILE.tmp"
expect_exit 0 "$BIN" --db "$OI/b.db" games && expect_out 'Ann, Ben, Cat'
# an existing file keeps its mode and its hard links
: > "$OI/keep.json"; chmod 600 "$OI/keep.json"; ln "$OI/keep.json" "$OI/keep-link.json"
expect_exit 0 "$BIN" --db "$DB" export -o "$OI/keep.json"
[[ $(stat -c %a "$OI/keep.json") == 600 ]] && ok || bad "-o lost the mode 0600 of an existing file ($(stat -c %a "$OI/keep.json"))"
grep -q '"marque-game/1"' "$OI/keep-link.json" && ok || bad "-o broke the hard link of an existing file"
: > "$OI/keep.db"; chmod 640 "$OI/keep.db"
expect_exit 0 "$BIN" --db "$DB" backup "$OI/keep.db"
[[ $(stat -c %a "$OI/keep.db") == 640 ]] && ok || bad "backup lost the mode of an existing file"
# the PDF goes through the same writer (the converter writes a temporary file)
: > "$OI/s.pdf"; chmod 600 "$OI/s.pdf"; ln -s "$OI/victim3" "$OI/s.pdf.tmp"
MARQUE_PDF_COMMAND='cp {in} {out}' expect_exit 0 "$BIN" --db "$DB" sheet -o "$OI/s.pdf"
[[ ! -e "$OI/victim3" && $(stat -c %a "$OI/s.pdf") == 600 ]] && grep -q '<html' "$OI/s.pdf" && ok || bad "sheet -o FILE.pdf: not written through the output-file writer"
MARQUE_PDF_COMMAND='false' expect_exit 69 "$BIN" --db "$DB" sheet -o "$OI/s.pdf"
grep -q '<html' "$OI/s.pdf" && ok || bad "a failed PDF conversion damaged the existing file"
# a symlink given as FILE writes the file it points to
ln -s "$OI/real.csv" "$OI/link.csv"
expect_exit 0 "$BIN" --db "$DB" standings -o "$OI/link.csv"
[[ -L "$OI/link.csv" ]] && grep -q '^rank,player' "$OI/real.csv" && ok || bad "-o replaced a symlink instead of writing its file"
# a FIFO is written to, not replaced by a regular file
mkfifo "$OI/pipe"
timeout 20 cat "$OI/pipe" > "$OI/from-pipe" &
PIPE_READER=$!
expect_exit 0 "$BIN" --db "$DB" export -o "$OI/pipe"
wait $PIPE_READER
[[ -p "$OI/pipe" ]] && grep -q '"marque-game/1"' "$OI/from-pipe" && ok || bad "-o FIFO: replaced or not written"
timeout 20 cat "$OI/pipe" > "$OI/backup-from-pipe" &
PIPE_READER=$!
expect_exit 0 "$BIN" --db "$DB" backup "$OI/pipe"
wait $PIPE_READER
[[ -p "$OI/pipe" ]] && [[ $(head -c 15 "$OI/backup-from-pipe") == "SQLite format 3" ]] && ok || bad "backup FIFO: replaced or not written"
# a character device is written to directly (/dev/stdout as a pipe here)
"$BIN" --db "$DB" export -o /dev/stdout | grep -q '"marque-game/1"' && ok || bad "-o /dev/stdout"
# a directory: a clear refusal, nothing left behind
mkdir "$OI/dir"
expect_exit 73 "$BIN" --db "$DB" export -o "$OI/dir" && expect_err 'is a directory'
expect_exit 73 "$BIN" --db "$DB" backup "$OI/dir" && expect_err 'is a directory'
[[ -z $(ls -A "$OI/dir") ]] && ! ls -A "$OI" | grep -q '^\.\?dir\.tmp' && ok || bad "a directory target left a temporary file behind"
ls -A "$OI" | grep -q 'tmp-' && bad "a temporary file was left behind: $(ls -A "$OI" | grep 'tmp-')" || ok
# write errors on standard output are errors
if [[ -w /dev/full ]]; then
  for cmd in score export "standings --format csv" "sheet" "games --format json"; do
    # shellcheck disable=SC2086
    "$BIN" --db "$DB" $cmd > /dev/full 2> "$T/err"
    rc=$?
    [[ $rc -eq 74 ]] && grep -q 'cannot write standard output: No space left on device' "$T/err" && ok ||
      bad "$cmd > /dev/full: exit $rc, $(cat "$T/err")"
  done
fi

# --- injection: CSV formulas, control characters on the terminal, DEL in JSON
DB=$OI/inj.db
expect_exit 0 "$BIN" --db "$DB" start tarot 'players==HYPERLINK("http://evil/"),+1+2,@SUM(A1),-3' 'dealer=-3'
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt 'taker=-3' contract=garde oudlers=2 points=30
expect_exit 1 "$BIN" --db "$DB" start tarot "players=$(printf '\tTab'),$(printf '\rCR'),Plain" dealer=Plain && expect_err 'control character'
expect_exit 0 "$BIN" --db "$DB" start tarot "players=$(printf '\tTab'),-CR,Plain" dealer=Plain  # a name with CR is refused (issue 30)
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt taker=Plain contract=garde oudlers=2 points=30
expect_exit 0 "$BIN" --db "$DB" game close 1  # standings count the games that are over
expect_exit 0 "$BIN" --db "$DB" game close 2
expect_exit 0 "$BIN" --db "$DB" standings --format csv
cut -d, -f2- "$T/out" | grep -qE '^"?[=+@]|^"?[[:cntrl:]]' && bad "a CSV cell starts a formula: $(grep -E ',"?[=+@]' "$T/out" | head -1)" || ok
expect_out "^[0-9]+,\"'=HYPERLINK\(\"\"http://evil/\"\"\)\","
expect_out "^[0-9]+,'\+1\+2,"
expect_out "^[0-9]+,'@SUM\(A1\),"
expect_out '^[0-9]+,-3,'
expect_out "^[0-9]+,'-CR,"
expect_out "^[0-9]+,-216,|,-216,"
expect_exit 0 "$BIN" --db "$DB" standings -o "$OI/st.csv"
grep -q "'=HYPERLINK" "$OI/st.csv" && ok || bad "standings -o FILE.csv not neutralised"
# control characters: a name holding one is refused (issue 30: golden 76-name-controls); in a note, a venue and a
# league every command shows them, never sends them raw
DB=$OI/ctl.db
ESC=$(printf '\033')
DEL=$(printf '\177')
C1=$(printf '\302\233')  # U+009B, CSI in 8-bit terminals
RED="R${ESC}[31m"
expect_exit 1 "$BIN" --db "$DB" start tarot "players=${RED},D${DEL}el,C${C1}i" "dealer=${RED}" && expect_err 'control character \(an escape, U\+001B\)'
LC_ALL=C grep -q "[${ESC}${DEL}]" "$T/err" && bad "an error message sent a control character raw" || ok
expect_exit 0 "$BIN" --db "$DB" night start --date 2026-11-20 --venue "V${DEL}enue ${RED}" --league "L${C1}eague"
expect_exit 0 "$BIN" --db "$DB" start tarot players=Red,Del,Ci dealer=Red --night 1 --note "n${ESC}]0;title${ESC}\\"
for cmd in "hand --no-prompt taker=Red contract=garde oudlers=2 points=50" "games" "score" "player list" "stats" "history" \
    "list" "sheet" "standings" "night list" "player rename Del Eel"; do
  # shellcheck disable=SC2086
  expect_exit 0 "$BIN" --db "$DB" $cmd
  if LC_ALL=C grep -q "[${ESC}${DEL}]" "$T/out" || LC_ALL=C grep -q "$C1" "$T/out"; then bad "$cmd: a control character reached the terminal raw"; else ok; fi
done
expect_exit 0 "$BIN" --db "$DB" night list && expect_out 'V\\x7fenue R\\x1b\[31m' && expect_out 'L\\xc2\\x9beague'
expect_exit 66 "$BIN" --db "$DB" stats "X${ESC}[2J"
LC_ALL=C grep -q "$ESC" "$T/err" && bad "an error message sent a control character raw" || ok
# DEL and C1 in JSON: escaped, valid, and the export imports back with the same scores
expect_exit 0 "$BIN" --db "$DB" export --all -o "$OI/ctl.json"
LC_ALL=C grep -q "[${DEL}]" "$OI/ctl.json" && bad "export: raw DEL" || ok
grep -q 'V\\u007fenue' "$OI/ctl.json" && grep -q 'L\\u009beague' "$OI/ctl.json" && ok || bad "export: DEL/C1 not escaped as \\u007f / \\u009b"
if command -v jq > /dev/null; then jq empty "$OI/ctl.json" && ok || bad "export is not valid JSON"; fi
expect_exit 0 "$BIN" --db "$DB" standings --format json
if command -v jq > /dev/null; then jq empty "$T/out" && ok || bad "standings --format json is not valid JSON"; fi
expect_exit 0 "$BIN" --db "$OI/ctl-copy.db" import "$OI/ctl.json" && expect_out '1 game'
"$BIN" --db "$DB" score 1 --format json > "$OI/s1.json"; "$BIN" --db "$OI/ctl-copy.db" score 1 --format json > "$OI/s2.json"
cmp -s "$OI/s1.json" "$OI/s2.json" && ok || bad "export -> import changed a game of a night with DEL in its venue"

# --- identity: one spelling per player in every record
DB=$OI/id.db
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Ann
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt taker=Ann contract=garde oudlers=2 points=50
expect_exit 0 "$BIN" --db "$DB" start tarot players=ann,BEN,Cat dealer=ann && expect_out 'Ann, Ben, Cat'
expect_exit 0 "$BIN" --db "$DB" hand --no-prompt taker=ann contract=garde oudlers=2 points=50 && expect_out 'Ann \+'
expect_exit 0 "$BIN" --db "$DB" export 2
grep -q '"ann"\|"BEN"' "$T/out" && bad "records keep a spelling that is not the player's" || ok
expect_exit 0 "$BIN" --db "$DB" game close 1  # statistics count the games that are over
expect_exit 0 "$BIN" --db "$DB" game close 2
expect_exit 0 "$BIN" --db "$DB" stats Ann --format json
grep -q '"hands": 2,' "$T/out" && grep -q '"as_role": 2,' "$T/out" && ok || bad "Ann's statistics miss a hand played as ann: $(head -c 300 "$T/out")"
expect_exit 0 "$BIN" --db "$DB" player rename Ann Anne
expect_exit 0 "$BIN" --db "$DB" export 2
grep -qi '"ann"' "$T/out" && bad "a rename left ann behind" || ok
expect_exit 0 "$BIN" --db "$DB" check
# a record spelled otherwise than its player (an older database): check says so; a rename respells it
sqlite3 "$DB" "UPDATE games SET setup = replace(setup, '\"Anne\"', '\"anne\"') WHERE id = 2; UPDATE hands SET record = replace(record, '\"Anne\"', '\"anne\"') WHERE game_id = 2"
expect_exit 1 "$BIN" --db "$DB" check && expect_out 'game 2: its records name "anne" but the player is "Anne"'
expect_exit 0 "$BIN" --db "$DB" player rename Anne Anne
expect_exit 0 "$BIN" --db "$DB" check
# an import spelled otherwise is stored with the player's spelling
printf '{"format":"marque-game/1","game":"tarot","setup":{"players":["ANNE","Ben","Cat"],"first_dealer":"ANNE"},"hands":[{"type":"hand","taker":"ANNE","contract":"garde","oudlers":2,"points":50}],"meta":{}}' > "$OI/upper.json"
expect_exit 0 "$BIN" --db "$DB" import "$OI/upper.json"
expect_exit 0 "$BIN" --db "$DB" export 3
grep -q '"ANNE"' "$T/out" && bad "import kept ANNE for Anne" || ok
grep -q '"taker": "Anne"' "$T/out" && ok || bad "import did not respell ANNE as Anne in the records"
expect_exit 0 "$BIN" --db "$DB" check
# two names that differ only in case: a clear refusal, never SQLite's text
expect_exit 1 "$BIN" --db "$DB" start tarot players=Eve,eve,Fay dealer=Eve && expect_err 'eve'
expect_exit 1 "$BIN" --db "$DB" start coinche players=Eve,Fay,eve,Gus dealer=Eve && expect_err 'setup.players: "Eve" and "eve" differ only in case'
grep -q 'UNIQUE\|constraint' "$T/err" && bad "raw SQLite text: $(cat "$T/err")" || ok
printf '{"format":"marque-game/1","game":"coinche","setup":{"seats":{"N":"Zed","E":"Yan","S":"zed","W":"Xia"},"first_dealer":"N"},"hands":[],"meta":{}}' > "$OI/twins.json"
expect_exit 1 "$BIN" --db "$DB" import "$OI/twins.json" && expect_err 'differ only in case'
# dates: a real YYYY-MM-DD day wherever a date enters
for d in 2026-13-45 2026-02-30 "not a date" 2026-2-3 2025-02-29; do
  expect_exit 1 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Ann --date "$d" && expect_err '--date: .*is not a date'
  expect_exit 1 "$BIN" --db "$DB" night start --date "$d" && expect_err 'not a date'
  expect_exit 1 "$BIN" --db "$DB" standings --from "$d" && expect_err '--from: .*not a date'
  expect_exit 1 "$BIN" --db "$DB" standings --to "$d" && expect_err '--to: .*not a date'
done
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Ann --date 2024-02-29
expect_exit 0 "$BIN" --db "$DB" night start --date 2028-02-29
printf '{"format":"marque-game/1","game":"tarot","setup":{"players":["Ann","Ben","Cat"],"first_dealer":"Ann"},"hands":[],"meta":{"date":"2026-02-30"}}' > "$OI/baddate.json"
expect_exit 1 "$BIN" --db "$DB" import "$OI/baddate.json" && expect_err 'meta.date: "2026-02-30" is not a date'
printf '{"format":"marque-export/1","nights":[{"id":1,"date":"2026-99-01"}],"games":[]}' > "$OI/badnight.json"
expect_exit 1 "$BIN" --db "$DB" import "$OI/badnight.json" && expect_err 'not a date'
