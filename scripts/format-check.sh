#!/usr/bin/env bash
# Is the C++ code formatted as .clang-format says? format-check.sh [SOURCE_DIR] runs clang-format --dry-run --Werror
# over every .cpp and .hpp under src/, reports/, importers/, tests/ and tools/ (vendored files apart: none today;
# list them in `vendored` below) and exits non-zero naming each file that a format pass would change.
# To format the tree: clang-format -i $(scripts/format-check.sh --list)
set -euo pipefail
list=false
if [[ ${1:-} == --list ]]; then list=true; shift; fi
cd "${1:-$(dirname "$0")/..}"
vendored='^$'  # an extended regex of paths not ours, e.g. '^tests/third_party/'
mapfile -t files < <(find src reports importers tests tools -type f \( -name '*.cpp' -o -name '*.hpp' \) | sort | grep -Ev "$vendored")
if $list; then printf '%s\n' "${files[@]}"; exit 0; fi
command -v clang-format >/dev/null || { echo "format-check: clang-format is not installed (Debian: clang-format)" >&2; exit 1; }
bad=0
for f in "${files[@]}"; do
  if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
    echo "format-check: $f is not formatted (clang-format -i $f)"
    bad=$((bad + 1))
  fi
done
echo "format-check: $((${#files[@]} - bad)) passed, $bad failed"
[[ $bad -eq 0 ]]
