#!/usr/bin/env python3
"""The phone pages in the table's language (issue 34, points 2 and 6): every page a French club's phone shows (the
tables, a game, a hand, the hand's questions, the code, New game, standings, players, a table phone of a tournament
/t/CODE, the organiser's /tournament/ID and /tournaments) read back in French and scanned for words of the English
catalogue; the language menu switches a phone to Hungarian by the keyboard and its choice beats the browser's
language; the same pages in Hungarian and Greek (chosen in the menu) scanned too and at 360x740 without horizontal
scrolling (PNGs in ARTIFACTS_DIR); the room board /tournament/ID/room speaks the club's language (`serve --lang fr`)
to a Greek browser, its script's clock too.

The scan: tests/i18n/english_words.py's find_english(text, lang) when it is there (the no-English test of the
command line's nights); else a small scan of its own: the words of the English catalogue (po/marque.pot's msgids)
that the French catalogue never uses. Every part of a page is scanned (the hand's questions and choices, the
records, the paper sheet, a player's statistics) but what SKIP names: the language menu, each language in its own
name.

Usage: languages_pages.py MARQUE_BIN ARTIFACTS_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(SRC, "tests", "i18n"))
from phone import browser, check, failures, tap_on, until  # noqa: E402

try:
    from english_words import find_english  # noqa: E402
except ImportError:
    find_english = None

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
CODE = "24681357"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="marque-languages-pages-")
db = os.path.join(tmp, "pages.db")
env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC", NO_COLOR="1", LC_ALL="C", LANG="C")
PLAYERS = ["Anne", "Benoît", "Céline", "Denis"]
EVENT_NAME = "Soirée du club"
# what other parts of issue 34 say (not this part's pages): their elements are not scanned
SKIP = [
    "nav.lang",            # the languages, each in its own name ("English" on purpose)
]


def marque(*args):
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


def start_server(*extra):
    s = subprocess.Popen([BIN, "--db", db, "serve", "--listen", "127.0.0.1:0", "--code", CODE, *extra], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", s.stdout.readline())
    if not m:
        s.kill()
        raise SystemExit("no address printed: " + s.stderr.read())
    return s, f"http://127.0.0.1:{m.group(1)}"


# a French club's night: a tarot game with two hands, a tournament of 8 with its first round published
game = int(re.match(r"game (\d+)", marque("start", "tarot", "players=" + ",".join(PLAYERS), "dealer=Denis")).group(1))
marque("hand", "taker=Benoît", "contract=garde", "oudlers=2", "points=51")
marque("hand", "taker=Anne", "contract=petite", "oudlers=1", "points=40")
prefa = int(re.match(r"game (\d+)", marque("start", "prefa", "players=Anne,Benoît,Céline", "initial_pool=31",
                                            "dealer=Anne")).group(1))
marque("hand", "--game", str(prefa), "declarer=Anne", "contract=6S", "calls=Benoît:play,Céline:play",
       "tricks=Anne:6,Benoît:2,Céline:2")
entrants = PLAYERS + ["Élodie", "François", "Gérard", "Hélène"]
marque("tournament", "create", "--name", EVENT_NAME, "--id", "club", "--game", "tarot", "--seed", "7",
       "--date", "2026-11-26", "--time-limit", "90")
for n in entrants:
    marque("tournament", "register", "club", n)
marque("tournament", "check-in", "club", *entrants)
marque("tournament", "draw", "club")
marque("tournament", "publish", "club")
table_code = json.loads(marque("tournament", "tables", "club", "--format", "json"))[0]["code"]


WORD = r"[^\W\d_]{2,}(?:'[^\W\d_]+)?"  # a word of letters (any script; the English ones are ASCII)


def local_scan(lang):
    """(word, line) of the English catalogue's words that `lang` never uses, in a page's text: the fallback scan."""
    def entries(path):
        out, key, cur = [], None, {}
        for line in open(path, encoding="utf-8"):
            m = re.match(r'^(msgctxt|msgid|msgstr) "(.*)"$', line)
            if m:
                key = m.group(1)
                cur[key] = m.group(2)
            elif line.startswith('"') and key:
                cur[key] += line.strip()[1:-1]
            elif not line.strip() and cur:
                out.append(cur)
                cur, key = {}, None
        if cur:
            out.append(cur)
        return out

    def words(pattern):  # the literal words of an ICU pattern: argument names and plural keys left out
        pattern = re.sub(r"\{(\w+)(, *(plural|select)[^{}]*)?", " ", pattern)
        pattern = re.sub(r"\b(one|other|=\d+)\b", " ", pattern)
        return {w.lower() for w in re.findall(WORD, pattern) if w.isascii()}

    english = set().union(*(words(e.get("msgid", "")) for e in entries(os.path.join(SRC, "po", "marque.pot"))))
    french = set().union(*(words(e.get("msgstr", "")) for e in entries(os.path.join(SRC, "po", lang + ".po"))))
    # the program's name, a time zone, a unit, the games' own words the tarot pages show ("petite": a contract)
    allowed = french | {"marque", "id", "utc", "min", "tarot", "petite", "garde"} | {p.lower() for p in entrants}
    vocabulary = english - allowed

    def scan(text, names=()):
        names = {w.lower() for n in names for w in re.findall(WORD, n)}  # a name's words ("Soirée du club")
        return [(w, line) for line in text.splitlines() for w in re.findall(WORD, line)
                if w.lower() in vocabulary and w.lower() not in names]
    return scan


scans = {}


def english_in(text, lang="fr"):
    names = tuple(entrants) + (EVENT_NAME, table_code)
    if find_english:
        return [(w, line) for _, w, line in find_english(text, lang, names=names)]
    if lang not in scans:
        scans[lang] = local_scan(lang)
    return scans[lang](text, names)


# visible(skip): the page's text as a person reads it (the title, the visible body, buttons' and links' titles and
# labels), the SKIP parts left out
VISIBLE = """
    const visible = (skip) => {
        const body = document.body.cloneNode(true);
        for (const sel of skip) for (const e of body.querySelectorAll(sel)) e.remove();
        for (const e of body.querySelectorAll('script, noscript, [hidden]')) e.remove();
        const extra = Array.from(body.querySelectorAll('[title], [aria-label], [placeholder]'),
          (e) => [e.getAttribute('title'), e.getAttribute('aria-label'), e.getAttribute('placeholder')].join('\\n'));
        document.body.append(body);  // laid out, for its innerText (the words as shown, one line each)
        body.style.position = 'absolute'; body.style.left = '-10000px';
        const shown = body.innerText;
        body.remove();
        // words a style sheet adds (content of ::before and ::after), as a person reads them beside the element
        const added = [];
        for (const e of document.body.querySelectorAll('*')) {
          if (e.closest(skip.join(',') || 'none')) continue;
          for (const pseudo of ['::before', '::after']) {
            const c = getComputedStyle(e, pseudo).content;
            if (c && c !== 'none' && c !== 'normal') added.push(c.replace(/^"|"$/g, ''));
          }
        }
        return document.title + '\\n' + shown + '\\n' + extra.join('\\n') + '\\n' + added.join('\\n');
    };
"""


def visible_text(d):
    return d.execute_script(VISIBLE + "return visible(arguments[0]);", SKIP)


def page_facts(d, there, timeout=10):
    """Waits until the page shows `there` (a selector), then reads in one script what the checks of a page need: its
    lang, its visible text, its width against the window's, the top bar's height, the body's text."""
    return until(d, VISIBLE + """
        if (!document.querySelector(arguments[1])) return null;
        const bar = document.querySelector('nav.top');
        return {lang: document.documentElement.getAttribute('lang'), text: visible(arguments[0]),
                sw: document.documentElement.scrollWidth, iw: window.innerWidth,
                bar: bar ? bar.getBoundingClientRect().height : 0, shown: document.body.innerText};""",
                 SKIP, there, timeout=timeout)


def speaking(d, lang):
    ua = d.execute_script("return navigator.userAgent")
    d.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": ua, "acceptLanguage": f"{lang},en;q=0.5"})


def no_scroll(d, name, facts):
    d.save_screenshot(os.path.join(ARTIFACTS, name + ".png"))
    sw, iw = facts["sw"], facts["iw"]
    check(sw <= iw, f"{name}: no horizontal scrolling at 360 ({sw} <= {iw})")
    bar = facts["bar"]
    check(bar <= 64, f"{name}: the top bar is one line at 360 ({bar:.0f} px high)")
    shown = facts["shown"]
    check(not re.search(r"\\x[0-9a-f]{2}", shown), f"{name}: no control character shown as text ({shown[:0]}\\x..)")


def login(d, base):
    d.get(base + "/login?next=/")
    d.find_element(By.ID, "code").send_keys(CODE)
    tap_on(d, "form.login button")
    until(d, "return document.querySelector('nav.top span.who')")


def pages_of(lang_phone, base):
    """Each page of a scorer's phone and of a table's phone: (name, path, a selector that shows it is there)."""
    return [
        ("board", "/", "section.board"),
        ("game", f"/game/{game}", "ol.hands li"),
        ("hand", f"/game/{game}/hand/1", "table.deltas"),
        ("entry", f"/game/{game}/hand", "#entry form.question"),
        ("new", "/new?game=tarot&p=Anne&p=Benoît&p=Céline&p=Denis", "#start"),
        ("standings", "/standings", "h1"),
        ("players", "/players", "ul.players li"),
        ("player", "/player?name=Anne", "h1"),
        ("tournaments", "/tournaments", "ul.events li"),
        ("organiser", "/tournament/club", "ol.org-tables li"),
        ("table-code", "/t", "form.table-code"),
        ("table", "/t/" + table_code, "button.seat"),
    ]


server, base = start_server()
club = None
try:
    # French: every page read back, no English word
    d = browser(tmp, "pages-fr")
    try:
        speaking(d, "fr")
        d.get(base + "/login?next=/")
        check(d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr", "the code page says lang=fr")
        text = visible_text(d)
        check(not english_in(text), f"fr login page: no English ({english_in(text)[:5]})")
        login(d, base)
        for name, path, there in pages_of("fr", base):
            d.get(base + path)
            facts = page_facts(d, there)
            if not check(facts is not None, f"fr {name}: shown"):
                continue
            check(facts["lang"] == "fr", f"fr {name}: lang=fr")
            hits = english_in(facts["text"])
            check(not hits, f"fr {name} ({path}): no English word ({hits[:6]})")
            no_scroll(d, f"languages-pages-fr-{name}", facts)
        # French numbers and dates on the pages: a prefa total's decimals, the event's date
        d.get(base + f"/game/{prefa}")
        totals = until(d, "const t = document.querySelector('ol.totals'); return t && t.innerText") or ""
        check("5,33" in totals and "-2,67" in totals, f"fr: decimals with a comma ({totals!r})")
        d.get(base + "/tournaments")
        line = d.find_element(By.CSS_SELECTOR, "ul.events li").text
        check("26/11/2026" in line and "8 inscrits" in line, f"fr: the event's date and entrants in French ({line!r})")
        # the table phone: a tap on one's name, then the French actions
        d.get(base + "/t/" + table_code)
        until(d, "return document.querySelector('button.seat')")
        tap_on(d, "button.seat")
        submit, title = until(d, "const b = Array.from(document.querySelectorAll('button.act-submit'))"
                                 ".find(b => b.getClientRects().length);"
                                 " return b ? [b.innerText, document.querySelector('h1').innerText] : null") or ["", ""]
        check(submit == "Soumettre le résultat", "fr table phone: Submit in French")
        check(title.startswith("Table 1 · tour 1"), f"fr table phone: its heading ({title!r})")

        # the language menu: in the footer, reached and followed by the keyboard; Hungarian beats the browser's French
        d.get(base + f"/game/{game}")
        menu = d.find_element(By.CSS_SELECTOR, "footer nav.lang")
        links = menu.find_elements(By.TAG_NAME, "a")
        check([a.text for a in links] == ["English", "Français", "Magyar", "Ελληνικά"], "the menu: each language in its own name")
        check(menu.find_element(By.CSS_SELECTOR, "a[aria-current]").text == "Français", "the menu marks the page's language")
        box = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, window.innerWidth]", menu)
        check(box[0] >= 0 and box[1] <= box[2], f"the menu fits at 360 ({box})")
        hu = [a for a in links if a.text == "Magyar"][0]
        d.execute_script("arguments[0].focus()", hu)
        hu.send_keys(Keys.ENTER)
        check(until(d, "return document.documentElement.getAttribute('lang') === 'hu'") is not None,
              "Enter on Magyar: the page in Hungarian")
        check(d.current_url.endswith(f"/game/{game}"), f"the menu comes back to the page ({d.current_url})")
        check(d.find_element(By.CSS_SELECTOR, "nav.top a").text == "Asztalok", "Hungarian menu bar")
        d.get(base + "/players")
        check(d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "hu", "the choice stays (a French browser)")
        d.get(base + f"/game/{game}/hand")
        q = until(d, "const q = document.querySelector('#entry .fast button#quick'); return q && q.innerText.trim()") or ""
        check(q == "Szokásos válaszok kihagyása", f"the entry's script speaks Hungarian ({q!r})")
        # the phone's pages in Hungarian and Greek at 360x740
        for lang, label in (("hu", "Magyar"), ("el", "Ελληνικά")):
            d.get(base + "/language?next=/&set=" + lang)
            for name, path, there in pages_of(lang, base):
                d.get(base + path)
                facts = page_facts(d, there)
                if facts is not None:
                    hits = english_in(facts["text"], lang)
                    check(not hits, f"{lang} {name} ({path}): no English word ({hits[:6]})")
                    no_scroll(d, f"languages-pages-{lang}-{name}", facts)
        d.get(base + "/language?next=/&set=")  # forgotten: the browser's language again
        check(d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr", "the choice forgotten: French again")
        server.terminate()
        server.wait(10)

        # the room board: the club's language (serve --lang fr) to a Greek browser; its script's clock in French. The
        # same browser, its screen a 1280x720 one once the board is loaded (a page load sets the phone's size again)
        club, base = start_server("--lang", "fr")
        speaking(d, "el")
        d.get(base + "/tournament/club/room")
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
        until(d, "return document.querySelector('.room-slide')")
        check(d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr", "room board: lang=fr (the club's)")
        head = d.find_element(By.CSS_SELECTOR, ".room-round").text
        check(head.startswith("Tour 1 sur"), f"room board: the round in French ({head!r})")
        clock = until(d, "const c = document.querySelector('.room-clock'); return c && c.innerText.includes('fin à') && c.innerText")
        check(bool(clock) and "encore" in clock, f"room board: the clock in French ({clock!r})")
        hits = english_in(visible_text(d))
        check(not hits, f"room board: no English word ({hits[:6]})")
        d.save_screenshot(os.path.join(ARTIFACTS, "languages-pages-fr-room.png"))
    finally:
        d.quit()
finally:
    for s in (server, club):
        if s and s.poll() is None:
            s.terminate()
            s.wait(10)

print("scan:", "tests/i18n/english_words.py" if find_english else "the catalogue's words (english_words.py not found)")
print(f"{len(failures)} failures" if failures else "all passed")
sys.exit(1 if failures else 0)
