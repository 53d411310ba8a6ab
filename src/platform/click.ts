// The Click SuperApp web view (documented only by community sources): the page
// gets `?web_session=<id>` and/or a `click-web-session` cookie, plus `click-theme` and
// `click-language` cookies. No JS bridge is confirmed, so the host behaves like the web one and the
// server exchanges the web_session for a session.
import { CLICK_SESSION_KEY } from "../domain/brand-host.ts";
import type { ColorScheme, Host, HostLanguage } from "./types.ts";
import { createWebHost } from "./web.ts";

export { CLICK_SESSION_KEY };

const WEB_SESSION = /^[\w-]{8,128}$/;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

function readStored(): string | null {
  try {
    return sessionStorage.getItem(CLICK_SESSION_KEY);
  } catch {
    return null;
  }
}

function store(value: string): void {
  try {
    sessionStorage.setItem(CLICK_SESSION_KEY, value);
  } catch {
    // storage unavailable: the query parameter or cookie is read again on the next load
  }
}

/** The Click web_session of this page: query parameter, then cookie, then the tab's stored one. */
export function detectClickWebSession(): string | null {
  const fromQuery = new URLSearchParams(window.location.search).get("web_session");
  for (const candidate of [fromQuery, readCookie("click-web-session"), readStored()]) {
    if (candidate && WEB_SESSION.test(candidate)) return candidate;
  }
  return null;
}

/** uz, ru, en/eng (with or without a region) -> the app's language; anything else is ignored. */
export function hostLanguageOf(code: string | null | undefined): HostLanguage | undefined {
  const base = code?.trim().toLowerCase().split(/[-_]/)[0];
  if (base === "uz" || base === "ru") return base;
  if (base === "en" || base === "eng") return "eng";
  return undefined;
}

function colorSchemeOf(value: string | null): ColorScheme | undefined {
  const v = value?.trim().toLowerCase();
  if (v === "dark" || v === "night") return "dark";
  if (v === "light" || v === "day") return "light";
  return undefined;
}

export function createClickHost(webSession: string): Host {
  store(webSession);
  const host = createWebHost("click");
  host.webSession = webSession;
  const code = readCookie("click-language");
  const language = hostLanguageOf(code);
  if (language) host.language = language;
  if (code) host.userLanguage = code;
  const scheme = colorSchemeOf(readCookie("click-theme"));
  if (scheme) host.colorScheme = scheme;
  return host;
}
