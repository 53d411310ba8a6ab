/* eslint-disable @typescript-eslint/no-non-null-assertion -- the receipts under test have these lines; a missing one should fail loudly */
import { describe, expect, it } from "vitest";
import {
  brandFiscalGaps,
  clickOfdItems,
  EMPTY_BRAND_FISCAL,
  fiscalReceipt,
  isMxikCode,
  isTaxId,
  paymeDetail,
  paymeDetailSum,
  receiptDifference,
  spread,
  uzumFiscalItems,
  uzumFiscalSum,
  vatInside,
  type BrandFiscal,
  type FiscalSource,
} from "./fiscal.ts";

const BRAND: BrandFiscal = {
  taxId: "310618348",
  vatPayer: true,
  vatPercent: 12,
  deliveryMxicCode: "10112006002000000",
  deliveryPackageCode: "1209885",
  serviceMxicCode: "10112006001000000",
  servicePackageCode: "1209885",
};

const line = (over: Partial<FiscalSource>): FiscalSource => ({
  title: "Lavash",
  unit: "COUNT",
  count: 1,
  price: 3_000_000,
  ownDiscount: 0,
  code: "10202001001000000",
  packageCode: "1514296",
  unitCode: null,
  vatPercent: null,
  ...over,
});

describe("fiscal codes", () => {
  it("takes an MXIK code of exactly 17 digits and a TIN of 9 or a PINFL of 14", () => {
    expect(isMxikCode("10202001001000000")).toBe(true);
    expect(isMxikCode("1020200100100000")).toBe(false);
    expect(isMxikCode("1020200100100000a")).toBe(false);
    expect(isTaxId("310618348")).toBe(true);
    expect(isTaxId("30101850210042")).toBe(true);
    expect(isTaxId("3106183481")).toBe(false);
  });

  it("names what a brand lacks before it may take online payments", () => {
    expect(brandFiscalGaps(null, { delivery: true, serviceFee: false })).toEqual(["TAX_ID", "DELIVERY_CODE"]);
    expect(brandFiscalGaps(BRAND, { delivery: true, serviceFee: true })).toEqual([]);
    expect(brandFiscalGaps(EMPTY_BRAND_FISCAL, { delivery: false, serviceFee: true })).toEqual([
      "TAX_ID",
      "SERVICE_CODE",
    ]);
  });
});

describe("spreading a discount to the tiyin", () => {
  it("adds up exactly, never gives a line more than it costs", () => {
    expect(spread(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(spread(7, [3, 3, 1])).toEqual([3, 3, 1]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
    const big = spread(999_999_999_99, [123_456_789_01, 876_543_210_98]);
    expect(big[0]! + big[1]!).toBe(999_999_999_99);
    expect(() => spread(11, [5, 5])).toThrow(RangeError);
  });
});

describe("the receipt of an order", () => {
  it("adds up to the amount paid with own discounts, a promo, cashback, a fee and delivery", () => {
    // 3 lavash at 30 001.01 so'm with 7 % off, 1.3 kg of salad, a promo of 1 234.57 so'm, 999.99
    // so'm of cashback, a fee of 1 000 so'm, delivery 12 000 with 2 000.01 off: nothing divides evenly.
    const lavash = line({ count: 3, price: 9_000_303, ownDiscount: 630_021 });
    const salad = line({ title: "Salad", unit: "KG", count: 1.3, price: 1_950_013, vatPercent: 0 });
    const receipt = fiscalReceipt({
      lines: [lavash, salad],
      promoProductDiscount: 123_457,
      delivery: { title: "Delivery", price: 1_200_000, discount: 200_001 },
      service: { title: "Service", price: 100_000 },
      cashback: 99_999,
      brand: BRAND,
    });
    const expected = 9_000_303 - 630_021 + 1_950_013 - 123_457 + 1_200_000 - 200_001 + 100_000 - 99_999;
    expect(receipt.total).toBe(expected);
    for (const item of receipt.items) {
      expect(item.price * item.count - item.discount).toBe(item.total);
      expect(item.total).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(item.discount)).toBe(true);
    }
    expect(receipt.items.map((i) => [i.kind, i.count, i.price, i.vatPercent])).toEqual([
      ["PRODUCT", 3, 3_000_101, 12],
      ["PRODUCT", 1, 1_950_013, 0],
      ["SERVICE", 1, 100_000, 12],
      ["DELIVERY", 1, 1_200_000, 12],
    ]);
    const detail = paymeDetail(receipt);
    expect(paymeDetailSum(detail)).toBe(expected);
    expect(detail.shipping?.price).toBe(receipt.items[3]!.total);
    expect(detail.items).toHaveLength(3);
    const click = clickOfdItems(receipt, "310618348");
    expect(click.reduce((s, i) => s + i.Price, 0)).toBe(expected);
    expect(click[0]!.CommissionInfo).toEqual({ TIN: "310618348" });
    // Uzum: each line's price for all its units less its discount; the card amount before discounts.
    const uzum = uzumFiscalItems(receipt, "31206821400049");
    expect(uzumFiscalSum(uzum)).toBe(expected);
    expect(uzum[0]).toMatchObject({ price: 9_000_303, count: 3, owner_type: 1 });
    expect(uzum[0]!.price - uzum[0]!.discount).toBe(receipt.items[0]!.total);
    expect(uzum.map((i) => i.owner_type)).toEqual([1, 1, 2, 2]);
    expect(uzum[0]!.commission_info).toEqual({ PINFL: "31206821400049" });
  });

  it("leaves out a delivery the promo gave away and puts no VAT on a non-payer's receipt", () => {
    const receipt = fiscalReceipt({
      lines: [line({})],
      promoProductDiscount: 0,
      delivery: { title: "Delivery", price: 500_000, discount: 500_000 },
      service: null,
      cashback: 0,
      brand: { ...BRAND, vatPayer: false },
    });
    expect(receipt.items).toHaveLength(1);
    expect(receipt.items[0]!.vatPercent).toBe(0);
    expect(receipt.items[0]!.vat).toBe(0);
    expect(paymeDetail(receipt).shipping).toBeUndefined();
  });

  it("counts the VAT inside a price", () => {
    expect(vatInside(2_000_000, 12)).toBe(214_286);
    expect(vatInside(2_000_000, 0)).toBe(0);
  });
});

describe("the receipt of what a change adds to a paid order", () => {
  const receipt = (lines: FiscalSource[]) =>
    fiscalReceipt({
      lines,
      promoProductDiscount: 0,
      delivery: { title: "Delivery", price: 1_000_000, discount: 0 },
      service: null,
      cashback: 0,
      brand: BRAND,
    });
  const before = receipt([line({})]);

  it("sells the added pieces and the new lines, adding up to the difference", () => {
    const after = receipt([line({ count: 3, price: 9_000_000 }), line({ title: "Tea", price: 500_000 })]);
    const added = receiptDifference(before, after)!;
    expect(added.items.map((i) => [i.title, i.count, i.price, i.total])).toEqual([
      ["Lavash", 2, 3_000_000, 6_000_000],
      ["Tea", 1, 500_000, 500_000],
    ]);
    expect(added.total).toBe(after.total - before.total);
    expect(paymeDetailSum(paymeDetail(added))).toBe(added.total);
  });

  it("is none for a removed, shrunk or repriced line, or a delivery that changed", () => {
    expect(receiptDifference(before, receipt([line({ title: "Tea", price: 500_000 })]))).toBeNull();
    expect(receiptDifference(receipt([line({ count: 2, price: 6_000_000 })]), before)).toBeNull();
    expect(receiptDifference(before, receipt([line({ price: 3_100_000 })]))).toBeNull();
    const freeDelivery = fiscalReceipt({
      lines: [line({ count: 2, price: 6_000_000 })],
      promoProductDiscount: 0,
      delivery: { title: "Delivery", price: 1_000_000, discount: 1_000_000 },
      service: null,
      cashback: 0,
      brand: BRAND,
    });
    expect(receiptDifference(before, freeDelivery)).toBeNull();
  });
});
