// A brand's order settings (fees, minimum order, cashback, delivery type per channel) and what holds
// where the brand has set none: the settings calls and the order check all read these defaults.
import type { DeliveryType } from "./enums.ts";
import type { OrderChannel } from "./offer.ts";
import { toMinor, type Minor } from "./money.ts";

export interface OrderSettingsValues {
  serviceFeeEnabled: boolean;
  /** The service fee added to an order when serviceFeeEnabled. */
  feeAmount: number;
  /** Product total from which delivery is free; null = never free. */
  feeFreeThreshold: number | null;
  minimalDeliveryPrice: number;
  /** Minimum product total for delivery; 0 = none. */
  minOrderAmount: number;
  /** Percent of the product total earned back on a delivered or closed order; 0 = none. */
  cashbackPercent: number;
  /** The fewest pieces a delivery order may hold; 0 = none. */
  minDeliveryProductCount: number;
  /** The largest product total of an order; null = no limit. */
  maxOrderAmount: number | null;
  defaultDeliveryTypeBot: DeliveryType;
  defaultDeliveryTypeWeb: DeliveryType;
  defaultDeliveryTypeApp: DeliveryType;
}

/**
 * Minutes an order paid online may wait OPEN and unpaid before it is cancelled (NOT_PAID_IN_TIME),
 * where the brand's order settings name none; a brand's 0 means never.
 */
export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 15;

/** No fee, no minimum, no cashback, never free delivery, the brand's own couriers everywhere. */
export const ORDER_SETTINGS_DEFAULTS: Readonly<OrderSettingsValues> = Object.freeze({
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

/** The settings that apply: the brand's own where it has a settings row, the defaults where not. */
export function orderSettingsOrDefaults(
  settings: OrderSettingsValues | null | undefined,
): OrderSettingsValues {
  if (!settings) return { ...ORDER_SETTINGS_DEFAULTS };
  return {
    serviceFeeEnabled: settings.serviceFeeEnabled,
    feeAmount: settings.feeAmount,
    feeFreeThreshold: settings.feeFreeThreshold,
    minimalDeliveryPrice: settings.minimalDeliveryPrice,
    minOrderAmount: settings.minOrderAmount,
    cashbackPercent: settings.cashbackPercent,
    minDeliveryProductCount: settings.minDeliveryProductCount,
    maxOrderAmount: settings.maxOrderAmount,
    defaultDeliveryTypeBot: settings.defaultDeliveryTypeBot,
    defaultDeliveryTypeWeb: settings.defaultDeliveryTypeWeb,
    defaultDeliveryTypeApp: settings.defaultDeliveryTypeApp,
  };
}

/** Who delivers an order placed in a channel: Telegram the bot's setting, the website its own, others the app's. */
export function defaultDeliveryTypeFor(
  settings: OrderSettingsValues | null | undefined,
  channel: OrderChannel,
): DeliveryType {
  const s = orderSettingsOrDefaults(settings);
  if (channel === "TELEGRAM") return s.defaultDeliveryTypeBot;
  // An operator's phone order is delivered as the brand's website orders are.
  if (channel === "WEB" || channel === "OPERATOR") return s.defaultDeliveryTypeWeb;
  return s.defaultDeliveryTypeApp;
}

/**
 * What the brand's limits keep a basket from: pieces short of the delivery minimum (0: enough) and
 * the product total over the maximum (minor units; 0: within it). The basket shows it and the order
 * check refuses with it.
 */
export function basketLimitGaps(
  settings: Pick<OrderSettingsValues, "minDeliveryProductCount" | "maxOrderAmount">,
  basket: { delivery: boolean; pieces: number; net: Minor },
): { piecesShort: number; overBy: Minor } {
  const piecesShort = basket.delivery ? Math.max(0, settings.minDeliveryProductCount - basket.pieces) : 0;
  const overBy =
    settings.maxOrderAmount === null ? 0 : Math.max(0, basket.net - toMinor(settings.maxOrderAmount));
  return { piecesShort, overBy };
}
