#!/usr/bin/env python3
"""`marque serve` readable in a dark room and from across the table, and a refused value kept (issue 32, points 5
and 6), in Chromium at 360x740. Run by serve.sh (SCRIPT=serve_look.py): serve_look.py MARQUE_BIN ARTIFACTS_DIR
[SHOTS_DIR].

- Every page of a served night (board, big board, game, hand, entry: a question, a refused answer, the preview;
  standings, players, the code form), in the light theme and in the dark one (the phone's setting, emulated through
  the DevTools protocol): every visible text's colour against its effective background (the first opaque background
  of its ancestors, the translucent ones over it composited, opacity counted) is at least 4.5:1, 3:1 for large text
  (24 px, or 18.66 px bold), as WCAG AA asks; no visible text is under 16 px; no page scrolls sideways.
- The big board (/big, /night/N/big): each open table's totals only, large, no control (no link, button or form),
  linked from the board, refreshed live (a hand typed at the command line shows without a reload).
- The board lists the open tables first, the tables that are over after them.
- A refused answer stays in its field, marked (aria-invalid and a visible border), with a message saying what to
  change; corrected, the hand is stored with the corrected value.
Screenshots go to ARTIFACTS_DIR (and to SHOTS_DIR when given: docs/shots)."""
import json
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "load"))
from serve_client import Server, scratch  # noqa: E402

from phone import ENTRY, answer as answer_by_taps, browser as device, entry, tap_on, until  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

BIN, ARTIFACTS = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[3] if len(sys.argv) > 3 else None
CODE = "13572468"
os.makedirs(ARTIFACTS, exist_ok=True)
tmp, db, env, marque = scratch(BIN, "marque-look-")
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)
    return ok


def started(out):
    return int(re.match(r"game (\d+)", out).group(1))


# --- a night: a table that is over (started first), two open ones
marque("night", "start", "--date", "2026-11-20", "--venue", "Café du Coin", "--league", "Thursday club")
over = started(marque("start", "tarot", "players=Eve,Fay,Gus,Hal", "dealer=Eve", "--night", "1"))
marque("hand", "-g", str(over), "--no-prompt", "taker=Fay", "contract=garde", "oudlers=2", "points=47")
marque("game", "close", str(over))
tarot = started(marque("start", "tarot", "players=Ann,Ben,Cat,Dan", "dealer=Ann", "--night", "1"))
for h in [["taker=Ben", "contract=garde", "oudlers=2", "points=47"], ["taker=Cat", "contract=prise", "oudlers=1", "points=38"],
          ["taker=Dan", "contract=garde", "oudlers=3", "points=44"]]:
    marque("hand", "-g", str(tarot), "--no-prompt", *h)
coinche = started(marque("start", "coinche", "N=Nina", "E=Emil", "S=Sara", "W=Will", "dealer=W", "--night", "1"))
marque("hand", "-g", str(coinche), "--no-prompt", "bidder=N", "bid=80", "trump=H", "points=100", "last=bidders")

server = Server(BIN, db, CODE, env)
base = f"http://127.0.0.1:{server.port}"


def theme(d, scheme):
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def shot(d, name, docs_name=None):
    path = os.path.join(ARTIFACTS, "look-" + name + ".png")
    d.save_screenshot(path)
    if SHOTS and docs_name:
        os.makedirs(SHOTS, exist_ok=True)
        shutil.copyfile(path, os.path.join(SHOTS, docs_name))


# Every visible text of the page: its colour, its effective background, its size, the contrast ratio.
MEASURE = r"""
const parse = (c) => {
  const m = /rgba?\(([^)]*)\)/.exec(c || '');
  if (!m) return null;
  const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
};
const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
const lum = (c) => {
  const ch = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
};
const dark = matchMedia('(prefers-color-scheme: dark)').matches;
function background(el) {
  const layers = [];
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let bg = dark ? [18, 18, 18, 1] : [255, 255, 255, 1];  // the canvas, if no ancestor paints
  for (let i = layers.length - 1; i >= 0; --i) bg = over(layers[i], bg);
  return bg;
}
function visible(el) {
  if (el.closest('[hidden], noscript, head, script, style, title')) return false;
  const cs = getComputedStyle(el);
  if (cs.visibility !== 'visible' || cs.display === 'none') return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}
const out = [];
const all = document.body.querySelectorAll('*');
for (const el of all) {
  let text = '';
  if (el.tagName === 'INPUT') text = el.type === 'hidden' ? '' : el.value;
  else for (const n of el.childNodes) if (n.nodeType === 3) text += n.textContent;
  text = text.trim();
  if (!text || !visible(el)) continue;
  if (el.closest(':disabled')) continue;  // an inactive control: WCAG asks no contrast of it
  const cs = getComputedStyle(el);
  const svg = el instanceof SVGElement;
  let fg = parse(svg ? cs.fill : cs.color);
  if (!fg) { out.push({text, error: 'colour not read: ' + (svg ? cs.fill : cs.color)}); continue; }
  let opacity = 1;
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  const bg = background(el);
  fg = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
  const a = lum(fg), b = lum(bg);
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  let size = parseFloat(cs.fontSize);
  if (svg && el.getScreenCTM) { const m = el.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
  const bold = Number(cs.fontWeight) >= 700;
  const large = size >= 24 || (size >= 18.66 && bold);
  const cls = typeof el.className === 'string' ? el.className : (el.className && el.className.baseVal) || '';
  out.push({text: text.slice(0, 40), tag: el.tagName.toLowerCase() + (cls ? '.' + cls.trim().replace(/\s+/g, '.') : ''),
            ratio: Math.round(ratio * 100) / 100, need: large ? 3 : 4.5, size: Math.round(size * 10) / 10,
            fg: fg.slice(0, 3).map(Math.round), bg: bg.slice(0, 3).map(Math.round)});
}
return {texts: out, scroll: [document.documentElement.scrollWidth, innerWidth]};
"""


def look(d, where):
    res = d.execute_script(MEASURE)
    texts = res["texts"]
    unread = [t for t in texts if "error" in t]
    low = [t for t in texts if "error" not in t and t["ratio"] < t["need"]]
    small = [t for t in texts if "error" not in t and t["size"] < 16]
    check(texts and not unread, f"{where}: {len(texts)} visible texts, every colour read {unread[:2]}")
    check(not low, f"{where}: every text at WCAG AA contrast (lowest "
          f"{min((t['ratio'] for t in texts if 'ratio' in t), default=0)}:1) {low[:3]}")
    check(not small, f"{where}: no text under 16 px {small[:3]}")
    sw, iw = res["scroll"]
    check(sw <= iw, f"{where}: no horizontal scrolling ({sw} <= {iw})")


def answer(d, st, value):
    """One answer: its button, else typed in the field; waits for the next question (or the refusal): the entry's
    state then."""
    return answer_by_taps(d, st, value, typed=True) or entry(d)


def live(d, timeout=10):
    return until(d, "const l = document.getElementById('live'); return l && l.className === 'live on'", timeout=timeout)


def screen(d, width, height):
    """The phone's screen at that size (a phone's emulated metrics, as the browser was started with)."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})


def hands_of(game):
    return json.loads(marque("list", str(game), "--format", "json"))


phone = device(tmp, "phone")
try:
    phone.get(base + "/login?next=/")
    phone.find_element(By.ID, "code").send_keys(CODE)
    tap_on(phone, "form.login button")
    check(until(phone, "return location.href.replace(/\\/$/, '') === arguments[0]", base) is not None, "the code is taken")

    # --- the board: open tables first, a link to the big board
    for path, big in [("/", "/big"), ("/night/1", "/night/1/big")]:
        phone.get(base + path)
        ids, overs, links = phone.execute_script(
            "const cards = Array.from(document.querySelectorAll('article.table'));"
            " return [cards.map(c => c.id), cards.map(c => c.classList.contains('over')),"
            " Array.from(document.querySelectorAll('main a'), a => a.href)];")
        check(ids and overs == sorted(overs) and overs[-1] and ids[-1] == f"game-{over}",
              f"{path}: the open tables first, the one over last ({ids})")
        check(base + big in links, f"{path}: links the big board {big}")

    # --- the big board: open tables' totals only, large, no control, live
    for path in ["/big", "/night/1/big"]:
        phone.get(base + path)
        arts, controls, pts, main = phone.execute_script(
            "return [Array.from(document.querySelectorAll('article.table'), a => a.id),"
            " document.querySelectorAll('a, button, input, select, textarea, form, nav').length,"
            " Math.min(...Array.from(document.querySelectorAll('.pts'), e => parseFloat(getComputedStyle(e).fontSize))),"
            " document.querySelector('main').innerText];")
        check(arts == [f"big-{tarot}", f"big-{coinche}"], f"{path}: each open table, none that is over ({arts})")
        check(controls == 0, f"{path}: no control ({controls})")
        check(pts >= 40, f"{path}: the totals large on a phone ({pts} px)")
        check("hand" not in main.lower(), f"{path}: totals only (no hand listed)")
    phone.get(base + "/big")
    check(live(phone) is not None, "the big board's event stream is connected")
    first = phone.execute_script("window.__kept = 7; return document.querySelector(arguments[0]).innerText",
                                 f"#big-{tarot} .pts")
    marque("hand", "-g", str(tarot), "--no-prompt", "taker=Ann", "contract=garde_sans", "oudlers=3", "points=60")
    moved = until(phone, "const p = document.querySelector(arguments[0]);"
                         " return p && p.innerText !== arguments[1] ? [window.__kept] : null", f"#big-{tarot} .pts", first)
    check(moved is not None and moved[0] == 7, "a hand typed at the command line shows on the big board without a reload")
    # the big board on a screen: the same browser, its screen at 1280x720 for a while (a page load sets the phone's
    # own size again)
    phone.get(base + "/big")
    screen(phone, 1280, 720)
    live(phone)
    tvpts = phone.execute_script("return parseFloat(getComputedStyle(document.querySelector('.pts')).fontSize)")
    check(tvpts >= 64, f"the big board on a 1280 px screen: totals at {tvpts} px")
    theme(phone, "dark")
    shot(phone, "big-board-tv", "big-board.png")
    look(phone, "big board, 1280 px, dark")
    screen(phone, 360, 740)  # the phone again

    # --- every page, both themes
    pages = [("board", "/"), ("night", "/night/1"), ("big", "/big"), ("night-big", "/night/1/big"),
             ("game", f"/game/{tarot}"), ("teams-game", f"/game/{coinche}"), ("over-game", f"/game/{over}"),
             ("hand", f"/game/{tarot}/hand/1"), ("standings", "/standings"), ("players", "/players"),
             ("player", "/player?name=Ann"), ("code", "/login?next=/")]
    for scheme in ["light", "dark"]:
        theme(phone, scheme)
        dark = phone.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        check(dark == (scheme == "dark"), f"the {scheme} theme is emulated")
        for name, path in pages:
            phone.get(base + path)
            live(phone, 5)
            look(phone, f"{scheme}: {name} ({path})")
            shot(phone, f"{scheme}-{name}", "dark-board.png" if (scheme, name) == ("dark", "board") else None)
        bg = phone.execute_script("return getComputedStyle(document.body).backgroundColor")
        check((bg == "rgb(18, 20, 24)") == (scheme == "dark"), f"{scheme}: the page's background follows the theme ({bg})")

        # --- the entry form: a question, a refused number kept in its field, corrected, the preview, stored
        phone.get(base + f"/game/{tarot}/hand")
        st = until(phone, ENTRY + " return s.step !== '' ? s : null;")
        look(phone, f"{scheme}: entry, the first question")
        count = len(hands_of(tarot))
        for value in ["Cat", "garde", "2"]:
            st = answer(phone, st, value)
        check(st["step"] == "points", f"{scheme}: the points are asked ({st['step']})")
        st = answer(phone, st, "95")
        inp = phone.find_element(By.ID, "q-input")
        err = st["err"]
        check(st["step"] == "points" and inp.get_attribute("value") == "95",
              f"{scheme}: the refused 95 stays in its field ({inp.get_attribute('value')!r})")
        check(inp.get_attribute("aria-invalid") == "true", f"{scheme}: the field is marked aria-invalid")
        border = phone.execute_script("const s = getComputedStyle(arguments[0]); return [s.borderTopColor, s.borderTopWidth]", inp)
        errcolor = phone.execute_script("return getComputedStyle(document.getElementById('q-err')).color")
        check(border[0] == errcolor and border[1] == "2px", f"{scheme}: the field is marked visibly ({border}, the error's {errcolor})")
        check("91" in err and "95" in err, f"{scheme}: the error says what to change ({err!r})")
        look(phone, f"{scheme}: entry, a refused value")
        if scheme == "light":
            shot(phone, "refused-field", "refused-field.png")
        else:
            shot(phone, "refused-field-dark")
        inp.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "50")  # corrected, not retyped: the digits edited in place
        check(inp.get_attribute("aria-invalid") is None, f"{scheme}: the mark goes once the value is changed")
        tap_on(phone, "form.question .nav button.primary")
        st = until(phone, ENTRY + " return s.step !== 'points' ? s : null;") or entry(phone)
        check(len(hands_of(tarot)) == count, f"{scheme}: nothing stored on a refusal")
        for _ in range(12):
            if st["step"] in ("preview", "refused", ""):
                break
            st = answer(phone, st, None)
        check(st["step"] == "preview", f"{scheme}: the hand reaches its preview ({st['step']})")
        look(phone, f"{scheme}: entry, the preview")
        tap_on(phone, "#store")
        check(until(phone, "return new RegExp(arguments[0]).test(location.href)", rf"/game/{tarot}(#hand-\d+)?$")
              is not None, f"{scheme}: the corrected hand is stored")
        stored = json.loads(marque("export", str(tarot)))["hands"]
        typed = {"taker": "Cat", "contract": "garde", "oudlers": 2, "points": 50}
        check(len(stored) == count + 1 and {k: stored[-1].get(k) for k in typed} == typed,
              f"{scheme}: the stored record has the corrected points ({stored[-1] if stored else None})")
        look(phone, f"{scheme}: game after a hand stored (the flash line)")

    # a refused key=value edit stays in its field, marked
    theme(phone, "light")
    phone.get(base + f"/game/{tarot}/hand/1")
    words = phone.find_element(By.ID, "words")
    words.send_keys("points=95")
    tap_on(phone, "form.words-edit button")
    err = until(phone, "const e = document.querySelector('form.words-edit .err'); return e && e.innerText.trim()", timeout=5)
    check(err and words.get_attribute("value") == "points=95" and words.get_attribute("aria-invalid") == "true",
          f"a refused key=value edit stays in its field, marked ({err!r})")
finally:
    phone.quit()
    check(server.stop() == 0, "the server stops cleanly")

shutil.rmtree(tmp, ignore_errors=True)
print(f"browser_serve_look: {len(failures)} failed; screenshots in {ARTIFACTS}")
sys.exit(1 if failures else 0)
