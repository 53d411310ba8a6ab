// The back office's reports (issue 42, owner and manager): `/api/staff/v1/reports`, the orders and
// revenue of a period (src/domain/reports.ts computes them).
import { z } from "zod";
import { REPORT_MAX_DAYS, validPeriod } from "../reports.ts";
import { localDaySchema, uuidSchema } from "./common.ts";

export const reportQuerySchema = z
  .object({
    /** The first and the last local day of the period, both included. */
    from: localDaySchema,
    to: localDaySchema,
    /** One branch; without it, every branch the caller sees. */
    branchId: uuidSchema.optional(),
  })
  .refine((q) => validPeriod(q.from, q.to), {
    error: `must be a period of at most ${String(REPORT_MAX_DAYS)} days, its start not after its end`,
    path: ["to"],
  });

const rowSchema = z.object({ key: z.string(), orders: z.number().int(), revenue: z.number() });

export const orderReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  orders: z.number().int(),
  canceled: z.number().int(),
  revenue: z.number(),
  averageCheck: z.number().nullable(),
  averageReadyMinutes: z.number().nullable(),
  averageDeliveryMinutes: z.number().nullable(),
  lateShare: z.number().nullable(),
  days: z.array(rowSchema),
  byBranch: z.array(rowSchema),
  byService: z.array(rowSchema),
  byPayment: z.array(rowSchema),
  byChannel: z.array(rowSchema),
});
export type OrderReportAnswer = z.infer<typeof orderReportSchema>;
