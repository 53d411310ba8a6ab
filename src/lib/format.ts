import type { Currency } from "../domain/enums.ts";
import { currencyLabel } from "./i18n.ts";

/**
 * A number as the storefront shows it (spec section 5): rounded to two decimals, thousands
 * separated by spaces, "0" for an empty value. 1234567.891 -> "1 234 567.89".
 */
export function formatNumber(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value.replace(/\s/g, "")) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return "0";
  const rounded = Math.round(n * 100) / 100;
  const [int = "0", frac] = Math.abs(rounded).toString().split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  const sign = rounded < 0 ? "-" : "";
  return frac ? `${sign}${grouped}.${frac}` : `${sign}${grouped}`;
}

/** An amount with the merchant's currency label in the current language: "25 000 so'm". */
export function formatAmount(value: number | string | null | undefined, currency: Currency = "UZS"): string {
  return `${formatNumber(value)} ${currencyLabel(currency)}`;
}
