// The courier app's calls (issue 39): /api/courier/v1/... for a staff member with the COURIER role.
import { z } from "zod";
import { COURIER_STATUSES, ORDER_STATUSES, PAYMENT_TYPES } from "../enums.ts";
import { COURIER_MOVES } from "../courier-app.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

export const courierMeSchema = z
  .object({
    id: uuidSchema,
    name: z.string().nullable(),
    phone: z.string().nullable(),
    branchId: uuidSchema.nullable(),
    onShift: z.boolean(),
  })
  .meta({ id: "CourierMe" });
export type CourierMe = z.infer<typeof courierMeSchema>;

export const courierShiftBodySchema = z.object({ onShift: z.boolean() });

const addressSchema = z.object({
  text: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  entrance: z.string().nullable(),
  floor: z.string().nullable(),
  office: z.string().nullable(),
  intercom: z.string().nullable(),
  comment: z.string().nullable(),
});

export const courierOrderSchema = z
  .object({
    id: uuidSchema,
    number: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    courierStatus: z.enum(COURIER_STATUSES).nullable(),
    /** Mine (assigned or accepted); false: offered to the couriers of the branch on shift. */
    mine: z.boolean(),
    address: addressSchema,
    /** Metres from the branch (or from my last position, when known) to the address. */
    distanceM: z.number().nullable(),
    itemCount: z.number().int(),
    paymentType: z.enum(PAYMENT_TYPES),
    cashToCollect: z.number(),
    totalPrice: z.number(),
    moves: z.array(z.enum(COURIER_MOVES)),
    createdDate: dateTimeSchema,
  })
  .meta({ id: "CourierOrder" });
export type CourierOrder = z.infer<typeof courierOrderSchema>;

export const courierOrderDetailSchema = courierOrderSchema
  .extend({
    customerName: z.string().nullable(),
    customerPhone: z.string().nullable(),
    comment: z.string().nullable(),
    items: z.array(z.object({ name: multilingualSchema, count: z.number() })),
  })
  .meta({ id: "CourierOrderDetail" });
export type CourierOrderDetail = z.infer<typeof courierOrderDetailSchema>;

export const courierMoveBodySchema = z.object({ move: z.enum(COURIER_MOVES) });

/** One fix of the phone's location; `at` is when the phone took it. */
export const courierPositionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).nullable().optional(),
  at: dateTimeSchema,
});
export const courierPositionsBodySchema = z.array(courierPositionSchema).min(1).max(100);
export type CourierPositionInput = z.infer<typeof courierPositionSchema>;

export const courierPositionsAnswerSchema = z
  .object({
    /** Whether the newest good position is now the courier's (an active delivery, a sane fix). */
    accepted: z.boolean(),
    dropped: z.number().int(),
  })
  .meta({ id: "CourierPositionsAnswer" });
