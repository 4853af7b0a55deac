#!/usr/bin/env bash
# The README's command examples work: every command of the "A first night" and "One example per game" shell
# blocks runs against a fresh database and exits 0 (PDF lines are skipped: they need a converter).
# Usage: readme.sh MARQUE_BIN SOURCE_DIR
set -u
BIN=$(realpath "$1")
SRC=$(realpath "$2")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T/data HOME=$T/home MARQUE_DB=$T/readme.db
cd "$T" || exit 1
cp -r "$SRC/examples" "$T/examples"
python3 - "$SRC/README.md" > "$T/commands" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
sections = re.split(r"^## ", text, flags=re.M)
for sec in sections:
    title = sec.split("\n", 1)[0].strip()
    if title not in ("A first night", "One example per game"):
        continue
    for block in re.findall(r"```sh\n(.*?)```", sec, flags=re.S):
        block = block.replace("\\\n", " ")
        for line in block.split("\n"):
            line = line.strip()
            if not line or line.startswith("#") or line.startswith("M="):
                continue
            print(line)
PY
pass=0
fail=0
n=0
while IFS= read -r line; do
  n=$((n + 1))
  [[ $line == *pdf* ]] && continue
  cmd=${line/#\$M /\"\$BIN\" }
  cmd=${cmd/#marque /\"\$BIN\" }
  eval "$cmd" >"$T/out" 2>"$T/err" </dev/null
  rc=$?
  if [[ $rc -eq 0 ]]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL (exit $rc): $line"
    sed 's/^/   /' "$T/err" | head -3
  fi
done < "$T/commands"
echo "readme: $pass passed, $fail failed ($n commands)"
[[ $fail -eq 0 && $pass -ge 20 ]]
