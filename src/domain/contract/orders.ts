// Orders, promos, couriers and the staff API. The request schemas are loose where the
// specification's client sends more than the server reads: amounts it sends are accepted and ignored.
import { DELIVERY_PRICE_SOURCES } from "../yandex-delivery.ts";
import { z } from "zod";
import {
  ADDRESS_TYPES,
  COURIER_STATUSES,
  DELIVERY_TYPES,
  DISCOUNT_TYPES,
  GRADE_REASONS,
  ORDER_CANCEL_REASONS,
  ORDER_CHANGE_REASONS,
  ORDER_DEVICES,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  PRODUCT_UNITS,
  SERVICE_TYPES,
} from "../enums.ts";
import { dateTimeSchema, MONEY_MAX, multilingualSchema, uuidSchema } from "./common.ts";

const shortText = (max: number) => z.string().trim().max(max);
const quantitySchema = z.number().positive().max(10_000);

/** One chosen modification of a cart line; the client may send its name and price, which are ignored. */
export const cartModificationSchema = z.looseObject({
  id: uuidSchema,
  count: z.number().int().min(1).max(100).optional(),
});

/** One line of the basket as sent: the product, how many, and its chosen modifications. */
export const cartItemRequestSchema = z.looseObject({
  productId: uuidSchema,
  count: quantitySchema,
  modifications: z.array(cartModificationSchema).max(50).default([]),
});

export const orderAddressSchema = z
  .looseObject({
    id: z.string().max(100).nullish(),
    type: z.enum(ADDRESS_TYPES).nullish(),
    name: shortText(300).nullish(),
    streetName: shortText(300).nullish(),
    houseNumber: shortText(50).nullish(),
    details: shortText(1000).nullish(),
    description: shortText(500).nullish(),
    comment: shortText(500).nullish(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    cityId: uuidSchema.nullish(),
    floor: shortText(20).nullish(),
    office: shortText(50).nullish(),
    entrance: shortText(20).nullish(),
    domophone: shortText(50).nullish(),
  })
  .meta({ id: "OrderAddress" });
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const receiverSchema = z.object({
  name: shortText(100).min(1),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/),
});

/**
 * POST /orders/v1/orders and /orders/at-time: the specification's order request. Only what the
 * customer chooses is read; totals, prices and discounts the client sends are ignored.
 */
export const orderRequestSchema = z
  .looseObject({
    cartItems: z.array(cartItemRequestSchema).max(100),
    serviceType: z.enum(SERVICE_TYPES),
    paymentType: z.enum(PAYMENT_TYPES).default("CASH"),
    branchId: uuidSchema.nullish(),
    address: orderAddressSchema.nullish(),
    comment: shortText(1000).nullish(),
    courierComment: shortText(1000).nullish(),
    promoCode: shortText(64).nullish(),
    /** Cashback to spend, so'm; never above the balance. */
    cashback: z.number().min(0).max(MONEY_MAX).nullish(),
    receiver: receiverSchema.nullish(),
    /** Dine-in at a table (its QR code's session): the order goes to this table of the branch. */
    hallId: uuidSchema.nullish(),
    tableId: uuidSchema.nullish(),
    orderDevice: z.enum(ORDER_DEVICES).nullish(),
    /** Later orders: the merchant's local day "YYYY-MM-DD" and time "HH:mm" (seconds are zero). */
    day: z.iso.date().nullish(),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .nullish(),
    /** Later orders: the time as an ISO date-time, when day/time are not sent. */
    deliveryAt: dateTimeSchema.nullish(),
  })
  .meta({ id: "OrderRequest" });
export type OrderRequest = z.input<typeof orderRequestSchema>;

export const idempotencyHeadersSchema = z.looseObject({
  merchant: z.uuid().describe("The brand's merchant id"),
  "idempotency-key": z
    .string()
    .min(8)
    .max(100)
    .regex(/^[\w.:-]+$/)
    .optional()
    .describe("A retried submit with the same key returns the first order"),
});

export const orderTotalsSchema = z
  .object({
    productCount: z.number(),
    productPrice: z.number(),
    productDiscount: z.number(),
    promoProductDiscount: z.number(),
    totalProductDiscount: z.number(),
    totalProductPrice: z.number(),
    deliveryPrice: z.number(),
    deliveryDiscount: z.number(),
    servicePrice: z.number(),
    promo: z.number(),
    cashback: z.number(),
    totalDiscount: z.number(),
    totalPrice: z.number(),
  })
  .meta({ id: "OrderTotals" });
export type OrderTotalsResponse = z.infer<typeof orderTotalsSchema>;

/** POST /orders/v1/orders/quote: what the order would cost, decided by the same checks as placing it. */
export const orderQuoteSchema = z
  .object({
    totals: orderTotalsSchema,
    branchId: uuidSchema.nullable(),
    deliveryTariffId: uuidSchema.nullable(),
    /** Where the delivery price came from: the zone tariff, Yandex Delivery, or the tariff because Yandex did not answer. */
    deliveryPriceSource: z.enum(DELIVERY_PRICE_SOURCES).optional(),
    /** With TAXIMETER: the city's word on the fare. */
    taximeterComment: multilingualSchema.nullable().optional(),
    promoId: uuidSchema.nullable(),
    cashbackBalance: z.number(),
    cashbackEarned: z.number(),
    /** When it would be ready (pickup, dine-in) or arrive (delivery), if placed now (src/domain/arrival.ts). */
    arrival: z.object({ from: dateTimeSchema, to: dateTimeSchema }),
    /**
     * A paid order's change: what Payme takes for it, so'm: the difference of a pure addition, or
     * the new total of any other change (`replaces`: the earlier payment is refunded once it is paid).
     */
    paidChange: z.object({ amount: z.number(), replaces: z.boolean() }).optional(),
  })
  .meta({ id: "OrderQuote" });
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const orderItemSchema = z
  .object({
    id: uuidSchema,
    productId: uuidSchema.nullable(),
    name: multilingualSchema,
    image: z.string().nullable(),
    unit: z.enum(PRODUCT_UNITS),
    count: z.number(),
    costPrice: z.number(),
    discount: z.number(),
    modifications: z.array(
      z.object({
        id: z.string(),
        groupId: z.string(),
        name: multilingualSchema,
        price: z.number(),
        count: z.number(),
      }),
    ),
    price: z.number(),
  })
  .meta({ id: "OrderItem" });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderHistoryEntrySchema = z
  .object({
    status: z.enum(ORDER_STATUSES).nullable(),
    courierStatus: z.enum(COURIER_STATUSES).nullable(),
    reason: z.enum(ORDER_CHANGE_REASONS),
    comment: z.string().nullable(),
    createdDate: dateTimeSchema,
  })
  .meta({ id: "OrderHistoryEntry" });

export const orderBranchSchema = z.object({
  id: uuidSchema,
  name: multilingualSchema,
  address: multilingualSchema.nullable(),
  phone: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});

export const courierSchema = z
  .object({
    id: uuidSchema,
    name: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.enum(COURIER_STATUSES).nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    positionAt: dateTimeSchema.nullable(),
    branchId: uuidSchema.nullable(),
    /** A delivery service's performer (YANDEX) rather than the brand's own courier. */
    provider: z.enum(["YANDEX"]).nullable().optional(),
    /** The performer's car ("Chevrolet Cobalt, 01 A 777 AA"). */
    vehicle: z.string().nullable().optional(),
  })
  .meta({ id: "Courier" });
export type Courier = z.infer<typeof courierSchema>;

export const REFUND_STATES = ["PENDING", "DONE", "FAILED"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const orderSchema = z
  .object({
    id: uuidSchema,
    number: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    serviceType: z.enum(SERVICE_TYPES),
    orderDevice: z.enum(ORDER_DEVICES).nullable(),
    paymentType: z.enum(PAYMENT_TYPES),
    isPaid: z.boolean(),
    userId: uuidSchema.nullable(),
    merchantId: uuidSchema,
    receiver: receiverSchema.nullable(),
    address: orderAddressSchema.nullable(),
    branch: orderBranchSchema.nullable(),
    branchId: uuidSchema.nullable(),
    /** The hall and table of an order placed at a table (dine-in by QR code). */
    hallId: uuidSchema.nullable(),
    tableId: uuidSchema.nullable(),
    courierId: uuidSchema.nullable(),
    courierStatus: z.enum(COURIER_STATUSES).nullable(),
    deliveryType: z.enum(DELIVERY_TYPES).nullable(),
    /** Delivered to a taximeter city: the courier charges the meter's fare, outside totalPrice. */
    deliveryByTaximeter: z.boolean(),
    deliveryTariffId: uuidSchema.nullable(),
    comment: z.string().nullable(),
    courierComment: z.string().nullable(),
    promoId: uuidSchema.nullable(),
    promoCode: z.string().nullable(),
    cashback: z.number(),
    cashbackEarned: z.number(),
    productPrice: z.number(),
    productDiscount: z.number(),
    deliveryPrice: z.number(),
    deliveryDiscount: z.number(),
    totalProductPrice: z.number(),
    totalProductDiscount: z.number(),
    totalPrice: z.number(),
    totalDiscount: z.number(),
    servicePrice: z.number(),
    productCount: z.number(),
    atTime: dateTimeSchema.nullable(),
    cookingAt: dateTimeSchema.nullable(),
    readyAt: dateTimeSchema.nullable(),
    deliveredAt: dateTimeSchema.nullable(),
    /** The window promised at placement: ready (pickup, dine-in) or arriving (delivery) within it. */
    estimatedFrom: dateTimeSchema.nullable(),
    estimatedTo: dateTimeSchema.nullable(),
    cartItems: z.array(orderItemSchema),
    history: z.array(orderHistoryEntrySchema),
    /** The customer may cancel it now (status and the merchant's cancelOrderActive). */
    cancellable: z.boolean(),
    /** The customer may change it now: before the kitchen accepts it (once paid: Payme only, adding dishes). */
    changeable: z.boolean(),
    /**
     * A paid order's change waiting for its Payme payment (so'm): the difference it adds, or the new
     * total (`replaces`: the earlier payment is refunded once it is paid); null when none waits.
     */
    pendingPayment: z.object({ amount: z.number(), replaces: z.boolean() }).nullable(),
    /** Why the system cancelled it (NOT_PAID_IN_TIME); null unless CANCELED that way. */
    cancelReason: z.enum(ORDER_CANCEL_REASONS).nullable(),
    /** The reason staff gave when they cancelled it, as they typed it; null unless staff cancelled it. */
    cancelComment: z.string().nullable(),
    /**
     * The refund of a paid order cancelled here, as the storefront sends it to the provider:
     * PENDING (sending, retried), DONE (the provider gave the money back), FAILED (the provider
     * refused or kept failing: staff settle it in the provider's cabinet); null when none is owed.
     */
    refundState: z.enum(REFUND_STATES).nullable(),
    /**
     * The tax authority's fiscal receipt of its online payment (the link the provider reported, issue
     * 40); null until the provider has registered it, and for payments on receipt.
     */
    fiscalReceiptUrl: z.string().nullable(),
    /** The customer may grade it now (DELIVERED or CLOSED, not graded yet). */
    gradeable: z.boolean(),
    /** The customer's grade, once given. */
    review: z
      .object({
        grade: z.number().int().min(1).max(5),
        reasons: z.array(z.enum(GRADE_REASONS)),
        comment: z.string().nullable(),
        createdDate: dateTimeSchema.nullable(),
      })
      .nullable(),
    createdDate: dateTimeSchema,
    lastModifiedDate: dateTimeSchema,
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof orderSchema>;

/** A page of orders (GET /orders/v1/orders/user/{userId}). Page numbers are zero-based. */
export const orderPageSchema = z
  .object({
    content: z.array(orderSchema),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    last: z.boolean(),
  })
  .meta({ id: "OrderPage" });
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderPageQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(50).default(10),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  onlyArchive: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

export const orderIdParamsSchema = z.object({ id: uuidSchema });
export const userIdParamsSchema = z.object({ userId: uuidSchema });

/** GET /orders/v1/order/setting/{id}: the order rules for an order's city (or the merchant's). */
export const orderSettingSchema = z
  .object({
    id: uuidSchema.nullable(),
    cityId: uuidSchema.nullable(),
    serviceFeeEnabled: z.boolean(),
    feeAmount: z.number(),
    feeFreeThreshold: z.number().nullable(),
    minimalDeliveryPrice: z.number(),
    minOrderAmount: z.number(),
    cashbackPercent: z.number(),
    /** The fewest pieces a delivery order may hold; 0 = none. */
    minDeliveryProductCount: z.number().int(),
    /** The largest product total of an order; null = no limit. */
    maxOrderAmount: z.number().nullable(),
    defaultDeliveryTypeBot: z.enum(DELIVERY_TYPES),
    defaultDeliveryTypeWeb: z.enum(DELIVERY_TYPES),
    defaultDeliveryTypeApp: z.enum(DELIVERY_TYPES),
  })
  .meta({ id: "OrderSetting" });
export type OrderSetting = z.infer<typeof orderSettingSchema>;

/** POST /orders/v1/orders/{id}/grade: 1-5 stars, what stood out, and an optional comment. */
export const gradeOrderBodySchema = z
  .object({
    grade: z.number().int().min(1).max(5),
    reasons: z
      .array(z.enum(GRADE_REASONS))
      .max(GRADE_REASONS.length)
      .refine((list) => new Set(list).size === list.length, { error: "reasons must not repeat" })
      .default([]),
    comment: shortText(1000).nullish(),
  })
  .meta({ id: "GradeOrderBody" });
export type GradeOrderBody = z.infer<typeof gradeOrderBodySchema>;

export const cancelOrderBodySchema = z.object({ reason: shortText(500).nullish() }).nullish();

export const promoSchema = z
  .object({
    id: uuidSchema,
    code: z.string(),
    discountType: z.enum(DISCOUNT_TYPES),
    productDiscount: z.number(),
    deliveryDiscount: z.number(),
    minPrice: z.number(),
    startDate: dateTimeSchema.nullable(),
    endDate: dateTimeSchema.nullable(),
    isActive: z.boolean(),
    /** Used on an order of this customer that was not cancelled. */
    used: z.boolean(),
    addedDate: dateTimeSchema,
  })
  .meta({ id: "Promo" });
export type Promo = z.infer<typeof promoSchema>;

export const addPromoBodySchema = z.object({ code: z.string().trim().min(1).max(64) });

export const orderEventSchema = z.object({
  orderId: uuidSchema,
  status: z.enum(ORDER_STATUSES),
  courierStatus: z.enum(COURIER_STATUSES).nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

// Staff API (/staff/v1): a user with role STAFF or ADMIN of the merchant.
export const staffStatusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  comment: shortText(500).nullish(),
});
export const staffCourierBodySchema = z.object({ courierId: uuidSchema });
export const staffCourierStatusBodySchema = z.object({ courierStatus: z.enum(COURIER_STATUSES) });
export const staffPositionBodySchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
/**
 * A new courier: an existing user of the brand (`userId`), or a person by name and phone (their
 * account is found by the phone or made, and named when it has no name yet). `branchId`: the
 * courier's branch; none = brand-wide (staff bound to no branch only).
 */
export const staffCreateCourierBodySchema = z
  .object({
    userId: uuidSchema.optional(),
    name: z.string().trim().min(1).max(100).optional(),
    phone: z.string().min(1).max(40).optional(),
    branchId: uuidSchema.nullish(),
  })
  .refine((b) => (b.userId !== undefined) !== (b.name !== undefined && b.phone !== undefined), {
    message: "either userId, or name and phone",
  });
export const staffOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  /** One of the caller's branches; without it, every branch the caller works at. */
  branchId: uuidSchema.optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
