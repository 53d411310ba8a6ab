// What a brand offers at checkout, decided by its web settings' switches and, for payments, by the
// payment methods it switched on for the channel the customer orders through. The storefront lists
// these choices and the order check refuses anything else, so both read this one rule.
import type { WebSettings } from "./contract/merchant.ts";
import type { AuthChannel, PaymentType, ServiceType } from "./enums.ts";

/** The service types a storefront order can have (the aggregator ones never come from it). */
export const OFFERED_SERVICE_TYPES = ["DELIVERY", "PICK_UP", "DINE_IN"] as const;
export type OfferedServiceType = (typeof OFFERED_SERVICE_TYPES)[number];

/**
 * Paid on receipt: cash, a card through the terminal, or the brand's other way (OTHER: a transfer to
 * the restaurant's card, a meal voucher; its payment method's title says which).
 */
export const OFFERED_PAYMENT_TYPES = ["CASH", "TERMINAL", "OTHER"] as const;
export type OfferedPaymentType = (typeof OFFERED_PAYMENT_TYPES)[number];

/**
 * Paid online before the kitchen sees the order: such an order is placed OPEN and unpaid, the
 * checkout takes the customer to the provider, and the provider's callback pays it.
 */
export const ONLINE_PAYMENT_TYPES = ["PAYME", "CLICK", "CLICK_MINI_APP", "UZUM", "CARD"] as const;
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
  | "uzumActive"
  | "cardActive"
>;

/** The switches of the payment types. */
type PaymentSwitches = Pick<
  OfferSettings,
  "cashActive" | "terminalActive" | "paymeActive" | "clickActive" | "uzumActive" | "cardActive"
>;

/**
 * The channels a brand's payment method is switched on for (its webEnabled, botEnabled, appEnabled,
 * qrEnabled and operatorEnabled): the website, the Telegram mini app, the Click mini app, a table's
 * QR code, and an operator taking an order by phone in the staff console.
 */
export const PAYMENT_CHANNELS = ["WEB", "BOT", "APP", "QR", "OPERATOR"] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** Per channel, the types of the brand's active payment methods switched on for it. */
export type ChannelPaymentTypes = Record<PaymentChannel, readonly PaymentType[]>;

/** Where an order comes from: the customer's own session, or an operator taking it by phone. */
export type OrderChannel = AuthChannel | "OPERATOR";

/** The payment channel of an order's channel (Click's mini app and the app share APP). */
export function paymentChannelOf(channel: OrderChannel): PaymentChannel {
  if (channel === "WEB" || channel === "OPERATOR") return channel;
  if (channel === "TELEGRAM") return "BOT";
  return "APP";
}

/** The payment channel of the storefront's host: the website, Telegram's or Click's mini app. */
export function paymentChannelOfHost(kind: "web" | "telegram" | "click"): PaymentChannel {
  if (kind === "telegram") return "BOT";
  if (kind === "click") return "APP";
  return "WEB";
}

/**
 * Where the customer orders: the channel, and the method types the brand switched on for it. Click's
 * choice is CLICK inside the Click mini app (channel APP) only as CLICK_MINI_APP (the spec's type
 * for it), and CLICK everywhere else.
 */
export interface PaymentPlace {
  channel: PaymentChannel;
  /** The types of the brand's active payment methods switched on for this channel. */
  methods: readonly PaymentType[];
  /**
   * The method types the chosen branch takes (`branchTakesPayment`); null or absent = every method
   * (no branch chosen yet, or a branch that keeps the brand's whole list).
   */
  branchMethods?: readonly PaymentType[] | null | undefined;
}

/**
 * Whether a branch takes a payment type: its list of the brand's method types (Click in its mini app
 * is the CLICK method), or every method when it has none (null: the default, nobody lost a method
 * when the list came).
 */
export function branchTakesPayment(
  branchMethods: readonly PaymentType[] | null | undefined,
  type: PaymentType,
): boolean {
  return branchMethods == null || branchMethods.includes(paymentMethodType(type));
}

/** The place of a channel, from the brand's per-channel lists. */
export function paymentPlace(channel: PaymentChannel, byChannel: ChannelPaymentTypes): PaymentPlace {
  return { channel, methods: byChannel[channel] };
}

const SERVICE_SWITCH = {
  DELIVERY: "deliveryActive",
  PICK_UP: "pickupActive",
  DINE_IN: "dineInActive",
} as const satisfies Record<OfferedServiceType, keyof OfferSettings>;

/** OTHER has no switch of its own in the web settings: its payment method, switched on, is it. */
const PAYMENT_SWITCH = {
  CASH: "cashActive",
  TERMINAL: "terminalActive",
} as const satisfies Record<Exclude<OfferedPaymentType, "OTHER">, keyof OfferSettings>;

const ONLINE_PAYMENT_SWITCH = {
  PAYME: "paymeActive",
  CLICK: "clickActive",
  CLICK_MINI_APP: "clickActive",
  UZUM: "uzumActive",
  CARD: "cardActive",
} as const satisfies Record<OnlinePaymentType, keyof OfferSettings>;

function isStorefrontService(type: ServiceType): type is OfferedServiceType {
  return (OFFERED_SERVICE_TYPES as readonly ServiceType[]).includes(type);
}

function isOfflinePayment(type: PaymentType): type is OfferedPaymentType {
  return isPaidOnReceipt(type);
}

/** Paid when the food is handed over (CASH, a card TERMINAL, the brand's OTHER way): nobody's callback pays it. */
export function isPaidOnReceipt(type: PaymentType): type is OfferedPaymentType {
  return (OFFERED_PAYMENT_TYPES as readonly PaymentType[]).includes(type);
}

/**
 * Per channel, the service types the brand offers there: every type on every channel unless the
 * brand's service type settings switch one off for a channel (as payment methods are switched).
 */
export type ChannelServiceTypes = Record<PaymentChannel, readonly ServiceType[]>;

/**
 * Whether the brand takes orders of this service type: its web switch is on and, when the channel's
 * list is given, the type is switched on for the channel.
 */
export function serviceOffered(
  settings: Pick<OfferSettings, "deliveryActive" | "pickupActive" | "dineInActive">,
  type: ServiceType,
  channelTypes?: readonly ServiceType[],
): boolean {
  return (
    isStorefrontService(type) &&
    settings[SERVICE_SWITCH[type]] &&
    (channelTypes === undefined || channelTypes.includes(type))
  );
}

/** The service types the brand offers (on this channel, when its list is given), in the checkout's order. */
export function offeredServiceTypes(
  settings: Pick<OfferSettings, "deliveryActive" | "pickupActive" | "dineInActive">,
  channelTypes?: readonly ServiceType[],
): OfferedServiceType[] {
  return OFFERED_SERVICE_TYPES.filter((type) => serviceOffered(settings, type, channelTypes));
}

/**
 * Whether this place offers the type: Click's type depends on the channel, and the brand's payment
 * method of the type must be switched on for the channel.
 */
function fitsPlace(type: StorefrontPaymentType, place: PaymentPlace): boolean {
  if (type === "CLICK" && place.channel === "APP") return false;
  if (type === "CLICK_MINI_APP" && place.channel !== "APP") return false;
  return place.methods.includes(paymentMethodType(type)) && branchTakesPayment(place.branchMethods, type);
}

/** Whether the brand's web switch of the type is on. */
function switchedOn(settings: PaymentSwitches, type: StorefrontPaymentType): boolean {
  if (type === "OTHER") return true;
  return isOnlinePayment(type) ? settings[ONLINE_PAYMENT_SWITCH[type]] : settings[PAYMENT_SWITCH[type]];
}

/**
 * Whether the brand offers this payment type at this place: its switch is on and its payment method
 * is switched on for the place's channel.
 */
export function paymentOffered(settings: PaymentSwitches, type: PaymentType, place: PaymentPlace): boolean {
  if (!isOnlinePayment(type) && !isOfflinePayment(type)) return false;
  return switchedOn(settings, type) && fitsPlace(type, place);
}

/** A payment type the storefront can take: on receipt or online. */
export type StorefrontPaymentType = OfferedPaymentType | OnlinePaymentType;

/** The payment types the brand offers, in the order the checkout lists them: on receipt, then online. */
export function offeredPaymentTypes(settings: PaymentSwitches, place: PaymentPlace): StorefrontPaymentType[] {
  return [...OFFERED_PAYMENT_TYPES, ...ONLINE_PAYMENT_TYPES].filter(
    (type) => switchedOn(settings, type) && fitsPlace(type, place),
  );
}

/**
 * The payment the checkout starts on: the host's own where it has one (Click in the Click app, paid
 * without leaving it), else the first offered (cash when it is on).
 */
export function preselectedPaymentType(
  offered: readonly StorefrontPaymentType[],
  channel: PaymentChannel,
): StorefrontPaymentType | undefined {
  if (channel === "APP" && offered.includes("CLICK_MINI_APP")) return "CLICK_MINI_APP";
  return offered[0];
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
