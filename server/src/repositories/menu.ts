// Reads of the menu: everything a merchant's overall menu is built from (src/domain/menu.ts applies
// the rules), product grades, and the branches a menu can be filtered by.
import { and, asc, avg, count, eq, inArray } from "drizzle-orm";
import type { MenuSource, SourceProduct } from "#domain/menu.ts";
import {
  branches,
  branchStops,
  categories,
  grades,
  menuGroups,
  modificationGroups,
  modifications,
  productBranches,
  products,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import { transaction } from "../db/transaction.ts";
import { menuChanged } from "./menu-cache.ts";

type ProductInsert = typeof products.$inferInsert;

/** Every group, category and product of the merchant (switched-off ones too; the rules drop them). */
export async function loadMenuSource(db: Db, { merchantId }: { merchantId: string }): Promise<MenuSource> {
  const [groupRows, categoryRows, productRows] = await Promise.all([
    db
      .select()
      .from(menuGroups)
      .where(eq(menuGroups.merchantId, merchantId))
      .orderBy(asc(menuGroups.priority)),
    db
      .select()
      .from(categories)
      .where(eq(categories.merchantId, merchantId))
      .orderBy(asc(categories.priority)),
    db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.active, true)))
      .orderBy(asc(products.priority)),
  ]);
  const [modGroupRows, modRows, linkRows, stopRows] = await Promise.all([
    db.select().from(modificationGroups).where(eq(modificationGroups.merchantId, merchantId)),
    db
      .select()
      .from(modifications)
      .where(and(eq(modifications.merchantId, merchantId), eq(modifications.isActive, true))),
    db
      .select({
        productId: productBranches.productId,
        branchId: productBranches.branchId,
        linkActive: productBranches.isActive,
        branchActive: branches.isActive,
        branchDeleted: branches.deleted,
      })
      .from(productBranches)
      .innerJoin(branches, eq(branches.id, productBranches.branchId))
      .where(eq(productBranches.merchantId, merchantId)),
    db
      .select({
        branchId: branchStops.branchId,
        productId: branchStops.productId,
        modificationId: branchStops.modificationId,
      })
      .from(branchStops)
      .where(eq(branchStops.merchantId, merchantId)),
  ]);

  const modsByGroup = new Map<string, (typeof modRows)[number][]>();
  for (const m of modRows) {
    const list = modsByGroup.get(m.groupId) ?? [];
    list.push(m);
    modsByGroup.set(m.groupId, list);
  }
  const groupsByProduct = new Map<string, SourceProduct["modificationGroups"][number][]>();
  for (const g of modGroupRows) {
    const mods = (modsByGroup.get(g.id) ?? []).map((m) => ({
      id: m.id,
      name: m.name,
      image: m.image,
      price: m.price,
      priority: m.priority,
    }));
    // A group whose options were all switched off cannot be chosen: it is left out.
    if (mods.length === 0) continue;
    const list = groupsByProduct.get(g.productId) ?? [];
    list.push({
      id: g.id,
      name: g.name,
      minSelect: Math.min(g.minSelect, mods.length),
      maxSelect: g.maxSelect,
      priority: g.priority,
      modifications: mods,
    });
    groupsByProduct.set(g.productId, list);
  }
  const linksByProduct = new Map<string, { branchId: string; isActive: boolean }[]>();
  for (const l of linkRows) {
    const list = linksByProduct.get(l.productId) ?? [];
    list.push({ branchId: l.branchId, isActive: l.linkActive && l.branchActive && !l.branchDeleted });
    linksByProduct.set(l.productId, list);
  }

  return {
    groups: groupRows.map((g) => ({
      id: g.id,
      name: g.name,
      icon: g.icon,
      image: g.image,
      bgColor: g.bgColor,
      iconBgColor: g.iconBgColor,
      priority: g.priority,
      isActive: g.isActive,
    })),
    categories: categoryRows.map((c) => ({
      id: c.id,
      groupId: c.groupId,
      name: c.name,
      image: c.image,
      priority: c.priority,
      textColor: c.textColor,
      viewType: c.viewType,
      scrollType: c.scrollType,
      navigationType: c.navigationType,
      isWithoutCart: c.isWithoutCart,
      isActive: c.isActive,
    })),
    products: productRows.map((p) => ({
      id: p.id,
      categoryId: p.categoryId,
      name: p.name,
      description: p.description ?? null,
      image: p.image,
      gallery: p.gallery,
      labels: p.labels,
      tags: p.tags,
      calorie: p.calorie,
      timeCookingMin: p.timeCookingMin,
      timeCookingMax: p.timeCookingMax,
      costPrice: p.costPrice,
      discount: p.discount,
      additionalPrice: p.additionalPrice,
      unit: p.unit,
      type: p.type,
      active: p.active,
      isAvailable: p.isAvailable,
      stock: p.stock,
      priority: p.priority,
      deliveryEnabled: p.deliveryEnabled,
      isCartRecommendation: p.isCartRecommendation,
      tgEnabled: p.tgEnabled,
      webEnabled: p.webEnabled,
      branches: linksByProduct.get(p.id) ?? [],
      modificationGroups: groupsByProduct.get(p.id) ?? [],
    })),
    stops: stopRows,
  };
}

/** Ids of the merchant's branches (an unknown branch id must not create a cache entry of its own). */
export async function listBranchIds(db: Db, { merchantId }: { merchantId: string }): Promise<Set<string>> {
  const rows = await db.select({ id: branches.id }).from(branches).where(eq(branches.merchantId, merchantId));
  return new Set(rows.map((r) => r.id));
}

/** Average grade per product of the merchant, one decimal. */
export async function listGrades(
  db: Db,
  { merchantId }: { merchantId: string },
): Promise<{ productId: string; grade: number; count: number }[]> {
  const rows = await db
    .select({ productId: grades.productId, average: avg(grades.grade), count: count() })
    .from(grades)
    .where(eq(grades.merchantId, merchantId))
    .groupBy(grades.productId);
  return rows.map((r) => ({
    productId: r.productId,
    grade: Math.round(Number(r.average ?? 0) * 10) / 10,
    count: r.count,
  }));
}

/** Products of the merchant by id (favourites show products that may have left the menu). */
export async function findProducts(db: Db, { merchantId, ids }: { merchantId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(eq(products.merchantId, merchantId), inArray(products.id, ids)));
}

/**
 * Sets a product's stock (null = unlimited) and/or availability; undefined when the brand has no such
 * product. The cached menus follow at once, on this server and on others sharing the database.
 */
export async function setProductStock(
  db: Db,
  {
    merchantId,
    id,
    set,
  }: { merchantId: string; id: string; set: Pick<Partial<ProductInsert>, "stock" | "isAvailable"> },
): Promise<{ id: string; stock: number | null; isAvailable: boolean } | undefined> {
  return transaction(db, async (tx) => {
    const [updated] = await tx
      .update(products)
      .set(set)
      .where(and(eq(products.id, id), eq(products.merchantId, merchantId)))
      .returning({ id: products.id, stock: products.stock, isAvailable: products.isAvailable });
    if (updated) await menuChanged(tx, merchantId);
    return updated;
  });
}
