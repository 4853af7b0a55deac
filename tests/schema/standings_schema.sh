#!/usr/bin/env bash
# Every standings export validates against schema/json/standings.v2.schema.json (JSON Schema 2020-12).
# Usage: standings_schema.sh MARQUE_BIN SOURCE_DIR. Exit 77 (skipped) when no python3 with jsonschema.
set -u
BIN=$1
SRC=$2
PY=""
for p in python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null && "$p" -c 'import jsonschema; jsonschema.Draft202012Validator' 2>/dev/null; then PY=$p; break; fi
done
[[ -n $PY ]] || { echo "skipped: no python3 with jsonschema (apt-get install python3-jsonschema)"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T
DB=$T/s.db
for f in "$SRC"/examples/*.json; do
  "$BIN" --db "$DB" import "$f" >/dev/null 2>&1 || echo "note: $(basename "$f") not imported"
done
# examples/season.json brings the season "Autumn 2026"
"$BIN" --db "$DB" season add "October" --league "Thursday club" --from 2026-10-01 --to 2026-10-10 >/dev/null
fail=0
n=0
for args in "" "--league Thursday\ club" "--kind tarot" "--kind coinche" "--kind prefa" "--kind piquet" "--kind alsos" \
            "--players 4" "--from 2026-01-01 --to 2026-12-31" "--league nobody" "--season Autumn\ 2026" "--season october --kind tarot"; do
  eval "\"$BIN\" --db \"$DB\" standings $args --format json" > "$T/out.json" 2>"$T/err" || { echo "FAIL: standings $args: $(cat "$T/err")"; fail=$((fail+1)); continue; }
  if "$PY" - "$SRC/schema/json/standings.v2.schema.json" "$T/out.json" <<'PYEOF'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator.check_schema(schema)
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
for e in errors[:5]:
    print("  ", list(e.path), e.message)
sys.exit(1 if errors else 0)
PYEOF
  then n=$((n+1)); else echo "FAIL: standings $args does not match the schema"; fail=$((fail+1)); fi
done
# the schema keeps points per game kind: an entry that adds points across kinds (marque-standings/1's
# top-level "points") does not validate
"$BIN" --db "$DB" standings --format json > "$T/out.json"
if "$PY" - "$SRC/schema/json/standings.v2.schema.json" "$T/out.json" <<'PYEOF'
import json, sys, jsonschema
schema, doc = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
doc["standings"][0]["points"] = 1234
sys.exit(0 if list(jsonschema.Draft202012Validator(schema).iter_errors(doc)) else 1)
PYEOF
then n=$((n+1)); else echo "FAIL: the schema accepts points added across game kinds"; fail=$((fail+1)); fi
echo "$n passed, $fail failed"
[[ $fail -eq 0 ]]
