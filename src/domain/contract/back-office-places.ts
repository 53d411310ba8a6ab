// The back office's places (issue 36): the brand's branches (address on the map, phone, hours per
// weekday, services) and its delivery zones (polygons with a price and a minimum order). Part of the
// staff API (`/api/staff/v1/branches`, `/api/staff/v1/zones`). What is saved is what the storefront
// reads: branches and branch_work_hours, delivery_regions.
import { z } from "zod";
import { PAYMENT_TYPES, WEEK_NAMES } from "../enums.ts";
import { parseBranchPhone } from "../branch-phone.ts";
import { dateTimeSchema, localDaySchema, MONEY_MAX, multilingualSchema, uuidSchema } from "./common.ts";

/** "HH:mm" from 00:00 to 23:59, or 24:00 for the end of the day (the brand file's rule). */
const TIME_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
const clock = z.string().regex(TIME_PATTERN, { error: "must be a time HH:mm" });

const trimmedTexts = (text: z.infer<typeof multilingualSchema>) =>
  Object.fromEntries(
    Object.entries(text).flatMap(([lang, v]) =>
      typeof v === "string" && v.trim() !== "" ? [[lang, v.trim().slice(0, 500)]] : [],
    ),
  );

const nameSchema = multilingualSchema
  .refine((name) => Object.values(name).some((v) => typeof v === "string" && v.trim() !== ""), {
    error: "a name in at least one language",
  })
  .transform(trimmedTexts);

const money = z
  .number({ error: "must be a number" })
  .min(0, { error: "must be 0 or more" })
  .max(MONEY_MAX, { error: "is too large" });

/** The services a branch offers, as its switches (branches.*Enabled) and its hours' types. */
export const BRANCH_SERVICES = ["DELIVERY", "PICK_UP", "DINE_IN"] as const;
export type BranchService = (typeof BRANCH_SERVICES)[number];

export const branchDaySchema = z
  .object({
    weekName: z.enum(WEEK_NAMES),
    /** Closed all day: open and close are not kept. */
    closed: z.boolean(),
    open: clock.nullable(),
    /** Earlier than open: past midnight (22:00-03:00); 24:00: to the end of the day. */
    close: clock.nullable(),
  })
  .superRefine((day, ctx) => {
    if (day.closed) return;
    if (day.open === null) ctx.addIssue({ code: "custom", path: ["open"], message: "is required" });
    if (day.close === null) ctx.addIssue({ code: "custom", path: ["close"], message: "is required" });
    if (day.open !== null && day.open === day.close)
      ctx.addIssue({ code: "custom", path: ["close"], message: "must differ from the opening time" });
  });
export type BranchDay = z.infer<typeof branchDaySchema>;

const day = localDaySchema;

/** A day the branch is closed (a holiday), with what the staff noted about it. */
export const branchHolidaySchema = z
  .object({ date: day, note: z.string().nullable() })
  .meta({ id: "BranchHoliday" });
export type BranchHoliday = z.infer<typeof branchHolidaySchema>;

export const placeBranchSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    address: multilingualSchema,
    phone: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    isActive: z.boolean(),
    services: z.array(z.enum(BRANCH_SERVICES)),
    /** Monday to Sunday: one week of hours for every service the branch offers. */
    hours: z.array(branchDaySchema),
    /** Some weekday has other hours for one of the services (from a brand file): kept on a save. */
    hoursDiffer: z.boolean(),
    /** The types of the brand's payment methods the branch takes. */
    paymentTypes: z.array(z.enum(PAYMENT_TYPES)),
    /** Closed days from today on (the brand's time zone), by date; past ones are not listed. */
    holidays: z.array(branchHolidaySchema),
    version: z.number().int(),
    lastModifiedDate: dateTimeSchema,
  })
  .meta({ id: "PlaceBranch" });
export type PlaceBranch = z.infer<typeof placeBranchSchema>;

export const placeBranchBodySchema = z
  .object({
    /** The version the form was opened at (absent for a new branch): older is 409 EDIT_CONFLICT. */
    version: z.number().int().min(1).optional(),
    name: nameSchema,
    address: multilingualSchema.transform(trimmedTexts),
    phone: z
      .string()
      .trim()
      .max(40)
      .nullable()
      .refine((v) => v === null || v === "" || parseBranchPhone(v) !== null, {
        error: "is not a phone number",
      })
      .transform((v) => (v === null || v === "" ? null : parseBranchPhone(v))),
    latitude: z.number({ error: "must be a number" }).min(-90).max(90),
    longitude: z.number({ error: "must be a number" }).min(-180).max(180),
    isActive: z.boolean(),
    services: z.array(z.enum(BRANCH_SERVICES)).max(3),
    hours: z
      .array(branchDaySchema)
      .length(7, { error: "needs the seven weekdays" })
      .refine((days) => new Set(days.map((d) => d.weekName)).size === 7, {
        error: "needs each weekday once",
      }),
    /** Absent: kept as they are. Every one of the brand's methods: the branch takes the brand's whole list. */
    paymentTypes: z
      .array(z.enum(PAYMENT_TYPES))
      .min(1, { error: "choose at least one way to pay" })
      .max(PAYMENT_TYPES.length)
      .optional(),
    /** Absent: kept as they are. Days before today are dropped (they are past). */
    holidays: z
      .array(
        z.object({
          date: day,
          note: z
            .string()
            .trim()
            .max(200)
            .nullable()
            .transform((v) => (v === null || v === "" ? null : v)),
        }),
      )
      .max(100, { error: "has too many days" })
      .refine((days) => new Set(days.map((d) => d.date)).size === days.length, {
        error: "has a date twice",
      })
      .optional(),
  })
  .meta({ id: "PlaceBranchBody" });
export type PlaceBranchBody = z.input<typeof placeBranchBodySchema>;

/** The types of the brand's payment methods, which a branch picks from. */
export const brandPaymentTypesSchema = z.array(z.enum(PAYMENT_TYPES)).meta({ id: "BrandPaymentTypes" });

const lonLat = z.tuple([
  z.number().min(-180, { error: "longitude must be between -180 and 180" }).max(180),
  z.number().min(-90, { error: "latitude must be between -90 and 90" }).max(90),
]);

export const placeZoneSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    /** [longitude, latitude] pairs (GeoJSON order), not closed. */
    polygon: z.array(z.tuple([z.number(), z.number()])),
    price: z.number(),
    minOrderAmount: z.number(),
    color: z.string().nullable(),
    version: z.number().int(),
    lastModifiedDate: dateTimeSchema,
  })
  .meta({ id: "PlaceZone" });
export type PlaceZone = z.infer<typeof placeZoneSchema>;

export const placeZoneBodySchema = z
  .object({
    version: z.number().int().min(1).optional(),
    name: nameSchema,
    polygon: z
      .array(lonLat, { error: "must be a list of [longitude, latitude] pairs" })
      .min(3, { error: "needs at least 3 points" })
      .max(500, { error: "has too many points" }),
    price: money,
    minOrderAmount: money,
  })
  .meta({ id: "PlaceZoneBody" });
export type PlaceZoneBody = z.input<typeof placeZoneBodySchema>;

export const versionQuerySchema = z.object({ version: z.coerce.number().int().min(1) });
