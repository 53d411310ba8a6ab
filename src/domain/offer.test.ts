import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "./enums.ts";
import {
  isOnlinePayment,
  offeredPaymentTypes,
  offeredServiceTypes,
  paymentMethodType,
  paymentOffered,
  paysOnProviderPage,
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
  clickActive: false,
  cardActive: false,
};
const WEB = { inClickMiniApp: false };
const CLICK_APP = { inClickMiniApp: true };

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
    expect(offeredPaymentTypes({ ...NONE, cashActive: true, terminalActive: true }, WEB)).toEqual([
      "CASH",
      "TERMINAL",
    ]);
    expect(offeredPaymentTypes({ ...NONE, terminalActive: true }, WEB)).toEqual(["TERMINAL"]);
    expect(offeredPaymentTypes(NONE, WEB)).toEqual([]);
  });

  it("offers cash and terminal only when switched on", () => {
    expect(paymentOffered({ ...NONE, cashActive: true }, "CASH", WEB)).toBe(true);
    expect(paymentOffered({ ...NONE, cashActive: true }, "TERMINAL", WEB)).toBe(false);
    expect(paymentOffered({ ...NONE, terminalActive: true }, "TERMINAL", WEB)).toBe(true);
    expect(paymentOffered(NONE, "CASH", WEB)).toBe(false);
  });

  it("takes Payme only with the brand's paymeActive switch", () => {
    expect(paymentOffered({ ...NONE, paymeActive: true }, "PAYME", WEB)).toBe(true);
    expect(paymentOffered({ ...NONE, cashActive: true, terminalActive: true }, "PAYME", WEB)).toBe(false);
    expect(
      paymentOffered({ ...NONE, cashActive: true, terminalActive: true, paymeActive: true }, "CLICK", WEB),
    ).toBe(false);
    expect(paymentOffered({ ...NONE, paymeActive: true }, "UZUM", WEB)).toBe(false);
  });

  it("lists the types paid on receipt, then the online ones the brand switched on", () => {
    expect(offeredPaymentTypes({ ...NONE, cashActive: true, paymeActive: true }, WEB)).toEqual([
      "CASH",
      "PAYME",
    ]);
    expect(offeredPaymentTypes({ ...NONE, paymeActive: true }, WEB)).toEqual(["PAYME"]);
    expect(offeredPaymentTypes({ ...NONE, cashActive: true }, WEB)).toEqual(["CASH"]);
  });

  it("takes Click with clickActive: CLICK outside the Click mini app, CLICK_MINI_APP inside it", () => {
    const on = { ...NONE, cashActive: true, clickActive: true };
    expect(paymentOffered(on, "CLICK", WEB)).toBe(true);
    expect(paymentOffered(on, "CLICK_MINI_APP", WEB)).toBe(false);
    expect(paymentOffered(on, "CLICK_MINI_APP", CLICK_APP)).toBe(true);
    expect(paymentOffered(on, "CLICK", CLICK_APP)).toBe(false);
    expect(paymentOffered({ ...NONE, cashActive: true }, "CLICK", WEB)).toBe(false);
    expect(offeredPaymentTypes({ ...on, paymeActive: true }, WEB)).toEqual(["CASH", "PAYME", "CLICK"]);
    expect(offeredPaymentTypes(on, CLICK_APP)).toEqual(["CASH", "CLICK_MINI_APP"]);
  });

  it("switches Click in the mini app on with the brand's CLICK payment method", () => {
    expect(paymentMethodType("CLICK_MINI_APP")).toBe("CLICK");
    expect(paymentMethodType("CLICK")).toBe("CLICK");
    expect(paymentMethodType("PAYME")).toBe("PAYME");
  });
});

describe("the saved-card payment type", () => {
  it("is offered with cardActive, online, and never sent to a provider's pay page", () => {
    expect(paymentOffered({ ...NONE, cardActive: true }, "CARD", WEB)).toBe(true);
    expect(paymentOffered({ ...NONE, cardActive: true }, "CARD", CLICK_APP)).toBe(true);
    expect(paymentOffered({ ...NONE, paymeActive: true }, "CARD", WEB)).toBe(false);
    expect(
      offeredPaymentTypes({ ...NONE, cashActive: true, paymeActive: true, cardActive: true }, WEB),
    ).toEqual(["CASH", "PAYME", "CARD"]);
    expect(isOnlinePayment("CARD")).toBe(true);
    expect(paysOnProviderPage("CARD")).toBe(false);
    expect(paysOnProviderPage("PAYME")).toBe(true);
  });
});
