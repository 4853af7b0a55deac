#!/usr/bin/env bash
# Debian 12 packages marque needs (installed only when missing; needs root).
#   install-deps.sh          to build and run marque (lld: the linker the build uses when installed; gettext's
#                            msgfmt and Boost.Locale: the translations)
#   install-deps.sh --test   also what the test suite uses: sqlite3 and time (benchmark floor, reliability
#                            tests), python3-jsonschema (standings schema), clang + libclang-rt-14-dev
#                            (libFuzzer), chromium + poppler-utils (sheets rendered as a person sees them), dpkg-dev
#                            + lintian + man-db + groff-base (the Debian package: CPack's dependency list, its check,
#                            the manual pages rendered), zsh + fish (their Tab completion tried like bash's),
#                            python3-selenium + chromium-driver (marque serve driven in a real browser),
#                            clang-format (scripts/format-check.sh), procps (pgrep: scripts/test.sh raises its
#                            background sanitizer build to the normal priority), gettext (xgettext, msgmerge: the
#                            i18n_catalogues test)
set -euo pipefail
pkgs="cmake ninja-build g++ make pkg-config libsqlite3-dev libsqlitecpp-dev libcli11-dev nlohmann-json3-dev catch2 libicu-dev libjemalloc-dev libcpp-httplib-dev libssl-dev libqrencode-dev libtomlplusplus-dev libboost-locale-dev gettext lld"
if [[ ${1:-} == --test ]]; then
  pkgs="$pkgs sqlite3 time python3-jsonschema clang libclang-rt-14-dev chromium poppler-utils fonts-wqy-microhei bsdutils dpkg-dev lintian man-db groff-base zsh fish python3-selenium chromium-driver clang-format procps libboost-locale-dev gettext"
fi
if dpkg -s $pkgs >/dev/null 2>&1; then exit 0; fi
if [[ $(id -u) -ne 0 ]]; then echo "install as root: apt-get install -y $pkgs" >&2; exit 1; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
