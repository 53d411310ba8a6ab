// Where the storefront runs and who the customer is, behind one interface (types.ts):
//   Telegram Mini App  -> SDK host (telegram.ts, loaded only inside Telegram)
//   Click SuperApp     -> web host with the Click web_session (click.ts)
//   any browser        -> web host: page-drawn main button, no-op haptics (web.ts)
// The rest of the app never imports the Telegram SDK.
import { createClickHost, detectClickWebSession } from "./click.ts";
import { isTelegramLaunch } from "./telegram-launch.ts";
import type { Host } from "./types.ts";
import { createWebHost } from "./web.ts";

export type {
  BackButton,
  ColorScheme,
  Haptics,
  Host,
  HostKind,
  HostLanguage,
  MainButton,
  MainButtonParams,
  SharedContact,
} from "./types.ts";
export { initDataMissingText, renderInitDataMissing } from "./init-data-missing.ts";

let current: Host | null = null;

/** The host found by initPlatform (a web host before it ran, e.g. in unit tests). */
export function getPlatform(): Host {
  current ??= createWebHost();
  return current;
}

/** For tests: replaces the current host. */
export function setPlatform(host: Host | null): void {
  current = host;
}

/**
 * Detects the host and prepares it: inside Telegram the SDK is initialised, themed, expanded and
 * told it is ready before anything else loads. Never throws: anything unexpected falls back to web.
 */
export async function initPlatform(): Promise<Host> {
  let host: Host | null = null;
  if (isTelegramLaunch()) {
    try {
      const { createTelegramHost } = await import("./telegram.ts");
      host = await createTelegramHost();
    } catch (error) {
      console.warn("[platform] Telegram host failed, continuing as a website", error);
    }
  }
  if (!host) {
    const webSession = detectClickWebSession();
    host = webSession ? createClickHost(webSession) : createWebHost();
  }
  document.documentElement.dataset.host = host.kind;
  current = host;
  return host;
}
