#!/usr/bin/env python3
"""The event on paper (issue 33, point 5): the PDFs of tournaments read back.

For played events (case W5: tarot with a correction; W2: coinche teams, a Swiss draw) marque tournament print makes
the table cards, the door list, the score slips and the ranking after each round as one PDF (`--what
cards,door,slips,ranking --round 1,2,3`: round by round, each page known by its heading) and the final ranking as
another (through the converter marque finds); pdftotext reads each back and it must carry every entrant's
name (a team's players too), every table number, every table code, every score, each round's points, the tie-break
columns of the chain and the correction notes with their rank changes; one card and one slip per table, one page
each. A 16-player draw (case D1: four rounds drawn) prints its cards the same way. The expected values come from
`marque tournament calc FILE --format json` (the marque-tournament/1 document), never from this file.
Usage: tournament_paper.py MARQUE_BIN SOURCE_DIR [SHOTS_DIR]. With SHOTS_DIR, the first card and the final ranking
of W5 are kept there as PNG (pdftoppm -r 60): tournament-card.png, tournament-ranking.png.
Exit 77 (skipped) without chromium (or weasyprint) and poppler-utils."""
import json, os, re, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

BIN, SRC = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[3] if len(sys.argv) > 3 else ""
CASES = os.path.join(SRC, "..", "shared", "rules", "examples", "tournament")
if not (shutil.which("chromium") or shutil.which("weasyprint")) or not shutil.which("pdftotext") \
        or not shutil.which("pdfinfo"):
    print("skipped: needs chromium (or weasyprint) and poppler-utils")
    sys.exit(77)

T = tempfile.mkdtemp(prefix="marque-tpaper-")
ENV = dict(os.environ, XDG_DATA_HOME=T, HOME=T, TZ="UTC")
ENV.pop("MARQUE_PDF_COMMAND", None)
results = []  # (ok, what) of every check


def check(ok, what):
    results.append((ok, what))
    if not ok:
        print("FAIL:", what)


def marque(*args):
    r = subprocess.run([BIN, *args], env=ENV, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


def print_pdf(case, what, *more):
    tail = re.sub(r"\W", "", "-".join(more))
    out = os.path.join(T, f"{os.path.basename(case)}-{what}-{tail}.pdf")
    marque("tournament", "print", case, "--what", what, *more, "-o", out)
    text = subprocess.run(["pdftotext", "-layout", out, "-"], capture_output=True, text=True, check=True).stdout
    info = subprocess.run(["pdfinfo", out], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    return out, text, pages


# Each PDF is a Chromium run of its own: an event prints two (every round's papers in one, the final ranking in the
# other), all of them ahead, two at a time, while the checks read them
POOL = ThreadPoolExecutor(2)
printing = {}  # (case, what, options) -> its print_pdf run


def print_ahead(case, what, *more):
    printing[(case, what, *more)] = POOL.submit(print_pdf, case, what, *more)


def pdf(case, what, *more):
    if (case, what, *more) not in printing:
        print_ahead(case, what, *more)
    return printing.pop((case, what, *more)).result()


# What opens each kind's page (its round): a card's code line, a slip's signature, the door list's and a ranking's
# heading; a page with none of them goes on the one before (a long list or ranking)
MARKERS = [("cards", "Table code:", r"Round (\d+) of"), ("slips", "Entered by", r"Round (\d+) of"),
           ("door", "where do I sit?", r"Round (\d+) of"), ("ranking", "Ranking after round", r"Ranking after round (\d+)")]


def parts_of(text, pages):
    """The pages of a PDF of several papers, by (round, kind): each one's text and page count."""
    parts, at = {}, None
    for page in text.split("\f")[:pages]:
        for kind, marker, round_re in MARKERS:
            m = re.search(round_re, page)
            if marker in page and m:
                at = (m.group(1), kind)
                break
        check(at is not None, f"a page of no paper: {page[:80]!r}")
        parts.setdefault(at, []).append(page)
    return {k: ("\n".join(v), len(v)) for k, v in parts.items()}


def words(text):
    return set(re.findall(r"[^\s,()·→]+", text))


def num(v):  # a score as the paper prints it (at most two decimals, no trailing zeros)
    s = f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)
    return "0" if s == "-0" else s


def names_of(doc):
    out = {}
    for e in doc["entrants"]:
        out[e["id"]] = [e.get("name") or e["id"]] + e.get("players", [])
    return out


def has_all(text, needles, what):
    missing = [n for n in needles if n not in words(text)]
    check(not missing, f"{what}: missing {missing}")


URL = "http://192.168.1.20:8080"


def print_event(case_name, played=True):
    """An event's PDFs printed ahead: every round's cards, door list, slips and ranking after it in one, round by
    round (a round's printing at once), and the final ranking; a draw not played, its rounds' cards."""
    case = os.path.join(CASES, case_name)
    doc = json.loads(marque("tournament", "calc", case, "--format", "json"))
    rounds = ",".join(str(rnd["round"]) for rnd in doc["rounds_played"])
    print_ahead(case, "cards,door,slips,ranking" if played else "cards", "--round", rounds, "--url", URL)
    if played:
        print_ahead(case, "ranking")
    return case, doc, rounds


def event(case_name, case, doc, rounds, played=True):
    names = names_of(doc)
    out, text, pages = pdf(case, "cards,door,slips,ranking" if played else "cards", "--round", rounds, "--url", URL)
    parts = parts_of(text, pages)
    for rnd in doc["rounds_played"]:
        r = str(rnd["round"])
        tables = rnd["tables"]
        seated = [s for t in tables for s in t["seats"]]
        # the cards: one page per table, its number, its code, every seat's names
        text, pages = parts.get((r, "cards"), ("", 0))
        check(pages == len(tables), f"{case_name} round {r}: {pages} card pages for {len(tables)} tables")
        for t in tables:
            check(re.search(rf"Table\s+{t['table']}\b", text) is not None, f"{case_name} round {r}: card of table {t['table']}")
        has_all(text, [t["code"] for t in tables], f"{case_name} round {r} cards: codes")
        has_all(text, [n for s in seated for n in names[s]], f"{case_name} round {r} cards: names")
        if SHOTS and case_name.endswith("W5.json") and r == "1":  # the first page: round 1's first card
            subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", out,
                            os.path.join(SHOTS, "tournament-card")], check=True)
        if not played:
            continue
        # the door list: everyone of the round by name, with its table and seat
        text, _ = parts.get((r, "door"), ("", 0))
        everyone = seated + rnd["byes"] + rnd["absent"]
        has_all(text, [n for s in everyone for n in names[s]], f"{case_name} round {r} door: names")
        for t in tables:
            for i, s in enumerate(t["seats"]):
                line = re.search(rf"{re.escape(names[s][0])}\s*→\s*table\s+(\d+), seat\s+(\S+)", text)
                check(line is not None and line.group(1) == str(t["table"]),
                      f"{case_name} round {r} door: {names[s][0]} at table {t['table']}")
        for b in rnd["byes"]:
            check(re.search(rf"{re.escape(names[b][0])}\s*→\s*bye", text) is not None, f"{case_name} door: {b}'s bye")
        # the slips: one page per table, its code, the names, the two signatures
        text, pages = parts.get((r, "slips"), ("", 0))
        check(pages == len(tables), f"{case_name} round {r}: {pages} slip pages for {len(tables)} tables")
        has_all(text, [t["code"] for t in tables] + [n for s in seated for n in names[s]],
                f"{case_name} round {r} slips")
        check(text.count("Entered by") == len(tables) and text.count("Confirmed by") == len(tables),
              f"{case_name} round {r} slips: the signatures")
        # the ranking after the round: every entrant, its score and its points per round
        text, _ = parts.get((r, "ranking"), ("", 0))
        rows = doc["ranking_after"][r]
        has_all(text, [names[row["entrant"]][0] for row in rows] + [num(row["score"]) for row in rows],
                f"{case_name} ranking after round {r}")
        for row in rows:
            line = next((l for l in text.splitlines() if re.search(rf"\b{re.escape(names[row['entrant']][0])}\b", l)), "")
            has_all(line, [num(row["rank"]), num(row["score"])] + [num(p) for p in row["rounds"]],
                    f"{case_name} ranking after round {r}: {row['entrant']}'s line")
    check(set(parts) == {(str(rnd["round"]), k) for rnd in doc["rounds_played"]
                         for k in (("cards", "door", "slips", "ranking") if played else ("cards",))},
          f"{case_name}: the PDF holds each round's papers and nothing else ({sorted(parts)})")
    if not played:
        return
    # the final ranking: the tie-break columns of the chain, each value, the correction notes
    out, text, pages = pdf(case, "ranking")
    check(pages == 1, f"{case_name} final ranking: {pages} pages")
    for row in doc["ranking"]:
        line = next((l for l in text.splitlines() if re.search(rf"\b{re.escape(names[row['entrant']][0])}\b", l)), "")
        values = [num(row["rank"]), num(row["score"])] + [num(p) for p in row["rounds"]]
        values += [num(v) for k, v in row["tiebreaks"].items() if not isinstance(v, list)]
        values += [num(x) for k, v in row["tiebreaks"].items() if isinstance(v, list) for x in v]
        has_all(line, values, f"{case_name} final ranking: {row['entrant']}'s line")
    flat = " ".join(text.split())
    for c in doc["corrections"]:
        check(c["reason"] in flat or " ".join(c["reason"].split()[:3]) in flat,
              f"{case_name}: the correction's reason")
        for ch in c["rank_changes"]:
            check(re.search(rf"{re.escape(names[ch['entrant']][0])} \d+\w\w → \d+\w\w", flat) is not None,
                  f"{case_name}: {ch['entrant']}'s rank change")
    if SHOTS and case_name.endswith("W5.json"):
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", out,
                        os.path.join(SHOTS, "tournament-ranking")], check=True)


events = [print_event("tournament-W5.json"), print_event("tournament-W2.json"),
          print_event("tournament-D1.json", played=False)]
event("tournament-W5.json", *events[0])
event("tournament-W2.json", *events[1])
event("tournament-D1.json", *events[2], played=False)
shutil.rmtree(T, ignore_errors=True)
failed = [what for ok, what in results if not ok]
print(f"{len(results) - len(failed)} checks passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
