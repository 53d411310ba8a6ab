// Order settings, payment methods and promos in the brand file.
import { z } from "zod";
import { DELIVERY_TYPES, DISCOUNT_TYPES, PAYMENT_TYPES } from "#domain/enums.ts";
import { DEFAULT_PAYMENT_TIMEOUT_MINUTES } from "#domain/order-settings.ts";
import {
  dateTime,
  image,
  keySchema,
  moneySchema,
  multilingualSchema,
  nonEmpty,
  optionalText,
  percentSchema,
  priority,
} from "./blocks.ts";
import { bool } from "./merchant.ts";

export const orderSettingsSchema = z.strictObject({
  serviceFeeEnabled: bool,
  /** Product total from which delivery is free; null = never free. */
  feeFreeThreshold: moneySchema.nullable().default(null),
  feeAmount: moneySchema.default(0),
  minimalDeliveryPrice: moneySchema.default(0),
  /** Minimum product total for delivery; 0 = none. */
  minOrderAmount: moneySchema.default(0),
  cashbackPercent: percentSchema.default(0),
  /** The fewest pieces a delivery order may hold; 0 = none. */
  minDeliveryProductCount: z
    .number()
    .int({ error: "must be a whole number of pieces" })
    .min(0, { error: "must be between 0 (none) and 999 pieces" })
    .max(999, { error: "must be between 0 (none) and 999 pieces" })
    .default(0),
  /** The largest product total of an order; null = no limit. */
  maxOrderAmount: moneySchema.nullable().default(null),
  defaultDeliveryTypeBot: z.enum(DELIVERY_TYPES).default("MERCHANT"),
  defaultDeliveryTypeWeb: z.enum(DELIVERY_TYPES).default("MERCHANT"),
  defaultDeliveryTypeApp: z.enum(DELIVERY_TYPES).default("MERCHANT"),
  /** Minutes an order paid online may wait unpaid before it is cancelled ("Not paid in time"); 0 = never. */
  paymentTimeoutMinutes: z
    .number()
    .int({ error: "must be a whole number of minutes" })
    .min(0, { error: "must be between 0 (never) and 10080 minutes" })
    .max(10_080, { error: "must be between 0 (never) and 10080 minutes" })
    .default(DEFAULT_PAYMENT_TIMEOUT_MINUTES),
  /** The couriers' speed in city traffic (km/h) for the arrival the customer is promised; null: 20. */
  courierSpeedKmh: z
    .number()
    .int({ error: "must be a whole number of km/h" })
    .min(3, { error: "must be between 3 and 120 km/h" })
    .max(120, { error: "must be between 3 and 120 km/h" })
    .nullable()
    .default(null),
});

/**
 * Where a service type is offered, by channel (as a payment method's switches); a type the file does
 * not list is offered on every channel.
 */
export const serviceTypeChannelSchema = z.strictObject({
  serviceType: z.enum(["DELIVERY", "PICK_UP", "DINE_IN"]),
  webEnabled: z.boolean().default(true),
  botEnabled: z.boolean().default(true),
  operatorEnabled: z.boolean().default(true),
  appEnabled: z.boolean().default(true),
  qrEnabled: z.boolean().default(true),
});

export const paymentMethodSchema = z.strictObject({
  type: z.enum(PAYMENT_TYPES),
  name: nonEmpty.optional(),
  icon: image.nullable().default(null),
  title: multilingualSchema.nullable().default(null),
  iikoId: optionalText,
  priority,
  isActive: z.boolean().default(true),
  webEnabled: bool,
  botEnabled: bool,
  operatorEnabled: bool,
  appEnabled: bool,
  qrEnabled: bool,
});

export const promoSchema = z
  .strictObject({
    key: keySchema,
    code: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/, { error: "must be 2-40 letters, digits, '_' or '-'" }),
    discountType: z.enum(DISCOUNT_TYPES),
    /** So'm for AMOUNT, percent for PERCENTAGE. */
    productDiscount: moneySchema.default(0),
    deliveryDiscount: moneySchema.default(0),
    minPrice: moneySchema.default(0),
    startDate: dateTime.nullable().default(null),
    endDate: dateTime.nullable().default(null),
    isActive: z.boolean().default(true),
    usageLimit: z.number().int().min(0).nullable().default(null),
    /** Uses by one customer; null: no limit. Once each unless the file says otherwise. */
    perCustomerLimit: z.number().int().min(1).nullable().default(1),
  })
  .superRefine((promo, ctx) => {
    if (promo.discountType === "PERCENTAGE") {
      for (const field of ["productDiscount", "deliveryDiscount"] as const) {
        if (promo[field] > 100)
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: "a PERCENTAGE discount must be at most 100",
          });
      }
    }
    if (promo.startDate && promo.endDate && Date.parse(promo.endDate) < Date.parse(promo.startDate)) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "must not be before startDate" });
    }
  });
