import type { QueryClient } from "@tanstack/react-query";
import type { Brand, Merchant, WebSettings } from "../domain/contract/merchant.ts";
import { merchantBySubQueryOptions } from "../shared/brand/get-merchant-by-sub.ts";
import { defaultWebSettings, webSettingsQueryOptions } from "../shared/brand/get-web-settings.ts";
import { ApiError } from "../lib/api-client.ts";
import { resolveBrandSub, STORED_VENDOR_KEY } from "../domain/brand-host.ts";
import { setCurrentBrand } from "../shared/brand/current-brand.ts";
import {
  activateLocale,
  chooseLocale,
  CORE_LOCALES,
  localeFromCookie,
  LOCALES,
  merchantLocales,
  preloadLocale,
  type Locale,
} from "../lib/i18n.ts";
import { getSession, setSession } from "../shared/session/session.ts";
import {
  menuBranchIdOf,
  menuChannel,
  menuQueryOptions,
  seedMenuFromShell,
} from "../shared/menu/menu-query.ts";
import { queryKeys } from "../shared/query-keys.ts";
import type { Banner, Story } from "../domain/contract/content.ts";
import type { MenuChannel, Overall } from "../domain/contract/menu.ts";
import { readLocal, wipeClientStorage } from "../lib/storage.ts";
import type { Tenant } from "../shared/brand/tenant.ts";
import type { Host } from "../platform/index.ts";

/** The brand's first answers, put into the app shell by the server (server/src/merchants/boot-data.ts). */
interface ShellBootData {
  sub: string;
  merchant: Merchant;
  settings: WebSettings | null;
  /** On "/" of an active brand: the menu's first screen. */
  home?: {
    banners: Banner[] | null;
    stories: Story[] | null;
    brands: Brand[];
    /** The web menu's first screen, and the channels whose menu is that same menu. */
    menu: { channel: "WEB"; channels: MenuChannel[]; overall: Overall; complete: boolean };
  };
}

/**
 * Seeds the merchant and web settings queries with what the server wrote into the page, so boot
 * does not wait for those two calls; only for the brand this address names. On "/" the banners,
 * stories and the brand switcher's catalog too. Returns the settings (for the language) and the
 * menu's first screen, which boot seeds once the channel is known.
 */
function primeFromShell(
  queryClient: QueryClient,
  sub: string,
): { settings: WebSettings | null; home?: ShellBootData["home"] } {
  const element = document.getElementById("savat-boot");
  if (!element?.textContent) return { settings: null };
  element.remove();
  let data: ShellBootData;
  try {
    // Written by our own server into this page, like an API answer.
    data = JSON.parse(element.textContent) as ShellBootData;
  } catch {
    return { settings: null };
  }
  if (data.sub !== sub || data.merchant.sub.toLowerCase() !== sub) return { settings: null };
  queryClient.setQueryData(merchantBySubQueryOptions(sub).queryKey, data.merchant);
  if (!data.settings) return { settings: null };
  queryClient.setQueryData(webSettingsQueryOptions(data.merchant).queryKey, data.settings);
  const home = data.home;
  if (!home || window.location.pathname !== "/") return { settings: data.settings };
  const id = data.merchant.id;
  if (data.settings.bannersActive && home.banners)
    queryClient.setQueryData(queryKeys.banners(id), home.banners);
  if (data.settings.storiesActive && home.stories)
    queryClient.setQueryData(queryKeys.stories(id), home.stories);
  queryClient.setQueryData(queryKeys.brandCatalog(id), home.brands);
  return { settings: data.settings, home };
}

export type BootResult =
  | { status: "ready" | "blocked"; tenant: Tenant; locale: Locale }
  | { status: "unavailable"; locale: Locale }
  /** The API could not be reached: nothing is wiped, the visitor may retry. */
  | { status: "failed"; error: ApiError; locale: Locale };

/**
 * Resolves the brand and everything the first screen needs (spec section 4, merchant resolution):
 * 1. the brand key from the address (or the stored vendor);
 * 2. GET /users/v1/merchants/sub/{sub}: unknown brand or no id -> local storage, session storage
 *    and cookies are wiped and the visitor goes to /merchantNotAvailable; on success the merchant
 *    id goes to the merchant cookie and the brand's saved session;
 * 3. an inactive merchant -> /blocked for every path;
 * 4. web settings (defaults when they fail), then the language: the customer's cookie, the host
 *    app's language, the browser's languages, the brand's main language, ru, uz, among the languages
 *    the brand switched on.
 * The probable language's catalog loads while the merchant does.
 */
export async function bootStorefront(
  queryClient: QueryClient,
  hostReady: Promise<Host>,
): Promise<BootResult> {
  const cookie = localeFromCookie();

  const pickLocale = async (available: readonly Locale[], mainLanguage?: string): Promise<Locale> => {
    const host = await hostReady;
    const locale = chooseLocale({
      cookie,
      hostLanguage: host.userLanguage ?? host.language,
      browserLanguages: navigator.languages,
      mainLanguage,
      available,
    });
    await activateLocale(locale);
    return locale;
  };

  const unavailable = async (): Promise<BootResult> => {
    wipeClientStorage();
    return { status: "unavailable", locale: await pickLocale(CORE_LOCALES) };
  };

  const brand = resolveBrandSub(window.location, readLocal(STORED_VENDOR_KEY));
  if (!brand) return unavailable();

  const { settings: shellSettings, home } = primeFromShell(queryClient, brand.sub);
  // The catalog the server named in the page's head (likelyLocale in server/src/merchants/
  // boot-data.ts): guessing without the brand's languages fetched a second one (ru for an English
  // brand) on the first screen's path.
  const likely = chooseLocale({
    cookie,
    browserLanguages: navigator.languages,
    mainLanguage: shellSettings?.mainLanguage,
    available: shellSettings ? merchantLocales(shellSettings) : LOCALES,
  });
  void preloadLocale(likely).catch(() => undefined);
  let merchant: Merchant;
  try {
    merchant = await queryClient.query(merchantBySubQueryOptions(brand.sub));
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError(String(caught), { status: 0 });
    // A network failure or a server fault says nothing about the brand: keep the visitor's data.
    if (error.status === 0 || error.status >= 500) {
      return { status: "failed", error, locale: await pickLocale(CORE_LOCALES) };
    }
    return unavailable();
  }
  if (!merchant.id) return unavailable();

  setCurrentBrand({ sub: brand.sub, merchantId: merchant.id });
  setSession(brand.sub, { merchant, brand: brand.sub });
  if (merchant.isActive && !merchant.deleted && window.location.pathname === "/") {
    // The home page's menu is asked for now, beside the language and the first screen's code,
    // not once that screen has mounted. The channel is known once the host is.
    const branchId = menuBranchIdOf(getSession(brand.sub));
    void hostReady.then((host) => {
      if (host.initDataMissing) return;
      const channel = menuChannel();
      // The shell carried the web menu without a branch (Telegram's too when it is the same); a
      // product opened over the menu (?sheet=...) may be anywhere in it, so that one waits for the
      // whole menu. Click's web_session in the address opens the menu itself.
      const query = new URLSearchParams(window.location.search);
      query.delete("web_session");
      if (home && home.menu.channels.includes(channel) && branchId === null && query.size === 0) {
        seedMenuFromShell(queryClient, merchant.id, channel, home.menu.overall, home.menu.complete);
        return;
      }
      void queryClient.query(menuQueryOptions(merchant.id, channel, branchId)).catch(() => undefined);
    });
  }

  if (!merchant.isActive || merchant.deleted) {
    // Tenant routes refuse an inactive merchant, so its settings are the defaults.
    const settings = defaultWebSettings(merchant);
    queryClient.setQueryData(webSettingsQueryOptions(merchant).queryKey, settings);
    return {
      status: "blocked",
      tenant: { sub: brand.sub, merchant, settings },
      locale: await pickLocale(CORE_LOCALES),
    };
  }

  const settings = await queryClient.query(webSettingsQueryOptions(merchant));
  const locale = await pickLocale(merchantLocales(settings), settings.mainLanguage);
  return { status: "ready", tenant: { sub: brand.sub, merchant, settings }, locale };
}
