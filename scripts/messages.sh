#!/usr/bin/env bash
# The translations' messages, extracted from the code by xgettext (never listed by hand):
#   scripts/messages.sh            writes po/marque.pot and msgmerges it into po/fr.po, po/hu.po, po/el.po (a new
#                                  message comes in untranslated, a changed one fuzzy: the i18n_catalogues test fails
#                                  until a translator has done them)
#   scripts/messages.sh --pot FILE writes only the template, to FILE (the test compares it with po/marque.pot)
# A message's msgctxt is its id and its msgid the English text: in C++ a catalogue's add("tarot.hand", "…") (the
# games' words) and text::tr("id", "…") (a front end's plain text); in JavaScript t("id", "…").
set -euo pipefail
cd "$(dirname "$0")/.."
pot=po/marque.pot
only_pot=0
if [[ ${1:-} == --pot ]]; then pot=$2; only_pot=1; fi
common=(--from-code=UTF-8 --no-wrap --add-location=file --sort-by-file --package-name=marque --msgid-bugs-address=https://github.com/marque
        --copyright-holder="the marque authors")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find src reports importers \( -name '*.cpp' -o -name '*.hpp' \) | LC_ALL=C sort > "$tmp/cpp"
find src/web/assets -name '*.js' | LC_ALL=C sort > "$tmp/js"
xgettext "${common[@]}" --language=C++ --keyword= --keyword=add:1c,2,2t --keyword=tr:1c,2,2t --keyword=tr:1c,2,3t --keyword=help_text:1c,2 --keyword=said_label:1c,2 --files-from="$tmp/cpp" \
  -o "$tmp/cpp.pot"
xgettext "${common[@]}" --language=JavaScript --keyword= --keyword=t:1c,2,2t --keyword=t:1c,2,3t --files-from="$tmp/js" -o "$tmp/js.pot" \
  2>/dev/null || true
if [[ -s $tmp/js.pot ]]; then
  msgcat --no-wrap "$tmp/cpp.pot" "$tmp/js.pot" -o "$tmp/all.pot"  # the scripts' messages after the C++ ones
else
  cp "$tmp/cpp.pot" "$tmp/all.pot"
fi
# the creation date changes on every run: the template's content does not
sed -e '/^"POT-Creation-Date:/d' -e 's/charset=CHARSET/charset=UTF-8/' "$tmp/all.pot" > "$pot"
if [[ $only_pot == 1 ]]; then exit 0; fi
for lang in fr hu el; do
  msgmerge --quiet --no-wrap --add-location=file --no-fuzzy-matching --update --backup=none "po/$lang.po" "$pot"
done
