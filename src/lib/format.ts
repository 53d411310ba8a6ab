import type { Currency } from "../domain/enums.ts";
import { groupDigits, groupDigitsUnbroken, NO_BREAK_SPACE } from "../domain/money-format.ts";
import { currencyLabel, currentLocale, isRtl } from "./i18n.ts";

/** Left-to-right isolate and its end: digit groups keep their order inside right-to-left text. */
const LTR_ISOLATE = "\u2066";
const END_ISOLATE = "\u2069";

function isRtlPage(): boolean {
  // The language decides (a screen may render before the page takes its direction: the courier's
  // call button read "16 13 203 77 998+" in Arabic); a page set right-to-left by hand counts too.
  if (isRtl(currentLocale())) return true;
  return typeof document !== "undefined" && document.documentElement.dir === "rtl";
}

/** Text that must read left to right (a number, a phone) as it is, isolated on a right-to-left page. */
export function ltr(text: string): string {
  return isRtlPage() ? `${LTR_ISOLATE}${text}${END_ISOLATE}` : text;
}

/**
 * A number as the storefront shows it (domain/money-format.ts): "1 234 567.89", "0" for an empty
 * value. On a right-to-left page it is isolated, or "34 100" would read "100 34".
 */
export function formatNumber(value: number | string | null | undefined): string {
  return ltr(groupDigits(value));
}

/** An amount with the merchant's currency label in the current language: "25 000 so'm". */
export function formatAmount(value: number | string | null | undefined, currency: Currency = "UZS"): string {
  return `${formatNumber(value)} ${currencyLabel(currency)}`;
}

/** formatNumber that never wraps inside the number (no-break spaces between the digit groups). */
export function formatNumberUnbroken(value: number | string | null | undefined): string {
  return ltr(groupDigitsUnbroken(value));
}

/** formatAmount that never wraps, inside the number or before the currency: "51 000 so'm" whole. */
export function formatAmountUnbroken(
  value: number | string | null | undefined,
  currency: Currency = "UZS",
): string {
  return `${formatNumberUnbroken(value)}${NO_BREAK_SPACE}${currencyLabel(currency)}`;
}

/**
 * A promised window in the merchant's time zone: "19:40–19:55", with the day ("29.11 09:00–09:10")
 * when it is not today there. One left-to-right run on a right-to-left page.
 */
export function formatTimeWindow(fromIso: string, toIso: string, timeZone: string, now = new Date()): string {
  const parts = (iso: string | Date) => {
    const found = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      day: "2-digit",
      month: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date(iso));
    const get = (type: string) => found.find((p) => p.type === type)?.value ?? "";
    return { day: `${get("day")}.${get("month")}`, time: `${get("hour")}:${get("minute")}` };
  };
  const from = parts(fromIso);
  const to = parts(toIso);
  const day = from.day === parts(now).day ? "" : `${from.day} `;
  return ltr(`${day}${from.time}–${to.time}`);
}
