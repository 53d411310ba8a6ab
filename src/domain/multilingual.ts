import type { ContentLanguage } from "./enums.ts";

/** A text in several languages, as the API carries it: `{ ru, uz, eng }` and optionally more. */
export type Multilingual = Partial<Record<ContentLanguage, string>>;

const FALLBACK: readonly ContentLanguage[] = ["ru", "uz", "eng"];

/** The text in `lang`, falling back current -> ru -> uz -> eng (docs/decisions.md), or "". */
export function pickText(text: Multilingual | null | undefined, lang: ContentLanguage): string {
  if (!text) return "";
  for (const key of [lang, ...FALLBACK]) {
    const value = text[key];
    if (value) return value;
  }
  return "";
}
