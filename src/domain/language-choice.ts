// Which interface language a visitor gets: the customer's own choice (the lang cookie), then the
// host app's language (Telegram's user language_code, Click's cookie: any language the brand has,
// Arabic too), then the browser's languages in the order it prefers them (Accept-Language,
// navigator.languages), then the brand's main language, ru, uz; only among the languages the brand
// switched on. One rule for the client's boot and the server's guess of the first catalog.

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
  /** The browser's languages, most preferred first (navigator.languages, Accept-Language). */
  browser?: readonly string[];
  /** The brand's main language. */
  main?: string | null;
}

export function chooseLanguage<L extends string>(hints: LanguageHints, available: readonly L[]): L | null {
  const candidates = [hints.cookie, hints.host, ...(hints.browser ?? []), hints.main, "ru", "uz"];
  for (const candidate of candidates) {
    const language = catalogLanguageOf(candidate);
    const found = available.find((l) => l === language);
    if (found) return found;
  }
  return available[0] ?? null;
}

/**
 * An Accept-Language header's languages, most preferred first ("ar-SA,ar;q=0.9,en;q=0.8" ->
 * ["ar-SA", "ar", "en"]); "*" and languages refused with q=0 are left out. Bounded: a header's first
 * 16 entries.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  const entries = (header ?? "")
    .split(",")
    .slice(0, 16)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag !== "" && e.tag !== "*" && Number.isFinite(e.q) && e.q > 0);
  // A stable sort: equal weights keep the header's order.
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}
