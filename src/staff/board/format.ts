import { htmlLang, currentLocale } from "../../lib/i18n.ts";

/** "14:05" in the console's language. */
export function clockTime(iso: string): string {
  return new Intl.DateTimeFormat(htmlLang(currentLocale()), { hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );
}

/** "in 25 min", "5 min ago", "2 h ago" in the console's language. */
export function relativeTime(iso: string, now: number): string {
  const minutes = Math.round((new Date(iso).getTime() - now) / 60_000);
  const rtf = new Intl.RelativeTimeFormat(htmlLang(currentLocale()), { numeric: "auto", style: "short" });
  return Math.abs(minutes) < 90
    ? rtf.format(minutes, "minute")
    : rtf.format(Math.round(minutes / 60), "hour");
}

/** Whether a date is another day than today (later orders for tomorrow show their date). */
export function dayLabel(iso: string): string | null {
  const date = new Date(iso);
  const today = new Date();
  if (date.toDateString() === today.toDateString()) return null;
  return new Intl.DateTimeFormat(htmlLang(currentLocale()), { day: "numeric", month: "short" }).format(date);
}
