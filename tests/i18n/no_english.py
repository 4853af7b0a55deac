#!/usr/bin/env python3
"""Issue 34's done-when: a club runs a whole night in its own language without meeting one English word.

Runs four nights with the command line, each in a fresh folder and database, and scans everything a person reads
(each command's standard output and standard error, the printed sheets as text, the club site's pages as text) for
words of the English catalogue (english_words.find_english: the words of po/marque.pot and of the English goldens,
less what is not English in that language). The nights:

  fr  a French club: a tarot game to its end and a coinche game to its end, from `night start` to the sheets and
      the site, with a refused hand, undo, redo, show, list, history, games, score, standings, stats, rules, --help
  hu  a Hungarian alsós night (the same commands)
  el  a Greek prefa night (the same commands)

Each finding names the night, the command (or the file), the line and the word. Usage:
no_english.py MARQUE_BIN SOURCE_DIR [--lang LANG]"""
import html
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from english_words import find_english  # noqa: E402

# Each night: its language, the names the user typed (players, venue, league: never reported), its commands
# (run with --lang LANG after `marque`; "SITE" builds the club's website into site/, "SHEET n" prints a sheet as text;
# "FILE NAME TEXT" writes a file the commands after it read; "!" first: a command that must fail, a refusal; every
# other must succeed, or the night is not the night it says).
NIGHTS = {
    "fr": {
        "names": ("Ann", "Ben", "Cat", "Nina", "Emil", "Sara", "Will", "Café du Coin", "Club du jeudi"),
        "commands": [
            "night start --date 2026-11-20 --venue 'Café du Coin' --league 'Club du jeudi'",
            "start tarot players=Ann,Ben,Cat dealer=Ann end=deals:3 --night 1 --date 2026-11-20",
            "hand taker=Ben contract=garde oudlers=2 points=47.5",
            "!hand taker=Ben contract=gard oudlers=2 points=40",
            "hand taker=Cat contract=prise oudlers=1 points=38 poignee=Cat:simple",
            "undo",
            "redo",
            "hand type=redeal reason=few_honours player=Cat",
            "hand taker=Ann contract=garde_sans oudlers=3 points=36 petit_au_bout=attack",
            "!hand taker=Ben contract=garde oudlers=1 points=60",
            "show 1",
            "list",
            "history",
            "start coinche N=Nina E=Emil S=Sara W=Will dealer=W target=1000 --night 1 --date 2026-11-20",
            "hand bidder=S bid=90 trump=D points=95 last=bidders belote=S",
            "hand redeal=all_pass",
            "hand bidder=E bid=100 trump=H coinche=N points=80 last=defenders",
            "hand bidder=N bid=120 trump=S points=130 last=bidders",
            "hand bidder=S bid=80 trump=C points=152 last=bidders capot=bidders",
            "!hand bidder=W bid=80 trump=C points=100 last=bidders",
            # a correction refused: the game would be over after the hand edited (issue 34's files and corrections)
            "!edit 1 bid=160 coinche=E surcoinche=S points=152 last=bidders capot=bidders",
            "games",
            "score 2",
            "night list",
            "SHEET 1",
            "SHEET 2",
            "sheet --night 1",
            "standings",
            "stats Ann",
            "stats --kind coinche",
            "!start tarot players=Ann,Ben dealer=Ann --date 2026-11-20",
            "!start tarot players=Ann,Ben,Cat dealer=Ann option.bid_ladder=haute --date 2026-11-20",
            "!start coinche N=Nina E=Emil S=Sara W=Will dealer=N couleur=1 --date 2026-11-20",
            # the options said at start (every option's words in French; a count of 1: après 1 donne)
            "start tarot players=Ann,Ben,Cat,Dan,Eve dealer=Ann end=deals:1 option.preset=fft option.bid_ladder=petite_pousse "
            "option.petit_sec=play_as_excuse option.misere=on option.misere_scoring=team option.misere_kinds=separate "
            "option.petite_chelem=on option.petite_chelem_tricks=1 option.self_call=false option.gain_rounding=nearest_10 "
            "option.petit_au_bout_failed_attack=lost option.poignee_to=shower --date 2026-11-20",
            "start coinche N=Nina E=Emil S=Sara W=Will dealer=W option.tie_at_target=extra_deal option.success_threshold=bid "
            "option.must_outscore_defenders=false option.multiplier_scope=bid option.rounding=six_up "
            "option.scoring_mode=bid_only option.capot_bid=true option.special_contract_scoring=flat "
            "option.direction=anticlockwise option.all_pass_dealer=same option.coinche_scoring=flat_160 --date 2026-11-20",
            "rules",
            "--version",
            "rules tarot",
            "rules coinche",
            "--help",
            "hand --help",
            "SITE",
            # piquet's records read back (after the site: the options' values in its heading are i18nopt's)
            "start piquet players=Ann,Ben dealer=Ben --date 2026-11-20",
            "hand point=Ann:5:49 seq=Ann:quart:A sets=Ben:quatorze:10,trio:Q tricks=Ann:7 play=Ann:9,Ben:6",
            "show 1",
            "history",
            "SHEET 5",
            # the errors of files, imports, the command line's words and the database
            'FILE casse.json {"format": "marque-game/1", x}',
            "!import casse.json",
            'FILE donnes.csv game,players,contract,taker,points,oudlers\\ntarot,"Ann,Ben,Cat",garde,Ann,99,2\\n',
            "!import donnes.csv",
            "!import absent.json",
            'FILE inscrits.csv name,age\\nAnn,30\\n',
            "!tournament import-entrants fete inscrits.csv",
            "!hand \"$(printf 'preneur=\\377')\"",
            "!start tarot players=Ann,Ben,Cat --date 2026-02-30",
            "FILE autre.db pas une base",
            "!--db autre.db games",
            # check, a refused restore, player merge's unknown target, the tournament command's messages
            "check",
            "!restore absent.bak --yes",
            "!player merge Ann Zoé",
            "tournament create --name Fête --game tarot --rounds 2 --id fete --seed 1",
            "tournament register fete Ann --checked-in",
            "!tournament result fete",
            "tournament list",
            "tournament show fete",
        ],
    },
    "hu": {
        "names": ("Zsófi", "Bálint", "Gergő", "Kocsma", "Csütörtöki klub"),
        "commands": [
            "night start --date 2026-11-20 --venue Kocsma --league 'Csütörtöki klub'",
            "start alsos players=Zsófi,Bálint,Gergő dealer=Gergő --night 1 --date 2026-11-20",
            "hand contract=trump:piros:Zsófi tricks=Zsófi:6,Bálint:1,Gergő:2 card_points=Zsófi:114,Bálint:20,Gergő:28 "
            "last=Zsófi",
            "hand contract=betli:Bálint tricks=Bálint:0",
            "!hand contract=betly:Bálint tricks=Bálint:0",
            "!hand contract=trump:piros:Zsófi figura=Zsófi:tuli:early/Zsófi:early tricks=Zsófi:6,Bálint:1,Gergő:2 "
            "card_points=Zsófi:114,Bálint:20,Gergő:28 last=Zsófi",
            "undo",
            "redo",
            "hand contract=misdeal",
            "hand contract=kloptzky tricks=Zsófi:4,Bálint:3,Gergő:2",
            "hand contract=trump:makk:Gergő tricks=Zsófi:4,Bálint:3,Gergő:2 card_points=Zsófi:78,Bálint:60,Gergő:24 "
            "last=Zsófi",
            "show 1",
            "list",
            "history",
            "games",
            "score 1",
            "night list",
            "SHEET 1",
            "sheet --night 1",
            "standings",
            "stats Zsófi",
            "!start alsos players=Zsófi,Bálint,Gergő dealer=Gergő option.kassza_mode=maybe --date 2026-11-20",
            "start alsos players=Zsófi,Bálint,Gergő dealer=Gergő option.game_value_betli=5 option.kloptzky_value=6 "
            "option.max_kontra_level=4 option.kassza_mode=double_game option.session_end='{\"mode\":\"deals\",\"count\":1}' "
            "--date 2026-11-20",
            "rules alsos",
            # the errors of files, imports, corrections and the command line's words
            'FILE rossz.json {"format":"marque-game/1","game":"alsos","setup":{"players":["Zsófi","Bálint","Gergő"]},"hands":[1]}',
            "!import rossz.json",
            'FILE rossz.csv game,players\\nalsos,"Zsófi,Bálint,Gergő\\n',
            "!import rossz.csv",
            "!hand contract=betli:Bálint contract=betli:Gergő",
            "!start alsos players=Zsófi,Bálint,Gergő dealer=Gergő --date 2026-02-30",
            "--help",
            "hand --help",
            "SITE",
        ],
    },
    "el": {
        "names": ("Nikos", "Eleni", "Giorgos", "Kafeneio", "Leschi"),
        "commands": [
            "night start --date 2026-11-20 --venue Kafeneio --league Leschi",
            "start prefa players=Nikos,Eleni,Giorgos dealer=Nikos option.initial_pool=5 --night 1 --date 2026-11-20",
            "hand declarer=Eleni contract=6H calls=Giorgos:play,Nikos:play tricks=Eleni:6,Giorgos:2,Nikos:2",
            "!hand declarer=Eleni contract=6X calls=Giorgos:play,Nikos:play tricks=Eleni:6,Giorgos:2,Nikos:2",
            "hand declarer=Giorgos contract=7S calls=Nikos:pass,Eleni:play tricks=Giorgos:6,Eleni:4",
            "undo",
            "redo",
            "hand type=all_pass",
            "hand declarer=Eleni contract=6H calls=Giorgos:play,Nikos:pass along=Giorgos tricks=Eleni:6,Giorgos:2,Nikos:2",
            "!hand type=all_pass tricks=Nikos:3",
            "show 2",
            "list",
            "history",
            "games",
            "score 1",
            "night list",
            "SHEET 1",
            "sheet --night 1",
            "standings",
            "stats Nikos",
            "stats Eleni",
            "standings --kind prefa",
            "!start prefa players=Nikos,Eleni,Giorgos dealer=Nikos option.initial_pool=0 --date 2026-11-20",
            "start prefa players=Nikos,Eleni,Giorgos dealer=Nikos option.ten_no_trumps=value_11 option.provisional_entry=on "
            "option.four_aces=raise_value option.overflow_mode=level option.overflow_exhausted=negative "
            "option.taken_along_failure=per_seat option.all_pass=polles option.end_rounding=integer_half_up "
            "option.sheet_columns=net --date 2026-11-20",
            "rules prefa",
            # the errors of files, imports and the command line's words
            'FILE kako.json {"format":"marque-game/1","game":"prefa","setup":{"players":["Nikos","Eleni","Giorgos"]},'
            '"hands":[1]}',
            "!calc kako.json",
            'FILE kako.csv players,declarer\\n"Nikos,Eleni,Giorgos",Eleni\\n',
            "!import kako.csv",
            "!hand declarerEleni",
            "!start prefa players=Nikos,Eleni,Giorgos dealer=Nikos --date 2026-02-30",
            "--help",
            "hand --help",
            "SITE",
        ],
    },
}


def page_text(path):
    """What a person reads on an HTML page: the text between its tags, scripts and styles left out, and the
    attributes people read (title, alt, placeholder, aria-label)."""
    page = open(path, encoding="utf-8", errors="replace").read()
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    said = re.findall(r'(?i)\b(?:title|alt|placeholder|aria-label)="([^"]*)"', page)
    text = re.sub(r"(?s)<!--.*?-->", " ", page)
    text = re.sub(r"(?s)<[^>]*>", "\n", text)
    lines = [html.unescape(l).strip() for l in text.split("\n")] + [html.unescape(s) for s in said]
    return "\n".join(l for l in lines if l)


def typed_values(commands):
    """The values the night's user typed (`contract=gard`: "gard"), which a refusal may quote back: the user's own
    words, like the names, never reported."""
    values = set()
    for command in commands:
        for token in re.findall(r"[\w.]+=(\S+)", command):
            values.update(v for v in re.split(r"[,:]", token.strip("'\"")) if v)
    return tuple(sorted(values))


def run_night(marque, lang, night, work):
    """(where, text) of everything the night showed: a command's output, a sheet, a site's page."""
    config = os.path.join(work, "config.toml")
    open(config, "w").close()
    env = dict(os.environ, MARQUE_DB=os.path.join(work, "marque.db"), MARQUE_CONFIG=config, LC_ALL="C.UTF-8",
               NO_COLOR="1", COLUMNS="100")
    shown, failed = [], []
    for command in night["commands"]:
        if command.startswith("FILE "):  # FILE NAME TEXT: a file the next commands read (\n: a line end)
            _, name, content = command.split(" ", 2)
            with open(os.path.join(work, name), "w", encoding="utf-8") as f:
                f.write(content.replace("\\n", "\n"))
            continue
        refused = command.startswith("!")
        command = command.lstrip("!")
        if command == "SITE":
            words = "site site"
        elif command.startswith("SHEET "):
            words = f"sheet {command.split()[1]} --format text"
        else:
            words = command
        line = f"{marque} --lang {lang} {words}"
        done = subprocess.run(line, shell=True, cwd=work, env=env, capture_output=True, text=True, timeout=120)
        if (done.returncode != 0) != refused:
            failed.append(f"marque --lang {lang} {words}: exit {done.returncode}" +
                          (" (a refusal was expected)" if refused else f": {done.stderr.strip()[:300]}"))
        out = done.stdout
        if "--help" in words:  # a row of --help starts with a command's or an option's name: ids, as typed
            out = re.sub(r"(?m)^(\s+)[\w-]+(?=\s{2,}|\s+[A-Z]+\b)", r"\1", out)
            out = re.sub(r"\b[A-Z]+:(\{[^}]*\}|[A-Z]+)", " ", out)  # CLI11's type and values: TEXT:{text,json}
        if words.startswith("rules "):  # a table of ids: a field's or an option's name, its values [a, b], defaults
            out = re.sub(r"(?m)^(\s+)[\w.-]+(?=\s{2,})", r"\1", out)
            out = re.sub(r"\[[^\]]*\]$|\[[^\]]*\](?= \()", " ", out, flags=re.M)
            out = re.sub(r'"[^"]*"|\b(true|false|null)\b', " ", out)
            for _ in range(3):  # a record's shape in JSON keys: {kind, trump_suit, declarer}, [{by, phase}]
                out = re.sub(r"\{[^{}]*\}", " ", out)
        shown.append((f"marque {words}  [stdout]", out))
        shown.append((f"marque {words}  [stderr]", done.stderr))
        if command == "SITE":
            for root, _, files in os.walk(os.path.join(work, "site")):
                for f in sorted(files):
                    if f.endswith(".html"):
                        path = os.path.join(root, f)
                        shown.append((f"site page {os.path.relpath(path, work)}", page_text(path)))
    return shown, failed


def main():
    marque, src = os.path.abspath(sys.argv[1]), sys.argv[2]
    langs = [sys.argv[sys.argv.index("--lang") + 1]] if "--lang" in sys.argv else list(NIGHTS)
    total, broken = 0, []
    for lang in langs:
        night = NIGHTS[lang]
        with tempfile.TemporaryDirectory() as work:
            findings = []
            shown, failed = run_night(marque, lang, night, work)
            broken += failed
            names = tuple(night["names"]) + typed_values(night["commands"])
            for where, text in shown:
                for no, word, line in find_english(text, lang, names=names, src=src):
                    findings.append((where, no, word, line))
        words = sorted({w.lower() for _, _, w, _ in findings})
        print(f"== {lang}: {len(findings)} English words" + (f" ({len(words)} different)" if findings else ""))
        last = None
        for where, no, word, line in findings:
            if where != last:
                print(f"  {where}")
                last = where
            print(f"    line {no}: '{word}' in: {line.strip()[:160]}")
        if words:
            print(f"  {lang} words: " + " ".join(words))
        total += len(findings)
    for b in broken:
        print(f"the night went wrong: {b}")
    print("no English word" if total == 0 else f"{total} English words in all")
    return 1 if total or broken else 0


if __name__ == "__main__":
    sys.exit(main())
