import fs from "node:fs";
import path from "node:path";
import {
  brandSchema,
  merchantSchema,
  webSettingsSchema,
  type Brand,
  type Merchant,
  type WebSettings,
} from "#domain/contract/merchant.ts";
import type { Banner, Story } from "#domain/contract/content.ts";
import type { MenuChannel, Overall } from "#domain/contract/menu.ts";
import { resolveBrandSub, type HrefLocation } from "#domain/brand-host.ts";
import { FIRST_SCREEN_LIST_WIDTHS, type FirstScreenInput } from "#domain/contract/first-screen.ts";
import { metaDomainVerification } from "#domain/analytics.ts";
import { brandFavicon } from "#domain/brand-icon.ts";
import { cardImageVariant, DEFAULT_VARIANT_TEMPLATE, variantUrl } from "#domain/image-variant.ts";
import { displayOrder, firstScreenOf } from "#domain/menu.ts";
import { CONTENT_LANGUAGES, type ContentLanguage } from "#domain/enums.ts";
import { pickText } from "#domain/multilingual.ts";
import { acceptedLanguages, chooseLanguage } from "#domain/language-choice.ts";
import type { Db } from "../../db/types.ts";
import type { MenuCache, PreparedBody } from "../../repositories/menu-cache.ts";
import { preparedOverall } from "../menu/prepared-menu.ts";
import {
  findMerchantBySub,
  getWebSettings,
  listBrands,
  listOfferedPaymentMethods,
  listChannelServiceTypes,
} from "../../repositories/merchants.ts";
import { bannerViews, storyViews } from "./content-views.ts";
import { withFirstScreen, type FirstScreenTemplate } from "./first-screen.ts";
import { toMerchant, toWebSettings } from "./present.ts";

/**
 * What the storefront's boot asks first (GET /users/v1/merchants/sub/{sub}, then the web settings),
 * answered ahead of time in the app shell of a brand's address, so the first screen does not wait
 * for two calls in a row. Exactly what those calls answer; the settings only for an active brand
 * (tenant routes refuse an inactive one).
 */
export interface BootData {
  sub: string;
  merchant: Merchant;
  settings: WebSettings | null;
  /** The home page's first screen, for an active brand's "/" only. */
  home?: HomeBootData;
}

/**
 * What the menu's first screen shows, as its calls answer it: the banners and stories (null while
 * switched off), the header's brand switcher (GET /support/v1/brand/catalog) and the beginning of
 * the web menu without a branch (GET /products/v1/overalls?type=WEB, its first products only
 * unless `complete`), so the first screen paints without a call.
 */
export interface HomeBootData {
  banners: Banner[] | null;
  stories: Story[] | null;
  brands: Brand[];
  /** The web menu's first screen and the channels whose menu is that same menu (TG too, most often). */
  menu: { channel: "WEB"; channels: MenuChannel[]; overall: Overall; complete: boolean };
}

/** The boot data of the brand an address names, or null when it names none we know. */
export async function bootDataFor(
  db: Db,
  location: { hostname: string; search: string; pathname?: string },
  menuCache?: MenuCache,
): Promise<BootData | null> {
  const brand = resolveBrandSub(location, null);
  if (!brand) return null;
  const row = await findMerchantBySub(db, brand.sub);
  if (!row) return null;
  const merchant = merchantSchema.parse(toMerchant(row));
  const settings =
    merchant.isActive && !merchant.deleted
      ? webSettingsSchema.parse(
          toWebSettings(
            ...(await Promise.all([
              getWebSettings(db, { merchantId: merchant.id }),
              listOfferedPaymentMethods(db, { merchantId: merchant.id }),
              listChannelServiceTypes(db, { merchantId: merchant.id }),
            ])),
          ),
        )
      : null;
  if (!settings || !menuCache || location.pathname !== "/") return { sub: brand.sub, merchant, settings };
  return {
    sub: brand.sub,
    merchant,
    settings,
    home: await homeBootData(db, menuCache, merchant.id, settings),
  };
}

async function homeBootData(
  db: Db,
  menuCache: MenuCache,
  merchantId: string,
  settings: WebSettings,
): Promise<HomeBootData> {
  const [prepared, telegram, banners, stories, brands] = await Promise.all([
    preparedOverall(db, menuCache, merchantId, "WEB", "*"),
    preparedOverall(db, menuCache, merchantId, "TG", "*"),
    settings.bannersActive ? bannerViews(db, merchantId, new Date()) : null,
    settings.storiesActive ? storyViews(db, merchantId) : null,
    listBrands(db, { merchantId }),
  ]);
  return {
    banners,
    stories,
    brands: brandSchema.array().parse(brands),
    menu: {
      channel: "WEB",
      // The app in Telegram takes this menu as its own when the TG menu is the same bytes.
      channels: telegram.etag === prepared.etag ? ["WEB", "TG"] : ["WEB"],
      ...firstScreenFrom(prepared, settings),
    },
  };
}

// The first screen of each cached menu body, made once per body and grouping rather than by
// parsing the whole menu on every open; a body the menu cache drops takes its first screens along.
type MenuFirstScreen = ReturnType<typeof firstScreenOf>;
const firstScreens = new WeakMap<
  PreparedBody,
  { groups: number; byGrouping: Map<boolean, MenuFirstScreen> }
>();

function firstScreenFrom(prepared: PreparedBody, settings: WebSettings): MenuFirstScreen {
  let full: Overall | null = null;
  const parse = () => (full ??= JSON.parse(prepared.body.toString("utf8")) as Overall);
  let known = firstScreens.get(prepared);
  if (!known) firstScreens.set(prepared, (known = { groups: parse().groups.length, byGrouping: new Map() }));
  const grouped = withGroups(known.groups, settings);
  let first = known.byGrouping.get(grouped);
  if (!first) known.byGrouping.set(grouped, (first = firstScreenOf(parse(), grouped)));
  return first;
}

/** The menu page shows groups as such when the brand wants them and has more than one (menu-page.tsx). */
function withGroups(groups: number, settings: WebSettings): boolean {
  return settings.groupView !== "WITHOUT_GROUP" && groups > 1;
}

/** Where the built client names the home page's lazy chunks and the catalogs (vite.config.ts). */
export interface ShellPreloads {
  home: { js: string[]; css: string[] };
  locales: Record<string, string>;
}

/**
 * The build's shell-preloads.json, or null when the build has none (an older build, a test's
 * page): read at each use, like the shell itself, so a rebuilt client is named at once.
 */
export async function readShellPreloads(root: string): Promise<ShellPreloads | null> {
  try {
    return JSON.parse(
      await fs.promises.readFile(path.join(root, "shell-preloads.json"), "utf8"),
    ) as ShellPreloads;
  } catch {
    return null;
  }
}

/**
 * The images the first screen paints largest, as the client will ask for them: the first banner
 * and the first product's card image.
 */
export function firstScreenImages(data: BootData): string[] {
  const home = data.home;
  if (!home || !data.settings) return [];
  const images: string[] = [];
  const banner = home.banners?.[0]?.image;
  if (banner) images.push(banner);
  const overall = home.menu.overall;
  const category = displayOrder(overall, withGroups(overall.groups.length, data.settings))[0];
  const product = category && overall.products.find((p) => p.categoryId === category.id);
  if (category && product) {
    // A strip shows its small cards as medium ones (menu-list.tsx).
    const view =
      category.scrollType === "HORIZONTAL" && category.viewType === "SMALL" ? "MEDIUM" : category.viewType;
    const url = variantUrl(product.image, cardImageVariant(view) ?? {}, {
      apiBase: "/api",
      template: DEFAULT_VARIANT_TEMPLATE,
    });
    if (url) images.push(url);
  }
  return images;
}

/** The brand's language switches by catalog name, in the client's order (src/lib/i18n.ts). */
const LANGUAGE_SWITCHES = [
  ["uz", "uzLangActive"],
  ["ru", "ruLangActive"],
  ["en", "engLangActive"],
  ["ar", "arLangActive"],
  ["kz", "kzLangActive"],
  ["tr", "trLangActive"],
  ["zh", "zhLangActive"],
] as const;

/**
 * The request headers that decide the first catalog (the lang cookie and Accept-Language) and which
 * first screens the page carries (a phone's or a desktop's browser).
 */
export interface ShellHeaders {
  cookie?: string | undefined;
  "accept-language"?: string | undefined;
  "user-agent"?: string | undefined;
  "sec-ch-ua-mobile"?: string | string[] | undefined;
}

/**
 * Whether the browser says it is a phone's (true), a computer's (false) or says nothing (null):
 * Client Hints where sent, else the user agent's mobile tokens.
 */
function mobileBrowser(headers: ShellHeaders): boolean | null {
  const hint = headers["sec-ch-ua-mobile"];
  if (hint === "?1") return true;
  if (hint === "?0") return false;
  const agent = headers["user-agent"];
  if (!agent) return null;
  return /Mobi|Android|iPhone|iPod/.test(agent);
}

const cookieOf = (headers: ShellHeaders, name: string) =>
  new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(headers.cookie ?? "")?.[1];

/** The Click app's web view: its web_session in the address or its cookie. */
function inClick(headers: ShellHeaders, search: string): boolean {
  return (
    new URLSearchParams(search).has("web_session") || cookieOf(headers, "click-web-session") !== undefined
  );
}

/** The catalogs the brand has on. */
function brandLocales(settings: WebSettings): string[] {
  const on = LANGUAGE_SWITCHES.filter(([, key]) => settings[key]).map(([locale]) => locale as string);
  return on.length > 0 ? on : ["uz", "ru", "en"];
}

/**
 * The catalog the client will most likely choose first, by the rule the client's boot uses
 * (src/domain/language-choice.ts): the lang cookie, the host app's language where the request
 * shows it (Click's cookie; Telegram's is only in the page's address, read by the shell's inline
 * decision), the browser's languages, the brand's main language, ru, uz, among the languages the
 * brand has on.
 */
function likelyLocale(headers: ShellHeaders, settings: WebSettings, search = ""): string | null {
  return chooseLanguage(
    {
      cookie: cookieOf(headers, "lang"),
      host: inClick(headers, search) ? cookieOf(headers, "click-language") : null,
      browser: acceptedLanguages(headers["accept-language"]),
      main: settings.mainLanguage,
    },
    brandLocales(settings),
  );
}

const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** What the shell's inline decision names a first screen by (first-screen.ts). */
export type FirstScreenFor = "web" | "desktop" | "telegram-light" | "telegram-dark" | "click";

/** The first screens of one shell: what the renderer is given for each host that may open it. */
export interface FirstScreenPlan {
  inputs: { for: FirstScreenFor; input: FirstScreenInput }[];
  /** The screens' catalog and the brand's catalogs, for the decision's language check. */
  locales: { screen: string; brand: string[] };
}

/**
 * What the first-screen renderer (./first-screen.ts) is given for this shell, or null where the
 * shell goes without one: only for an active brand's "/" without a query other than Click's
 * web_session (a shared product, a table's or a brand's address opens something else over or
 * instead of the menu). In Click's web view (its web_session shows it) the Click screen in the
 * app's theme; elsewhere the phone's and the desktop's, and Telegram's light and dark ones where
 * the TG menu is the web's (the address's hash, which says Telegram, never reaches the server).
 */
export function firstScreenPlan(
  data: BootData,
  headers: ShellHeaders,
  location: HrefLocation & { pathname: string },
): FirstScreenPlan | null {
  if (!data.home || !data.settings || location.pathname !== "/") return null;
  const query = new URLSearchParams(location.search);
  query.delete("web_session");
  if (query.size > 0) return null;
  const click = inClick(headers, location.search);
  const locale = likelyLocale(headers, data.settings, location.search);
  if (!locale) return null;
  const base = {
    sub: data.sub,
    merchant: data.merchant,
    settings: data.settings,
    home: data.home,
    locale,
    location: { ...location, search: "" },
  };
  const theme = cookieOf(headers, "click-theme")?.trim().toLowerCase();
  type Variants = [FirstScreenFor, FirstScreenInput["variant"]][];
  const PHONE = FIRST_SCREEN_LIST_WIDTHS.phone;
  // A phone's browser is not given the desktop's screens, nor a computer's the phone's web one
  // (Telegram's stay for both: its desktop apps show mini apps at a phone's width).
  const mobile = mobileBrowser(headers);
  const variants: Variants = click
    ? [
        [
          "click",
          {
            host: "click",
            colorScheme:
              theme === "dark" || theme === "night"
                ? "dark"
                : theme === "light" || theme === "day"
                  ? "light"
                  : null,
            desktop: false,
            listWidth: PHONE,
          },
        ],
      ]
    : [
        ...(mobile === false
          ? []
          : ([
              ["web", { host: "web", colorScheme: null, desktop: false, listWidth: PHONE }],
            ] satisfies Variants)),
        ...(mobile === true
          ? []
          : FIRST_SCREEN_LIST_WIDTHS.desktop.map(
              (listWidth) =>
                [
                  "desktop",
                  { host: "web", colorScheme: null, desktop: true, listWidth },
                ] satisfies Variants[0],
            )),
        ...(data.home.menu.channels.includes("TG")
          ? ([
              [
                "telegram-light",
                { host: "telegram", colorScheme: "light", desktop: false, listWidth: PHONE },
              ],
              ["telegram-dark", { host: "telegram", colorScheme: "dark", desktop: false, listWidth: PHONE }],
            ] satisfies Variants)
          : []),
      ];
  return {
    inputs: variants.map(([key, variant]) => ({ for: key, input: { ...base, variant } })),
    locales: { screen: locale, brand: brandLocales(data.settings) },
  };
}

/**
 * The head links that start the first screen's downloads with the entry's instead of after it ran:
 * the home page's chunks and catalog, and its largest images (high priority). Its stylesheets go
 * with the entry's at the end of the body (they hold back the scripts, not the loading screen).
 */
export function firstScreenLinks(
  data: BootData,
  preloads: ShellPreloads | null,
  headers: ShellHeaders = {},
  search = "",
): { head: string; body: string; modules: string[] } {
  if (!data.home) return { head: "", body: "", modules: [] };
  const head: string[] = firstScreenImages(data).map(
    (href) => `<link rel="preload" as="image" href="${attribute(href)}" fetchpriority="high">`,
  );
  let body = "";
  const modules: string[] = [];
  if (preloads && data.settings) {
    const locale = likelyLocale(headers, data.settings, search);
    const catalog = locale ? preloads.locales[locale] : undefined;
    modules.push(...preloads.home.js, ...(catalog ? [catalog] : []));
    body = preloads.home.css
      .map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`)
      .join("");
  }
  return { head: head.join(""), body, modules };
}

/** The boot data as a script element for the shell's head: JSON that cannot close the element. */
export function bootDataScript(data: BootData): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script id="savat-boot" type="application/json">${json}</script>`;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The app shell of a brand: its boot data at the end of the body (read by the entry script, which
 * runs after the document is parsed), its name on the loading screen (in the brand's main
 * language), so the first paint already says whose storefront this is, and on "/" the links that
 * start the first screen's downloads at once.
 */
export function shellWithBootData(
  html: string,
  data: BootData,
  preloads: ShellPreloads | null = null,
  headers: ShellHeaders = {},
  firstScreen: { templates: FirstScreenTemplate[]; locales: FirstScreenPlan["locales"] } | null = null,
  search = "",
): string {
  const main = data.settings?.mainLanguage === "en" ? "eng" : data.settings?.mainLanguage;
  const lang: ContentLanguage = CONTENT_LANGUAGES.find((l) => l === main) ?? "ru";
  const name = pickText(data.merchant.name, lang).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
  const links = firstScreenLinks(data, preloads, headers, search);
  const drawn = firstScreen && firstScreen.templates.length > 0 ? firstScreen : null;
  let page = html;
  // With a first screen, the app's code is asked for once that screen has been painted (its script
  // starts it); without, at once beside the entry.
  const verification = data.settings ? metaDomainVerification(data.settings) : null;
  // With a first screen, its stylesheets (the entry's and the home page's, linked at the end of the
  // body) are asked for from the head, before its inline decision runs: that first script's run
  // (the page's script engine starting) would otherwise hold their requests back.
  const styles = drawn
    ? [...new Set([...html.matchAll(STYLESHEET), ...links.body.matchAll(STYLESHEET)].map((m) => m[1] ?? ""))]
        .filter((href) => href !== "")
        .map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`)
        .join("")
    : "";
  const head =
    (verification ? `<meta name="facebook-domain-verification" content="${verification}">` : "") +
    styles +
    links.head +
    (drawn
      ? ""
      : links.modules
          .map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`)
          .join(""));
  if (head) page = page.includes("</head>") ? page.replace("</head>", `${head}</head>`) : head + page;
  const tail = bootDataScript(data) + links.body;
  page = page.includes("</body>") ? page.replace("</body>", `${tail}</body>`) : page + tail;
  // The brand's icon from the start (the client keeps a link it would set to the same address).
  const icon = `<link rel="icon" href="${attribute(brandFavicon(data.merchant, data.settings))}" id="favicon">`;
  page = page.replace(/<link\b[^>]*\bid="favicon"[^>]*>/, () => icon);
  // The first screen last: its script runs once the stylesheets above it have loaded.
  if (drawn) page = withFirstScreen(page, drawn.templates, links.modules, drawn.locales);
  return page.replace('<p class="boot-splash__name"></p>', `<p class="boot-splash__name">${name}</p>`);
}
