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

function wideSnapshot(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DESKTOP_QUERY).matches;
}

/** True where the storefront draws its desktop layout: a browser (not a mini app) at 1024 px or more. */
export function useDesktop(): boolean {
  const wide = useSyncExternalStore(subscribe, wideSnapshot, () => false);
  return wide && getPlatform().kind === "web";
}
