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
 * React code reads and writes the same data through `sessionAtom` in ./session-atom.ts.
 */
import type { Merchant } from "../../domain/contract/merchant.ts";
import { getCookie, deleteAllCookies, setCookie } from "../../lib/cookies.ts";
import { readLocal, readSession, storageKeys, writeLocal, writeSession } from "../../lib/storage.ts";

/** The logged-in customer as the API returned it; the profile issue narrows the fields. */
export interface SessionUser {
  id: string;
  [field: string]: unknown;
}

export interface BrandSession {
  token: string | null;
  merchant: Merchant | null;
  user: SessionUser | null;
  /** The brand's subdomain key. */
  brand: string | null;
  /** The order being built (basket, service type, address...); shaped by the basket issue. */
  orderRequest: Record<string, unknown> | null;
  /** The branch closest to the chosen address; shaped by the branches issue. */
  nearestBranch: Record<string, unknown> | null;
}

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a stored value leniently: unknown fields are dropped, wrong types become empty. */
export function parseSession(raw: string | null): BrandSession {
  if (!raw) return { ...EMPTY_SESSION };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ...EMPTY_SESSION };
  }
  if (!isRecord(data)) return { ...EMPTY_SESSION };
  const user = data.user;
  return {
    token: typeof data.token === "string" && data.token !== "" ? data.token : null,
    merchant: isRecord(data.merchant) ? (data.merchant as unknown as Merchant) : null,
    user: isRecord(user) && typeof user.id === "string" ? (user as SessionUser) : null,
    brand: typeof data.brand === "string" ? data.brand : null,
    orderRequest: isRecord(data.orderRequest) ? data.orderRequest : null,
    nearestBranch: isRecord(data.nearestBranch) ? data.nearestBranch : null,
  };
}

type Listener = (session: BrandSession) => void;
const listeners = new Map<string, Set<Listener>>();

function emit(sub: string, session: BrandSession): void {
  for (const listener of listeners.get(sub) ?? []) listener(session);
}

export function getSession(sub: string): BrandSession {
  return parseSession(readLocal(sessionKey(sub)));
}

export function setSession(
  sub: string,
  change: Partial<BrandSession> | ((previous: BrandSession) => BrandSession),
): BrandSession {
  const previous = getSession(sub);
  const next = typeof change === "function" ? change(previous) : { ...previous, ...change };
  writeLocal(sessionKey(sub), JSON.stringify(next));
  emit(sub, next);
  return next;
}

export function getToken(sub: string): string | null {
  return getSession(sub).token;
}

export function clearSessionAuth(sub: string): BrandSession {
  return setSession(sub, { token: null, user: null });
}

let storageListening = false;
function listenToOtherTabs(): void {
  if (storageListening || typeof window === "undefined") return;
  storageListening = true;
  window.addEventListener("storage", (event) => {
    if (event.key === null) {
      for (const sub of listeners.keys()) emit(sub, getSession(sub));
      return;
    }
    const sub = subOfSessionKey(event.key);
    if (sub !== null) emit(sub, parseSession(event.newValue));
  });
}

export function subscribeSession(sub: string, listener: Listener): () => void {
  listenToOtherTabs();
  let set = listeners.get(sub);
  if (!set) listeners.set(sub, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
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
  emit(sub, getSession(sub));
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
