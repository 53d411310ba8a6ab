// Finding Telegram's launch parameters without loading the SDK, so a browser visit stays light.
// Telegram passes them in the URL hash (#tgWebAppData=...&tgWebAppVersion=...&tgWebAppPlatform=...);
// in-app navigation drops the hash, so the navigation entry of the page load and the SDK's
// sessionStorage copy are read too.

function paramsOf(text: string | null | undefined): URLSearchParams | null {
  if (!text) return null;
  const query = text.replace(/^[^?#]*[?#]/, "").replace(/[?#]/g, "&");
  const params = new URLSearchParams(query);
  return params.has("tgWebAppPlatform") && params.has("tgWebAppVersion") ? params : null;
}

function navigationUrl(): string | undefined {
  try {
    const entry = performance.getEntriesByType("navigation")[0];
    return entry?.name;
  } catch {
    return undefined;
  }
}

/** The SDK's sessionStorage copy (a JSON string), written by the SDK and by telegram.ts. */
function storedLaunchParams(): string | null {
  try {
    const stored = sessionStorage.getItem("tapps/launchParams");
    const value: unknown = stored ? JSON.parse(stored) : null;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** The launch parameters of this page, or null when it was not opened by Telegram. */
export function readTelegramLaunchParams(): URLSearchParams | null {
  const href = window.location.href;
  const hashOnly = window.location.hash;
  return paramsOf(hashOnly) ?? paramsOf(href) ?? paramsOf(navigationUrl()) ?? paramsOf(storedLaunchParams());
}

/**
 * True when a Telegram client can hear us: a frame (Telegram Web), the mobile/desktop webview proxy,
 * or the Windows Phone bridge. Launch parameters alone are not enough: sessionStorage keeps them
 * across a reload of a tab that is no longer inside Telegram.
 */
export function canTalkToTelegram(): boolean {
  const w = window as unknown as {
    TelegramWebviewProxy?: { postEvent?: unknown };
    external?: { notify?: unknown };
  };
  if (typeof w.TelegramWebviewProxy?.postEvent === "function") return true;
  if (typeof w.external?.notify === "function") return true;
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

export function isTelegramLaunch(): boolean {
  return readTelegramLaunchParams() !== null && canTalkToTelegram();
}
