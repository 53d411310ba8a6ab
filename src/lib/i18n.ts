import { i18n, type Messages } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { WebSettings } from "../domain/contract/merchant.ts";
import type { ContentLanguage, Currency } from "../domain/enums.ts";
import { chooseLanguage } from "../domain/language-choice.ts";
import { getCookie, LOCALE_COOKIE_DAYS, setCookie } from "./cookies.ts";

/** Interface languages (spec section 1). The API's multilingual objects call English `eng`. */
export const LOCALES = ["uz", "ru", "en", "ar", "kz", "tr", "zh"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "ru";
export const FALLBACK_LOCALE: Locale = "uz";
/** Switched on when a merchant's settings switch none on (or could not be loaded). */
export const CORE_LOCALES: readonly Locale[] = ["uz", "ru", "en"];

/** Each language in its own name, for the switcher. */
export const LOCALE_LABELS: Readonly<Record<Locale, string>> = {
  uz: "O'zbekcha",
  ru: "Русский",
  en: "English",
  ar: "العربية",
  kz: "Қазақша",
  tr: "Türkçe",
  zh: "中文",
};

/** The cookie holding the customer's language (set by /ru, /uz and by the switcher). */
export const LANG_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** UI locale -> key of the API's multilingual objects. */
export function toContentLanguage(locale: Locale): ContentLanguage {
  return locale === "en" ? "eng" : locale;
}

/** A language from the API, a host app or a cookie (`eng`, `en`, `ru-RU`, `kk`...) -> UI locale. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const base = value.toLowerCase().split(/[-_]/)[0];
  if (base === "eng") return "en";
  if (base === "kk") return "kz";
  return isLocale(base) ? base : null;
}

/** The value of <html lang>: BCP 47 ("kk" for Kazakh, whose catalog is named kz). */
export function htmlLang(locale: Locale): string {
  return locale === "kz" ? "kk" : locale;
}

export function isRtl(locale: Locale): boolean {
  return locale === "ar";
}

type LanguageSwitches = Pick<
  WebSettings,
  | "uzLangActive"
  | "ruLangActive"
  | "engLangActive"
  | "arLangActive"
  | "kzLangActive"
  | "trLangActive"
  | "zhLangActive"
>;

const SWITCH_OF: Record<Locale, keyof LanguageSwitches> = {
  uz: "uzLangActive",
  ru: "ruLangActive",
  en: "engLangActive",
  ar: "arLangActive",
  kz: "kzLangActive",
  tr: "trLangActive",
  zh: "zhLangActive",
};

/** The languages a merchant switched on, in switcher order; the core three when none is on. */
export function merchantLocales(settings: LanguageSwitches | null | undefined): Locale[] {
  const on = settings ? LOCALES.filter((l) => settings[SWITCH_OF[l]]) : [];
  return on.length > 0 ? on : [...CORE_LOCALES];
}

export interface LocaleChoice {
  /** The lang cookie (the customer's own choice). */
  cookie?: string | null;
  /** The host app's language (Telegram's user language_code, Click's cookie), any language. */
  hostLanguage?: string | null;
  /** The browser's languages, most preferred first (navigator.languages). */
  browserLanguages?: readonly string[];
  /** The merchant's main language from its web settings. */
  mainLanguage?: string | null;
  available: readonly Locale[];
}

/**
 * The customer's choice, then the host app, then the browser's languages, then the merchant's main
 * language, then ru, then uz,
 * among the merchant's languages (src/domain/language-choice.ts).
 */
export function chooseLocale(choice: LocaleChoice): Locale {
  return (
    chooseLanguage(
      {
        cookie: choice.cookie,
        host: choice.hostLanguage,
        ...(choice.browserLanguages ? { browser: choice.browserLanguages } : {}),
        main: choice.mainLanguage,
      },
      choice.available,
    ) ?? DEFAULT_LOCALE
  );
}

const catalogs = import.meta.glob<{ messages: Messages }>("../../locales/*.po");

/** A catalog loaded beside the storefront's for every locale (the staff console's own messages). */
export type CatalogLoader = (locale: Locale) => Promise<Messages>;
const moreCatalogs: CatalogLoader[] = [];

async function loadMessages(locale: Locale): Promise<Messages> {
  const load = catalogs[`../../locales/${locale}.po`];
  if (!load) throw new Error(`No catalog for ${locale}`);
  const [main, ...more] = await Promise.all([
    load().then((module) => module.messages),
    ...moreCatalogs.map((loadMore) => loadMore(locale)),
  ]);
  return Object.assign({}, main, ...more) as Messages;
}

const loading = new Map<Locale, Promise<void>>();

/** Loads `load`'s catalog with the storefront's from now on; call it before activating a locale. */
export function addCatalog(load: CatalogLoader): void {
  moreCatalogs.push(load);
  loading.clear();
}

/** Loads the catalog of `locale` once, without activating it (boot starts it early). */
export function preloadLocale(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = loadMessages(locale).then((messages) => {
      i18n.load(locale, messages);
    });
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** Loads and activates `locale` and sets <html lang dir>. */
export async function activateLocale(locale: Locale): Promise<void> {
  await preloadLocale(locale);
  i18n.activate(locale);
  document.documentElement.lang = htmlLang(locale);
  document.documentElement.dir = isRtl(locale) ? "rtl" : "ltr";
}

/** The switcher's action: activate and remember for a year. */
export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  setCookie(LANG_COOKIE, locale, LOCALE_COOKIE_DAYS);
}

export function localeFromCookie(): string | null {
  return getCookie(LANG_COOKIE);
}

/** The active UI locale. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export function currentContentLanguage(): ContentLanguage {
  return toContentLanguage(currentLocale());
}

const CURRENCY_LABELS: Record<Currency, MessageDescriptor> = {
  UZS: msg`so'm`,
  KZT: msg`tenge`,
};

export function currencyLabel(currency: Currency): string {
  return i18n._(CURRENCY_LABELS[currency]);
}

export { i18n };

const LIST_PAIR = msg({
  comment: "Two items of a list of names or labels, joined with the language's comma (Arabic ، Chinese 、)",
  message: "{head}, {tail}",
});

/**
 * Names or labels joined with the current language's comma: a catalogue string rather than
 * Intl.ListFormat, whose lists add "and" ("A، وB") where a label or a choice list wants none.
 */
export function joinNames(items: readonly string[]): string {
  return items.reduce((head, tail) => (head ? i18n._({ ...LIST_PAIR, values: { head, tail } }) : tail), "");
}
