#!/usr/bin/env bash
# The manual pages and help: the build wrote a page per visible command (SHARE/man, from the binary's own command
# definitions) and the binary writes the same again; each page renders without a groff warning and has the sections
# a manual page has; every option --help lists is in the command's page; the exit codes of --help's footer are the
# page's EXIT STATUS; `marque help COMMAND` prints exactly what `marque COMMAND --help` does.
# Usage: manual.sh MARQUE_BIN SHARE_DIR
set -u
BIN=$(realpath "$1")
SHARE=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export HOME=$T/home XDG_DATA_HOME=$T/data XDG_CONFIG_HOME=$T/config NO_COLOR=1 LC_ALL=C.UTF-8 MANWIDTH=120
unset MARQUE_DB MARQUE_CONFIG
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
command -v groff >/dev/null || { echo "groff is missing (apt-get install groff-base)"; exit 1; }

# the pages the build made are the binary's (only the date may differ)
mkdir -p "$T/man"
"$BIN" manual --dir "$T/man" && ok || bad "marque manual --dir"
for page in "$T"/man/*.1; do
  name=$(basename "$page")
  if [[ -f $SHARE/man/$name ]] && diff <(grep -v '^\.TH' "$page") <(grep -v '^\.TH' "$SHARE/man/$name") >/dev/null; then ok; else
    bad "$SHARE/man/$name differs from what marque manual writes (rebuild?)"; fi
done
[[ $(ls "$T"/man/*.1 | wc -l) -eq $(ls "$SHARE"/man/*.1 | wc -l) ]] && ok || bad "the build's pages are not the binary's pages"

# every visible command has a page, and help COMMAND is COMMAND --help
commands=$("$BIN" --help | awk '/^Subcommands:/{f=1; next} f && /^  [a-z]/{print $1} f && /^$/{f=0}')
[[ $(echo "$commands" | wc -w) -ge 20 ]] && ok || bad "cannot read the commands from --help: $commands"
for c in $commands; do
  [[ -f $T/man/marque-$c.1 ]] && ok || bad "no page for $c"
  if diff <("$BIN" help "$c" 2>&1) <("$BIN" "$c" --help 2>&1) >/dev/null; then ok; else bad "marque help $c differs from marque $c --help"; fi
  # its subcommands
  for s in $("$BIN" "$c" --help | awk '/^Subcommands:/{f=1; next} f && /^  [a-z]/{print $1} f && /^$/{f=0}'); do
    if diff <("$BIN" help "$c" "$s" 2>&1) <("$BIN" "$c" "$s" --help 2>&1) >/dev/null; then ok; else bad "marque help $c $s differs"; fi
  done
done
if diff <("$BIN" help) <("$BIN" --help) >/dev/null; then ok; else bad "marque help differs from marque --help"; fi
"$BIN" help nosuchcommand >/dev/null 2>"$T/err"; [[ $? -eq 2 ]] && grep -q 'not a command' "$T/err" && ok || bad "help of an unknown command"
# the hidden commands are not listed
for hidden in manual complete completion; do
  echo "$commands" | grep -qx "$hidden" && bad "$hidden is listed in --help" || ok
done

# each page: no groff warning, the sections, its options
for page in "$T"/man/*.1; do
  name=$(basename "$page" .1)
  warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
  [[ -z $warnings ]] && ok || bad "$name: groff: $warnings"
  man -l "$page" >"$T/text" 2>"$T/err" </dev/null || bad "$name: man -l failed: $(cat "$T/err")"
  [[ -s $T/err ]] && bad "$name: man -l: $(head -3 "$T/err")"
  # the page's text read by bash itself, each line between newlines (a grep a check were about 900 processes)
  text=
  IFS= read -r -d '' text <"$T/text"
  text=$'\n'$text$'\n'
  for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "SEE ALSO"; do
    [[ $text == *$'\n'"$section"$'\n'* ]] && ok || bad "$name: no $section section"
  done
  for var in MARQUE_DB XDG_DATA_HOME XDG_CONFIG_HOME NO_COLOR MARQUE_LOCK_TIMEOUT; do
    [[ $text == *$'\n'"       $var"* ]] && ok || bad "$name: ENVIRONMENT lacks $var"
  done
  [[ $text == *config?toml* ]] && ok || bad "$name: FILES lacks the config file"
  # the options of its --help, each in the page
  if [[ $name == marque ]]; then help=$("$BIN" --help); else help=$("$BIN" ${name#marque-} --help); fi
  for opt in $(echo "$help" | grep -oE '^  +(-[A-Za-z], ?)?--[a-z][a-z-]*' | grep -oE -- '--[a-z][a-z-]*'); do
    [[ $text == *"$opt"* ]] && ok || bad "$name: $opt of --help is not in the page"
  done
done

# guided entry is described where a scorer looks: marque-hand(1) and marque help hand ('<' back, Enter the default,
# '.' abandons)
man -l "$T/man/marque-hand.1" 2>/dev/null | tr -s '[:space:]' ' ' >"$T/hand-page"
"$BIN" help hand | tr -s '[:space:]' ' ' >"$T/hand-help"
for phrase in "Guided entry: at a terminal" "Enter takes the default shown in [brackets]" "'<' goes back a question" \
  "'.' (or Ctrl-D) abandons the hand: nothing is stored" "previews the hand"; do
  grep -qF -- "$phrase" "$T/hand-page" && ok || bad "marque-hand(1) does not say: $phrase"
  grep -qF -- "$phrase" "$T/hand-help" && ok || bad "marque help hand does not say: $phrase"
done

# EXIT STATUS: the codes of --help's footer, each with its meaning
man -l "$T/man/marque.1" >"$T/text" 2>/dev/null
for code in $("$BIN" --help | sed -n '/^Exit codes:/,/\.$/p' | grep -oE '(^| )[0-9]+ [a-zA-Z]' | grep -oE '[0-9]+'); do
  sed -n '/^EXIT STATUS/,/^ENVIRONMENT/p' "$T/text" | grep -qE "^       $code +[a-z]" && ok || bad "EXIT STATUS lacks $code"
done
sed -n '/^EXIT STATUS/,/^ENVIRONMENT/p' "$T/text" | grep -qE "^       78 +a malformed config file" && ok || bad "EXIT STATUS lacks 78"
# the games and their start examples are in marque(1)
for g in $("$BIN" complete _start _ | cut -f1); do
  grep -q "marque start $g " "$T/text" && ok || bad "marque(1) EXAMPLES lack a $g start"
done
# one page on its own, to standard output
"$BIN" manual start >"$T/start.1" && grep -q '^\.TH MARQUE-START 1' "$T/start.1" && ok || bad "marque manual start"
"$BIN" manual nosuch >/dev/null 2>&1; [[ $? -eq 2 ]] && ok || bad "marque manual nosuch: not exit 2"

# the pages in each language (issue 34): the build wrote them all (SHARE/man-lang/LANG), each renders without a
# groff warning, with its sections in the language and the command's description translated
for lang in fr hu el; do
  [[ $(ls "$SHARE/man-lang/$lang"/*.1 2>/dev/null | wc -l) -eq $(ls "$SHARE"/man/*.1 | wc -l) ]] && ok ||
    bad "the build did not write every page in $lang (SHARE/man-lang/$lang)"
  for page in "$SHARE/man-lang/$lang"/*.1; do
    warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
    [[ -z $warnings ]] && ok || bad "$lang/$(basename "$page"): groff: $warnings"
  done
done
"$BIN" --lang fr manual start >"$T/start-fr.1"
for want in '^\.SH NOM$' '^\.SH CODE DE RETOUR$' '^\.SH EXEMPLES$' 'commence une partie' '^marque start tarot '; do
  grep -q "$want" "$T/start-fr.1" && ok || bad "marque --lang fr manual start lacks $want"
done
"$BIN" --lang el manual >"$T/marque-el.1"
man -l "$T/marque-el.1" >"$T/marque-el.txt" 2>/dev/null </dev/null
grep -q '^ΠΕΡΙΓΡΑΦΗ$' "$T/marque-el.txt" && grep -q '^ΣΥΝΟΨΗ$' "$T/marque-el.txt" && ok || bad "marque --lang el manual: not in Greek"
LC_ALL=C grep -q $'[\x80-\xff]' "$T/marque-el.1" && bad "marque --lang el manual: bytes beyond ASCII (not \\[uXXXX])" || ok
# English pages whatever the environment says (the package's pages in man1 are English)
diff <(LANG=fr_FR.UTF-8 LC_ALL= "$BIN" --lang en manual start) "$T/start.1" >/dev/null && ok || bad "--lang en manual differs"

echo "manual: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
