// The courier app's rows (issue 39): the courier of a signed-in user, their shift, the orders they
// carry or are offered, and their kept position. Every query names the brand; the order queries name
// the courier or the courier's branch as well.
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { ACTIVE_ORDER_STATUSES, COURIER_ATTACHABLE_STATUSES } from "#domain/order-status.ts";
import { branches, couriers, orderItems, orders, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import type { OrderRow } from "./orders.ts";

interface Tenant {
  merchantId: string;
}

export interface CourierSelf {
  id: string;
  userId: string;
  branchId: string | null;
  onShift: boolean;
  name: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  positionAt: Date | null;
}

/** The brand's courier record of the user, with their name and phone. */
export async function findCourierOfUser(
  db: Db,
  { merchantId, userId }: Tenant & { userId: string },
): Promise<CourierSelf | undefined> {
  const [row] = await db
    .select({
      id: couriers.id,
      userId: couriers.userId,
      branchId: couriers.branchId,
      onShift: couriers.onShift,
      latitude: couriers.latitude,
      longitude: couriers.longitude,
      positionAt: couriers.positionAt,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId))
    .where(and(eq(couriers.userId, userId), eq(couriers.merchantId, merchantId)));
  if (!row) return undefined;
  const { firstName, lastName, ...rest } = row;
  return { ...rest, name: [firstName, lastName].filter(Boolean).join(" ") || null };
}

/** Ties the user to one courier record of the brand at `branchId` (made once, moved after). */
export async function upsertCourierOfUser(
  db: Db,
  { merchantId, userId, branchId }: Tenant & { userId: string; branchId: string },
): Promise<void> {
  await db
    .insert(couriers)
    .values({ merchantId, userId, branchId })
    .onConflictDoUpdate({
      target: couriers.userId,
      set: { branchId },
      setWhere: eq(couriers.merchantId, merchantId),
    });
}

export async function setCourierShift(
  db: Db,
  { merchantId, courierId, onShift }: Tenant & { courierId: string; onShift: boolean },
): Promise<void> {
  await db
    .update(couriers)
    .set({ onShift })
    .where(and(eq(couriers.id, courierId), eq(couriers.merchantId, merchantId)));
}

/**
 * The orders a courier sees: theirs that are not finished, and, while on shift, the offers of their
 * branch nobody has taken (a delivery still attachable). Newest first.
 */
export async function listCourierOrderRows(
  db: Db,
  { merchantId, courier }: Tenant & { courier: Pick<CourierSelf, "id" | "branchId" | "onShift"> },
): Promise<OrderRow[]> {
  const mine = and(eq(orders.courierId, courier.id), inArray(orders.status, [...ACTIVE_ORDER_STATUSES]));
  let offered: SQL | undefined;
  if (courier.onShift && courier.branchId) {
    offered = and(
      isNull(orders.courierId),
      isNotNull(orders.courierOfferedAt),
      eq(orders.branchId, courier.branchId),
      eq(orders.serviceType, "DELIVERY"),
      inArray(orders.status, [...COURIER_ATTACHABLE_STATUSES]),
    );
  }
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), offered ? or(mine, offered) : mine))
    .orderBy(desc(orders.createdDate))
    .limit(100);
}

/** The customer (or the receiver named) and the lines of one order of the brand. */
export async function findCourierOrderExtras(db: Db, { merchantId, order }: Tenant & { order: OrderRow }) {
  const [customer] = order.userId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
        .from(users)
        .where(and(eq(users.id, order.userId), eq(users.merchantId, merchantId)))
    : [];
  const items = await db
    .select({ name: orderItems.name, count: orderItems.count })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.merchantId, merchantId)))
    .orderBy(asc(orderItems.priority));
  return { customer, items };
}

/** The brand's branches' points, for the distance of an offer from where the food is picked up. */
export async function branchPoints(
  db: Db,
  { merchantId, ids }: Tenant & { ids: string[] },
): Promise<Map<string, { latitude: number; longitude: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: branches.id, latitude: branches.latitude, longitude: branches.longitude })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), inArray(branches.id, ids)));
  return new Map(rows.map((r) => [r.id, { latitude: r.latitude, longitude: r.longitude }]));
}

/**
 * The guarded take of an offer: the order becomes the courier's only if nobody has it yet and it is
 * still offered to the courier's branch. One UPDATE, so of two couriers accepting at once exactly
 * one gets the row back (PostgreSQL re-checks the WHERE after the first commits).
 */
export async function takeOffer(
  db: Db,
  {
    merchantId,
    orderId,
    courierId,
    branchId,
    set,
  }: Tenant & {
    orderId: string;
    courierId: string;
    branchId: string;
    set: Partial<typeof orders.$inferInsert>;
  },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...set, courierId })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.merchantId, merchantId),
        eq(orders.branchId, branchId),
        isNull(orders.courierId),
        isNotNull(orders.courierOfferedAt),
      ),
    )
    .returning();
  return row;
}

/** Offers the brand's order to the couriers of its branch; false when a courier has it already. */
export async function markOffered(
  db: Db,
  { merchantId, orderId, at }: Tenant & { orderId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ courierOfferedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId), isNull(orders.courierId)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Keeps the courier's newest position as the phone took it. */
export async function storeCourierFix(
  db: Db,
  {
    merchantId,
    courierId,
    latitude,
    longitude,
    accuracy,
    at,
  }: Tenant & { courierId: string; latitude: number; longitude: number; accuracy: number | null; at: Date },
): Promise<void> {
  await db
    .update(couriers)
    .set({ latitude, longitude, positionAccuracy: accuracy, positionAt: at })
    .where(and(eq(couriers.id, courierId), eq(couriers.merchantId, merchantId)));
}
