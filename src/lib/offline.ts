import { useSyncExternalStore } from "react";
import { OFFLINE_CACHES } from "./offline-routes.ts";

// The page's side of the offline reopen (issue 42): registering the service worker (src/sw), dropping
// what it kept of the customer at sign-out, and knowing the browser is offline.

/**
 * On the first visit the page's files and reads came before the worker took it: the code and
 * pictures it used are put in the worker's caches from the browser's own cache (no download), and
 * `refetch` asks the reads again through the worker (the HTTP cache's validators make that cheap).
 */
function keepFirstVisit(refetch: () => void): void {
  const used = new Set(
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin)
      .map((url) => url.href),
  );
  const assets = [...used].filter((href) => new URL(href).pathname.startsWith("/assets/"));
  const images = [...used].filter((href) => /\.(?:svg|png|jpe?g|webp|avif)$|\/image\?/i.test(href));
  const keep = async (name: string, urls: string[]) => {
    const cache = await caches.open(name);
    await Promise.all(urls.map((url) => cache.add(url).catch(() => undefined)));
  };
  void Promise.all([keep(OFFLINE_CACHES.assets, assets), keep(OFFLINE_CACHES.images, images)]).catch(
    () => undefined,
  );
  refetch();
}

/**
 * Registers the service worker of the built storefront (dist/sw.js), once the page has loaded so
 * it never competes with the first screen. The development server has none.
 */
export function registerServiceWorker(refetch: () => void): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener(
      "controllerchange",
      () => {
        keepFirstVisit(refetch);
      },
      { once: true },
    );
  }
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // A browser that refuses (a private window, a host without service workers) works as before.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Drops what the service worker kept of the customer (orders, profile) at sign-out. */
export async function dropKeptReads(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(OFFLINE_CACHES.api).catch(() => false);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** False while the browser says it has no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
