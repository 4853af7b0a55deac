#!/usr/bin/env bash
# The case runner must fail, never skip or pass, when the binary cannot run or a case folder is empty.
# Usage: runner_fails.sh CASE_RUNNER MARQUE_BIN EXAMPLES_DIR
set -u
runner=$1 bin=$2 examples=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
expect_failure() {  # name, command...
  local name=$1; shift
  "$@" >"$tmp/out" 2>&1; local st=$?
  if [[ $st -eq 0 || $st -eq 77 ]]; then echo "FAIL $name: exit $st"; sed 's/^/  /' "$tmp/out"; fail=1
  else echo "ok   $name (exit $st)"; fi
}
expect_failure "missing binary" "$runner" /nonexistent/marque "$examples" tarot
printf '#!/bin/sh\nexit 127\n' >"$tmp/broken"; chmod +x "$tmp/broken"
expect_failure "binary that does not run" "$runner" "$tmp/broken" "$examples" tarot
mkdir -p "$tmp/empty/tarot"
expect_failure "empty case folder" "$runner" "$bin" "$tmp/empty" tarot
expect_failure "missing case folder" "$runner" "$bin" "$tmp/empty" coinche
if [[ $fail -eq 0 ]]; then echo "4 passed, 0 failed"; else echo "the case runner accepted a broken set-up"; fi
exit $fail
