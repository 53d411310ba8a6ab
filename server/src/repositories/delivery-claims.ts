// Yandex Delivery's claims (issue 39): the outbox rows (delivery_claims), the branch's account, what a
// claim needs of an order, and the courier row that stands for a claim's performer.
import { v7 as uuidv7 } from "uuid";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  branches,
  couriers,
  deliveryClaims,
  merchants,
  orderItems,
  orders,
  users,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type DeliveryClaimRow = typeof deliveryClaims.$inferSelect;

/** Rows the worker still works: to create or accept, claimed by a worker, or followed. */
const LIVE_STATES = ["PENDING", "WORKING", "FOLLOWING"];

/**
 * In the transaction that makes the order due for a courier: its claim row, when the order is a
 * delivery the brand gives to Yandex and its branch has a Yandex account (one statement; a second
 * call for the same order adds nothing). Answers whether one was written.
 */
export async function enqueueDeliveryClaim(
  tx: Db,
  { merchantId, orderId, now }: { merchantId: string; orderId: string; now: Date },
): Promise<boolean> {
  const result = await tx.execute<{ order_id: string }>(sql`
    insert into ${deliveryClaims} (id, merchant_id, order_id, branch_id, request_id, state, next_attempt_at, callback_token)
    select ${uuidv7()}::uuid, ${orders.merchantId}, ${orders.id}, ${orders.branchId}, ${uuidv7()}::uuid,
      'PENDING', ${now.toISOString()}::timestamptz, ${randomBytes(24).toString("base64url")}
    from ${orders}
    join ${branches} on ${branches.id} = ${orders.branchId} and ${branches.merchantId} = ${orders.merchantId}
    where ${orders.id} = ${orderId}
      and ${orders.merchantId} = ${merchantId}
      and ${orders.serviceType} = 'DELIVERY'
      and ${orders.deliveryType} = 'YANDEX'
      and ${branches.yandexToken} is not null
    on conflict (order_id) do nothing
    returning order_id
  `);
  return result.rows.length > 0;
}

/** The brand's moment for claims (READY or PLACED). */
export async function findYandexClaimMoment(db: Db, merchantId: string): Promise<string> {
  const [row] = await db
    .select({ at: merchants.yandexClaimAt })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row?.at ?? "READY";
}

/**
 * In the cancel's transaction: the order's claim is to be cancelled at Yandex. A row no worker holds
 * is due at once; one a worker holds is looked at when its attempt settles (settleDeliveryClaim).
 */
export async function requestClaimCancel(
  tx: Db,
  { merchantId, orderId, now }: { merchantId: string; orderId: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(deliveryClaims)
    .set({
      cancelRequestedAt: now,
      nextAttemptAt: sql`case when ${deliveryClaims.state} = 'WORKING' then ${deliveryClaims.nextAttemptAt} else ${now.toISOString()}::timestamptz end`,
    })
    .where(
      and(
        eq(deliveryClaims.merchantId, merchantId),
        eq(deliveryClaims.orderId, orderId),
        inArray(deliveryClaims.state, LIVE_STATES),
      ),
    )
    .returning({ id: deliveryClaims.id });
  return rows.length > 0;
}

/** Rows due at `now`, oldest first. */
export async function listDueDeliveryClaims(
  db: Db,
  { now, limit }: { now: Date; limit: number },
): Promise<{ id: string }[]> {
  return db
    .select({ id: deliveryClaims.id })
    .from(deliveryClaims)
    .where(and(inArray(deliveryClaims.state, LIVE_STATES), lte(deliveryClaims.nextAttemptAt, now)))
    .orderBy(asc(deliveryClaims.nextAttemptAt))
    .limit(limit);
}

/**
 * Claims a due row for one attempt: WORKING until `leaseUntil`, one more attempt counted. One guarded
 * statement, so of workers racing for it only one gets it. Answers the row as it was (its state says
 * what the attempt does: PENDING creates and accepts, FOLLOWING reads back).
 */
export async function claimDeliveryClaim(
  db: Db,
  { id, now, leaseUntil }: { id: string; now: Date; leaseUntil: Date },
): Promise<DeliveryClaimRow | undefined> {
  const result = await db.execute<{ id: string; previous: string }>(sql`
    update ${deliveryClaims} d
    set state = 'WORKING', attempts = d.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    from (select id, state from ${deliveryClaims} where id = ${id} for update) prev
    where d.id = prev.id
      and d.state in ('PENDING', 'WORKING', 'FOLLOWING')
      and d.next_attempt_at <= ${now.toISOString()}::timestamptz
    returning d.id, prev.state as previous
  `);
  const hit = result.rows[0];
  if (!hit) return undefined;
  const [row] = await db.select().from(deliveryClaims).where(eq(deliveryClaims.id, hit.id));
  // A WORKING row taken over after its lease ran out is worked from what it holds: a claim id means
  // the claim exists (follow it), none means it was being created.
  const previous = hit.previous === "WORKING" ? (row?.claimId ? "FOLLOWING" : "PENDING") : hit.previous;
  return row && { ...row, state: previous };
}

/**
 * Settles a claimed row, only while it is still this attempt's (WORKING with its attempt count). A
 * cancel asked for meanwhile makes the row due at once.
 */
export async function settleDeliveryClaim(
  db: Db,
  {
    merchantId,
    id,
    attempts,
    set,
  }: { merchantId: string; id: string; attempts: number; set: Partial<typeof deliveryClaims.$inferInsert> },
): Promise<boolean> {
  const next = set.nextAttemptAt;
  const rows = await db
    .update(deliveryClaims)
    .set({
      ...set,
      ...(next
        ? {
            nextAttemptAt: sql`case when ${deliveryClaims.cancelRequestedAt} is not null then least(${next.toISOString()}::timestamptz, now()) else ${next.toISOString()}::timestamptz end`,
          }
        : {}),
    })
    .where(
      and(
        eq(deliveryClaims.id, id),
        eq(deliveryClaims.merchantId, merchantId),
        eq(deliveryClaims.state, "WORKING"),
        eq(deliveryClaims.attempts, attempts),
      ),
    )
    .returning({ id: deliveryClaims.id });
  return rows.length > 0;
}

/** The row of a Yandex claim id (the callback names it). */
export async function findDeliveryClaimByClaimId(
  db: Db,
  claimId: string,
): Promise<DeliveryClaimRow | undefined> {
  const [row] = await db.select().from(deliveryClaims).where(eq(deliveryClaims.claimId, claimId));
  return row;
}

export async function findDeliveryClaimOfOrder(
  db: Db,
  { merchantId, orderId }: { merchantId: string; orderId: string },
): Promise<DeliveryClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(deliveryClaims)
    .where(and(eq(deliveryClaims.merchantId, merchantId), eq(deliveryClaims.orderId, orderId)));
  return row;
}

/** A followed claim is read back now (Yandex's callback said it changed). */
export async function makeDeliveryClaimDue(db: Db, { id, now }: { id: string; now: Date }): Promise<void> {
  await db
    .update(deliveryClaims)
    .set({ nextAttemptAt: now })
    .where(and(eq(deliveryClaims.id, id), eq(deliveryClaims.state, "FOLLOWING")));
}

export interface BranchYandexAccount {
  token: string;
  pickupName: string | null;
  pickupPhone: string | null;
  branchPhone: string | null;
  latitude: number;
  longitude: number;
  address: string;
}

/** The branch's Yandex account and where the courier picks up; undefined without a token. */
export async function findBranchYandexAccount(
  db: Db,
  { merchantId, branchId }: { merchantId: string; branchId: string },
): Promise<BranchYandexAccount | undefined> {
  const [b] = await db
    .select({
      token: branches.yandexToken,
      pickupName: branches.yandexPickupName,
      pickupPhone: branches.yandexPickupPhone,
      phone: branches.phone,
      latitude: branches.latitude,
      longitude: branches.longitude,
      name: branches.name,
      address: branches.address,
    })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.merchantId, merchantId)));
  if (!b?.token) return undefined;
  const text = (m: { ru?: string | null; uz?: string | null; eng?: string | null } | null) =>
    m ? (m.ru ?? m.uz ?? m.eng ?? "") : "";
  return {
    token: b.token,
    pickupName: b.pickupName,
    pickupPhone: b.pickupPhone,
    branchPhone: b.phone,
    latitude: b.latitude,
    longitude: b.longitude,
    address: text(b.address) || text(b.name),
  };
}

/** What a claim needs of an order: the row, its lines, the receiver's (else the customer's) name and phone. */
export async function findOrderForClaim(
  db: Db,
  { merchantId, orderId }: { merchantId: string; orderId: string },
) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)));
  if (!order) return undefined;
  const lines = await db
    .select({
      name: orderItems.name,
      count: orderItems.count,
      price: orderItems.price,
      productId: orderItems.productId,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.merchantId, merchantId)))
    .orderBy(asc(orderItems.priority));
  const [customer] = order.userId
    ? await db
        .select({ phone: users.phone, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.id, order.userId), eq(users.merchantId, merchantId)))
    : [];
  return {
    order,
    lines,
    customer: {
      name:
        order.receiver?.name ?? ([customer?.firstName, customer?.lastName].filter(Boolean).join(" ") || null),
      phone: order.receiver?.phone ?? customer?.phone ?? null,
    },
  };
}

/**
 * The courier row that stands for a claim's performer (provider YANDEX, no branch, so no offer of the
 * courier app reaches it): made once per claim row, renamed when Yandex names another performer.
 */
export async function upsertPerformerCourier(
  tx: Db,
  {
    merchantId,
    claimRowId,
    courierId,
    name,
    vehicle,
  }: {
    merchantId: string;
    claimRowId: string;
    courierId: string | null;
    name: string;
    vehicle: string | null;
  },
): Promise<string> {
  if (courierId) {
    const [c] = await tx
      .update(couriers)
      .set({ vehicle })
      .where(and(eq(couriers.id, courierId), eq(couriers.merchantId, merchantId)))
      .returning({ userId: couriers.userId });
    if (c) {
      await tx
        .update(users)
        .set({ firstName: name, lastName: null })
        .where(and(eq(users.id, c.userId), eq(users.merchantId, merchantId)));
      return courierId;
    }
  }
  const [user] = await tx
    .insert(users)
    .values({ merchantId, firstName: name, role: "STAFF" })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned no row");
  const [courier] = await tx
    .insert(couriers)
    .values({ merchantId, userId: user.id, branchId: null, provider: "YANDEX", vehicle })
    .returning({ id: couriers.id });
  if (!courier) throw new Error("courier insert returned no row");
  await tx
    .update(deliveryClaims)
    .set({ courierId: courier.id })
    .where(and(eq(deliveryClaims.id, claimRowId), eq(deliveryClaims.merchantId, merchantId)));
  return courier.id;
}

/** Where the orders stand with Yandex Delivery (the board's badge). */
export async function listDeliveryClaimStates(
  db: Db,
  { merchantId, orderIds }: { merchantId: string; orderIds: string[] },
): Promise<Map<string, { state: string; claimStatus: string | null; lastError: string | null }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: deliveryClaims.orderId,
      state: deliveryClaims.state,
      claimStatus: deliveryClaims.claimStatus,
      lastError: deliveryClaims.lastError,
    })
    .from(deliveryClaims)
    .where(and(eq(deliveryClaims.merchantId, merchantId), inArray(deliveryClaims.orderId, orderIds)));
  return new Map(
    rows.map((r) => [r.orderId, { state: r.state, claimStatus: r.claimStatus, lastError: r.lastError }]),
  );
}
