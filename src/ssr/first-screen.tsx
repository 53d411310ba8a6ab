// The menu's first screen rendered on the server into the app shell of a brand's "/"
// (server/src/merchants/first-screen.ts), so a phone paints the brand's menu as soon as the page
// and its stylesheets have arrived, not once the app's code has downloaded and run. It is the real
// app rendered for a guest on the web at phone width, from exactly the boot data the shell carries;
// the app, once started, replaces it in its first commit (src/main.tsx renders into the same root).
// Built by scripts/build.ts into dist-ssr/ (vite.config.ts, SSR_MODE).
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { App } from "../app/app.tsx";
import { routes } from "../app/routes.tsx";
import type { BootResult } from "../app/boot.ts";
import {
  FIRST_SCREEN_LIST_WIDTHS,
  type FirstScreen,
  type FirstScreenInput,
  type FirstScreenVariant,
} from "../domain/contract/first-screen.ts";
import { setServerListWidth, widthsLikeThis } from "../features/menu/components/menu-list.tsx";
import { merchantBySubQueryOptions } from "../shared/brand/get-merchant-by-sub.ts";
import { webSettingsQueryOptions } from "../shared/brand/get-web-settings.ts";
import {
  htmlLang,
  i18n,
  isLocale,
  isRtl,
  preloadLocale,
  toContentLanguage,
  type Locale,
} from "../lib/i18n.ts";
import { setServerPageLocation } from "../lib/page-location.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { getPlatform, setPlatform, type Host } from "../platform/index.ts";
import { setServerWindowWide } from "../platform/desktop.ts";
import { createWebHost } from "../platform/web.ts";
import { brandLook, brandLookVariables } from "../shared/brand/brand-look.ts";
import { menuChannel, menuQueryOptions } from "../shared/menu/menu-query.ts";
import { queryKeys } from "../shared/query-keys.ts";
import { sessionKey } from "../shared/session/session.ts";

export type { FirstScreen, FirstScreenInput };

const home = routes.find((r) => r.path === "/");

/**
 * The host the screen is drawn in, as far as the first screen reads it: its kind (the menu's
 * channel, the service types, whether Telegram's MainButton stands for the page's), its theme.
 */
function hostOf(variant: FirstScreenVariant): Host {
  const web = createWebHost(variant.host === "click" ? "click" : "web");
  const host: Host =
    variant.host === "telegram"
      ? {
          ...web,
          kind: "telegram",
          mainButton: { ...web.mainButton, native: true },
          backButton: { ...web.backButton, native: true },
        }
      : web;
  return variant.colorScheme ? { ...host, colorScheme: variant.colorScheme } : host;
}

export async function renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen> {
  if (!isLocale(input.locale)) throw new Error(`no catalog ${input.locale}`);
  const locale = input.locale;
  await Promise.all([preloadLocale(locale), home?.preload?.()]);
  i18n.activate(locale);
  setServerPageLocation(input.location);
  setPlatform(hostOf(input.variant));
  setServerWindowWide(input.variant.desktop);
  setServerListWidth(input.variant.listWidth);
  try {
    return await render(input, locale);
  } finally {
    setPlatform(null);
    setServerWindowWide(false);
    setServerListWidth(FIRST_SCREEN_LIST_WIDTHS.phone);
  }
}

async function render(input: FirstScreenInput, locale: Locale): Promise<FirstScreen> {
  const { sub, merchant, settings } = input;

  const queryClient = createQueryClient();
  queryClient.setQueryData(merchantBySubQueryOptions(sub).queryKey, merchant);
  queryClient.setQueryData(webSettingsQueryOptions(merchant).queryKey, settings);
  if (settings.bannersActive && input.home.banners)
    queryClient.setQueryData(queryKeys.banners(merchant.id), input.home.banners);
  if (settings.storiesActive && input.home.stories)
    queryClient.setQueryData(queryKeys.stories(merchant.id), input.home.stories);
  queryClient.setQueryData(queryKeys.brandCatalog(merchant.id), input.home.brands);
  queryClient.setQueryData(
    menuQueryOptions(merchant.id, menuChannel(), null).queryKey,
    input.home.menu.overall,
  );

  const boot: BootResult = { status: "ready", tenant: { sub, merchant, settings }, locale };
  // A part that fails here would be left to the browser to render: the whole screen is refused
  // instead (the shell then shows its loading screen, as without this render).
  let failure: unknown = null;
  const { prelude } = await prerender(
    <Router ssrPath="/">
      <App boot={boot} queryClient={queryClient} />
    </Router>,
    {
      // Every part inline, complete: React otherwise moves a large part to the end of the page with
      // a script that puts it in place, and the shell runs no such script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  if (failure) throw failure instanceof Error ? failure : new Error("the first screen did not render");
  const look = brandLook(merchant, settings, getPlatform(), toContentLanguage(locale));
  return {
    html,
    lang: htmlLang(locale),
    dir: isRtl(locale) ? "rtl" : "ltr",
    appearance: look.appearance,
    variables: brandLookVariables(look),
    sessionKey: sessionKey(sub),
    fits: widthsLikeThis(input.variant.listWidth, input.variant.desktop),
  };
}
