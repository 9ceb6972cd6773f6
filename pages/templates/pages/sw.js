// Pokéguess's service worker (pages/app.py): the static files of the page shell, kept
// as they are fetched (their names carry a hash of their content, so a kept copy is
// never stale), and an offline page in the visitor's language. Pages and API answers
// always come from the network: they change every day and differ from player to player.
const CACHE = "pokeguess-shell-v1";
const STATIC_URL = {{ static_url|safe }};
const OFFLINE_PAGES = {{ offline_pages|safe }};
const DEFAULT_LANGUAGE = {{ default_language|safe }};

function offlinePage(url) {
  const prefix = url.pathname.split("/")[1];
  return OFFLINE_PAGES[prefix] || OFFLINE_PAGES[DEFAULT_LANGUAGE];
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(OFFLINE_PAGES[DEFAULT_LANGUAGE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function keptOrFetched(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function pageOrOffline(event, url) {
  const offline = offlinePage(url);
  try {
    const response = await fetch(event.request);
    // This language's offline page, kept for a later visit without a network.
    event.waitUntil(
      caches
        .open(CACHE)
        .then(async (cache) => (await cache.match(offline)) || cache.add(offline))
        .catch(() => undefined),
    );
    return response;
  } catch (error) {
    const kept = (await caches.match(offline)) || (await caches.match(OFFLINE_PAGES[DEFAULT_LANGUAGE]));
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC_URL)) {
    event.respondWith(keptOrFetched(request));
  } else if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(event, url));
  }
  // Anything else (the API above all) is left to the browser and the network.
});
