#!/usr/bin/env python3
"""The club's website (issue 19), crawled in headless Chromium from index.html.

The examples' season (examples/season.json: three nights of five games and its season, "Autumn 2026"), one more
season and one more game whose player's name is markup, written by `marque site DIR --league "Thursday club"`:
  - every link of every page reached from index.html resolves (the file exists, its #fragment names an element),
    and no page loads anything from elsewhere (no script, no external link, image, style or font);
  - every player of the season has a page (linked from the index), headed by the name, with a rating chart;
  - every number of the standings tables on the index (the season's and all time, the combined ranking and each
    game kind's) equals the one of `marque standings --format json` for the same selection, in the same order;
  - a name that is markup shows as text (escaped), never as markup;
  - every night page shows its games' sheets and every game page its sheet (the printed sheets' HTML);
  - on a phone, 360 px wide, no page scrolls sideways (issue 29), while printed the sheets keep their A4 width.
Usage: site.py MARQUE_BIN SOURCE_DIR [ARTIFACTS_DIR]. Exit 77 (skipped) without chromium, chromedriver or selenium.
The index's screenshot goes to ARTIFACTS_DIR/site-index.png when given, and each page kind's at 360 px to
ARTIFACTS_DIR/site-360-KIND.png."""
import json, os, shutil, subprocess, sys, tempfile, time, urllib.parse

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
except ImportError:
    print("skipped: needs python3-selenium")
    sys.exit(77)

BIN, SRC = sys.argv[1], sys.argv[2]
ART = sys.argv[3] if len(sys.argv) > 3 else None
CHROME = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if not CHROME or not DRIVER:
    print("skipped: needs chromium and chromium-driver")
    sys.exit(77)

started = time.time()
T = tempfile.mkdtemp(prefix="marque-site-")
ENV = dict(os.environ, XDG_DATA_HOME=T, HOME=T, TZ="UTC", MARQUE_NOW="2026-11-24T12:00:00Z")
DB = os.path.join(T, "club.db")
SITE = os.path.join(T, "site")
failures, passed = [], 0
MARKUP = '<b>Zoë</b> & "Co"'


def check(ok, what):
    global passed
    if ok:
        passed += 1
    else:
        failures.append(what)
        print("FAIL:", what, flush=True)


def marque(*args):
    r = subprocess.run([BIN, "--db", DB, *args], env=ENV, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


marque("import", os.path.join(SRC, "examples", "season.json"))
# examples/season.json brings its season, "Autumn 2026"; one more here
marque("season", "add", "Early October", "--league", "Thursday club", "--from", "2026-10-01", "--to", "2026-10-09")
marque("start", "tarot", f"players={MARKUP},Ann,Ben", "dealer=Ann", "--league", "Thursday club", "--date", "2026-10-20")
for taker, pts in [("Ann", "50"), ("Ben", "41"), ("Ann", "36")]:
    marque("hand", "--no-prompt", f"taker={taker}", "contract=garde", "oudlers=2", f"points={pts}")
marque("game", "close")
# a tournament of the league in its season (case W5: three rounds, a correction after round 2); it adds nothing to the
# standings (league_contribution none), so the standings checked below stay the games'
w5 = json.load(open(os.path.join(SRC, "..", "shared", "rules", "examples", "tournament", "tournament-W5.json")))
w5["event"].update({"name": "Tournoi du jeudi", "dates": ["2026-11-26"], "league": "Thursday club",
                    "season": "Autumn 2026", "league_contribution": "none"})
with open(os.path.join(T, "w5.json"), "w") as f:
    json.dump(w5, f)
marque("tournament", "import", os.path.join(T, "w5.json"), "--id", "jeudi")
EVENT = json.loads(marque("tournament", "export", "jeudi"))
out = marque("site", SITE, "--league", "Thursday club")
check("index.html" in out, f"site prints where the index is: {out}")


def standings(*args):
    return json.loads(marque("standings", "--league", "Thursday club", *args, "--format", "json"))


docs = {"all": standings(), "Autumn 2026": standings("--season", "Autumn 2026"),
        "Early October": standings("--season", "Early October")}

o = webdriver.ChromeOptions()
o.binary_location = CHROME
for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1100,1400",
          f"--user-data-dir={tempfile.mkdtemp(prefix='profile-', dir=T)}"]:
    o.add_argument(a)
d = webdriver.Chrome(service=Service(DRIVER), options=o)
d.set_page_load_timeout(30)
try:
    index = "file://" + os.path.join(SITE, "index.html")
    d.get(index)
    if ART:
        os.makedirs(ART, exist_ok=True)
        d.save_screenshot(os.path.join(ART, "site-index.png"))
    # --- the standings on the index equal marque-standings/2 -----------------------------------------------------
    tables = d.execute_script("""
      return [...document.querySelectorAll('table.standings')].map(t => ({
        id: t.dataset.standings, kind: t.dataset.kind,
        rows: [...t.tBodies[0].rows].map(r => ({player: r.dataset.player,
          name: r.cells[1].textContent,
          cells: Object.fromEntries([...r.querySelectorAll('td[data-key]')].map(c => [c.dataset.key, c.textContent]))}))}));""")
    seen = set()
    for t in tables:
        doc = docs.get(t["id"])
        check(doc is not None, f"a standings table of an unknown selection: {t['id']}")
        if doc is None:
            continue
        seen.add((t["id"], t["kind"]))
        if t["kind"] == "":
            want = [(e["player"], e) for e in doc["standings"]]
        else:
            want = sorted([(e["player"], e["by_game"][t["kind"]]) for e in doc["standings"] if t["kind"] in e["by_game"]],
                          key=lambda pe: pe[1]["rank"])
        check([r["player"] for r in t["rows"]] == [p for p, _ in want],
              f"{t['id']} {t['kind'] or 'combined'}: players {[r['player'] for r in t['rows']]} != {[p for p, _ in want]}")
        for r, (player, e) in zip(t["rows"], want):
            check(r["name"] == player, f"{t['id']}: the name shown {r['name']!r} is not {player!r}")
            for key, text in r["cells"].items():
                v = e.get(key)
                if v is None:
                    check(text == "", f"{t['id']} {t['kind']} {player} {key}: {text!r} where the JSON has none")
                    continue
                tol = 0.05 if key == "rating" else 0.005
                try:
                    ok = abs(float(text) - float(v)) <= tol + 1e-9
                except ValueError:
                    ok = False
                check(ok, f"{t['id']} {t['kind'] or 'combined'} {player} {key}: page {text!r}, JSON {v}")
    for sel, doc in docs.items():
        check((sel, "") in seen, f"no combined standings table for {sel}")
        for kind in doc["games_by_kind"]:
            check((sel, kind) in seen, f"no {kind} standings table for {sel}")
    # --- crawl: every link resolves, nothing from elsewhere ---------------------------------------------------------
    queue, visited, pages = [index], set(), {}
    while queue:
        url = queue.pop()
        page = url.split("#")[0]
        if page in visited:
            continue
        visited.add(page)
        path = urllib.parse.unquote(urllib.parse.urlparse(page).path)
        check(os.path.isfile(path), f"a link to a missing page: {page}")
        if not os.path.isfile(path):
            continue
        d.get(page)
        info = d.execute_script("""
          return {title: document.title, h1: (document.querySelector('h1') || {}).textContent || '',
            links: [...document.querySelectorAll('a[href]')].map(a => a.href),
            scripts: document.querySelectorAll('script').length,
            external: [...document.querySelectorAll('[src],link[href],img,iframe,object,embed')].map(e => e.outerHTML.slice(0, 80)),
            ids: [...document.querySelectorAll('[id]')].map(e => e.id),
            charts: document.querySelectorAll('svg.chart').length,
            sheets: document.querySelectorAll('section.game').length,
            bold: [...document.querySelectorAll('b')].map(b => b.textContent),
            text: document.body.innerText};""")
        pages[os.path.basename(path)] = info
        # a phone (issue 29): the page at 360 px, laid out again without a reload, scrolls not sideways
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": False})
        w = d.execute_script("return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth};")
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        name = os.path.basename(path)
        check(w["inner"] == 360, f"{name}: measured at {w['inner']} px, not 360")
        check(w["scroll"] <= w["inner"], f"{name}: scrolls sideways at 360 px (the page is {w['scroll']} px wide)")
        check(info["scripts"] == 0, f"{path}: a script")
        check(not info["external"], f"{path}: loads something: {info['external'][:3]}")
        check("Zoë" not in info["bold"], f"{path}: a name was taken as markup")
        for link in info["links"]:
            u = urllib.parse.urlparse(link)
            check(u.scheme == "file", f"{path}: a link that leaves the site: {link}")
            if u.scheme != "file":
                continue
            target = link.split("#")[0]
            if "#" in link and target == page:
                frag = urllib.parse.unquote(link.split("#", 1)[1])
                check(frag in info["ids"], f"{path}: a link to #{frag}, which is not on the page")
            elif "#" in link:
                frag = urllib.parse.unquote(link.split("#", 1)[1])
                target_path = urllib.parse.unquote(u.path)
                check(os.path.isfile(target_path) and f'id="{frag}"' in open(target_path, encoding="utf-8").read(),
                      f"{path}: a link to {os.path.basename(target_path)}#{frag}, which does not exist")
            if target not in visited:
                queue.append(target)
    check(len(pages) >= 30, f"only {len(pages)} pages reached from the index")
    # --- a phone (issue 29): printed at 360 px (each page's width on a phone: checked in the crawl), the sheets stay A4
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": False})
    kinds = {"index": "index.html", "player": min(n for n in pages if n.startswith("player-")),
             "night": min(n for n in pages if n.startswith("night-")), "game": min(n for n in pages if n.startswith("game-"))}
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    for kind in ("night", "game"):
        d.get("file://" + os.path.join(SITE, kinds[kind]))
        widths = d.execute_script("""return [...document.querySelectorAll('section[data-page-width]')].map(
          s => [s.getBoundingClientRect().width, parseFloat(s.dataset.pageWidth)]);""")
        check(widths and all(abs(w - page) <= 1 for w, page in widths),
              f"{kinds[kind]} printed at 360 px: the sheets are not A4 wide ({widths})")
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    if ART:  # what a phone shows: each page kind, 360 px wide
        for kind, name in kinds.items():
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 2000, "deviceScaleFactor": 1, "mobile": False})
            d.get("file://" + os.path.join(SITE, name))
            d.save_screenshot(os.path.join(ART, f"site-360-{kind}.png"))
    d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    # --- every player of the season has a page ------------------------------------------------------------------
    index_info = pages.get("index.html", {})
    player_pages = {p["h1"]: name for name, p in pages.items() if name.startswith("player-")}
    for e in docs["Autumn 2026"]["standings"]:
        name = e["player"]
        check(name in player_pages, f"{name} of the season has no page")
        if name in player_pages:
            p = pages[player_pages[name]]
            check(p["charts"] >= 1, f"{name}'s page has no rating chart")
            check("best hand" in p["text"], f"{name}'s page has no best hand")
    check(MARKUP in player_pages, f"the player named {MARKUP!r} has no page headed by the name as text")
    check(MARKUP in index_info.get("text", ""), "the index does not show the markup name as text")
    raw = open(os.path.join(SITE, "index.html"), encoding="utf-8").read()
    check("&lt;b&gt;Zoë&lt;/b&gt; &amp; &quot;Co&quot;" in raw and "<b>Zoë" not in raw, "the markup name is not escaped in the HTML")
    # --- nights and games show their sheets ------------------------------------------------------------------------
    nights = [n for n in pages if n.startswith("night-")]
    games = [g for g in pages if g.startswith("game-")]
    check(len(nights) == 3, f"{len(nights)} night pages (3 nights in the season)")
    check(len(games) == 16, f"{len(games)} game pages (15 games of the season and one more)")
    for n in nights:
        check(pages[n]["sheets"] == 5, f"{n}: {pages[n]['sheets']} sheets, 5 games that night")
    for g in games:
        check(pages[g]["sheets"] == 1 and pages[g]["charts"] >= 1, f"{g}: no sheet or no chart")
    # --- the tournament's page (issue 33): from the index and its season; its ranking, rounds and corrections ------
    check("event-jeudi.html" in pages, "the tournament's page is reached from the index")
    season_part = raw.split('id="season-1"')[1].split("<h2")[0] if 'id="season-1"' in raw else ""
    check('href="event-jeudi.html"' in season_part, "the season's part of the index links the tournament")
    ev = pages.get("event-jeudi.html", {"text": ""})
    lines = ev["text"].split("\n")
    names = {e["id"]: e.get("name") or e["id"] for e in EVENT["entrants"]}

    def num(v):
        return f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)
    for row in EVENT["ranking"]:
        start = f"{row['rank']}\t{names[row['entrant']]}\t{num(row['score'])}\t"
        line = next((l for l in lines if l.startswith(start)), "")
        check(bool(line), f"event page: the ranking row {start!r}")
        rounds = "\t".join(num(x) for x in row["rounds"])
        check(rounds in line, f"event page: {names[row['entrant']]}'s points per round {rounds!r} in {line!r}")
    for c in EVENT["scoring_chain"] if "scoring_chain" in EVENT else EVENT["event"]["scoring"]["tiebreaks"][1:]:
        label = {"placement_points": "Placement points", "head_to_head": "Head-to-head", "best_rounds": "Best rounds",
                 "lot": "Lot"}.get(c, c)
        check(label in ev["text"], f"event page: the tie-break column {label}")
    for c in EVENT["corrections"]:
        check(c["reason"] in ev["text"], f"event page: the correction note {c['reason']!r}")
    for r in EVENT["rounds_played"]:
        check(f"Round {r['round']}" in ev["text"], f"event page: round {r['round']}")
        for t in r["tables"]:
            seats = ", ".join(f"{names[x]} {num(t['result'][x])}" for x in t["seats"])
            check(any(l.startswith(f"{t['table']}\t{seats}\t") for l in lines),
                  f"event page: round {r['round']} table {t['table']}: {seats}")
finally:
    d.quit()
    shutil.rmtree(T, ignore_errors=True)

print(f"site: {passed} passed, {len(failures)} failed in {time.time() - started:.1f} s")
sys.exit(1 if failures else 0)
