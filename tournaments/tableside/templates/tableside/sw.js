// The table pages' service worker (scope /t/): a table page opens and takes results with no network at all,
// even after the phone was restarted. Results themselves are never touched here: the page keeps its own queue
// (localStorage) and posts it when the network is back, each result with its client id, so each is stored once.
//
// Kept in the cache: the static files (served from the cache at once, refreshed behind), and each table page
// with its last state (from the network while there is one, from the cache when there is none). The page asks
// for its own two addresses to be kept as soon as the worker is ready (the first visit is not yet controlled).
"use strict";
const CACHE = "{{ cache_name }}";
const ASSETS = {{ assets|safe }};
const PAGE = /^\/t\/[^/]+\/$/;
const STATE = /^\/api\/table\/[^/]+\/$/;
const CATALOGUE = "{{ catalogue }}"; // the page's words in its language (?l=fr): kept per language, like a page

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = (key) => key.startsWith("bridgedesk-table-") && key !== CACHE;
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter(old).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

function ours(path) {
  return PAGE.test(path) || STATE.test(path);
}

self.addEventListener("message", (event) => {
  const keep = (event.data && Array.isArray(event.data.keep)) ? event.data.keep : [];
  const paths = keep.map((u) => new URL(u, self.location.origin))
    .filter((u) => u.origin === self.location.origin && (ours(u.pathname) || u.pathname === CATALOGUE))
    .map((u) => u.pathname === CATALOGUE ? u.pathname + u.search : u.pathname);
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(paths.map((path) =>
    fetch(path, { credentials: "same-origin", cache: "no-store" })
      .then((response) => response.status === 200 ? cache.put(path, response) : undefined)
      .catch(() => undefined)
  ))));
});

async function networkFirst(request, path) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(path, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(path, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request, path) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(path, { ignoreVary: true });
  const fresh = fetch(request).then((response) => {
    if (response.status === 200) cache.put(path, response.clone());
    return response;
  });
  if (kept) { fresh.catch(() => undefined); return kept; }
  return fresh;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (ours(url.pathname)) event.respondWith(networkFirst(request, url.pathname));
  else if (url.pathname === CATALOGUE) event.respondWith(networkFirst(request, url.pathname + url.search));
  else if (ASSETS.includes(url.pathname)) event.respondWith(cacheFirst(request, url.pathname));
});
