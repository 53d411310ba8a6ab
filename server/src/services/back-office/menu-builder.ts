// The back office's menu builder (issue 36): categories, products and modifier groups created,
// edited, ordered and deleted from the console. Each change is one transaction with its audit_log
// row and the menu caches' drop on every process (cachesChanged), so the storefront shows it at its
// next menu read; a save over someone else's newer one is refused with who and when.
import type { EditorCategory, EditorModifierGroup } from "#domain/contract/back-office-menu.ts";
import { cachesChanged } from "../../db/cache-bus.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  findBuilderProduct,
  findCategory,
  insertCategory,
  insertProduct,
  lastChangeOf,
  listCategories,
  listModifierGroups,
  lockModifierGroup,
  orderCategories,
  orderModifierGroups,
  orderProducts,
  productIdsOf,
  softDeleteCategory,
  softDeleteProduct,
  updateCategory,
  updateProductPlacement,
  writeModifierGroup,
  deleteModifierGroup,
  type CategoryValues,
  type ModifierGroupValues,
  type NewProduct,
} from "../../repositories/menu-builder.ts";
import { findMenuGroup } from "../../repositories/menu-groups.ts";
import { recordWebhookEvent } from "../webhooks/events.ts";
import { editConflict } from "./edit-conflict.ts";

interface Actor {
  merchantId: string;
  userId: string;
  timeZone: string;
}

type Entity = "category" | "product" | "modifier-group";

/** Refuses a save over a newer version, naming who saved it and when (the brand's clock). */
async function checkVersion(
  db: Db,
  actor: Actor,
  entityId: string,
  current: { version: number; lastModifiedDate?: Date },
  version: number,
): Promise<void> {
  if (current.version === version) return;
  const last = await lastChangeOf(db, { merchantId: actor.merchantId, entityId });
  throw editConflict(last?.by ?? null, last?.at ?? current.lastModifiedDate ?? new Date(), actor.timeZone);
}

async function logAndPublish(
  tx: Db,
  actor: Actor,
  entry: { entity: Entity; entityId: string; action: string; before: object; after: object },
): Promise<void> {
  await insertAudit(tx, {
    merchantId: actor.merchantId,
    userId: actor.userId,
    ...entry,
    before: { ...entry.before },
    after: { ...entry.after },
  });
  // Every process drops its prepared menus when this commits.
  await cachesChanged(tx, actor.merchantId, ["menu"]);
  await recordWebhookEvent(tx, {
    merchantId: actor.merchantId,
    types: ["menu.changed"],
    facts: { entity: entry.entity, id: entry.entityId, action: entry.action },
  });
}

// -------------------------------------------------------------------------------------------------
// Categories

export async function editorCategories(db: Db, merchantId: string): Promise<EditorCategory[]> {
  const rows = await listCategories(db, { merchantId });
  return rows.map((r) => ({ ...r, lastModifiedDate: r.lastModifiedDate.toISOString() }));
}

async function categoryView(db: Db, merchantId: string, id: string): Promise<EditorCategory> {
  const found = (await editorCategories(db, merchantId)).find((c) => c.id === id);
  if (!found) throw new AppError("NOT_FOUND");
  return found;
}

/** A group the category is put in must be the brand's own. */
async function checkGroup(db: Db, actor: Actor, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  if (!(await findMenuGroup(db, { merchantId: actor.merchantId, id: groupId })))
    throw new AppError("VALIDATION_FAILED", {
      uz: "Bunday menyu guruhi yo'q: sahifani yangilang",
      ru: "Такой группы меню нет: обновите страницу",
      eng: "There is no such menu group: reload the page",
    });
}

export async function createCategory(db: Db, actor: Actor, values: CategoryValues): Promise<EditorCategory> {
  await checkGroup(db, actor, values.groupId);
  const id = await transaction(db, async (tx) => {
    const created = await insertCategory(tx, { merchantId: actor.merchantId, values });
    await logAndPublish(tx, actor, {
      entity: "category",
      entityId: created,
      action: "create",
      before: {},
      after: values,
    });
    return created;
  });
  return categoryView(db, actor.merchantId, id);
}

export async function saveCategory(
  db: Db,
  actor: Actor,
  { id, version, values }: { id: string; version: number; values: CategoryValues },
): Promise<EditorCategory> {
  await checkGroup(db, actor, values.groupId);
  await transaction(db, async (tx) => {
    const current = await findCategory(tx, { merchantId: actor.merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    await checkVersion(tx, actor, id, current, version);
    const before: CategoryValues = {
      name: current.name,
      image: current.image,
      viewType: current.viewType,
      isActive: current.isActive,
      groupId: current.groupId,
    };
    const changed = (Object.keys(values) as (keyof CategoryValues)[]).filter(
      (k) => values[k] !== undefined && JSON.stringify(before[k]) !== JSON.stringify(values[k]),
    );
    if (changed.length === 0) return;
    await updateCategory(tx, { merchantId: actor.merchantId, id, values });
    await logAndPublish(tx, actor, {
      entity: "category",
      entityId: id,
      action: "update",
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, values[k]])),
    });
  });
  return categoryView(db, actor.merchantId, id);
}

export async function deleteCategory(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ id: string; deletedProducts: number }> {
  return transaction(db, async (tx) => {
    const current = await findCategory(tx, { merchantId: actor.merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    const deletedProducts = await softDeleteCategory(tx, { merchantId: actor.merchantId, id });
    await logAndPublish(tx, actor, {
      entity: "category",
      entityId: id,
      action: "delete",
      before: { name: current.name },
      after: { deletedProducts },
    });
    return { id, deletedProducts };
  });
}

/** The new order must name every category of the brand once (so none is lost in between). */
export async function reorderCategories(db: Db, actor: Actor, ids: string[]): Promise<EditorCategory[]> {
  await transaction(db, async (tx) => {
    const current = (await listCategories(tx, { merchantId: actor.merchantId })).map((c) => c.id);
    if (!sameSet(current, ids)) throw new AppError("VALIDATION_FAILED", orderMismatch);
    await orderCategories(tx, { merchantId: actor.merchantId, ids });
    await logAndPublish(tx, actor, {
      entity: "category",
      entityId: ids[0] ?? actor.merchantId,
      action: "reorder",
      before: { order: current },
      after: { order: ids },
    });
  });
  return editorCategories(db, actor.merchantId);
}

const orderMismatch = {
  uz: "Tartib menyudagi barcha elementlarni bir martadan nomlashi kerak: sahifani yangilang",
  ru: "Порядок должен назвать каждый элемент меню один раз: обновите страницу",
  eng: "The order must name every item of the menu once: reload the page",
};

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && new Set(b).size === b.length && b.every((id) => a.includes(id));
}

// -------------------------------------------------------------------------------------------------
// Products

export async function createProduct(db: Db, actor: Actor, values: NewProduct): Promise<string> {
  return transaction(db, async (tx) => {
    if (!(await findCategory(tx, { merchantId: actor.merchantId, id: values.categoryId })))
      throw new AppError("NOT_FOUND");
    const id = await insertProduct(tx, { merchantId: actor.merchantId, values });
    await logAndPublish(tx, actor, {
      entity: "product",
      entityId: id,
      action: "create",
      before: {},
      after: values,
    });
    return id;
  });
}

/** Moves a product to another category (last in it), changes its picture or its IKPU code. */
export async function placeProduct(
  db: Db,
  actor: Actor,
  {
    id,
    version,
    values,
  }: {
    id: string;
    version: number;
    values: {
      categoryId?: string | undefined;
      image?: string | null | undefined;
      mxicCode?: string | null | undefined;
    };
  },
): Promise<void> {
  await transaction(db, async (tx) => {
    const current = await findBuilderProduct(tx, { merchantId: actor.merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    await checkVersion(tx, actor, id, current, version);
    const changes: {
      categoryId?: string;
      image?: string | null;
      mxicCode?: string | null;
      priority?: number;
    } = {};
    if (values.categoryId !== undefined && values.categoryId !== current.categoryId) {
      if (!(await findCategory(tx, { merchantId: actor.merchantId, id: values.categoryId })))
        throw new AppError("NOT_FOUND");
      changes.categoryId = values.categoryId;
      changes.priority =
        (await productIdsOf(tx, { merchantId: actor.merchantId, categoryId: values.categoryId })).length + 1;
    }
    if (values.image !== undefined && values.image !== current.image) changes.image = values.image;
    if (values.mxicCode !== undefined && values.mxicCode !== current.mxicCode)
      changes.mxicCode = values.mxicCode;
    const fields = (Object.keys(changes) as (keyof typeof changes)[]).filter((k) => k !== "priority");
    if (fields.length === 0) return;
    await updateProductPlacement(tx, { merchantId: actor.merchantId, id, values: changes });
    await logAndPublish(tx, actor, {
      entity: "product",
      entityId: id,
      action: "update",
      before: Object.fromEntries(fields.map((k) => [k, current[k as keyof typeof current]])),
      after: Object.fromEntries(fields.map((k) => [k, changes[k]])),
    });
  });
}

export async function deleteProduct(db: Db, actor: Actor, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const current = await findBuilderProduct(tx, { merchantId: actor.merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    await softDeleteProduct(tx, { merchantId: actor.merchantId, id });
    await logAndPublish(tx, actor, {
      entity: "product",
      entityId: id,
      action: "delete",
      before: {},
      after: { deleted: true },
    });
  });
}

export async function reorderProducts(
  db: Db,
  actor: Actor,
  categoryId: string,
  ids: string[],
): Promise<void> {
  await transaction(db, async (tx) => {
    if (!(await findCategory(tx, { merchantId: actor.merchantId, id: categoryId })))
      throw new AppError("NOT_FOUND");
    const current = await productIdsOf(tx, { merchantId: actor.merchantId, categoryId });
    if (!sameSet(current, ids)) throw new AppError("VALIDATION_FAILED", orderMismatch);
    await orderProducts(tx, { merchantId: actor.merchantId, ids });
    await logAndPublish(tx, actor, {
      entity: "category",
      entityId: categoryId,
      action: "reorder-products",
      before: { order: current },
      after: { order: ids },
    });
  });
}

// -------------------------------------------------------------------------------------------------
// Modifier groups

/** A product's modifier groups; one whose modifiers were all deleted is gone. */
export async function editorModifierGroups(
  db: Db,
  merchantId: string,
  productId: string,
): Promise<EditorModifierGroup[]> {
  if (!(await findBuilderProduct(db, { merchantId, id: productId }))) throw new AppError("NOT_FOUND");
  const groups = await listModifierGroups(db, { merchantId, productId });
  return groups.filter((g) => g.modifiers.length > 0);
}

async function groupView(db: Db, merchantId: string, id: string): Promise<EditorModifierGroup> {
  const [group] = await listModifierGroups(db, { merchantId, groupId: id });
  if (!group) throw new AppError("NOT_FOUND");
  return group;
}

export async function createModifierGroup(
  db: Db,
  actor: Actor,
  productId: string,
  values: ModifierGroupValues,
): Promise<EditorModifierGroup> {
  const id = await transaction(db, async (tx) => {
    if (!(await findBuilderProduct(tx, { merchantId: actor.merchantId, id: productId, lock: true })))
      throw new AppError("NOT_FOUND");
    const created = await writeModifierGroup(tx, {
      merchantId: actor.merchantId,
      productId,
      id: null,
      values,
    });
    await logAndPublish(tx, actor, {
      entity: "modifier-group",
      entityId: created,
      action: "create",
      before: {},
      after: values,
    });
    return created;
  });
  return groupView(db, actor.merchantId, id);
}

export async function saveModifierGroup(
  db: Db,
  actor: Actor,
  { id, version, values }: { id: string; version: number; values: ModifierGroupValues },
): Promise<EditorModifierGroup> {
  await transaction(db, async (tx) => {
    const current = await lockModifierGroup(tx, { merchantId: actor.merchantId, id });
    if (!current) throw new AppError("NOT_FOUND");
    await checkVersion(tx, actor, id, current, version);
    const [before] = await listModifierGroups(tx, { merchantId: actor.merchantId, groupId: id });
    await writeModifierGroup(tx, { merchantId: actor.merchantId, productId: current.productId, id, values });
    await logAndPublish(tx, actor, {
      entity: "modifier-group",
      entityId: id,
      action: "update",
      before: before ?? {},
      after: values,
    });
  });
  return groupView(db, actor.merchantId, id);
}

export async function removeModifierGroup(db: Db, actor: Actor, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const current = await lockModifierGroup(tx, { merchantId: actor.merchantId, id });
    if (!current) throw new AppError("NOT_FOUND");
    await deleteModifierGroup(tx, { merchantId: actor.merchantId, id });
    await logAndPublish(tx, actor, {
      entity: "modifier-group",
      entityId: id,
      action: "delete",
      before: {},
      after: { deleted: true },
    });
  });
}

/** A product's modifier groups in a new order (every group of it once). */
export async function reorderModifierGroups(
  db: Db,
  actor: Actor,
  productId: string,
  ids: string[],
): Promise<EditorModifierGroup[]> {
  await transaction(db, async (tx) => {
    if (!(await findBuilderProduct(tx, { merchantId: actor.merchantId, id: productId, lock: true })))
      throw new AppError("NOT_FOUND");
    const current = (await listModifierGroups(tx, { merchantId: actor.merchantId, productId }))
      .filter((g) => g.modifiers.length > 0)
      .map((g) => g.id);
    if (!sameSet(current, ids)) throw new AppError("VALIDATION_FAILED", orderMismatch);
    await orderModifierGroups(tx, { merchantId: actor.merchantId, productId, ids });
    await logAndPublish(tx, actor, {
      entity: "product",
      entityId: productId,
      action: "reorder",
      before: { order: current },
      after: { order: ids },
    });
  });
  return editorModifierGroups(db, actor.merchantId, productId);
}

/**
 * Another dish's groups of options copied onto this one (the console's way to give many dishes the
 * same sauces or sizes): new groups and options, the dish's own after this, so editing one dish's
 * copy leaves the others as they are.
 */
export async function copyModifierGroups(
  db: Db,
  actor: Actor,
  { productId, fromProductId }: { productId: string; fromProductId: string },
): Promise<EditorModifierGroup[]> {
  await transaction(db, async (tx) => {
    const target = await findBuilderProduct(tx, { merchantId: actor.merchantId, id: productId, lock: true });
    const source = await findBuilderProduct(tx, { merchantId: actor.merchantId, id: fromProductId });
    if (!target || !source || productId === fromProductId) throw new AppError("NOT_FOUND");
    const groups = (
      await listModifierGroups(tx, { merchantId: actor.merchantId, productId: fromProductId })
    ).filter((g) => g.modifiers.length > 0);
    for (const g of groups) {
      const values: ModifierGroupValues = {
        name: g.name,
        minSelect: g.minSelect,
        maxSelect: g.maxSelect,
        modifiers: g.modifiers.map((m) => ({ name: m.name, price: m.price })),
      };
      const created = await writeModifierGroup(tx, {
        merchantId: actor.merchantId,
        productId,
        id: null,
        values,
      });
      await logAndPublish(tx, actor, {
        entity: "modifier-group",
        entityId: created,
        action: "create",
        before: {},
        after: { ...values, copiedFrom: fromProductId },
      });
    }
  });
  return editorModifierGroups(db, actor.merchantId, productId);
}
