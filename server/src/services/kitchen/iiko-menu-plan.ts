// What an import of the brand's iiko nomenclature would change in its menu (issue 38), worked out
// without writing anything, so the owner sees it before applying and the apply does exactly that.
// The rules (docs/decisions.md, "iiko's menu in"):
// - a menu folder of iiko (not a modifier group, included in the menu) that holds a product sold in
//   the menu is a category; a Dish or Good with a price included in the menu is a product; each keeps
//   its iiko id, which is how the next import finds it again;
// - iiko owns prices, the options and their prices, the required choices and what is sold: those
//   follow iiko at every import;
// - Savat owns its texts where the owner set them: iiko's name and description go into the Russian
//   text while it is still the one the last import wrote; the other languages, photos, the order of
//   the menu and every setting iiko does not have are the owner's and never touched;
// - what disappears from iiko is hidden (never deleted: orders keep their history) and shown again
//   when it comes back; the owner's own hiding is never undone;
// - a product iiko sells in sizes gets a required "Size" choice whose options carry the size's id
//   (`size:<id>`); the order to iiko names it as the line's productSizeId.
import type { Multilingual } from "#domain/multilingual.ts";
import type {
  IikoNomenclature,
  IikoNomenclatureModifier,
  IikoNomenclatureProduct,
} from "../../integrations/iiko.ts";
import type { IikoImportedTexts } from "#domain/kitchen.ts";
import type {
  CurrentCategory,
  CurrentGroup,
  CurrentProduct,
  WantedCategory,
  WantedGroup,
  WantedOption,
  WantedProduct,
} from "../../repositories/kitchen-menu.ts";

/** The option id prefix of a size, and the group id prefix of a product's sizes. */
export const IIKO_SIZE_PREFIX = "size:";
const SIZE_GROUP_PREFIX = "sizes:";
/** A single modifier offered without a group becomes a group of its own with this id prefix. */
const SINGLE_GROUP_PREFIX = "modifier:";
const SIZE_GROUP_NAME: Multilingual = { uz: "O'lcham", ru: "Размер", eng: "Size" };

/** The menu the nomenclature describes, in Savat's terms; `imageOk` says which picture links to keep. */
export function wantedMenu(
  n: IikoNomenclature,
  imageOk: (src: string) => boolean = () => false,
): { categories: WantedCategory[]; products: WantedProduct[] } {
  const folders = new Map(
    n.groups
      .filter((g) => !g.isGroupModifier && !g.isDeleted && g.isIncludedInMenu !== false)
      .map((g) => [g.id, g]),
  );
  const modifierGroups = new Map(n.groups.filter((g) => g.isGroupModifier).map((g) => [g.id, g]));
  const byId = new Map(n.products.filter((p) => !p.isDeleted).map((p) => [p.id, p]));
  const sizeNames = new Map(n.sizes.map((s) => [s.id, s]));
  const priceOf = (p: IikoNomenclatureProduct | undefined): number =>
    Math.max(0, Math.round(p?.sizePrices?.[0]?.price.currentPrice ?? 0));

  const option = (m: IikoNomenclatureModifier): WantedOption[] => {
    const p = byId.get(m.id);
    return p ? [{ iikoId: p.id, name: p.name, price: priceOf(p) }] : [];
  };

  const products: WantedProduct[] = [];
  for (const p of byId.values()) {
    const type = (p.type ?? "Dish").toLowerCase();
    if (type !== "dish" && type !== "good") continue;
    const folder = p.parentGroup ?? p.groupId ?? null;
    if (!folder || !folders.has(folder)) continue;
    const sold = (p.sizePrices ?? []).filter((sp) => sp.price.isIncludedInMenu !== false);
    if (sold.length === 0) continue;
    const sized = sold.filter((sp) => sp.sizeId);
    const base = Math.round(Math.min(...sold.map((sp) => sp.price.currentPrice)));
    const groups: WantedGroup[] = [];
    if (sized.length > 0) {
      const ordered = [...sized].sort(
        (a, b) =>
          (sizeNames.get(a.sizeId ?? "")?.priority ?? 0) - (sizeNames.get(b.sizeId ?? "")?.priority ?? 0),
      );
      groups.push({
        iikoId: `${SIZE_GROUP_PREFIX}${p.id}`,
        name: SIZE_GROUP_NAME,
        minSelect: 1,
        maxSelect: 1,
        options: ordered.map((sp) => ({
          iikoId: `${IIKO_SIZE_PREFIX}${sp.sizeId ?? ""}`,
          name: sizeNames.get(sp.sizeId ?? "")?.name ?? "",
          price: Math.round(sp.price.currentPrice) - base,
        })),
      });
    }
    for (const gm of p.groupModifiers ?? []) {
      const options = gm.childModifiers.flatMap(option);
      if (options.length === 0) continue;
      const maxSelect = Math.max(1, Math.min(gm.maxAmount || options.length, options.length));
      const minSelect = Math.min(maxSelect, Math.max(gm.minAmount, gm.required ? 1 : 0));
      groups.push({
        iikoId: gm.id,
        name: modifierGroups.get(gm.id)?.name ?? "",
        minSelect,
        maxSelect,
        options,
      });
    }
    for (const m of p.modifiers ?? []) {
      const options = option(m);
      const first = options[0];
      if (!first) continue;
      groups.push({
        iikoId: `${SINGLE_GROUP_PREFIX}${m.id}`,
        name: first.name,
        minSelect: m.minAmount > 0 || m.required ? 1 : 0,
        maxSelect: 1,
        options,
      });
    }
    const link = (p.imageLinks ?? [])
      .map((l) => l.trim())
      .find((l) => l.startsWith("https://") && imageOk(l));
    products.push({
      iikoId: p.id,
      categoryIikoId: folder,
      name: p.name.trim(),
      description: (p.description ?? "").trim(),
      price: base,
      order: p.order ?? 0,
      image: link ?? null,
      groups,
    });
  }
  const used = new Set(products.map((p) => p.categoryIikoId));
  const categories = [...folders.values()]
    .filter((g) => used.has(g.id))
    .map((g) => ({ iikoId: g.id, name: g.name.trim(), order: g.order ?? 0 }));
  return { categories, products };
}

// -------------------------------------------------------------------------------------------------
// The menu as it stands, and the plan

export type PlanEntity = "category" | "product" | "option-group" | "option";
export type PlanAction = "create" | "update" | "hide" | "show";
export interface FieldChange {
  field: "name" | "description" | "price" | "category" | "minSelect" | "maxSelect" | "image";
  from: string | number | null;
  to: string | number | null;
}
export interface PlanChange {
  entity: PlanEntity;
  action: PlanAction;
  name: string;
  /** Where it sits (a product's name for its options), for the preview. */
  within?: string;
  fields: FieldChange[];
}

/** One write of the plan: what to change and the row (or the iiko id of a new one) it changes. */
export type PlanStep =
  | { kind: "category.create"; wanted: WantedCategory }
  | { kind: "category.update"; id: string; set: { name?: Multilingual; iikoImported: IikoImportedTexts } }
  | { kind: "category.show" | "category.hide"; id: string; iikoImported: IikoImportedTexts }
  | { kind: "product.create"; wanted: WantedProduct }
  | {
      kind: "product.update";
      id: string;
      categoryIikoId: string | null;
      set: {
        name?: Multilingual;
        description?: Multilingual;
        costPrice?: number;
        active?: boolean;
        image?: string;
        iikoImported: IikoImportedTexts;
      };
    }
  | { kind: "product.hide"; id: string; iikoImported: IikoImportedTexts }
  | { kind: "product.groups"; productId: string; wanted: WantedGroup[]; current: CurrentGroup[] };

export interface MenuPlan {
  changes: PlanChange[];
  steps: PlanStep[];
  unchanged: number;
}

const ru = (text: Multilingual | null | undefined): string => text?.ru ?? "";

/**
 * Whether iiko may write a text: Savat's Russian text follows iiko's while it is the same as what
 * iiko said at the last import (the owner has not changed it, or changed it back).
 */
function iikoOwnsText(current: string, imported: string | undefined): boolean {
  return imported !== undefined && current === imported;
}

function groupChanges(
  product: string,
  wanted: WantedGroup[],
  current: CurrentGroup[],
): { changes: PlanChange[]; unchanged: number } {
  const changes: PlanChange[] = [];
  let unchanged = 0;
  const byIiko = new Map(current.flatMap((g) => (g.iikoId ? [[g.iikoId, g] as const] : [])));
  const nameOf = (n: string | Multilingual) => (typeof n === "string" ? n : ru(n));
  for (const w of wanted) {
    const c = byIiko.get(w.iikoId);
    byIiko.delete(w.iikoId);
    if (!c) {
      changes.push({
        entity: "option-group",
        action: "create",
        name: nameOf(w.name),
        within: product,
        fields: [],
      });
      for (const o of w.options) {
        changes.push({
          entity: "option",
          action: "create",
          name: o.name,
          within: product,
          fields: [{ field: "price", from: null, to: o.price }],
        });
      }
      continue;
    }
    const fields: FieldChange[] = [];
    if (ru(c.name) !== nameOf(w.name)) fields.push({ field: "name", from: ru(c.name), to: nameOf(w.name) });
    if (c.minSelect !== w.minSelect) fields.push({ field: "minSelect", from: c.minSelect, to: w.minSelect });
    if (c.maxSelect !== w.maxSelect) fields.push({ field: "maxSelect", from: c.maxSelect, to: w.maxSelect });
    if (fields.length > 0)
      changes.push({
        entity: "option-group",
        action: "update",
        name: nameOf(w.name),
        within: product,
        fields,
      });
    else unchanged++;
    const options = new Map(c.options.flatMap((o) => (o.iikoId ? [[o.iikoId, o] as const] : [])));
    for (const o of w.options) {
      const co = options.get(o.iikoId);
      options.delete(o.iikoId);
      if (!co) {
        changes.push({
          entity: "option",
          action: "create",
          name: o.name,
          within: product,
          fields: [{ field: "price", from: null, to: o.price }],
        });
        continue;
      }
      const f: FieldChange[] = [];
      if (ru(co.name) !== o.name) f.push({ field: "name", from: ru(co.name), to: o.name });
      if (co.price !== o.price) f.push({ field: "price", from: co.price, to: o.price });
      if (!co.isActive)
        changes.push({ entity: "option", action: "show", name: o.name, within: product, fields: f });
      else if (f.length > 0)
        changes.push({ entity: "option", action: "update", name: o.name, within: product, fields: f });
      else unchanged++;
    }
    for (const gone of options.values()) {
      if (gone.isActive)
        changes.push({ entity: "option", action: "hide", name: ru(gone.name), within: product, fields: [] });
    }
  }
  for (const gone of byIiko.values()) {
    if (gone.options.some((o) => o.isActive))
      changes.push({
        entity: "option-group",
        action: "hide",
        name: ru(gone.name),
        within: product,
        fields: [],
      });
  }
  return { changes, unchanged };
}

/** The changes (for the preview) and the writes (for the apply) that bring the menu to iiko's. */
export function planMenuImport(
  n: IikoNomenclature,
  current: { categories: CurrentCategory[]; products: CurrentProduct[] },
  imageOk?: (src: string) => boolean,
): MenuPlan {
  const wanted = wantedMenu(n, imageOk);
  const changes: PlanChange[] = [];
  const steps: PlanStep[] = [];
  let unchanged = 0;

  const categoriesByIiko = new Map(
    current.categories.flatMap((c) => (c.iikoId ? [[c.iikoId, c] as const] : [])),
  );
  const categoryIikoOf = new Map(current.categories.map((c) => [c.id, c.iikoId]));
  const wantedCategoryName = new Map(wanted.categories.map((c) => [c.iikoId, c.name]));
  for (const w of wanted.categories) {
    const c = categoriesByIiko.get(w.iikoId);
    categoriesByIiko.delete(w.iikoId);
    if (!c) {
      changes.push({ entity: "category", action: "create", name: w.name, fields: [] });
      steps.push({ kind: "category.create", wanted: w });
      continue;
    }
    const owns = iikoOwnsText(ru(c.name), c.iikoImported?.name);
    const imported: IikoImportedTexts = { name: w.name };
    const rename = owns && ru(c.name) !== w.name;
    const show = !c.isActive && Boolean(c.iikoImported?.hidden);
    if (show) {
      changes.push({ entity: "category", action: "show", name: w.name, fields: [] });
      steps.push({ kind: "category.show", id: c.id, iikoImported: imported });
    }
    if (rename) {
      changes.push({
        entity: "category",
        action: "update",
        name: w.name,
        fields: [{ field: "name", from: ru(c.name), to: w.name }],
      });
      steps.push({
        kind: "category.update",
        id: c.id,
        set: { name: { ...c.name, ru: w.name }, iikoImported: imported },
      });
    } else if (!show && c.iikoImported?.name !== w.name) {
      steps.push({ kind: "category.update", id: c.id, set: { iikoImported: imported } });
    }
    if (!show && !rename) unchanged++;
  }
  for (const gone of categoriesByIiko.values()) {
    if (!gone.isActive) continue;
    changes.push({ entity: "category", action: "hide", name: ru(gone.name), fields: [] });
    steps.push({
      kind: "category.hide",
      id: gone.id,
      iikoImported: { name: gone.iikoImported?.name ?? ru(gone.name), hidden: true },
    });
  }

  const productsByIiko = new Map(current.products.flatMap((p) => (p.iikoId ? [[p.iikoId, p] as const] : [])));
  for (const w of wanted.products) {
    const c = productsByIiko.get(w.iikoId);
    productsByIiko.delete(w.iikoId);
    if (!c) {
      changes.push({
        entity: "product",
        action: "create",
        name: w.name,
        fields: [{ field: "price", from: null, to: w.price }],
      });
      steps.push({ kind: "product.create", wanted: w });
      const g = groupChanges(w.name, w.groups, []);
      changes.push(...g.changes);
      continue;
    }
    const fields: FieldChange[] = [];
    const set: Extract<PlanStep, { kind: "product.update" }>["set"] = {
      iikoImported: { name: w.name, description: w.description },
    };
    if (iikoOwnsText(ru(c.name), c.iikoImported?.name) && ru(c.name) !== w.name) {
      fields.push({ field: "name", from: ru(c.name), to: w.name });
      set.name = { ...c.name, ru: w.name };
    }
    if (iikoOwnsText(ru(c.description), c.iikoImported?.description) && ru(c.description) !== w.description) {
      fields.push({ field: "description", from: ru(c.description), to: w.description });
      set.description = { ...(c.description ?? {}), ru: w.description };
    }
    if (c.costPrice !== w.price) {
      fields.push({ field: "price", from: c.costPrice, to: w.price });
      set.costPrice = w.price;
    }
    // iiko's picture fills a product without a photo; a photo the product has is never replaced.
    if (c.image === null && w.image !== null) {
      fields.push({ field: "image", from: null, to: w.image });
      set.image = w.image;
    }
    // A product moves with its iiko folder only while it sits in an imported category.
    const inIikoCategory = categoryIikoOf.get(c.categoryId) ?? null;
    const move = inIikoCategory !== null && inIikoCategory !== w.categoryIikoId;
    if (move)
      fields.push({
        field: "category",
        from: current.categories.find((k) => k.id === c.categoryId)?.name.ru ?? null,
        to: wantedCategoryName.get(w.categoryIikoId) ?? null,
      });
    const show = !c.active && Boolean(c.iikoImported?.hidden);
    if (show) set.active = true;
    if (show) changes.push({ entity: "product", action: "show", name: w.name, fields });
    else if (fields.length > 0) changes.push({ entity: "product", action: "update", name: w.name, fields });
    else unchanged++;
    const g = groupChanges(w.name, w.groups, c.groups);
    changes.push(...g.changes);
    unchanged += g.unchanged;
    const groupsChange = g.changes.length > 0;
    const was = c.iikoImported;
    const textsMoved =
      !was ||
      was.name !== set.iikoImported.name ||
      was.description !== set.iikoImported.description ||
      was.hidden === true;
    if (show || fields.length > 0 || textsMoved)
      steps.push({ kind: "product.update", id: c.id, categoryIikoId: move ? w.categoryIikoId : null, set });
    if (groupsChange)
      steps.push({ kind: "product.groups", productId: c.id, wanted: w.groups, current: c.groups });
  }
  for (const gone of productsByIiko.values()) {
    if (!gone.active) continue;
    changes.push({ entity: "product", action: "hide", name: ru(gone.name), fields: [] });
    steps.push({
      kind: "product.hide",
      id: gone.id,
      iikoImported: {
        name: gone.iikoImported?.name ?? ru(gone.name),
        ...(gone.iikoImported?.description !== undefined
          ? { description: gone.iikoImported.description }
          : {}),
        hidden: true,
      },
    });
  }
  return { changes, steps, unchanged };
}
