# nights, HTML/PDF sheets, export/import bundles, escaping (sourced by run.sh; needs the tarot engine)
DB=$T/night.db
expect_exit 0 "$BIN" --db "$DB" night start --date 2026-11-20 --venue "Café du Coin" --league "Thursday club" && expect_out '^night 1'
expect_exit 0 "$BIN" --db "$DB" start tarot 'players=<script>alert(1)</script>,Gergő,Zoë,日本' 'dealer=Gergő' --night 1 && expect_out '^game 1'
expect_exit 0 "$BIN" --db "$DB" hand taker=Zoë contract=garde oudlers=2 points=50
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Ann --night 1 && expect_out '^game 2'
expect_exit 0 "$BIN" --db "$DB" hand taker=Ann contract=prise oudlers=1 points=60
expect_exit 0 "$BIN" --db "$DB" night list && expect_out 'games: 1 2'
expect_exit 0 "$BIN" --db "$DB" sheet --night 1 --format html -o "$T/night.html"
if grep -q '<script>alert' "$T/night.html"; then bad "html: player name not escaped"; else ok; fi
if grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$T/night.html"; then ok; else bad "html: escaped name missing"; fi
if grep -q '<svg class="chart"' "$T/night.html"; then ok; else bad "html: no chart"; fi
if grep -q 'Gergő' "$T/night.html" && grep -q '日本' "$T/night.html"; then ok; else bad "html: names missing"; fi
expect_exit 0 "$BIN" --db "$DB" sheet 1 && expect_out 'Gergő'
# the sheet as data (marque-sheet/1): the same cells as the text sheet, the chart series, the corrections
expect_exit 0 "$BIN" --db "$DB" sheet 1 --format json -o "$T/sheet1.json"
if python3 - "$T/sheet1.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "marque-sheet/1" and d["game"] == 1, d.get("format")
hands = [b for b in d["blocks"] if b["role"] == "hands"][0]["table"]
assert [c["title"] for c in hands["columns"]][-4:] == ["<script>alert(1)</script>", "Gergő", "Zoë", "日本"], hands["columns"]
assert any(r["kind"] == "hand" and r["cells"][0] == "1" for r in hands["rows"]), hands["rows"]
assert [s["name"] for s in d["chart"]] == ["<script>alert(1)</script>", "Gergő", "Zoë", "日本"] and len(d["chart"][0]["points"]) == 2
assert any(b["role"] == "result" for b in d["blocks"])
PY
then ok; else bad "sheet --format json: not the documented shape"; fi
expect_exit 0 "$BIN" --db "$DB" sheet --night 1 --format json && expect_out '"format": "marque-sheets/1"'
if grep -q '<table class="sheet hands' "$T/night.html"; then ok; else bad "html: the sheet is not drawn as a table"; fi
PATH=/nonexistent MARQUE_PDF_COMMAND= expect_exit 69 "$BIN" --db "$DB" sheet --night 1 -o "$T/night.pdf" && expect_err 'no PDF converter'
expect_exit 0 "$BIN" --db "$DB" export --night 1 -o "$T/night.json"
expect_exit 0 "$BIN" --db "$T/night-copy.db" import "$T/night.json" && expect_out '2 game'
expect_exit 0 "$BIN" --db "$T/night-copy.db" import "$T/night.json" && expect_out 'duplicate'
"$BIN" --db "$DB" score 1 --format json > "$T/a.json"; "$BIN" --db "$T/night-copy.db" score 1 --format json > "$T/b.json"
if cmp -s "$T/a.json" "$T/b.json"; then ok; else bad "export/import round trip changed the scores"; fi
