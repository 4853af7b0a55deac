// marque serve: a tournament table on its phone (/t/CODE) and the organiser's page (/tournament/ID).
//  - who holds the phone: a tap on one's name among the seats (kept on the phone for that table);
//  - Submit, Confirm, Dispute (with a note), a slip of per-entrant totals with its sum shown, each a write with a
//    submission key (POST /api/t/CODE/...); the organiser's override and close-round (POST /api/tournaments/ID/...);
//  - the round clock counted down from the time the round was published.
'use strict';
(function () {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));
  // the page's words in its language (app.js, loaded first, says them)
  const t = window.marque ? window.marque.t : (id, english) => english;
  const csrf = () => { const m = $('meta[name="csrf-token"]'); return m ? m.content : ''; };
  const key = () => {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  };

  async function post(url, body) {
    const r = await fetch(url, {
      method: 'POST', credentials: 'same-origin', cache: 'no-store',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf() },
      body: JSON.stringify(Object.assign({ key: key() }, body)),
    });
    let data = {};
    try { data = await r.json(); } catch (e) { /* not JSON */ }
    return { status: r.status, data };
  }

  function say(text, bad) {
    const m = $('.table-msg');
    if (!m) return;
    m.textContent = text;
    m.classList.toggle('error', !!bad);
  }

  function refusal(data) {
    if (data && Array.isArray(data.errors) && data.errors.length)
      return data.errors.map((e) => (e.code ? e.code + ': ' : '') + e.message).join(' · ');
    return (data && data.error) || t('web.tjs.refused', 'refused');
  }

  // a number as typed on a phone: "12,5" is 12.5; "" is not a number
  function number(text) {
    const typed = String(text || '').trim().replace(',', '.').replace(/^\u2212/, '-');
    if (!/^[-+]?\d+(\.\d+)?$/.test(typed)) return null;
    return Number(typed);
  }

  // ---- the table phone --------------------------------------------------------------------------------------
  const table = $('.tourney-table');
  if (table) {
    const code = table.dataset.code;
    const whoKey = 'marque-table-who-' + code;
    const who = () => localStorage.getItem(whoKey) || '';

    function show() {
      const live = $('#table-live');
      const state = live ? live.dataset.state : 'open';
      const submitted = live ? live.dataset.submitted : '';
      const me = who();
      for (const b of $$('button.seat')) b.classList.toggle('me', b.dataset.who === me);
      const hint = $('.who-hint');
      if (hint) hint.hidden = !!me;
      const can = {
        submit: !!me && (state === 'open' || state === 'disputed'),
        confirm: !!me && state === 'submitted' && me !== submitted,
        dispute: !!me && state === 'submitted',
        slip: !!me && (state === 'open' || state === 'disputed'),
        enter: state === 'open' || state === 'disputed',
      };
      for (const [act, ok] of Object.entries(can))
        for (const e of $$('.act-' + act + ', .act-' + act + '-box')) e.hidden = !ok;
      const slip = $('details.slip');
      if (slip) slip.hidden = !can.slip;
    }

    function slipSum() {
      let sum = 0, all = true;
      for (const i of $$('.slip-points')) {
        const n = number(i.value);
        if (n === null) all = false; else sum += n;
      }
      const s = $('.slip-sum');
      if (s) {
        s.textContent = String(Math.round(sum * 1000) / 1000);
        s.classList.toggle('off', all && sum !== 0);
      }
    }

    document.addEventListener('click', async (ev) => {
      const seat = ev.target.closest('button.seat');
      if (seat) {
        localStorage.setItem(whoKey, seat.dataset.who);
        show();
        return;
      }
      const b = ev.target.closest('button[data-act]');
      if (!b) return;
      const act = b.dataset.act;
      const body = { by: who() };
      if (act === 'dispute') {
        body.note = ($('.dispute-note') || {}).value || '';
        if (!body.note.trim()) { say(t('web.tjs.say_wrong', 'Say what is wrong: the organiser reads it.'), true); return; }
      }
      if (act === 'slip') {
        body.points = {};
        for (const i of $$('.slip-points')) {
          const n = number(i.value);
          if (n === null) { say(t('web.tjs.each_seat', 'Each seat needs its total.'), true); i.focus(); return; }
          body.points[i.dataset.entrant] = i.value.trim().replace(',', '.');
        }
        const d = $('.slip-deals');
        if (d && d.value !== '') body.deals = Number(d.value);
      }
      b.disabled = true;
      try {
        const r = await post('/api/t/' + code + '/' + act, body);
        if (r.status === 200) {
          say({ submit: t('web.tjs.submitted', 'Submitted: a second player confirms it on their phone.'),
                confirm: t('web.tjs.confirmed', 'Confirmed.'), dispute: t('web.tjs.disputed', 'Disputed: the organiser is told.'),
                slip: t('web.tjs.slip', 'Slip submitted.') }[act]);
          location.reload();
        } else {
          say(refusal(r.data), true);
        }
      } catch (e) {
        say(t('web.tjs.no_answer', 'No answer from the server: try again.'), true);
      } finally {
        b.disabled = false;
      }
    });
    document.addEventListener('input', (ev) => { if (ev.target.closest('.slip-points')) slipSum(); });
    new MutationObserver(show).observe(table, { childList: true, subtree: true });
    show();
  }

  // ---- the organiser's page ---------------------------------------------------------------------------------
  const org = $('.organiser');
  if (org) {
    const event = org.dataset.event;
    document.addEventListener('click', async (ev) => {
      const o = ev.target.closest('button[data-override]');
      const c = ev.target.closest('button[data-close-round]');
      if (!o && !c) return;
      let r;
      if (o) {
        const box = o.closest('details');
        const body = { round: Number(org.dataset.round), table: Number(o.dataset.override),
                       reason: ($('.override-reason', box) || {}).value || '' };
        const points = {};
        let any = false;
        for (const i of $$('.slip-points', box)) if (i.value.trim()) { points[i.dataset.entrant] = i.value.trim().replace(',', '.'); any = true; }
        if (any) body.points = points;
        if (!body.reason.trim()) { say(t('web.tjs.reason', 'An override gives its reason.'), true); return; }
        r = await post('/api/tournaments/' + event + '/override', body);
      } else {
        r = await post('/api/tournaments/' + event + '/close-round', { round: Number(c.dataset.closeRound) });
      }
      if (r.status === 200) location.reload(); else say(refusal(r.data), true);
    });
  }

  // ---- the round clock ----------------------------------------------------------------------------------------
  function tick() {
    for (const c of $$('.clock[data-limit]')) {
      const end = Date.parse(c.dataset.published) + Number(c.dataset.limit) * 60000;
      const left = Math.round((end - Date.now()) / 1000);
      const s = $('.left', c);
      if (!s || Number.isNaN(end)) continue;
      if (left <= 0) { s.textContent = t('web.tjs.time_up', 'time is up: finish the deal in progress'); c.classList.add('over'); continue; }
      s.textContent = t('web.tjs.left', '{time} left', { time: Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') });
    }
  }
  tick();
  setInterval(tick, 1000);
})();
