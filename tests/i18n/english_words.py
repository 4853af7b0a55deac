#!/usr/bin/env python3
"""English words in a text that should be French, Hungarian or Greek (issue 34's done-when).

    from english_words import find_english
    for line_no, word, line in find_english(page_text, "fr", names=("Ann", "Ben")):
        ...

The English vocabulary is the words marque says in English: every msgid of po/marque.pot (the English catalogue,
ICU placeholders and keywords left out) and every word of the English golden files' expected output
(tests/golden/*.test but i18n-*: what the command line prints today, the texts not yet in the catalogue too). Only
words of two letters or more in the Latin script count (a name such as "Gergő" or a Greek word never does).

A word of that vocabulary is not reported when it is:
- a word the language's own catalogue uses (the msgstr of po/LANG.po, where the translation differs from the
  English): the translators chose it, so it is a word of that language too ("points", "total", "options" in French;
  "garde", "betli", "kontra" kept native as the glossary says; a command's name inside a sentence: "marque use ID");
- an id the user types: a word followed by '=' ("taker=Ann"), an option ("--lang"), a game's id ("tarot");
- a word of the glossary's game terms in that language (../shared/i18n/glossary.md, section 3: the table's own
  words, the native term where the glossary keeps it: "garde sans" in Greek);
- one of `names` (the players, venues and leagues of the scenario: what the user typed);
- in ALLOWED below (short, each with its reason).
"""
import functools
import glob
import os
import re

SRC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# Words of the English vocabulary that are not English in the output, whatever the catalogue says.
ALLOWED = {
    # every language: what is not a word of a language
    "*": {
        "marque",  # the program's name
        "id", "ID",  # a placeholder of the command lines marque suggests ("marque use ID")
        "pdf", "PDF", "html", "HTML", "csv", "CSV", "json", "JSON", "svg", "SVG", "txt", "db", "toml",  # formats
        "sqlite", "SQLite", "utf", "UTF", "Elo",  # names of things
        "ok",  # used as is in all three languages
    },
    "fr": set(),
    "hu": set(),
    "el": set(),
}
GAME_IDS = {"tarot", "coinche", "piquet", "prefa", "alsos"}
# English words in the glossary's game-term cells (its notes), never a game's term
NOT_TERMS = {"be", "but", "do", "for", "not", "name", "print", "same", "unknown", "spec", "re", "fft", "the", "is", "in",
             "must", "or", "with", "also", "one", "older", "restored", "said", "source", "option", "dealer", "label"}

LATIN_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
GLOSSARY = os.path.join(SRC, "..", "shared", "i18n", "glossary.md")
COLUMN = {"fr": 1, "hu": 2, "el": 3}  # the glossary's game tables: spec id / English, French, Hungarian, Greek


def _literal(pattern):
    """The text an ICU MessageFormat pattern says: argument names, types and the keys of plurals and selects left
    out, the messages inside them kept."""
    out, n = [], len(pattern)

    def message(i):
        while i < n:
            c = pattern[i]
            if c == "{":
                i = argument(i + 1)
            elif c == "}":
                return i
            else:
                out.append(c)
                i += 1
        return i

    def argument(i):
        parts, j = [], i
        while j < n and pattern[j] not in "{}" and len(parts) < 2:
            k = j
            while k < n and pattern[k] not in ",{}":
                k += 1
            parts.append(pattern[j:k].strip())
            j = k + 1 if k < n and pattern[k] == "," else k
        out.append(" ")
        if len(parts) == 2 and parts[1] in ("select", "plural", "selectordinal"):
            while j < n and pattern[j] != "}":
                brace = pattern.find("{", j)
                if brace < 0:
                    return n
                j = message(brace + 1) + 1
                out.append(" ")
        depth = 1
        while j < n and depth:
            depth += {"{": 1, "}": -1}.get(pattern[j], 0)
            j += 1
        return j

    message(0)
    return "".join(out)


def _po_entries(path):
    """(msgctxt, msgid, msgstr) of a .po/.pot file, obsolete entries left out."""
    out, cur, field = [], {}, None

    def flush():
        nonlocal cur
        if cur.get("msgid"):
            out.append((cur.get("msgctxt"), cur["msgid"], cur.get("msgstr", "")))
        cur = {}

    for line in open(path, encoding="utf-8").read().split("\n") + [""]:
        if line.startswith("#"):
            continue
        if line == "":
            flush()
            field = None
            continue
        m = re.match(r"(msgctxt|msgid|msgstr)\s+\"(.*)\"$", line)
        if m:
            if m.group(1) == "msgctxt" and "msgid" in cur:
                flush()
            field = m.group(1)
            cur[field] = _unquote(m.group(2))
        elif line.startswith('"') and field:
            cur[field] += _unquote(line[1:-1])
    return out


def _unquote(s):
    return s.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def _pattern_words(pattern):
    return _words(_literal(pattern))


def _words(text):
    """The Latin-script words of a text (apostrophes inside kept: "n'a"), ids typed as key=value, options, paths and
    addresses left out."""
    text = re.sub(r"\S*/\S*", " ", text)  # a path or an address
    text = re.sub(r"--?[\w-]+", " ", text)  # options
    text = re.sub(r"[\w.-]+=", " ", text)  # a typed id before '='
    return [w for w in LATIN_WORD.findall(text) if _latin(w)]


def _latin(word):
    return all(c.isascii() for c in word.replace("’", "'"))


@functools.lru_cache(maxsize=None)
def english_vocabulary(src=SRC):
    words = set()
    for _, msgid, _ in _po_entries(os.path.join(src, "po", "marque.pot")):
        words.update(w.lower() for w in _pattern_words(msgid))
    for path in sorted(glob.glob(os.path.join(src, "tests", "golden", "*.test"))):
        if os.path.basename(path).startswith("i18n"):
            continue
        block = None
        for line in open(path, encoding="utf-8", errors="replace").read().split("\n"):
            if line.startswith("$ ") or line.startswith(">= "):
                block = None
            elif line in (">", ">2"):
                block = line
            elif block and not line.startswith("#"):
                words.update(w.lower() for w in _words(line))
    # English words only: the contractions split ("nothing's" is not in an output), one letter is no word
    return frozenset(w for w in words if len(w) > 1 and "'" not in w)


@functools.lru_cache(maxsize=None)
def glossary_terms(lang, path=GLOSSARY):
    """The words of the glossary's game terms (section 3) in `lang`'s column, and the native column's where that
    column says (=): the table's own words, which the glossary keeps as they are."""
    words, native = set(), None
    if lang not in COLUMN or not os.path.exists(path):
        return frozenset()
    in_terms = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            in_terms = line.startswith("## 3.")
        m = re.match(r"### .*native column: (\w+)", line)
        if m:
            native = {"French": 1, "Hungarian": 2, "Greek": 3}.get(m.group(1))
        if not in_terms or not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or cells[1] in ("French", "French (native)"):
            continue
        cell = cells[COLUMN[lang]]
        for part in (cell, cells[native] if native and "(=)" in cell else ""):
            part = re.sub(r"\([^)]*\)", " ", part.replace("`", " "))  # a note in brackets
            for term in re.split(r"[/;,≈«»„”:.=]", part):  # a term is short: a longer phrase is a translator's note
                if 0 < len(LATIN_WORD.findall(term)) <= 3:
                    words.update(w.lower() for w in LATIN_WORD.findall(term))
    return frozenset(words - NOT_TERMS)


@functools.lru_cache(maxsize=None)
def allowed_words(lang, src=SRC):
    words = {w.lower() for w in ALLOWED["*"] | ALLOWED.get(lang, set()) | GAME_IDS} | glossary_terms(lang)
    path = os.path.join(src, "po", lang + ".po")
    if os.path.exists(path):
        for _, msgid, msgstr in _po_entries(path):
            if msgstr and msgstr != msgid:
                words.update(w.lower() for w in _pattern_words(msgstr))
    return frozenset(words)


def find_english(text, lang, names=(), src=SRC):
    """The English words of `text` for a reader of `lang`: a list of (line number from 1, word, the line)."""
    english, allowed = english_vocabulary(src), allowed_words(lang, src)
    skip = {w.lower() for n in names for w in LATIN_WORD.findall(n)}
    found = []
    for no, line in enumerate(text.split("\n"), 1):
        for w in _words(line):
            low = w.lower()
            if len(low) > 1 and low in english and low not in allowed and low not in skip:
                found.append((no, w, line))
    return found


if __name__ == "__main__":
    import sys

    if len(sys.argv) < 2:
        print("usage: english_words.py LANG < TEXT", file=sys.stderr)
        sys.exit(2)
    hits = find_english(sys.stdin.read(), sys.argv[1])
    for no, word, line in hits:
        print(f"line {no}: '{word}' in: {line.strip()}")
    sys.exit(1 if hits else 0)
