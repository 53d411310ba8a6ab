// The Telegram Mini App host. Every call into @telegram-apps/sdk-react lives in this file; the
// rest of the app sees the Host interface only. Loaded on demand, so browsers never download the SDK.
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  locationManager,
  isColorDark,
  mainButton,
  miniApp,
  openLink,
  openTelegramLink,
  parseLaunchParamsQuery,
  postEvent,
  requestContactComplete,
  swipeBehavior,
  targetOrigin,
  themeParams,
  viewport,
  type InitOptions,
} from "@telegram-apps/sdk-react";
import { hostLanguageOf } from "./click.ts";
import { isUsableInitData } from "../domain/telegram.ts";
import { readTelegramLaunchParams } from "./telegram-launch.ts";
import type { BackButton, DevicePosition, Host, MainButton, MainButtonParams } from "./types.ts";
import { applyCombinedInsets } from "./web.ts";

type PackageLaunchParams = NonNullable<InitOptions["launchParams"]>;

/** Where valid initData is kept for the tab (login, logout, and a reload after in-app navigation). */
export const INIT_DATA_KEY = "savat:platform:init-data";
/** The SDK's own copy of the launch parameters. */
const SDK_LAUNCH_PARAMS_KEY = "tapps/launchParams";
/** Older clients may never answer the viewport and safe-area requests; boot does not wait longer. */
const VIEWPORT_TIMEOUT_MS = 1500;
/** Sharing a contact waits for the customer, then for Telegram to deliver the signed payload. */
const CONTACT_TIMEOUT_MS = 120_000;

function storeInitData(value: string | null): void {
  try {
    if (value === null) {
      sessionStorage.removeItem(INIT_DATA_KEY);
    } else {
      sessionStorage.setItem(INIT_DATA_KEY, value);
    }
  } catch {
    // storage unavailable: initData lives for this page only
  }
}

/** Telegram Web hosts the app in a frame and talks by postMessage; a same-origin frame (the demo harness) gets our origin. */
function configureFrameOrigin(): void {
  if (window.self === window.top) return;
  try {
    if (window.parent.location.origin === window.location.origin) targetOrigin.set(window.location.origin);
  } catch {
    // cross-origin parent (web.telegram.org): keep the SDK's default target origin
  }
}

function userLanguage(initData: string): string | undefined {
  try {
    const user = JSON.parse(new URLSearchParams(initData).get("user") ?? "null") as {
      language_code?: unknown;
    } | null;
    return typeof user?.language_code === "string" ? user.language_code : undefined;
  } catch {
    return undefined;
  }
}

function safely(label: string, fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.warn(`[platform] ${label} failed`, error);
  }
}

function createBackButton(): BackButton {
  const handlers = new Set<() => void>();
  let single: (() => void) | null = null;
  safely("backButton.mount", () => {
    if (backButton.mount.isAvailable()) {
      backButton.mount();
      backButton.onClick(() => {
        single?.();
        for (const handler of handlers) handler();
      });
    }
  });
  return {
    native: backButton.isMounted(),
    show(onClick) {
      if (onClick) single = onClick;
      backButton.show.ifAvailable();
    },
    hide() {
      single = null;
      backButton.hide.ifAvailable();
    },
    onClick(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}

function createMainButton(): MainButton {
  let current: MainButtonParams | null = null;
  safely("mainButton.mount", () => {
    if (mainButton.mount.isAvailable()) {
      mainButton.mount();
      mainButton.onClick(() => {
        if (current && !current.disabled && !current.progress) current.onClick();
      });
    }
  });
  return {
    native: mainButton.isMounted(),
    show(params) {
      current = params;
      mainButton.setParams.ifAvailable({
        text: params.disabled && params.hint ? params.hint : params.text,
        isVisible: true,
        isEnabled: !params.disabled,
        isLoaderVisible: Boolean(params.progress),
      });
    },
    hide() {
      current = null;
      mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
    },
  };
}

/**
 * A link to another site (the fiscal receipt, a contact, an offer) opens through Telegram: a mini
 * app's WebView may ignore `target="_blank"` or open the page in place of the app. t.me links stay
 * inside Telegram. One listener covers every outside link the app renders.
 */
export function routeOutsideLinks(
  open: (url: string) => void,
  openInTelegram: (url: string) => void,
  doc: Document = document,
): void {
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.target !== "_blank") return;
    const url = new URL(anchor.href, doc.baseURI);
    if (url.protocol !== "https:" && url.protocol !== "http:") return;
    if (url.origin === doc.location.origin) return;
    event.preventDefault();
    if (url.hostname === "t.me") openInTelegram(url.href);
    else open(url.href);
  });
}

/**
 * Telegram's LocationManager, mounted on the first request (mounting asks Telegram whether location
 * is available at all); undefined in a client older than Mini Apps 8.0.
 */
function createLocation(): Host["location"] {
  if (!locationManager.isSupported()) return undefined;
  let mounted: Promise<void> | null = null;
  return {
    async current(): Promise<DevicePosition | null> {
      try {
        mounted ??= locationManager.mount.isAvailable() ? locationManager.mount() : Promise.resolve();
        await mounted;
        if (!locationManager.requestLocation.isAvailable()) return null;
        const data = (await locationManager.requestLocation()) as {
          latitude: number;
          longitude: number;
          horizontal_accuracy?: number | null;
        };
        return {
          latitude: data.latitude,
          longitude: data.longitude,
          accuracy: typeof data.horizontal_accuracy === "number" ? data.horizontal_accuracy : null,
        };
      } catch (error) {
        // Not available, not allowed, or a request still running: no position this time.
        console.warn("[platform] location not given", error);
        mounted = null;
        return null;
      }
    },
  };
}

async function mountViewport(): Promise<void> {
  // Expanding needs no mounted viewport: asked first, a host slow to answer the viewport request
  // (which then times out below) still opens the app full height.
  viewport.expand.ifAvailable();
  if (!viewport.mount.isAvailable()) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      viewport.mount(),
      new Promise<void>((_resolve, reject) => {
        timer = setTimeout(() => {
          reject(new Error("viewport did not answer"));
        }, VIEWPORT_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    console.warn("[platform] viewport.mount", error);
    return;
  } finally {
    clearTimeout(timer);
  }
  safely("viewport.bindCssVars", () => {
    if (viewport.isCssVarsBound()) return;
    viewport.bindCssVars.ifAvailable((key) => {
      const names: Record<string, string> = {
        width: "--tg-viewport-width",
        height: "--tg-viewport-height",
        stableHeight: "--tg-viewport-stable-height",
      };
      const named = names[key];
      if (named) return named;
      // safeAreaInsetTop -> --tg-safe-area-inset-top; contentSafeAreaInsetTop -> --tg-content-safe-area-inset-top
      return `--tg-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    });
  });
}

/**
 * Starts the Telegram host, or answers null when this is not really Telegram (the caller falls back
 * to the website). initData of 10 characters or fewer is cleared and marked missing: startup stops.
 */
export async function createTelegramHost(): Promise<Host | null> {
  const params = readTelegramLaunchParams();
  if (!params) return null;
  const rawInitData = params.get("tgWebAppData") ?? "";
  const initData = isUsableInitData(rawInitData) ? rawInitData : undefined;
  // The SDK parses the launch parameters without initData: the server judges initData, not the client.
  const withoutData = new URLSearchParams(params);
  withoutData.delete("tgWebAppData");
  let launchParams: PackageLaunchParams;
  try {
    launchParams = parseLaunchParamsQuery(withoutData);
  } catch (error) {
    console.warn("[platform] invalid Telegram launch parameters", error);
    return null;
  }

  // The SDK checks for Telegram by parsing the launch parameters (URL first, then its sessionStorage
  // copy) on every call. When Telegram's initData does not parse (too short, an older client without
  // `signature`), its copy gets the parameters without initData, so buttons and theme still work.
  let parsesWhole = true;
  try {
    parseLaunchParamsQuery(params);
  } catch {
    parsesWhole = false;
  }
  try {
    sessionStorage.setItem(
      SDK_LAUNCH_PARAMS_KEY,
      JSON.stringify((parsesWhole ? params : withoutData).toString()),
    );
  } catch {
    // storage unavailable: the SDK reads the URL
  }

  configureFrameOrigin();
  try {
    init({ launchParams });
  } catch (error) {
    // Launch parameters survive a reload in sessionStorage even outside Telegram (UnknownEnvError).
    console.warn("[platform] Telegram SDK init failed", error);
    return null;
  }

  safely("miniApp.mount", () => {
    miniApp.mountSync.ifAvailable();
    if (!miniApp.isCssVarsBound()) miniApp.bindCssVars.ifAvailable();
  });
  safely("themeParams.mount", () => {
    themeParams.mountSync.ifAvailable();
    if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable();
  });
  // As early as possible: Telegram swaps its placeholder for the page, already in theme colours.
  if (miniApp.ready.isAvailable()) miniApp.ready();
  else
    safely("web_app_ready", () => {
      postEvent("web_app_ready");
    });

  const theme = themeParams.isMounted() ? themeParams.state() : (launchParams.tgWebAppThemeParams ?? {});
  const themeRecord: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme as Record<string, string | undefined>)) {
    if (typeof value === "string") themeRecord[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  }
  const root = document.documentElement;
  if (!themeParams.isMounted()) {
    // The SDK refused the launch parameters (initData too short): theme the page by hand.
    for (const [key, value] of Object.entries(themeRecord)) {
      root.style.setProperty(`--tg-theme-${key.replaceAll("_", "-")}`, value);
    }
  }
  const background = themeRecord.bg_color;
  const isDark = themeParams.isMounted()
    ? themeParams.isDark()
    : background
      ? isColorDark(background)
      : false;
  root.dataset.tgColorScheme = isDark ? "dark" : "light";
  if (themeParams.isMounted()) {
    themeParams.isDark.sub((dark) => {
      root.dataset.tgColorScheme = dark ? "dark" : "light";
    });
  }

  const base: Pick<Host, "kind" | "platform" | "themeParams" | "colorScheme"> = {
    kind: "telegram",
    platform: launchParams.tgWebAppPlatform,
    themeParams: themeRecord,
    colorScheme: isDark ? "dark" : "light",
  };
  const noop = () => undefined;

  if (!initData) {
    storeInitData(null);
    console.error("Telegram initData not found");
    return {
      ...base,
      initDataMissing: true,
      backButton: { native: false, show: noop, hide: noop, onClick: () => noop },
      mainButton: { native: false, show: noop, hide: noop },
      haptics: { light: noop, notify: noop },
      requestContact: () => Promise.resolve(null),
      enableClosingConfirmation: noop,
      openLink: noop,
      close: () => miniApp.close.ifAvailable(),
    };
  }
  storeInitData(initData);

  await mountViewport();
  applyCombinedInsets();
  safely("swipeBehavior", () => {
    swipeBehavior.mount.ifAvailable();
    swipeBehavior.disableVertical.ifAvailable();
  });
  safely("closingBehavior", () => {
    closingBehavior.mount.ifAvailable();
    closingBehavior.enableConfirmation.ifAvailable();
  });

  routeOutsideLinks(
    (url) => openLink.ifAvailable(url),
    (url) => openTelegramLink.ifAvailable(url),
  );
  const location = createLocation();
  const code = userLanguage(initData);
  const language = hostLanguageOf(code);
  const startParam = launchParams.tgWebAppStartParam;
  return {
    ...base,
    initData,
    ...(language ? { language } : {}),
    ...(code ? { userLanguage: code } : {}),
    ...(startParam ? { startParam } : {}),
    backButton: createBackButton(),
    mainButton: createMainButton(),
    haptics: {
      light: () => hapticFeedback.impactOccurred.ifAvailable("light"),
      notify: (type) => hapticFeedback.notificationOccurred.ifAvailable(type),
    },
    async requestContact() {
      if (!requestContactComplete.isAvailable()) return null;
      try {
        const result = await requestContactComplete({ timeout: CONTACT_TIMEOUT_MS });
        return { raw: result.raw, phone: result.parsed.contact.phone_number };
      } catch (error) {
        console.warn("[platform] contact not shared", error);
        return null;
      }
    },
    enableClosingConfirmation(on) {
      if (on) closingBehavior.enableConfirmation.ifAvailable();
      else closingBehavior.disableConfirmation.ifAvailable();
    },
    openLink: (url) => {
      // Outside Telegram's own pages a link opens in the browser; the mini app stays where it was
      // and sees the payment arrive on its live order stream.
      openLink.ifAvailable(url);
    },
    openTelegramLink: (url) => {
      openTelegramLink.ifAvailable(url);
    },
    ...(location ? { location } : {}),
    close: () => miniApp.close.ifAvailable(),
  };
}
