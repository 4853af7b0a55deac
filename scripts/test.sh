#!/usr/bin/env bash
# Install what marque needs (Debian 12, as root), build, and run the whole test suite through CTest:
#   1. the release build: unit tests, every rules case file (calc and import + score), CLI, reliability,
#      schema and browser tests;
#   2. a short bounded libFuzzer run (clang) of the game-file reader and the hand command-line parser;
#   3. the unit tests and case files again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --test
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"
if command -v clang++ >/dev/null; then
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -DMARQUE_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build build-fuzz -j"$jobs" --target fuzzers
  bash tests/fuzz/run.sh build-fuzz 30
fi
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMARQUE_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$jobs" --target marque marque_tests case_runner
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan -L "unit|cases" --output-on-failure -j"$jobs"
