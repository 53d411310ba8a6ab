/**
 * The saved session of each brand: token, merchant, user, brand, order request, nearest branch
 * (spec section 3, "Stored session per brand"), kept in localStorage under `savat:<sub>:session`.
 *
 * Plain API, no React or jotai, for boot code, the platform login and the API client:
 *   getSession(sub)                 -> the brand's session (empty fields when none is stored)
 *   setSession(sub, patch | update) -> merges a patch (or applies an updater), stores, notifies
 *   getToken(sub)                   -> the bearer token or null
 *   clearSessionAuth(sub)           -> blanks token and user
 *   subscribeSession(sub, listener) -> called on every change, from this tab or another one
 *   clearStorageForLogout(sub)      -> the storage part of logout (spec section 4, steps 2-4)
 * Each is a jotai atom of the page's store (`brandSessionAtom`), read back through the zod
 * schemas of ./stored-schemas.ts; React code uses `sessionAtom` in ./session-atom.ts.
 */
import type { WritableAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { getCookie, deleteAllCookies, setCookie } from "../../lib/cookies.ts";
import { readLocal, readSession, storageKeys, writeLocal, writeSession } from "../../lib/storage.ts";
import { checkedStorage } from "./checked-storage.ts";
import type { BrandSession } from "./stored-schemas.ts";
import { appStore } from "../../lib/app-store.ts";

export type { BrandSession } from "./stored-schemas.ts";

export const EMPTY_SESSION: Readonly<BrandSession> = Object.freeze({
  token: null,
  merchant: null,
  user: null,
  brand: null,
  orderRequest: null,
  nearestBranch: null,
});

const PREFIX = "savat:";
const SUFFIX = ":session";

export function sessionKey(sub: string): string {
  return `${PREFIX}${sub}${SUFFIX}`;
}

/** The brand of a session key, or null for other keys. */
export function subOfSessionKey(key: string): string | null {
  return key.startsWith(PREFIX) && key.endsWith(SUFFIX) && key.length > PREFIX.length + SUFFIX.length
    ? key.slice(PREFIX.length, -SUFFIX.length)
    : null;
}

const storage = checkedStorage<BrandSession>((schemas, data, drop) => schemas.parseSession(data, drop));

type SessionAtom = WritableAtom<BrandSession, [BrandSession], void>;
const perBrand = new Map<string, SessionAtom>();

/** The saved session of one brand as jotai state (`savat:<sub>:session`). */
export function brandSessionAtom(sub: string): SessionAtom {
  let a = perBrand.get(sub);
  if (!a) {
    a = atomWithStorage<BrandSession>(sessionKey(sub), EMPTY_SESSION, storage, { getOnInit: true });
    perBrand.set(sub, a);
  }
  return a;
}

/** The brand's session as stored now. */
export function getSession(sub: string): BrandSession {
  return storage.getItem(sessionKey(sub), EMPTY_SESSION);
}

export function setSession(
  sub: string,
  change: Partial<BrandSession> | ((previous: BrandSession) => BrandSession),
): BrandSession {
  const previous = getSession(sub);
  const next = typeof change === "function" ? change(previous) : { ...previous, ...change };
  appStore().set(brandSessionAtom(sub), next);
  return next;
}

export function getToken(sub: string): string | null {
  return getSession(sub).token;
}

export function clearSessionAuth(sub: string): BrandSession {
  return setSession(sub, { token: null, user: null });
}

/** Called on every change of the brand's session, from this tab or another one. */
export function subscribeSession(sub: string, listener: (session: BrandSession) => void): () => void {
  const a = brandSessionAtom(sub);
  const store = appStore();
  // Subscribing mounts the atom, which reads the storage again: that is not a change to report.
  let mounted = false;
  let last: BrandSession | null = null;
  const stop = store.sub(a, () => {
    const value = store.get(a);
    if (!mounted || value === last) return;
    last = value;
    listener(value);
  });
  last = store.get(a);
  mounted = true;
  return stop;
}

/** Brands with a stored session in this browser. */
export function storedSessionBrands(): string[] {
  return storageKeys("local")
    .map(subOfSessionKey)
    .filter((s): s is string => s !== null);
}

/** Local keys that outlive a logout besides the brand sessions. */
const KEPT_LOCAL_KEYS = ["savat:vendor", "savat:app-version"];
/** Each brand's basket (`savat:<sub>:basket`, src/shared/basket/basket.ts) outlives a logout like its session. */
function isBrandBasketKey(key: string): boolean {
  return /^savat:[^:]+:basket$/.test(key);
}
/** Cookies that outlive a logout: the merchant (spec step 4) and the customer's language choice. */
const KEPT_COOKIES = ["merchant", "lang", "page"];
/**
 * Session keys of the host platform (Telegram launch parameters and init data, the Click web
 * session): restored after a logout so the mini app keeps working (spec step 4, "init data").
 */
export function isPlatformSessionKey(key: string): boolean {
  return key.startsWith("savat:platform") || key.startsWith("tapps/") || key.startsWith("telegram-apps/");
}

/**
 * Steps 2-4 of logout: blanks the token and user of `sub`'s session, clears local storage,
 * session storage and cookies, then restores the merchant, the platform's init data and every
 * brand session. The caller calls the logout endpoint first and navigates to / afterwards.
 */
export function clearStorageForLogout(sub: string): void {
  clearSessionAuth(sub);
  const local = storageKeys("local")
    .filter((k) => subOfSessionKey(k) !== null || KEPT_LOCAL_KEYS.includes(k) || isBrandBasketKey(k))
    .map((k) => [k, readLocal(k)] as const);
  const session = storageKeys("session")
    .filter(isPlatformSessionKey)
    .map((k) => [k, readSession(k)] as const);
  const cookies = KEPT_COOKIES.map((name) => [name, getCookie(name)] as const);

  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage unavailable: nothing was stored
  }
  deleteAllCookies();

  for (const [k, v] of local) if (v !== null) writeLocal(k, v);
  for (const [k, v] of session) if (v !== null) writeSession(k, v);
  for (const [name, v] of cookies) if (v !== null) setCookie(name, v, 365);
  appStore().set(brandSessionAtom(sub), getSession(sub));
}

/** A notice that must survive the reload after an automatic logout (spec section 8). */
export type AuthNotice = "expired";
const AUTH_NOTICE_KEY = "savat:auth-notice";

/** Remembers, after the logout storage wipe, that the next page load should tell why. */
export function markAuthNotice(notice: AuthNotice): void {
  writeSession(AUTH_NOTICE_KEY, notice);
}

/** The pending notice, once (it is forgotten as it is read). */
export function takeAuthNotice(): AuthNotice | null {
  const value = readSession(AUTH_NOTICE_KEY);
  if (value === null) return null;
  try {
    sessionStorage.removeItem(AUTH_NOTICE_KEY);
  } catch {
    // unavailable: nothing was stored either
  }
  return value === "expired" ? value : null;
}
