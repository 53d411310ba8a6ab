import { describe, expect, it } from "vitest";
import {
  basketLimitGaps,
  defaultDeliveryTypeFor,
  ORDER_SETTINGS_DEFAULTS,
  orderSettingsOrDefaults,
  type OrderSettingsValues,
} from "./order-settings.ts";

const own: OrderSettingsValues = {
  serviceFeeEnabled: true,
  feeAmount: 3000,
  feeFreeThreshold: 150000,
  minimalDeliveryPrice: 5000,
  minOrderAmount: 40000,
  cashbackPercent: 2,
  minDeliveryProductCount: 3,
  maxOrderAmount: 2_000_000,
  defaultDeliveryTypeBot: "YANDEX",
  defaultDeliveryTypeWeb: "CUSTOM",
  defaultDeliveryTypeApp: "MERCHANT",
};

describe("order settings", () => {
  it("charge nothing extra and deliver with the brand's couriers when the brand set none", () => {
    expect(orderSettingsOrDefaults(null)).toEqual({
      serviceFeeEnabled: false,
      feeAmount: 0,
      feeFreeThreshold: null,
      minimalDeliveryPrice: 0,
      minOrderAmount: 0,
      cashbackPercent: 0,
      minDeliveryProductCount: 0,
      maxOrderAmount: null,
      defaultDeliveryTypeBot: "MERCHANT",
      defaultDeliveryTypeWeb: "MERCHANT",
      defaultDeliveryTypeApp: "MERCHANT",
    });
    expect(orderSettingsOrDefaults(undefined)).toEqual(ORDER_SETTINGS_DEFAULTS);
  });

  it("are the brand's own where it has a row, without the row's other columns", () => {
    const row = { ...own, id: "x", cityId: null, createdDate: new Date() };
    expect(orderSettingsOrDefaults(row)).toEqual(own);
  });

  it("hand a caller a copy it may change without touching the defaults", () => {
    const s = orderSettingsOrDefaults(null);
    s.feeAmount = 99;
    expect(ORDER_SETTINGS_DEFAULTS.feeAmount).toBe(0);
  });

  it("pick the delivery type of the channel an order comes from", () => {
    expect(defaultDeliveryTypeFor(own, "TELEGRAM")).toBe("YANDEX");
    expect(defaultDeliveryTypeFor(own, "WEB")).toBe("CUSTOM");
    expect(defaultDeliveryTypeFor(own, "APP")).toBe("MERCHANT");
    expect(defaultDeliveryTypeFor({ ...own, defaultDeliveryTypeApp: "YANDEX" }, "CLICK")).toBe("YANDEX");
    expect(defaultDeliveryTypeFor(null, "TELEGRAM")).toBe("MERCHANT");
  });

  it("hold a delivery basket short of the fewest pieces and any basket over the largest sum", () => {
    const limits = { minDeliveryProductCount: 3, maxOrderAmount: 100_000 };
    expect(basketLimitGaps(limits, { delivery: true, pieces: 1, net: 5_000_000 })).toEqual({
      piecesShort: 2,
      overBy: 0,
    });
    // Pickup takes one piece; the sum holds for every service.
    expect(basketLimitGaps(limits, { delivery: false, pieces: 1, net: 10_050_000 })).toEqual({
      piecesShort: 0,
      overBy: 50_000,
    });
    expect(basketLimitGaps(ORDER_SETTINGS_DEFAULTS, { delivery: true, pieces: 1, net: 10 ** 12 })).toEqual({
      piecesShort: 0,
      overBy: 0,
    });
  });
});
