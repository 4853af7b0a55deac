#!/usr/bin/env bash
# The tournament draw benchmark (figures beside their targets; tournament.md 3.5): 120 tarot players drawn in 6
# rounds of rotation, each round planning the rounds left (marque tournament calc of a draw case: 30 tables of 4 a
# round; the counting bound is 0 repeat pairs), target under 5 s on a 2-core machine; and the case sizes (16 players
# in 4 rounds, bound 0). Usage: bash tests/bench/tournament.sh [BUILD_DIR]
set -euo pipefail
B=${1:-build}
BIN=$(realpath "$B/marque")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
draw() { # players rounds -> "S.SSS s, repeat pairs R"
  python3 - "$1" "$2" > "$T/case.json" <<'PY'
import json, sys
n, rounds = int(sys.argv[1]), int(sys.argv[2])
print(json.dumps({"format": "marque-tournament-case/1", "id": "bench", "kind": "draw",
                  "event": {"game": "tarot", "rounds": rounds, "draw": {"method": "rotation", "seed": "2026"}},
                  "entrants": [{"id": f"P{i:03}"} for i in range(1, n + 1)], "history": [],
                  "draw_rounds": list(range(1, rounds + 1))}))
PY
  local s e
  s=$(date +%s.%N)
  "$BIN" tournament calc "$T/case.json" --format json > "$T/out.json"
  e=$(date +%s.%N)
  python3 - "$T/out.json" "$s" "$e" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
print("%.3f s, repeat pairs %d" % (float(sys.argv[3]) - float(sys.argv[2]),
                                   sum(r["repeat_pairs"] for r in doc["rounds_played"])))
PY
}
echo "== marque tournament draw benchmark ($(nproc) cores, $(date -u +%Y-%m-%d))"
echo "draw 16 tarot players, 4 rounds of rotation (case D1): $(draw 16 4) (bound 0)"
echo "draw 120 tarot players, 6 rounds of rotation: $(draw 120 6) (target under 5 s, bound 0)"
