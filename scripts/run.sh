#!/usr/bin/env bash
# Install what marque needs (Debian 12, as root), build, and run the main job on an example night: the first
# night of the examples' season (five tables: tarot, coinche, prefa, piquet, alsós) is recorded into a demo
# database of its own (build/demo/marque-demo.db, made anew each run; never your own database), its score
# sheets are printed and written as one HTML file, and the league standings after that night are shown.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/configure.sh build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)" --target marque marque-serve
demo=build/demo
mkdir -p "$demo"
rm -f "$demo"/marque-demo.db*
export MARQUE_DB="$PWD/$demo/marque-demo.db"
echo "demo database: $MARQUE_DB (your own database is not touched)"
./build/marque import examples/season.json >/dev/null
./build/marque night list
./build/marque sheet --night 1
./build/marque sheet --night 1 --format html -o "$demo/night-1.html"
./build/marque standings --to 2026-10-01
echo "HTML score sheets of the night: $PWD/$demo/night-1.html (print it from any browser; --format pdf with chromium or weasyprint)"
