// The room screen of a tournament (/tournament/ID/room, a TV in the hall): its slides (the tables, where each one
// sits, the ranking) shown in turn, each a screenful at a time, and the round's clock. No control: it runs by
// itself. The page's content is refreshed live by app.js (the whole <main> replaced on a change): the slide shown
// stays, its pages are measured again. ?every=SECONDS sets how long a screenful stays (default 12).
'use strict';
(function () {
  // the page's words in its language (the club's: app.js, loaded first, says them)
  const t = window.marque ? window.marque.t : (id, english) => english;
  const every = Math.min(120, Math.max(2, Number(new URLSearchParams(location.search).get('every')) || 12)) * 1000;
  let at = 0;        // the screenful shown: its index in screens()
  let kind = '';     // the slide it belongs to, kept across a refresh
  let page = 0;      // its page within that slide

  // every screenful: [slide, its items on that page]; a slide with no items is one screenful
  function screens() {
    const out = [];
    for (const slide of document.querySelectorAll('.room-slide')) {
      for (const s of document.querySelectorAll('.room-slide')) s.hidden = s !== slide;
      const items = Array.from(slide.querySelectorAll('[data-item]'));
      items.forEach((i) => { i.hidden = false; });
      if (!items.length) { out.push([slide, [], 0]); continue; }
      const foot = document.querySelector('footer');
      const top = items[0].getBoundingClientRect().top;
      const after = slide.getBoundingClientRect().bottom - items[items.length - 1].getBoundingClientRect().bottom;
      // the height the items may take: the screen less what is above them, under them and the footer (and a line
      // for "page 1 of 2")
      const room = window.innerHeight - (foot ? foot.offsetHeight : 0) - top - after - window.innerHeight * 0.05;
      let start = top, pageItems = [], n = 0;
      for (const i of items) {
        const box = i.getBoundingClientRect();
        if (pageItems.length && box.bottom - start > room && box.top > start) {
          out.push([slide, pageItems, n++]);
          pageItems = [];
          start = box.top;
        }
        pageItems.push(i);
      }
      out.push([slide, pageItems, n]);
    }
    return out;
  }

  function show(list, i) {
    if (!list.length) return;
    at = ((i % list.length) + list.length) % list.length;
    const [slide, items, n] = list[at];
    kind = slide.dataset.slide;
    page = n;
    for (const s of document.querySelectorAll('.room-slide')) s.hidden = s !== slide;
    for (const it of slide.querySelectorAll('[data-item]')) it.hidden = !items.includes(it);
    const pages = list.filter((x) => x[0] === slide).length;
    let mark = slide.querySelector('.room-page');
    if (!mark) {
      mark = document.createElement('p');
      mark.className = 'room-page';
      slide.appendChild(mark);
    }
    mark.textContent = pages > 1 ? t('web.rjs.page', 'page {n} of {all}', { n: String(n + 1), all: String(pages) }) : '';
    document.body.dataset.slide = kind;
    document.body.dataset.page = String(n);
  }

  // the same slide and page again after the content changed (or the first one it still has)
  function again() {
    const list = screens();
    let i = list.findIndex((x) => x[0].dataset.slide === kind && x[2] === page);
    if (i < 0) i = list.findIndex((x) => x[0].dataset.slide === kind);
    show(list, i < 0 ? 0 : i);
  }

  function clock() {
    const c = document.querySelector('.room-clock[data-ends]');
    if (!c) return;
    const left = Math.round((Date.parse(c.dataset.ends) - Date.now()) / 1000);
    const ends = new Date(c.dataset.ends);
    const hhmm = ends.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
    if (left <= 0) { c.textContent = t('web.rjs.time_up', 'time is up ({time})', { time: hhmm }); c.classList.add('over'); return; }
    const m = Math.floor(left / 60), s = left % 60;
    c.textContent = t('web.rjs.ends', 'ends at {time} · {left} left', { time: hhmm, left: m + ':' + String(s).padStart(2, '0') });
  }

  function start() {
    show(screens(), 0);
    clock();
    setInterval(clock, 1000);
    setInterval(() => show(screens(), at + 1), every);
    // app.js replaces <main> on a change: keep the slide shown
    new MutationObserver((changes) => {
      if (changes.some((c) => Array.from(c.addedNodes).some((n) => n.id === 'main'))) { again(); clock(); }
    }).observe(document.body, { childList: true });
    addEventListener('resize', again);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
