/**
 * The menu rules (spec section 4, "Menu build"), shared by the server, which builds the overall menu
 * a channel and a branch see, and the client, which arranges, searches and checks it:
 * - a product shows when no nearest branch is given, or it has an active link to that (active) branch;
 * - products the merchant switched off, or not published to the channel, never show;
 * - a product is available when the merchant marked it so and its stock is not used up;
 * - groups, categories and products are sorted by priority ascending (ties keep their order);
 * - only categories with at least one product, and groups with at least one such category, show.
 */
import type { Category, Group, MenuChannel, Overall, Product } from "./contract/menu.ts";
import type { ContentLanguage } from "./enums.ts";
import { pickText, type Multilingual } from "./multilingual.ts";

export interface SourceGroup extends Group {
  isActive: boolean;
}
export interface SourceCategory extends Category {
  isActive: boolean;
}
export interface SourceProduct extends Omit<Product, "isAvailable" | "count" | "amount"> {
  active: boolean;
  isAvailable: boolean;
  tgEnabled: boolean;
  webEnabled: boolean;
  /** The product's branch links; `isActive` is the link's flag and the branch's together. */
  branches: readonly { branchId: string; isActive: boolean }[];
}

/** An item a branch has stopped (the staff console's stop-list): a product or one modifier. */
export interface MenuStop {
  branchId: string;
  productId: string | null;
  modificationId: string | null;
}

export interface MenuSource {
  groups: readonly SourceGroup[];
  categories: readonly SourceCategory[];
  products: readonly SourceProduct[];
  /** The branches' stop-lists; only the filtered branch's apply. */
  stops?: readonly MenuStop[] | undefined;
}

export interface MenuFilter {
  channel: MenuChannel;
  /** The nearest branch; undefined = every product. */
  branchId?: string | undefined;
}

function byPriority<T extends { priority: number }>(items: readonly T[]): T[] {
  // Array.prototype.sort is stable, so equal priorities keep the source order.
  return [...items].sort((a, b) => a.priority - b.priority);
}

/** Whether a product belongs in the menu of this channel and branch. */
export function productVisible(product: SourceProduct, filter: MenuFilter): boolean {
  if (!product.active) return false;
  if (filter.channel === "TG" ? !product.tgEnabled : !product.webEnabled) return false;
  if (filter.branchId === undefined) return true;
  return product.branches.some((b) => b.isActive && b.branchId === filter.branchId);
}

/** Available to order: switched on and, where stock is counted, some left. */
export function productAvailable(product: Pick<SourceProduct, "isAvailable" | "stock">): boolean {
  return product.isAvailable && (product.stock === null || product.stock > 0);
}

export function buildOverall(source: MenuSource, filter: MenuFilter): Overall {
  const activeGroups = new Map(source.groups.filter((g) => g.isActive).map((g) => [g.id, g]));
  // A category in a switched-off group is off too; one without a group stands alone.
  const activeCategories = new Map(
    source.categories
      .filter((c) => c.isActive && (c.groupId === null || activeGroups.has(c.groupId)))
      .map((c) => [c.id, c]),
  );
  // The branches' stop-lists: a stopped product shows as unavailable, a stopped modifier is left out
  // (and a group left without options with it, as for switched-off options). For a branch's menu its
  // own stop-list counts; for the brand's menu (no branch yet) an item stopped at every branch that
  // sells the product.
  const stopsAt = new Map<string, Set<string>>();
  for (const stop of source.stops ?? []) {
    const item = stop.productId ?? stop.modificationId;
    if (item === null) continue;
    const at = stopsAt.get(item) ?? new Set<string>();
    at.add(stop.branchId);
    stopsAt.set(item, at);
  }
  const stoppedFor = (p: SourceProduct, item: string): boolean => {
    const at = stopsAt.get(item);
    if (!at) return false;
    if (filter.branchId !== undefined) return at.has(filter.branchId);
    const selling = p.branches.filter((b) => b.isActive);
    return selling.length > 0 && selling.every((b) => at.has(b.branchId));
  };
  const products: Product[] = [];
  for (const p of byPriority(source.products)) {
    if (!activeCategories.has(p.categoryId) || !productVisible(p, filter)) continue;
    const { active: _a, tgEnabled: _t, webEnabled: _w, branches: _b, ...rest } = p;
    products.push({
      ...rest,
      isAvailable: productAvailable(p) && !stoppedFor(p, p.id),
      count: 1,
      amount: 1,
      modificationGroups: byPriority(p.modificationGroups).flatMap((g) => {
        const modifications = byPriority(g.modifications.filter((m) => !stoppedFor(p, m.id)));
        if (modifications.length === g.modifications.length) return [{ ...g, modifications }];
        if (modifications.length === 0) return [];
        return [{ ...g, minSelect: Math.min(g.minSelect, modifications.length), modifications }];
      }),
    });
  }
  const withProducts = new Set(products.map((p) => p.categoryId));
  const categories: Category[] = byPriority([...activeCategories.values()])
    .filter((c) => withProducts.has(c.id))
    .map(({ isActive: _i, ...c }) => c);
  const withCategories = new Set(categories.map((c) => c.groupId));
  const groups: Group[] = byPriority([...activeGroups.values()])
    .filter((g) => withCategories.has(g.id))
    .map(({ isActive: _i, ...g }) => g);
  // Products follow their categories' order, so a client can list them in one pass.
  const categoryOrder = new Map(categories.map((c, i) => [c.id, i]));
  products.sort((a, b) => (categoryOrder.get(a.categoryId) ?? 0) - (categoryOrder.get(b.categoryId) ?? 0));
  return { groups, categories, products };
}

// ---------------------------------------------------------------------------------------------------
// Client side: the overall menu as a tree, search, and the modification rules.

export interface MenuCategory extends Category {
  products: Product[];
}
export interface MenuGroup extends Group {
  categories: MenuCategory[];
}
export interface MenuTree {
  groups: MenuGroup[];
  /** Categories in menu order (those without a group included). */
  categories: MenuCategory[];
  productById: ReadonlyMap<string, Product>;
  categoryById: ReadonlyMap<string, MenuCategory>;
}

/** Arranges an overall menu (already sorted by the server) into groups and categories. */
export function menuTree(overall: Overall): MenuTree {
  const categories: MenuCategory[] = overall.categories.map((c) => ({ ...c, products: [] }));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  for (const p of overall.products) categoryById.get(p.categoryId)?.products.push(p);
  const groups: MenuGroup[] = overall.groups.map((g) => ({
    ...g,
    categories: categories.filter((c) => c.groupId === g.id),
  }));
  return {
    groups,
    categories,
    productById: new Map(overall.products.map((p) => [p.id, p])),
    categoryById,
  };
}

/** Lower-cased, accents stripped, Cyrillic ё as е, apostrophes of Uzbek (o', g') unified. */
export function foldText(text: string): string {
  return text
    .toLocaleLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replaceAll("ё", "е")
    .replace(/[\u2018\u2019\u02bb\u02bc`]/g, "'");
}

function textOf(value: Multilingual | null, lang: ContentLanguage): string {
  return foldText(pickText(value, lang));
}

/**
 * Products whose name or description (in the current language) holds every word of the query;
 * name matches first, then menu order. An empty query finds nothing.
 */
export function searchProducts(
  products: readonly Product[],
  query: string,
  lang: ContentLanguage,
): Product[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const inName: Product[] = [];
  const inDescription: Product[] = [];
  for (const p of products) {
    const name = textOf(p.name, lang);
    const both = `${name} ${textOf(p.description, lang)}`;
    if (!words.every((w) => both.includes(w))) continue;
    (words.every((w) => name.includes(w)) ? inName : inDescription).push(p);
  }
  return [...inName, ...inDescription];
}

export type SelectionProblem =
  | { kind: "MIN"; groupId: string; min: number }
  | { kind: "MAX"; groupId: string; max: number }
  | { kind: "UNKNOWN"; modificationId: string };

/**
 * Checks chosen modification ids against a product's groups: every id must exist, and each group's
 * count must be within [minSelect, maxSelect]. Returns the first problem in group order, or null.
 */
export function checkSelection(
  product: Pick<Product, "modificationGroups">,
  chosen: readonly string[],
): SelectionProblem | null {
  const groupOf = new Map<string, string>();
  for (const g of product.modificationGroups) for (const m of g.modifications) groupOf.set(m.id, g.id);
  const counts = new Map<string, number>();
  for (const id of new Set(chosen)) {
    const groupId = groupOf.get(id);
    if (groupId === undefined) return { kind: "UNKNOWN", modificationId: id };
    counts.set(groupId, (counts.get(groupId) ?? 0) + 1);
  }
  for (const g of product.modificationGroups) {
    const n = counts.get(g.id) ?? 0;
    if (n < g.minSelect) return { kind: "MIN", groupId: g.id, min: g.minSelect };
    if (n > g.maxSelect) return { kind: "MAX", groupId: g.id, max: g.maxSelect };
  }
  return null;
}

/**
 * The choices a product opens with: the first option (in menu order) of every required single
 * choice (minSelect >= 1, maxSelect 1), such as a size, so the first "Add" is never refused for a
 * choice the customer would have to make anyway. Optional groups and multiple choices start empty.
 */
export function defaultSelection(product: Pick<Product, "modificationGroups">): string[] {
  return product.modificationGroups.flatMap((g) => {
    const first = g.modifications[0];
    return g.minSelect >= 1 && g.maxSelect === 1 && first ? [first.id] : [];
  });
}

/** The basket key of a product with its choices: the same choices in any order are one line. */
export function basketKey(productId: string, modificationIds: readonly string[]): string {
  return [productId, ...[...new Set(modificationIds)].sort()].join("+");
}

/** Products the app shell carries for the menu's first screen (a phone shows 4-8, a desktop 8). */
export const FIRST_SCREEN_PRODUCTS = 12;

/** Categories in the order the menu page lists them: by group when groups are shown, loose ones last. */
export function displayOrder(overall: Overall, withGroups: boolean): Category[] {
  if (!withGroups) return overall.categories;
  return [
    ...overall.groups.flatMap((g) => overall.categories.filter((c) => c.groupId === g.id)),
    ...overall.categories.filter((c) => c.groupId === null),
  ];
}

/**
 * Cards of a sideways strip (a HORIZONTAL category) in a first screen: more than a window shows
 * before the strip is scrolled. The budget left goes to the categories below, so a strip further
 * down is not drawn empty and then grown when the rest of the menu arrives (moving what is under it).
 */
export const FIRST_SCREEN_STRIP_PRODUCTS = 6;

/**
 * The beginning of a menu as its page shows it first: every group and category, and the first
 * `limit` products in the page's order (at most FIRST_SCREEN_STRIP_PRODUCTS of a strip). `complete`
 * when nothing was left out.
 */
export function firstScreenOf(
  overall: Overall,
  withGroups: boolean,
  limit: number = FIRST_SCREEN_PRODUCTS,
): { overall: Overall; complete: boolean } {
  if (overall.products.length <= limit) return { overall, complete: true };
  const kept = new Set<string>();
  for (const category of displayOrder(overall, withGroups)) {
    const most = category.scrollType === "HORIZONTAL" ? FIRST_SCREEN_STRIP_PRODUCTS : limit;
    let taken = 0;
    for (const p of overall.products) {
      if (kept.size >= limit || taken >= most) break;
      if (p.categoryId !== category.id) continue;
      kept.add(p.id);
      taken++;
    }
    if (kept.size >= limit) break;
  }
  return {
    overall: { ...overall, products: overall.products.filter((p) => kept.has(p.id)) },
    complete: false,
  };
}
