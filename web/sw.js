// Chaupal's service worker: cache-first, with an explicit precache list, one cache per version.
//
// This file is a template: build.py writes dist/sw.js from it, replacing the two lines below with
// the content hash of the site (the cache version) and the list of every file of dist/ (relative
// URLs, so the site works under any sub-path). A new build gives a new version: the new worker
// fills a new cache and takes over at once (so that a reload gets the new version), but a page
// opened before it, and that page's bot worker, keep being served from their own version's cache
// until they are gone: a page that ran one version's code must never fetch another's files later
// (a game's zip, the bot worker's script, engine and Pyodide) in the middle of a game.
const CACHE_VERSION = "dev";
const PRECACHE = [];

const CACHE_PREFIX = "chaupal-";
const CACHE_NAME = CACHE_PREFIX + CACHE_VERSION;

// Which version served each client (a page or a dedicated worker; each has its own client id). A
// worker is stopped when idle and loses its memory, and each version's worker reads what the one
// before wrote, so the map is kept in a cache of its own: one entry per client, so that concurrent
// writes never race on a shared record. Its name lacks CACHE_PREFIX, so no version's clean-up takes it.
const CLIENTS_CACHE = "chaupal.clients";
// An entry outlives its client this long: a worker's entry is written when its script is fetched,
// before the worker is a client that clients.matchAll() lists, and a clean-up then must not drop it.
const ENTRY_GRACE_MS = 60000;
const known = new Map(); // client id -> version, what this instance has written or read

function entryKey(clientId) {
  return new Request(new URL("chaupal-client/" + encodeURIComponent(clientId), self.registration.scope).href);
}

async function remember(clientId, version) {
  known.set(clientId, version);
  const map = await caches.open(CLIENTS_CACHE);
  await map.put(entryKey(clientId), new Response(JSON.stringify({version, at: Date.now()})));
}

async function versionOf(clientId) {
  if (!clientId) return null;
  if (known.has(clientId)) return known.get(clientId);
  const hit = await (await caches.open(CLIENTS_CACHE)).match(entryKey(clientId));
  if (!hit) return null;
  const {version} = await hit.json();
  known.set(clientId, version);
  return version;
}

// Deletes each other version's cache that no live client uses, and the entries of clients gone. On
// activation, every such cache (a failed install's too); later (after a navigation), only those of
// versions that have served a client: a newer version may be filling its cache meanwhile.
async function cleanUp(activating) {
  const live = new Set((await self.clients.matchAll({includeUncontrolled: true, type: "all"}))
    .map((client) => client.id));
  const map = await caches.open(CLIENTS_CACHE);
  const used = new Set([CACHE_VERSION]);
  const served = new Set();
  for (const key of await map.keys()) {
    const id = decodeURIComponent(key.url.split("/").pop());
    const response = await map.match(key);
    const entry = response ? await response.json() : {version: null, at: 0};
    served.add(entry.version);
    if (live.has(id)) {
      used.add(entry.version);
    } else if (Date.now() - entry.at > ENTRY_GRACE_MS) {
      known.delete(id);
      await map.delete(key);
    }
  }
  const names = await caches.keys();
  await Promise.all(names
    .filter((name) => name.startsWith(CACHE_PREFIX))
    .filter((name) => !used.has(name.slice(CACHE_PREFIX.length)) &&
                      (activating || served.has(name.slice(CACHE_PREFIX.length))))
    .map((name) => caches.delete(name)));
}

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
    // Clients that no worker has seen navigate (a first visit, loaded from the network while this
    // version installed) belong to this version: they are claimed below.
    for (const client of await self.clients.matchAll({includeUncontrolled: true, type: "all"})) {
      if (await versionOf(client.id) === null) await remember(client.id, CACHE_VERSION);
    }
    await cleanUp(true);
    await self.clients.claim();
  })());
});

// The cache of the client's version; this version's for a navigation (a reload gets the newest
// version), and for a client of unknown version or whose version's cache is gone.
async function cacheFor(version) {
  const name = CACHE_PREFIX + version;
  if (version !== null && version !== CACHE_VERSION && await caches.has(name)) return caches.open(name);
  return caches.open(CACHE_NAME);
}

async function respond(request, version) {
  const navigate = request.mode === "navigate";
  const cache = await cacheFor(version);
  // Pages: play.html?game=x#save is the cached play.html (the fragment never reaches us).
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

const quietly = (promise) => promise.catch(() => {}); // bookkeeping never fails a response

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const navigate = request.mode === "navigate";
  const version = navigate ? Promise.resolve(CACHE_VERSION) : versionOf(event.clientId).catch(() => null);
  // A navigation's resultingClientId is the new page; a dedicated worker's script request (clientId:
  // the page that starts it) carries the worker's id (so do Chromium, Firefox and WebKit), and the
  // worker's own requests then carry that id: the worker gets its page's version. (waitUntil is
  // called here, during the event, as every engine allows.)
  if (event.resultingClientId) {
    event.waitUntil(quietly(version.then((v) => remember(event.resultingClientId, v === null ? CACHE_VERSION : v))));
  }
  if (navigate) event.waitUntil(quietly(cleanUp(false)));
  event.respondWith(version.then((v) => respond(request, v)));
});

// A page asks which version it runs and which is the newest (web/sw-register.js): if they differ,
// it offers a reload.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "version" || !event.ports[0]) return;
  event.waitUntil((async () => {
    const mine = event.source ? await versionOf(event.source.id) : null;
    event.ports[0].postMessage({mine: mine === null ? CACHE_VERSION : mine, newest: CACHE_VERSION});
  })());
});
