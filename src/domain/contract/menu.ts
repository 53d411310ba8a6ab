import { z } from "zod";
import {
  CATEGORY_VIEW_TYPES,
  NAVIGATION_TYPES,
  PRODUCT_TYPES,
  PRODUCT_UNITS,
  SCROLL_TYPES,
} from "../enums.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

/** The menu channels of GET /products/v1/overalls (spec: TG in the mini app, else WEB). */
export const MENU_CHANNELS = ["TG", "WEB"] as const;
export type MenuChannel = (typeof MENU_CHANNELS)[number];

export const overallQuerySchema = z.object({
  type: z.enum(MENU_CHANNELS).default("WEB").describe("TG in the Telegram mini app, WEB elsewhere"),
  branchId: uuidSchema
    .optional()
    .describe("The nearest branch: only products with an active link to it (an unknown branch sells none)"),
});

export const modificationSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    image: z.string().nullable(),
    price: z.number().describe("So'm added per unit"),
    priority: z.number().int(),
  })
  .meta({ id: "Modification" });

export const modificationGroupSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    minSelect: z.number().int().describe("At least this many must be chosen; > 0 = required"),
    maxSelect: z.number().int(),
    priority: z.number().int(),
    modifications: z.array(modificationSchema),
  })
  .meta({ id: "ModificationGroup" });

export const productLabelSchema = z.object({ name: multilingualSchema, color: z.string() });

export const productSchema = z
  .object({
    id: uuidSchema,
    categoryId: uuidSchema,
    name: multilingualSchema,
    description: multilingualSchema.nullable(),
    image: z.string().nullable(),
    gallery: z.array(z.string()),
    labels: z.array(productLabelSchema),
    tags: z.array(z.string()),
    calorie: z.number().int().nullable(),
    timeCookingMin: z.number().int().nullable(),
    timeCookingMax: z.number().int().nullable(),
    costPrice: z.number(),
    discount: z.number().describe("Percent off"),
    additionalPrice: z.number(),
    unit: z.enum(PRODUCT_UNITS),
    type: z.enum(PRODUCT_TYPES),
    isAvailable: z.boolean().describe("Switched on by the merchant and in stock"),
    stock: z.number().nullable().describe("Units left; null = unlimited"),
    count: z.number(),
    amount: z.number(),
    priority: z.number().int(),
    deliveryEnabled: z.boolean(),
    isCartRecommendation: z.boolean(),
    modificationGroups: z.array(modificationGroupSchema),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof productSchema>;

export const categorySchema = z
  .object({
    id: uuidSchema,
    groupId: uuidSchema.nullable(),
    name: multilingualSchema,
    image: z.string().nullable(),
    priority: z.number().int(),
    textColor: z.string().nullable(),
    viewType: z.enum(CATEGORY_VIEW_TYPES),
    scrollType: z.enum(SCROLL_TYPES),
    navigationType: z.enum(NAVIGATION_TYPES),
    isWithoutCart: z.boolean(),
  })
  .meta({ id: "Category" });
export type Category = z.infer<typeof categorySchema>;

export const groupSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    icon: z.string().nullable(),
    image: z.string().nullable(),
    bgColor: z.string().nullable(),
    iconBgColor: z.string().nullable(),
    priority: z.number().int(),
  })
  .meta({ id: "Group" });
export type Group = z.infer<typeof groupSchema>;

/**
 * GET /products/v1/overalls: flat lists, each sorted by priority; a category names its group, a
 * product its category. Only categories with a product and groups with a category are listed.
 */
export const overallSchema = z
  .object({
    groups: z.array(groupSchema),
    categories: z.array(categorySchema),
    products: z.array(productSchema),
  })
  .meta({ id: "Overall" });
export type Overall = z.infer<typeof overallSchema>;

export const gradeSchema = z
  .object({
    productId: uuidSchema,
    grade: z.number().describe("Average of the customers' grades, 1-5, one decimal"),
    count: z.number().int(),
  })
  .meta({ id: "ProductGrade" });
export type ProductGrade = z.infer<typeof gradeSchema>;

/** The product as a favourite shows it (it may have left the current channel's menu). */
export const favouriteProductSchema = z.object({
  id: uuidSchema,
  name: multilingualSchema,
  description: multilingualSchema.nullable(),
  image: z.string().nullable(),
  costPrice: z.number(),
  discount: z.number(),
  unit: z.enum(PRODUCT_UNITS),
  isAvailable: z.boolean(),
});

export const favouriteSchema = z
  .object({
    id: uuidSchema,
    productId: uuidSchema,
    userId: uuidSchema,
    isFavourite: z.boolean(),
    createdDate: dateTimeSchema,
    product: favouriteProductSchema,
  })
  .meta({ id: "Favourite" });
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouriteListQuerySchema = z.object({
  userId: uuidSchema.optional().describe("Must be the logged-in customer when given"),
  isFavourite: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});

export const favouriteBodySchema = z.object({
  productId: uuidSchema,
  isFavourite: z.boolean().default(true),
});

/** Sizes the image variant route renders (a fixed set, so the cache stays bounded). */
export const IMAGE_SIZES = [96, 160, 240, 320, 480, 640, 960] as const;
export const IMAGE_FORMATS = ["webp", "jpeg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
