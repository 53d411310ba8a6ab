import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "./enums.ts";
import {
  offeredPaymentTypes,
  offeredServiceTypes,
  paymentOffered,
  serviceOffered,
  type OfferSettings,
} from "./offer.ts";

const NONE: OfferSettings = {
  deliveryActive: false,
  pickupActive: false,
  dineInActive: false,
  cashActive: false,
  terminalActive: false,
  paymeActive: false,
};

describe("the service types a brand offers", () => {
  it("lists each switched-on type in delivery, pickup, dine-in order", () => {
    expect(
      offeredServiceTypes({ ...NONE, deliveryActive: true, pickupActive: true, dineInActive: true }),
    ).toEqual(["DELIVERY", "PICK_UP", "DINE_IN"]);
    expect(offeredServiceTypes({ ...NONE, dineInActive: true, pickupActive: true })).toEqual([
      "PICK_UP",
      "DINE_IN",
    ]);
    expect(offeredServiceTypes(NONE)).toEqual([]);
  });

  it("offers a type exactly when it is listed", () => {
    const settings = { ...NONE, deliveryActive: true, dineInActive: true };
    const listed = offeredServiceTypes(settings);
    for (const type of SERVICE_TYPES)
      expect(serviceOffered(settings, type)).toBe(listed.includes(type as never));
  });

  it("never offers the aggregator types, whatever the switches", () => {
    const all = { ...NONE, deliveryActive: true, pickupActive: true, dineInActive: true };
    expect(serviceOffered(all, "YANDEX_EATS")).toBe(false);
    expect(serviceOffered(all, "EXPRESS_24")).toBe(false);
  });
});

describe("the payment types a brand offers", () => {
  it("lists cash and terminal by their switches", () => {
    expect(offeredPaymentTypes({ ...NONE, cashActive: true, terminalActive: true })).toEqual([
      "CASH",
      "TERMINAL",
    ]);
    expect(offeredPaymentTypes({ ...NONE, terminalActive: true })).toEqual(["TERMINAL"]);
    expect(offeredPaymentTypes(NONE)).toEqual([]);
  });

  it("offers cash and terminal only when switched on", () => {
    expect(paymentOffered({ ...NONE, cashActive: true }, "CASH")).toBe(true);
    expect(paymentOffered({ ...NONE, cashActive: true }, "TERMINAL")).toBe(false);
    expect(paymentOffered({ ...NONE, terminalActive: true }, "TERMINAL")).toBe(true);
    expect(paymentOffered(NONE, "CASH")).toBe(false);
  });

  it("takes Payme only with the brand's paymeActive switch, and no other online type yet", () => {
    expect(paymentOffered({ ...NONE, paymeActive: true }, "PAYME")).toBe(true);
    expect(paymentOffered({ ...NONE, cashActive: true, terminalActive: true }, "PAYME")).toBe(false);
    expect(
      paymentOffered({ ...NONE, cashActive: true, terminalActive: true, paymeActive: true }, "CLICK"),
    ).toBe(false);
  });

  it("lists the types paid on receipt, then the online ones the brand switched on", () => {
    expect(offeredPaymentTypes({ ...NONE, cashActive: true, paymeActive: true })).toEqual(["CASH", "PAYME"]);
    expect(offeredPaymentTypes({ ...NONE, paymeActive: true })).toEqual(["PAYME"]);
    expect(offeredPaymentTypes({ ...NONE, cashActive: true })).toEqual(["CASH"]);
  });
});
