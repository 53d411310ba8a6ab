// The back office's menu builder (issue 36): the brand's categories, the products in them and the
// products' modifier groups, created, edited, ordered and deleted from the console. The rules are the
// brand file's (server/src/import/brand-file/menu.ts), so the console and the file accept the same
// menu: a name in at least one language, money of at most 2 decimals, a whole percent, min <= max.
// Errors name the field (`path`) so the console says it there.
import { z } from "zod";
import { CATEGORY_VIEW_TYPES } from "../enums.ts";
import { dateTimeSchema, MONEY_MAX, multilingualSchema, uuidSchema } from "./common.ts";
import { editorProductSchema } from "./back-office.ts";

const nameSchema = multilingualSchema
  .refine((name) => Object.values(name).some((v) => typeof v === "string" && v.trim() !== ""), {
    error: "a name in at least one language",
  })
  .transform((text) =>
    Object.fromEntries(
      Object.entries(text).flatMap(([lang, v]) =>
        typeof v === "string" && v.trim() !== "" ? [[lang, v.trim().slice(0, 200)]] : [],
      ),
    ),
  );

const textsSchema = multilingualSchema.transform((text) =>
  Object.fromEntries(
    Object.entries(text).flatMap(([lang, v]) =>
      typeof v === "string" && v.trim() !== "" ? [[lang, v.trim().slice(0, 2000)]] : [],
    ),
  ),
);

/** Money as the brand file takes it: 0 or more, at most 2 decimals. */
export const moneyFieldSchema = z
  .number({ error: "must be a number" })
  .min(0, { error: "must be 0 or more" })
  .max(MONEY_MAX, { error: "is too large" })
  .refine((n) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6, {
    error: "must have at most 2 decimals",
  });

/** A picture: a path of the site (an uploaded picture's src) or an http(s) URL, as in the brand file. */
export const pictureSrcSchema = z
  .string()
  .max(1000)
  .regex(/^(\/[^/]|https?:\/\/)/, { error: "must be a path from the site root (/...) or an http(s) URL" });

const versionSchema = z.number().int().min(1);
const orderSchema = z.object({ ids: z.array(uuidSchema).min(1).max(2000) });

// -------------------------------------------------------------------------------------------------
// Categories

export const editorCategorySchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    image: z.string().nullable(),
    viewType: z.enum(CATEGORY_VIEW_TYPES),
    /** The menu group (tab) it is in; null: none, it stands alone. */
    groupId: uuidSchema.nullable(),
    /** Shown on the storefront. */
    isActive: z.boolean(),
    priority: z.number().int(),
    version: z.number().int(),
    /** Products in it (not deleted). */
    productCount: z.number().int(),
    lastModifiedDate: dateTimeSchema,
  })
  .meta({ id: "EditorCategory" });
export type EditorCategory = z.infer<typeof editorCategorySchema>;

export const categoryBodySchema = z
  .object({
    name: nameSchema,
    image: pictureSrcSchema.nullable().default(null),
    viewType: z.enum(CATEGORY_VIEW_TYPES).default("MEDIUM"),
    isActive: z.boolean().default(true),
    /**
     * The brand's menu group to put it in; null: none. Left out: a new category goes where the
     * menu's first one is, an edited one stays where it is.
     */
    groupId: uuidSchema.nullable().optional(),
  })
  .meta({ id: "CategoryBody" });
export type CategoryBody = z.input<typeof categoryBodySchema>;

export const categoryUpdateSchema = categoryBodySchema
  .extend({
    /** The version the form was opened at: a save over a newer one is 409 EDIT_CONFLICT. */
    version: versionSchema,
  })
  .meta({ id: "CategoryUpdate" });
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;

/** Every category of the brand (or every product of a category), in the new order. */
export const menuOrderSchema = orderSchema.meta({ id: "MenuOrder" });
export type MenuOrder = z.infer<typeof menuOrderSchema>;

export const categoryDeletedSchema = z
  .object({
    id: uuidSchema,
    /** Its products, deleted with it (orders keep them). */
    deletedProducts: z.number().int(),
  })
  .meta({ id: "CategoryDeleted" });

// -------------------------------------------------------------------------------------------------
// Products

export const productCreateSchema = z
  .object({
    categoryId: uuidSchema,
    name: nameSchema,
    description: textsSchema.default({}),
    image: pictureSrcSchema.nullable().default(null),
    costPrice: moneyFieldSchema,
    discount: z
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must be between 0 and 100" })
      .max(100, { error: "must be between 0 and 100" })
      .default(0),
    active: z.boolean().default(true),
    /** MXIK (IKPU) tax classification code of the fiscal receipt. */
    mxicCode: z
      .string()
      .trim()
      .regex(/^\d{17}$/, { error: "must be the 17 digits of an IKPU code" })
      .nullable()
      .default(null),
  })
  .meta({ id: "ProductCreate" });
export type ProductCreate = z.input<typeof productCreateSchema>;

/** What the builder changes on a product beside the editor's texts and prices. */
export const productPlacementSchema = z
  .object({
    version: versionSchema,
    categoryId: uuidSchema.optional(),
    image: pictureSrcSchema.nullable().optional(),
    mxicCode: productCreateSchema.shape.mxicCode.unwrap().unwrap().nullable().optional(),
  })
  .meta({ id: "ProductPlacement" });
export type ProductPlacement = z.input<typeof productPlacementSchema>;

export const builderProductSchema = editorProductSchema
  .extend({ priority: z.number().int(), mxicCode: z.string().nullable() })
  .meta({ id: "BuilderProduct" });
export type BuilderProduct = z.infer<typeof builderProductSchema>;

// -------------------------------------------------------------------------------------------------
// Modifier groups

export const modifierSchema = z
  .object({ id: uuidSchema, name: multilingualSchema, price: z.number() })
  .meta({ id: "EditorModifier" });

export const modifierGroupSchema = z
  .object({
    id: uuidSchema,
    productId: uuidSchema,
    name: multilingualSchema,
    minSelect: z.number().int(),
    maxSelect: z.number().int(),
    version: z.number().int(),
    modifiers: z.array(modifierSchema),
  })
  .meta({ id: "EditorModifierGroup" });
export type EditorModifierGroup = z.infer<typeof modifierGroupSchema>;

export const modifierGroupBodySchema = z
  .object({
    name: nameSchema,
    /** 1 or more makes the choice required. */
    minSelect: z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(0),
    maxSelect: z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(1, {
      error: "must be 1 or more",
    }),
    modifiers: z
      .array(
        z.object({
          /** An existing modifier of the group; none: a new one. */
          id: uuidSchema.optional(),
          name: nameSchema,
          price: moneyFieldSchema.default(0),
        }),
      )
      .min(1, { error: "needs at least one modifier" })
      .max(100),
  })
  .superRefine((group, ctx) => {
    // The brand file's rules (modificationGroupSchema).
    if (group.minSelect > group.maxSelect)
      ctx.addIssue({ code: "custom", path: ["minSelect"], message: "must not exceed the maximum" });
    if (group.minSelect > group.modifiers.length)
      ctx.addIssue({
        code: "custom",
        path: ["minSelect"],
        message: "must not exceed the number of modifiers",
      });
  })
  .meta({ id: "ModifierGroupBody" });
export type ModifierGroupBody = z.input<typeof modifierGroupBodySchema>;

export const modifierGroupUpdateSchema = z
  .intersection(modifierGroupBodySchema, z.object({ version: versionSchema }))
  .meta({ id: "ModifierGroupUpdate" });
export type ModifierGroupUpdate = z.input<typeof modifierGroupUpdateSchema>;

/** POST /staff/v1/products/{id}/modifier-groups/copy: whose groups of options to copy. */
export const modifierGroupsCopySchema = z
  .object({ fromProductId: uuidSchema })
  .meta({ id: "ModifierGroupsCopy" });
