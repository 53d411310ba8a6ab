import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "./enums.ts";
import {
  branchTakesPayment,
  isOnlinePayment,
  offeredPaymentTypes,
  offeredServiceTypes,
  paymentMethodType,
  paymentChannelOf,
  paymentChannelOfHost,
  paymentOffered,
  paymentPlace,
  paysOnProviderPage,
  preselectedPaymentType,
  serviceOffered,
  type ChannelPaymentTypes,
  type OfferSettings,
  type PaymentPlace,
} from "./offer.ts";

const NONE: OfferSettings = {
  deliveryActive: false,
  pickupActive: false,
  dineInActive: false,
  cashActive: false,
  terminalActive: false,
  paymeActive: false,
  clickActive: false,
  uzumActive: false,
  cardActive: false,
};
/** Every method switched on: the switches alone decide. */
const ALL = ["CASH", "TERMINAL", "PAYME", "CLICK", "UZUM", "CARD"] as const;
const WEB: PaymentPlace = { channel: "WEB", methods: ALL };
const CLICK_APP: PaymentPlace = { channel: "APP", methods: ALL };

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

  it("offers a type on a channel only when the channel's list has it (no list: every channel)", () => {
    const on = { ...NONE, deliveryActive: true, pickupActive: true };
    expect(offeredServiceTypes(on, ["PICK_UP", "DINE_IN"])).toEqual(["PICK_UP"]);
    expect(serviceOffered(on, "DELIVERY", ["PICK_UP"])).toBe(false);
    expect(serviceOffered(on, "DELIVERY")).toBe(true);
    // The channel cannot switch on what the brand's own switch keeps off.
    expect(serviceOffered(on, "DINE_IN", ["DINE_IN"])).toBe(false);
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

  it("starts the checkout on Click inside the Click app, on the first offered type elsewhere", () => {
    const on = { ...NONE, cashActive: true, clickActive: true, paymeActive: true };
    expect(preselectedPaymentType(offeredPaymentTypes(on, CLICK_APP), "APP")).toBe("CLICK_MINI_APP");
    expect(preselectedPaymentType(offeredPaymentTypes(on, WEB), "WEB")).toBe("CASH");
    expect(preselectedPaymentType(offeredPaymentTypes(on, WEB), "BOT")).toBe("CASH");
    const noClick = { ...on, clickActive: false };
    expect(preselectedPaymentType(offeredPaymentTypes(noClick, CLICK_APP), "APP")).toBe("CASH");
    expect(preselectedPaymentType([], "APP")).toBeUndefined();
  });

  it("switches Click in the mini app on with the brand's CLICK payment method", () => {
    expect(paymentMethodType("CLICK_MINI_APP")).toBe("CLICK");
    expect(paymentMethodType("CLICK")).toBe("CLICK");
    expect(paymentMethodType("PAYME")).toBe("PAYME");
  });
});

describe("the payment types of a channel", () => {
  const on = {
    ...NONE,
    cashActive: true,
    terminalActive: true,
    paymeActive: true,
    clickActive: true,
    uzumActive: true,
  };
  // Payme and Uzum on the web and in Telegram, not in the Click app; Click everywhere; cash not by QR.
  const byChannel: ChannelPaymentTypes = {
    WEB: ["CASH", "TERMINAL", "PAYME", "CLICK", "UZUM"],
    BOT: ["CASH", "PAYME", "UZUM"],
    APP: ["CASH", "TERMINAL", "CLICK"],
    QR: ["TERMINAL"],
    OPERATOR: ["CASH"],
  };

  it("lists only the types whose method the brand switched on for this channel", () => {
    expect(offeredPaymentTypes(on, paymentPlace("WEB", byChannel))).toEqual([
      "CASH",
      "TERMINAL",
      "PAYME",
      "CLICK",
      "UZUM",
    ]);
    expect(offeredPaymentTypes(on, paymentPlace("BOT", byChannel))).toEqual(["CASH", "PAYME", "UZUM"]);
    expect(offeredPaymentTypes(on, paymentPlace("APP", byChannel))).toEqual([
      "CASH",
      "TERMINAL",
      "CLICK_MINI_APP",
    ]);
    expect(offeredPaymentTypes(on, paymentPlace("QR", byChannel))).toEqual(["TERMINAL"]);
  });

  it("refuses inside the Click app what the app channel does not switch on (Payme, Uzum)", () => {
    const app = paymentPlace("APP", byChannel);
    expect(paymentOffered(on, "PAYME", app)).toBe(false);
    expect(paymentOffered(on, "UZUM", app)).toBe(false);
    expect(paymentOffered(on, "CLICK_MINI_APP", app)).toBe(true);
    expect(paymentOffered(on, "TERMINAL", paymentPlace("BOT", byChannel))).toBe(false);
  });

  it("needs both the web switch and the channel's method", () => {
    const web = paymentPlace("WEB", byChannel);
    expect(paymentOffered({ ...on, uzumActive: false }, "UZUM", web)).toBe(false);
    expect(paymentOffered(on, "UZUM", { channel: "WEB", methods: ["CASH"] })).toBe(false);
    expect(offeredPaymentTypes(on, { channel: "WEB", methods: [] })).toEqual([]);
  });

  it("offers the brand's other way (OTHER) wherever its method is switched on, paid on receipt, after terminal", () => {
    const withOther: ChannelPaymentTypes = { ...byChannel, WEB: [...byChannel.WEB, "OTHER"], BOT: ["OTHER"] };
    expect(offeredPaymentTypes(on, paymentPlace("WEB", withOther))).toEqual([
      "CASH",
      "TERMINAL",
      "OTHER",
      "PAYME",
      "CLICK",
      "UZUM",
    ]);
    // No web switch of its own: with every switch off it is still offered where its method is on.
    expect(offeredPaymentTypes(NONE, paymentPlace("BOT", withOther))).toEqual(["OTHER"]);
    expect(paymentOffered(on, "OTHER", paymentPlace("APP", withOther))).toBe(false);
    expect(isOnlinePayment("OTHER")).toBe(false);
    // Paynet and Rahmat are never taken by the storefront (no integration), whatever is switched on.
    const everything: ChannelPaymentTypes = {
      WEB: ["PAYNET", "RAHMAT"],
      BOT: [],
      APP: [],
      QR: [],
      OPERATOR: [],
    };
    expect(offeredPaymentTypes(on, paymentPlace("WEB", everything))).toEqual([]);
  });

  it("maps a session's sign-in channel to its payment channel", () => {
    expect(paymentChannelOf("WEB")).toBe("WEB");
    expect(paymentChannelOf("TELEGRAM")).toBe("BOT");
    expect(paymentChannelOf("CLICK")).toBe("APP");
    expect(paymentChannelOf("APP")).toBe("APP");
  });

  it("maps the storefront's host to its payment channel", () => {
    expect(paymentChannelOfHost("web")).toBe("WEB");
    expect(paymentChannelOfHost("telegram")).toBe("BOT");
    expect(paymentChannelOfHost("click")).toBe("APP");
  });
});

describe("the payment types of a branch", () => {
  const on = { ...NONE, cashActive: true, terminalActive: true, paymeActive: true, clickActive: true };

  it("offers only what the chosen branch takes, and everything when it keeps the brand's list", () => {
    expect(offeredPaymentTypes(on, { ...WEB, branchMethods: ["CASH", "PAYME"] })).toEqual(["CASH", "PAYME"]);
    expect(offeredPaymentTypes(on, { ...WEB, branchMethods: null })).toEqual([
      "CASH",
      "TERMINAL",
      "PAYME",
      "CLICK",
    ]);
    expect(paymentOffered(on, "CLICK", { ...WEB, branchMethods: ["CASH"] })).toBe(false);
  });

  it("reads Click in its mini app as the branch's Click method", () => {
    expect(branchTakesPayment(["CLICK"], "CLICK_MINI_APP")).toBe(true);
    expect(branchTakesPayment(["CASH"], "CLICK_MINI_APP")).toBe(false);
    expect(offeredPaymentTypes(on, { ...CLICK_APP, branchMethods: ["CASH"] })).toEqual(["CASH"]);
    expect(branchTakesPayment(undefined, "UZUM")).toBe(true);
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
