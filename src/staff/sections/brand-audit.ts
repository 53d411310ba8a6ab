// How the change log names the owner's changes (issue 36): staff, settings, banners, promo codes,
// stories and their clips, the brand's news.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AuditEntry } from "../../domain/contract/back-office.ts";
import { personName } from "./section-frame.tsx";

/** The log's labels of the fields these changes touch. */
export const brandFieldNames: Record<string, MessageDescriptor> = {
  phone: msg`Phone`,
  brandRole: msg`Role`,
  branchIds: msg`Branches`,
  // A banner's target, dates and place in the strip.
  productId: msg`Dish`,
  promoCode: msg`Promo code`,
  link: msg`Link`,
  startDate: msg`Shown from`,
  endDate: msg`Shown until`,
  priority: msg`Place in the list`,
  url: msg`Address`,
  events: msg`Events`,
  enabled: msg`On`,
  // An import of the menu from iiko: its revision and what it did.
  revision: msg`iiko revision`,
  create: msg`Added`,
  update: msg`Changed`,
  hide: msg`Hidden`,
  show: msg`Shown again`,
  unchanged: msg`Unchanged`,
  // A menu group's colours, and the group a category is in.
  bgColor: msg`Background colour`,
  iconBgColor: msg`Icon background`,
  icon: msg`Icon`,
  groupId: msg`Menu group`,
  // The order rules.
  cashbackPercent: msg`Cashback, %`,
  serviceFeeEnabled: msg`Service fee on`,
  feeAmount: msg`Service fee`,
  feeFreeThreshold: msg`Free delivery from`,
  minimalDeliveryPrice: msg`Delivery costs at least`,
  minDeliveryProductCount: msg`Fewest items for delivery`,
  maxOrderAmount: msg`Largest order`,
  paymentTimeoutMinutes: msg`Minutes to pay online`,
  courierSpeedKmh: msg`Couriers' speed, km/h`,
};

/** What a change was made to when it is not a dish: a staff member, the settings, a banner... */
export function brandEntityName(entry: AuditEntry): MessageDescriptor | null {
  const phone = entry.after.phone ?? entry.before.phone;
  if (entry.entity === "staff") {
    const who = typeof phone === "string" ? personName(phone) : "";
    return msg`Staff: ${who}`;
  }
  if (entry.entity === "settings") return msg`Brand settings`;
  if (entry.entity === "banner") return msg`Banner`;
  if (entry.entity === "promo") return msg`Promo code`;
  if (entry.entity === "story") return msg`Story`;
  if (entry.entity === "clip") return msg`A clip`;
  if (entry.entity === "news") return msg`News`;
  if (entry.entity === "webhook") return msg`Webhook`;
  if (entry.entity === "menu") return msg`Menu from iiko`;
  if (entry.entity === "order-rules") return msg`Order rules`;
  if (entry.entity === "menu-group") return msg`Menu group`;
  return null;
}
