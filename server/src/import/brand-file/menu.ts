// The menu in the brand file: groups, categories, products and their options.
import { z } from "zod";
import { CATEGORY_VIEW_TYPES, NAVIGATION_TYPES, PRODUCT_UNITS, SCROLL_TYPES } from "#domain/enums.ts";
import {
  color,
  image,
  keySchema,
  moneySchema,
  mxicCodeSchema,
  multilingualSchema,
  optionalText,
  packageCodeSchema,
  percentSchema,
  priority,
  textSchema,
} from "./blocks.ts";
import { bool } from "./merchant.ts";

export const modificationSchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  image: image.nullable().default(null),
  price: moneySchema.default(0),
  priority,
  isActive: z.boolean().default(true),
  iikoId: optionalText,
  /** A priced option sold as its own receipt line; null: part of the dish's line. */
  mxicCode: mxicCodeSchema,
  packageCode: packageCodeSchema,
});

export const modificationGroupSchema = z
  .strictObject({
    key: keySchema,
    name: textSchema,
    /** Minimum number of chosen options; > 0 makes the choice required. */
    minSelect: z.number().int().min(0).default(0),
    maxSelect: z.number().int().min(1).default(1),
    priority,
    iikoId: optionalText,
    modifications: z.array(modificationSchema).min(1, { error: "needs at least one modification" }),
  })
  .superRefine((group, ctx) => {
    if (group.minSelect > group.maxSelect) {
      ctx.addIssue({ code: "custom", path: ["minSelect"], message: "must not exceed maxSelect" });
    }
    if (group.minSelect > group.modifications.length) {
      ctx.addIssue({
        code: "custom",
        path: ["minSelect"],
        message: "must not exceed the number of modifications",
      });
    }
  });

export const labelSchema = z.strictObject({ name: textSchema, color });

export const productSchema = z
  .strictObject({
    key: keySchema,
    name: textSchema,
    description: multilingualSchema.nullable().default(null),
    image: image.nullable().default(null),
    gallery: z.array(image).default([]),
    barcode: optionalText,
    mxicCode: mxicCodeSchema,
    packageCode: packageCodeSchema,
    unitCode: z
      .string()
      .regex(/^\d{1,20}$/)
      .nullable()
      .default(null),
    /** Percent; null = the brand's rate. */
    vatPercent: z.number().int().min(0).max(100).nullable().default(null),
    labels: z.array(labelSchema).default([]),
    tags: z.array(z.string()).default([]),
    calorie: z.number().int().min(0).nullable().default(null),
    timeCookingMin: z.number().int().min(0).nullable().default(null),
    timeCookingMax: z.number().int().min(0).nullable().default(null),
    costPrice: moneySchema,
    /** Percent off costPrice. */
    discount: percentSchema.default(0),
    additionalPrice: moneySchema.default(0),
    unit: z.enum(PRODUCT_UNITS).default("COUNT"),
    active: z.boolean().default(true),
    isAvailable: z.boolean().default(true),
    /** Units in stock; null = unlimited. */
    stock: z.number().min(0).nullable().default(null),
    priority,
    deliveryEnabled: z.boolean().default(true),
    eatsPrice: moneySchema.nullable().default(null),
    enabledEats: bool,
    expressPrice: moneySchema.nullable().default(null),
    enabledExpress: bool,
    isCartRecommendation: bool,
    tgEnabled: z.boolean().default(true),
    webEnabled: z.boolean().default(true),
    systems: z.array(z.string()).default([]),
    iikoId: optionalText,
    /** Keys of the branches that sell the product; omitted = every branch of the file. */
    branches: z.array(keySchema).optional(),
    modificationGroups: z.array(modificationGroupSchema).default([]),
  })
  .superRefine((product, ctx) => {
    if (
      product.timeCookingMin !== null &&
      product.timeCookingMax !== null &&
      product.timeCookingMin > product.timeCookingMax
    ) {
      ctx.addIssue({ code: "custom", path: ["timeCookingMin"], message: "must not exceed timeCookingMax" });
    }
  });

export const categorySchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  image: image.nullable().default(null),
  priority,
  textColor: color.nullable().default(null),
  viewType: z.enum(CATEGORY_VIEW_TYPES).default("MEDIUM"),
  scrollType: z.enum(SCROLL_TYPES).default("VERTICAL"),
  navigationType: z.enum(NAVIGATION_TYPES).default("SHEET"),
  isWithoutCart: bool,
  isActive: z.boolean().default(true),
  /** The iiko nomenclature folder the category came from (issue 38). */
  iikoId: optionalText,
  products: z.array(productSchema).default([]),
});

export const groupSchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  icon: image.nullable().default(null),
  image: image.nullable().default(null),
  bgColor: color.nullable().default(null),
  iconBgColor: color.nullable().default(null),
  priority,
  isActive: z.boolean().default(true),
  categories: z.array(categorySchema).default([]),
});
