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

  // A refused value stays in its field, marked until it is changed (aria-invalid: the style sheet marks it too).
  function markInvalid(field) {
    if (!field) return;
    field.setAttribute('aria-invalid', 'true');
    field.addEventListener('input', () => field.removeAttribute('aria-invalid'), { once: true });
  }

  function toLogin() { location.assign('/login?next=' + encodeURIComponent(location.pathname)); }

  // ---- a line for the next page ("Hand 4 stored: ...") -------------------------------------------------------
  function flash(text) {
    try { sessionStorage.setItem('marque-flash', text); } catch (e) { /* private mode: no line */ }
  }
  function showFlash() {
    let text = null;
    try { text = sessionStorage.getItem('marque-flash'); sessionStorage.removeItem('marque-flash'); } catch (e) { return; }
    const main = $('main');
    if (!text || !main) return;
    const h1 = $('h1', main);
    const p = el('p', { class: 'result flash', role: 'status' }, '✓ ' + text);
    if (h1) h1.after(p); else main.prepend(p);
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
      if (status !== 200) { form.dataset.key = ''; markInvalid($('input', form)); return showError(err, message(data, status)); }
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
    // the value last given to a question, shown again in its field when the question comes back: refused (marked,
    // to be corrected, not retyped), or an answer taken back to be changed
    let kept = null;  // {key, value, refused}
    let refusedFields = [];  // the fields a refused hand's messages name: their chips are marked

    async function step(typed) {
      if (busy) return;
      busy = true;
      root.classList.add('busy');
      try {
        const body = { answers };
        if (typed !== undefined) body.typed = typed;
        if (edit) body.edit = edit;
        const asked = typed !== undefined && root.dataset.step;
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
        render(data);
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
          type: 'button', title: 'change this answer', dataset: { key: k },
          'aria-invalid': names(refusedFields, k) ? 'true' : null,
          onclick: () => { takeBack(i); step(); },
        }, trailWords[i] || k + ': ' + (v === '' ? 'none' : v))));
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
      step();
    }

    function navBar(next) {
      const nav = el('div', { class: 'nav' }, el('button', { type: 'button', class: 'back', onclick: back }, '← Back'));
      if (next) nav.append(next);
      return nav;
    }

    // A choice's button: its value, and its label under it when the label says more ("Ann" / "elder"); a label
    // that begins with the value ("N — Nina", "garde sans ×4" for garde_sans) is the whole text.
    function face(c) {
      const label = c.label || '';
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
      const again = kept && kept.key === q.key ? kept : null;
      kept = null;
      const refused = again && again.refused;
      const err = el('p', { class: 'err', role: 'alert', id: 'q-err' }, errText);
      const choose = (value) => step(value);
      let next = null;

      const small = (q.kind === 'int') && q.min !== null && q.max !== null && q.max - q.min <= 13;
      if (q.kind === 'player' || q.kind === 'choice' || q.kind === 'yes_no' || small) {
        let choices = q.choices;
        if (q.kind === 'yes_no') choices = [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];
        if (small) choices = Array.from({ length: q.max - q.min + 1 }, (_, i) => ({ value: String(q.min + i), label: String(q.min + i) }));
        const grid = el('div', { class: 'choices' + (choices.length <= 2 ? ' few' : ''), role: 'group', 'aria-labelledby': 'q-text' });
        for (const c of choices)
          grid.append(el('button', {
            type: 'button', class: 'choice' + (c.value === q.preset ? ' preset' : ''), dataset: { value: c.value },
            'aria-invalid': refused && again.value === c.value ? 'true' : null,
            onclick: () => choose(c.value),
          }, ...face(c)));
        if (q.optional && !q.preset) grid.append(el('button', { type: 'button', class: 'choice', dataset: { value: '' }, onclick: () => choose('') }, 'none'));
        form.append(grid);
        if (q.preset) next = el('button', { type: 'button', class: 'primary', onclick: () => choose('') }, 'Next (' + q.preset + ')');
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
      } else {
        const numeric = q.kind === 'int' || q.kind === 'number';
        const input = el('input', {
          id: 'q-input', name: q.key, autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
          inputmode: numeric ? (q.kind === 'int' && (q.min === null || q.min >= 0) ? 'numeric' : 'decimal') : 'text',
          placeholder: q.preset || (q.optional ? 'none' : ''), 'aria-labelledby': 'q-text', 'aria-describedby': 'q-err',
        });
        if (again) input.value = again.value;
        if (refused) markInvalid(input);
        form.append(input);
        next = el('button', { type: 'submit', class: 'primary' }, 'Next');
        form.addEventListener('submit', (ev) => { ev.preventDefault(); choose(input.value); });
        setTimeout(() => input.focus(), 0);
      }
      form.append(err, navBar(next));
      return form;
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
          if (status !== 200) {
            key = null;
            store.disabled = false;
            // the answers a refusal names are marked: tapping one brings its value back to be changed
            refusedFields = fieldsOf(r);
            for (const b of root.querySelectorAll('ol.trail button'))
              if (names(refusedFields, b.dataset.key)) b.setAttribute('aria-invalid', 'true');
            return showError(err, message(r, status));
          }
          store.textContent = 'Stored';
          flash('Hand ' + r.no + (edit ? ' changed: ' : ' stored: ') + (r.words || ''));
          location.assign('/game/' + game);
        } catch (e) {
          store.disabled = false;
          showError(err, 'no answer from the server (the hand may be stored: tap again, it is never stored twice): ' + e.message);
        }
      });
      sec.append(err, navBar(store));
      return sec;
    }

    function render(data) {
      clear();
      heading.textContent = (edit ? 'Hand ' + data.no + ' again' : 'Hand ' + data.no) + (data.dealer ? ' · dealer ' + data.dealer + (data.dealer === data.sitting_out ? ' (sits out)' : '') : '');
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
      flash('Game ' + data.game + ' started');
      location.assign(data.next);
    } catch (e) {
      showError(err, 'no answer from the server (the game may be started: tap again, it is never started twice): ' + e.message);
    } finally {
      button.disabled = false;
    }
  });

  showFlash();
  const root = $('#entry');
  if (root) entry(root);
  watch();
})();
