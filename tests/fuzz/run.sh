#!/usr/bin/env bash
# A short, bounded libFuzzer run of every target, seeded from the examples and the rules' case files.
# Usage: run.sh FUZZ_BUILD_DIR [SECONDS_PER_TARGET]
set -u
B=$1
S=${2:-30}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/game" "$T/args" "$T/csv"
cp "$SRC"/examples/csv/*.csv "$T/csv/" 2>/dev/null
i=0
for f in "$SRC"/examples/*.json "$SRC"/../shared/rules/examples/*/*.json; do
  [[ -f $f ]] || continue
  i=$((i + 1))
  # case files carry the game file under game_file; examples are game files
  sqlite3 :memory: "SELECT coalesce(json_extract(CAST(readfile('$f') AS TEXT), '\$.game_file'), CAST(readfile('$f') AS TEXT))" > "$T/game/seed$i.json" 2>/dev/null
done
printf '\x00taker=Ben\ncontract=garde\noudlers=2\npoints=47.5\npoignee=Ben:simple\n' > "$T/args/tarot"
printf '\x01bidder=S\nbid=90\ntrump=D\npoints=95\n' > "$T/args/coinche"
printf '\x02declarer=B\ncontract=7H\ntricks=B:7,C:3\n' > "$T/args/prefa"
pass=0
fail=0
# the targets run side by side (the wall time of one), each bounded by its own time
targets="fuzz_game_file:game fuzz_hand_args:args fuzz_csv:csv"
for t in $targets; do
  bin=${t%%:*}
  corpus=$T/${t##*:}
  "$B/tests/fuzz/$bin" -max_total_time="$S" -timeout=10 -rss_limit_mb=2048 -print_final_stats=0 "$corpus" >"$T/$bin.log" 2>&1 &
  echo $! >"$T/$bin.pid"
done
for t in $targets; do
  bin=${t%%:*}
  if wait "$(cat "$T/$bin.pid")"; then
    pass=$((pass + 1)); echo "fuzz $bin: $(grep -o 'Done [0-9]* runs' "$T/$bin.log" | tail -1) in ${S}s, no crash"
  else
    fail=$((fail + 1)); echo "FAIL: fuzz $bin"; tail -40 "$T/$bin.log"
  fi
done
echo "fuzz: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
