// Cities, branches with their halls and tables, and delivery regions in the brand file.
import { z } from "zod";
import { PAYMENT_TYPES, WEEK_NAMES, WORK_HOUR_TYPES } from "#domain/enums.ts";
import {
  color,
  keySchema,
  latitude,
  longitude,
  moneySchema,
  multilingualSchema,
  optionalText,
  phone,
  priority,
  textSchema,
  time,
} from "./blocks.ts";
import { bool } from "./merchant.ts";

export const citySchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  description: optionalText,
  latitude,
  longitude,
  isMain: bool,
  isTaximeter: bool,
  taximeterComment: multilingualSchema.nullable().default(null),
});

export const workHourDaySchema = z
  .strictObject({
    weekName: z.enum(WEEK_NAMES),
    open: time.nullable().default(null),
    close: time.nullable().default(null),
    isDayOff: bool,
  })
  .superRefine((day, ctx) => {
    if (day.isDayOff) return;
    if (day.open === null)
      ctx.addIssue({ code: "custom", path: ["open"], message: "is required unless isDayOff is true" });
    if (day.close === null)
      ctx.addIssue({ code: "custom", path: ["close"], message: "is required unless isDayOff is true" });
  });

/** Hours of one service type. A weekday without an entry is closed that day (no hours, no orders). */
export const workHoursSchema = z.strictObject({
  type: z.enum(WORK_HOUR_TYPES),
  hours: z.array(workHourDaySchema),
});

export const branchSettingsSchema = z.strictObject({
  bookingEnabled: bool,
  deliveryEnabled: bool,
  dineInEnabled: bool,
  expressEnabled: bool,
  kitchenEnabled: bool,
  payOfficeEnabled: bool,
  pickupEnabled: bool,
  storageEnabled: bool,
  thirdPartyDeliveryEnabled: bool,
});

/** What a table's QR code carries: short, URL- and Telegram-start-parameter-safe. */
export const TABLE_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;

export const diningTableSchema = z.strictObject({
  key: keySchema,
  /** What guests read on the table ("12", "VIP 1"). */
  name: z.string().trim().min(1).max(40),
  code: z.string().regex(TABLE_CODE_PATTERN, { error: "must be 4 to 32 letters, digits, _ or -" }),
  seats: z.int().min(1).max(100),
  isActive: z.boolean().default(true),
});

export const hallSchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  isActive: z.boolean().default(true),
  tables: z.array(diningTableSchema).default([]),
});

export const branchSchema = z.strictObject({
  key: keySchema,
  cityKey: keySchema,
  name: textSchema,
  address: multilingualSchema.nullable().default(null),
  phone: phone.nullable().default(null),
  bookingPhone: phone.nullable().default(null),
  latitude,
  longitude,
  isActive: z.boolean().default(true),
  isMain: bool,
  open: time.nullable().default(null),
  close: time.nullable().default(null),
  deliveryPrice: moneySchema.default(0),
  deliveryStart: time.nullable().default(null),
  deliveryEnd: time.nullable().default(null),
  companyId: optionalText,
  paymentId: optionalText,
  iikoId: optionalText,
  /** The branch's iiko terminal group: where its orders go in the brand's iiko (issue 38). */
  iikoTerminalGroupId: optionalText,
  /** Yandex Delivery (issue 39): the branch's OAuth token (a secret: never exported) and pickup contact. */
  yandexToken: optionalText,
  yandexPickupName: optionalText,
  yandexPickupPhone: optionalText,
  /** The ways to pay the branch takes; null: every one the brand has. */
  paymentTypes: z.array(z.enum(PAYMENT_TYPES)).min(1).nullable().default(null),
  settings: branchSettingsSchema.prefault({}),
  workHours: z.array(workHoursSchema).default([]),
  /** Days the branch is closed for every service (the brand's local dates), with an optional note. */
  holidays: z
    .array(z.strictObject({ day: z.iso.date({ error: "must be a date, YYYY-MM-DD" }), note: optionalText }))
    .default([]),
  halls: z.array(hallSchema).default([]),
});

export const deliveryRegionSchema = z.strictObject({
  key: keySchema,
  cityKey: keySchema,
  name: textSchema,
  /** [longitude, latitude] pairs (GeoJSON order); the closing point may be omitted. */
  polygon: z
    .array(z.tuple([longitude, latitude]), { error: "must be a list of [longitude, latitude] pairs" })
    .min(3, { error: "needs at least 3 points" }),
  color: color.nullable().default(null),
  price: moneySchema,
  /** Minimum product total for delivery into this zone; 0 = the brand's own minimum only. */
  minOrderAmount: moneySchema.default(0),
  priority,
});
