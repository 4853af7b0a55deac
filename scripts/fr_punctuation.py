#!/usr/bin/env python3
"""French typographic spaces in po/fr.po's translations (../shared/i18n/glossary.md, "other punctuation"): U+00A0
before ':', U+202F before ';' '!' '?' and inside « ». Entry by entry, on the msgstr lines only (the lines' splits
kept), the header left alone; never in a time (20:30), a URL, a key:value or JSON example ('{"A": 3}', players: [...])
or an ICU argument. Prints each change; --write writes the file.

    python3 scripts/fr_punctuation.py po/fr.po            # what would change
    python3 scripts/fr_punctuation.py po/fr.po --write    # after translating new entries (0 changes: all spaced)"""
import difflib
import re
import sys

NBSP, NNBSP = "\u00a0", "\u202f"
path = sys.argv[1]
write = "--write" in sys.argv
only = [a for a in sys.argv[2:] if not a.startswith("--")]  # msgctxt ids to limit to (none: all)
lines = open(path, encoding="utf-8").read().split("\n")

# a punctuation mark that ends a phrase: followed by a space, the end, a quote or a closing brace/paren? no: by
# a space, the end of the text, an escaped newline (backslash) or a closing '"' of a quotation
END = r'(?=[ \u00a0\u202f]|$|\\|\})'


def example_colon(text, at):
    """A colon of a data example, never French prose: a JSON key's ("\"A\": 3"), a key's right after a brace
    ("{player: ...}", "'{'q: n'}'"), or one at brace depth 1 (a help text's '{winner: ..., scored: [...]}'; an ICU
    message has only arguments there, its prose is deeper)."""
    before = text[:at].rstrip(" \u00a0\u202f")
    if before.endswith('\\"') or re.match(r"[ \u00a0]*('?\{'?\\?\"|\[|'\{)", text[at + 1:]):
        return True
    if re.search(r"\{'?[\w]+$", text[:at]):
        return True
    depth = 0
    for c in text[:at]:
        depth += c == "{"
        depth -= c == "}"
    return depth == 1


def fix(text):
    # plain space / none before ':' -> NBSP (not in times 20:30, URLs, key:value examples: those are followed by a
    # non-space; nor in a data example)
    out = ""
    for i, c in enumerate(text):
        if c == ":" and re.match(END, text[i + 1:]) and not example_colon(text, i) and i > 0:
            prev = out[-1] if out else ""
            if prev in (" ", "\u202f"):
                out = out[:-1] + NBSP
            elif prev not in ("\u00a0", ":") and not prev.isspace() and not out.endswith("\\n"):
                out += NBSP
        out += c
    for mark in ";!?":
        m = re.escape(mark)
        out = re.sub(r'[ \u00a0]' + m + END, NNBSP + mark, out)
        out = re.sub(r'(?<=[^\s\u00a0\u202f' + m + r'])(?<!\\n)' + m + END, NNBSP + mark, out)
    out = re.sub(r'«[ \u00a0]?(?=\S)', "«" + NNBSP, out)
    out = re.sub(r'(?<=\S)[ \u00a0]?»', NNBSP + "»", out)
    return out


changes = 0
i = 0
ctx = None
msgid = None
while i < len(lines):
    line = lines[i]
    if line.startswith("msgctxt "):
        ctx = line[8:]
    if line.startswith("msgid "):
        msgid = line[6:]
    if line.startswith("msgstr ") and not (msgid == '""' and ctx is None):
        # the msgstr's segments: this line and the continuation lines
        j = i + 1
        while j < len(lines) and lines[j].startswith('"'):
            j += 1
        segs = [lines[i][7:]] + lines[i + 1:j]
        raw = [s[1:-1] for s in segs]
        joined = "".join(raw)
        if only and (ctx or "").strip('"') not in only:
            i = j
            ctx = msgid = None
            continue
        new = fix(joined)
        if new != joined:
            changes += 1
            print(f"{ctx}\n  - {joined}\n  + {new}")
            # put the new text back in the same segments: a changed position belongs to the segment it is in
            # (character by character: the fixes only turn a space into another space or insert one before a mark)
            sm = difflib.SequenceMatcher(None, joined, new, autojunk=False)
            bounds = []
            at = 0
            for r in raw:
                bounds.append((at, at + len(r)))
                at += len(r)
            out_segs = [""] * len(raw)
            def seg_of(pos, prefer_next):
                for k, (a, b) in enumerate(bounds):
                    if a <= pos < b or (pos == b and k == len(bounds) - 1):
                        return k
                return len(bounds) - 1
            for tag, a1, a2, b1, b2 in sm.get_opcodes():
                if tag == "equal":
                    for off in range(a2 - a1):
                        out_segs[seg_of(a1 + off, False)] += joined[a1 + off]
                else:
                    k = seg_of(a1 if a2 > a1 else min(a1, len(joined) - 1) if joined else 0, False)
                    out_segs[k] += new[b1:b2]
            assert "".join(out_segs) == new
            lines[i] = "msgstr \"" + out_segs[0] + "\""
            for k in range(1, len(out_segs)):
                lines[i + k] = "\"" + out_segs[k] + "\""
        i = j
        ctx = msgid = None
        continue
    if line == "":
        ctx = msgid = None
    i += 1
print(f"{changes} translations changed", file=sys.stderr)
if write:
    open(path, "w", encoding="utf-8").write("\n".join(lines))
