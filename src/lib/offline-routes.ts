// What the storefront's service worker (src/sw/service-worker.ts) keeps for a reopen without network
// (issue 42); the page reads the cache names too. No imports: it is bundled into the worker.

/** The service worker's caches (Cache Storage), named here so a sign-out can drop the customer's. */
export const OFFLINE_CACHES = {
  pages: "savat-pages",
  api: "savat-api",
  images: "savat-images",
  assets: "savat-assets",
} as const;

/** The API's reads a reopen without network shows: the menu, the brand's content, the customer's orders. */
const KEPT_READS: readonly RegExp[] = [
  /^\/api\/products\/v1\/overalls$/,
  /^\/api\/support\/v1\/(?:extra-pages|company\/policies|banner|brand\/catalog|merchant\/settings\/web)(?:\/|$)/,
  /^\/api\/notifications\/v2\/stories$/,
  /^\/api\/orders\/v1\/merchant\/settings$/,
  // The customer's orders: a list, the active ones, one order (the API client strips its markers).
  /^\/api\/orders\/v1\/orders\/user\/[^/]+(?:\/active)?$/,
  /^\/api\/orders\/v1\/orders\/[0-9a-f-]{36}$/,
  /^\/api\/users\/v1\/(?:merchants\/sub|city-merchant\/merchant|branches)(?:\/|$)/,
  /^\/api\/users\/v1\/users\/me$/,
];

/** True for a read the service worker answers from its cache when the network fails. */
export function isKeptRead(url: URL): boolean {
  if (url.origin !== globalThis.location.origin || url.pathname.endsWith("/events")) return false;
  return KEPT_READS.some((pattern) => pattern.test(url.pathname));
}

/** The storefront's own pages: not the staff console, the API, nor the providers' (demo) pages. */
export function isStorefrontPage(url: URL): boolean {
  if (url.origin !== globalThis.location.origin) return false;
  return !/^\/(?:staff|api|payments)(?:\/|$)/.test(url.pathname) && !/\.[a-z0-9]+$/i.test(url.pathname);
}
