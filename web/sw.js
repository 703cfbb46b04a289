// Chaupal's service worker: cache-first, with an explicit precache list.
//
// This file is a template: build.py writes dist/sw.js from it, replacing the two lines below with
// the content hash of the site (the cache version) and the list of every file of dist/ (relative
// URLs, so the site works under any sub-path). A new build gives a new version: the new worker
// fills a new cache, takes over at once, and deletes the old caches.
const CACHE_VERSION = "dev";
const PRECACHE = [];

const CACHE_PREFIX = "chaupal-";
const CACHE_NAME = CACHE_PREFIX + CACHE_VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    // "no-cache": revalidate with the server (a cheap 304 when the browser already has the file),
    // so that a stale copy in the HTTP cache never lands in a new version's cache.
    await cache.addAll(PRECACHE.map((url) => new Request(url, {cache: "no-cache"})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

async function respond(request) {
  const cache = await caches.open(CACHE_NAME);
  // Pages: play.html?game=x#save is the cached play.html (the fragment never reaches us).
  const navigate = request.mode === "navigate";
  const hit = await cache.match(request, {ignoreSearch: navigate});
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    // Offline: a cached file asked for with a query string is still that file.
    const fallback = await cache.match(request, {ignoreSearch: true});
    if (fallback) return fallback;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});
