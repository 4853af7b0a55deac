#!/usr/bin/env bash
# Configure a build folder with Ninja: configure.sh BUILD_DIR [CMAKE_ARGS...]. A folder configured earlier with
# another generator (an older checkout used Makefiles) is reset first, since CMake cannot switch generators.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1; shift
if [[ -f $dir/CMakeCache.txt ]] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$dir/CMakeCache.txt"; then
  rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
fi
cmake -G Ninja -S . -B "$dir" "$@" >/dev/null
