#!/usr/bin/env bash
# `marque serve` in a real browser: tests/browser/serve.py with Debian's chromium and chromium-driver.
# Usage: serve.sh MARQUE_BIN ARTIFACTS_DIR. Exit 77 (skipped) when chromium or chromedriver is missing.
set -u
BIN=$1
ART=$2
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
  echo "skipped: needs chromium (apt-get install chromium chromium-driver python3-selenium)"; exit 77
fi
if ! command -v chromedriver >/dev/null && [[ ! -x /usr/bin/chromedriver ]]; then
  echo "skipped: needs chromedriver (apt-get install chromium-driver)"; exit 77
fi
# the Python that has Debian's selenium (python3-selenium): the one on PATH, else the system's
for py in python3 /usr/bin/python3; do
  if "$py" -c 'import selenium' 2>/dev/null; then
    exec "$py" "$(dirname "$0")/${SCRIPT:-serve.py}" "$BIN" "$ART"
  fi
done
echo "FAIL: no python3 with selenium (apt-get install python3-selenium)"; exit 1
