#!/usr/bin/env bash
# A short, bounded libFuzzer run of every target, seeded from the examples and the rules' case files.
# Usage: run.sh FUZZ_BUILD_DIR [SECONDS_PER_TARGET]
set -u
B=$1
S=${2:-30}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/game" "$T/args" "$T/csv" "$T/http"
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
# the requests the pages send (the first byte: how many bytes come at a time, and which limits: see the target)
http() { printf '%b' "$2" > "$T/http/$1"; }
http get-board '\x00GET / HTTP/1.1\r\nHost: 192.168.1.20:8080\r\nAccept: text/html\r\nCookie: marque_8080=abc\r\n\r\n'
http get-game '\x10GET /game/1 HTTP/1.1\r\nHost: localhost\r\n\r\n'
http get-entry '\x07GET /game/1/hand?x=1 HTTP/1.1\r\nHost: localhost\r\n\r\n'
http post-login '\x00POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 20\r\n\r\ncode=123456&next=%2F'
http post-entry '\x00POST /api/games/1/entry HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-CSRF-Token: t\r\nContent-Length: 62\r\n\r\n{"answers":[["taker","Ben"],["contract","garde"]],"typed":"2"}'
http post-entry-chunked '\x03POST /api/games/1/entry HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{"answers":[["ta\r\n1d;x=y\r\nker","Ann"]],"typed":"garde"}\r\n0\r\nX-Trailer: 1\r\n\r\n'
http post-hands '\x00POST /api/games/1/hands HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 39\r\n\r\n{"answers":[["taker","Ben"]],"key":"k"}'
http long-header "\\x01GET / HTTP/1.1\\r\\nX-Long: $(head -c 600 /dev/zero | tr '\0' a)\\r\\n\\r\\n"
http many-headers "\\x01GET / HTTP/1.1\\r\\n$(for i in 1 2 3 4 5 6 7 8 9 10; do printf 'X-%d: %d\\r\\n' "$i" "$i"; done)\\r\\n"
http gzip '\x00POST /login HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc'
pass=0
fail=0
# the targets run side by side (the wall time of one), each bounded by its own time
targets="fuzz_game_file:game fuzz_hand_args:args fuzz_csv:csv fuzz_http_request:http"
for t in $targets; do
  bin=${t%%:*}
  corpus=$T/${t##*:}
  # requests up to the server's limits (a 16 KB head, a 64 KB body); the others keep libFuzzer's length
  len=; [[ $bin == fuzz_http_request ]] && len=-max_len=200000
  "$B/tests/fuzz/$bin" $len -max_total_time="$S" -timeout=10 -rss_limit_mb=2048 -print_final_stats=0 "$corpus" >"$T/$bin.log" 2>&1 &
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
