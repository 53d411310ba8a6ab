import { msg } from "@lingui/core/macro";
import type { Currency } from "../../domain/enums.ts";
import { DEFAULT_TIME_ZONE, localDate } from "../../domain/hours.ts";
import { formatAmountUnbroken } from "../../lib/format.ts";
import { htmlLang, currentLocale, i18n } from "../../lib/i18n.ts";

// The console reads times in its brand's time zone and counts them from the server's clock, not the
// device's: a tablet left on another zone or a few minutes fast still says "14:05" and "17 min ago"
// as the kitchen's wall clock does. Set once the brand is known (the shell), then by each board read.
let zone = DEFAULT_TIME_ZONE;
let skew = 0;
let currency: Currency = "UZS";

/** The brand the console serves: its time zone (an unknown one keeps Tashkent's) and currency. */
export function setConsoleBrand(brand: { timezone: string | null | undefined; currency: Currency }): void {
  currency = brand.currency;
  const wanted = brand.timezone || DEFAULT_TIME_ZONE;
  if (wanted === zone) return;
  try {
    new Intl.DateTimeFormat("en", { timeZone: wanted });
    zone = wanted;
  } catch {
    zone = DEFAULT_TIME_ZONE;
  }
}

/** The server's time as it answered (`serverTime` read at `receivedAt` on the device's clock). */
export function syncConsoleClock(serverTime: string, receivedAt: number): void {
  const server = Date.parse(serverTime);
  if (Number.isFinite(server) && receivedAt > 0) skew = server - receivedAt;
}

/** Now, by the server's clock. */
export function consoleNow(): number {
  return Date.now() + skew;
}

/** The brand's time zone the console shows times in. */
export function consoleTimeZone(): string {
  return zone;
}

/** An amount in the brand's currency that never wraps inside ("51 000 so'm" stays on one line). */
export function money(value: number | string | null | undefined): string {
  return formatAmountUnbroken(value, currency);
}

/** "14:05" in the console's language, on the brand's clock. */
export function clockTime(iso: string): string {
  return new Intl.DateTimeFormat(htmlLang(currentLocale()), {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  }).format(new Date(iso));
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

/** The date of a moment on another day than today at the brand (later orders for tomorrow show it). */
export function dayLabel(iso: string, now: number = consoleNow()): string | null {
  const date = new Date(iso);
  if (localDate(date, zone) === localDate(new Date(now), zone)) return null;
  return new Intl.DateTimeFormat(htmlLang(currentLocale()), {
    day: "numeric",
    month: "short",
    timeZone: zone,
  }).format(date);
}
