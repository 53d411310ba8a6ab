import { describe, expect, it } from "vitest";
import type { DiscountType, ServiceType } from "./enums.ts";
import {
  cashbackEarned,
  deliveryFee,
  orderTotals,
  orderTotalsMinor,
  promoProblem,
  type FeeRules,
  type PromoTerms,
  type TotalsInput,
} from "./order-totals.ts";
import type { LineInput } from "./pricing.ts";

const line = (costPrice: number, count = 1, discount = 0, mods: number[] = []): LineInput => ({
  costPrice,
  discount,
  count,
  unit: "COUNT",
  modifications: mods.map((price) => ({ price })),
});

const noFees: FeeRules = {
  serviceFeeEnabled: false,
  feeAmount: 0,
  feeFreeThreshold: null,
  minimalDeliveryPrice: 0,
};

function input(over: Partial<TotalsInput> = {}): TotalsInput {
  return {
    lines: [line(30_000, 2), line(20_000, 1, 10, [5_000])],
    serviceType: "DELIVERY",
    regionDeliveryPrice: 10_000,
    fees: noFees,
    promo: null,
    cashbackRequested: 0,
    cashbackBalance: 0,
    cashbackEnabled: true,
    ...over,
  };
}

// Lines: 2 x 30 000 = 60 000; (20 000 + 5 000) x 1 = 25 000 with 10 % = 2 500 off. Products 85 000, own discounts 2 500.
describe("order totals", () => {
  it("prices the products with the shared pricing rules and adds delivery", () => {
    const t = orderTotals(input());
    expect(t).toMatchObject({
      productCount: 3,
      productPrice: 85_000,
      productDiscount: 2_500,
      totalProductDiscount: 2_500,
      totalProductPrice: 82_500,
      deliveryPrice: 10_000,
      deliveryDiscount: 0,
      servicePrice: 0,
      promo: 0,
      cashback: 0,
      totalDiscount: 2_500,
      totalPrice: 92_500,
    });
  });

  it.each<[ServiceType, number]>([
    ["DELIVERY", 10_000],
    ["PICK_UP", 0],
    ["DINE_IN", 0],
  ])("charges delivery only when delivering (%s)", (serviceType, delivery) => {
    const t = orderTotals(input({ serviceType }));
    expect(t.deliveryPrice).toBe(delivery);
    expect(t.totalPrice).toBe(82_500 + delivery);
  });

  it("makes delivery free from the fee-free threshold (after product discounts) and applies the minimal price below it", () => {
    expect(
      deliveryFee("DELIVERY", 10_000, 15_000_000, { feeFreeThreshold: 150_000, minimalDeliveryPrice: 0 }),
    ).toBe(0);
    expect(
      deliveryFee("DELIVERY", 10_000, 14_999_999, { feeFreeThreshold: 150_000, minimalDeliveryPrice: 0 }),
    ).toBe(1_000_000);
    expect(deliveryFee("DELIVERY", 5_000, 100, { feeFreeThreshold: null, minimalDeliveryPrice: 8_000 })).toBe(
      800_000,
    );
    expect(deliveryFee("PICK_UP", 5_000, 100, { feeFreeThreshold: null, minimalDeliveryPrice: 8_000 })).toBe(
      0,
    );
    const t = orderTotals(input({ fees: { ...noFees, feeFreeThreshold: 82_500 } }));
    expect(t.deliveryPrice).toBe(0);
  });

  it("adds the service fee only when the order settings switch it on, for every service type", () => {
    for (const serviceType of ["DELIVERY", "PICK_UP", "DINE_IN"] as const) {
      const on = orderTotals(
        input({ serviceType, fees: { ...noFees, serviceFeeEnabled: true, feeAmount: 3_000 } }),
      );
      const off = orderTotals(
        input({ serviceType, fees: { ...noFees, serviceFeeEnabled: false, feeAmount: 3_000 } }),
      );
      expect(on.servicePrice).toBe(3_000);
      expect(off.servicePrice).toBe(0);
      expect(on.totalPrice - off.totalPrice).toBe(3_000);
    }
  });

  const promo = (discountType: DiscountType, productDiscount: number, deliveryDiscount = 0): PromoTerms => ({
    discountType,
    productDiscount,
    deliveryDiscount,
  });

  describe.each<ServiceType>(["DELIVERY", "PICK_UP", "DINE_IN"])("promo on %s", (serviceType) => {
    const delivery = serviceType === "DELIVERY" ? 10_000 : 0;

    it("AMOUNT on products takes so'm off what the products still cost", () => {
      const t = orderTotals(input({ serviceType, promo: promo("AMOUNT", 15_000) }));
      expect(t.promoProductDiscount).toBe(15_000);
      expect(t.totalProductDiscount).toBe(17_500);
      expect(t.totalProductPrice).toBe(67_500);
      expect(t.promo).toBe(15_000);
      expect(t.totalPrice).toBe(67_500 + delivery);
    });

    it("PERCENTAGE on products takes a percent of the products after their own discounts", () => {
      const t = orderTotals(input({ serviceType, promo: promo("PERCENTAGE", 10) }));
      expect(t.promoProductDiscount).toBe(8_250);
      expect(t.totalProductPrice).toBe(74_250);
      expect(t.totalPrice).toBe(74_250 + delivery);
    });

    it("AMOUNT on delivery is capped at the delivery price", () => {
      const t = orderTotals(input({ serviceType, promo: promo("AMOUNT", 0, 25_000) }));
      expect(t.deliveryDiscount).toBe(delivery);
      expect(t.totalPrice).toBe(82_500);
    });

    it("PERCENTAGE on delivery takes a percent of the delivery price, never more than all of it", () => {
      const half = orderTotals(input({ serviceType, promo: promo("PERCENTAGE", 0, 50) }));
      expect(half.deliveryDiscount).toBe(delivery / 2);
      const over = orderTotals(input({ serviceType, promo: promo("PERCENTAGE", 0, 150) }));
      expect(over.deliveryDiscount).toBe(delivery);
    });

    it("never lets the product part fall below zero", () => {
      const amount = orderTotals(input({ serviceType, promo: promo("AMOUNT", 1_000_000) }));
      expect(amount.totalProductPrice).toBe(0);
      expect(amount.promoProductDiscount).toBe(82_500);
      expect(amount.totalPrice).toBe(delivery);
      const percent = orderTotals(input({ serviceType, promo: promo("PERCENTAGE", 100) }));
      expect(percent.totalProductPrice).toBe(0);
      expect(percent.totalPrice).toBe(delivery);
    });
  });

  describe("cashback", () => {
    it("spends what is asked when the balance covers it", () => {
      const t = orderTotals(input({ cashbackRequested: 5_000, cashbackBalance: 20_000 }));
      expect(t.cashback).toBe(5_000);
      expect(t.totalPrice).toBe(87_500);
    });
    it("never spends above the balance", () => {
      const t = orderTotals(input({ cashbackRequested: 50_000, cashbackBalance: 1_234.5 }));
      expect(t.cashback).toBe(1_234.5);
      expect(t.totalPrice).toBe(91_265.5);
    });
    it("never spends more than is left to pay", () => {
      const t = orderTotals(
        input({
          serviceType: "PICK_UP",
          promo: promo("AMOUNT", 80_000),
          cashbackRequested: 10_000,
          cashbackBalance: 10_000,
        }),
      );
      expect(t.cashback).toBe(2_500);
      expect(t.totalPrice).toBe(0);
    });
    it("spends nothing when the merchant's cashback is off", () => {
      const t = orderTotals(
        input({ cashbackRequested: 5_000, cashbackBalance: 20_000, cashbackEnabled: false }),
      );
      expect(t.cashback).toBe(0);
    });
    it("combines with promo, service fee and delivery", () => {
      const t = orderTotals(
        input({
          promo: promo("PERCENTAGE", 10, 100),
          fees: { ...noFees, serviceFeeEnabled: true, feeAmount: 2_000 },
          cashbackRequested: 1_000,
          cashbackBalance: 1_000,
        }),
      );
      // 85 000 - 2 500 - 8 250 + 10 000 - 10 000 + 2 000 - 1 000
      expect(t.totalPrice).toBe(75_250);
      expect(t.totalDiscount).toBe(2_500 + 8_250 + 10_000);
      expect(t.promo).toBe(18_250);
    });
  });

  it("keeps every amount an integer number of minor units", () => {
    const m = orderTotalsMinor(
      input({
        lines: [line(0.1, 3), line(0.2, 7, 33.33)],
        promo: promo("PERCENTAGE", 12.5, 12.5),
        cashbackRequested: 0.07,
        cashbackBalance: 1,
      }),
    );
    for (const value of Object.values(m)) expect(Number.isInteger(value)).toBe(true);
  });

  it("earns cashback as a percent of the products' total", () => {
    expect(cashbackEarned(8_250_000, 2)).toBe(165_000);
    expect(cashbackEarned(8_250_000, 0)).toBe(0);
  });
});

describe("promo validity", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const ok = {
    isActive: true,
    startDate: "2026-01-01T00:00:00Z",
    endDate: "2026-12-31T00:00:00Z",
    minPrice: 0,
  };
  it("answers the first reason a promo cannot apply", () => {
    expect(promoProblem(ok, now, 100)).toBeNull();
    expect(promoProblem({ ...ok, isActive: false }, now, 100)).toBe("PROMO_NOT_ACTIVE");
    expect(promoProblem({ ...ok, startDate: "2026-07-01T00:00:00Z" }, now, 100)).toBe("PROMO_NOT_STARTED");
    expect(promoProblem({ ...ok, endDate: "2026-05-01T00:00:00Z" }, now, 100)).toBe("PROMO_EXPIRED");
    expect(promoProblem({ ...ok, minPrice: 100_000 }, now, 9_999_999)).toBe("PROMO_MIN_PRICE");
    expect(promoProblem({ ...ok, minPrice: 100_000 }, now, 10_000_000)).toBeNull();
    expect(promoProblem({ ...ok, startDate: null, endDate: null }, now, null)).toBeNull();
  });
});
