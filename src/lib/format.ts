import type { Currency } from "../domain/enums.ts";
import { currencyLabel, currentLocale, isRtl } from "./i18n.ts";

/** Left-to-right isolate and its end: digit groups keep their order inside right-to-left text. */
const LTR_ISOLATE = "\u2066";
const END_ISOLATE = "\u2069";

function isRtlPage(): boolean {
  // Rendered on the server (src/ssr), the page will take its language's direction.
  if (typeof document === "undefined") return isRtl(currentLocale());
  return document.documentElement.dir === "rtl";
}

/** Text that must read left to right (a number, a phone) as it is, isolated on a right-to-left page. */
export function ltr(text: string): string {
  return isRtlPage() ? `${LTR_ISOLATE}${text}${END_ISOLATE}` : text;
}

/**
 * A number as the storefront shows it (spec section 5): rounded to two decimals, thousands
 * separated by spaces, "0" for an empty value. 1234567.891 -> "1 234 567.89". On a right-to-left
 * page it is isolated, or "34 100" would read "100 34".
 */
export function formatNumber(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value.replace(/\s/g, "")) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return "0";
  const rounded = Math.round(n * 100) / 100;
  const [int = "0", frac] = Math.abs(rounded).toString().split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  const sign = rounded < 0 ? "-" : "";
  return ltr(frac ? `${sign}${grouped}.${frac}` : `${sign}${grouped}`);
}

/** An amount with the merchant's currency label in the current language: "25 000 so'm". */
export function formatAmount(value: number | string | null | undefined, currency: Currency = "UZS"): string {
  return `${formatNumber(value)} ${currencyLabel(currency)}`;
}
