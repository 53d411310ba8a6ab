// The menu's groups (menu_groups) as the console edits them; categories name their group by
// groups' id (a deleted group leaves its categories without one: the foreign key sets null).
import { and, asc, count, eq, isNull, max, sql } from "drizzle-orm";
import type { Multilingual } from "#domain/multilingual.ts";
import { categories, menuGroups } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

export interface MenuGroupValues {
  name: Multilingual;
  icon: string | null;
  image: string | null;
  bgColor: string | null;
  iconBgColor: string | null;
  isActive: boolean;
}

/** The brand's groups in menu order, each with how many categories (not deleted) it holds. */
export async function listMenuGroups(db: Db, { merchantId }: Tenant) {
  const held = db
    .select({ groupId: categories.groupId, n: count().as("n") })
    .from(categories)
    .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedDate)))
    .groupBy(categories.groupId)
    .as("held");
  return db
    .select({
      id: menuGroups.id,
      name: menuGroups.name,
      icon: menuGroups.icon,
      image: menuGroups.image,
      bgColor: menuGroups.bgColor,
      iconBgColor: menuGroups.iconBgColor,
      isActive: menuGroups.isActive,
      priority: menuGroups.priority,
      lastModifiedDate: menuGroups.lastModifiedDate,
      categoryCount: sql<number>`coalesce(${held.n}, 0)`.mapWith(Number),
    })
    .from(menuGroups)
    .leftJoin(held, eq(held.groupId, menuGroups.id))
    .where(eq(menuGroups.merchantId, merchantId))
    .orderBy(asc(menuGroups.priority), asc(menuGroups.id));
}

export async function findMenuGroup(
  db: Db,
  { merchantId, id, lock = false }: Tenant & { id: string; lock?: boolean },
) {
  const query = db
    .select()
    .from(menuGroups)
    .where(and(eq(menuGroups.merchantId, merchantId), eq(menuGroups.id, id)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** A new group, last in the menu. */
export async function insertMenuGroup(db: Db, { merchantId, values }: Tenant & { values: MenuGroupValues }) {
  const [last] = await db
    .select({ priority: max(menuGroups.priority) })
    .from(menuGroups)
    .where(eq(menuGroups.merchantId, merchantId));
  const [row] = await db
    .insert(menuGroups)
    .values({ merchantId, ...values, priority: (last?.priority ?? 0) + 1 })
    .returning({ id: menuGroups.id });
  if (!row) throw new Error("menu group not inserted");
  return row.id;
}

export async function updateMenuGroup(
  db: Db,
  { merchantId, id, values }: Tenant & { id: string; values: MenuGroupValues },
) {
  await db
    .update(menuGroups)
    .set({ ...values, lastModifiedDate: new Date() })
    .where(and(eq(menuGroups.merchantId, merchantId), eq(menuGroups.id, id)));
}

/** Deletes a group; answers how many categories it left without one. */
export async function deleteMenuGroup(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const left = await db
    .update(categories)
    .set({ groupId: null, version: sql`${categories.version} + 1` })
    .where(
      and(eq(categories.merchantId, merchantId), eq(categories.groupId, id), isNull(categories.deletedDate)),
    )
    .returning({ id: categories.id });
  await db.delete(menuGroups).where(and(eq(menuGroups.merchantId, merchantId), eq(menuGroups.id, id)));
  return left.length;
}

export async function orderMenuGroups(db: Db, { merchantId, ids }: Tenant & { ids: string[] }) {
  for (const [index, id] of ids.entries()) {
    await db
      .update(menuGroups)
      // The order is not an edit of the group: its version (last saved) stays, so an open dialog saves.
      .set({ priority: index + 1, lastModifiedDate: sql`${menuGroups.lastModifiedDate}` })
      .where(and(eq(menuGroups.merchantId, merchantId), eq(menuGroups.id, id)));
  }
}
