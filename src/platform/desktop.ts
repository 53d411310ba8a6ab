import { useSyncExternalStore } from "react";
import { getPlatform } from "./index.ts";

// The desktop layout (docs/decisions.md, "Desktop layout"): a website window of 1024 px and more.
// Telegram and Click mini apps keep the phone layout at any width.

export const DESKTOP_QUERY = "(min-width: 1024px)";

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener("change", onChange);
  return () => {
    query.removeEventListener("change", onChange);
  };
}

let drawnWide = false;

/**
 * For the server's first screen (src/ssr): whether it is drawn for a desktop window of at least
 * 1180 px, where both this layout's query and the wide basket panel's hold.
 */
export function setServerWindowWide(wide: boolean): void {
  drawnWide = wide;
}

/** What a window-width query answers where the first screen is rendered on the server. */
export function serverWindowWide(): boolean {
  return drawnWide;
}

function wideSnapshot(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DESKTOP_QUERY).matches;
}

/** True where the storefront draws its desktop layout: a browser (not a mini app) at 1024 px or more. */
export function useDesktop(): boolean {
  const wide = useSyncExternalStore(subscribe, wideSnapshot, serverWindowWide);
  return wide && getPlatform().kind === "web";
}
