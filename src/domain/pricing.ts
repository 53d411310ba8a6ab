/**
 * Line and basket prices (spec section 9, "Order totals"): a line's price is
 * (costPrice + the chosen modification prices) x count, its discount is the product's percent of that
 * price, its total is price - discount. Every amount is in integer minor units (money.ts); the
 * client shows them now and the server's order check recomputes them with the same code.
 */
import type { ProductUnit, ServiceType } from "./enums.ts";
import { assertMinor, percentOf, sumMinor, toMinor, type Minor } from "./money.ts";

export interface LineInput {
  /** So'm per unit, as the API writes it. */
  costPrice: number;
  /** Percent off the line's price (0-100). */
  discount: number;
  /** Units of `unit`: pieces for COUNT, kilograms for KG, litres for LITER, grams for GRAMM. */
  count: number;
  unit: ProductUnit;
  /** So'm each, added to costPrice once per unit. */
  modifications: readonly { price: number }[];
}

export interface LinePrice {
  price: Minor;
  discount: Minor;
  total: Minor;
}

/** How a quantity of each unit moves: the first amount, the step of +/- and the largest amount. */
export interface UnitStep {
  min: number;
  step: number;
  max: number;
  /** Decimals shown and kept (0.1 kg steps keep one). */
  decimals: number;
}

/**
 * Steps per unit. Weights and volumes go by tenths (0.1 kg = 100 g, 0.1 l), grams by 50 g (the
 * price of a GRAMM product is per gram); pieces by one.
 */
export const UNIT_STEPS: Readonly<Record<ProductUnit, UnitStep>> = {
  COUNT: { min: 1, step: 1, max: 999, decimals: 0 },
  KG: { min: 0.1, step: 0.1, max: 100, decimals: 1 },
  LITER: { min: 0.1, step: 0.1, max: 100, decimals: 1 },
  GRAMM: { min: 50, step: 50, max: 100_000, decimals: 0 },
};

/** Quantities are kept in thousandths (the database keeps 3 decimals), so steps add exactly. */
const QUANTITY_SCALE = 1000;

function toMilli(count: number): number {
  if (!Number.isFinite(count) || count < 0) throw new RangeError(`Not a quantity: ${String(count)}`);
  return Math.round(count * QUANTITY_SCALE);
}

/** A quantity snapped to its unit: rounded to the unit's decimals and clamped to [min, max]. */
export function normalizeQuantity(unit: ProductUnit, count: number): number {
  const s = UNIT_STEPS[unit];
  if (!Number.isFinite(count)) return s.min;
  const factor = 10 ** s.decimals;
  const stepped = Math.round(Math.round(count / s.step) * s.step * factor) / factor;
  return Math.min(s.max, Math.max(s.min, stepped));
}

/** The next quantity after one tap on +; null when already at the maximum. */
export function stepUp(unit: ProductUnit, count: number, limit?: number | null): number | null {
  const s = UNIT_STEPS[unit];
  const next = normalizeQuantity(unit, (toMilli(count) + toMilli(s.step)) / QUANTITY_SCALE);
  const max = limit === null || limit === undefined ? s.max : Math.min(s.max, limit);
  return next > count && next <= max ? next : null;
}

/** The quantity after one tap on -; null when the next tap removes the line (below the minimum). */
export function stepDown(unit: ProductUnit, count: number): number | null {
  const s = UNIT_STEPS[unit];
  const milli = toMilli(count) - toMilli(s.step);
  if (milli < toMilli(s.min)) return null;
  return normalizeQuantity(unit, milli / QUANTITY_SCALE);
}

/** price x quantity, exact: the quantity is scaled to thousandths and the product rounded once. */
function timesQuantity(unitPrice: Minor, count: number): Minor {
  const milli = toMilli(count);
  const n = unitPrice * milli;
  if (Number.isSafeInteger(n)) {
    const r = Math.round(n / QUANTITY_SCALE);
    return r === 0 ? 0 : r;
  }
  const big = BigInt(unitPrice) * BigInt(milli);
  const q = big / 1000n;
  const rounded = (big % 1000n) * 2n >= 1000n ? q + 1n : q;
  const result = Number(rounded);
  assertMinor(result);
  return result;
}

/** The price of one basket line. */
export function linePrice(line: LineInput): LinePrice {
  if (line.discount < 0 || line.discount > 100)
    throw new RangeError(`Discount must be 0-100: ${String(line.discount)}`);
  const unitPrice = sumMinor([toMinor(line.costPrice), ...line.modifications.map((m) => toMinor(m.price))]);
  if (unitPrice < 0) throw new RangeError("A unit price cannot be negative");
  const price = timesQuantity(unitPrice, line.count);
  const discount = percentOf(price, line.discount);
  return { price, discount, total: price - discount };
}

/** The basket's sums; `count` is the number of items (pieces count one by one, weighed goods once). */
export function basketPrice(lines: readonly LineInput[]): LinePrice & { count: number } {
  const prices = lines.map(linePrice);
  return {
    price: sumMinor(prices.map((p) => p.price)),
    discount: sumMinor(prices.map((p) => p.discount)),
    total: sumMinor(prices.map((p) => p.total)),
    count: lines.reduce((n, l) => n + itemCount(l.unit, l.count), 0),
  };
}

/** What a line adds to the basket's badge: its pieces, or 1 for a weighed or poured product. */
export function itemCount(unit: ProductUnit, count: number): number {
  return unit === "COUNT" ? Math.round(count) : 1;
}

/** What decides a product's price and sale on each service type (spec: "Favourite and channel prices"). */
export interface ServicePrices {
  costPrice: number;
  /** Sold for delivery (pickup and dine-in always sell at costPrice). */
  deliveryEnabled: boolean;
  /** Its price on Yandex Eats, sold there while enabledEats (absent: not sold there). */
  eatsPrice?: number | null;
  enabledEats?: boolean;
  /** Its price on Express 24, sold there while enabledExpress (absent: not sold there). */
  expressPrice?: number | null;
  enabledExpress?: boolean;
}

/**
 * A product's unit price on a service type, or null when it is not sold on it. The storefront's own
 * services (delivery, pickup, dine-in) sell at costPrice, delivery only while deliveryEnabled; the
 * third-party channels Yandex Eats and Express 24 at their own price, only while switched on with a
 * price. The server's order check and the client's basket read this one rule.
 */
export function serviceUnitPrice(product: ServicePrices, serviceType: ServiceType): number | null {
  switch (serviceType) {
    case "DELIVERY":
      return product.deliveryEnabled ? product.costPrice : null;
    case "PICK_UP":
    case "DINE_IN":
      return product.costPrice;
    case "YANDEX_EATS":
      return product.enabledEats === true && typeof product.eatsPrice === "number" ? product.eatsPrice : null;
    case "EXPRESS_24":
      return product.enabledExpress === true && typeof product.expressPrice === "number"
        ? product.expressPrice
        : null;
  }
}
