// The staff console's order board (GET /staff/v1/board) and its live stream (GET /staff/v1/events).
import { z } from "zod";
import { RESERVATION_STATUSES } from "../booking.ts";
import { COURIER_STATUSES, ORDER_STATUSES } from "../enums.ts";
import { KITCHEN_STATES } from "../kitchen.ts";
import { WAITER_CALL_STATUSES } from "../waiter-calls.ts";
import { DELIVERY_CLAIM_STATES } from "../yandex-delivery.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";
import { orderHistoryEntrySchema, orderSchema } from "./orders.ts";

export const staffBoardQuerySchema = z.object({
  /** One branch's orders; all the caller may see when left out. */
  branchId: uuidSchema.optional(),
});

/**
 * One change of an order as staff read it: the entry and who made it, the order's customer
 * (`customer`), a person of the brand (their name and phone), or null for the system, a payment or
 * the demo simulator.
 */
export const staffHistoryEntrySchema = orderHistoryEntrySchema
  .extend({
    by: z
      .object({ customer: z.boolean(), name: z.string().nullable(), phone: z.string().nullable() })
      .nullable()
      .describe(
        "Who made the change: the order's customer (customer true, no name), a person of the brand (name and phone), null for the system, a payment or the demo simulator",
      ),
  })
  .meta({ id: "StaffHistoryEntry" });
export type StaffHistoryEntry = z.infer<typeof staffHistoryEntrySchema>;

/**
 * An order as the board shows it: the order, who placed it (name and phone to call back), its
 * courier and, for
 * an order placed at a table, that table's name and hall (the kitchen's card and ticket show them).
 */
export const staffBoardOrderSchema = orderSchema
  .extend({
    table: z
      .object({ name: z.string(), hall: multilingualSchema })
      .nullable()
      .describe("The table of a dine-in order (its name as printed on it, and its hall); null otherwise"),
    customer: z
      .object({ name: z.string().nullable(), phone: z.string().nullable() })
      .nullable()
      .describe("The account that placed the order; null once it was deleted"),
    courier: z
      .object({ name: z.string().nullable(), phone: z.string().nullable() })
      .nullable()
      .describe("The courier the order was given to (their name and phone to call); null before"),
    history: z.array(staffHistoryEntrySchema),
    kitchen: z
      .object({ state: z.enum(KITCHEN_STATES), error: z.string().nullable() })
      .nullable()
      .describe(
        "The order with the brand's kitchen system (iiko): PENDING/SENDING (to send, retried), SENT (taken), FAILED (refused; error is iiko's reason); null when it is not sent there",
      ),
    delivery: z
      .object({
        provider: z.enum(["YANDEX"]),
        state: z.enum(DELIVERY_CLAIM_STATES),
        claimStatus: z.string().nullable(),
        error: z.string().nullable(),
      })
      .nullable()
      .optional()
      .describe(
        "The order's claim with a delivery service (Yandex Delivery): PENDING/WORKING (to create and accept, retried), FOLLOWING (accepted; claimStatus is Yandex's last status), DONE, CANCELLED (with the order), FAILED (error is why); null when the brand's own couriers carry it",
      ),
  })
  .meta({ id: "StaffBoardOrder" });
export type StaffBoardOrder = z.infer<typeof staffBoardOrderSchema>;

export const staffBoardSchema = z
  .object({
    /** Active orders, and those finished in the last hours (the board's "done" column). */
    orders: z.array(staffBoardOrderSchema),
    /** The branches the caller may pick. */
    branches: z.array(z.object({ id: uuidSchema, name: multilingualSchema })),
    /** The caller may see every branch at once ("all branches"). */
    allBranches: z.boolean(),
    /** The server's clock as it answered: the console counts "17 min ago" from it, not the device's. */
    now: dateTimeSchema,
  })
  .meta({ id: "StaffBoard" });
export type StaffBoard = z.infer<typeof staffBoardSchema>;

/** One event of the staff stream: an order of the brand changed (or was placed). */
export const staffOrderEventSchema = z.object({
  orderId: uuidSchema,
  status: z.enum(ORDER_STATUSES),
  courierStatus: z.enum(COURIER_STATUSES).nullable(),
  branchId: uuidSchema.nullable(),
});
export type StaffOrderEvent = z.infer<typeof staffOrderEventSchema>;

/** One `call` event of the staff stream: a waiter call was made or answered at a table. */
export const staffCallEventSchema = z.object({
  callId: uuidSchema,
  status: z.enum(WAITER_CALL_STATUSES),
  branchId: uuidSchema,
  tableId: uuidSchema,
});
export type StaffCallEvent = z.infer<typeof staffCallEventSchema>;

/** One `reservation` event of the staff stream: a table booking was requested or changed. */
export const staffReservationEventSchema = z.object({
  reservationId: uuidSchema,
  status: z.enum(RESERVATION_STATUSES),
  branchId: uuidSchema,
});
export type StaffReservationEvent = z.infer<typeof staffReservationEventSchema>;
