import { describe, expect, it } from "vitest";
import { PRODUCT_UNITS } from "./enums.ts";
import {
  basketPrice,
  serviceUnitPrice,
  itemCount,
  linePrice,
  normalizeQuantity,
  stepDown,
  stepUp,
  UNIT_STEPS,
  type LineInput,
} from "./pricing.ts";

const line = (over: Partial<LineInput> = {}): LineInput => ({
  costPrice: 25_000,
  discount: 0,
  count: 1,
  unit: "COUNT",
  modifications: [],
  ...over,
});

describe("line prices", () => {
  it("is (costPrice + modifications) x count in minor units", () => {
    expect(linePrice(line())).toEqual({ price: 2_500_000, discount: 0, total: 2_500_000 });
    expect(linePrice(line({ count: 3, modifications: [{ price: 5_000 }, { price: 1_500.5 }] }))).toEqual({
      price: 3 * (2_500_000 + 500_000 + 150_050),
      discount: 0,
      total: 3 * 3_150_050,
    });
  });

  it("takes the percent discount of the whole price, rounded half away from zero", () => {
    expect(linePrice(line({ discount: 10 }))).toEqual({
      price: 2_500_000,
      discount: 250_000,
      total: 2_250_000,
    });
    // Whole so'm only: 12.5 % of 9 so'm = 1.125 -> 1 so'm; 50 % of 1 so'm = 0.5 -> 1 so'm
    expect(linePrice(line({ costPrice: 9, discount: 12.5 })).discount).toBe(100);
    expect(linePrice(line({ costPrice: 1, discount: 50 })).discount).toBe(100);
    expect(linePrice(line({ discount: 100 })).total).toBe(0);
  });

  it("adds float prices without float noise", () => {
    expect(linePrice(line({ costPrice: 0.1, modifications: [{ price: 0.2 }] })).price).toBe(30);
    expect(linePrice(line({ costPrice: 1.005 })).price).toBe(100);
  });

  it("prices weighed and poured goods by their fractional quantity", () => {
    expect(linePrice(line({ unit: "KG", costPrice: 120_000, count: 0.3 })).price).toBe(3_600_000);
    expect(linePrice(line({ unit: "LITER", costPrice: 9_999.99, count: 1.5 })).price).toBe(1_499_999); // 14 999.985 -> .99
    expect(linePrice(line({ unit: "GRAMM", costPrice: 150, count: 250 })).price).toBe(3_750_000);
    // 0.1 + 0.2 kg is exactly 0.3 kg
    expect(linePrice(line({ unit: "KG", costPrice: 10, count: 0.1 + 0.2 })).price).toBe(300);
  });

  it("refuses what is not a price", () => {
    expect(() => linePrice(line({ discount: 101 }))).toThrow(RangeError);
    expect(() => linePrice(line({ discount: -1 }))).toThrow(RangeError);
    expect(() => linePrice(line({ count: -1 }))).toThrow(RangeError);
    expect(() => linePrice(line({ count: Number.NaN }))).toThrow(RangeError);
    expect(() => linePrice(line({ costPrice: Number.POSITIVE_INFINITY }))).toThrow(RangeError);
    expect(() => linePrice(line({ costPrice: 1, modifications: [{ price: -5 }] }))).toThrow(RangeError);
  });

  it("stays exact for amounts beyond 2^53 / 1000 via BigInt", () => {
    const huge = linePrice(line({ costPrice: 90_000_000_000, count: 999, unit: "COUNT" }));
    expect(huge.price).toBe(9_000_000_000_000 * 999);
    expect(Number.isSafeInteger(huge.price)).toBe(true);
  });
});

describe("basket sums", () => {
  it("adds lines, discounts and totals, and counts pieces", () => {
    const lines = [
      line({ count: 2, discount: 10 }),
      line({ costPrice: 12_000, modifications: [{ price: 3_000 }] }),
      line({ unit: "KG", costPrice: 80_000, count: 0.5 }),
    ];
    const sum = basketPrice(lines);
    expect(sum.price).toBe(5_000_000 + 1_500_000 + 4_000_000);
    expect(sum.discount).toBe(500_000);
    expect(sum.total).toBe(sum.price - sum.discount);
    expect(sum.count).toBe(2 + 1 + 1);
    expect(basketPrice([])).toEqual({ price: 0, discount: 0, total: 0, count: 0 });
  });

  it("stays exact over a large basket of odd prices", () => {
    const lines = Array.from({ length: 2_000 }, (_, i) =>
      line({
        costPrice: 1_000.01 + i,
        discount: i % 7,
        count: (i % 5) + 1,
        modifications: [{ price: 0.33 }],
      }),
    );
    const sum = basketPrice(lines);
    let price = 0;
    let discount = 0;
    for (let i = 0; i < 2_000; i++) {
      const unit = 100_001 + i * 100 + 33;
      const p = unit * ((i % 5) + 1);
      price += p;
      discount += Math.round((p * (i % 7)) / 10_000) * 100;
    }
    expect(sum.price).toBe(price);
    expect(sum.discount).toBe(discount);
    expect(Number.isSafeInteger(sum.total)).toBe(true);
  });

  it("counts a weighed product once in the badge", () => {
    expect(itemCount("COUNT", 3)).toBe(3);
    expect(itemCount("KG", 2.5)).toBe(1);
    expect(itemCount("GRAMM", 300)).toBe(1);
  });
});

describe("unit steps", () => {
  it("steps pieces by one, kilograms and litres by 0.1, grams by 50", () => {
    expect(stepUp("COUNT", 1)).toBe(2);
    expect(stepDown("COUNT", 2)).toBe(1);
    expect(stepDown("COUNT", 1)).toBeNull();
    expect(stepUp("KG", 0.1)).toBe(0.2);
    expect(stepUp("KG", 0.2)).toBe(0.3); // not 0.30000000000000004
    expect(stepDown("LITER", 0.3)).toBe(0.2);
    expect(stepDown("LITER", 0.1)).toBeNull();
    expect(stepUp("GRAMM", 50)).toBe(100);
    expect(stepDown("GRAMM", 50)).toBeNull();
  });

  it("stops at the stock limit and at the unit's maximum", () => {
    expect(stepUp("COUNT", 3, 3)).toBeNull();
    expect(stepUp("COUNT", 2, 3)).toBe(3);
    expect(stepUp("KG", 1.9, 2)).toBe(2);
    expect(stepUp("KG", 2, 2)).toBeNull();
    expect(stepUp("COUNT", UNIT_STEPS.COUNT.max)).toBeNull();
    expect(stepUp("COUNT", 1, null)).toBe(2);
  });

  it("snaps any quantity onto its unit's grid within [min, max]", () => {
    expect(normalizeQuantity("COUNT", 2.4)).toBe(2);
    expect(normalizeQuantity("COUNT", 0)).toBe(1);
    expect(normalizeQuantity("KG", 0.26)).toBe(0.3);
    expect(normalizeQuantity("GRAMM", 120)).toBe(100);
    expect(normalizeQuantity("LITER", 10_000)).toBe(UNIT_STEPS.LITER.max);
    expect(normalizeQuantity("COUNT", Number.NaN)).toBe(1);
    for (const unit of PRODUCT_UNITS) {
      const { min, max } = UNIT_STEPS[unit];
      expect(normalizeQuantity(unit, min)).toBe(min);
      expect(normalizeQuantity(unit, max)).toBe(max);
    }
  });
});

describe("serviceUnitPrice", () => {
  const dish = {
    costPrice: 30000,
    deliveryEnabled: true,
    eatsPrice: 34000,
    enabledEats: false,
    expressPrice: 35000,
    enabledExpress: true,
  };
  it("sells at costPrice for pickup and dine-in, and for delivery only while deliveryEnabled", () => {
    expect(serviceUnitPrice(dish, "PICK_UP")).toBe(30000);
    expect(serviceUnitPrice(dish, "DINE_IN")).toBe(30000);
    expect(serviceUnitPrice(dish, "DELIVERY")).toBe(30000);
    expect(serviceUnitPrice({ ...dish, deliveryEnabled: false }, "DELIVERY")).toBeNull();
    expect(serviceUnitPrice({ ...dish, deliveryEnabled: false }, "PICK_UP")).toBe(30000);
  });
  it("sells on a third-party channel at its own price, only while switched on with one", () => {
    expect(serviceUnitPrice(dish, "EXPRESS_24")).toBe(35000);
    expect(serviceUnitPrice(dish, "YANDEX_EATS")).toBeNull();
    expect(serviceUnitPrice({ ...dish, enabledEats: true }, "YANDEX_EATS")).toBe(34000);
    expect(serviceUnitPrice({ ...dish, expressPrice: null }, "EXPRESS_24")).toBeNull();
    // A storefront menu's product carries no channel prices: not sold there.
    expect(serviceUnitPrice({ costPrice: 1, deliveryEnabled: true }, "EXPRESS_24")).toBeNull();
  });
});
