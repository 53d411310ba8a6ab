// The back office's calls (issue 36): the brand's menu edited from the staff console, and the log
// of who changed what. Part of the staff API (`/api/staff/v1/...`).
import { z } from "zod";
import { BACK_OFFICE_AREAS, BRAND_ROLES } from "../staff-scope.ts";
import { dateTimeSchema, MONEY_MAX, multilingualSchema, uuidSchema } from "./common.ts";

export const brandRoleSchema = z.enum(BRAND_ROLES);
export const backOfficeAreaSchema = z.enum(BACK_OFFICE_AREAS);

/** A name a product must have in at least one language: none at all is refused. */
const nameSchema = multilingualSchema.refine(
  (name) => Object.values(name).some((v) => typeof v === "string" && v.trim() !== ""),
  { error: "a name in at least one language" },
);

const trimmedTexts = (text: z.infer<typeof multilingualSchema>) =>
  Object.fromEntries(
    Object.entries(text).flatMap(([lang, v]) =>
      typeof v === "string" && v.trim() !== "" ? [[lang, v.trim().slice(0, 2000)]] : [],
    ),
  );

export const editorProductSchema = z
  .object({
    id: uuidSchema,
    categoryId: uuidSchema,
    categoryName: multilingualSchema,
    name: multilingualSchema,
    description: multilingualSchema,
    image: z.string().nullable(),
    costPrice: z.number(),
    discount: z.number(),
    /** Shown on the storefront; a hidden product keeps its orders' history. */
    active: z.boolean(),
    /** Sold for delivery (pickup and dine-in always sell it at costPrice). */
    deliveryEnabled: z.boolean(),
    /** Its price on the third-party channels Yandex Eats and Express 24, sold there while enabled. */
    eatsPrice: z.number().nullable(),
    enabledEats: z.boolean(),
    expressPrice: z.number().nullable(),
    enabledExpress: z.boolean(),
    version: z.number().int(),
    lastModifiedDate: dateTimeSchema,
    /** Who saved it last from the back office, when anyone has. */
    lastChangedBy: z.string().nullable(),
  })
  .meta({ id: "EditorProduct" });
export type EditorProduct = z.infer<typeof editorProductSchema>;

/** A channel's price: none, or a sum of 0 or more with at most 2 decimals (the brand file's money). */
const channelPriceSchema = z
  .number({ error: "must be a number" })
  .min(0, { error: "must be 0 or more" })
  .max(MONEY_MAX, { error: "is too large" })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: "must have at most 2 decimals" })
  .nullable();

export const editorProductBodySchema = z
  .object({
    /** The version the form was opened at: a save over a newer one is 409 EDIT_CONFLICT. */
    version: z.number().int().min(1),
    name: nameSchema.transform(trimmedTexts),
    description: multilingualSchema.transform(trimmedTexts),
    costPrice: z
      .number({ error: "must be a number" })
      .min(0, { error: "must be 0 or more" })
      .max(MONEY_MAX, { error: "is too large" }),
    discount: z
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must be between 0 and 100" })
      .max(100, { error: "must be between 0 and 100" }),
    active: z.boolean(),
    /** Absent: unchanged. */
    deliveryEnabled: z.boolean().optional(),
    eatsPrice: channelPriceSchema.optional(),
    enabledEats: z.boolean().optional(),
    expressPrice: channelPriceSchema.optional(),
    enabledExpress: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    // A channel switched on sells at its own price: it needs one (checked again against the saved
    // product when only one of the two is sent).
    if (body.enabledEats === true && body.eatsPrice === null)
      ctx.addIssue({ code: "custom", path: ["eatsPrice"], message: "a price to sell on Yandex Eats" });
    if (body.enabledExpress === true && body.expressPrice === null)
      ctx.addIssue({ code: "custom", path: ["expressPrice"], message: "a price to sell on Express 24" });
  })
  .meta({ id: "EditorProductBody" });
export type EditorProductBody = z.input<typeof editorProductBodySchema>;

export const auditEntrySchema = z
  .object({
    id: uuidSchema,
    at: dateTimeSchema,
    /** The staff member's name (or phone); null once their account is gone. */
    by: z.string().nullable(),
    entity: z.string(),
    entityId: uuidSchema,
    /** The entity's name when it is still there. */
    entityName: multilingualSchema.nullable(),
    action: z.string(),
    before: z.record(z.string(), z.unknown()),
    after: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  entity: z
    .enum([
      "product",
      "category",
      "modifier-group",
      "picture",
      "page",
      "vacancy",
      "branch",
      "zone",
      "staff",
      "settings",
      "banner",
      "promo",
      "story",
      "clip",
      "news",
      "webhook",
      "menu",
      "fiscal",
      "order-rules",
      "menu-group",
    ])
    .optional(),
  entityId: uuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
