#!/usr/bin/env bash
# Install what marque needs (Debian 12, as root), build, and run the main job: record the example tarot
# night from examples/ into the default database, print its score sheet and write it as one HTML file.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target marque
./build/marque import examples/tarot.json
./build/marque sheet
./build/marque sheet --format html -o tarot-night.html
echo "database: $(./build/marque info | sed -n 's/^database: //p')"
echo "HTML score sheet: $(pwd)/tarot-night.html (print it from any browser; --format pdf with chromium or weasyprint)"
