// marque serve: the pages' only script (no inline script anywhere: the Content-Security-Policy forbids it).
//  - live pages: one event stream (/events); when the database's version moves, the page's [data-live] parts are
//    fetched again and replaced (the scroll position and a form being typed in are kept);
//  - a hand's questions, one at a time, as the game asks them (POST /api/games/ID/entry), then its preview and
//    the store (POST /api/games/ID/hands) with a submission key: a retried or doubled request stores it once;
//  - undo, delete and key=value edits;
//  - a hand whose store fails for the network (or typed as one line while it is down) is kept on the phone
//    (localStorage) with its submission key and sent when the network is back, in order, each once; the service
//    worker (sw.js, where the browser allows one) keeps the pages for when it is down.
'use strict';
(function () {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const csrf = () => { const m = $('meta[name="csrf-token"]'); return m ? m.content : ''; };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  // ---- the page's language: t('id', 'English', args) says a message in it, from the page's #messages (the
  // catalogue's patterns for the scripts, in the page's language; English pages carry none: the words here)
  const LANG = document.documentElement.lang || 'en';
  const MESSAGES = (() => {
    const s = document.getElementById('messages');
    try { return s ? JSON.parse(s.textContent) : {}; } catch (e) { return {}; }
  })();
  const plural = new Intl.PluralRules(LANG);
  const numbers = new Intl.NumberFormat(LANG, { maximumFractionDigits: 2 });
  // an ICU MessageFormat pattern with its arguments: {name}, {n, plural, =0 {…} one {# …} other {# …}}; '' is '
  function say(pattern, args) {
    let out = '';
    for (let i = 0; i < pattern.length; i++) {
      const ch = pattern[i];
      if (ch === "'" && pattern[i + 1] === "'") { out += "'"; i++; continue; }
      if (ch !== '{') { out += ch; continue; }
      let depth = 1, j = i + 1;
      for (; j < pattern.length && depth; j++) depth += pattern[j] === '{' ? 1 : pattern[j] === '}' ? -1 : 0;
      const inner = pattern.slice(i + 1, j - 1);
      i = j - 1;
      const parts = inner.split(',');
      const v = args[parts[0].trim()];
      if (parts.length > 2 && parts[1].trim() === 'plural') {
        const forms = {};
        parts.slice(2).join(',').replace(/(=?\w+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g, (_, k, body) => { forms[k] = body; return ''; });
        const form = forms['=' + v] ?? forms[plural.select(Number(v))] ?? forms.other ?? '';
        out += say(form.replace(/#/g, numbers.format(Number(v))), args);
      } else {
        out += v === undefined || v === null ? '' : typeof v === 'number' ? numbers.format(v) : String(v);
      }
    }
    return out;
  }
  function t(id, english, args) { return say(MESSAGES[id] || english, args || {}); }
  window.marque = { t, lang: LANG };

  function newKey() {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  }

  // el('button', {class: 'choice', type: 'button'}, 'text', child...): text is always text, never HTML
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === 'dataset') Object.assign(e.dataset, v);
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
    return e;
  }

  // A write or an entry step. A network failure is retried with the same body (the same submission key): the
  // server answers a repeat with the first result.
  async function post(url, body, token) {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await fetch(url, {
          method: 'POST', credentials: 'same-origin', cache: 'no-store',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token || csrf() },
          body: JSON.stringify(body),
        });
        let data = {};
        try { data = await r.json(); } catch (e) { /* not JSON */ }
        if (r.status === 429 && attempt < 3) {
          await sleep(1000 * Number(r.headers.get('Retry-After') || 1));
          continue;
        }
        return { status: r.status, data };
      } catch (e) {
        if (attempt >= 3 || navigator.onLine === false) throw e;
        await sleep(500 * (attempt + 1));
      }
    }
  }

  function message(data, status) {
    if (data && Array.isArray(data.errors) && data.errors.length)
      return data.errors.map((e) => (e.text || (e.field ? e.field + ': ' : '') + e.message)).join('\n');
    if (data && data.error) return data.error + (data.hint ? ' (' + data.hint + ')' : '');
    return t('web.js.server_answered', 'the server answered {status}', { status: String(status) });
  }

  function showError(p, text) {
    if (!p) return;
    p.textContent = text;
    p.hidden = !text;
  }

  // A refused value stays in its field, marked until it is changed (aria-invalid: the style sheet marks it too).
  function markInvalid(field) {
    if (!field) return;
    field.setAttribute('aria-invalid', 'true');
    field.addEventListener('input', () => field.removeAttribute('aria-invalid'), { once: true });
  }

  function toLogin() { location.assign('/login?next=' + encodeURIComponent(location.pathname)); }

  // ---- a line for the next page ("Hand 4 stored: ...", with an Undo button after a store) ---------------------
  function flash(text, undoGame) {
    try { sessionStorage.setItem('marque-flash', JSON.stringify({ text, undo: undoGame || null })); } catch (e) { /* private mode: no line */ }
  }
  function showFlash() {
    let f = null;
    try { f = JSON.parse(sessionStorage.getItem('marque-flash')); sessionStorage.removeItem('marque-flash'); } catch (e) { return; }
    const main = $('main');
    if (!f || !f.text || !main) return;
    const h1 = $('h1', main);
    const p = el('p', { class: 'result flash', role: 'status' }, '✓ ' + f.text);
    // the hand just stored undone in one tap
    if (f.undo) {
      const err = el('span', { class: 'err', role: 'alert' });
      const b = el('button', { type: 'button', class: 'button undo-now', id: 'undo-now' }, t('web.js.undo', 'Undo'));
      b.addEventListener('click', async () => {
        b.disabled = true;
        try {
          const { status, data } = await post('/api/games/' + f.undo + '/undo', { key: newKey() });
          if (status === 401) return toLogin();
          if (status !== 200) { b.disabled = false; return showError(err, message(data, status)); }
          flash(data.undone.charAt(0).toUpperCase() + data.undone.slice(1));
          location.assign(data.next);
        } catch (e) {
          b.disabled = false;
          showError(err, t('web.js.no_answer', 'no answer from the server: {error}', { error: e.message }));
        }
      });
      p.append(' ', b, err);
    }
    const entryRoot = $('#entry', main);  // the entry redraws itself: the line goes above it
    if (entryRoot) entryRoot.before(p); else if (h1) h1.after(p); else main.prepend(p);
  }

  // ---- hands kept on this phone while the network is down ----------------------------------------------------
  // Each: { game, url, body: { words | answers, key }, words (key=value, what a fix starts from), said (the hand in
  // the game's words, when known), at, error }. Sent in order, each with its submission key (a repeat is answered
  // with the first result: stored once), removed only on a definite answer: stored, or refused (then kept, with its
  // error, for the scorer to fix or drop; the hands behind it wait).
  const QUEUE = 'marque-queue';
  function queued() {
    try {
      const q = JSON.parse(localStorage.getItem(QUEUE) || '[]');
      return Array.isArray(q) ? q : [];
    } catch (e) { return []; }
  }
  function saveQueue(q) {  // throws when the phone cannot keep it (storage off or full)
    if (q.length) localStorage.setItem(QUEUE, JSON.stringify(q)); else localStorage.removeItem(QUEUE);
    showQueue();
  }
  function enqueue(item) {
    const q = queued();
    if (!q.some((x) => x.body.key === item.body.key)) q.push(item);
    saveQueue(q);
  }
  function changeQueue(key, change) {  // change(item): the item changed, or null to remove it
    const q = [];
    for (const x of queued()) {
      const y = x.body.key === key ? change(x) : x;
      if (y) q.push(y);
    }
    saveQueue(q);
  }
  const waitingFor = (game) => queued().filter((x) => String(x.game) === String(game)).length;

  function wordsError(text) {
    if (!text) return t('web.js.words_empty', 'words: type the hand as key=value words');
    const bad = text.split(/\s+/).find((w) => w.indexOf('=') <= 0);
    return bad ? t('web.js.words_bad', "words: ''{word}'' is not key=value", { word: bad }) : '';
  }

  let sending = false, sent = 0, needLogin = false, retryDelay = 5000, retryTimer = null;
  const sentKeys = new Set();  // the hands this page sent (a kept hand's line then says so)
  function later() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(sendQueue, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 60000);
  }

  async function sendQueue() {
    if (sending || !queued().length) return;
    sending = true;
    showQueue();
    let stored = false;
    try {
      // the session's token (a saved page may hold an old one), and whether this device may still write
      let session;
      try {
        const r = await fetch('/api/session', { cache: 'no-store', credentials: 'same-origin' });
        session = await r.json();
      } catch (e) { return later(); }
      needLogin = !session.writer;
      if (needLogin) return;
      for (let q = queued(); q.length && !q[0].error; q = queued()) {
        const item = q[0];
        let r;
        try { r = await post(item.url, item.body, session.csrf); } catch (e) { return later(); }
        if (r.status === 200) {
          sent++;
          stored = true;
          sentKeys.add(item.body.key);
          changeQueue(item.body.key, () => null);
        } else if (r.status === 401) {
          needLogin = true;
          return;
        } else if (r.status === 429 || r.status >= 500) {
          return later();
        } else {
          changeQueue(item.body.key, (x) => Object.assign(x, { error: message(r.data, r.status) }));
        }
      }
      retryDelay = 5000;
    } finally {
      sending = false;
      showQueue();
      if (stored) refresh();
    }
  }

  function fixQueued(item, text, err) {
    const bad = wordsError(text);
    if (bad) return showError(err, bad);
    const body = { words: text, key: newKey() };  // new words, a new key: the old one is answered with its refusal
    const keptLine = $('#kept');
    if (keptLine && keptLine.dataset.key === item.body.key) Object.assign(keptLine.dataset, { key: body.key, what: text });
    changeQueue(item.body.key, (x) => Object.assign(x, { body, words: text, said: '', error: null }));
    retryDelay = 5000;
    sendQueue();
  }

  // "2 hands waiting to be sent", above the page's main part (every page: the board and a game's page too)
  function showQueue() {
    const main = $('main');
    if (!main) return;
    let box = $('#queue');
    if (!box) {
      box = el('section', { id: 'queue', class: 'queue', 'aria-live': 'polite' });
      main.before(box);
    }
    const q = queued();
    const keptLine = $('#kept');
    if (keptLine && sentKeys.has(keptLine.dataset.key)) {
      keptLine.textContent = t('web.js.sent_stored', '✓ Sent and stored: {what}', { what: keptLine.dataset.what });
      delete keptLine.dataset.key;
    }
    box.replaceChildren();
    box.hidden = !q.length && !sent;
    if (!q.length) {
      if (sent) box.append(el('p', { class: 'sent', id: 'queue-count' }, t('web.js.queue_sent', '✓ {n, plural, one {# hand} other {# hands}} sent: none waiting', { n: sent })));
      return;
    }
    box.append(el('p', { class: 'count', id: 'queue-count' }, t('web.js.queue_waiting', '{n, plural, one {# hand} other {# hands}} waiting to be sent', { n: q.length })));
    if (needLogin)
      box.append(el('p', {}, el('a', { href: '/login?next=' + encodeURIComponent(location.pathname) }, t('web.js.queue_code', 'Enter the write code to send them'))));
    else if (q[0].error)
      box.append(el('p', { class: 'help' }, t('web.js.queue_refused', 'The first was refused: change it or drop it, and the others follow.')));
    else
      box.append(el('p', { class: 'help' }, sending ? t('web.js.queue_sending', 'Sending…') : t('web.js.queue_kept', 'Kept on this phone: they are sent, each once, when the network is back.')));
    const ol = el('ol', { class: 'waiting' });
    for (const item of q) {
      const li = el('li', {}, el('span', { class: 'what' }, t('web.js.queue_item', 'game {game} · {words}', { game: String(item.game), words: item.said || item.words })));
      if (item.error) {
        li.classList.add('refused');
        const input = el('input', {
          value: item.words, 'aria-label': t('web.js.words_label', 'the hand as key=value words'), autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
        });
        const err = el('p', { class: 'err', role: 'alert' }, item.error);
        const fix = el('form', { class: 'fix', novalidate: true }, input, el('button', { type: 'submit', class: 'button' }, t('web.js.send_again', 'Send again')));
        fix.addEventListener('submit', (ev) => { ev.preventDefault(); fixQueued(item, input.value.trim(), err); });
        const drop = el('button', { type: 'button', class: 'button' }, t('web.js.drop', 'Drop this hand'));
        drop.addEventListener('click', () => twoTaps(drop, t('web.js.drop_again', 'Tap again to drop it'), async () => changeQueue(item.body.key, () => null)));
        li.append(err, fix, drop);
      }
      ol.append(li);
    }
    box.append(ol);
    if (!sending && !needLogin && !q[0].error)
      box.append(el('button', { type: 'button', class: 'button', onclick: () => { retryDelay = 5000; sendQueue(); } }, t('web.js.send_now', 'Send now')));
  }

  // "Offline: this copy of the page was saved at 21:40" (a page the service worker answered from its cache)
  function showOffline() {
    const main = $('main');
    if (!main) return;
    let p = $('#offline');
    if (!p) {
      p = el('p', { id: 'offline', class: 'offline', role: 'status' });
      main.before(p);
    }
    let text = '';
    const saved = document.body.dataset.offlineSaved;
    if (saved) {
      const d = new Date(saved);
      const today = d.toDateString() === new Date().toDateString();
      const locale = LANG === 'en' ? [] : LANG;
      const said = { time: d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }), date: d.toLocaleDateString(locale) };
      text = today ? t('web.js.offline_saved', 'Offline: this copy of the page was saved at {time}.', said)
        : t('web.js.offline_saved_day', 'Offline: this copy of the page was saved at {time} on {date}.', said);
    } else if (navigator.onLine === false) {
      text = t('web.js.offline', 'Offline: no network. A hand entered now is kept on this phone.');
    }
    p.textContent = text;
    p.hidden = !text;
  }

  // the service worker (a secure context only: HTTPS or localhost); it keeps a scorer's entry pages ahead, and this
  // page when it did not come through the worker (the first visit)
  function offlinePages() {
    if (!('serviceWorker' in navigator)) return;
    // (a page the worker did not answer: it was not installed yet, or claimed the page only after it loaded)
    const nav = performance.getEntriesByType('navigation')[0];
    const first = !(nav && nav.workerStart > 0) && !document.body.dataset.offlineSaved;
    navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready).then((reg) => {
      const save = Array.from(document.querySelectorAll('a[href$="/hand"]'), (a) => a.getAttribute('href'));
      if (first) save.unshift(location.pathname + location.search);
      if (save.length && reg.active) reg.active.postMessage({ save });
      // the worker's own page (a page not saved, the network down) in this page's language
      if (reg.active) reg.active.postMessage({ words: {
        lang: LANG, title: t('web.sw.title', 'Offline'),
        missing: t('web.sw.missing', 'This page was not saved on this phone, and the network is down.'),
        others: t('web.sw.others', 'The pages opened while the network was up open without it.'),
        tables: t('web.sw.tables', 'The tables'),
      } });
    }).catch(() => { /* no worker: the hands are still kept and sent, the pages do not open offline */ });
  }

  // ---- live pages ----------------------------------------------------------------------------------------------
  let version = Number(document.body.dataset.version || 0);
  let refreshing = false, again = false;

  function typing() {
    const a = document.activeElement;
    return a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') && a.closest('[data-live]');
  }

  async function refresh() {
    if (refreshing) { again = true; return; }
    if (typing()) { document.addEventListener('focusout', () => setTimeout(refresh, 50), { once: true }); return; }
    refreshing = true;
    try {
      const r = await fetch(location.pathname + location.search, { cache: 'no-store', credentials: 'same-origin' });
      if (r.ok) {
        const doc = new DOMParser().parseFromString(await r.text(), 'text/html');
        for (const old of document.querySelectorAll('[data-live]')) {
          const fresh = old.id ? doc.getElementById(old.id) : null;
          if (fresh) old.replaceWith(document.importNode(fresh, true));
        }
        version = Math.max(version, Number(doc.body.dataset.version || 0));
        if (document.body.dataset.offlineSaved && !doc.body.dataset.offlineSaved) {
          delete document.body.dataset.offlineSaved;
          showOffline();
        }
        document.body.dataset.version = String(version);
        document.body.dataset.refreshed = String(Number(document.body.dataset.refreshed || 0) + 1);
      }
    } catch (e) {
      /* the next change tries again */
    } finally {
      refreshing = false;
      if (again) { again = false; refresh(); }
    }
  }

  // a refused stream (every one taken: 503) is not retried by the browser: the page tries again by itself, a
  // little later each time (2 s, 4 s ... at most 30 s), until one frees
  let watchDelay = 2000;
  function watch() {
    if (!document.querySelector('[data-live]') || !window.EventSource) return;
    const state = $('#live');
    const es = new EventSource('/events');
    const seen = (e) => {
      let v = 0;
      try { v = JSON.parse(e.data).version; } catch (x) { return; }
      if (v !== version) refresh();
    };
    es.addEventListener('hello', seen);
    es.addEventListener('change', seen);
    es.addEventListener('open', () => { watchDelay = 2000; if (state) { state.className = 'live on'; state.textContent = t('web.live.on', 'live'); } });
    es.addEventListener('error', () => {
      if (state) { state.className = 'live off'; state.textContent = t('web.live.reconnecting', 'reconnecting…'); }
      if (es.readyState === EventSource.CLOSED) {
        setTimeout(watch, watchDelay + Math.random() * 1000);
        watchDelay = Math.min(watchDelay * 2, 30000);
      }
    });
  }

  // ---- buttons that need a second tap (undo, delete) -----------------------------------------------------------
  function twoTaps(button, label, run) {
    if (button.dataset.armed !== '1') {
      button.dataset.armed = '1';
      button.dataset.label = button.textContent;
      button.textContent = label;
      setTimeout(() => {
        if (button.dataset.armed === '1') { button.dataset.armed = ''; button.textContent = button.dataset.label; }
      }, 4000);
      return;
    }
    button.dataset.armed = '';
    button.disabled = true;
    run().finally(() => { button.disabled = false; button.textContent = button.dataset.label; });
  }

  document.addEventListener('click', (ev) => {
    const undo = ev.target.closest('[data-undo]');
    if (undo) {
      const err = undo.parentElement.querySelector('.err');
      twoTaps(undo, t('web.js.undo_again', 'Tap again to undo'), async () => {
        const { status, data } = await post('/api/games/' + undo.dataset.undo + '/undo', { key: newKey() });
        if (status === 401) return toLogin();
        if (status !== 200) return showError(err, message(data, status));
        flash(data.undone.charAt(0).toUpperCase() + data.undone.slice(1));
        location.assign(data.next);
      });
      return;
    }
    const del = ev.target.closest('[data-delete]');
    if (del) {
      const err = del.parentElement.querySelector('.err');
      twoTaps(del, t('web.js.delete_again', 'Tap again to delete'), async () => {
        const { status, data } = await post('/api/games/' + del.dataset.delete + '/hands/' + del.dataset.no + '/delete', { key: newKey() });
        if (status === 401) return toLogin();
        if (status !== 200) return showError(err, message(data, status));
        location.assign(data.next);
      });
    }
  });

  document.addEventListener('submit', async (ev) => {
    const form = ev.target.closest('form.words-edit');
    if (!form) return;
    ev.preventDefault();
    const button = $('button', form), err = $('.err', form);
    if (!form.dataset.key) form.dataset.key = newKey();
    button.disabled = true;
    try {
      const { status, data } = await post('/api/games/' + form.dataset.game + '/hands/' + form.dataset.no,
        { words: $('input', form).value, key: form.dataset.key });
      if (status === 401) return toLogin();
      if (status !== 200) { form.dataset.key = ''; markInvalid($('input', form)); return showError(err, message(data, status)); }
      flash(t('web.js.hand_changed', 'Hand {n} changed: {words}', { n: String(data.no), words: data.words || '' }));
      location.assign(data.next);
    } catch (e) {
      showError(err, t('web.js.no_answer', 'no answer from the server: {error}', { error: e.message }));
    } finally {
      button.disabled = false;
    }
  });

  // ---- a hand's questions --------------------------------------------------------------------------------------
  function entry(root) {
    const game = root.dataset.game;
    const edit = root.dataset.edit ? Number(root.dataset.edit) : null;
    const heading = $('h1', root);
    const pageNo = Number(root.dataset.no || 1);  // the hand's number when the page was made
    let answers = [];
    let trailWords = [];  // the answers as the chips read them, in the game's labels (from the server)
    let busy = false;
    let key = null;  // the submission key of the hand previewed (new answers: a new key)
    // the value last given to a question, shown again in its field when the question comes back: refused (marked,
    // to be corrected, not retyped), or an answer taken back to be changed
    let kept = null;  // {key, value, refused}
    let refusedFields = [];  // the fields a refused hand's messages name: their chips are marked
    // The fast paths. quick: every question with a usual answer (its preset) is answered so and shown in the list,
    // to change (remembered on this phone). pending: answers kept by question key, given where the game asks them
    // (the previous hand's for "same as last hand", the later ones when one answer is changed). presetKeys: the
    // answers that are a preset (the next hand's preset may differ: the dealer moves on).
    const saved = {
      get(k) { try { return JSON.parse(localStorage.getItem(k)); } catch (e) { return null; } },
      set(k, v) { try { localStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* private mode */ } },
    };
    let quick = saved.get('marque-quick') === true;
    let pending = null;
    const presetKeys = new Set();
    let userAnswered = false;
    const keptAnswers = () => answers.map(([k, v]) => [k, presetKeys.has(k) ? '' : v]);

    // opts: {plain: no kept answers, no presets (a question to change), redeal: the game's redeal}
    async function step(typed, opts) {
      if (busy) return null;
      busy = true;
      root.classList.add('busy');
      try {
        const body = { answers };
        if (typed !== undefined) body.typed = typed;
        if (edit) body.edit = edit;
        const asked = typed !== undefined && root.dataset.step;
        if (!(opts && opts.plain)) {
          if (pending) body.then = pending;
          if ((quick && !edit) || pending || (opts && opts.redeal)) body.fill = true;
          if (opts && opts.redeal) body.redeal = true;
        }
        const { status, data } = await post('/api/games/' + game + '/entry', body);
        if (status === 401) return toLogin();
        if (status !== 200) return fatal(message(data, status));
        if (asked && data.question && data.question.key === asked && (data.error || (data.errors || []).length))
          kept = { key: asked, value: typed, refused: true };
        else if (asked) refusedFields = refusedFields.filter((f) => !names([f], asked));  // answered again
        if (data.complete) refusedFields = [];
        else if (!data.question) refusedFields = fieldsOf(data);
        if (JSON.stringify(data.answers) !== JSON.stringify(answers)) key = null;
        answers = data.answers;
        trailWords = data.trail || [];
        for (const k of data.filled || []) presetKeys.add(k);
        if (opts && opts.silent) return data;
        render(data);
        return data;
      } catch (e) {
        if (edit) fatal(t('web.js.no_server', 'No answer from the server (is it still running?): {error}', { error: e.message }));
        else offline();
      } finally {
        busy = false;
        root.classList.remove('busy');
      }
    }

    function clear() {
      for (const c of Array.from(root.children)) if (c !== heading) c.remove();
    }

    function fatal(text) {
      clear();
      root.append(el('p', { class: 'err', role: 'alert' }, text),
        el('p', {}, el('a', { href: '/game/' + game }, '← ' + t('web.js.back_to_game', 'back to the game'))));
    }

    // No answer from the server: the hand typed as one line (key=value words, the answers so far filled in), kept on
    // the phone and sent when the network is back.
    function offline() {
      clear();
      heading.textContent = t('web.js.offline_heading', 'Hand {n} · offline', { n: String(pageNo + waitingFor(game)) });
      const input = el('input', {
        id: 'offline-words', name: 'words', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
        'aria-labelledby': 'offline-title', 'aria-describedby': 'offline-err',
        value: answers.map(([k, v]) => k + '=' + v).join(' '),
      });
      const err = el('p', { class: 'err', role: 'alert', id: 'offline-err' });
      const form = el('form', { class: 'question offline-entry', novalidate: true },
        el('h2', { id: 'offline-title' }, t('web.js.offline_title', 'No connection: type the hand as one line')),
        el('p', { class: 'help' }, t('web.js.offline_help', 'The questions need the server. Type the hand as key=value words, as marque hand takes them at the terminal; it is kept on this phone and sent, once, when the network is back.')),
        input, err,
        el('div', { class: 'nav' },
          el('button', { type: 'button', class: 'back', onclick: () => step() }, t('web.js.ask', 'Ask the questions')),
          el('button', { type: 'submit', class: 'primary', id: 'keep' }, t('web.js.keep', 'Keep this hand to send'))));
      form.addEventListener('submit', (ev) => {
        ev.preventDefault();
        const text = input.value.trim().split(/\s+/).join(' ');
        const bad = wordsError(text);
        if (bad) return showError(err, bad);
        if (!keep({ words: text, key: newKey() }, text, '', err)) return;
      });
      root.append(form);
      root.dataset.step = 'offline';
      setTimeout(() => input.focus(), 0);
    }

    // The hand kept on the phone to be sent in its turn (after the hands kept before it); false when the phone
    // cannot keep it (its storage off or full).
    function keep(body, words, said, err) {
      try {
        enqueue({ game, url: '/api/games/' + game + '/hands', body, words, said, at: new Date().toISOString(), error: null });
      } catch (e) {
        showError(err, t('web.js.cannot_keep', 'this phone cannot keep the hand ({error}): enter it again when the network is back', { error: e.message }));
        return false;
      }
      answers = [];
      key = null;
      clear();
      heading.textContent = t('web.js.kept_heading', 'Hand kept on this phone');
      root.append(el('section', { class: 'preview kept' },
        el('p', { class: 'result', id: 'kept', role: 'status', dataset: { key: body.key, what: said || words } },
          t('web.js.kept', '✓ Kept on this phone, sent when the network is back: {words}', { words: said || words })),
        // without a service worker (plain http on the club's network) no page opens while the network is down
        navigator.serviceWorker && navigator.serviceWorker.controller ? null
          : el('p', { class: 'help' }, t('web.js.keep_open', 'Keep this page open until then: this phone has no copy of the other pages.')),
        el('div', { class: 'nav' },
          el('a', { class: 'button back', href: '/game/' + game }, '← ' + t('web.js.the_game', 'The game')),
          el('button', { type: 'button', class: 'primary', id: 'next-hand', onclick: () => step() }, t('web.js.next_hand', 'Enter the next hand')))));
      root.dataset.step = 'kept';
      window.scrollTo(0, 0);
      sendQueue();
      return true;
    }

    function trail(data) {
      if (!answers.length) return null;
      const ol = el('ol', { class: 'trail', 'aria-label': t('web.js.trail_label', 'answers so far (tap one to change it)') });
      answers.forEach(([k, v], i) => {
        ol.append(el('li', {}, el('button', {
          type: 'button', title: t('web.js.change_answer', 'change this answer'), dataset: { key: k },
          'aria-invalid': names(refusedFields, k) ? 'true' : null,
          onclick: () => {
            // with the fast paths on, the other answers stay: given again where the game asks them
            if (quick || pending) pending = keptAnswers().filter(([pk]) => pk !== k).concat((pending || []).filter(([pk]) => pk !== k && !answers.some(([ak]) => ak === pk)));
            takeBack(i);
            step(undefined, { plain: true });
          },
        }, trailWords[i] || k + ': ' + (v === '' ? t('web.js.none', 'none') : v))));
      });
      return ol;
    }

    function fieldsOf(data) { return ((data && data.errors) || []).map((e) => e.field).filter(Boolean); }

    // whether a refusal's field ("tricks", "tricks.Ann") names an answer's key
    function names(fields, k) {
      return fields.some((f) => f === k || k.startsWith(f + '.') || f.startsWith(k + '.'));
    }

    // the answers from i on are taken back; the one at i shows again in its field (marked if a refusal named it)
    function takeBack(i) {
      const [k, v] = answers[i];
      kept = { key: k, value: v, refused: names(refusedFields, k) };
      answers = answers.slice(0, i);
    }

    function back() {
      if (!answers.length) { location.assign('/game/' + game); return; }
      takeBack(answers.length - 1);
      step(undefined, { plain: true });
    }

    function navBar(next) {
      const nav = el('div', { class: 'nav' }, el('button', { type: 'button', class: 'back', onclick: back }, '← ' + t('web.js.back', 'Back')));
      if (next) nav.append(next);
      return nav;
    }

    // A choice's button: its value, and its label under it when the label says more ("Ann" / "elder"); a label
    // that begins with the value ("N — Nina", "garde sans ×4" for garde_sans) is the whole text.
    // In another language than English, a value's id ("redeal", "no_trumps") is not a word of the page: the label,
    // which says it in the page's language, is the whole face, its head before " — " or ":" large ("adu — a trump
    // game", "personne n'a pris : tout le monde a passé"); a player's name stays the face.
    function face(c, layout, kind) {
      const label = c.label || '';
      if (layout === 'labels' && label) return [label];
      if (layout === 'grid') return [label || c.value];  // a bid: short; the help says what each is
      if (!label || label === c.value) return [c.value];
      if (label.startsWith(c.value) || label.startsWith(c.value.replace(/_/g, ' '))) return [label];
      if (kind === 'choice' && !/^en\b/.test(document.documentElement.lang || 'en')) {
        const cut = label.match(/^(.+?)(?: — |\s?: )(.+)$/);
        return cut ? [cut[1], el('small', {}, cut[2])] : [label];
      }
      return [c.value, el('small', {}, label)];
    }

    function question(data) {
      const q = data.question;
      const form = el('form', { class: 'question', dataset: { key: q.key, kind: q.kind }, novalidate: true });
      form.append(el('h2', { id: 'q-text' }, q.text));
      if (q.help) form.append(el('p', { class: 'help' }, q.help));
      const errText = [data.error, ...(data.errors || []).map((e) => (e.text || (e.field ? e.field + ': ' : '') + e.message))]
        .filter(Boolean).join('\n');
      const again = kept && kept.key === q.key ? kept : null;
      kept = null;
      const refused = again && again.refused;
      const err = el('p', { class: 'err', role: 'alert', id: 'q-err' }, errText);
      const choose = (value) => {
        if (q.preset && (value === '' || value === q.preset)) presetKeys.add(q.key); else presetKeys.delete(q.key);
        userAnswered = true;
        return step(value);
      };
      let next = null;

      const numeric = q.kind === 'int' || q.kind === 'number';
      const small = (q.kind === 'int') && q.min !== null && q.max !== null && q.max - q.min <= 13;
      const listed = numeric && !small && q.choices.length > 0;  // a number's usual values as buttons (bids)
      const layout = q.layout ? ' ' + q.layout : '';
      if (q.kind === 'player' || q.kind === 'choice' || q.kind === 'yes_no' || small || listed) {
        let choices = q.choices;
        if (q.kind === 'yes_no') choices = [{ value: 'yes', label: t('web.js.yes', 'Yes') }, { value: 'no', label: t('web.js.no', 'No') }];
        if (small) choices = Array.from({ length: q.max - q.min + 1 }, (_, i) => ({ value: String(q.min + i), label: String(q.min + i) }));
        const grid = el('div', { class: 'choices' + (choices.length <= 2 ? ' few' : '') + layout, role: 'group', 'aria-labelledby': 'q-text' });
        for (const c of choices)
          grid.append(el('button', {
            type: 'button', class: 'choice' + (c.value === q.preset ? ' preset' : ''), dataset: { value: c.value },
            'aria-invalid': refused && again.value === c.value ? 'true' : null,
            onclick: () => choose(c.value),
          }, ...face(c, q.layout, q.kind)));
        if (q.optional && !q.preset) grid.append(el('button', { type: 'button', class: 'choice', dataset: { value: '' }, onclick: () => choose('') }, t('web.js.none', 'none')));
        form.append(grid);
        if (q.preset) next = el('button', { type: 'button', class: 'primary', onclick: () => choose('') }, t('web.js.next_preset', 'Next ({preset})', { preset: q.preset }));
        if (listed) {
          // another number than those listed
          const other = numberInput(q, t('web.js.another_value', 'another value'), null, false);
          if (again && !choices.some((c) => c.value === again.value)) {
            other.input.value = again.value;
            if (refused) markInvalid(other.input);
          }
          form.append(other.box);
          form.addEventListener('submit', (ev) => { ev.preventDefault(); if (other.value() !== '') choose(other.value()); });
          if (!next) next = el('button', { type: 'submit', class: 'primary' }, t('web.js.next', 'Next'));
        }
      } else if (q.kind === 'choices') {
        const on = new Set(q.preset ? q.preset.split(',') : []);
        const grid = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'q-text' });
        for (const c of q.choices) {
          const b = el('button', {
            type: 'button', class: 'choice' + (on.has(c.value) ? ' on' : ''), 'aria-pressed': on.has(c.value) ? 'true' : 'false',
            dataset: { value: c.value },
          }, ...face(c, q.layout, "choice"));
          b.addEventListener('click', () => {
            if (on.has(c.value)) on.delete(c.value);
            else {
              // "none" excludes the others and the others exclude it
              if (c.value === 'none') on.clear(); else on.delete('none');
              on.add(c.value);
            }
            for (const other of grid.children) {
              other.classList.toggle('on', on.has(other.dataset.value));
              other.setAttribute('aria-pressed', on.has(other.dataset.value) ? 'true' : 'false');
            }
          });
          grid.append(b);
        }
        form.append(grid);
        next = el('button', { type: 'submit', class: 'primary' }, t('web.js.next', 'Next'));
        form.addEventListener('submit', (ev) => {
          ev.preventDefault();
          const picked = q.choices.map((c) => c.value).filter((v) => on.has(v));
          choose(picked.join(','));
        });
      } else if (numeric) {
        const num = numberInput(q, q.preset || (q.optional ? 'none' : ''), (v) => choose(v));
        if (again) Object.assign(num.input, { value: again.value }).dataset.prefilled = '1';
        if (refused) markInvalid(num.input);
        form.append(num.box);
        next = el('button', { type: 'submit', class: 'primary' }, t('web.js.next', 'Next'));
        form.addEventListener('submit', (ev) => { ev.preventDefault(); choose(num.value()); });
        setTimeout(() => { num.input.focus(); if (again) num.input.select(); }, 0);
      } else {
        const input = el('input', {
          id: 'q-input', name: q.key, autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
          inputmode: 'text',
          placeholder: q.preset || (q.optional ? 'none' : ''), 'aria-labelledby': 'q-text', 'aria-describedby': 'q-err',
        });
        if (again) input.value = again.value;
        if (refused) markInvalid(input);
        form.append(input);
        next = el('button', { type: 'submit', class: 'primary' }, t('web.js.next', 'Next'));
        form.addEventListener('submit', (ev) => { ev.preventDefault(); choose(input.value); });
        setTimeout(() => input.focus(), 0);
      }
      form.append(err, navBar(next));
      return form;
    }

    // A number: its field, an on-screen keypad of big keys, and where the number has a complement (the defence's
    // points: 91 minus the attack's) a switch to type the other side's figure instead; the value sent is always the
    // question's own, shown before it is sent.
    function numberInput(q, placeholder, onFull, withPad = true) {
      const decimals = q.kind === 'number';
      const input = el('input', {
        id: 'q-input', name: q.key, autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
        inputmode: withPad ? 'none' : (decimals ? 'decimal' : 'numeric'), placeholder, 'aria-labelledby': 'q-text', 'aria-describedby': 'q-err',
      });
      const box = el('div', { class: 'number' });
      let other = false;
      const shown = el('p', { class: 'complement-value', id: 'q-computed', 'aria-live': 'polite' });
      const own = () => {
        const typed = input.value.trim().replace(',', '.');  // a decimal comma (the keypad's in fr, hu, el) as a dot
        if (!other || typed === '' || q.complement === null) return typed;
        const x = Number(typed);
        if (!Number.isFinite(x)) return input.value.trim();
        return String(Math.round((q.complement - x) * 100) / 100);
      };
      const update = () => {
        shown.textContent = other && input.value.trim() !== '' ? '→ ' + q.complement + ' − ' + input.value.trim() + ' = ' + own() : '';
      };
      // a whole number moves on by itself once no further digit fits its range (92 of at most 152: one tap less);
      // the other side's figure waits for Next, its computed value shown
      const full = () => {
        const limit = q.max;
        const typed = input.value;
        if (other || q.kind !== 'int' || limit === null || limit === undefined || !/^[0-9]+$/.test(typed)) return false;
        const v = Number(typed);
        return v <= limit && (v * 10 > limit || (typed === '0' && limit > 0));
      };
      input.addEventListener('input', update);
      if (q.complement !== null && q.complement !== undefined) {
        const sw = el('button', { type: 'button', class: 'complement', id: 'q-complement', 'aria-pressed': 'false' },
          t('web.js.complement', 'Type {what} instead', { what: q.complement_text || t('web.js.other_side', 'the other side') }));
        sw.addEventListener('click', () => {
          other = !other;
          sw.setAttribute('aria-pressed', other ? 'true' : 'false');
          sw.classList.toggle('on', other);
          input.placeholder = other ? (q.complement_text || t('web.js.other_side', 'the other side')) : placeholder;
          update();
          input.focus();
        });
        box.append(sw);
      }
      box.append(input);
      if (q.complement !== null && q.complement !== undefined) box.append(shown);
      const pad = el('div', { class: 'keypad', role: 'group', 'aria-label': t('web.js.keypad', 'keypad') });
      const mark = numbers.format(1.5).charAt(1);  // the language's decimal mark (sent as a dot)
      const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', decimals ? mark : (q.min !== null && q.min < 0 ? '−' : ''), '0', '⌫'];
      for (const k of keys) {
        if (!k) { pad.append(el('span')); continue; }
        pad.append(el('button', {
          type: 'button', class: 'key', dataset: { key: k }, 'aria-label': k === '⌫' ? t('web.js.key_delete', 'delete') : k,
          onclick: () => {
            // a value brought back (refused, or taken back to change) is edited by ⌫, replaced by a digit
            if (input.dataset.prefilled) {
              delete input.dataset.prefilled;
              if (k !== '⌫' && k !== '−') input.value = '';
            }
            if (k === '⌫') input.value = input.value.slice(0, -1);
            else if (k === '−') input.value = input.value.startsWith('-') ? input.value.slice(1) : '-' + input.value;
            else input.value += k;
            update();
            if (k !== '⌫' && full() && onFull) onFull(own());
          },
        }, k));
      }
      if (withPad) box.append(pad);
      return { box, input, value: own };
    }

    function preview(data) {
      const p = data.preview;
      const sec = el('section', { class: 'preview', 'aria-live': 'polite' });
      const no = { n: String(data.no) };
      sec.append(el('h2', {}, edit ? t('web.js.preview_changed', 'Hand {n}, changed', no) : t('web.hand.heading', 'Hand {n}', no)),
        el('p', { class: 'words', id: 'preview-words' }, p.words || t('web.js.this_hand', 'this hand')));
      const table = el('table', { class: 'deltas' },
        el('thead', {}, el('tr', {}, el('th', {}), el('th', { class: 'num' }, t('web.hand.column_hand', 'hand')),
          el('th', { class: 'num' }, t('web.hand.column_total', 'total')))));
      const tb = el('tbody');
      for (const s of p.sides) {
        const cls = s.delta.startsWith('+') ? 'up' : s.delta.startsWith('-') ? 'down' : '';
        tb.append(el('tr', {}, el('th', {}, s.name), el('td', { class: 'num ' + cls }, s.delta), el('td', { class: 'num' }, s.total)));
      }
      table.append(tb);
      sec.append(table);
      for (const n of p.notes) sec.append(el('p', { class: 'note' }, t('web.hand.note', 'note: {text}', { text: n })));
      const err = el('p', { class: 'err', role: 'alert' });
      const store = el('button', { type: 'button', class: 'primary store', id: 'store' }, edit ? t('web.js.store_change', 'Store the change') : t('web.js.store', 'Store this hand'));
      store.addEventListener('click', async () => {
        if (store.disabled) return;
        store.disabled = true;
        if (!key) key = newKey();
        const asWords = answers.map(([k, v]) => k + '=' + v).join(' ');
        // hands of this game still waiting on this phone go first: this one waits behind them
        if (!edit && waitingFor(game)) return keep({ answers, key }, asWords, p.words, err) || (store.disabled = false);
        try {
          const url = '/api/games/' + game + '/hands' + (edit ? '/' + edit : '');
          const { status, data: r } = await post(url, { answers, key });
          if (status === 401) return toLogin();
          if (status !== 200) {
            key = null;
            store.disabled = false;
            // the answers a refusal names are marked: tapping one brings its value back to be changed
            refusedFields = fieldsOf(r);
            for (const b of root.querySelectorAll('ol.trail button'))
              if (names(refusedFields, b.dataset.key)) b.setAttribute('aria-invalid', 'true');
            return showError(err, message(r, status));
          }
          store.textContent = t('web.js.stored', 'Stored');
          stored(r);
        } catch (e) {
          // no answer (the hand may be stored: its key makes a repeat store nothing): kept on the phone and sent again
          if (!edit && keep({ answers, key }, asWords, p.words, err)) return;
          store.disabled = false;
          showError(err, t('web.js.no_answer_hand', 'no answer from the server (the hand may be stored: tap again, it is never stored twice): {error}', { error: e.message }));
        }
      });
      sec.append(err, navBar(store));
      return sec;
    }

    // after a store: the answers kept for "same as last hand", the line of the next page with its Undo; with the
    // usual answers skipped, the next hand's questions at once (the game page is one tap away)
    function stored(r) {
      if (!edit) saved.set('marque-last-' + game, { no: r.no, answers: keptAnswers() });
      const said = { n: String(r.no), words: r.words || '' };
      flash(edit ? t('web.js.hand_changed', 'Hand {n} changed: {words}', said) : t('web.js.hand_stored', 'Hand {n} stored: {words}', said), edit ? null : game);
      location.assign('/game/' + game + (quick && !edit && !r.result ? '/hand' : ''));
    }

    // The fast paths, offered before the first answer: the previous hand's answers, a redeal, the usual answers
    // taken by themselves.
    function fastBar(data) {
      if (edit || userAnswered) return null;
      const bar = el('div', { class: 'fast', role: 'group', 'aria-label': t('web.js.fast', 'fast entry') });
      const last = saved.get('marque-last-' + game);
      if (last && last.no === data.no - 1 && Array.isArray(last.answers) && !pending)
        bar.append(el('button', {
          type: 'button', class: 'button', id: 'same',
          onclick: () => { pending = last.answers; userAnswered = true; answers = []; step(); },
        }, t('web.js.same', 'Same as last hand')));
      if (data.redeal) {
        const err = el('p', { class: 'err', role: 'alert' });
        const b = el('button', { type: 'button', class: 'button', id: 'redeal' }, t('web.js.redeal', 'Redeal'));
        b.addEventListener('click', () => twoTaps(b, t('web.js.redeal_again', 'Tap again to store a redeal'), async () => {
          answers = [];
          const d = await step(undefined, { redeal: true, silent: true });
          if (!d) return;
          if (!d.complete) { render(d); return; }
          const { status, data: r } = await post('/api/games/' + game + '/hands', { answers, key: newKey() });
          if (status === 401) return toLogin();
          if (status !== 200) return showError(err, message(r, status));
          stored(r);
        }));
        bar.append(b, err);
      }
      const q = el('button', { type: 'button', class: 'button' + (quick ? ' on' : ''), id: 'quick', 'aria-pressed': quick ? 'true' : 'false',
        title: t('web.js.quick_title', 'answer every question that has a usual answer by itself (tap an answer in the list to change it)') },
      quick ? t('web.js.quick_on', '✓ Usual answers skipped') : t('web.js.quick', 'Skip the usual answers'));
      q.addEventListener('click', () => {
        quick = !quick;
        saved.set('marque-quick', quick);
        if (quick) step(); else { answers = []; presetKeys.clear(); step(undefined, { plain: true }); }
      });
      bar.append(q);
      return bar;
    }

    function render(data) {
      clear();
      const no = { n: String(data.no) };
      const dealer = data.dealer === data.sitting_out ? t('web.dealer.sits_out', '{name} (sits out)', { name: data.dealer }) : data.dealer;
      heading.textContent = (edit ? t('web.entry.heading_again', 'Hand {n} again', no) : t('web.hand.heading', 'Hand {n}', no)) +
        (data.dealer ? ' · ' + t('web.dealer', 'dealer {name}', { name: dealer }) : '');
      const bar = data.question ? fastBar(data) : null;
      if (bar) root.append(bar);
      if (data.question) root.append(question(data));
      else if (data.complete) root.append(preview(data));
      else {
        const box = el('section', { class: 'preview' }, el('h2', {}, t('web.js.refused', 'This hand cannot be stored as it is')));
        for (const e of data.errors || []) box.append(el('p', { class: 'err', role: 'alert' }, (e.text || (e.field ? e.field + ': ' : '') + e.message)));
        box.append(el('p', { class: 'help' }, t('web.js.refused_help', 'Tap an answer below to change it, or go back.')), navBar(null));
        root.append(box);
      }
      // the answers so far under the question (the question stays at the top of a phone's screen)
      const tr = trail(data);
      if (tr) root.append(el('h2', { class: 'trail-title' }, t('web.js.trail_title', 'Answers so far (tap one to change it)')), tr);
      window.scrollTo(0, 0);
      root.dataset.step = data.question ? data.question.key : data.complete ? 'preview' : 'refused';
    }

    step();
  }

  // ---- a new game: the roster narrowed as letters are typed, then Start (POST /api/games) -----------------------
  // a name's search key as the server makes it (data-key): lower case, without accents
  const searchKey = (s) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  document.addEventListener('input', (ev) => {
    if (!ev.target.matches('form.roster-search input[name="q"]')) return;
    const typed = searchKey(ev.target.value.trim());
    for (const li of document.querySelectorAll('ul.roster li[data-key]')) li.hidden = !li.dataset.key.includes(typed);
  });
  document.addEventListener('submit', async (ev) => {
    const form = ev.target.closest('form.start-game');
    if (!form) return;
    ev.preventDefault();
    const button = $('button', form), err = $('.err', form);
    const value = (name) => { const i = form.querySelector('input[name="' + name + '"]'); return i ? i.value : ''; };
    const body = {
      game: value('game'), dealer: value('dealer'),
      players: Array.from(form.querySelectorAll('input[name="p"]'), (i) => i.value),
      key: form.dataset.key || (form.dataset.key = newKey()),
    };
    if (value('night')) body.night = Number(value('night'));
    button.disabled = true;
    try {
      const { status, data } = await post('/api/games', body);
      if (status === 401) return toLogin();
      // refused: the error under the button, the choices kept (a new try is a new submission)
      if (status !== 200) { form.dataset.key = ''; return showError(err, message(data, status)); }
      flash(t('web.js.game_started', 'Game {game} started', { game: String(data.game) }));
      location.assign(data.next);
    } catch (e) {
      showError(err, t('web.js.no_answer_game', 'no answer from the server (the game may be started: tap again, it is never started twice): {error}', { error: e.message }));
    } finally {
      button.disabled = false;
    }
  });

  showFlash();
  showOffline();
  showQueue();
  const root = $('#entry');
  if (root) entry(root);
  watch();
  offlinePages();
  sendQueue();
  window.addEventListener('online', () => {
    showOffline();
    retryDelay = 5000;
    sendQueue();
    if (document.body.dataset.offlineSaved) refresh();
  });
  window.addEventListener('offline', showOffline);
  // another tab of this site changed the hands waiting
  window.addEventListener('storage', (e) => { if (e.key === QUEUE || e.key === null) showQueue(); });
  // a device that forgets the code forgets the pages it kept too (the hands waiting stay: they need the code again)
  document.addEventListener('submit', (ev) => {
    const form = ev.target.closest('form.logout');
    if (!form || !window.caches || form.dataset.forgot) return;
    ev.preventDefault();
    form.dataset.forgot = '1';
    caches.delete('marque-pages').catch(() => {}).finally(() => form.submit());
  });
})();
