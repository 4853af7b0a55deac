// marque serve: the pages' only script (no inline script anywhere: the Content-Security-Policy forbids it).
//  - live pages: one event stream (/events); when the database's version moves, the page's [data-live] parts are
//    fetched again and replaced (the scroll position and a form being typed in are kept);
//  - a hand's questions, one at a time, as the game asks them (POST /api/games/ID/entry), then its preview and
//    the store (POST /api/games/ID/hands) with a submission key: a retried or doubled request stores it once;
//  - undo, delete and key=value edits.
'use strict';
(function () {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const csrf = () => { const m = $('meta[name="csrf-token"]'); return m ? m.content : ''; };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
  async function post(url, body) {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await fetch(url, {
          method: 'POST', credentials: 'same-origin', cache: 'no-store',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf() },
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
        if (attempt >= 3) throw e;
        await sleep(500 * (attempt + 1));
      }
    }
  }

  function message(data, status) {
    if (data && Array.isArray(data.errors) && data.errors.length)
      return data.errors.map((e) => (e.field ? e.field + ': ' : '') + e.message).join('\n');
    if (data && data.error) return data.error + (data.hint ? ' (' + data.hint + ')' : '');
    return 'the server answered ' + status;
  }

  function showError(p, text) {
    if (!p) return;
    p.textContent = text;
    p.hidden = !text;
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
      const b = el('button', { type: 'button', class: 'button undo-now', id: 'undo-now' }, 'Undo');
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
          showError(err, 'no answer from the server: ' + e.message);
        }
      });
      p.append(' ', b, err);
    }
    const entryRoot = $('#entry', main);  // the entry redraws itself: the line goes above it
    if (entryRoot) entryRoot.before(p); else if (h1) h1.after(p); else main.prepend(p);
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
    es.addEventListener('open', () => { watchDelay = 2000; if (state) { state.className = 'live on'; state.textContent = 'live'; } });
    es.addEventListener('error', () => {
      if (state) { state.className = 'live off'; state.textContent = 'reconnecting…'; }
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
      twoTaps(undo, 'Tap again to undo', async () => {
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
      twoTaps(del, 'Tap again to delete', async () => {
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
      if (status !== 200) { form.dataset.key = ''; return showError(err, message(data, status)); }
      flash('Hand ' + data.no + ' changed: ' + (data.words || ''));
      location.assign(data.next);
    } catch (e) {
      showError(err, 'no answer from the server: ' + e.message);
    } finally {
      button.disabled = false;
    }
  });

  // ---- a hand's questions --------------------------------------------------------------------------------------
  function entry(root) {
    const game = root.dataset.game;
    const edit = root.dataset.edit ? Number(root.dataset.edit) : null;
    const heading = $('h1', root);
    let answers = [];
    let trailWords = [];  // the answers as the chips read them, in the game's labels (from the server)
    let busy = false;
    let key = null;  // the submission key of the hand previewed (new answers: a new key)
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
    const kept = () => answers.map(([k, v]) => [k, presetKeys.has(k) ? '' : v]);

    // opts: {plain: no kept answers, no presets (a question to change), redeal: the game's redeal}
    async function step(typed, opts) {
      if (busy) return null;
      busy = true;
      root.classList.add('busy');
      try {
        const body = { answers };
        if (typed !== undefined) body.typed = typed;
        if (edit) body.edit = edit;
        if (!(opts && opts.plain)) {
          if (pending) body.then = pending;
          if ((quick && !edit) || pending || (opts && opts.redeal)) body.fill = true;
          if (opts && opts.redeal) body.redeal = true;
        }
        const { status, data } = await post('/api/games/' + game + '/entry', body);
        if (status === 401) return toLogin();
        if (status !== 200) return fatal(message(data, status));
        if (JSON.stringify(data.answers) !== JSON.stringify(answers)) key = null;
        answers = data.answers;
        trailWords = data.trail || [];
        for (const k of data.filled || []) presetKeys.add(k);
        if (opts && opts.silent) return data;
        render(data);
        return data;
      } catch (e) {
        fatal('No answer from the server (is it still running?): ' + e.message);
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
        el('p', {}, el('a', { href: '/game/' + game }, '← back to the game')));
    }

    function trail(data) {
      if (!answers.length) return null;
      const ol = el('ol', { class: 'trail', 'aria-label': 'answers so far (tap one to change it)' });
      answers.forEach(([k, v], i) => {
        ol.append(el('li', {}, el('button', {
          type: 'button', title: 'change this answer',
          onclick: () => {
            // with the fast paths on, the other answers stay: given again where the game asks them
            if (quick || pending) pending = kept().filter(([pk]) => pk !== k).concat((pending || []).filter(([pk]) => pk !== k && !answers.some(([ak]) => ak === pk)));
            answers = answers.slice(0, i);
            step(undefined, { plain: true });
          },
        }, trailWords[i] || k + ': ' + (v === '' ? 'none' : v))));
      });
      return ol;
    }

    function back() {
      if (!answers.length) { location.assign('/game/' + game); return; }
      answers = answers.slice(0, -1);
      step(undefined, { plain: true });
    }

    function navBar(next) {
      const nav = el('div', { class: 'nav' }, el('button', { type: 'button', class: 'back', onclick: back }, '← Back'));
      if (next) nav.append(next);
      return nav;
    }

    // A choice's button: its value, and its label under it when the label says more ("Ann" / "elder"); a label
    // that begins with the value ("N — Nina", "garde sans ×4" for garde_sans) is the whole text.
    function face(c, layout) {
      const label = c.label || '';
      if (layout === 'labels' && label) return [label];
      if (layout === 'grid') return [label || c.value];  // a bid: short; the help says what each is
      if (!label || label === c.value) return [c.value];
      if (label.startsWith(c.value) || label.startsWith(c.value.replace(/_/g, ' '))) return [label];
      return [c.value, el('small', {}, label)];
    }

    function question(data) {
      const q = data.question;
      const form = el('form', { class: 'question', dataset: { key: q.key, kind: q.kind }, novalidate: true });
      form.append(el('h2', { id: 'q-text' }, q.text));
      if (q.help) form.append(el('p', { class: 'help' }, q.help));
      const errText = [data.error, ...(data.errors || []).map((e) => (e.field ? e.field + ': ' : '') + e.message)]
        .filter(Boolean).join('\n');
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
        if (q.kind === 'yes_no') choices = [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];
        if (small) choices = Array.from({ length: q.max - q.min + 1 }, (_, i) => ({ value: String(q.min + i), label: String(q.min + i) }));
        const grid = el('div', { class: 'choices' + (choices.length <= 2 ? ' few' : '') + layout, role: 'group', 'aria-labelledby': 'q-text' });
        for (const c of choices)
          grid.append(el('button', {
            type: 'button', class: 'choice' + (c.value === q.preset ? ' preset' : ''), dataset: { value: c.value },
            onclick: () => choose(c.value),
          }, ...face(c, q.layout)));
        if (q.optional && !q.preset) grid.append(el('button', { type: 'button', class: 'choice', dataset: { value: '' }, onclick: () => choose('') }, 'none'));
        form.append(grid);
        if (q.preset) next = el('button', { type: 'button', class: 'primary', onclick: () => choose('') }, 'Next (' + q.preset + ')');
        if (listed) {
          // another number than those listed
          const other = numberInput(q, 'another value', null, false);
          form.append(other.box);
          form.addEventListener('submit', (ev) => { ev.preventDefault(); if (other.value() !== '') choose(other.value()); });
          if (!next) next = el('button', { type: 'submit', class: 'primary' }, 'Next');
        }
      } else if (q.kind === 'choices') {
        const on = new Set(q.preset ? q.preset.split(',') : []);
        const grid = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'q-text' });
        for (const c of q.choices) {
          const b = el('button', {
            type: 'button', class: 'choice' + (on.has(c.value) ? ' on' : ''), 'aria-pressed': on.has(c.value) ? 'true' : 'false',
            dataset: { value: c.value },
          }, ...face(c));
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
        next = el('button', { type: 'submit', class: 'primary' }, 'Next');
        form.addEventListener('submit', (ev) => {
          ev.preventDefault();
          const picked = q.choices.map((c) => c.value).filter((v) => on.has(v));
          choose(picked.join(','));
        });
      } else if (numeric) {
        const num = numberInput(q, q.preset || (q.optional ? 'none' : ''), (v) => choose(v));
        form.append(num.box);
        next = el('button', { type: 'submit', class: 'primary' }, 'Next');
        form.addEventListener('submit', (ev) => { ev.preventDefault(); choose(num.value()); });
        setTimeout(() => num.input.focus(), 0);
      } else {
        const input = el('input', {
          id: 'q-input', name: q.key, autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
          inputmode: 'text',
          placeholder: q.preset || (q.optional ? 'none' : ''), 'aria-labelledby': 'q-text', 'aria-describedby': 'q-err',
        });
        form.append(input);
        next = el('button', { type: 'submit', class: 'primary' }, 'Next');
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
        const t = input.value.trim().replace(',', '.');
        if (!other || t === '' || q.complement === null) return input.value.trim();
        const x = Number(t);
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
        const t = input.value;
        if (other || q.kind !== 'int' || limit === null || limit === undefined || !/^[0-9]+$/.test(t)) return false;
        const v = Number(t);
        return v <= limit && (v * 10 > limit || (t === '0' && limit > 0));
      };
      input.addEventListener('input', update);
      if (q.complement !== null && q.complement !== undefined) {
        const sw = el('button', { type: 'button', class: 'complement', id: 'q-complement', 'aria-pressed': 'false' },
          'Type ' + (q.complement_text || 'the other side') + ' instead');
        sw.addEventListener('click', () => {
          other = !other;
          sw.setAttribute('aria-pressed', other ? 'true' : 'false');
          sw.classList.toggle('on', other);
          input.placeholder = other ? (q.complement_text || 'the other side') : placeholder;
          update();
          input.focus();
        });
        box.append(sw);
      }
      box.append(input);
      if (q.complement !== null && q.complement !== undefined) box.append(shown);
      const pad = el('div', { class: 'keypad', role: 'group', 'aria-label': 'keypad' });
      const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', decimals ? '.' : (q.min !== null && q.min < 0 ? '−' : ''), '0', '⌫'];
      for (const k of keys) {
        if (!k) { pad.append(el('span')); continue; }
        pad.append(el('button', {
          type: 'button', class: 'key', dataset: { key: k }, 'aria-label': k === '⌫' ? 'delete' : k,
          onclick: () => {
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
      sec.append(el('h2', {}, edit ? 'Hand ' + data.no + ', changed' : 'Hand ' + data.no),
        el('p', { class: 'words', id: 'preview-words' }, p.words || 'this hand'));
      const t = el('table', { class: 'deltas' },
        el('thead', {}, el('tr', {}, el('th', {}), el('th', { class: 'num' }, 'hand'), el('th', { class: 'num' }, 'total'))));
      const tb = el('tbody');
      for (const s of p.sides) {
        const cls = s.delta.startsWith('+') ? 'up' : s.delta.startsWith('-') ? 'down' : '';
        tb.append(el('tr', {}, el('th', {}, s.name), el('td', { class: 'num ' + cls }, s.delta), el('td', { class: 'num' }, s.total)));
      }
      t.append(tb);
      sec.append(t);
      for (const n of p.notes) sec.append(el('p', { class: 'note' }, 'note: ' + n));
      const err = el('p', { class: 'err', role: 'alert' });
      const store = el('button', { type: 'button', class: 'primary store', id: 'store' }, edit ? 'Store the change' : 'Store this hand');
      store.addEventListener('click', async () => {
        if (store.disabled) return;
        store.disabled = true;
        if (!key) key = newKey();
        try {
          const url = '/api/games/' + game + '/hands' + (edit ? '/' + edit : '');
          const { status, data: r } = await post(url, { answers, key });
          if (status === 401) return toLogin();
          if (status !== 200) { key = null; store.disabled = false; return showError(err, message(r, status)); }
          store.textContent = 'Stored';
          stored(r);
        } catch (e) {
          store.disabled = false;
          showError(err, 'no answer from the server (the hand may be stored: tap again, it is never stored twice): ' + e.message);
        }
      });
      sec.append(err, navBar(store));
      return sec;
    }

    // after a store: the answers kept for "same as last hand", the line of the next page with its Undo; with the
    // usual answers skipped, the next hand's questions at once (the game page is one tap away)
    function stored(r) {
      if (!edit) saved.set('marque-last-' + game, { no: r.no, answers: kept() });
      flash('Hand ' + r.no + (edit ? ' changed: ' : ' stored: ') + (r.words || ''), edit ? null : game);
      location.assign('/game/' + game + (quick && !edit && !r.result ? '/hand' : ''));
    }

    // The fast paths, offered before the first answer: the previous hand's answers, a redeal, the usual answers
    // taken by themselves.
    function fastBar(data) {
      if (edit || userAnswered) return null;
      const bar = el('div', { class: 'fast', role: 'group', 'aria-label': 'fast entry' });
      const last = saved.get('marque-last-' + game);
      if (last && last.no === data.no - 1 && Array.isArray(last.answers) && !pending)
        bar.append(el('button', {
          type: 'button', class: 'button', id: 'same',
          onclick: () => { pending = last.answers; userAnswered = true; answers = []; step(); },
        }, 'Same as last hand'));
      if (data.redeal) {
        const err = el('p', { class: 'err', role: 'alert' });
        const b = el('button', { type: 'button', class: 'button', id: 'redeal' }, 'Redeal');
        b.addEventListener('click', () => twoTaps(b, 'Tap again to store a redeal', async () => {
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
        title: 'answer every question that has a usual answer by itself (tap an answer in the list to change it)' },
      quick ? '✓ Usual answers skipped' : 'Skip the usual answers');
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
      heading.textContent = (edit ? 'Hand ' + data.no + ' again' : 'Hand ' + data.no) + (data.dealer ? ' · dealer ' + data.dealer + (data.dealer === data.sitting_out ? ' (sits out)' : '') : '');
      const bar = data.question ? fastBar(data) : null;
      if (bar) root.append(bar);
      if (data.question) root.append(question(data));
      else if (data.complete) root.append(preview(data));
      else {
        const box = el('section', { class: 'preview' }, el('h2', {}, 'This hand cannot be stored as it is'));
        for (const e of data.errors || []) box.append(el('p', { class: 'err', role: 'alert' }, (e.field ? e.field + ': ' : '') + e.message));
        box.append(el('p', { class: 'help' }, 'Tap an answer below to change it, or go back.'), navBar(null));
        root.append(box);
      }
      // the answers so far under the question (the question stays at the top of a phone's screen)
      const tr = trail(data);
      if (tr) root.append(el('h2', { class: 'trail-title' }, 'Answers so far (tap one to change it)'), tr);
      window.scrollTo(0, 0);
      root.dataset.step = data.question ? data.question.key : data.complete ? 'preview' : 'refused';
    }

    step();
  }

  showFlash();
  const root = $('#entry');
  if (root) entry(root);
  watch();
})();
