#!/usr/bin/env bash
# The printable sheets as a person sees them: the HTML night sheet of every examples/ game is rendered by
# real headless Chromium to PDF and PNG; the PDF must have a page per game at least, and every player name
# and every final total must appear in its text; a hostile player name prints as text.
# Usage: render.sh MARQUE_BIN SOURCE_DIR. Exit 77 (skipped) when chromium or pdftotext is missing.
set -u
BIN=$1
SRC=$2
CHROME=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $CHROME ]] || ! command -v pdftotext >/dev/null; then
  echo "skipped: needs chromium and poppler-utils (apt-get install chromium poppler-utils)"; exit 77
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T HOME=$T
DB=$T/b.db
pass=0
fail=0
chk() { if eval "$1"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $2"; fi; }
"$BIN" --db "$DB" night start --date 2026-11-20 --venue "Café du Coin" --league "Thursday club" >/dev/null
games=0
for f in "$SRC"/examples/*.json; do
  "$BIN" --db "$DB" import "$f" >/dev/null 2>&1 || { echo "note: $(basename "$f") not imported"; continue; }
  games=$((games + 1))
done
# a hostile name, in a game of its own
"$BIN" --db "$DB" start tarot 'players=<script>alert(1)</script>,Gergő,Zoë,日本' 'dealer=Gergő' >/dev/null
"$BIN" --db "$DB" hand --no-prompt taker=Zoë contract=garde oudlers=2 points=50 >/dev/null
games=$((games + 1))
sqlite3 "$DB" "UPDATE games SET night_id = 1"
"$BIN" --db "$DB" sheet --night 1 --format html -o "$T/night.html" 2>/dev/null
chk '[[ -s $T/night.html ]]' "no HTML written"
flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=$T/profile"
timeout 120 "$CHROME" $flags --no-pdf-header-footer --print-to-pdf="$T/night.pdf" "file://$T/night.html" >/dev/null 2>&1
chk '[[ -s $T/night.pdf ]]' "chromium wrote no PDF"
timeout 120 "$CHROME" $flags --window-size=1200,1600 --screenshot="$T/night.png" "file://$T/night.html" >/dev/null 2>&1
chk '[[ -s $T/night.png ]]' "chromium took no screenshot"
pages=$(pdfinfo "$T/night.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
chk '[[ ${pages:-0} -ge $games ]]' "the PDF has ${pages:-0} pages for $games games (one page per game at least)"
pdftotext -layout "$T/night.pdf" "$T/night.txt"
# every player name and final total of every game appears in the printed text
for id in $(seq "$games"); do
  "$BIN" --db "$DB" score "$id" --format json > "$T/s.json"
  names=$(sqlite3 :memory: "SELECT group_concat(value, char(10)) FROM json_each(json_extract(CAST(readfile('$T/s.json') AS TEXT), '\$.players'))")
  while IFS= read -r n; do
    [[ -z $n ]] && continue
    chk 'grep -qF -- "$n" "$T/night.txt"' "game $id: player $n not in the printed sheet"
    tot=$(sqlite3 :memory: "SELECT json_extract(CAST(readfile('$T/s.json') AS TEXT), '\$.totals.\"$n\"')")
    tot=$(awk -v v="$tot" 'BEGIN { if (v == int(v)) printf "%d", v; else { s = sprintf("%.2f", v); sub(/0+$/, "", s); print s } }')
    chk 'grep -qF -- "$tot" "$T/night.txt"' "game $id: total $tot of $n not in the printed sheet"
  done <<< "$names"
done
chk 'grep -qF "<script>alert(1)</script>" "$T/night.txt"' "the hostile name is not printed as text"
chk '! grep -q "<script>alert" "$T/night.html"' "the hostile name is not escaped in the HTML"
[[ -n ${MARQUE_KEEP_RENDER:-} ]] && cp "$T/night.png" "$T/night.pdf" "$MARQUE_KEEP_RENDER"/ 2>/dev/null
echo "browser: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
