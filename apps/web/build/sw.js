// The service worker, served at /sw.js with scope /. The build (build/service-worker.ts) fills in the
// two constants below. It keeps the shell (the offline page and the icons) and answers a page load
// that finds no network with the offline page, at the same address. Everything else goes to the
// network untouched: the API, the push socket, the providers' pages and frames, media, the build
// manifest (money and session answers never come from a cache), and the hashed assets, which the
// HTTP cache already keeps for a year (passing each chunk through here would only add a hop).
/* global self, caches, fetch, Request, URL */

const VERSION = '__BUILD_VERSION__';
/** The shell: the offline page and what it shows, the manifest and its icon. */
const PRECACHE = __PRECACHE__;

const SHELL_CACHE = `shell-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
/** Never answered here (pass-through). */
const NETWORK_ONLY = /^\/(api|sandbox|connection|media|builds|assets)(\/|$)|^\/sw\.js$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // Chromium's static routing: these paths skip this worker entirely (no start-up, no fetch event).
      if (typeof event.addRoutes === 'function') {
        const network = ['/api/*', '/sandbox/*', '/connection/*', '/media/*', '/builds/*', '/assets/*'];
        try {
          await event.addRoutes(network.map((urlPattern) => ({ condition: { urlPattern }, source: 'network' })));
        } catch {
          // an older Chromium: the fetch handler below passes these through instead
        }
      }
      const cache = await caches.open(SHELL_CACHE);
      // Fresh from the server, not from the HTTP cache: the offline page must be this build's.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
    })(),
  );
  // No skipWaiting here: a new build waits until the player chooses to reload (never mid-round).
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL_CACHE) await caches.delete(name);
      // The page that registered this worker gets its offline page from now on, not only after a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // The page's "Reload" button: this build takes over, then that page reloads.
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    // Only the site's own pages; frames (a provider's game) load as they would without this worker.
    if (request.destination === 'document') event.respondWith(page(request));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(shellFile(request));
});

/** Pages: always the network (a deploy shows at once); without one, the offline page at the same address. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

/** Shell files (the offline page's script, icons, manifest): the network, else the cached copy. */
async function shellFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}
