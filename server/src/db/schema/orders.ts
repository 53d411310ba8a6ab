// Order settings, couriers, orders with their items and status history, and per-merchant numbering.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AddressType, PaymentType } from "#domain/enums.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import {
  coordinate,
  createdDate,
  id,
  lastModifiedDate,
  money,
  percent,
  quantity,
  requiredMultilingual,
  timestamptz,
} from "./columns.ts";
import {
  courierStatusEnum,
  deliveryTypeEnum,
  orderChangeReasonEnum,
  orderDeviceEnum,
  orderStatusEnum,
  paymentTypeEnum,
  productUnitEnum,
  serviceTypeEnum,
} from "./enums.ts";
import { branches, deliveryRegions } from "./geo.ts";
import { products } from "./menu.ts";
import { cities, merchants } from "./merchants.ts";
import { merchantId } from "./tenant.ts";
import { promos } from "./payments.ts";
import { users } from "./users.ts";

/**
 * Order rules of a merchant: one row with cityId NULL (the merchant default) and optionally one row
 * per city overriding it.
 */
export const orderSettings = pgTable(
  "order_settings",
  {
    id: id(),
    merchantId: merchantId(),
    cityId: uuid().references(() => cities.id, { onDelete: "cascade" }),
    serviceFeeEnabled: boolean().notNull().default(false),
    /** Product total from which delivery is free; NULL = never free. */
    feeFreeThreshold: money(),
    /** The service fee added to an order when serviceFeeEnabled. */
    feeAmount: money().notNull().default(0),
    minimalDeliveryPrice: money().notNull().default(0),
    /** Minimum product total for delivery; 0 = none. */
    minOrderAmount: money().notNull().default(0),
    /** Cashback earned on a DELIVERED or CLOSED order, percent of the product total; 0 = none. */
    cashbackPercent: percent().notNull().default(0),
    /** The fewest products (pieces) a delivery order may hold; 0 = none. */
    minDeliveryProductCount: integer().notNull().default(0),
    /** The largest product total an order may have ("maximum amount exceeded"); NULL = no limit. */
    maxOrderAmount: money(),
    defaultDeliveryTypeBot: deliveryTypeEnum().notNull().default("MERCHANT"),
    defaultDeliveryTypeWeb: deliveryTypeEnum().notNull().default("MERCHANT"),
    defaultDeliveryTypeApp: deliveryTypeEnum().notNull().default("MERCHANT"),
    /**
     * Minutes an order paid online may wait OPEN and unpaid before the sweep cancels it; 0 = never.
     * Read from the brand-wide row (cityId NULL) only.
     */
    paymentTimeoutMinutes: integer().notNull().default(15),
    /**
     * The brand's courier speed in city traffic (km/h) for the promised arrival (src/domain/arrival.ts);
     * NULL: the rule's default. Read from the brand-wide row (cityId NULL) only.
     */
    courierSpeedKmh: integer(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    check(
      "order_settings_payment_timeout_minutes_check",
      sql`${t.paymentTimeoutMinutes} between 0 and 10080`,
    ),
    check("order_settings_courier_speed_kmh_check", sql`${t.courierSpeedKmh} between 3 and 120`),
    check(
      "order_settings_min_delivery_product_count_check",
      sql`${t.minDeliveryProductCount} between 0 and 999`,
    ),
    uniqueIndex("order_settings_merchant_id_uq")
      .on(t.merchantId)
      .where(sql`${t.cityId} is null`),
    uniqueIndex("order_settings_merchant_id_city_id_uq")
      .on(t.merchantId, t.cityId)
      .where(sql`${t.cityId} is not null`),
  ],
);

/** A courier: a user of the merchant who delivers, with the last known position. */
export const couriers = pgTable(
  "couriers",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .unique("couriers_user_id_unique")
      .references(() => users.id, { onDelete: "cascade" }),
    branchId: uuid().references(() => branches.id, { onDelete: "set null" }),
    balance: money().notNull().default(0),
    status: courierStatusEnum(),
    latitude: coordinate(),
    longitude: coordinate(),
    /** When the phone took the position (the courier app), or when staff reported it. */
    positionAt: timestamptz(),
    /** The phone's accuracy of that position, in metres. */
    positionAccuracy: doublePrecision(),
    /** On shift: offers of the branch reach them (the courier app's switch). */
    onShift: boolean().notNull().default(false),
    /** A courier of a delivery service (YANDEX: the performer of a claim), not the brand's own. */
    provider: text(),
    /** The performer's car as the service names it ("Kia Rio, 01A123BC"). */
    vehicle: text(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("couriers_merchant_id_branch_id_idx").on(t.merchantId, t.branchId)],
);

/** Online payment details of an order (provider transaction, checkout link, ...). */
export type OrderPayment = {
  provider?: PaymentType;
  transactionId?: string;
  checkoutUrl?: string;
  /** ISO date-time. */
  paidAt?: string;
  [key: string]: unknown;
};

/** Who receives the order when it is not the customer. */
export type OrderReceiver = { name: string; phone: string };

/** The delivery address as it was when the order was placed. */
export type OrderAddressSnapshot = {
  id?: string | null;
  type?: AddressType | null;
  name?: string | null;
  streetName?: string | null;
  houseNumber?: string | null;
  details?: string | null;
  description?: string | null;
  comment?: string | null;
  latitude: number;
  longitude: number;
  cityId?: string | null;
  floor?: string | null;
  office?: string | null;
  entrance?: string | null;
  domophone?: string | null;
};

/**
 * An order. Every amount is computed by the server. userId becomes NULL when the customer's account
 * is deleted; the receiver and address snapshots are then erased too.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    merchantId: merchantId(),
    /** Human number, sequential per merchant (order_number_counters). */
    number: integer().notNull(),
    status: orderStatusEnum().notNull(),
    serviceType: serviceTypeEnum().notNull(),
    orderDevice: orderDeviceEnum(),
    paymentType: paymentTypeEnum().notNull().default("CASH"),
    payment: jsonb().$type<OrderPayment>(),
    isPaid: boolean().notNull().default(false),
    /** The customer's rating of the order, 1 to 5. */
    grade: smallint(),
    /** Reasons given with the grade or the cancellation. */
    reasons: jsonb().$type<string[]>().notNull().default([]),
    /** The customer's words with the grade. */
    gradeComment: text(),
    /** When the customer graded it (once per order). */
    gradedAt: timestamptz(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    receiver: jsonb().$type<OrderReceiver>(),
    address: jsonb().$type<OrderAddressSnapshot>(),
    branchId: uuid().references(() => branches.id, { onDelete: "set null" }),
    courierId: uuid().references(() => couriers.id, { onDelete: "set null" }),
    waiterId: uuid().references(() => users.id, { onDelete: "set null" }),
    hallId: text(),
    tableId: text(),
    comment: text(),
    courierComment: text(),
    /** Offered to the couriers of its branch on shift; the first to accept takes it (issue 39). */
    courierOfferedAt: timestamptz(),
    promoId: uuid().references(() => promos.id, { onDelete: "set null" }),
    promoCode: text(),
    /** Cashback spent on this order. */
    cashback: money().notNull().default(0),
    /** Cashback the order earns when it is DELIVERED or CLOSED. */
    cashbackEarned: money().notNull().default(0),
    productPrice: money().notNull().default(0),
    productDiscount: money().notNull().default(0),
    deliveryPrice: money().notNull().default(0),
    deliveryDiscount: money().notNull().default(0),
    totalProductPrice: money().notNull().default(0),
    totalProductDiscount: money().notNull().default(0),
    totalPrice: money().notNull().default(0),
    totalDiscount: money().notNull().default(0),
    servicePrice: money().notNull().default(0),
    productCount: integer().notNull().default(0),
    /** The delivery region whose price was applied. */
    deliveryTariffId: uuid().references(() => deliveryRegions.id, { onDelete: "set null" }),
    deliveryType: deliveryTypeEnum(),
    /** Delivered to a taximeter city: the courier charges the meter's fare, outside the total. */
    deliveryByTaximeter: boolean().notNull().default(false),
    courierStatus: courierStatusEnum(),
    courierPaid: boolean().notNull().default(false),
    /** The requested time of a later (AT_TIME) order. */
    atTime: timestamptz(),
    cookingAt: timestamptz(),
    readyAt: timestamptz(),
    deliveredAt: timestamptz(),
    /** The window promised at placement: ready (pickup, dine-in) or arriving (delivery) between these. */
    estimatedFrom: timestamptz(),
    estimatedTo: timestamptz(),
    sendCheque: boolean().notNull().default(false),
    sendChequePhone: text(),
    /** The Idempotency-Key header of the placing request. */
    idempotencyKey: text(),
    /** SHA-256 of the placing request (endpoint and body): a reused key must carry the same request. */
    idempotencyHash: text(),
    /** Hidden from the customer's order list. */
    isHidden: boolean().notNull().default(false),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("orders_merchant_id_number_uq").on(t.merchantId, t.number),
    uniqueIndex("orders_merchant_id_user_id_idempotency_key_uq")
      .on(t.merchantId, t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("orders_merchant_id_user_id_created_date_idx").on(t.merchantId, t.userId, t.createdDate),
    index("orders_merchant_id_status_idx").on(t.merchantId, t.status),
    index("orders_merchant_id_created_date_idx").on(t.merchantId, t.createdDate),
    index("orders_courier_id_idx").on(t.courierId),
    /** The payment time-out sweep reads only orders waiting for their payment, oldest first. */
    index("orders_open_unpaid_created_date_idx")
      .on(t.createdDate)
      .where(sql`${t.status} = 'OPEN' and not ${t.isPaid}`),
    check("orders_grade_check", sql`${t.grade} is null or ${t.grade} between 1 and 5`),
  ],
);

/** A chosen modification as it was when the order was placed. */
export type OrderItemModification = {
  id: string;
  groupId: string;
  name: Multilingual;
  /** Unit price of the modification. */
  price: number;
  count: number;
};

/** A cart line of an order, a snapshot of the product at order time. */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** NULL when the product has since been deleted. */
    productId: uuid().references(() => products.id, { onDelete: "set null" }),
    name: requiredMultilingual(),
    image: text(),
    unit: productUnitEnum().notNull().default("COUNT"),
    count: quantity().notNull(),
    /** Unit price of the product before discount. */
    costPrice: money().notNull(),
    /** Percent off. */
    discount: percent().notNull().default(0),
    modifications: jsonb().$type<OrderItemModification[]>().notNull().default([]),
    /** Line total: (costPrice + modification prices) x count. */
    price: money().notNull(),
    priority: integer().notNull().default(0),
  },
  (t) => [
    index("order_items_merchant_id_order_id_idx").on(t.merchantId, t.orderId),
    index("order_items_order_id_idx").on(t.orderId),
  ],
);

/** Every change of an order, with its reason (spec "order change reasons"). */
export const orderHistory = pgTable(
  "order_history",
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order status after the change. */
    status: orderStatusEnum(),
    /** The courier status after the change. */
    courierStatus: courierStatusEnum(),
    reason: orderChangeReasonEnum().notNull(),
    comment: text(),
    /** Who made the change; NULL for the system or a payment callback. */
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdDate: createdDate(),
  },
  (t) => [
    index("order_history_merchant_id_order_id_idx").on(t.merchantId, t.orderId, t.createdDate),
    index("order_history_order_id_idx").on(t.orderId),
  ],
);

/**
 * The last order number handed out per merchant. Take the next one with
 * `INSERT ... ON CONFLICT (merchant_id) DO UPDATE SET last_number = last_number + 1 RETURNING`.
 */
export const orderNumberCounters = pgTable("order_number_counters", {
  merchantId: uuid()
    .primaryKey()
    .references(() => merchants.id, { onDelete: "cascade" }),
  lastNumber: integer().notNull().default(0),
});

/**
 * A change of a paid order waiting for its payment (issue 42): the customer's request
 * as the change route parsed it, checked when it was asked for and applied, checked again, when Payme
 * performs the difference's transaction. At most one PENDING change per order; a newer one replaces it.
 * States: PENDING, APPLIED (paid and written), CANCELLED (replaced, or refused when paid).
 */
export const orderChanges = pgTable(
  "order_changes",
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The session's channel when the customer asked (decides what the menu sells them). */
    channel: text().notNull(),
    later: boolean().notNull(),
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The difference to pay, tiyin. */
    amount: bigint({ mode: "number" }).notNull(),
    /** The receipt of what is paid now (src/domain/fiscal.ts FiscalReceipt). */
    receipt: jsonb().$type<Record<string, unknown>>().notNull(),
    /**
     * Not a pure addition: the amount is the changed order's whole total, and the order's earlier
     * payments come back (refunded) once it is paid. Otherwise the amount is what the change adds.
     */
    replaces: boolean().notNull().default(false),
    state: text().notNull().default("PENDING"),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("order_changes_order_id_pending_uq")
      .on(t.orderId)
      .where(sql`${t.state} = 'PENDING'`),
    check("order_changes_state_check", sql`${t.state} in ('PENDING', 'APPLIED', 'CANCELLED')`),
    check("order_changes_amount_check", sql`${t.amount} > 0`),
  ],
);
