import { useLingui } from "@lingui/react";
import type { ContentLanguage } from "../domain/enums.ts";
import { DEFAULT_LOCALE, isLocale, toContentLanguage } from "./i18n.ts";

/** The key of the API's multilingual texts for the active language; re-renders when it changes. */
export function useContentLanguage(): ContentLanguage {
  const { i18n } = useLingui();
  return toContentLanguage(isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
}
