#!/usr/bin/env python3
"""A test that reads the paper (issue 17): the printed sheets never lose a value on A4.

For every example night (examples/<game>.json imported into one night, and the first night of
examples/season.json) and for a night of wide games made here with the CLI (a 5-player tarot game with long names, a
4-player Prefa game and a 40-hand coinche match, with a correction):
  (a) the HTML, loaded in headless Chromium at A4's printable width (718 CSS px; a landscape section 1047), has no
      element whose content is wider than its box or than its page;
  (b) every game's sheet in the night's PDF (marque sheet --night N -o FILE.pdf, through the converter marque finds:
      one Chromium run a night; a game's sheet starts a page, found by its heading), read back page by page with
      pdftotext -layout, carries on each hand's line every number of that hand's row of the sheet (each player's or
      team's score and total, pools, cash and values; not only the totals), and every player's name whole;
  (c) no page is blank, the page count stays within a bound, each game's title is printed once (a night: once more
      in its summary, which names every table's winner), the corrections are the net ones in local time.
Usage: paper.py MARQUE_BIN SOURCE_DIR. Exit 77 (skipped) without chromium or pdftotext. MARQUE_KEEP_PAPER=DIR keeps
the HTML and PDF files there."""
import collections, html as htmllib, json, os, re, shutil, sqlite3, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

BIN, SRC = sys.argv[1], sys.argv[2]
CHROME = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
if not CHROME or not shutil.which("pdftotext") or not shutil.which("pdfinfo"):
    print("skipped: needs chromium and poppler-utils (apt-get install chromium poppler-utils)")
    sys.exit(77)

T = tempfile.mkdtemp(prefix="marque-paper-")
ENV = dict(os.environ, XDG_DATA_HOME=T, HOME=T, TZ=os.environ.get("TZ", "UTC"))
ENV.pop("MARQUE_PDF_COMMAND", None)
failures, passed = [], 0


def check(ok, what):
    global passed
    if ok:
        passed += 1
    else:
        failures.append(what)
        print("FAIL:", what)


def marque(db, *args, ok=True):
    r = subprocess.run([BIN, "--db", db, *args], env=ENV, capture_output=True, text=True)
    if ok and r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r


# Each PDF is a Chromium run of its own: a night's PDF is printed ahead while the night's HTML is probed
POOL = ThreadPoolExecutor(2)
printing = {}  # the PDF's path -> its `marque sheet` run


def print_ahead(db, path, *args):
    printing[path] = POOL.submit(marque, db, "sheet", *args, "-o", path)


def printed(db, path, *args):
    if path not in printing:
        print_ahead(db, path, *args)
    return printing.pop(path).result()


# --- the databases ------------------------------------------------------------------------------------------------
def examples_db():
    db = os.path.join(T, "examples.db")
    marque(db, "night", "start", "--date", "2026-11-20", "--venue", "Café du Coin", "--league", "Thursday club")
    for f in sorted(os.listdir(os.path.join(SRC, "examples"))):
        if f.endswith(".json") and f != "season.json":
            marque(db, "import", os.path.join(SRC, "examples", f))
    with sqlite3.connect(db) as c:  # the examples are one night's tables
        c.execute("UPDATE games SET night_id = 1")
    return db


def season_db():
    db = os.path.join(T, "season.db")
    marque(db, "import", os.path.join(SRC, "examples", "season.json"))
    return db


def wide_db():
    db = os.path.join(T, "wide.db")
    marque(db, "night", "start", "--date", "2026-11-27", "--venue", "Salle des fêtes", "--league", "Thursday club")
    # 5-player tarot, long names, bonuses
    p = ["Marie-Christine", "Jean-Baptiste", "Anne-Sophie", "Maximilien", "Bartholomew"]
    marque(db, "start", "tarot", "players=" + ",".join(p), "dealer=" + p[0], "--night", "1")
    contracts = ["prise", "garde", "garde_sans", "prise", "garde_contre"]
    for i in range(15):
        taker, oud = p[i % 5], i % 4
        words = [f"taker={taker}", f"partner={p[(i + 2) % 5]}", f"contract={contracts[i % 5]}", f"oudlers={oud}",
                 f"points={35 + (i * 7) % 40}"]
        if i % 4 == 1:
            words.append(f"poignee={taker}:simple")
        if i % 6 == 2 and oud:
            words.append("petit_au_bout=attack")
        marque(db, "hand", "--no-prompt", *words)
    # a correction that stands, and one undone (not printed)
    marque(db, "edit", "3", "points=60")
    marque(db, "edit", "4", "points=20")
    marque(db, "undo")
    # 4-player Prefa (the dealer sits out)
    p = ["Alexandros", "Eleni", "Giorgos", "Katerina"]
    marque(db, "start", "prefa", "players=" + ",".join(p), "--night", "1")
    for i in range(20):
        score = json.loads(marque(db, "score", "--format", "json").stdout)
        if score.get("finished"):
            break
        dealer = score["next_dealer"]
        act = [x for x in p if x != dealer]
        d, o1, o2 = act[i % 3], act[(i + 1) % 3], act[(i + 2) % 3]
        level = 6 + i % 3
        won = level + (0 if i % 5 else -1)
        marque(db, "hand", "--no-prompt", f"declarer={d}", f"contract={level}{'SCDH'[i % 4]}", f"calls={o1}:play,{o2}:pass",
               f"tricks={d}:{won},{o1}:{10 - won}")
    # a 40-hand coinche match
    marque(db, "start", "coinche", "N=Nina", "E=Emil", "S=Sara", "W=Will", "dealer=N", "option.target_score=10000",
           "--night", "1")
    for i in range(40):
        words = [f"bidder={'NESW'[i % 4]}", f"bid={80 + 10 * (i % 5)}{'SHDC'[i % 4]}", f"points={60 + (i * 37) % 90}",
                 f"last={'defenders' if i % 3 == 0 else 'bidders'}"]
        if i % 7 == 3:
            words.append("coinche=1")
        if i % 9 == 4:
            words.append("belote=" + "NESW"[i % 4])
        marque(db, "hand", "--no-prompt", *words)
    # a long 3-player Prefa game (the ⊥'s columns run long: no blank first page, no value lost)
    p = ["Nadine", "Étienne", "Gergő"]
    marque(db, "start", "prefa", "players=" + ",".join(p), "option.initial_pool=60", "--night", "1")
    for i in range(45):
        d, o1, o2 = p[i % 3], p[(i + 1) % 3], p[(i + 2) % 3]
        won = 5 if i % 5 == 0 else 6
        marque(db, "hand", "--no-prompt", f"declarer={d}", "contract=6S", f"calls={o1}:play,{o2}:pass",
               f"tricks={d}:{won},{o1}:{10 - won}")
    # names far longer than a column of numbers: the table is split by columns, the hand numbers repeated
    p = ["Wolfgang-Amadeus-Mozart-Salzburg", "Johann-Sebastian-Bach-Eisenach", "Ludwig-van-Beethoven-Bonn-am-Rhein",
         "Pyotr-Ilyich-Tchaikovsky-Votkinsk", "Hildegard-von-Bingen-Bermersheim"]
    marque(db, "start", "tarot", "players=" + ",".join(p), "dealer=" + p[0], "--night", "1")
    for i in range(6):
        marque(db, "hand", "--no-prompt", f"taker={p[i % 5]}", f"partner={p[(i + 1) % 5]}", "contract=garde", "oudlers=2",
               f"points={40 + 3 * i}", f"poignee={p[i % 5]}:simple")
    return db


# --- (a) the HTML in Chromium at A4 width -------------------------------------------------------------------------
PROBE = r"""<style>@media screen { body { padding: 0 !important; background: #fff !important; }
  section { padding: 0 !important; margin: 0 !important; box-shadow: none !important; } }</style>
<script>
(function () {
  const out = [];
  const say = (el, what) => out.push(what + ": <" + el.tagName.toLowerCase() + " class='" + (el.getAttribute("class") || "") +
                                     "'> " + (el.textContent || "").trim().slice(0, 60));
  for (const sec of document.querySelectorAll("section")) {
    const page = parseFloat(sec.dataset.pageWidth);
    const box = sec.getBoundingClientRect();
    if (!(page > 0)) { say(sec, "section without data-page-width"); continue; }
    if (box.width > page + 1) say(sec, "section wider than its page (" + box.width + " > " + page + ")");
    for (const el of sec.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.right > box.left + page + 1 || r.left < box.left - 1) say(el, "beyond the page (" + Math.round(r.right - box.left) + " > " + page + ")");
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) say(el, "content wider than its box (" + el.scrollWidth + " > " + el.clientWidth + ")");
    }
  }
  // a chart's words (names, totals, levels, hand numbers, values) never overlap one another
  for (const svg of document.querySelectorAll("svg.chart")) {
    const boxes = [...svg.querySelectorAll("text")].map(t => [t, t.getBoundingClientRect()]);
    for (let i = 0; i < boxes.length; ++i)
      for (let k = i + 1; k < boxes.length; ++k) {
        const a = boxes[i][1], b = boxes[k][1];
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          say(boxes[i][0], "chart labels overlap ('" + boxes[i][0].textContent + "' and '" + boxes[k][0].textContent + "')");
      }
  }
  const pre = document.createElement("pre");
  pre.id = "paper-report";
  pre.textContent = "CHECKED " + document.querySelectorAll("section").length + " " + window.innerWidth + "\n" + out.join("\n");
  document.body.appendChild(pre);
})();
</script>"""


def chromium(*args):
    prof = tempfile.mkdtemp(dir=T, prefix="profile-")
    return subprocess.run([CHROME, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                           "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                           f"--user-data-dir={prof}", *args], env=ENV, capture_output=True, text=True, timeout=180)


def check_html(html_file, label):
    html = open(html_file, encoding="utf-8").read()
    probe = html_file + ".probe.html"
    open(probe, "w", encoding="utf-8").write(html.replace("</body>", PROBE + "\n</body>"))
    dom = chromium("--window-size=718,1000", "--dump-dom", "file://" + probe).stdout
    m = re.search(r'<pre id="paper-report">(.*?)</pre>', dom, re.S)
    check(m is not None, f"{label}: Chromium ran no probe")
    if not m:
        return
    lines = [htmllib.unescape(l) for l in m.group(1).splitlines() if l.strip()]
    head = lines[0].split()
    check(head[0] == "CHECKED" and int(head[1]) > 0, f"{label}: no sections measured")
    check(int(head[2]) == 718, f"{label}: measured at {head[2]} px, not A4's printable width (718)")
    for l in lines[1:]:
        check(False, f"{label}: {l}")
    if len(lines) == 1:
        check(True, label)


# --- (b) and (c) the PDF's text -----------------------------------------------------------------------------------
NUMBER = re.compile(r"^[+\-−]?\d+(\.\d+)?[*+.]?$")


def pdf_pages(pdf):
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def pdf_text(pdf, page=None):
    args = ["pdftotext", "-layout"] + (["-f", str(page), "-l", str(page)] if page else []) + [pdf, "-"]
    return subprocess.run(args, capture_output=True, text=True).stdout


def expected_rows(sheet):
    """Each hand row of the hands table(s): (its number, the numbers it must show), from the sheet as data."""
    rows = []
    for b in sheet["blocks"]:
        t = b.get("table")
        if b["role"] != "hands" or not t:
            continue
        grouped = set()
        for g in t.get("groups", []):
            grouped.update(range(g["first"], g["first"] + g["count"]))
        value_cols = [i for i, c in enumerate(t["columns"]) if i > 0 and (c["align"] == "right" or i in grouped)]
        for r in t["rows"]:
            cells = r["cells"]
            if r["kind"] == "rule" or not cells or not re.fullmatch(r"\d+", cells[0]):
                continue
            span = r.get("span", [])
            col, by_col = 0, {}
            for i, c in enumerate(cells):  # cells as columns (a redeal's words span several)
                by_col[col] = c
                col += span[i] if i < len(span) and span[i] > 1 else 1
            want = [by_col[i] for i in value_cols if i in by_col and NUMBER.match(by_col[i])]
            rows.append((cells[0], want, r["kind"]))
    return rows


def check_game_pages(db, gid, label, pages):
    """One game's sheet as the night's PDF prints it: `pages`, the text of its pages (each game starts a page)."""
    sheet = json.loads(marque(db, "sheet", str(gid), "--format", "json").stdout)
    html = os.path.join(T, f"{label}.html")
    marque(db, "sheet", str(gid), "--format", "html", "-o", html)  # (its sections: probed in the night's)
    text = "\n".join(pages)
    lines = [l.split() for l in text.splitlines() if l.strip()]
    split = re.search(r'class="sheet hands[^"]* part', open(html, encoding="utf-8").read()) is not None
    rows = expected_rows(sheet)
    check(len(rows) > 0, f"{label}: no hand rows in the sheet")
    check(all(len(want) >= 2 for _, want, kind in rows if kind == "hand"), f"{label}: a hand row with fewer than 2 numbers to look for")
    lost = 0
    for no, want, _ in rows:
        need = collections.Counter(want)
        cands = [l for l in lines if l[0] == no]
        whole = any(not (need - collections.Counter(l)) for l in cands)
        if not whole and split:  # a table split by columns: the hand's numbers over its lines, one per part
            whole = not (need - sum((collections.Counter(l) for l in cands), collections.Counter()))
        if not whole:
            lost += 1
            if lost <= 3:
                print(f"  {label}: hand {no} wants {want}; printed: {[' '.join(l) for l in cands][:3]}")
    check(lost == 0, f"{label}: {lost} of {len(rows)} hand lines lack a value")
    # the column titles repeat on every page that has hand lines (the second title: Dlr, Dealer, dealer ...)
    hands = [b["table"] for b in sheet["blocks"] if b["role"] == "hands" and b.get("table")]
    title = hands[0]["columns"][1]["title"] if hands and len(hands[0]["columns"]) > 1 else ""
    for i, page_text in enumerate(pages, 1):
        page = [l.split() for l in page_text.splitlines() if l.strip()]
        has_hand = any(want and l[0] == no and not (collections.Counter(want) - collections.Counter(l)) for no, want, _ in rows for l in page)
        if has_hand:
            check(title in {w for l in page for w in l}, f"{label}: page {i} has hand lines but no column titles ({title})")
    flat = " ".join(text.split())
    score = json.loads(marque(db, "score", str(gid), "--format", "json").stdout)
    for name in score["players"]:
        check(name in flat, f"{label}: player {name} not printed whole")
    hands = len(score["hands"])
    check(len(pages) <= 2 + hands // 20, f"{label}: {len(pages)} pages for {hands} hands")
    for i, page_text in enumerate(pages, 1):
        check(page_text.strip() != "", f"{label}: page {i} of {len(pages)} is blank")
    check(flat.count(sheet["heading"]) == 1, f"{label}: the title '{sheet['heading']}' is printed {flat.count(sheet['heading'])} times")
    return len(pages)


def check_night(db, night, label, page_counts):
    """The night printed as one PDF (one Chromium run): its summary, then each game's sheet from a page of its own,
    each read back as its pages (a game's first page opens with its heading)."""
    doc = json.loads(marque(db, "sheet", "--night", str(night), "--format", "json").stdout)
    pdf = os.path.join(T, f"{label}.pdf")
    print_ahead(db, pdf, "--night", str(night))
    html = os.path.join(T, f"{label}.html")
    marque(db, "sheet", "--night", str(night), "--format", "html", "-o", html)
    check_html(html, label + " html")
    r = printed(db, pdf)
    check("PDF by " in r.stderr, f"{label}: marque does not say which converter made the PDF ({r.stderr.strip()})")
    pages = pdf_pages(pdf)
    texts = pdf_text(pdf).split("\f")[:pages]  # pdftotext ends each page with a form feed
    check(len(texts) == pages, f"{label}: {len(texts)} pages of text for {pages} pages")
    flat = " ".join(" ".join(texts).split())
    first = " ".join(texts[0].split())
    check(doc["title"] in first, f"{label}: the night's title is not on its first page")
    bound = 1
    starts = []  # each game's first page (0-based), after the summary
    for s in doc["sheets"]:
        check(s["heading"] in first, f"{label}: the summary lacks {s['heading']}")
        check(flat.count(s["heading"]) == 2, f"{label}: '{s['heading']}' printed {flat.count(s['heading'])} times (summary + once)")
        for pl in s["places"]:
            check(f"{pl['who']} {pl['total']}" in first, f"{label}: the summary lacks {pl['who']} {pl['total']}")
        after = starts[-1] + 1 if starts else 1
        start = next((i for i in range(after, len(texts))
                      if next((l for l in texts[i].splitlines() if l.strip()), "").strip().startswith(s["heading"])), None)
        check(start is not None, f"{label}: no page opens with {s['heading']}")
        starts.append(start if start is not None else after)
    for k, s in enumerate(doc["sheets"]):
        end = starts[k + 1] if k + 1 < len(starts) else len(texts)
        gpages = check_game_pages(db, s["game"], f"{label}-game{s['game']}", texts[starts[k]:end])
        page_counts.append((f"{label} game {s['game']} ({s['title']}, {sum(1 for b in s['blocks'] if b['role'] == 'hands')} table)", gpages))
        bound += gpages
    check(len(doc["sheets"]) + 1 <= pages <= bound, f"{label}: {pages} pages (between {len(doc['sheets']) + 1} and {bound})")
    for i in range(1, pages + 1):
        check(texts[i - 1].strip() != "", f"{label}: page {i} of {pages} is blank")
    page_counts.append((f"{label} (night)", pages))
    return flat


counts = []
try:
    check_night(examples_db(), 1, "examples", counts)
    sdb = season_db()
    # the season's first night only: its later nights have the same five kinds of game (each PDF is a Chromium run)
    check_night(sdb, 1, "season1", counts)
    flat = check_night(wide_db(), 1, "wide", counts)
    # the corrections: the net one, in local time with its offset; the undone one is not printed
    check(re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d hand 3 edited: \S+ points -> 60 points", flat) is not None,
          "wide: the correction of hand 3 is not printed with its local time")
    check("hand 4 edited" not in flat, "wide: the undone correction of hand 4 is printed")
finally:
    keep = os.environ.get("MARQUE_KEEP_PAPER")
    if keep:
        os.makedirs(keep, exist_ok=True)
        for f in os.listdir(T):
            if f.endswith((".pdf", ".html", ".db")) and not f.endswith(".probe.html"):
                shutil.copy(os.path.join(T, f), keep)
    shutil.rmtree(T, ignore_errors=True)

for what, n in counts:
    print(f"pages: {what}: {n}")
print(f"paper: {passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
