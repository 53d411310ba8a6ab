// Order totals (spec section 9): products priced by the shared pricing rules, then delivery, the
// service fee, the promo and the cashback. Integer minor units throughout; so'm only at the edges.
// The server decides every order with this; the checkout shows the same numbers before it asks.
import type { DiscountType, ServiceType } from "./enums.ts";
import { clampToZero, fromMinor, percentOf, toMinor, type Minor } from "./money.ts";
import { isDeliveryService } from "./order-status.ts";
import { basketPrice, type LineInput } from "./pricing.ts";

/** The promo as it applies to money (validity is checked separately by promoProblem). */
export interface PromoTerms {
  discountType: DiscountType;
  /** AMOUNT: so'm off the products; PERCENTAGE: percent of the products. */
  productDiscount: number;
  /** AMOUNT: so'm off delivery; PERCENTAGE: percent of delivery. */
  deliveryDiscount: number;
}

/** The order settings that change money. */
export interface FeeRules {
  serviceFeeEnabled: boolean;
  /** So'm added per order when serviceFeeEnabled. */
  feeAmount: number;
  /** Product total (after product discounts) from which delivery is free; null = never. */
  feeFreeThreshold: number | null;
  /** The least a paid delivery costs, so'm. */
  minimalDeliveryPrice: number;
}

export interface TotalsInput {
  lines: readonly LineInput[];
  serviceType: ServiceType;
  /** The price of the delivery region holding the address, so'm (ignored unless delivering). */
  regionDeliveryPrice: number;
  fees: FeeRules;
  promo: PromoTerms | null;
  /** Cashback the customer asks to spend, so'm (0 = none). */
  cashbackRequested: number;
  /** The customer's cashback balance, so'm. */
  cashbackBalance: number;
  /** cashbackActive of the web settings: off = no cashback is spent. */
  cashbackEnabled: boolean;
}

/** Every amount of an order, in minor units. */
export interface TotalsMinor {
  productCount: number;
  /** Lines before any discount. */
  productPrice: Minor;
  /** The products' own percent discounts. */
  productDiscount: Minor;
  /** The promo's part on the products (never more than what the products still cost). */
  promoProductDiscount: Minor;
  /** productDiscount + promoProductDiscount. */
  totalProductDiscount: Minor;
  /** productPrice - totalProductDiscount, never below zero. */
  totalProductPrice: Minor;
  /** Delivery fee (0 unless delivering; 0 from the fee-free threshold). */
  deliveryPrice: Minor;
  /** The promo's part on delivery, capped at the delivery price. */
  deliveryDiscount: Minor;
  servicePrice: Minor;
  /** promoProductDiscount + deliveryDiscount. */
  promo: Minor;
  /** Cashback spent: never above the balance nor above what is left to pay. */
  cashback: Minor;
  /** totalProductDiscount + deliveryDiscount. */
  totalDiscount: Minor;
  /** productPrice + deliveryPrice + servicePrice - totalDiscount - cashback. */
  totalPrice: Minor;
}

export type Totals = { [K in keyof TotalsMinor]: number };

/** The product total the fee-free threshold and the promo's minimum compare with (after product discounts). */
export function productsNet(lines: readonly LineInput[]): Minor {
  return basketPrice(lines).total;
}

export function deliveryFee(
  serviceType: ServiceType,
  regionDeliveryPrice: number,
  productNet: Minor,
  fees: Pick<FeeRules, "feeFreeThreshold" | "minimalDeliveryPrice">,
): Minor {
  if (!isDeliveryService(serviceType)) return 0;
  if (
    fees.feeFreeThreshold !== null &&
    fees.feeFreeThreshold > 0 &&
    productNet >= toMinor(fees.feeFreeThreshold)
  )
    return 0;
  return Math.max(clampToZero(toMinor(regionDeliveryPrice)), clampToZero(toMinor(fees.minimalDeliveryPrice)));
}

function promoPart(kind: DiscountType, value: number, base: Minor): Minor {
  if (value <= 0 || base <= 0) return 0;
  const off = kind === "AMOUNT" ? toMinor(value) : percentOf(base, Math.min(value, 100));
  return Math.min(clampToZero(off), base);
}

export function orderTotalsMinor(input: TotalsInput): TotalsMinor {
  const basket = basketPrice(input.lines);
  const productPrice = basket.price;
  const productDiscount = basket.discount;
  const afterOwnDiscounts = clampToZero(basket.total);

  const promoProductDiscount = input.promo
    ? promoPart(input.promo.discountType, input.promo.productDiscount, afterOwnDiscounts)
    : 0;
  const totalProductDiscount = productDiscount + promoProductDiscount;
  const totalProductPrice = clampToZero(productPrice - totalProductDiscount);

  const deliveryPrice = deliveryFee(
    input.serviceType,
    input.regionDeliveryPrice,
    afterOwnDiscounts,
    input.fees,
  );
  const deliveryDiscount = input.promo
    ? promoPart(input.promo.discountType, input.promo.deliveryDiscount, deliveryPrice)
    : 0;
  const servicePrice = input.fees.serviceFeeEnabled ? clampToZero(toMinor(input.fees.feeAmount)) : 0;

  const beforeCashback = totalProductPrice + deliveryPrice - deliveryDiscount + servicePrice;
  const cashback = input.cashbackEnabled
    ? Math.min(
        clampToZero(toMinor(input.cashbackRequested)),
        clampToZero(toMinor(input.cashbackBalance)),
        clampToZero(beforeCashback),
      )
    : 0;
  const totalDiscount = totalProductDiscount + deliveryDiscount;
  return {
    productCount: basket.count,
    productPrice,
    productDiscount,
    promoProductDiscount,
    totalProductDiscount,
    totalProductPrice,
    deliveryPrice,
    deliveryDiscount,
    servicePrice,
    promo: promoProductDiscount + deliveryDiscount,
    cashback,
    totalDiscount,
    totalPrice: clampToZero(productPrice + deliveryPrice + servicePrice - totalDiscount - cashback),
  };
}

/** The same totals in so'm, as the API writes them (productCount stays a count). */
export function orderTotals(input: TotalsInput): Totals {
  const m = orderTotalsMinor(input);
  const out = {} as Totals;
  for (const key of Object.keys(m) as (keyof TotalsMinor)[]) {
    out[key] = key === "productCount" ? m[key] : fromMinor(m[key]);
  }
  return out;
}

/** A promo with its validity window. */
export interface PromoValidity {
  isActive: boolean;
  startDate: Date | string | null;
  endDate: Date | string | null;
  /** Minimum product total (after product discounts), so'm. */
  minPrice: number;
}

export type PromoProblem = "PROMO_NOT_ACTIVE" | "PROMO_NOT_STARTED" | "PROMO_EXPIRED" | "PROMO_MIN_PRICE";

/** Why a promo cannot apply now to these products, or null when it can. */
export function promoProblem(promo: PromoValidity, now: Date, productNet: Minor | null): PromoProblem | null {
  if (!promo.isActive) return "PROMO_NOT_ACTIVE";
  if (promo.startDate !== null && new Date(promo.startDate).getTime() > now.getTime())
    return "PROMO_NOT_STARTED";
  if (promo.endDate !== null && new Date(promo.endDate).getTime() < now.getTime()) return "PROMO_EXPIRED";
  if (productNet !== null && promo.minPrice > 0 && productNet < toMinor(promo.minPrice))
    return "PROMO_MIN_PRICE";
  return null;
}

/** Cashback an order earns when it completes: percent of the products' total. */
export function cashbackEarned(totalProductPrice: Minor, cashbackPercent: number): Minor {
  if (cashbackPercent <= 0) return 0;
  return clampToZero(percentOf(totalProductPrice, Math.min(cashbackPercent, 100)));
}
