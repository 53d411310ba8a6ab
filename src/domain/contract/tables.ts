// Dine-in at a table: what a table's QR code resolves to, and the waiter calls made from the table.
import { z } from "zod";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";
import { WAITER_CALL_REASONS, WAITER_CALL_STATUSES } from "../waiter-calls.ts";

/** What a QR code carries: letters, digits, "-" and "_" (Telegram's start parameter allows no more). */
export const tableCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(58)
  .regex(/^[A-Za-z0-9_-]+$/);

export const tableCodeParamsSchema = z.object({ code: tableCodeSchema });

/** GET /orders/v1/tables/{code}: the branch, hall and table of an active table open for dine-in now. */
export const tableSessionSchema = z
  .object({
    code: z.string(),
    branch: z.object({ id: uuidSchema, name: multilingualSchema, address: multilingualSchema.nullable() }),
    hall: z.object({ id: uuidSchema, name: multilingualSchema }),
    table: z.object({ id: uuidSchema, name: z.string(), seats: z.number().int() }),
  })
  .meta({ id: "TableSession" });
export type TableSession = z.infer<typeof tableSessionSchema>;

/** POST /orders/v1/waiter-calls: the table's code is the credential, so guests can call too. */
export const waiterCallRequestSchema = z.object({
  tableCode: tableCodeSchema,
  reason: z.enum(WAITER_CALL_REASONS),
});

export const waiterCallSchema = z
  .object({
    id: uuidSchema,
    branchId: uuidSchema,
    hallId: uuidSchema,
    tableId: uuidSchema,
    tableName: z.string(),
    hallName: multilingualSchema,
    branchName: multilingualSchema,
    reason: z.enum(WAITER_CALL_REASONS),
    status: z.enum(WAITER_CALL_STATUSES),
    createdDate: dateTimeSchema,
    acknowledgedAt: dateTimeSchema.nullable(),
    closedAt: dateTimeSchema.nullable(),
  })
  .meta({ id: "WaiterCall" });
export type WaiterCall = z.infer<typeof waiterCallSchema>;

export const tableCallsQuerySchema = z.object({ table: tableCodeSchema });

/**
 * GET /orders/v1/waiter-calls/events: the table, and the page's own random id for its stream, so a
 * reconnect replaces that page's earlier stream and never anyone else's.
 */
export const tableStreamQuerySchema = tableCallsQuerySchema.extend({
  viewer: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});

export const waiterCallIdParamsSchema = z.object({ id: uuidSchema });

export const staffWaiterCallsQuerySchema = z.object({
  /** One branch's calls; every branch the caller may see when left out. */
  branchId: uuidSchema.optional(),
  /** Open calls (OPEN and ACKNOWLEDGED) by default. */
  status: z.enum(["open", ...WAITER_CALL_STATUSES]).default("open"),
});
