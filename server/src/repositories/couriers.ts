// The brand's couriers: who they are (a user of the brand), their branch and last known position.
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { branches, couriers, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Couriers of the brand with the name and phone of their user, as the API answers them. */
function selectCourierViews(db: Db, where: SQL | undefined) {
  return db
    .select({
      courier: couriers,
      user: { firstName: users.firstName, lastName: users.lastName, phone: users.phone },
    })
    .from(couriers)
    .leftJoin(users, eq(users.id, couriers.userId))
    .where(where);
}

type CourierJoin = Awaited<ReturnType<typeof selectCourierViews>>[number];

function toCourierView(row: CourierJoin) {
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
    provider: c.provider === "YANDEX" ? ("YANDEX" as const) : null,
    vehicle: c.vehicle,
  };
}

export async function findCourierView(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await selectCourierViews(
    db,
    and(eq(couriers.id, id), eq(couriers.merchantId, merchantId)),
  ).limit(1);
  return row && toCourierView(row);
}

/** The brand's couriers, oldest first, in one query. */
export async function listCourierViews(db: Db, { merchantId }: Tenant) {
  // A delivery service's performers are not the brand's to give orders to (issue 39).
  const rows = await selectCourierViews(
    db,
    and(eq(couriers.merchantId, merchantId), isNull(couriers.provider)),
  ).orderBy(asc(couriers.createdDate));
  return rows.map(toCourierView);
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

/** The brand's courier's id, if `id` is one. */
export async function findCourierId(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [courier] = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(and(eq(couriers.id, id), eq(couriers.merchantId, merchantId)));
  return courier?.id;
}

/** Stores a courier's position; false when the brand has no such courier. */
export async function moveCourier(
  db: Db,
  {
    merchantId,
    courierId,
    latitude,
    longitude,
  }: Tenant & { courierId: string; latitude: number; longitude: number },
): Promise<boolean> {
  const updated = await db
    .update(couriers)
    .set({ latitude, longitude, positionAt: new Date() })
    .where(and(eq(couriers.id, courierId), eq(couriers.merchantId, merchantId)))
    .returning({ id: couriers.id });
  return updated.length > 0;
}

/** The brand's first courier, or a demo courier (a staff user of its own) made for the demo simulator. */
export async function findOrCreateDemoCourier(
  db: Db,
  { merchantId, branchId }: Tenant & { branchId: string | null },
): Promise<string> {
  const [existing] = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(and(eq(couriers.merchantId, merchantId), isNull(couriers.provider)))
    .orderBy(asc(couriers.createdDate))
    .limit(1);
  if (existing) return existing.id;
  const [user] = await db
    .insert(users)
    .values({ merchantId, firstName: "Demo", lastName: "Courier", role: "STAFF" })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned no row");
  const [courier] = await db
    .insert(couriers)
    .values({ merchantId, userId: user.id, branchId, status: "PERFORMER_FOUND" })
    .returning({ id: couriers.id });
  if (!courier) throw new Error("courier insert returned no row");
  return courier.id;
}
