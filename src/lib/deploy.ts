import { readLocal, readSession, writeLocal, writeSession } from "./storage.ts";

// Keeping a long-open storefront on the deployed build (spec sections 4, 8, 9):
// - a browser that stored another app version stores 2.2.7 and reloads once;
// - build-meta.json (about 1 s after start) and latest-build.json (polled) name the deployed build;
//   when it differs from the running one, the next navigation becomes a full page load;
// - a lazy chunk that fails to load (an old chunk removed by a deployment) reloads the page,
//   at most once per 10 s per path.

export const APP_VERSION = __APP_VERSION__;
export const BUILD_ID = __BUILD_ID__;
export const APP_VERSION_KEY = "savat:app-version";
export const FIRST_BUILD_CHECK_DELAY_MS = 1_000;
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const CHUNK_RELOAD_KEY = "savat:chunk-reload:";

/**
 * Stores the app version; true when the page must reload because another version was stored.
 * A first visit (nothing stored) or storage that cannot be written never reloads.
 */
export function checkAppVersion(): boolean {
  const stored = readLocal(APP_VERSION_KEY);
  if (stored === APP_VERSION) return false;
  const written = writeLocal(APP_VERSION_KEY, APP_VERSION);
  return stored !== null && written;
}

let newBuildSeen = false;

/** True once a newer deployment was noticed; the router then reloads on the next navigation. */
export function isNewBuildAvailable(): boolean {
  return newBuildSeen;
}

async function fetchBuildId(file: string, fetcher: typeof fetch): Promise<string | null> {
  try {
    const res = await fetcher(`/${file}`, { cache: "no-store", headers: { accept: "application/json" } });
    if (!res.ok) return null;
    const data = (await res.json()) as { buildId?: unknown };
    return typeof data.buildId === "string" ? data.buildId : null;
  } catch {
    return null;
  }
}

/** Compares a deployed build file with the running build; records a difference. */
export async function checkDeployedBuild(file: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  const deployed = await fetchBuildId(file, fetcher);
  if (deployed !== null && deployed !== BUILD_ID) newBuildSeen = true;
  return newBuildSeen;
}

/** Starts watching for deployments; returns a stop function. */
export function watchDeployments(): () => void {
  const first = window.setTimeout(
    () => void checkDeployedBuild("build-meta.json"),
    FIRST_BUILD_CHECK_DELAY_MS,
  );
  const poll = window.setInterval(() => {
    if (!newBuildSeen && document.visibilityState === "visible") void checkDeployedBuild("latest-build.json");
  }, BUILD_POLL_INTERVAL_MS);
  return () => {
    window.clearTimeout(first);
    window.clearInterval(poll);
  };
}

/** True when a chunk failure on `path` may reload now (and records the attempt). */
export function mayReloadForChunkError(path: string, now: number = Date.now()): boolean {
  const key = CHUNK_RELOAD_KEY + path;
  const stored = readSession(key);
  const last = stored === null ? Number.NaN : Number(stored);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  writeSession(key, String(now));
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch dynamically|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Reloads for a failed chunk when the guard allows; true when a reload was started. */
export function reloadForChunkError(): boolean {
  // Offline, a reload would only trade the screen for the browser's error page: the screen's
  // error boundary offers to try again instead.
  if (!navigator.onLine) return false;
  if (!mayReloadForChunkError(window.location.pathname)) return false;
  window.location.reload();
  return true;
}

/** Vite reports failed preloads of lazy chunks with this event. */
export function installChunkErrorReload(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
