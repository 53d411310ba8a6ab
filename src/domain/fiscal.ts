// Fiscal receipts of online payments in Uzbekistan (issue 40, docs/decisions.md "Fiscal receipts"):
// every item sold online carries its MXIK (IKPU) classification code, its package code and its VAT,
// and the seller's tax id; the payment provider registers the receipt with the tax authority. The
// rules here are shared: the back office validates codes with them, the order check refuses an online
// payment without them, and the server builds Payme's `detail` and Click's `submit_items` from one
// receipt whose lines add up to the paid amount to the tiyin.
import type { ProductUnit } from "./enums.ts";
import { assertMinor, type Minor } from "./money.ts";

/** An MXIK (IKPU) code: the 17 digits of the tax committee's product and service classifier. */
export const MXIK_PATTERN = /^\d{17}$/;
/** A package (unit of measure) code of the classifier: digits only (e.g. 1209885, 2009). */
export const PACKAGE_CODE_PATTERN = /^\d{1,20}$/;
/** A company's TIN (9 digits) or a sole trader's PINFL (14 digits). */
export const TAX_ID_PATTERN = /^(\d{9}|\d{14})$/;
/** Uzbekistan's standard VAT rate since 2023. */
export const DEFAULT_VAT_PERCENT = 12;

export const isMxikCode = (value: string | null | undefined): value is string =>
  typeof value === "string" && MXIK_PATTERN.test(value);
export const isPackageCode = (value: string | null | undefined): value is string =>
  typeof value === "string" && PACKAGE_CODE_PATTERN.test(value);
export const isTaxId = (value: string | null | undefined): value is string =>
  typeof value === "string" && TAX_ID_PATTERN.test(value);
/** A TIN is 9 digits, a PINFL 14: Click's CommissionInfo names which one it is. */
export const taxIdKind = (taxId: string): "TIN" | "PINFL" => (taxId.length === 14 ? "PINFL" : "TIN");

/** A brand's fiscal data (brand file `fiscal`, back office's brand settings). */
export interface BrandFiscal {
  /** TIN (9 digits) or PINFL (14 digits) of the seller. */
  taxId: string | null;
  /** A VAT payer's receipts carry its VAT; anyone else's carry 0 %. */
  vatPayer: boolean;
  /** The rate of products without their own, percent. */
  vatPercent: number;
  /** Delivery sold as a service: its MXIK and package codes. */
  deliveryMxicCode: string | null;
  deliveryPackageCode: string | null;
  /** The service fee, when the brand charges one. */
  serviceMxicCode: string | null;
  servicePackageCode: string | null;
}

export const EMPTY_BRAND_FISCAL: BrandFiscal = {
  taxId: null,
  vatPayer: true,
  vatPercent: DEFAULT_VAT_PERCENT,
  deliveryMxicCode: null,
  deliveryPackageCode: null,
  serviceMxicCode: null,
  servicePackageCode: null,
};

/** What a product needs before it may be paid for online. */
export interface ProductCodes {
  mxicCode: string | null;
  packageCode: string | null;
}

export const productHasCodes = (p: ProductCodes): boolean =>
  isMxikCode(p.mxicCode) && isPackageCode(p.packageCode);

/** What keeps a brand from taking online payments: the brand's own gaps (products are listed apart). */
export type BrandFiscalGap = "TAX_ID" | "DELIVERY_CODE" | "SERVICE_CODE";

export function brandFiscalGaps(
  fiscal: BrandFiscal | null,
  uses: { delivery: boolean; serviceFee: boolean },
): BrandFiscalGap[] {
  const f = fiscal ?? EMPTY_BRAND_FISCAL;
  const gaps: BrandFiscalGap[] = [];
  if (!isTaxId(f.taxId)) gaps.push("TAX_ID");
  if (uses.delivery && !(isMxikCode(f.deliveryMxicCode) && isPackageCode(f.deliveryPackageCode)))
    gaps.push("DELIVERY_CODE");
  if (uses.serviceFee && !(isMxikCode(f.serviceMxicCode) && isPackageCode(f.servicePackageCode)))
    gaps.push("SERVICE_CODE");
  return gaps;
}

/**
 * `amount` split over `weights` in proportion, in whole tiyin, adding up to `amount` exactly (largest
 * remainder; ties go to the earlier weight). No share exceeds its weight while amount <= sum(weights).
 */
export function spread(amount: Minor, weights: readonly Minor[]): Minor[] {
  assertMinor(amount);
  if (amount < 0) throw new RangeError("Cannot spread a negative amount");
  const total = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (amount === 0 || total === 0n) {
    if (amount > 0) throw new RangeError("Nothing to spread the amount over");
    return weights.map(() => 0);
  }
  if (BigInt(amount) > total) throw new RangeError("The amount exceeds what it is spread over");
  const a = BigInt(amount);
  const shares = weights.map((w) => (a * BigInt(w)) / total);
  const remainders = weights.map((w, i) => ({ i, r: (a * BigInt(w)) % total }));
  let left = amount - Number(shares.reduce((s, x) => s + x, 0n));
  remainders.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** One sold thing of an order as the receipt is built from it. */
export interface FiscalSource {
  title: string;
  unit: ProductUnit;
  /** Pieces for COUNT; a weight or volume otherwise (then sold as one item of its line price). */
  count: number;
  /** The line's price before any discount and its own percent discount, tiyin. */
  price: Minor;
  ownDiscount: Minor;
  code: string;
  packageCode: string;
  unitCode: string | null;
  /** null: the brand's rate. */
  vatPercent: number | null;
}

export interface FiscalReceiptInput {
  lines: readonly FiscalSource[];
  /** The promo's part on the products, tiyin. */
  promoProductDiscount: Minor;
  /** Delivery after its own promo part, tiyin; 0 = none. */
  delivery: { title: string; price: Minor; discount: Minor } | null;
  service: { title: string; price: Minor } | null;
  cashback: Minor;
  brand: BrandFiscal;
}

/** A receipt line. `price` x `count` - `discount` = `total`. */
export interface FiscalItem {
  title: string;
  /** Per unit, tiyin. */
  price: Minor;
  count: number;
  /** The whole line's discount, tiyin. */
  discount: Minor;
  total: Minor;
  code: string;
  packageCode: string;
  unitCode: string | null;
  vatPercent: number;
  /** The VAT inside `total`, tiyin. */
  vat: Minor;
  kind: "PRODUCT" | "SERVICE" | "DELIVERY";
}

export interface FiscalReceipt {
  items: FiscalItem[];
  /** Sum of the items' totals: the amount paid. */
  total: Minor;
}

/** The VAT inside a price that includes it, rounded half up to the tiyin. */
export function vatInside(total: Minor, vatPercent: number): Minor {
  if (vatPercent <= 0 || total <= 0) return 0;
  return Math.round((total * vatPercent) / (100 + vatPercent));
}

/**
 * The order's receipt: one item per product line (weighed goods as one item of their line price),
 * the service fee and the delivery as service items. The promo's product part is spread over the
 * products, the cashback over everything, each in proportion to what it still costs, so every
 * item's total is whole tiyin, never negative, and the totals add up to the amount paid.
 */
export function fiscalReceipt(input: FiscalReceiptInput): FiscalReceipt {
  const { brand } = input;
  const vatOf = (own: number | null) => (brand.vatPayer ? (own ?? brand.vatPercent) : 0);
  type Draft = Omit<FiscalItem, "discount" | "total" | "vat"> & { gross: Minor; discount: Minor };
  const drafts: Draft[] = input.lines.map((l) => {
    const pieces = l.unit === "COUNT" && Number.isInteger(l.count) && l.count > 0 && l.price % l.count === 0;
    return {
      title: l.title,
      price: pieces ? l.price / l.count : l.price,
      count: pieces ? l.count : 1,
      gross: l.price,
      discount: l.ownDiscount,
      code: l.code,
      packageCode: l.packageCode,
      unitCode: l.unitCode,
      vatPercent: vatOf(l.vatPercent),
      kind: "PRODUCT",
    };
  });
  const productCount = drafts.length;
  const promo = spread(
    input.promoProductDiscount,
    drafts.map((d) => d.gross - d.discount),
  );
  promo.forEach((p, i) => {
    const d = drafts[i];
    if (d) d.discount += p;
  });
  if (input.service && input.service.price > 0) {
    drafts.push({
      title: input.service.title,
      price: input.service.price,
      count: 1,
      gross: input.service.price,
      discount: 0,
      code: brand.serviceMxicCode ?? "",
      packageCode: brand.servicePackageCode ?? "",
      unitCode: null,
      vatPercent: vatOf(null),
      kind: "SERVICE",
    });
  }
  if (input.delivery && input.delivery.price > 0) {
    drafts.push({
      title: input.delivery.title,
      price: input.delivery.price,
      count: 1,
      gross: input.delivery.price,
      discount: input.delivery.discount,
      code: brand.deliveryMxicCode ?? "",
      packageCode: brand.deliveryPackageCode ?? "",
      unitCode: null,
      vatPercent: vatOf(null),
      kind: "DELIVERY",
    });
  }
  const cashback = spread(
    input.cashback,
    drafts.map((d) => d.gross - d.discount),
  );
  const items = drafts
    .map((d, i): FiscalItem => {
      const discount = d.discount + (cashback[i] ?? 0);
      const total = d.gross - discount;
      const { gross: _gross, ...rest } = d;
      return { ...rest, discount, total, vat: vatInside(total, d.vatPercent) };
    })
    // A delivery given away by the promo is no line of the receipt.
    .filter((item, i) => i < productCount || item.total > 0);
  return { items, total: items.reduce((s, i) => s + i.total, 0) };
}

/**
 * The sale receipt of what a changed order adds (issue 42: a paid order's difference): every item of
 * `before` is in `after` with the same price per unit and no smaller count or total, and what grew is
 * sold now. null when the change is no pure addition (a line removed, shrunk or repriced, a discount
 * moved between lines): no sale receipt can carry it.
 */
export function receiptDifference(before: FiscalReceipt, after: FiscalReceipt): FiscalReceipt | null {
  const keyOf = (i: FiscalItem) =>
    JSON.stringify([i.kind, i.title, i.code, i.packageCode, i.unitCode, i.vatPercent, i.price]);
  const left = new Map<string, FiscalItem[]>();
  for (const item of before.items) left.set(keyOf(item), [...(left.get(keyOf(item)) ?? []), item]);
  const items: FiscalItem[] = [];
  for (const item of after.items) {
    const old = left.get(keyOf(item))?.shift();
    if (!old) {
      items.push(item);
      continue;
    }
    const count = item.count - old.count;
    const discount = item.discount - old.discount;
    const total = item.total - old.total;
    if (count < 0 || discount < 0 || total < 0 || (count === 0 && (total !== 0 || discount !== 0)))
      return null;
    if (count > 0) items.push({ ...item, count, discount, total, vat: vatInside(total, item.vatPercent) });
  }
  if ([...left.values()].some((rest) => rest.length > 0)) return null;
  return { items, total: items.reduce((s, i) => s + i.total, 0) };
}

/** Payme's `detail` (CheckPerformTransaction's answer, receipts.create): receipt type 0 is a sale. */
export interface PaymeDetail {
  receipt_type: 0;
  shipping?: { title: string; price: Minor };
  items: {
    title: string;
    price: Minor;
    count: number;
    code: string;
    package_code: string;
    vat_percent: number;
    discount?: Minor;
    units?: number;
  }[];
}

/**
 * The receipt as Payme's `detail`: delivery becomes `shipping` (Payme's field has no discount, so it
 * carries what delivery costs after its discounts); every other line an item with its discount.
 */
export function paymeDetail(receipt: FiscalReceipt): PaymeDetail {
  const delivery = receipt.items.find((i) => i.kind === "DELIVERY");
  return {
    receipt_type: 0,
    ...(delivery ? { shipping: { title: delivery.title, price: delivery.total } } : {}),
    items: receipt.items
      .filter((i) => i.kind !== "DELIVERY")
      .map((i) => ({
        title: i.title.slice(0, 128),
        price: i.price,
        count: i.count,
        code: i.code,
        package_code: i.packageCode,
        vat_percent: i.vatPercent,
        ...(i.discount > 0 ? { discount: i.discount } : {}),
        ...(i.unitCode && /^\d+$/.test(i.unitCode) ? { units: Number(i.unitCode) } : {}),
      })),
  };
}

/** The sum a Payme `detail` stands for: sum(price x count - discount) + shipping. */
export function paymeDetailSum(detail: PaymeDetail): Minor {
  return (
    detail.items.reduce((s, i) => s + i.price * i.count - (i.discount ?? 0), 0) +
    (detail.shipping?.price ?? 0)
  );
}

/** One item of Click's `ofd_data/submit_items` (Price is the line's total after discounts, tiyin). */
export interface ClickOfdItem {
  Name: string;
  SPIC: string;
  PackageCode: string;
  GoodPrice: Minor;
  Price: Minor;
  Amount: number;
  VAT: Minor;
  VATPercent: number;
  CommissionInfo: { TIN: string } | { PINFL: string };
}

export function clickOfdItems(receipt: FiscalReceipt, taxId: string): ClickOfdItem[] {
  const commission = taxIdKind(taxId) === "PINFL" ? { PINFL: taxId } : { TIN: taxId };
  return receipt.items.map((i) => ({
    Name: i.title.slice(0, 128),
    SPIC: i.code,
    PackageCode: i.packageCode,
    GoodPrice: i.price,
    Price: i.total,
    Amount: i.count,
    VAT: i.vat,
    VATPercent: i.vatPercent,
    CommissionInfo: commission,
  }));
}

/**
 * One item of Uzum's fiscalization API (`/v2/receipt`, `/v2/refund_receipt`, version 0.0.2 of its
 * published contract). ASSUMPTION: `price` is the line's cost for all its units before the discount
 * (the tax authority's receipt carries a line price, and the contract's `discount` is "for all units
 * of this product"); the line's sum is `price - discount`.
 */
export interface UzumFiscalItem {
  product_name: string;
  price: Minor;
  discount: Minor;
  count: number;
  spic: string;
  package_code: string;
  vat_percent: number;
  commission_info: { TIN: string } | { PINFL: string };
  /** 1 in-house production (the kitchen's dishes), 2 a service (delivery, the service fee). */
  owner_type: 1 | 2;
}

export function uzumFiscalItems(receipt: FiscalReceipt, taxId: string): UzumFiscalItem[] {
  const commission = taxIdKind(taxId) === "PINFL" ? { PINFL: taxId } : { TIN: taxId };
  return receipt.items.map((i) => ({
    product_name: i.title.slice(0, 63),
    price: i.total + i.discount,
    discount: i.discount,
    count: i.count,
    spic: i.code,
    package_code: i.packageCode,
    vat_percent: i.vatPercent,
    commission_info: commission,
    owner_type: i.kind === "PRODUCT" ? 1 : 2,
  }));
}

/** What an Uzum receipt charges: its lines' prices less their discounts. */
export function uzumFiscalSum(items: readonly UzumFiscalItem[]): Minor {
  return items.reduce((s, i) => s + i.price - i.discount, 0);
}
