#!/usr/bin/env python3
"""The translations' catalogues (issue 34): po/marque.pot is what scripts/messages.sh extracts from the code today (a
message in the code that the catalogues lack fails here), every message of the template is in po/fr.po, po/hu.po
and po/el.po, translated and not fuzzy, with the same placeholders ({name}) as its English (a translation that drops
or adds one fails), and msgfmt --check is clean. Usage: catalogues.py SOURCE_DIR"""
import os
import re
import subprocess
import sys
import tempfile

LANGS = ("fr", "hu", "el")


def unquote(s):
    return s[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def entries(path):
    """(msgctxt, msgid) -> (msgstr, fuzzy) of a .po/.pot file; obsolete (#~) entries left out."""
    out, cur, field, fuzzy = {}, {}, None, False

    def flush():
        nonlocal cur, fuzzy
        if "msgid" in cur and cur["msgid"] != "":
            out[(cur.get("msgctxt"), cur["msgid"])] = (cur.get("msgstr", ""), fuzzy)
        cur, fuzzy = {}, False

    for line in open(path, encoding="utf-8").read().split("\n") + [""]:
        if line.startswith("#~"):
            continue
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line == "":
            flush()
            field = None
        elif line.startswith('"') and field:
            cur[field] += unquote(line)
        else:
            m = re.match(r"(msgctxt|msgid|msgstr)\s+(\".*\")$", line)
            if m:
                if m.group(1) == "msgctxt" and "msgid" in cur:
                    flush()
                field = m.group(1)
                cur[field] = unquote(m.group(2))
    return out


def placeholders(pattern):
    """The argument names of an ICU MessageFormat pattern, nested selects and plurals included."""
    names, i, n = set(), 0, len(pattern)

    def message(i):  # text up to the '}' that closes this message (or the end)
        while i < n:
            c = pattern[i]
            if c == "'":
                if i + 1 < n and pattern[i + 1] == "'":
                    i += 2
                elif i + 1 < n and pattern[i + 1] in "{}#|":
                    j = pattern.find("'", i + 1)
                    i = n if j < 0 else j + 1
                else:
                    i += 1
            elif c == "{":
                i = argument(i + 1)
            elif c == "}":
                return i
            else:
                i += 1
        return i

    def argument(i):
        j = i
        while j < n and pattern[j] not in ",}":
            j += 1
        names.add(pattern[i:j].strip())
        if j >= n or pattern[j] == "}":
            return j + 1
        k = j + 1
        while k < n and pattern[k] not in ",}":
            k += 1
        kind = pattern[j + 1:k].strip()
        if k >= n or pattern[k] == "}":
            return k + 1
        if kind in ("select", "plural", "selectordinal"):
            i = k + 1
            while i < n:
                while i < n and pattern[i].isspace():
                    i += 1
                if i >= n or pattern[i] == "}":
                    return i + 1
                brace = pattern.find("{", i)
                if brace < 0:
                    return n
                i = message(brace + 1) + 1
            return i
        depth, i = 1, k + 1  # a style: up to the matching brace
        while i < n and depth:
            depth += {"{": 1, "}": -1}.get(pattern[i], 0)
            i += 1
        return i

    message(0)
    return names


def main():
    src = sys.argv[1]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        fresh = os.path.join(tmp, "marque.pot")
        subprocess.run(["bash", os.path.join(src, "scripts/messages.sh"), "--pot", fresh], check=True)
        template = entries(os.path.join(src, "po/marque.pot"))
        extracted = entries(fresh)
        for key in sorted(set(extracted) - set(template), key=str):
            problems.append(f"po/marque.pot lacks {key[0]} \"{key[1]}\" (used in the code): run scripts/messages.sh")
        for key in sorted(set(template) - set(extracted), key=str):
            problems.append(f"po/marque.pot has {key[0]} \"{key[1]}\" that the code no longer says: run scripts/messages.sh")
        if open(fresh, encoding="utf-8").read() != open(os.path.join(src, "po/marque.pot"), encoding="utf-8").read() \
                and not problems:
            problems.append("po/marque.pot is not what scripts/messages.sh extracts (its references): run scripts/messages.sh")
        for lang in LANGS:
            path = os.path.join(src, "po", lang + ".po")
            po = entries(path)
            for key in sorted(extracted, key=str):
                ctx, english = key
                if key not in po:
                    problems.append(f"po/{lang}.po lacks {ctx} \"{english}\"")
                    continue
                said, fuzzy = po[key]
                if fuzzy:
                    problems.append(f"po/{lang}.po: {ctx} is fuzzy (check the translation, then remove the fuzzy flag)")
                if not said:
                    problems.append(f"po/{lang}.po: {ctx} is not translated")
                    continue
                # a label's "{}" (core/labels.hpp) may be said as the ICU argument {n} (a count's plural)
                want, got = ({"n" if p == "" else p for p in placeholders(t)} for t in (english, said))
                if got != want:
                    missing = ", ".join("{%s}" % p for p in sorted(want - got))
                    extra = ", ".join("{%s}" % p for p in sorted(got - want))
                    problems.append(f"po/{lang}.po: {ctx}: the translation " +
                                    (f"drops {missing}" if missing else "") + (" and " if missing and extra else "") +
                                    (f"adds {extra}" if extra else ""))
            check = subprocess.run(["msgfmt", "--check", "-o", os.devnull, path], capture_output=True, text=True)
            if check.returncode != 0 or check.stderr.strip():
                problems.append(f"msgfmt --check po/{lang}.po: {check.stderr.strip()}")
    for p in problems:
        print(p)
    print(f"{len(extracted)} messages, {len(LANGS)} languages: " + ("ok" if not problems else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
