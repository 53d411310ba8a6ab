import { msg } from "@lingui/core/macro";
import { htmlLang, currentLocale, i18n } from "../../lib/i18n.ts";

/** "14:05" in the console's language. */
export function clockTime(iso: string): string {
  return new Intl.DateTimeFormat(htmlLang(currentLocale()), { hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );
}

/**
 * "in 25 min", "5 min ago", "2 h ago" in the console's language, from the catalogues: the browsers'
 * own relative-time data has no Uzbek (Chromium answered "this minute" and "-17 min" in uz).
 */
export function relativeTime(iso: string, now: number): string {
  const delta = Math.round((new Date(iso).getTime() - now) / 60_000);
  if (delta === 0) return i18n._(msg`just now`);
  if (Math.abs(delta) < 90) {
    const minutes = Math.abs(delta);
    return delta > 0 ? i18n._(msg`in ${minutes} min`) : i18n._(msg`${minutes} min ago`);
  }
  const hours = Math.round(Math.abs(delta) / 60);
  return delta > 0 ? i18n._(msg`in ${hours} h`) : i18n._(msg`${hours} h ago`);
}

/** Whether a date is another day than today (later orders for tomorrow show their date). */
export function dayLabel(iso: string): string | null {
  const date = new Date(iso);
  const today = new Date();
  if (date.toDateString() === today.toDateString()) return null;
  return new Intl.DateTimeFormat(htmlLang(currentLocale()), { day: "numeric", month: "short" }).format(date);
}
