// Payment methods with their per-channel switches, saved cards, and promo codes.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdDate, id, lastModifiedDate, money, multilingual, timestamptz } from "./columns.ts";
import { cardTypeEnum, discountTypeEnum, paymentTypeEnum, serviceTypeEnum } from "./enums.ts";
import { merchantId } from "./tenant.ts";
import { users } from "./users.ts";

export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: id(),
    merchantId: merchantId(),
    name: text().notNull(),
    icon: text(),
    title: multilingual(),
    iikoId: text(),
    type: paymentTypeEnum().notNull(),
    priority: integer().notNull().default(0),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("payment_methods_merchant_id_idx").on(t.merchantId, t.priority)],
);

/** Where a payment method is offered (web, bot, operator, app, qr); one row per method. */
export const paymentMethodSettings = pgTable(
  "payment_method_settings",
  {
    paymentMethodId: uuid()
      .primaryKey()
      .references(() => paymentMethods.id, { onDelete: "cascade" }),
    merchantId: merchantId(),
    webEnabled: boolean().notNull().default(false),
    botEnabled: boolean().notNull().default(false),
    operatorEnabled: boolean().notNull().default(false),
    appEnabled: boolean().notNull().default(false),
    qrEnabled: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("payment_method_settings_merchant_id_idx").on(t.merchantId)],
);

/**
 * Where a service type (delivery, pickup, dine-in) is offered, by channel, as payment methods are
 * (specification section 6: "channel availability of order types ... per channel"). No row: on every
 * channel, so a brand that never set them loses nothing; the web settings' switches still decide
 * whether the brand offers the type at all.
 */
export const serviceTypeSettings = pgTable(
  "service_type_settings",
  {
    merchantId: merchantId(),
    serviceType: serviceTypeEnum().notNull(),
    webEnabled: boolean().notNull().default(true),
    botEnabled: boolean().notNull().default(true),
    operatorEnabled: boolean().notNull().default(true),
    appEnabled: boolean().notNull().default(true),
    qrEnabled: boolean().notNull().default(true),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.serviceType] })],
);

/**
 * A card saved by a user. Only the masked number (e.g. "8600 **** **** 1234") and the provider's
 * token are stored; the CVV and the SMS confirmation code of the spec are never stored.
 */
export const cards = pgTable(
  "cards",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text(),
    number: text().notNull(),
    /** "MM/YY". */
    expire: text(),
    /** The payment provider's card token. */
    token: text(),
    /** Whose token it is: PAYME (Subscribe API) or CLICK (card-token API); the brand may switch later. */
    provider: text().notNull().default("PAYME"),
    phone: text(),
    isVerified: boolean().notNull().default(false),
    type: cardTypeEnum(),
    /** Wrong SMS codes entered so far; the fifth drops the card. */
    verifyAttempts: smallint().notNull().default(0),
    /** When the provider last sent the SMS code (a new one only after its wait). */
    codeSentAt: timestamptz(),
    /** Milliseconds the provider asked to wait before sending another code. */
    codeWaitMs: integer(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    index("cards_merchant_id_user_id_idx").on(t.merchantId, t.userId),
    check("cards_verify_attempts_check", sql`${t.verifyAttempts} between 0 and 5`),
    check("cards_provider_check", sql`${t.provider} in ('PAYME', 'CLICK')`),
  ],
);

/**
 * A promo code. AMOUNT discounts are so'm, PERCENTAGE discounts are percent (0-100) of the product or
 * delivery price. Codes are stored upper case and unique per merchant.
 */
export const promos = pgTable(
  "promos",
  {
    id: id(),
    merchantId: merchantId(),
    code: text().notNull(),
    discountType: discountTypeEnum().notNull(),
    productDiscount: money().notNull().default(0),
    deliveryDiscount: money().notNull().default(0),
    /** Minimum product total to apply the promo. */
    minPrice: money().notNull().default(0),
    startDate: timestamptz(),
    endDate: timestamptz(),
    isActive: boolean().notNull().default(true),
    /** Total number of uses; NULL = unlimited. */
    usageLimit: integer(),
    /** Uses by one customer (orders not cancelled); NULL = unlimited. 1 was the only rule before. */
    perCustomerLimit: integer().default(1),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("promos_merchant_id_code_uq").on(t.merchantId, t.code),
    check("promos_usage_limit_check", sql`${t.usageLimit} is null or ${t.usageLimit} >= 0`),
    check(
      "promos_per_customer_limit_check",
      sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1`,
    ),
  ],
);

/** A promo in a user's list (added once; how often they used it is counted on their orders). */
export const userPromos = pgTable(
  "user_promos",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    promoId: uuid()
      .notNull()
      .references(() => promos.id, { onDelete: "cascade" }),
    createdDate: createdDate(),
  },
  (t) => [
    index("user_promos_merchant_id_promo_id_idx").on(t.merchantId, t.promoId),
    uniqueIndex("user_promos_user_id_promo_id_uq").on(t.userId, t.promoId),
  ],
);
