// Which interface language a visitor gets: the customer's own choice (the lang cookie), then the
// host app's language (Telegram's user language_code, Click's cookie: any language the brand has,
// Arabic too), then the brand's main language, ru, uz; only among the languages the brand switched on.

/** A language code from a cookie, a host app or the API (`eng`, `ar-SA`, `kk`) -> the catalog's name. */
export function catalogLanguageOf(value: string | null | undefined): string | null {
  const base = value?.trim().toLowerCase().split(/[-_;]/)[0];
  if (!base) return null;
  if (base === "eng") return "en";
  if (base === "kk") return "kz";
  return base;
}

export interface LanguageHints {
  /** The lang cookie: the customer's own choice. */
  cookie?: string | null;
  /** The host app's language (Telegram's language_code, Click's cookie). */
  host?: string | null;
  /** The brand's main language. */
  main?: string | null;
}

export function chooseLanguage<L extends string>(hints: LanguageHints, available: readonly L[]): L | null {
  const candidates = [hints.cookie, hints.host, hints.main, "ru", "uz"];
  for (const candidate of candidates) {
    const language = catalogLanguageOf(candidate);
    const found = available.find((l) => l === language);
    if (found) return found;
  }
  return available[0] ?? null;
}
