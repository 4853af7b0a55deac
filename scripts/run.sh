#!/usr/bin/env bash
# Install what marque needs (Debian 12, as root), build, and run the main job: record the example tarot
# night from examples/ into the default database and print its score sheet.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target marque
./build/marque import examples/tarot.json
./build/marque sheet
