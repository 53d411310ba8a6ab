import { LOCALE_COOKIE_DAYS, setCookie } from "./cookies.ts";

// A leading language segment (ru, uz) or page segment (1, 2) is stripped from the URL: the value
// goes to the lang or page cookie and the visitor lands on / (spec section 2).

const PREFIX = /^\/(ru|uz|1|2)(?=\/|$)/;

export function parseUrlPrefix(pathname: string): { cookie: "lang" | "page"; value: string } | null {
  const m = PREFIX.exec(pathname);
  if (!m?.[1]) return null;
  const value = m[1];
  return { cookie: value === "1" || value === "2" ? "page" : "lang", value };
}

/** Applies a prefix of the current URL; true when the address was rewritten to /. */
export function applyUrlPrefix(): boolean {
  const prefix = parseUrlPrefix(window.location.pathname);
  if (!prefix) return false;
  setCookie(prefix.cookie, prefix.value, LOCALE_COOKIE_DAYS);
  // The query survives: on development hosts it may name the brand (?vendor=).
  window.history.replaceState(null, "", `/${window.location.search}`);
  return true;
}
