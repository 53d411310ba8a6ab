// The brand's menu as an iiko nomenclature import sees and writes it (issue 38): every read and write
// names the merchant; deleted rows are left alone (the owner deleted them), hidden ones are seen.
import { and, asc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Multilingual } from "#domain/multilingual.ts";
import {
  branches,
  categories,
  merchants,
  modificationGroups,
  modifications,
  productBranches,
  products,
} from "../db/schema/index.ts";
import type { IikoImportedTexts } from "#domain/kitchen.ts";
import type { Db } from "../db/types.ts";

// What iiko's nomenclature asks for (services/kitchen/iiko-menu-plan.ts works it out).
export interface WantedOption {
  iikoId: string;
  name: string;
  price: number;
}
export interface WantedGroup {
  iikoId: string;
  /** iiko's name, or (sizes) the group's fixed name in every language. */
  name: string | Multilingual;
  minSelect: number;
  maxSelect: number;
  options: WantedOption[];
}
export interface WantedProduct {
  iikoId: string;
  categoryIikoId: string;
  name: string;
  description: string;
  price: number;
  order: number;
  /** iiko's picture: an https address on one of the IMAGE_HOSTS origins, else null. */
  image: string | null;
  groups: WantedGroup[];
}
export interface WantedCategory {
  iikoId: string;
  name: string;
  order: number;
}

// The menu as it stands.
export interface CurrentOption {
  id: string;
  iikoId: string | null;
  name: Multilingual;
  price: number;
  isActive: boolean;
}
export interface CurrentGroup {
  id: string;
  iikoId: string | null;
  name: Multilingual;
  minSelect: number;
  maxSelect: number;
  options: CurrentOption[];
}
export interface CurrentProduct {
  id: string;
  iikoId: string | null;
  categoryId: string;
  name: Multilingual;
  description: Multilingual | null;
  costPrice: number;
  active: boolean;
  image: string | null;
  iikoImported: IikoImportedTexts | null;
  groups: CurrentGroup[];
}
export interface CurrentCategory {
  id: string;
  iikoId: string | null;
  name: Multilingual;
  isActive: boolean;
  iikoImported: IikoImportedTexts | null;
}

/** The brand's categories and products (not deleted) with their modifier groups and options. */
export async function currentMenuForImport(
  db: Db,
  merchantId: string,
): Promise<{ categories: CurrentCategory[]; products: CurrentProduct[] }> {
  const cats = await db
    .select({
      id: categories.id,
      iikoId: categories.iikoId,
      name: categories.name,
      isActive: categories.isActive,
      iikoImported: categories.iikoImported,
    })
    .from(categories)
    .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedDate)))
    .orderBy(asc(categories.priority), asc(categories.id));
  const prods = await db
    .select({
      id: products.id,
      iikoId: products.iikoId,
      categoryId: products.categoryId,
      name: products.name,
      description: products.description,
      costPrice: products.costPrice,
      active: products.active,
      image: products.image,
      iikoImported: products.iikoImported,
    })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), isNull(products.deletedDate)));
  const groups = await db
    .select({
      id: modificationGroups.id,
      productId: modificationGroups.productId,
      iikoId: modificationGroups.iikoId,
      name: modificationGroups.name,
      minSelect: modificationGroups.minSelect,
      maxSelect: modificationGroups.maxSelect,
    })
    .from(modificationGroups)
    .where(eq(modificationGroups.merchantId, merchantId))
    .orderBy(asc(modificationGroups.priority), asc(modificationGroups.id));
  const options = await db
    .select({
      id: modifications.id,
      groupId: modifications.groupId,
      iikoId: modifications.iikoId,
      name: modifications.name,
      price: modifications.price,
      isActive: modifications.isActive,
    })
    .from(modifications)
    .where(eq(modifications.merchantId, merchantId))
    .orderBy(asc(modifications.priority), asc(modifications.id));
  const optionsOf = new Map<string, CurrentGroup["options"]>();
  for (const { groupId, ...o } of options) {
    const list = optionsOf.get(groupId) ?? [];
    list.push(o);
    optionsOf.set(groupId, list);
  }
  const groupsOf = new Map<string, CurrentGroup[]>();
  for (const { productId, ...g } of groups) {
    const list = groupsOf.get(productId) ?? [];
    list.push({ ...g, options: optionsOf.get(g.id) ?? [] });
    groupsOf.set(productId, list);
  }
  return {
    categories: cats,
    products: prods.map((p) => ({ ...p, groups: groupsOf.get(p.id) ?? [] })),
  };
}

/** The Russian text set to iiko's, the other languages kept. */
const withRu = (text: Multilingual | null | undefined, value: string): Multilingual => ({
  ...(text ?? {}),
  ru: value,
});

export async function insertImportedCategory(
  db: Db,
  { merchantId, wanted, priority }: { merchantId: string; wanted: WantedCategory; priority: number },
): Promise<string> {
  // Where guests look: the group the menu's first category is in (as the console's new category).
  const [first] = await db
    .select({ groupId: categories.groupId })
    .from(categories)
    .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedDate)))
    .orderBy(asc(categories.priority))
    .limit(1);
  const [row] = await db
    .insert(categories)
    .values({
      merchantId,
      groupId: first?.groupId ?? null,
      name: { ru: wanted.name },
      iikoId: wanted.iikoId,
      iikoImported: { name: wanted.name },
      priority,
    })
    .returning({ id: categories.id });
  if (!row) throw new Error("category not inserted");
  return row.id;
}

export async function nextCategoryPriority(db: Db, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ priority: max(categories.priority) })
    .from(categories)
    .where(eq(categories.merchantId, merchantId));
  return (row?.priority ?? 0) + 1;
}

export async function updateImportedCategory(
  db: Db,
  {
    merchantId,
    id,
    set,
  }: {
    merchantId: string;
    id: string;
    set: { name?: Multilingual; isActive?: boolean; iikoImported: IikoImportedTexts };
  },
): Promise<void> {
  await db
    .update(categories)
    .set({ ...set, version: sql`${categories.version} + 1` })
    .where(and(eq(categories.merchantId, merchantId), eq(categories.id, id)));
}

/** Writes a product's groups and options as iiko has them; ones iiko dropped are switched off. */
export async function writeImportedGroups(
  db: Db,
  {
    merchantId,
    productId,
    wanted,
    current,
  }: { merchantId: string; productId: string; wanted: WantedGroup[]; current: CurrentGroup[] },
): Promise<void> {
  const byIiko = new Map(current.flatMap((g) => (g.iikoId ? [[g.iikoId, g] as const] : [])));
  for (const [index, w] of wanted.entries()) {
    const c = byIiko.get(w.iikoId);
    byIiko.delete(w.iikoId);
    const name = typeof w.name === "string" ? withRu(c?.name, w.name) : { ...w.name, ...(c?.name ?? {}) };
    let groupId = c?.id;
    if (groupId) {
      await db
        .update(modificationGroups)
        .set({
          name,
          minSelect: w.minSelect,
          maxSelect: w.maxSelect,
          version: sql`${modificationGroups.version} + 1`,
        })
        .where(and(eq(modificationGroups.merchantId, merchantId), eq(modificationGroups.id, groupId)));
    } else {
      const [row] = await db
        .insert(modificationGroups)
        .values({
          merchantId,
          productId,
          name,
          minSelect: w.minSelect,
          maxSelect: w.maxSelect,
          priority: index + 1,
          iikoId: w.iikoId,
        })
        .returning({ id: modificationGroups.id });
      if (!row) throw new Error("modifier group not inserted");
      groupId = row.id;
    }
    const options = new Map((c?.options ?? []).flatMap((o) => (o.iikoId ? [[o.iikoId, o] as const] : [])));
    for (const [i, o] of w.options.entries()) {
      const co = options.get(o.iikoId);
      options.delete(o.iikoId);
      if (co) {
        await db
          .update(modifications)
          .set({ name: withRu(co.name, o.name), price: o.price, isActive: true, priority: i + 1 })
          .where(and(eq(modifications.merchantId, merchantId), eq(modifications.id, co.id)));
      } else {
        await db.insert(modifications).values({
          merchantId,
          groupId,
          name: { ru: o.name },
          price: o.price,
          priority: i + 1,
          iikoId: o.iikoId,
        });
      }
    }
    await switchOff(
      db,
      merchantId,
      [...options.values()].map((o) => o.id),
    );
  }
  // Groups iiko no longer offers: their options switched off (kept, so orders keep theirs).
  await switchOff(
    db,
    merchantId,
    [...byIiko.values()].flatMap((g) => g.options.map((o) => o.id)),
  );
  if (wanted.length > 0)
    await db
      .update(products)
      .set({ type: "MODIFICATION" })
      .where(and(eq(products.merchantId, merchantId), eq(products.id, productId)));
}

async function switchOff(db: Db, merchantId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(modifications)
    .set({ isActive: false })
    .where(and(eq(modifications.merchantId, merchantId), inArray(modifications.id, ids)));
}

/** A product from iiko, last in its category, sold at every branch (as the console's new product). */
export async function insertImportedProduct(
  db: Db,
  { merchantId, categoryId, wanted }: { merchantId: string; categoryId: string; wanted: WantedProduct },
): Promise<string> {
  const [last] = await db
    .select({ priority: max(products.priority) })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.categoryId, categoryId)));
  const [row] = await db
    .insert(products)
    .values({
      merchantId,
      categoryId,
      name: { ru: wanted.name },
      description: wanted.description ? { ru: wanted.description } : {},
      costPrice: wanted.price,
      image: wanted.image,
      iikoId: wanted.iikoId,
      iikoImported: { name: wanted.name, description: wanted.description },
      priority: (last?.priority ?? 0) + 1,
    })
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

export async function updateImportedProduct(
  db: Db,
  {
    merchantId,
    id,
    set,
  }: {
    merchantId: string;
    id: string;
    set: {
      name?: Multilingual;
      description?: Multilingual;
      costPrice?: number;
      active?: boolean;
      image?: string;
      categoryId?: string;
      iikoImported: IikoImportedTexts;
    };
  },
): Promise<void> {
  await db
    .update(products)
    .set({ ...set, version: sql`${products.version} + 1` })
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id)));
}

/** Holds the brand's row until the transaction ends: one import of a brand at a time. */
export async function lockMenuImport(db: Db, merchantId: string): Promise<void> {
  await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for("update");
}

/** The revision imported and when: the schedule's clock and the console's "last imported". */
export async function markMenuImported(
  db: Db,
  { merchantId, revision, at }: { merchantId: string; revision: number; at: Date },
): Promise<void> {
  await db
    .update(merchants)
    .set({ kitchenMenuRevision: String(revision), kitchenMenuSyncedAt: at })
    .where(eq(merchants.id, merchantId));
}

export async function menuImportState(
  db: Db,
  merchantId: string,
): Promise<{ revision: string | null; syncedAt: Date | null }> {
  const [row] = await db
    .select({ revision: merchants.kitchenMenuRevision, syncedAt: merchants.kitchenMenuSyncedAt })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return { revision: row?.revision ?? null, syncedAt: row?.syncedAt ?? null };
}

/**
 * Takes a brand's scheduled import: the brands imported before and not since `before`, each claimed
 * by moving its clock on only if no other process did (so one process imports it).
 */
export async function claimScheduledImports(
  db: Db,
  { before, now, limit }: { before: Date; now: Date; limit: number },
): Promise<string[]> {
  const due = await db
    .select({ id: merchants.id, at: merchants.kitchenMenuSyncedAt })
    .from(merchants)
    .where(sql`${merchants.kitchenMenuSyncedAt} < ${before} and ${merchants.kitchenLogin} is not null`)
    .limit(limit);
  const claimed: string[] = [];
  for (const d of due) {
    if (!d.at) continue;
    const rows = await db
      .update(merchants)
      .set({ kitchenMenuSyncedAt: now })
      .where(and(eq(merchants.id, d.id), eq(merchants.kitchenMenuSyncedAt, d.at)))
      .returning({ id: merchants.id });
    if (rows.length > 0) claimed.push(d.id);
  }
  return claimed;
}
