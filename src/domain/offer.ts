// What a brand offers at checkout, decided by its web settings' switches. The storefront lists these
// choices and the order check refuses anything else, so both read this one rule.
import type { WebSettings } from "./contract/merchant.ts";
import type { PaymentType, ServiceType } from "./enums.ts";

/** The service types a storefront order can have (the aggregator ones never come from it). */
export const OFFERED_SERVICE_TYPES = ["DELIVERY", "PICK_UP", "DINE_IN"] as const;
export type OfferedServiceType = (typeof OFFERED_SERVICE_TYPES)[number];

/** Paid on receipt (cash, card via terminal). */
export const OFFERED_PAYMENT_TYPES = ["CASH", "TERMINAL"] as const;
export type OfferedPaymentType = (typeof OFFERED_PAYMENT_TYPES)[number];

/**
 * Paid online before the kitchen sees the order: such an order is placed OPEN and unpaid, the
 * checkout takes the customer to the provider, and the provider's callback pays it.
 */
export const ONLINE_PAYMENT_TYPES = ["PAYME", "CLICK", "CLICK_MINI_APP", "CARD"] as const;
export type OnlinePaymentType = (typeof ONLINE_PAYMENT_TYPES)[number];

export function isOnlinePayment(type: PaymentType): type is OnlinePaymentType {
  return (ONLINE_PAYMENT_TYPES as readonly PaymentType[]).includes(type);
}

/** The switches the rule reads; the client's WebSettings and the server's settings row both fit. */
export type OfferSettings = Pick<
  WebSettings,
  | "deliveryActive"
  | "pickupActive"
  | "dineInActive"
  | "cashActive"
  | "terminalActive"
  | "paymeActive"
  | "clickActive"
  | "cardActive"
>;

/** The switches of the payment types. */
type PaymentSwitches = Pick<
  OfferSettings,
  "cashActive" | "terminalActive" | "paymeActive" | "clickActive" | "cardActive"
>;

/**
 * Where the customer orders: Click's choice is CLICK inside the Click mini app's web view only as
 * CLICK_MINI_APP (the spec's type for it), and CLICK everywhere else.
 */
export interface PaymentPlace {
  inClickMiniApp: boolean;
}

const SERVICE_SWITCH = {
  DELIVERY: "deliveryActive",
  PICK_UP: "pickupActive",
  DINE_IN: "dineInActive",
} as const satisfies Record<OfferedServiceType, keyof OfferSettings>;

const PAYMENT_SWITCH = {
  CASH: "cashActive",
  TERMINAL: "terminalActive",
} as const satisfies Record<OfferedPaymentType, keyof OfferSettings>;

const ONLINE_PAYMENT_SWITCH = {
  PAYME: "paymeActive",
  CLICK: "clickActive",
  CLICK_MINI_APP: "clickActive",
  CARD: "cardActive",
} as const satisfies Record<OnlinePaymentType, keyof OfferSettings>;

function isStorefrontService(type: ServiceType): type is OfferedServiceType {
  return (OFFERED_SERVICE_TYPES as readonly ServiceType[]).includes(type);
}

function isOfflinePayment(type: PaymentType): type is OfferedPaymentType {
  return (OFFERED_PAYMENT_TYPES as readonly PaymentType[]).includes(type);
}

/** Whether the brand takes orders of this service type. */
export function serviceOffered(
  settings: Pick<OfferSettings, "deliveryActive" | "pickupActive" | "dineInActive">,
  type: ServiceType,
): boolean {
  return isStorefrontService(type) && settings[SERVICE_SWITCH[type]];
}

/** The service types the brand offers, in the order the checkout lists them. */
export function offeredServiceTypes(
  settings: Pick<OfferSettings, "deliveryActive" | "pickupActive" | "dineInActive">,
): OfferedServiceType[] {
  return OFFERED_SERVICE_TYPES.filter((type) => settings[SERVICE_SWITCH[type]]);
}

/** Whether an online type is the one this place offers (Click's type depends on the place). */
function fitsPlace(type: OnlinePaymentType, place: PaymentPlace): boolean {
  if (type === "CLICK") return !place.inClickMiniApp;
  if (type === "CLICK_MINI_APP") return place.inClickMiniApp;
  return true;
}

/** Whether the brand's switches allow this payment type (the server also checks its payment method). */
export function paymentOffered(settings: PaymentSwitches, type: PaymentType, place: PaymentPlace): boolean {
  if (isOnlinePayment(type)) return fitsPlace(type, place) && settings[ONLINE_PAYMENT_SWITCH[type]];
  return isOfflinePayment(type) && settings[PAYMENT_SWITCH[type]];
}

/** A payment type the storefront can take: on receipt or online. */
export type StorefrontPaymentType = OfferedPaymentType | OnlinePaymentType;

/** The payment types the brand offers, in the order the checkout lists them: on receipt, then online. */
export function offeredPaymentTypes(settings: PaymentSwitches, place: PaymentPlace): StorefrontPaymentType[] {
  return [
    ...OFFERED_PAYMENT_TYPES.filter((type) => settings[PAYMENT_SWITCH[type]]),
    ...ONLINE_PAYMENT_TYPES.filter((type) => fitsPlace(type, place) && settings[ONLINE_PAYMENT_SWITCH[type]]),
  ];
}

/**
 * The payment method that switches a type on for a channel: Click in its mini app (CLICK_MINI_APP)
 * is the brand's CLICK method, switched on for the app channel.
 */
export function paymentMethodType(type: PaymentType): PaymentType {
  return type === "CLICK_MINI_APP" ? "CLICK" : type;
}

/** Paid online through a pay page the customer is sent to (Payme's checkout, Click's pay page). */
export function paysOnProviderPage(type: PaymentType): boolean {
  return isOnlinePayment(type) && type !== "CARD";
}
