// The storefront's service worker (issue 42, offline reopen): a customer who opens the brand again
// without a network sees the page, the last menu and their orders, with the app's "offline" notice,
// instead of the browser's error page. Built on its own by scripts/build-sw.ts into dist/sw.js.
//
// - The storefront's code and styles are precached at install, all but the map's large chunks
//   (scripts/build-sw.ts), which are kept once used. Hashed names never change: the cache answers first.
// - Pages and the API's reads ask the network first and fall back to what was kept: online, the
//   customer always gets the deployed page and live data (a new version is taken on the next open,
//   as the app's deploy detection does; this worker never takes over mid-visit with skipWaiting).
// - Reads are kept per brand (the `merchant` header is part of the key): a development host may
//   serve several brands on one origin.
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { OFFLINE_CACHES, isKeptRead, isStorefrontPage } from "../lib/offline-routes.ts";

declare const self: ServiceWorkerGlobalScope & { __SAVAT_PRECACHE__: { url: string; revision: null }[] };

cleanupOutdatedCaches();
precacheAndRoute(self.__SAVAT_PRECACHE__);
// The first visit's later requests (the page registers this worker after it loaded) are kept too,
// and so is its page, which came before the worker: a reopen without network right after the first
// visit finds it. The page asks its reads once more when it is first controlled (src/lib/offline.ts).
clientsClaim();
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const pages = await caches.open(OFFLINE_CACHES.pages);
      await Promise.all(
        windows
          .filter((client) => isStorefrontPage(new URL(client.url)))
          .map((client) => pages.add(client.url).catch(() => undefined)),
      );
    })(),
  );
});

const byBrand = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) =>
    `${request.url}#merchant=${request.headers.get("merchant") ?? ""}`,
};

registerRoute(
  ({ request, url }) => request.mode === "navigate" && isStorefrontPage(url),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.pages,
    // The page varies by language and encoding; the kept one is the last this device was sent.
    matchOptions: { ignoreVary: true },
    // A line that answers nothing for this long is treated as none: the kept page shows.
    networkTimeoutSeconds: 6,
    plugins: [
      new ExpirationPlugin({ maxEntries: 30 }),
      // A page never visited before (an order's link opened offline) gets the last kept one: the
      // app's router draws the asked address from it.
      {
        handlerDidError: async () => {
          const cache = await caches.open(OFFLINE_CACHES.pages);
          const keys = await cache.keys();
          const home = keys.find((key) => new URL(key.url).pathname === "/") ?? keys.at(-1);
          return home ? cache.match(home) : undefined;
        },
      },
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.method === "GET" && isKeptRead(url),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.api,
    matchOptions: { ignoreVary: true },
    plugins: [byBrand, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ request, url }) => url.origin === self.location.origin && request.destination === "image",
  // Kept pictures show at once and are refreshed behind: a logo replaced under its name comes back.
  new StaleWhileRevalidate({
    cacheName: OFFLINE_CACHES.images,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.assets,
    plugins: [new ExpirationPlugin({ maxEntries: 150 })],
  }),
);
