// The plain-browser host (and the base of the Click host): no SDK, page-drawn main button, the
// browser's own back navigation, the device's safe areas.
import { createPageMainButton } from "./page-main-button.ts";
import type { BackButton, ColorScheme, Host } from "./types.ts";

/** A back button that only keeps handlers: the app shows its own arrow where native is false. */
export function createHandlerBackButton(): BackButton {
  const handlers = new Set<() => void>();
  return {
    native: false,
    show() {
      // The browser's own back navigation and the app's arrow serve here.
    },
    hide() {
      // Nothing is shown.
    },
    onClick(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}

/** Safe-area variables with the names Telegram uses, from the device's env() insets. */
export function applyPageSafeAreas(): void {
  const style = document.documentElement.style;
  for (const side of ["top", "bottom", "left", "right"] as const) {
    style.setProperty(`--tg-safe-area-inset-${side}`, `env(safe-area-inset-${side}, 0px)`);
    style.setProperty(`--tg-content-safe-area-inset-${side}`, "0px");
  }
  applyCombinedInsets();
}

/** `--app-inset-*`: what the layout keeps clear at each edge (system UI plus the host's own UI). */
export function applyCombinedInsets(): void {
  const style = document.documentElement.style;
  for (const side of ["top", "bottom", "left", "right"] as const) {
    style.setProperty(
      `--app-inset-${side}`,
      `calc(var(--tg-safe-area-inset-${side}, 0px) + var(--tg-content-safe-area-inset-${side}, 0px))`,
    );
  }
}

export function preferredColorScheme(): ColorScheme {
  return typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}

export function createWebHost(kind: "web" | "click" = "web"): Host {
  // No page to set them on where the first screen is rendered on the server (src/ssr).
  if (typeof document !== "undefined") applyPageSafeAreas();
  return {
    kind,
    colorScheme: preferredColorScheme(),
    backButton: createHandlerBackButton(),
    mainButton: createPageMainButton(),
    haptics: { light() {}, notify() {} },
    requestContact: () => Promise.resolve(null),
    enableClosingConfirmation() {},
    openLink(url, options) {
      if (options?.newTab) window.open(url, "_blank", "noopener,noreferrer");
      else window.location.assign(url);
    },
    close() {},
  };
}
