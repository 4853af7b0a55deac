#!/usr/bin/env bash
# The Debian package: CPack makes marque_VERSION_ARCH.deb from this build; lintian finds no error, and no warning
# but those tests/package/lintian-accepted lists (each with its reason, and in the README); dpkg installs it into a
# scratch root (dpkg --root, no container, no root needed) and dpkg-deb -x unpacks the same files; the installed files
# are where Debian's tools look for them; the installed binary runs from there (--version, a start and a hand on a
# scratch database, a game started with the example config's house rules, --version in French: the plugins); its
# manual page renders with man -l; its bash completion completes a player's name.
# Usage: package.sh BUILD_DIR SOURCE_DIR CPACK VERSION   (exit 77: dpkg-deb, lintian or cpack missing)
set -u
BUILD=$(realpath "$1")
SRC=$(realpath "$2")
CPACK=$3
VERSION=$4
for tool in dpkg-deb dpkg dpkg-shlibdeps lintian "$CPACK" man; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is missing (bash scripts/install-deps.sh --test)"; exit 77; }
done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# build the package
arch=$(dpkg --print-architecture)
deb=$T/pkg/marque_${VERSION}_${arch}.deb
(cd "$BUILD" && "$CPACK" -G DEB -B "$T/pkg" --config "$BUILD/CPackConfig.cmake") >"$T/cpack.log" 2>&1 || { cat "$T/cpack.log"; bad "cpack"; }
[[ -f $deb ]] && ok || { bad "no $deb"; ls "$T/pkg"; echo "package: $pass passed, $fail failed"; exit 1; }

# lintian: no error; no warning but the accepted ones
lintian --tag-display-limit 0 -I -E "$deb" >"$T/lintian" 2>&1
sed 's/^/   lintian: /' "$T/lintian"
grep -v '^running with root privileges' "$T/lintian" | grep -q '^E: ' && bad "lintian reports errors" || ok
while read -r level _ tag _; do
  [[ $level == W: ]] || continue
  grep -qx "$tag" <(sed 's/ *#.*//' "$SRC/tests/package/lintian-accepted" | grep -v '^$') && ok || bad "lintian warning not accepted: $tag"
done < <(grep '^W: ' "$T/lintian")

# control fields
dpkg-deb -f "$deb" Package Version Architecture Maintainer Depends Section >"$T/control"
grep -qx "Version: $VERSION" "$T/control" && grep -qx "Architecture: $arch" "$T/control" && ok || bad "control: $(cat "$T/control")"
grep -q '^Depends: .*libsqlite3-0' "$T/control" && grep -q 'libicu' "$T/control" && ok || bad "Depends: $(grep Depends "$T/control")"

# dpkg installs it into a scratch root; dpkg-deb -x unpacks the same files
R=$T/root
mkdir -p "$R/var/lib/dpkg/info" "$R/var/lib/dpkg/updates" "$R/var/log"
touch "$R/var/lib/dpkg/status"
if dpkg --force-not-root --force-depends --force-script-chrootless --path-include="/usr/*" --root="$R" --log="$R/var/log/dpkg.log" -i "$deb" >"$T/dpkg.log" 2>&1; then ok; else
  bad "dpkg -i --root"; sed 's/^/   dpkg: /' "$T/dpkg.log"; fi
dpkg --root="$R" -s marque 2>/dev/null | grep -q '^Status: install ok installed' && ok || bad "dpkg --root does not list marque as installed"
dpkg-deb -x "$deb" "$T/x" && ok || bad "dpkg-deb -x"
diff <(cd "$R" && find usr -type f | sort) <(cd "$T/x" && find usr -type f | sort) >/dev/null && ok || bad "dpkg -i and dpkg-deb -x differ"

for f in usr/bin/marque usr/share/man/man1/marque.1.gz usr/share/man/man1/marque-start.1.gz usr/share/man/man1/marque-config.1.gz \
  usr/share/bash-completion/completions/marque usr/share/zsh/vendor-completions/_marque \
  usr/share/fish/vendor_completions.d/marque.fish usr/share/doc/marque/copyright usr/share/doc/marque/changelog.gz \
  usr/share/doc/marque/examples/tarot.json usr/share/doc/marque/examples/csv/coinche.csv usr/share/doc/marque/examples/config.toml \
  usr/share/lintian/overrides/marque; do
  [[ -f $R/$f ]] && ok || bad "the package lacks /$f"
done
[[ -x $R/usr/bin/marque ]] && ok || bad "/usr/bin/marque is not executable"
zcat "$R/usr/share/doc/marque/changelog.gz" | head -1 | grep -q "^marque ($VERSION) " && ok || bad "the changelog's latest entry is not $VERSION (packaging/changelog)"

# the installed binary, from the scratch root, with a scratch home
export HOME=$T/home XDG_DATA_HOME=$T/data XDG_CONFIG_HOME=$T/config NO_COLOR=1 LC_ALL=C.UTF-8 MANWIDTH=100
unset MARQUE_DB MARQUE_CONFIG
mkdir -p "$HOME" "$XDG_CONFIG_HOME/marque"
M=$R/usr/bin/marque
"$M" --version >"$T/out" && grep -qE "^marque $VERSION \(database schema [0-9]+\)$" "$T/out" && ok || bad "--version: $(cat "$T/out")"
"$M" start tarot players=Ann,Béla,Cat,Dan dealer=Ann --date 2026-11-20 >"$T/out" 2>&1 && grep -q "started" "$T/out" && ok ||
  bad "start: $(cat "$T/out")"
"$M" hand taker=Béla contract=garde oudlers=2 points=47 >"$T/out" 2>&1 && grep -q "totals:" "$T/out" && ok || bad "hand: $(cat "$T/out")"
[[ -f $XDG_DATA_HOME/marque/marque.db ]] && ok || bad "no database at the default place"
# the example config's house rules used by start
cp "$R/usr/share/doc/marque/examples/config.toml" "$XDG_CONFIG_HOME/marque/config.toml"
"$M" start coinche N=Nina E=Emil S=Sara W=Will dealer=W >"$T/out" 2>&1 &&
  grep -qF "house rules: trick points rounded to the nearest 10, halves up, game to 2000" "$T/out" && ok || bad "house rules: $(cat "$T/out")"
# the plugins the commands load when they need them (core/plugin.hpp): the config file's reader (just above) and the
# translations' (a command in French, from the installed files alone), ICU's (that French line's date and numbers)
for f in usr/lib/marque/plugins/marque-locale.so usr/lib/marque/plugins/marque-toml.so usr/lib/marque/plugins/marque-icu.so; do
  [[ -f $R/$f ]] && ok || bad "the package lacks /$f"
done
"$M" --lang fr --version >"$T/out" 2>&1 && grep -qE "^marque $VERSION \(schéma de base de données [0-9]+\)$" "$T/out" && ok ||
  bad "--lang fr --version: $(cat "$T/out")"
"$M" import "$R/usr/share/doc/marque/examples/prefa.json" >/dev/null 2>&1 && ok || bad "import an installed example"
# `marque serve` runs the installed helper /usr/lib/marque/marque-serve: it listens, and stops on SIGINT
[[ -x $R/usr/lib/marque/marque-serve ]] && ok || bad "the package lacks the helper /usr/lib/marque/marque-serve"
timeout -s INT 3 "$M" serve --listen 127.0.0.1:0 --code 1234 >"$T/out" 2>&1
grep -q "^marque serve: listening on http://127.0.0.1:" "$T/out" && grep -q "^marque serve: stopped" "$T/out" && ok ||
  bad "serve from the package: $(cat "$T/out")"

# man: the installed pages render, with their sections
man -l "$R/usr/share/man/man1/marque.1.gz" >"$T/man" 2>"$T/err" </dev/null && ok || bad "man -l marque.1.gz: $(cat "$T/err")"
for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" ENVIRONMENT FILES EXAMPLES; do
  grep -q "^$section\$" "$T/man" && ok || bad "man marque: no $section"
done
man -l "$R/usr/share/man/man1/marque-start.1.gz" 2>/dev/null | grep -q "^       marque-start - start a game" && ok || bad "man marque-start"
# the pages in French, Hungarian and Greek where man looks for a language's pages (issue 34)
for lang in fr hu el; do
  [[ -f $R/usr/share/man/$lang/man1/marque-start.1.gz ]] && ok || bad "the package lacks /usr/share/man/$lang/man1/marque-start.1.gz"
done
man -l "$R/usr/share/man/fr/man1/marque-start.1.gz" 2>/dev/null | grep -q "^NOM" && ok || bad "man fr/marque-start: not in French"
# and man finds them by name in the root's manual path
MANPATH=$R/usr/share/man man marque-config 2>/dev/null | grep -q "^NAME" && ok || bad "man marque-config through MANPATH"

# the installed bash completion completes a player's name with the installed binary
PATH=$R/usr/bin:$PATH bash -c '
  source "$1"
  COMP_LINE="marque stats Bé"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(marque stats Bé); COMP_CWORD=2; COMPREPLY=()
  _marque
  [[ ${COMPREPLY[*]} == "Béla" ]] || { echo "completion: ${COMPREPLY[*]:-nothing}"; exit 1; }
' _ "$R/usr/share/bash-completion/completions/marque" && ok || bad "installed bash completion"

echo "package: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
