// The menu's groups in the console (issue 36): each change one transaction with its change-log row,
// the menu caches dropped on every process and a menu.changed webhook event (logAndPublish, as the
// menu builder's); a save over a newer one is refused naming who saved it.
import type { EditorMenuGroup } from "#domain/contract/back-office-menu-groups.ts";
import { cachesChanged } from "../../db/cache-bus.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  deleteMenuGroup,
  findMenuGroup,
  insertMenuGroup,
  listMenuGroups,
  orderMenuGroups,
  updateMenuGroup,
  type MenuGroupValues,
} from "../../repositories/menu-groups.ts";
import { recordWebhookEvent } from "../webhooks/events.ts";
import { loggedEditConflict } from "./edit-conflict.ts";

interface Actor {
  merchantId: string;
  userId: string;
  timeZone: string;
}

async function logAndPublish(
  tx: Db,
  actor: Actor,
  entry: { entityId: string; action: string; before: object; after: object },
): Promise<void> {
  await insertAudit(tx, {
    merchantId: actor.merchantId,
    userId: actor.userId,
    entity: "menu-group",
    ...entry,
    before: { ...entry.before },
    after: { ...entry.after },
  });
  await cachesChanged(tx, actor.merchantId, ["menu"]);
  await recordWebhookEvent(tx, {
    merchantId: actor.merchantId,
    types: ["menu.changed"],
    facts: { entity: "menu-group", id: entry.entityId, action: entry.action },
  });
}

export async function editorMenuGroups(db: Db, merchantId: string): Promise<EditorMenuGroup[]> {
  const rows = await listMenuGroups(db, { merchantId });
  return rows.map(({ lastModifiedDate, ...r }) => ({ ...r, version: lastModifiedDate.toISOString() }));
}

async function groupView(db: Db, merchantId: string, id: string): Promise<EditorMenuGroup> {
  const found = (await editorMenuGroups(db, merchantId)).find((g) => g.id === id);
  if (!found) throw new AppError("NOT_FOUND");
  return found;
}

export async function createMenuGroup(
  db: Db,
  actor: Actor,
  values: MenuGroupValues,
): Promise<EditorMenuGroup> {
  const id = await transaction(db, async (tx) => {
    const created = await insertMenuGroup(tx, { merchantId: actor.merchantId, values });
    await logAndPublish(tx, actor, { entityId: created, action: "create", before: {}, after: values });
    return created;
  });
  return groupView(db, actor.merchantId, id);
}

export async function saveMenuGroup(
  db: Db,
  actor: Actor,
  { id, version, values }: { id: string; version: string; values: MenuGroupValues },
): Promise<EditorMenuGroup> {
  await transaction(db, async (tx) => {
    const current = await findMenuGroup(tx, { merchantId: actor.merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    if (current.lastModifiedDate.toISOString() !== version) {
      throw await loggedEditConflict(tx, {
        merchantId: actor.merchantId,
        entity: "menu-group",
        entityId: id,
        at: current.lastModifiedDate,
        timeZone: actor.timeZone,
      });
    }
    const before: MenuGroupValues = {
      name: current.name,
      icon: current.icon,
      image: current.image,
      bgColor: current.bgColor,
      iconBgColor: current.iconBgColor,
      isActive: current.isActive,
    };
    const changed = (Object.keys(values) as (keyof MenuGroupValues)[]).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]),
    );
    if (changed.length === 0) return;
    await updateMenuGroup(tx, { merchantId: actor.merchantId, id, values });
    await logAndPublish(tx, actor, {
      entityId: id,
      action: "update",
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, values[k]])),
    });
  });
  return groupView(db, actor.merchantId, id);
}

export async function removeMenuGroup(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ id: string; ungroupedCategories: number }> {
  return transaction(db, async (tx) => {
    const current = await findMenuGroup(tx, { merchantId: actor.merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    const ungroupedCategories = await deleteMenuGroup(tx, { merchantId: actor.merchantId, id });
    await logAndPublish(tx, actor, {
      entityId: id,
      action: "delete",
      before: { name: current.name },
      after: {},
    });
    return { id, ungroupedCategories };
  });
}

/** The new order must name every group of the brand once. */
export async function reorderMenuGroups(db: Db, actor: Actor, ids: string[]): Promise<EditorMenuGroup[]> {
  await transaction(db, async (tx) => {
    const current = (await listMenuGroups(tx, { merchantId: actor.merchantId })).map((g) => g.id);
    if (
      current.length !== ids.length ||
      new Set(ids).size !== ids.length ||
      !ids.every((i) => current.includes(i))
    )
      throw new AppError("VALIDATION_FAILED", {
        uz: "Tartib menyuning har bir guruhini bir marta nomlashi kerak: sahifani yangilang",
        ru: "Порядок должен назвать каждую группу меню один раз: обновите страницу",
        eng: "The order must name every group of the menu once: reload the page",
      });
    await orderMenuGroups(tx, { merchantId: actor.merchantId, ids });
    await logAndPublish(tx, actor, {
      entityId: actor.merchantId,
      action: "reorder",
      before: { order: current },
      after: { order: ids },
    });
  });
  return editorMenuGroups(db, actor.merchantId);
}
