#!/usr/bin/env bash
# The club's website crawled in a real browser: tests/browser/site.py with Debian's chromium, chromium-driver and
# python3-selenium. Usage: site.sh MARQUE_BIN SOURCE_DIR ARTIFACTS_DIR. Exit 77 (skipped) when one is missing.
set -u
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
  echo "skipped: needs chromium (apt-get install chromium chromium-driver python3-selenium)"; exit 77
fi
if ! command -v chromedriver >/dev/null && [[ ! -x /usr/bin/chromedriver ]]; then
  echo "skipped: needs chromedriver (apt-get install chromium-driver)"; exit 77
fi
for py in python3 /usr/bin/python3; do
  if "$py" -c 'import selenium' 2>/dev/null; then
    exec "$py" "$(dirname "$0")/site.py" "$@"
  fi
done
echo "skipped: no python3 with selenium (apt-get install python3-selenium)"; exit 77
