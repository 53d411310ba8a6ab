// The brand's order rules in the console (issues 36 and 42, owner only): cashback, the service fee,
// free delivery, the smallest and largest orders and the time to pay online. GET and PUT
// /staff/v1/order-rules; the checkout and the order check read the same row (src/domain/order-settings.ts).
import { z } from "zod";
import { dateTimeSchema, MONEY_MAX } from "./common.ts";

const money = z
  .number({ error: "must be a number" })
  .min(0, { error: "must be 0 or more" })
  .max(MONEY_MAX, { error: "is too large" });

const wholeBetween = (min: number, max: number) =>
  z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be between ${String(min)} and ${String(max)}` })
    .max(max, { error: `must be between ${String(min)} and ${String(max)}` });

const rules = {
  /** Percent of the product total earned back on a delivered or closed order; 0 = none. */
  cashbackPercent: wholeBetween(0, 100),
  serviceFeeEnabled: z.boolean(),
  /** The service fee added to every order while it is on. */
  feeAmount: money,
  /** Product total from which delivery is free; null = never free. */
  feeFreeThreshold: money.nullable(),
  /** Delivery never costs less than this. */
  minimalDeliveryPrice: money,
  /** Minimum product total for delivery; 0 = none (a zone may ask more). */
  minOrderAmount: money,
  /** The fewest pieces a delivery order may hold; 0 = none. */
  minDeliveryProductCount: wholeBetween(0, 999),
  /** The largest product total of any order; null = no limit. */
  maxOrderAmount: money.positive({ error: "must be more than 0" }).nullable(),
  /** Minutes an order paid online may wait unpaid before it is cancelled; 0 = never. */
  paymentTimeoutMinutes: wholeBetween(0, 10_080),
  /** The couriers' speed in city traffic for the promised arrival; null: the rule's default. */
  courierSpeedKmh: wholeBetween(3, 120).nullable(),
};

export const orderRulesSchema = z
  .object({
    /** When the rules were saved last: a save naming an older one is 409 EDIT_CONFLICT. */
    version: dateTimeSchema,
    ...rules,
  })
  .meta({ id: "OrderRules" });
export type OrderRules = z.infer<typeof orderRulesSchema>;

export const orderRulesBodySchema = z
  .object({ version: dateTimeSchema, ...rules })
  .refine((b) => b.maxOrderAmount === null || b.maxOrderAmount >= b.minOrderAmount, {
    path: ["maxOrderAmount"],
    error: "must not be below the minimum order",
  })
  .meta({ id: "OrderRulesBody" });
export type OrderRulesBody = z.infer<typeof orderRulesBodySchema>;
export type OrderRulesField = Exclude<keyof OrderRulesBody, "version">;
