// document.cookie helpers. Cookies hold what the server-rendered world of the original storefront
// kept there: lang and page (URL segments), merchant (the resolved merchant id).

const DAY_MS = 24 * 60 * 60 * 1000;

/** Lifetime of the lang and page cookies (spec section 9). */
export const LOCALE_COOKIE_DAYS = 365;

export function getCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, days?: number): void {
  const expires = days === undefined ? "" : `; expires=${new Date(Date.now() + days * DAY_MS).toUTCString()}`;
  document.cookie = `${name}=${encodeURIComponent(value)}${expires}; path=/; samesite=lax`;
}

export function deleteCookie(name: string): void {
  const past = "; expires=Thu, 01 Jan 1970 00:00:00 GMT";
  document.cookie = `${name}=${past}; path=/`;
  // A cookie set for the parent domain (lavash.example.uz -> .example.uz) needs its domain named.
  const labels = location.hostname.split(".");
  for (let i = 0; i < labels.length - 1; i += 1) {
    document.cookie = `${name}=${past}; path=/; domain=.${labels.slice(i).join(".")}`;
  }
}

export function deleteAllCookies(): void {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) deleteCookie(name);
  }
}
