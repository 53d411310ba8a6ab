// The brand's couriers: who they are (a user of the brand), their branch and last known position.
import { and, asc, eq } from "drizzle-orm";
import { branches, couriers, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function findCourierView(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select({
      courier: couriers,
      user: { firstName: users.firstName, lastName: users.lastName, phone: users.phone },
    })
    .from(couriers)
    .leftJoin(users, eq(users.id, couriers.userId))
    .where(and(eq(couriers.id, id), eq(couriers.merchantId, merchantId)))
    .limit(1);
  if (!row) return undefined;
  const c = row.courier;
  const name = [row.user?.firstName, row.user?.lastName].filter(Boolean).join(" ") || null;
  return {
    id: c.id,
    name,
    phone: row.user?.phone ?? null,
    status: c.status,
    latitude: c.latitude,
    longitude: c.longitude,
    positionAt: iso(c.positionAt),
    branchId: c.branchId,
  };
}

/** The brand's couriers, oldest first. */
export async function listCourierViews(db: Db, { merchantId }: Tenant) {
  const rows = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(eq(couriers.merchantId, merchantId))
    .orderBy(asc(couriers.createdDate));
  const views = await Promise.all(rows.map((c) => findCourierView(db, { merchantId, id: c.id })));
  return views.filter((v) => v !== undefined);
}

/**
 * Makes a user of the brand its courier (once; again answers the same courier). Undefined when the
 * user, or the branch, is not the brand's: another brand's id must not be stored on the courier.
 */
export async function createCourier(
  db: Db,
  { merchantId, userId, branchId }: Tenant & { userId: string; branchId: string | null },
) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)));
  if (!user) return undefined;
  if (branchId) {
    const [branch] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(
        and(eq(branches.id, branchId), eq(branches.merchantId, merchantId), eq(branches.deleted, false)),
      );
    if (!branch) return undefined;
  }
  await db.insert(couriers).values({ merchantId, userId: user.id, branchId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(and(eq(couriers.userId, user.id), eq(couriers.merchantId, merchantId)));
  return row && (await findCourierView(db, { merchantId, id: row.id }));
}
