// The back office's menu builder (issue 36): the brand's categories, products and modifier groups as
// the console builds them. Every read and write names the merchant: a row of another brand is never
// found, changed or counted. Deleting keeps the row (deletedDate, hidden from guests) so orders keep
// their history.
import { and, asc, count, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Multilingual } from "#domain/multilingual.ts";
import type { CategoryViewType } from "#domain/enums.ts";
import {
  auditLog,
  branches,
  categories,
  modificationGroups,
  modifications,
  productBranches,
  products,
  users,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  image: categories.image,
  viewType: categories.viewType,
  groupId: categories.groupId,
  isActive: categories.isActive,
  priority: categories.priority,
  version: categories.version,
  lastModifiedDate: categories.lastModifiedDate,
};

/** The brand's categories (not deleted) in the menu's order, with how many products each holds. */
export async function listCategories(db: Db, { merchantId }: Tenant) {
  const productCount = db
    .select({ categoryId: products.categoryId, n: count().as("n") })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), isNull(products.deletedDate)))
    .groupBy(products.categoryId)
    .as("product_count");
  return db
    .select({ ...categoryColumns, productCount: sql<number>`coalesce(${productCount.n}, 0)`.mapWith(Number) })
    .from(categories)
    .leftJoin(productCount, eq(productCount.categoryId, categories.id))
    .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedDate)))
    .orderBy(asc(categories.priority), asc(categories.id));
}

export async function findCategory(
  db: Db,
  { merchantId, id, lock = false }: Tenant & { id: string; lock?: boolean },
) {
  const query = db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.merchantId, merchantId), eq(categories.id, id), isNull(categories.deletedDate)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export interface CategoryValues {
  name: Multilingual;
  image: string | null;
  viewType: CategoryViewType;
  isActive: boolean;
  /** Undefined: a new one goes where the menu's first is, an edited one stays. */
  groupId?: string | null | undefined;
}

/** A new category, last in the menu, in the group the menu's first category is in (where guests look). */
export async function insertCategory(db: Db, { merchantId, values }: Tenant & { values: CategoryValues }) {
  const [first] = await db
    .select({ groupId: categories.groupId })
    .from(categories)
    .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedDate)))
    .orderBy(asc(categories.priority))
    .limit(1);
  const [last] = await db
    .select({ priority: max(categories.priority) })
    .from(categories)
    .where(eq(categories.merchantId, merchantId));
  const [row] = await db
    .insert(categories)
    .values({
      merchantId,
      ...values,
      groupId: values.groupId === undefined ? (first?.groupId ?? null) : values.groupId,
      priority: (last?.priority ?? 0) + 1,
    })
    .returning({ id: categories.id });
  if (!row) throw new Error("category not inserted");
  return row.id;
}

export async function updateCategory(
  db: Db,
  { merchantId, id, values }: Tenant & { id: string; values: CategoryValues },
) {
  const { groupId, ...rest } = values;
  await db
    .update(categories)
    .set({ ...rest, ...(groupId === undefined ? {} : { groupId }), version: sql`${categories.version} + 1` })
    .where(and(eq(categories.merchantId, merchantId), eq(categories.id, id)));
}

/** Marks a category and its products deleted; answers how many products went with it. */
export async function softDeleteCategory(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const now = new Date();
  const gone = await db
    .update(products)
    .set({ deletedDate: now, active: false, version: sql`${products.version} + 1` })
    .where(
      and(eq(products.merchantId, merchantId), eq(products.categoryId, id), isNull(products.deletedDate)),
    )
    .returning({ id: products.id });
  await db
    .update(categories)
    .set({ deletedDate: now, isActive: false, version: sql`${categories.version} + 1` })
    .where(and(eq(categories.merchantId, merchantId), eq(categories.id, id)));
  return gone.length;
}

/** Sets the order of rows by their position in `ids` (a priority each). */
async function setOrder(
  db: Db,
  table: typeof categories | typeof products,
  merchantId: string,
  ids: string[],
) {
  for (const [index, id] of ids.entries()) {
    await db
      .update(table)
      .set({ priority: index + 1 })
      .where(and(eq(table.merchantId, merchantId), eq(table.id, id)));
  }
}

export async function orderCategories(db: Db, { merchantId, ids }: Tenant & { ids: string[] }) {
  await setOrder(db, categories, merchantId, ids);
}

export async function orderProducts(db: Db, { merchantId, ids }: Tenant & { ids: string[] }) {
  await setOrder(db, products, merchantId, ids);
}

/** The ids of the brand's products (not deleted) in a category, in the menu's order. */
export async function productIdsOf(db: Db, { merchantId, categoryId }: Tenant & { categoryId: string }) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchantId),
        eq(products.categoryId, categoryId),
        isNull(products.deletedDate),
      ),
    )
    .orderBy(asc(products.priority), asc(products.id));
  return rows.map((r) => r.id);
}

export interface NewProduct {
  categoryId: string;
  name: Multilingual;
  description: Multilingual;
  image: string | null;
  costPrice: number;
  discount: number;
  active: boolean;
  mxicCode: string | null;
}

/** A new product, last in its category, sold at every branch of the brand (as the brand file's default). */
export async function insertProduct(db: Db, { merchantId, values }: Tenant & { values: NewProduct }) {
  const [last] = await db
    .select({ priority: max(products.priority) })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.categoryId, values.categoryId)));
  const [row] = await db
    .insert(products)
    .values({ merchantId, ...values, priority: (last?.priority ?? 0) + 1 })
    .returning({ id: products.id });
  if (!row) throw new Error("product not inserted");
  const branchRows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false)));
  if (branchRows.length > 0)
    await db
      .insert(productBranches)
      .values(branchRows.map((b) => ({ merchantId, productId: row.id, branchId: b.id })));
  return row.id;
}

export async function findBuilderProduct(
  db: Db,
  { merchantId, id, lock = false }: Tenant & { id: string; lock?: boolean },
) {
  const query = db
    .select({
      id: products.id,
      categoryId: products.categoryId,
      image: products.image,
      mxicCode: products.mxicCode,
      priority: products.priority,
      version: products.version,
      lastModifiedDate: products.lastModifiedDate,
    })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id), isNull(products.deletedDate)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function updateProductPlacement(
  db: Db,
  {
    merchantId,
    id,
    values,
  }: Tenant & {
    id: string;
    values: { categoryId?: string; image?: string | null; mxicCode?: string | null; priority?: number };
  },
) {
  await db
    .update(products)
    .set({ ...values, version: sql`${products.version} + 1` })
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id)));
}

export async function softDeleteProduct(db: Db, { merchantId, id }: Tenant & { id: string }) {
  await db
    .update(products)
    .set({ deletedDate: new Date(), active: false, version: sql`${products.version} + 1` })
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id)));
}

// -------------------------------------------------------------------------------------------------
// Modifier groups

/** A product's modifier groups with their modifiers (switched-off modifiers are the deleted ones). */
export async function listModifierGroups(
  db: Db,
  { merchantId, productId, groupId }: Tenant & { productId?: string; groupId?: string },
) {
  const groups = await db
    .select({
      id: modificationGroups.id,
      productId: modificationGroups.productId,
      name: modificationGroups.name,
      minSelect: modificationGroups.minSelect,
      maxSelect: modificationGroups.maxSelect,
      version: modificationGroups.version,
    })
    .from(modificationGroups)
    .where(
      and(
        eq(modificationGroups.merchantId, merchantId),
        productId === undefined ? undefined : eq(modificationGroups.productId, productId),
        groupId === undefined ? undefined : eq(modificationGroups.id, groupId),
      ),
    )
    .orderBy(asc(modificationGroups.priority), asc(modificationGroups.id));
  if (groups.length === 0) return [];
  const mods = await db
    .select({
      id: modifications.id,
      groupId: modifications.groupId,
      name: modifications.name,
      price: modifications.price,
    })
    .from(modifications)
    .where(
      and(
        eq(modifications.merchantId, merchantId),
        inArray(
          modifications.groupId,
          groups.map((g) => g.id),
        ),
        eq(modifications.isActive, true),
      ),
    )
    .orderBy(asc(modifications.priority), asc(modifications.id));
  return groups.map((g) => ({
    ...g,
    modifiers: mods.filter((m) => m.groupId === g.id).map(({ groupId: _g, ...m }) => m),
  }));
}

export async function lockModifierGroup(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select({
      id: modificationGroups.id,
      productId: modificationGroups.productId,
      version: modificationGroups.version,
    })
    .from(modificationGroups)
    .where(and(eq(modificationGroups.merchantId, merchantId), eq(modificationGroups.id, id)))
    .for("update");
  return row;
}

export interface ModifierGroupValues {
  name: Multilingual;
  minSelect: number;
  maxSelect: number;
  modifiers: { id?: string | undefined; name: Multilingual; price: number }[];
}

/**
 * Writes a group and its modifiers: those named by id are updated, new ones added, the ones left out
 * switched off (kept, so an order's modifier keeps its row). A product with a group is a
 * MODIFICATION product, as the brand file's import makes it.
 */
export async function writeModifierGroup(
  db: Db,
  {
    merchantId,
    productId,
    id,
    values,
  }: Tenant & { productId: string; id: string | null; values: ModifierGroupValues },
): Promise<string> {
  const { modifiers, ...group } = values;
  let groupId = id;
  if (groupId === null) {
    const [last] = await db
      .select({ priority: max(modificationGroups.priority) })
      .from(modificationGroups)
      .where(and(eq(modificationGroups.merchantId, merchantId), eq(modificationGroups.productId, productId)));
    const [row] = await db
      .insert(modificationGroups)
      .values({ merchantId, productId, ...group, priority: (last?.priority ?? 0) + 1 })
      .returning({ id: modificationGroups.id });
    if (!row) throw new Error("modifier group not inserted");
    groupId = row.id;
  } else {
    await db
      .update(modificationGroups)
      .set({ ...group, version: sql`${modificationGroups.version} + 1` })
      .where(and(eq(modificationGroups.merchantId, merchantId), eq(modificationGroups.id, groupId)));
  }
  const existing = await db
    .select({ id: modifications.id })
    .from(modifications)
    .where(and(eq(modifications.merchantId, merchantId), eq(modifications.groupId, groupId)));
  const known = new Set(existing.map((m) => m.id));
  const kept = new Set<string>();
  for (const [index, m] of modifiers.entries()) {
    if (m.id !== undefined && known.has(m.id)) {
      kept.add(m.id);
      await db
        .update(modifications)
        .set({ name: m.name, price: m.price, priority: index + 1, isActive: true })
        .where(and(eq(modifications.merchantId, merchantId), eq(modifications.id, m.id)));
    } else {
      await db
        .insert(modifications)
        .values({ merchantId, groupId, name: m.name, price: m.price, priority: index + 1 });
    }
  }
  const dropped = [...known].filter((m) => !kept.has(m));
  if (dropped.length > 0)
    await db
      .update(modifications)
      .set({ isActive: false })
      .where(and(eq(modifications.merchantId, merchantId), inArray(modifications.id, dropped)));
  await db
    .update(products)
    .set({ type: "MODIFICATION" })
    .where(and(eq(products.merchantId, merchantId), eq(products.id, productId)));
  return groupId;
}

export async function deleteModifierGroup(db: Db, { merchantId, id }: Tenant & { id: string }) {
  // Switched off rather than removed: an order's chosen modifier keeps its row.
  await db
    .update(modifications)
    .set({ isActive: false })
    .where(and(eq(modifications.merchantId, merchantId), eq(modifications.groupId, id)));
}

/** Who last changed this entity from the back office, and when (for the edit conflict's message). */
export async function lastChangeOf(db: Db, { merchantId, entityId }: Tenant & { entityId: string }) {
  const [row] = await db
    .select({
      at: auditLog.createdDate,
      by: sql<
        string | null
      >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.phone})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdDate))
    .limit(1);
  return row;
}

/** Puts a product's modifier groups in this order (priority 1, 2, ...). */
export async function orderModifierGroups(
  db: Db,
  { merchantId, productId, ids }: Tenant & { productId: string; ids: string[] },
) {
  for (const [index, id] of ids.entries()) {
    await db
      .update(modificationGroups)
      .set({ priority: index + 1 })
      .where(
        and(
          eq(modificationGroups.merchantId, merchantId),
          eq(modificationGroups.productId, productId),
          eq(modificationGroups.id, id),
        ),
      );
  }
}
