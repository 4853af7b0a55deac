#!/usr/bin/env python3
"""Golden CLI tests in the hledger/shelltest style: one file per scenario, each a list of commands with their exact
standard output, standard error and exit code. Usage: run.py MARQUE_BIN FILE.test [--update]

A scenario file:

    # what the scenario shows (comment lines start with #)
    $ marque start tarot players=Ann,Ben,Cat,Dan dealer=Ann --date 2026-11-20
    >
    game 1 · tarot started: ...
    >2
    marque: note: ...
    >= 0

`$ ` starts a command (run by bash in a fresh folder with its own database, $MARQUE_DB, kept for the whole file;
`marque` is the binary under test, also $MARQUE_BIN, and $MARQUE_SRC the source folder; `<<<TEXT` lines after it, before `>`, are its standard input). `>` starts the
expected standard output, `>2` the expected standard error, `>= N` is the expected exit code (0 when absent); a
block that is absent must be empty. Times and today's date are written as <time> and <today>. With --update the file
is rewritten with what marque printed (review the diff before committing it).
"""
import datetime
import zoneinfo
import os
import re
import shlex
import subprocess
import sys
import tempfile

TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)")
CLOCK = re.compile(r"\b\d\d:\d\d [+-]\d\d:\d\d\b")  # a local time with its offset (sheets)
# a command bash would only split into words: marque, then words of letters, digits, a few punctuation marks and quotes
# (no $, `, \\, glob, brace, tilde, comment, redirection, pipe or list character)
PLAIN = re.compile(r"""marque( +[\w.,:=@%+/'"-]+)* *""")


def words(cmd):
    """the words of a plain marque command after `marque`, or None (bash runs it)"""
    if not PLAIN.fullmatch(cmd):
        return None
    try:
        return shlex.split(cmd)[1:]
    except ValueError:  # an unbalanced quote: bash says so
        return None


def parse(text):
    cases, head = [], []
    cur = None
    block = None
    for line in text.split("\n"):
        if line.startswith("$ "):
            cur = {"cmd": line[2:], "stdin": [], "out": [], "err": [], "code": 0, "head": head}
            head = []
            cases.append(cur)
            block = "stdin"
        elif cur is None:
            head.append(line)
        elif line == ">":
            block = "out"
        elif line == ">2":
            block = "err"
        elif line.startswith(">= "):
            cur["code"] = int(line[3:])
            block = None
        elif block == "stdin" and line.startswith("<<<"):
            cur["stdin"].append(line[3:])
        elif block in ("out", "err"):
            cur[block].append(line)
        elif line.startswith("#") or line == "":
            if block is None or block == "stdin":
                head.append(line)  # a comment before the next command
        else:
            cur[block or "out"].append(line)
    # a block's trailing empty lines belong to the file layout, not to the output
    for c in cases:
        for k in ("out", "err"):
            while c[k] and c[k][-1] == "":
                c[k].pop()
    return cases, head


def normal(s, today, tmp, src):
    s = CLOCK.sub("<clock>", TIME.sub("<time>", s))
    return s.replace(tmp, "<dir>").replace(src, "<src>").replace(today, "<today>").rstrip("\n")


def main():
    binary, path = os.path.abspath(sys.argv[1]), sys.argv[2]
    update = "--update" in sys.argv
    text = open(path, encoding="utf-8").read()
    cases, tail = parse(text)
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()  # the commands run in TZ=UTC
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, MARQUE_DB=os.path.join(tmp, "marque.db"), XDG_DATA_HOME=os.path.join(tmp, "data"),
                   HOME=tmp, TZ="UTC", NO_COLOR="1", LC_ALL="C.UTF-8", PATH=os.path.dirname(os.path.abspath(binary)) + ":" + os.environ["PATH"])
        env.pop("MARQUE_LOCK_TIMEOUT", None)
        src = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # run.py is tests/golden/run.py
        env["MARQUE_SRC"] = src
        env["MARQUE_BIN"] = binary  # for a command that empties PATH
        for c in cases:
            cmd = re.sub(r"(^|[;|&]\s*)marque\b", lambda m: m.group(1) + binary, c["cmd"])
            stdin = "".join(l + "\n" for l in c["stdin"])
            # a plain marque command (words, quotes, no expansion, redirection or second command) runs without bash:
            # the same argument words, a process less (most of the scenarios' commands)
            plain = words(c["cmd"])
            argv = ["bash", "-c", cmd] if plain is None else [binary] + plain
            p = subprocess.run(argv, input=stdin.encode(), capture_output=True, cwd=tmp, env=env, timeout=120)
            # today's date as the command's own time zone says it (TZ=Europe/Paris is a day ahead after 23:00 UTC)
            zone = re.match(r"TZ=(\S+) ", c["cmd"])
            day = datetime.datetime.now(zoneinfo.ZoneInfo(zone.group(1))).date().isoformat() if zone else today
            out = normal(p.stdout.decode("utf-8", "replace"), day, tmp, src)
            err = normal(p.stderr.decode("utf-8", "replace"), day, tmp, src)
            want_out, want_err = "\n".join(c["out"]), "\n".join(c["err"])
            if update:
                c["out"], c["err"], c["code"] = out.split("\n") if out else [], err.split("\n") if err else [], p.returncode
                continue
            problems = []
            if out != want_out:
                problems.append(("stdout", want_out, out))
            if err != want_err:
                problems.append(("stderr", want_err, err))
            if p.returncode != c["code"]:
                problems.append(("exit code", str(c["code"]), str(p.returncode)))
            if problems:
                failures += 1
                print(f"FAIL {os.path.basename(path)}: $ {c['cmd']}")
                for what, want, got in problems:
                    print(f"  {what}: expected\n" + "".join("    | " + l + "\n" for l in want.split("\n")) +
                          "  got\n" + "".join("    | " + l + "\n" for l in got.split("\n")))
    if update:
        with open(path, "w", encoding="utf-8") as f:
            for c in cases:
                for h in c["head"]:
                    f.write(h + "\n")
                f.write("$ " + c["cmd"] + "\n")
                for l in c["stdin"]:
                    f.write("<<<" + l + "\n")
                if c["out"]:
                    f.write(">\n" + "".join(l + "\n" for l in c["out"]))
                if c["err"]:
                    f.write(">2\n" + "".join(l + "\n" for l in c["err"]))
                f.write(f">= {c['code']}\n")
            while tail and tail[-1] == "":
                tail.pop()
            for h in tail:
                f.write(h + "\n")
        print(f"updated {path}")
        return 0
    print(f"{os.path.basename(path)}: {len(cases) - failures} of {len(cases)} commands as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
