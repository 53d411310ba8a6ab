import { describe, expect, it } from "vitest";
import {
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
});
