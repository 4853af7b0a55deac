# the sheet as a scorer reads it (issue 17): a night's summary, the net corrections in local time, the text chart,
# the sheet as data with groups and the Prefa drawing, the PDF converter named (sourced by run.sh)
SP=$T/sheetprint.db
expect_exit 0 "$BIN" --db "$SP" night start --date 2026-11-20 --venue "Café du Coin"
expect_exit 0 "$BIN" --db "$SP" start tarot players=Ann,Ben,Cat,Dan dealer=Ann option.count_redeals=false --night 1
for p in 41 42 43 44; do "$BIN" --db "$SP" hand --no-prompt taker=Ben contract=prise oudlers=2 points=$p >/dev/null 2>&1 || bad "tarot hand"; done
"$BIN" --db "$SP" edit 2 contract=garde >/dev/null 2>&1      # stands
"$BIN" --db "$SP" edit 3 points=60 >/dev/null 2>&1           # undone: not a correction
"$BIN" --db "$SP" undo >/dev/null 2>&1
"$BIN" --db "$SP" edit 4 points=50 >/dev/null 2>&1           # edited back: no net change
"$BIN" --db "$SP" edit 4 points=44 >/dev/null 2>&1
expect_exit 0 "$BIN" --db "$SP" start coinche N=Nina E=Emil S=Sara W=Will dealer=N option.target_score=1000 --night 1
for b in N S N S N S; do "$BIN" --db "$SP" hand --no-prompt bidder=$b bid=120H points=130 last=bidders >/dev/null 2>&1 || break; done
# the night: a summary first (title, each table's winner and totals), then each game
expect_exit 0 "$BIN" --db "$SP" sheet --night 1 && expect_out '^Night of 2026-11-20 — Café du Coin$' \
  && expect_out '^Game 1 — French Tarot +\(in progress\) +Ben [0-9]+ · ' && expect_out '^Game 2 — Coinche.* (Nina & Sara|Emil & Will) '
grep -c '^Game 1 — French Tarot' "$T/out" | grep -qx 2 && ok || bad "sheet --night: game 1's heading not once in the summary and once above its sheet"
# corrections: the net ones only, in local time with the offset (TZ=UTC here)
expect_exit 0 "$BIN" --db "$SP" sheet 1 && expect_out '^  [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} \+00:00  hand 2 edited: prise -> garde$'
if grep -qE 'hand (3|4) edited' "$T/out"; then bad "sheet: an undone or reverted edit is shown as a correction"; else ok; fi
TZ=Europe/Paris expect_exit 0 "$BIN" --db "$SP" sheet 1 && expect_out '\+0[12]:00  hand 2 edited'
# the text chart: the zero line, the target level, hand numbers, a legend with each final total
expect_exit 0 "$BIN" --db "$SP" sheet 2 --chart && expect_out '^running totals, hands 1-' && expect_out '^ *0 \|' \
  && expect_out '^ *1000 \|=+' && expect_out '^\* NOUS \(NS\) [0-9]+   o EUX \(EW\) [0-9]+   = target 1000$'
expect_exit 0 "$BIN" --db "$SP" sheet 2 && if grep -q 'running totals' "$T/out"; then bad "sheet: a chart without --chart"; else ok; fi
# the sheet as data: corrections as a list, places, levels; tarot's deal columns and a redeal spanning them
expect_exit 0 "$BIN" --db "$SP" hand --game 1 --no-prompt reason=all_pass
expect_exit 0 "$BIN" --db "$SP" sheet 1 --format json -o "$T/sp1.json"
if python3 - "$T/sp1.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert [c["hand"] for c in d["corrections"]] == [2] and d["corrections"][0]["what"] == "edited: prise -> garde", d["corrections"]
assert d["places"][0]["who"] == "Ben" and d["places"][0]["place"] == 1, d["places"]
t = [b for b in d["blocks"] if b["role"] == "hands"][0]["table"]
assert [c["title"] for c in t["columns"]][:7] == ["#", "Dlr", "Taker(+Partner)", "Contract", "Oud", "Pts", "Result"], t["columns"]
red = [r for r in t["rows"] if r["cells"][2:3] and r["cells"][2].startswith("-- redeal")]
assert red and red[0]["span"] == [1, 1, 5] and len(red[0]["cells"]) == 3 + 4, red
PY
then ok; else bad "sheet --format json: corrections, places or tarot columns not as documented"; fi
expect_exit 0 "$BIN" --db "$SP" sheet 1 && expect_out '^5  Ann +-- redeal: all pass +\|'
# Prefa: the hand log's per-player columns under groups (text: one column 'pools A/B/C'), the ⊥ as a drawing
expect_exit 0 "$BIN" --db "$SP" start prefa players=Ann,Ben,Cat
expect_exit 0 "$BIN" --db "$SP" hand --no-prompt declarer=Ben contract=6S calls=Cat:play,Ann:pass tricks=Ben:6,Cat:4
expect_exit 0 "$BIN" --db "$SP" sheet && expect_out 'pools Ann/Ben/Cat +cash Ann/Ben/Cat +value Ann/Ben/Cat'
expect_exit 0 "$BIN" --db "$SP" sheet --format json -o "$T/sp3.json"
if python3 - "$T/sp3.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = [b for b in d["blocks"] if b["role"] == "hands"][0]["table"]
assert [g["title"] for g in t["groups"]] == ["pools", "cash", "value"] and all(g["count"] == 3 for g in t["groups"]), t["groups"]
dr = [b for b in d["blocks"] if "drawing" in b][0]["drawing"]
assert len(dr["top"]) == 2 and dr["bottom"]["name"] == "Ann" and dr["bottom"]["pool"]["values"][0] == "31", dr
assert any(t["upwards"] for a in dr["top"] for t in a["left"] + a["right"]), dr
PY
then ok; else bad "sheet --format json: Prefa groups or drawing not as documented"; fi
expect_exit 0 "$BIN" --db "$SP" sheet --format html -o "$T/sp3.html"
grep -q '<table class="drawing"' "$T/sp3.html" && grep -q '<s>31</s>' "$T/sp3.html" && ok || bad "html: the Prefa ⊥ is not drawn with its struck-out values"
# the PDF: the converter is named
MARQUE_PDF_COMMAND='cp {in} {out}' expect_exit 0 "$BIN" --db "$SP" sheet -o "$T/sp3.pdf" && expect_err 'PDF by MARQUE_PDF_COMMAND'
