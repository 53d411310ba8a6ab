// The menu: groups, categories, products with their modifier groups, and per-branch product links.
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { IikoImportedTexts } from "#domain/kitchen.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import {
  createdDate,
  id,
  lastModifiedDate,
  money,
  multilingual,
  percent,
  quantity,
  requiredMultilingual,
  timestamptz,
} from "./columns.ts";
import {
  categoryViewTypeEnum,
  navigationTypeEnum,
  productTypeEnum,
  productUnitEnum,
  scrollTypeEnum,
} from "./enums.ts";
import { branches } from "./geo.ts";
import { merchantId } from "./tenant.ts";

/** A menu group (spec "Group"): a tab that holds categories. */
export const menuGroups = pgTable(
  "menu_groups",
  {
    id: id(),
    merchantId: merchantId(),
    name: requiredMultilingual(),
    icon: text(),
    image: text(),
    bgColor: text(),
    iconBgColor: text(),
    priority: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("menu_groups_merchant_id_priority_idx").on(t.merchantId, t.priority)],
);

export const categories = pgTable(
  "categories",
  {
    id: id(),
    merchantId: merchantId(),
    groupId: uuid().references(() => menuGroups.id, { onDelete: "set null" }),
    name: requiredMultilingual(),
    image: text(),
    priority: integer().notNull().default(0),
    textColor: text(),
    viewType: categoryViewTypeEnum().notNull().default("MEDIUM"),
    scrollType: scrollTypeEnum().notNull().default("VERTICAL"),
    navigationType: navigationTypeEnum().notNull().default("SHEET"),
    isWithoutCart: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** Counts saves from the back office: a save naming an older version is refused (issue 36). */
    version: integer().notNull().default(1),
    /** The iiko nomenclature group the category was imported from (issue 38). */
    iikoId: text(),
    /** The texts the last iiko import wrote: a text the owner changed since is kept at the next one. */
    iikoImported: jsonb().$type<IikoImportedTexts>(),
    /** Deleted from the back office (kept, hidden, so orders keep their history); null = not deleted. */
    deletedDate: timestamptz(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    index("categories_merchant_id_priority_idx").on(t.merchantId, t.priority),
    index("categories_group_id_idx").on(t.groupId),
  ],
);

/** A product label (badge) such as "New" or "Spicy". */
export type ProductLabel = { name: Multilingual; color: string };

export const products = pgTable(
  "products",
  {
    id: id(),
    merchantId: merchantId(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    name: requiredMultilingual(),
    description: multilingual(),
    image: text(),
    gallery: jsonb().$type<string[]>().notNull().default([]),
    barcode: text(),
    /** MXIK (IKPU) tax classification code: 17 digits (src/domain/fiscal.ts). */
    mxicCode: text(),
    /** The classifier's package (unit of measure) code the fiscal receipt names with the MXIK code. */
    packageCode: text(),
    /** The classifier's unit code (Payme's `units`), where the package code needs one. */
    unitCode: text(),
    /** VAT percent of this product; NULL = the brand's rate. */
    vatPercent: integer(),
    labels: jsonb().$type<ProductLabel[]>().notNull().default([]),
    tags: jsonb().$type<string[]>().notNull().default([]),
    /** kcal; NULL = not shown. */
    calorie: integer(),
    /** Minutes. */
    timeCookingMin: integer(),
    /** Minutes. */
    timeCookingMax: integer(),
    /** Unit price before discount. */
    costPrice: money().notNull().default(0),
    /** Percent off costPrice. */
    discount: percent().notNull().default(0),
    additionalPrice: money().notNull().default(0),
    unit: productUnitEnum().notNull().default("COUNT"),
    type: productTypeEnum().notNull().default("NONE"),
    active: boolean().notNull().default(true),
    isAvailable: boolean().notNull().default(true),
    /** Units in stock; NULL = unlimited. */
    stock: quantity(),
    /** Counts saves from the back office: a save naming an older version is refused (issue 36). */
    version: integer().notNull().default(1),
    priority: integer().notNull().default(0),
    deliveryEnabled: boolean().notNull().default(true),
    eatsPrice: money(),
    enabledEats: boolean().notNull().default(false),
    expressPrice: money(),
    enabledExpress: boolean().notNull().default(false),
    isCartRecommendation: boolean().notNull().default(false),
    /** Served in the Telegram mini app menu (GET /products/v1/overalls?type=TG). */
    tgEnabled: boolean().notNull().default(true),
    /** Served in the website menu (type=WEB). */
    webEnabled: boolean().notNull().default(true),
    /** Outside systems the product is published to (spec "systems"). */
    systems: jsonb().$type<string[]>().notNull().default([]),
    iikoId: text(),
    /** The texts the last iiko import wrote: a text the owner changed since is kept at the next one. */
    iikoImported: jsonb().$type<IikoImportedTexts>(),
    /** Deleted from the back office (kept, hidden, so orders keep their history); null = not deleted. */
    deletedDate: timestamptz(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    index("products_merchant_id_category_id_idx").on(t.merchantId, t.categoryId),
    index("products_category_id_idx").on(t.categoryId),
  ],
);

/** A choice on a product (e.g. "Size"); minSelect > 0 makes it required. */
export const modificationGroups = pgTable(
  "modification_groups",
  {
    id: id(),
    merchantId: merchantId(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: requiredMultilingual(),
    minSelect: integer().notNull().default(0),
    maxSelect: integer().notNull().default(1),
    priority: integer().notNull().default(0),
    iikoId: text(),
    /** Counts saves from the back office: a save naming an older version is refused (issue 36). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index("modification_groups_merchant_id_idx").on(t.merchantId),
    index("modification_groups_product_id_idx").on(t.productId),
  ],
);

/** One option of a modification group, with its extra price. */
export const modifications = pgTable(
  "modifications",
  {
    id: id(),
    merchantId: merchantId(),
    groupId: uuid()
      .notNull()
      .references(() => modificationGroups.id, { onDelete: "cascade" }),
    name: requiredMultilingual(),
    image: text(),
    price: money().notNull().default(0),
    priority: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    iikoId: text(),
    /** A priced option sold as its own receipt line (issue 40); NULL: it is part of the dish's line. */
    mxicCode: text(),
    packageCode: text(),
  },
  (t) => [
    index("modifications_merchant_id_idx").on(t.merchantId),
    index("modifications_group_id_idx").on(t.groupId),
  ],
);

/** Which branches sell a product (spec "productBranch"). */
export const productBranches = pgTable(
  "product_branches",
  {
    id: id(),
    merchantId: merchantId(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    isActive: boolean().notNull().default(true),
  },
  (t) => [
    index("product_branches_merchant_id_branch_id_idx").on(t.merchantId, t.branchId),
    uniqueIndex("product_branches_product_id_branch_id_uq").on(t.productId, t.branchId),
  ],
);
