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

from phone import browser as device, wait  # noqa: E402
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


def step_key(d):
    return d.find_element(By.ID, "entry").get_attribute("data-step") or ""


def answer(d, value):
    """One answer: its button, else typed in the field; waits for the next question (or the refusal)."""
    before = len(d.find_elements(By.CSS_SELECTOR, "#entry ol.trail li"))
    form = d.find_element(By.CSS_SELECTOR, "form.question")
    buttons = [b for b in form.find_elements(By.CSS_SELECTOR, "button.choice") if b.get_attribute("data-value") == value]
    if value is None:
        form.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
    elif buttons:
        buttons[0].click()
    else:
        inp = form.find_element(By.ID, "q-input")
        inp.clear()
        inp.send_keys(value)
        form.find_element(By.CSS_SELECTOR, ".nav button.primary").click()
    return wait(d, lambda: len(d.find_elements(By.CSS_SELECTOR, "#entry ol.trail li")) > before
                or step_key(d) in ("preview", "refused") or d.find_element(By.ID, "q-err").text)


def hands_of(game):
    return json.loads(marque("list", str(game), "--format", "json"))


phone = device(tmp, "phone")
tv = None
try:
    phone.get(base + "/login?next=/")
    phone.find_element(By.ID, "code").send_keys(CODE)
    phone.find_element(By.CSS_SELECTOR, "form.login button").click()
    check(wait(phone, lambda: phone.current_url.rstrip("/") == base) is not None, "the code is taken")

    # --- the board: open tables first, a link to the big board
    for path, big in [("/", "/big"), ("/night/1", "/night/1/big")]:
        phone.get(base + path)
        cards = phone.find_elements(By.CSS_SELECTOR, "article.table")
        ids = [c.get_attribute("id") for c in cards]
        overs = [("over" in c.get_attribute("class").split()) for c in cards]
        check(ids and overs == sorted(overs) and overs[-1] and ids[-1] == f"game-{over}",
              f"{path}: the open tables first, the one over last ({ids})")
        links = [a.get_attribute("href") for a in phone.find_elements(By.CSS_SELECTOR, "main a")]
        check(base + big in links, f"{path}: links the big board {big}")

    # --- the big board: open tables' totals only, large, no control, live
    for path in ["/big", "/night/1/big"]:
        phone.get(base + path)
        arts = [a.get_attribute("id") for a in phone.find_elements(By.CSS_SELECTOR, "article.table")]
        check(arts == [f"big-{tarot}", f"big-{coinche}"], f"{path}: each open table, none that is over ({arts})")
        controls = phone.execute_script("return document.querySelectorAll('a, button, input, select, textarea, form, nav').length")
        check(controls == 0, f"{path}: no control ({controls})")
        pts = phone.execute_script("return Math.min(...Array.from(document.querySelectorAll('.pts'), "
                                   "e => parseFloat(getComputedStyle(e).fontSize)))")
        check(pts >= 40, f"{path}: the totals large on a phone ({pts} px)")
        check("hand" not in phone.find_element(By.TAG_NAME, "main").text.lower(), f"{path}: totals only (no hand listed)")
    phone.get(base + "/big")
    check(wait(phone, lambda: phone.find_element(By.ID, "live").get_attribute("class") == "live on") is not None,
          "the big board's event stream is connected")
    phone.execute_script("window.__kept = 7")
    first = phone.find_element(By.CSS_SELECTOR, f"#big-{tarot} .pts").text
    marque("hand", "-g", str(tarot), "--no-prompt", "taker=Ann", "contract=garde_sans", "oudlers=3", "points=60")
    moved = wait(phone, lambda: phone.find_element(By.CSS_SELECTOR, f"#big-{tarot} .pts").text != first)
    check(moved is not None and phone.execute_script("return window.__kept") == 7,
          "a hand typed at the command line shows on the big board without a reload")
    tv = device(tmp, "tv", 1280, 720)
    tv.get(base + "/big")
    wait(tv, lambda: tv.find_element(By.ID, "live").get_attribute("class") == "live on")
    tvpts = tv.execute_script("return parseFloat(getComputedStyle(document.querySelector('.pts')).fontSize)")
    check(tvpts >= 64, f"the big board on a 1280 px screen: totals at {tvpts} px")
    theme(tv, "dark")
    shot(tv, "big-board-tv", "big-board.png")
    look(tv, "big board, 1280 px, dark")
    tv.quit()
    tv = None

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
            wait(phone, lambda: phone.find_element(By.ID, "live").get_attribute("class") == "live on", 5)
            look(phone, f"{scheme}: {name} ({path})")
            shot(phone, f"{scheme}-{name}", "dark-board.png" if (scheme, name) == ("dark", "board") else None)
        bg = phone.execute_script("return getComputedStyle(document.body).backgroundColor")
        check((bg == "rgb(18, 20, 24)") == (scheme == "dark"), f"{scheme}: the page's background follows the theme ({bg})")

        # --- the entry form: a question, a refused number kept in its field, corrected, the preview, stored
        phone.get(base + f"/game/{tarot}/hand")
        wait(phone, lambda: step_key(phone) != "")
        look(phone, f"{scheme}: entry, the first question")
        count = len(hands_of(tarot))
        for value in ["Cat", "garde", "2"]:
            answer(phone, value)
        check(step_key(phone) == "points", f"{scheme}: the points are asked ({step_key(phone)})")
        answer(phone, "95")
        inp = phone.find_element(By.ID, "q-input")
        err = phone.find_element(By.ID, "q-err").text
        check(step_key(phone) == "points" and inp.get_attribute("value") == "95",
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
        phone.find_element(By.CSS_SELECTOR, "form.question .nav button.primary").click()
        wait(phone, lambda: step_key(phone) != "points")
        check(len(hands_of(tarot)) == count, f"{scheme}: nothing stored on a refusal")
        for _ in range(12):
            if step_key(phone) in ("preview", "refused", ""):
                break
            answer(phone, None)
        check(step_key(phone) == "preview", f"{scheme}: the hand reaches its preview ({step_key(phone)})")
        look(phone, f"{scheme}: entry, the preview")
        phone.find_element(By.ID, "store").click()
        check(wait(phone, lambda: re.search(rf"/game/{tarot}(#hand-\d+)?$", phone.current_url)) is not None,
              f"{scheme}: the corrected hand is stored")
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
    phone.find_element(By.CSS_SELECTOR, "form.words-edit button").click()
    err = wait(phone, lambda: phone.find_element(By.CSS_SELECTOR, "form.words-edit .err").text, 5)
    check(err and words.get_attribute("value") == "points=95" and words.get_attribute("aria-invalid") == "true",
          f"a refused key=value edit stays in its field, marked ({err!r})")
finally:
    phone.quit()
    if tv:
        tv.quit()
    check(server.stop() == 0, "the server stops cleanly")

shutil.rmtree(tmp, ignore_errors=True)
print(f"browser_serve_look: {len(failures)} failed; screenshots in {ARTIFACTS}")
sys.exit(1 if failures else 0)
