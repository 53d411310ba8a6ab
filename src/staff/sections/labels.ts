// How the console names payment types, services and channels in its totals and reports.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export const PAYMENT_LABELS: Record<string, MessageDescriptor> = {
  CASH: msg`Cash`,
  TERMINAL: msg`Card at the counter`,
  PAYME: msg`Payme`,
  CLICK: msg`Click`,
  CLICK_MINI_APP: msg`Click`,
  UZUM: msg`Uzum`,
  CARD: msg`Saved card`,
  OTHER: msg`Other`,
  PAYNET: msg`Paynet`,
  RAHMAT: msg`Rahmat`,
};

export const SERVICE_LABELS: Record<string, MessageDescriptor> = {
  DELIVERY: msg`Delivery`,
  PICK_UP: msg`Pickup`,
  DINE_IN: msg`In the hall`,
};

/** Where an order was placed (the order's device). */
export const CHANNEL_LABELS: Record<string, MessageDescriptor> = {
  TELEGRAM_BOT: msg`Telegram`,
  CLICK_MINI_APP: msg`Click app`,
  CLIENT_WEB: msg`Website`,
  CLIENT_WEB_MOBILE: msg`Website on a phone`,
  CLIENT_WEB_DESKTOP: msg`Website on a computer`,
  OPERATOR: msg`By phone, through an operator`,
  POS: msg`At the till`,
  "": msg`Not recorded`,
};
