#!/usr/bin/env bash
# Instruction profile (callgrind) of the hot commands, on a small club history (not a test; needs valgrind).
# Usage: bash tests/bench/profile.sh [BUILD_DIR] [HANDS]
#   prints the total instructions and the heaviest functions (inclusive) of: importing one bundle of
#   ~500 games, adding one hand to a 200-hand tarot game, and standings over HANDS (default 100,000) hands
set -euo pipefail
B=${1:-build}
N=${2:-100000}
BIN=$(realpath "$B/marque")
GEN=$(realpath "$B/tests/marque_bench_gen")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install -y valgrind)"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T/xdg
top() { # callgrind.out -> total and the 15 heaviest marque/sqlite functions
  callgrind_annotate --inclusive=yes "$1" 2>/dev/null |
    sed -E 's/nlohmann::json_abi_v3_11_2::basic_json<nlohmann::json_abi_v3_11_2::ordered_map[^)]*>/ojson/g;
            s/nlohmann::json_abi_v3_11_2::basic_json<std::map[^)]*>/json/g; s/std::__cxx11::basic_string<char[^>]*> >/string/g' |
    awk '/PROGRAM TOTALS/ { print "  total " $1 " instructions" } /\?\?\?:(marque|sqlite3_|SQLite|nlohmann)/ && n < 15 { n++; print "  " substr($0, 1, 150) }'
}
profile() { # label command...
  local label=$1
  shift
  echo "== $label"
  valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" "$@" >/dev/null 2>"$T/vg.err"
  top "$T/cg.out"
}
"$GEN" club "$T/club" "$N" "$SRC/examples" >/dev/null
profile "import one bundle of 500 games ($(du -h "$T/club/club-0001.json" | cut -f1))" "$BIN" --db "$T/one.db" import "$T/club/club-0001.json"
"$GEN" tarot 200 "$T/g200.json"
"$BIN" --db "$T/add.db" import "$T/g200.json" >/dev/null
profile "add one hand to a 200-hand tarot game" "$BIN" --db "$T/add.db" hand --no-prompt --game 1 taker=Ben contract=garde oudlers=2 points=50
"$BIN" --db "$T/club.db" import "$T"/club/*.json >/dev/null
profile "standings over $N hands" "$BIN" --db "$T/club.db" standings --league "Club history" --format json
