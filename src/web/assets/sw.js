// marque serve: the service worker (served as /sw.js, scope /; only in a secure context: HTTPS, or localhost).
//  - the app shell (script, style sheet, icon, manifest) is kept when installed; an asset is answered from the
//    cache first (its address carries the assets' version);
//  - a page is asked of the network first and a copy kept with the time it was saved; when the network is down the
//    copy is answered, marked (data-offline-saved on <body>) so that the page says it is offline and since when;
//  - never cached: the API (writes and entry steps), the login, the event stream.
// The hands entered while the network is down are kept by app.js (localStorage), not here: that works without a
// worker too (a phone on http://192.168.x.y).
'use strict';
const VERSION = '@VERSION@';  // the assets' version, put in by the server
const SHELL = 'marque-shell-' + VERSION;
const PAGES = 'marque-pages';
const SHELL_FILES = ['app.js', 'style.css', 'icon.svg'].map((f) => '/assets/' + f + '?v=' + VERSION)
  .concat(['/manifest.webmanifest']);
const NEVER = /^\/(api|events|login|logout|language|sw\.js)(\/|$)/;

self.addEventListener('install', (ev) => {
  ev.waitUntil(caches.open(SHELL).then((c) => c.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('marque-shell-') && k !== SHELL).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// a page's address as its copy is kept: path and query, never the fragment
const pageKey = (url) => url.origin + url.pathname + url.search;

async function keep(url, r) {
  const type = r.headers.get('Content-Type') || '';
  if (!r.ok || r.redirected || !type.startsWith('text/html')) return;
  const headers = new Headers(r.headers);  // its Content-Security-Policy too
  headers.delete('Content-Length');  // the copy answered offline is marked: its length changes
  headers.set('X-Marque-Saved', new Date().toISOString());
  const copy = new Response(await r.clone().text(), { status: 200, headers });
  await (await caches.open(PAGES)).put(pageKey(url), copy);
}

// the words of the page below in the language of the last page seen (app.js sends them: this script has no
// catalogue of its own), English until then
const WORDS = '/offline-words';
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

async function savedCopy(url) {
  const pages = await caches.open(PAGES);
  const hit = await pages.match(pageKey(url));
  if (!hit) {
    let w = {};
    try { w = await (await pages.match(WORDS)).json(); } catch (e) { /* none yet: English */ }
    const say = (k, english) => esc(w[k] || english);
    return new Response(
      '<!doctype html>\n<html lang="' + say('lang', 'en') + '"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>' + say('title', 'Offline') + ' · marque</title>' +
      '<link rel="stylesheet" href="/assets/style.css?v=' + VERSION + '"></head><body class="page-message">' +
      '<main><h1>' + say('title', 'Offline') + '</h1><p class="err">' + say('missing', 'This page was not saved on this phone, and the network is down.') + '</p>' +
      '<p>' + say('others', 'The pages opened while the network was up open without it.') + ' <a href="/">' + say('tables', 'The tables') + '</a></p></main></body></html>\n',
      { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'self'" } });
  }
  const when = hit.headers.get('X-Marque-Saved') || '';
  const text = (await hit.text()).replace('<body ', '<body data-offline-saved="' + when.replace(/[^0-9TZ:.-]/g, '') + '" ');
  return new Response(text, { status: 200, headers: hit.headers });
}

async function page(ev, req, url) {
  try {
    const r = await fetch(req);
    ev.waitUntil(keep(url, r).catch(() => {}));  // the copy is taken at once (r.clone()), kept meanwhile
    return r;
  } catch (e) {
    return savedCopy(url);
  }
}

async function asset(req) {
  const shell = await caches.open(SHELL);
  const hit = await shell.match(req);
  if (hit) return hit;
  try {
    const r = await fetch(req);
    if (r.ok) await shell.put(req, r.clone());
    return r;
  } catch (e) {
    // a saved page of an older version asks for its assets: today's do
    const any = await caches.match(req, { ignoreSearch: true });
    if (any) return any;
    throw e;
  }
}

self.addEventListener('fetch', (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (url.pathname.startsWith('/assets/') || url.pathname === '/manifest.webmanifest') ev.respondWith(asset(req));
  else if ((req.headers.get('Accept') || '').includes('text/html') || req.mode === 'navigate') ev.respondWith(page(ev, req, url));
});

// app.js asks for the pages a scorer may need offline (a table's entry page) to be saved ahead
self.addEventListener('message', (ev) => {
  const data = ev.data || {};
  if (Array.isArray(data.save)) {
    ev.waitUntil(Promise.all(data.save.slice(0, 20).map((path) => {
      const url = new URL(path, self.location.origin);
      if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return null;
      return fetch(url.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
        .then((r) => keep(url, r)).catch(() => {});
    })));
  }
  if (data.words && typeof data.words === 'object')
    ev.waitUntil(caches.open(PAGES).then((c) => c.put(WORDS, new Response(JSON.stringify(data.words)))));
  if (data.forget) ev.waitUntil(caches.delete(PAGES));
});
