#!/usr/bin/env bash
# The config file and its house rules, through the binary: where it is looked for, the precedence of the database
# setting (command line > environment > config file > default), `marque config` (text and JSON), a game started with
# the club's options (the command line overriding one of them, the start saying which came from the house rules),
# league and venue from the file (not for a game of a night), a malformed file (exit 78 naming file and line);
# and --version with the schema, colour at a terminal (off with NO_COLOR, off when not a terminal).
# Usage: config.sh MARQUE_BIN SOURCE_DIR
set -u
BIN=$(realpath "$1")
SRC=$(realpath "$2")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export HOME=$T/home XDG_DATA_HOME=$T/data XDG_CONFIG_HOME=$T/config NO_COLOR=1 LC_ALL=C.UTF-8
unset MARQUE_DB MARQUE_CONFIG MARQUE_LOCK_TIMEOUT
mkdir -p "$HOME" "$XDG_CONFIG_HOME/marque"
CFG=$XDG_CONFIG_HOME/marque/config.toml
cd "$T" || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
run() { # want_exit cmd...
  local want=$1; shift
  "$@" >"$T/out" 2>"$T/err"; local got=$?
  if [[ $got -ne $want ]]; then bad "exit $got (want $want): $*"; sed 's/^/   out: /' "$T/out" | head -8; sed 's/^/   err: /' "$T/err" | head -5; return 1; fi
  ok
}
has() { # file pattern (fixed string)
  if grep -qF -- "$2" "$T/$1"; then ok; else bad "$1 lacks: $2"; sed "s/^/   $1: /" "$T/$1" | head -12; fi
}
lacks() {
  if grep -qF -- "$2" "$T/$1"; then bad "$1 has: $2"; else ok; fi
}

# the club's config: the example installed with the package (league, venue, [coinche] target_score and rounding)
cp "$SRC/packaging/config.toml" "$CFG"
grep -q '^target_score = 2000$' "$CFG" && grep -q '^rounding = "half_up"$' "$CFG" || { echo "the example config changed"; exit 1; }
example="coinche N=Nina E=Emil S=Sara W=Will dealer=W"

# --version names the schema
run 0 "$BIN" --version && grep -qE '^marque [0-9]+\.[0-9]+\.[0-9]+ \(database schema [0-9]+\)$' "$T/out" && ok || bad "--version: $(cat "$T/out")"

# marque config: every setting and where it comes from
run 0 "$BIN" config
has out "config file: $CFG (from \$XDG_CONFIG_HOME)"
has out "league"
has out "Thursday club"
has out "config file, line"
has out "coinche.target_score"
has out "$XDG_DATA_HOME/marque/marque.db"
run 0 "$BIN" config --format json
python3 - "$T/out" "$CFG" coinche target_score <<'PY' && ok || bad "config --format json"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["config_file"] == {"path": sys.argv[2], "located_by": "XDG_CONFIG_HOME", "exists": True}, j["config_file"]
s = {x["key"]: x for x in j["settings"]}
assert s["db"]["source"] == "default", s["db"]
assert s["league"]["value"] == "Thursday club" and s["league"]["line"] > 0, s["league"]
assert sys.argv[4] in j["house_rules"][sys.argv[3]], j["house_rules"]
PY

# precedence of the database: command line > MARQUE_DB > config file > default
printf 'db = "club.db"\n' > "$T/db.toml"
run 0 "$BIN" --config "$T/db.toml" config
has out "$T/club.db"
has out "config file, line 1"
run 0 env MARQUE_DB="$T/env.db" "$BIN" --config "$T/db.toml" config
has out "$T/env.db"
has out "environment (MARQUE_DB)"
run 0 env MARQUE_DB="$T/env.db" "$BIN" --config "$T/db.toml" --db "$T/flag.db" config
has out "$T/flag.db"
has out "command line (--db)"
run 0 env MARQUE_CONFIG="$T/db.toml" "$BIN" config
has out "(from \$MARQUE_CONFIG)"
has out "$T/club.db"
# the config file's db is the one the commands use
run 0 "$BIN" --config "$T/db.toml" night start --date 2026-11-20
[[ -f $T/club.db ]] && ok || bad "the config file's db was not created"
run 0 "$BIN" --config "$T/db.toml" info
has out "$T/club.db"
printf 'db = "~/home.db"\n' > "$T/home.toml"
run 0 "$BIN" --config "$T/home.toml" config
has out "$HOME/home.db"

# a game started with the house rules: the options not given come from the file, one given on the command line wins
run 0 "$BIN" start $example option.rounding=six_up --date 2026-11-20
has out "options:      trick points rounded to the nearest 10, from 6 up; house rules: game to 2000; the rest as the rules' defaults (marque rules coinche)"
has out "league:       Thursday club (config file)"
has out "venue:        Café du Coin (config file)"
has out "config file:  $CFG"
run 0 "$BIN" export
python3 - "$T/out" <<'PY' && ok || bad "the stored set-up lacks the house rules"
import json, sys
g = json.load(open(sys.argv[1]))
assert g["setup"]["options"] == {"rounding": "six_up", "target_score": 2000}, g["setup"]
assert g["meta"]["league"] == "Thursday club" and g["meta"]["venue"] == "Café du Coin", g["meta"]
PY
# an alias of the option on the command line (target=) wins too
run 0 "$BIN" start $example target=1000 --date 2026-11-20
has out "options:      game to 1000; house rules: trick points rounded to the nearest 10, halves up;"
# the command line's league wins; a game of a night takes the night's league and venue, not the file's
run 0 "$BIN" start $example --league "Other" --date 2026-11-20
has out "league:       Other"
lacks out "Other (config file)"
has out "venue:        Café du Coin (config file)"
run 0 "$BIN" night start --date 2026-11-21 --venue "Chez Lulu" --league "Night league"
night=$(grep -oE 'night [0-9]+' "$T/out" | head -1 | cut -d' ' -f2)
run 0 "$BIN" start $example --night "${night:-1}"
has out "house rules: "
lacks out "Thursday club"
run 0 "$BIN" export
grep -q '"league": "Night league"' "$T/out" && ok || bad "a night's game took the config file's league"
# no config file: the rules' defaults, no mention of house rules
run 0 "$BIN" --config /dev/null start $example --date 2026-11-20
has out "the rules' defaults"
lacks out "house rules"
lacks out "config file"

# a malformed or unknown setting: exit 78, the file and the line; a missing file named on purpose: 66
printf '# club\n[coinche]\nrounding = half_up\n' > "$CFG"
run 78 "$BIN" start $example
has err "marque: error: $CFG:3: "
has err "is not a value"
run 78 "$BIN" config
printf '[coinche]\ntarget = 1000\n' > "$CFG"
run 78 "$BIN" start $example
has err "$CFG:2: [coinche] has no option \"target\" (did you mean target_score?)"
printf '[coinche]\nrounding = "half"\n' > "$CFG"
run 78 "$BIN" start $example
has err "$CFG:2: [coinche] rounding: half is not a legal value; allowed: one of: none, half_up, six_up"
printf 'leage = "x"\n' > "$CFG"
run 78 "$BIN" games
has err "$CFG:1: unknown setting \"leage\" (did you mean league?)"
# --db decides the database without reading the file
run 0 "$BIN" --db "$T/club.db" games
run 66 "$BIN" --config "$T/none.toml" config
has err "config file $T/none.toml (named by --config) does not exist"
rm "$CFG"
run 0 "$BIN" config
has out "it does not exist: defaults only"

# colour: never when not a terminal (every other test), off with NO_COLOR, on at a terminal
if command -v script >/dev/null; then
  run 0 "$BIN" --db "$T/colour.db" start $example --date 2026-11-20
  words="bidder=N bid=90 trump=H points=100 last=bidders"
  printf -v q '%q ' "$BIN" --db "$T/colour.db" hand --no-prompt --dry-run $words
  NO_COLOR= TERM=xterm script -qec "$q" /dev/null >"$T/out" 2>&1
  if grep -q $'\e\[1m' "$T/out" && grep -qE $'\e\\[3[12]m' "$T/out"; then ok; else bad "no colour at a terminal"; cat -v "$T/out" | head -5; fi
  NO_COLOR=1 TERM=xterm script -qec "$q" /dev/null >"$T/out" 2>&1
  if grep -q $'\e\[' "$T/out"; then bad "colour with NO_COLOR"; else ok; fi
  NO_COLOR= TERM=dumb script -qec "$q" /dev/null >"$T/out" 2>&1
  if grep -q $'\e\[' "$T/out"; then bad "colour with TERM=dumb"; else ok; fi
  NO_COLOR= "$BIN" --db "$T/colour.db" hand --no-prompt --dry-run $words >"$T/out" 2>&1
  if grep -q $'\e\[' "$T/out"; then bad "colour into a file"; else ok; fi
fi

echo "config: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
