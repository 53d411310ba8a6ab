// The staff console's own calls (issue 18): the caller's branches, a branch's stop-list, its day
// switches and totals, and its tables. Shared by the server routes and, as types only, the console.
import { z } from "zod";
import { backOfficeAreaSchema, brandRoleSchema } from "./back-office.ts";
import { WORK_HOUR_TYPES } from "../enums.ts";
import { PAUSE_MINUTES } from "../hours.ts";
import { STAFF_ROLES } from "../staff-scope.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

export const staffBranchParamsSchema = z.object({ branchId: uuidSchema });
export const staffBranchItemParamsSchema = z.object({ branchId: uuidSchema, id: uuidSchema });
export const staffItemParamsSchema = z.object({ id: uuidSchema });

export const staffBranchSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    address: multilingualSchema.nullable(),
  })
  .meta({ id: "StaffBranch" });
export type StaffBranch = z.infer<typeof staffBranchSchema>;

export const staffMeSchema = z
  .object({
    userId: uuidSchema,
    role: z.enum(STAFF_ROLES),
    /** Bound to some branches; false = works at every branch of the brand. */
    bound: z.boolean(),
    branches: z.array(staffBranchSchema).describe("The branches the caller works at"),
    brandRole: brandRoleSchema,
    /** The parts of the back office the caller may open and change. */
    manages: z.array(backOfficeAreaSchema),
  })
  .meta({ id: "StaffMe" });
export type StaffMe = z.infer<typeof staffMeSchema>;

/** Where an item is stopped, counted over the branches the caller sees. */
const stopSpreadShape = {
  stopped: z.boolean().describe("On this branch's stop-list"),
  soldAt: z.array(uuidSchema).describe("The caller's branches that sell it (offer the option)"),
  stoppedAt: z.array(uuidSchema).describe("Those of them where it is stopped"),
};

export const stopListProductSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    image: z.string().nullable(),
    categoryId: uuidSchema,
    categoryName: multilingualSchema,
    brandOff: z.boolean().describe("Switched off for the whole brand (the product's own availability)"),
    ...stopSpreadShape,
  })
  .meta({ id: "StopListProduct" });
export type StopListProduct = z.infer<typeof stopListProductSchema>;

export const stopListOptionSchema = z
  .object({
    id: uuidSchema.describe(
      "One of the option's modifier ids: stopping it stops the option under every product that offers it",
    ),
    name: multilingualSchema,
    groupNames: z
      .array(multilingualSchema)
      .describe("The choices it is offered in (Extras, Size), each once"),
    products: z.number().int().describe("How many of the branch's products offer it"),
    ...stopSpreadShape,
  })
  .meta({ id: "StopListOption" });
export type StopListOption = z.infer<typeof stopListOptionSchema>;

export const stopListSchema = z
  .object({
    products: z.array(stopListProductSchema).describe("What the branch sells, in menu order"),
    options: z.array(stopListOptionSchema).describe("The options its products offer, each once"),
  })
  .meta({ id: "StopList" });
export type StopList = z.infer<typeof stopListSchema>;

export const stopBodySchema = z.object({ stopped: z.boolean() });

export const stopResultSchema = z.object({
  id: uuidSchema,
  stopped: z.boolean(),
  branchIds: z.array(uuidSchema).describe("The branches the switch was set at"),
});

export const branchTodayBodySchema = z
  .object({ closed: z.boolean().optional(), deliveryOff: z.boolean().optional() })
  .refine((b) => b.closed !== undefined || b.deliveryOff !== undefined, "closed or deliveryOff");

export const branchPauseBodySchema = z
  .object({
    services: z
      .array(z.enum(WORK_HOUR_TYPES))
      .min(1)
      .max(WORK_HOUR_TYPES.length)
      .describe("The services to pause or resume"),
    paused: z
      .boolean()
      .describe(`true: off from now for ${String(PAUSE_MINUTES)} minutes, on again by itself; false: on now`),
  })
  .describe("Pause services of the branch for a short while, or resume them");

export const dayTotalsSchema = z.object({
  orders: z.number().int().describe("Orders placed this local day, cancelled ones left out"),
  canceled: z.number().int(),
  revenue: z
    .number()
    .describe(
      "What was paid of the day's orders (online, or cash collected on receipt); cancelled orders left out",
    ),
  paidOrders: z.number().int(),
  pending: z.number().describe("Placed, not paid yet and not cancelled: not revenue yet"),
  pendingOrders: z.number().int(),
  byPaymentType: z.array(
    z.object({
      paymentType: z.string(),
      orders: z.number().int(),
      revenue: z.number(),
      pending: z.number(),
    }),
  ),
  averageReadyMinutes: z.number().nullable().describe("Placed to ready (DONE), from the order history"),
  readyOrders: z.number().int(),
});
export type DayTotals = z.infer<typeof dayTotalsSchema>;

export const branchTodaySchema = z
  .object({
    branchId: uuidSchema,
    day: z.string().describe("The brand's local day, YYYY-MM-DD"),
    closed: z.boolean().describe("Closed for the day by staff (a holiday)"),
    deliveryOff: z.boolean().describe("Delivery switched off for the day by staff"),
    deliveryOffered: z.boolean().describe("The branch delivers at all (its setting)"),
    pickupOffered: z
      .boolean()
      .describe("Guests may pick up here at all (the branch's and the brand's settings)"),
    dineInOffered: z
      .boolean()
      .describe("Guests may eat in here at all (the branch's and the brand's settings)"),
    hours: z
      .array(z.object({ type: z.string(), open: z.string().nullable(), close: z.string().nullable() }))
      .describe("Today's hours per service type; open null = closed all day"),
    openNow: z.boolean().describe("Takes orders (any service) at this moment"),
    paused: z
      .array(z.object({ type: z.enum(WORK_HOUR_TYPES), until: dateTimeSchema }))
      .describe("Services paused by staff now, each with the moment it comes back by itself"),
    totals: dayTotalsSchema,
  })
  .meta({ id: "BranchToday" });
export type BranchToday = z.infer<typeof branchTodaySchema>;

export const staffTotalsQuerySchema = z.object({
  day: z.iso.date().optional().describe("The brand's local day, YYYY-MM-DD; today when left out"),
});

export const staffTotalsSchema = z
  .object({
    day: z.string(),
    branches: z.array(z.object({ branchId: uuidSchema, name: multilingualSchema, totals: dayTotalsSchema })),
    chain: dayTotalsSchema.describe(
      "The sum of `branches`: the whole brand for staff bound to no branch, their own branches otherwise",
    ),
  })
  .meta({ id: "StaffTotals" });
export type StaffTotals = z.infer<typeof staffTotalsSchema>;

export const staffTableSchema = z.object({
  id: uuidSchema,
  code: z.string(),
  name: z.string(),
  seats: z.number().int(),
  hall: multilingualSchema,
});
export type StaffTable = z.infer<typeof staffTableSchema>;

export const tableQrQuerySchema = z.object({
  lang: z.enum(["uz", "ru", "en", "ar", "kz", "tr", "zh"]).optional(),
});
