#!/usr/bin/env bash
# Install what marque needs (Debian 12, as root), build, and run the whole test suite through CTest:
#   1. one release build (g++, Ninja): unit tests, every rules case file (calc and import + score), CLI,
#      reliability, schema and browser tests;
#   2. one clang build with AddressSanitizer + UndefinedBehaviorSanitizer and libFuzzer coverage: the unit tests
#      and the case files again under the sanitizers, then a short bounded libFuzzer run of every fuzz target.
#      Built at -O0 (the instrumented build compiles in a third of the time of -O1; its tests run a little slower).
# The sanitizer build runs while the release tests run, at the idle scheduling priority (chrt --idle): it takes only
# the processor time the tests leave (they wait on the disk's syncs, the browser, the servers' clients), so the
# tests, the load-sensitive ones too, run as they would alone; what is left of it when they end goes on at the
# normal priority.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --test
jobs=$(nproc)
bash scripts/configure.sh build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$jobs"
CC=clang CXX=clang++ bash scripts/configure.sh build-san -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O0 -gline-tables-only" -DMARQUE_SANITIZE=ON
# a process and its descendants, parents first (a child started after its parent was changed is born changed)
each() {
  local f=$1 p=$2 c
  "$f" "$p"
  for c in $(pgrep -P "$p" || true); do each "$f" "$c"; done
}
normal() { chrt --other -a -p 0 "$1" >/dev/null 2>&1 || true; }
tree() {
  local c
  echo "$1"
  for c in $(pgrep -P "$1" || true); do tree "$c"; done
}
chrt --idle 0 cmake --build build-san -j"$jobs" --target marque marque_tests case_runner fuzzers >build-san/build.log 2>&1 &
san=$!
trap 'kill $(tree "$san") 2>/dev/null || true' EXIT
# a failed release test ends the command at once, as before (the trap stops the sanitizer build)
ctest --test-dir build --output-on-failure -j"$jobs"
each normal "$san"
built=0
wait "$san" || built=$?
trap - EXIT
if [[ $built -ne 0 ]]; then
  cat build-san/build.log
  echo "the sanitizer build failed" >&2
  exit "$built"
fi
tail -1 build-san/build.log
# under the sanitizers: the unit tests in one process (every test case of marque_tests, as CTest runs them one by one
# in the release build: one instrumented start-up instead of about 40), beside the case files through CTest (every
# case file, the games' through import + score only, their calc's rules being the fuzz run's seeds; of the tournament
# cases through a database, a sample: tests/CMakeLists.txt, MARQUE_SANITIZER_DB_CASES)
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
TZ=UTC NO_COLOR=1 LC_ALL=C.UTF-8 build-san/tests/marque_tests &
units=$!
ctest --test-dir build-san -L cases -LE release_only --output-on-failure -j"$jobs"
wait "$units"
# a smoke run, 10 s a target (the four side by side on the 2 cores): libFuzzer runs every seed (each example and case
# file, the pages' requests) before it looks at the time bound, so all of them run under the sanitizers whatever the
# bound; then a few hundred mutations each; longer fuzzing is not the test command's job (tests/fuzz/run.sh build-san
# SECONDS runs it longer)
bash tests/fuzz/run.sh build-san 10
