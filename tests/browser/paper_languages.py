#!/usr/bin/env python3
"""The printed sheets in the table's own language (issue 34): each game's example night printed to PDF in its home
language through the product's path (marque sheet --night 1 -o FILE.pdf --lang LANG: the HTML page, the converter
marque finds) and read back with pdftotext: tarot, coinche and piquet in French (one night, one PDF), alsós in
Hungarian, prefa in Greek. Each PDF must carry its headings in that language, none of the English ones, and its
numbers in that language's format (fr "2 150" grouped, decimal commas; el decimal commas; hu its dates); the club
site made with --lang fr must be French (<html lang="fr">, its headings, its dates) and the same site in English
unchanged in its words.
Usage: paper_languages.py MARQUE_BIN SOURCE_DIR. Exit 77 (skipped) without chromium or pdftotext. MARQUE_KEEP_PAPER=DIR
keeps the PDF files there."""
import os, re, shutil, sqlite3, subprocess, sys, tempfile

BIN, SRC = sys.argv[1], sys.argv[2]
CHROME = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
if not CHROME or not shutil.which("pdftotext"):
    print("skipped: needs chromium and poppler-utils (apt-get install chromium poppler-utils)")
    sys.exit(77)

T = tempfile.mkdtemp(prefix="marque-paper-lang-")
ENV = dict(os.environ, XDG_DATA_HOME=T, HOME=T, TZ=os.environ.get("TZ", "UTC"), LANG="C", LC_ALL="", LC_MESSAGES="")
ENV.pop("MARQUE_PDF_COMMAND", None)
failures, passed = [], 0


def check(ok, what):
    global passed
    if ok:
        passed += 1
    else:
        failures.append(what)
        print("FAIL:", what)


def marque(db, *args):
    r = subprocess.run([BIN, "--db", db, *args], env=ENV, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"marque {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r


def night_db(name, games):
    """the example games of `games`, imported as one night of 2026-11-19"""
    db = os.path.join(T, name + ".db")
    marque(db, "night", "start", "--date", "2026-11-19", "--venue", "Club")
    for g in games:
        marque(db, "import", os.path.join(SRC, "examples", g + ".json"))
    with sqlite3.connect(db) as c:
        c.execute("UPDATE games SET night_id = 1")
    return db


def pdf_text(db, lang):
    pdf = os.path.join(T, f"night-{lang}.pdf")
    marque(db, "sheet", "--night", "1", "-o", pdf, "--lang", lang)
    keep = os.environ.get("MARQUE_KEEP_PAPER")
    if keep:
        os.makedirs(keep, exist_ok=True)
        shutil.copy(pdf, keep)
    r = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True)
    check(r.returncode == 0, f"pdftotext reads {pdf}")
    return r.stdout


SP = "[ \u00a0\u202f]"  # a group separator as pdftotext gives it back (a space)


def words_absent(text, english, lang):
    for w in english:
        check(re.search(r"(?<![\w])" + re.escape(w) + r"(?![\w])", text) is None, f"{lang}: no English '{w}' on the paper")


def words_present(text, native, lang):
    for w in native:
        check(w in text, f"{lang}: the paper says '{w}'")


# --- French: tarot, coinche, piquet on one night ---------------------------------------------------------------------
fr = pdf_text(night_db("fr", ["tarot", "coinche", "piquet"]), "fr")
words_present(fr, ["Soirée du 19/11/2026", "Partie 1 — Tarot", "Partie 2 — Coinche", "Partie 3 — Piquet", "Vainqueur",
                   "Totaux finaux", "Preneur(+Appelé)", "Contrat", "Bouts", "Résultat", "Classement final",
                   "Donneur", "NOUS cumul", "EUX donne", "partie Rubicon", "donne", "détail"], "fr")
# (not "deal": the example's own notes say it, as a player wrote them)
words_absent(fr, ["Night of", "Game 1", "Winner", "Final totals", "Dealer", "Contract", "Result", "Final ranking",
                  "Standing", "hand", "total", "dealer", "target", "made", "running totals"], "fr")
check(re.search(r"2" + SP + r"150\b", fr) is not None, "fr: the coinche total 2150 grouped as 2 150")
check(re.search(r"\b2150\b|\b2,150\b", fr) is None, "fr: no ungrouped or English-grouped 2150")
check(re.search(r"\b1" + SP + r"000\b", fr) is not None, "fr: the chart's ticks grouped (1 000)")

# --- Hungarian: alsós -----------------------------------------------------------------------------------------------
hu = pdf_text(night_db("hu", ["alsos"]), "hu")
words_present(hu, ["Klubest: 2026. 11. 19.", "1. játszma — Alsós", "Győztes", "Osztó", "Vállalás", "összesen", "állás",
                   "játékosok (játéksorrend)", "elszámolás (pénz)", "fizet"], "hu")
words_absent(hu, ["Night of", "Game 1", "Winner", "Dlr", "Contract", "running", "totals", "settlement", "pays",
                  "won", "lost", "players"], "hu")
check(re.search(r"\b2026-11-19\b", hu) is None, "hu: no ISO date on the paper (2026. 11. 19.)")

# --- Greek: prefa ---------------------------------------------------------------------------------------------------
el = pdf_text(night_db("el", ["prefa"]), "el")
words_present(el, ["Βραδιά 19/11/2026", "Παρτίδα 1 — Πρέφα", "Νικητής", "Κιτάπι πρέφας", "μοιράζει", "τζογαδόρος",
                   "αγορά", "μπάζες", "κάσες", "αξία", "πληρωμή", "αποτέλεσμα:"], "el")
words_absent(el, ["Night of", "Game 1", "Winner", "dealer", "declarer", "contract", "tricks", "pools", "value",
                  "settlement", "pays", "result"], "el")
check(re.search(r"\d,\d\d\b", el) is not None, "el: values with a decimal comma")
check(re.search(r"\d\.\d{1,2}(?!\d)", el) is None, "el: no decimal point in a number")

# --- the club site in French ------------------------------------------------------------------------------------------
site_db = night_db("site", ["tarot", "coinche"])
fr_dir, en_dir = os.path.join(T, "site-fr"), os.path.join(T, "site-en")
marque(site_db, "site", fr_dir, "--lang", "fr")
marque(site_db, "site", en_dir, "--lang", "en")
index = open(os.path.join(fr_dir, "index.html"), encoding="utf-8").read()
check('<html lang="fr">' in index, "site fr: <html lang=\"fr\">")
words_present(index, ["classement", "Joueurs", "Soirées", "points de championnat", "victoires", "19/11/2026"], "site fr")
words_absent(re.sub(r"<[^>]*>", " ", index), ["standings", "Players", "Nights", "league points", "wins", "Games outside a night"], "site fr")
night_page = open(os.path.join(fr_dir, "night-1.html"), encoding="utf-8").read()
words_present(night_page, ["Soirée du 19/11/2026", "Vainqueur", "Preneur(+Appelé)", "2\u202f150"], "site fr night")
en_index = open(os.path.join(en_dir, "index.html"), encoding="utf-8").read()
check('<html lang="en">' in en_index and "league points" in en_index and "Players" in en_index,
      "site en: still English")

print(f"{passed} checks passed, {len(failures)} failed")
shutil.rmtree(T, ignore_errors=True)
sys.exit(1 if failures else 0)
