#!/usr/bin/env bash
# Install what marque needs (Debian 12, as root), build, and run the whole test suite through CTest:
#   1. one release build (g++, Ninja): unit tests, every rules case file (calc and import + score), CLI,
#      reliability, schema and browser tests;
#   2. one clang build with AddressSanitizer + UndefinedBehaviorSanitizer and libFuzzer coverage: the unit tests
#      and the case files again under the sanitizers, then a short bounded libFuzzer run of every fuzz target.
#      Built at -O0 (the instrumented build compiles in a third of the time of -O1; its tests run a little slower).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --test
jobs=$(nproc)
bash scripts/configure.sh build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"
CC=clang CXX=clang++ bash scripts/configure.sh build-san -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O0 -gline-tables-only" -DMARQUE_SANITIZE=ON
cmake --build build-san -j"$jobs" --target marque marque_tests case_runner fuzzers
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-san -L "unit|cases" --output-on-failure -j"$jobs"
bash tests/fuzz/run.sh build-san 30
