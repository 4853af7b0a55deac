#!/usr/bin/env bash
# Black-box CLI tests: the real binary in a temp data dir. Usage: run.sh MARQUE_BIN SOURCE_DIR
set -u
BIN=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T/data HOME=$T/home
unset MARQUE_DB
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect_exit() { # code cmd...
  local want=$1; shift
  "$@" >"$T/out" 2>"$T/err"; local got=$?
  if [[ $got -ne $want ]]; then bad "exit $got (want $want): $*"; sed 's/^/   out: /' "$T/out" | head -5; sed 's/^/   err: /' "$T/err" | head -5; return 1; fi
  ok
}
expect_out() { # pattern
  if grep -qE -- "$1" "$T/out"; then ok; else bad "stdout lacks /$1/"; sed 's/^/   out: /' "$T/out" | head -10; fi
}
expect_err() {
  if grep -qE -- "$1" "$T/err"; then ok; else bad "stderr lacks /$1/"; sed 's/^/   err: /' "$T/err" | head -10; fi
}

for f in "$SRC"/tests/cli/*.sh; do
  [[ $(basename "$f") == run.sh ]] && continue
  # shellcheck source=/dev/null
  source "$f"
done
echo "cli: $pass passed, $fail failed"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
