// The branches' stop-lists (issue 18, finished in issue 44): what a branch sells, each product and
// each option (a modifier, listed once whatever products offer it) with where it is stopped among
// the branches the staff member sees, and the switch itself, for one branch or several at once.
import { and, asc, eq, inArray } from "drizzle-orm";
import { optionKey } from "#domain/stop-list.ts";
import {
  branchStops,
  categories,
  menuGroups,
  modificationGroups,
  modifications,
  productBranches,
  products,
} from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { Db } from "../db/types.ts";
import { cachesChanged } from "../db/cache-bus.ts";

type Texts = Record<string, string | undefined>;

interface Spread {
  /** Stopped at the branch the list is for. */
  stopped: boolean;
  /** The staff member's branches that sell it (offer the option), in the order given. */
  soldAt: string[];
  /** Those of them where it is stopped. */
  stoppedAt: string[];
}

export interface StopListProduct extends Spread {
  id: string;
  name: Texts;
  image: string | null;
  categoryId: string;
  categoryName: Texts;
  /** Switched off for the whole brand (the product's own availability). */
  brandOff: boolean;
}

export interface StopListOption extends Spread {
  /** One of the option's modifier ids (the first in menu order): the option's handle. */
  id: string;
  name: Texts;
  /** The choices it is offered in ("Extras", "Size"), each once. */
  groupNames: Texts[];
  /** How many of the branch's products offer it. */
  products: number;
}

export interface StopList {
  products: StopListProduct[];
  options: StopListOption[];
}

/**
 * What a branch sells (`branchId`), or any of `branchIds` (null: "all my branches"), in menu order,
 * and the options its products offer, each once; where each is stopped is counted over `branchIds`
 * (the branches the caller sees). An option is stopped at a branch when every one of its modifiers
 * on that branch's products is. For all branches, `stopped` means stopped at every one that sells it.
 */
export async function listStopList(
  db: Db,
  {
    merchantId,
    branchId,
    branchIds,
  }: { merchantId: string; branchId: string | null; branchIds: readonly string[] },
): Promise<StopList> {
  const branchList =
    branchId === null || branchIds.includes(branchId) ? [...branchIds] : [branchId, ...branchIds];
  const listed = branchId === null ? branchList : [branchId];
  if (listed.length === 0) return { products: [], options: [] };
  const [productRows, linkRows, modRows, stopRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        image: products.image,
        isAvailable: products.isAvailable,
        categoryId: categories.id,
        categoryName: categories.name,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(menuGroups, eq(menuGroups.id, categories.groupId))
      .innerJoin(
        productBranches,
        and(
          eq(productBranches.productId, products.id),
          inArray(productBranches.branchId, listed),
          eq(productBranches.isActive, true),
        ),
      )
      .where(
        and(eq(products.merchantId, merchantId), eq(products.active, true), eq(categories.isActive, true)),
      )
      // The menu's order, each category's products together: group, category, product.
      .orderBy(
        asc(menuGroups.priority),
        asc(categories.priority),
        asc(categories.id),
        asc(products.priority),
        asc(products.id),
      ),
    db
      .select({ productId: productBranches.productId, branchId: productBranches.branchId })
      .from(productBranches)
      .innerJoin(products, eq(products.id, productBranches.productId))
      .where(
        and(
          eq(productBranches.merchantId, merchantId),
          inArray(productBranches.branchId, branchList),
          eq(productBranches.isActive, true),
          eq(products.active, true),
        ),
      ),
    db
      .select({
        id: modifications.id,
        productId: modificationGroups.productId,
        name: modifications.name,
        iikoId: modifications.iikoId,
        groupName: modificationGroups.name,
      })
      .from(modifications)
      .innerJoin(modificationGroups, eq(modificationGroups.id, modifications.groupId))
      .where(and(eq(modifications.merchantId, merchantId), eq(modifications.isActive, true)))
      .orderBy(asc(modificationGroups.priority), asc(modifications.priority), asc(modifications.id)),
    db
      .select({
        branchId: branchStops.branchId,
        productId: branchStops.productId,
        modificationId: branchStops.modificationId,
      })
      .from(branchStops)
      .where(and(eq(branchStops.merchantId, merchantId), inArray(branchStops.branchId, branchList))),
  ]);

  const stopsAt = new Map<string, Set<string>>(branchList.map((b) => [b, new Set<string>()]));
  for (const s of stopRows) {
    const item = s.productId ?? s.modificationId;
    if (item) stopsAt.get(s.branchId)?.add(item);
  }
  const sellingAt = new Map<string, Set<string>>();
  for (const l of linkRows) {
    const at = sellingAt.get(l.productId) ?? new Set<string>();
    at.add(l.branchId);
    sellingAt.set(l.productId, at);
  }
  const isStopped = (branch: string, item: string) => stopsAt.get(branch)?.has(item) ?? false;

  // A product sold at several of the listed branches comes once per branch: keep the first.
  const seen = new Set<string>();
  const uniqueRows = productRows.filter((p) => {
    if (seen.has(p.id)) return false;
    seen.add(p.id);
    return true;
  });
  const productList: StopListProduct[] = uniqueRows.map((p) => {
    const soldAt = branchList.filter((b) => sellingAt.get(p.id)?.has(b));
    return {
      id: p.id,
      name: p.name,
      image: p.image,
      categoryId: p.categoryId,
      categoryName: p.categoryName,
      brandOff: !p.isAvailable,
      stopped:
        branchId === null
          ? soldAt.length > 0 && soldAt.every((b) => isStopped(b, p.id))
          : isStopped(branchId, p.id),
      soldAt,
      stoppedAt: soldAt.filter((b) => isStopped(b, p.id)),
    };
  });

  const productOrder = new Map(uniqueRows.map((p, i) => [p.id, i]));
  const options = optionsOf(modRows, { productOrder, sellingAt, isStopped, branchList, branchId });
  return { products: productList, options };
}

interface OptionRow {
  id: string;
  productId: string;
  name: Texts;
  iikoId: string | null;
  groupName: Texts;
}

/**
 * The options the listed products offer, each once (`optionKey`), in menu order: by the first
 * product that offers them; each with where it is stopped over `branchList`.
 */
function optionsOf(
  modRows: readonly OptionRow[],
  {
    productOrder,
    sellingAt,
    isStopped,
    branchList,
    branchId,
  }: {
    productOrder: ReadonlyMap<string, number>;
    sellingAt: ReadonlyMap<string, ReadonlySet<string>>;
    isStopped: (branch: string, item: string) => boolean;
    branchList: readonly string[];
    branchId: string | null;
  },
): StopListOption[] {
  // Options in menu order: by the first product of the branch that offers them.
  const byKey = new Map<string, OptionRow[]>();
  for (const m of modRows) {
    const key = optionKey(m);
    const list = byKey.get(key) ?? [];
    list.push(m);
    byKey.set(key, list);
  }
  const options: (StopListOption & { order: number })[] = [];
  for (const mods of byKey.values()) {
    const here = mods.filter((m) => productOrder.has(m.productId));
    const first = here.reduce<(typeof here)[number] | undefined>(
      (best, m) =>
        best === undefined || (productOrder.get(m.productId) ?? 0) < (productOrder.get(best.productId) ?? 0)
          ? m
          : best,
      undefined,
    );
    if (!first) continue;
    const stoppedOn = (branch: string): boolean | null => {
      const offered = mods.filter((m) => sellingAt.get(m.productId)?.has(branch));
      if (offered.length === 0) return null;
      return offered.every((m) => isStopped(branch, m.id));
    };
    const spread = branchList.map((b) => [b, stoppedOn(b)] as const);
    const offeredAt = spread.filter(([, st]) => st !== null);
    const groupNames = new Map<string, Texts>();
    for (const m of here) groupNames.set(JSON.stringify(m.groupName), m.groupName);
    options.push({
      id: first.id,
      name: first.name,
      groupNames: [...groupNames.values()],
      products: new Set(here.map((m) => m.productId)).size,
      stopped:
        branchId === null
          ? offeredAt.length > 0 && offeredAt.every(([, st]) => st === true)
          : stoppedOn(branchId) === true,
      soldAt: offeredAt.map(([b]) => b),
      stoppedAt: spread.filter(([, s]) => s === true).map(([b]) => b),
      order: productOrder.get(first.productId) ?? 0,
    });
  }
  options.sort((a, b) => a.order - b.order);
  options.sort((a, b) => a.order - b.order);
  return options.map(({ order: _o, ...o }) => o);
}

/**
 * Stops or releases a product, or an option under every product that offers it, at each of
 * `branchIds`, in one transaction; false when the brand has no such item. An option is named by
 * any of its modifier ids. The cached menus of every process follow once committed (the cache bus).
 */
export async function setStops(
  db: Db,
  {
    merchantId,
    branchIds,
    item,
    stopped,
    userId,
  }: {
    merchantId: string;
    branchIds: readonly string[];
    item: { kind: "product" | "modifier"; id: string };
    stopped: boolean;
    userId: string;
  },
): Promise<boolean> {
  return transaction(db, async (tx) => {
    let ids: string[];
    if (item.kind === "product") {
      const [own] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, item.id), eq(products.merchantId, merchantId)));
      if (!own) return false;
      ids = [own.id];
    } else {
      const all = await tx
        .select({ id: modifications.id, name: modifications.name, iikoId: modifications.iikoId })
        .from(modifications)
        .where(eq(modifications.merchantId, merchantId));
      const own = all.find((m) => m.id === item.id);
      if (!own) return false;
      const key = optionKey(own);
      ids = all.filter((m) => optionKey(m) === key).map((m) => m.id);
    }
    if (branchIds.length === 0) return true;
    const column = item.kind === "product" ? branchStops.productId : branchStops.modificationId;
    if (stopped) {
      await tx
        .insert(branchStops)
        .values(
          branchIds.flatMap((branchId) =>
            ids.map((id) => ({
              merchantId,
              branchId,
              createdBy: userId,
              ...(item.kind === "product" ? { productId: id } : { modificationId: id }),
            })),
          ),
        )
        .onConflictDoNothing();
    } else {
      await tx
        .delete(branchStops)
        .where(
          and(
            eq(branchStops.merchantId, merchantId),
            inArray(branchStops.branchId, [...branchIds]),
            inArray(column, ids),
          ),
        );
    }
    await cachesChanged(tx, merchantId, ["menu"]);
    return true;
  });
}
