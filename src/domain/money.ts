import type { ContentLanguage, Currency } from "./enums.ts";
/**
 * Money in integer minor units (tiyin: 1 so'm = 100). The API speaks so'm as numbers with at most two
 * decimals; every sum, product and percentage is computed here on integers, so no float is ever added.
 */

/** An amount in minor units (tiyin). Always an integer. */
export type Minor = number;

/** So'm (API number, at most 2 decimals) -> minor units. Rounds away float noise such as 0.1 + 0.2. */
export function toMinor(amount: number): Minor {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${String(amount)}`);
  const minor = Math.round(amount * 100);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount out of range: ${String(amount)}`);
  // Math.round(-0.5) is -0; keep zero plain so JSON and equality stay simple.
  return minor === 0 ? 0 : minor;
}

/** Minor units -> so'm as the API writes it. */
export function fromMinor(minor: Minor): number {
  assertMinor(minor);
  return minor / 100;
}

export function assertMinor(minor: Minor): void {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`Not an integer amount of minor units: ${String(minor)}`);
}

/**
 * `percent` % of an amount, rounded half away from zero to a whole currency unit: discounts and
 * cashback never leave a fraction of a so'm (or tenge) on a price, and the client and the server
 * both round here. `percent` may have decimals (12.5 %); it is scaled to an integer before multiplying.
 */
/** Basis points of a percent (10 000) times the minor units of one whole unit (100). */
const WHOLE_UNIT_DIVISOR = 1_000_000n;

export function percentOf(minor: Minor, percent: number): Minor {
  assertMinor(minor);
  if (!Number.isFinite(percent)) throw new RangeError(`Not a percentage: ${String(percent)}`);
  const scaledPercent = Math.round(percent * 100); // basis points of a percent: 12.5 % -> 1250
  const numerator = minor * scaledPercent;
  if (!Number.isSafeInteger(numerator)) {
    // Huge amounts: fall back to BigInt so the rounding stays exact.
    const n = BigInt(minor) * BigInt(scaledPercent);
    const q = n / WHOLE_UNIT_DIVISOR;
    const r = n % WHOLE_UNIT_DIVISOR;
    const abs = r < 0n ? -r : r;
    const rounded = abs * 2n >= WHOLE_UNIT_DIVISOR ? q + (n < 0n ? -1n : 1n) : q;
    return Number(rounded * 100n);
  }
  const units = Math.sign(numerator) * Math.round(Math.abs(numerator) / 1_000_000);
  return units === 0 ? 0 : units * 100;
}

/** The sum of amounts in minor units. */
export function sumMinor(amounts: Iterable<Minor>): Minor {
  let total = 0;
  for (const a of amounts) {
    assertMinor(a);
    total += a;
  }
  assertMinor(total);
  return total;
}

/** Never below zero. */
export function clampToZero(minor: Minor): Minor {
  return minor < 0 ? 0 : minor;
}

/**
 * The currency's name in each content language, for a message that quotes an amount (the API's
 * errors use uz, ru and eng; the bot's messages any of them). The storefront's catalogs say the same.
 */
export const CURRENCY_NAMES: Record<Currency, Record<ContentLanguage, string>> = {
  UZS: { uz: "so'm", ru: "сум", eng: "so'm", ar: "سوم", kz: "сум", tr: "sum", zh: "苏姆" },
  KZT: { uz: "tenge", ru: "тенге", eng: "tenge", ar: "تينغي", kz: "теңге", tr: "tenge", zh: "坚戈" },
};
