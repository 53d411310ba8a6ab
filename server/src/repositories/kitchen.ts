// The brand's kitchen system (iiko, issue 38): its credentials, the branches' terminal groups, the
// kitchen outbox (kitchen_orders) and the stop-list rows iiko owns.
import { v7 as uuidv7 } from "uuid";
import { and, asc, eq, inArray, isNotNull, isNull, lte, notInArray, sql } from "drizzle-orm";
import {
  branches,
  branchStops,
  categories,
  diningTables,
  kitchenOrders,
  merchants,
  modificationGroups,
  modifications,
  orderItems,
  orders,
  paymentMethods,
  products,
  users,
} from "../db/schema/index.ts";
import type { OrderStatus, ServiceType } from "#domain/enums.ts";
import { cachesChanged } from "../db/cache-bus.ts";
import { transaction } from "../db/transaction.ts";
import type { Db } from "../db/types.ts";

export type KitchenOrderRow = typeof kitchenOrders.$inferSelect;

export interface KitchenCredentials {
  merchantId: string;
  apiLogin: string;
  organizationId: string;
  webhookToken: string | null;
}

/** The brand's iiko credentials, or undefined when iiko is not set up for it. */
export async function findKitchenCredentials(
  db: Db,
  merchantId: string,
): Promise<KitchenCredentials | undefined> {
  const [row] = await db
    .select({
      apiLogin: merchants.kitchenLogin,
      organizationId: merchants.kitchenOrganizationId,
      webhookToken: merchants.kitchenWebhookToken,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row?.apiLogin || !row.organizationId) return undefined;
  return {
    merchantId,
    apiLogin: row.apiLogin,
    organizationId: row.organizationId,
    webhookToken: row.webhookToken,
  };
}

/** The brands that named this iiko organisation (the webhook's caller says which one). */
export async function findKitchenBrandsByOrganization(
  db: Db,
  organizationId: string,
): Promise<KitchenCredentials[]> {
  const rows = await db
    .select({
      merchantId: merchants.id,
      apiLogin: merchants.kitchenLogin,
      webhookToken: merchants.kitchenWebhookToken,
    })
    .from(merchants)
    .where(and(eq(merchants.kitchenOrganizationId, organizationId), eq(merchants.deleted, false)));
  return rows.flatMap((r) => (r.apiLogin ? [{ ...r, apiLogin: r.apiLogin, organizationId }] : []));
}

/**
 * Stores the brand's iiko login, organisation, webhook token and the branches' terminal groups in one
 * transaction; the cached brand rows (the placement reads the login from them) are dropped after it.
 */
export async function saveKitchenSetup(
  db: Db,
  input: {
    merchantId: string;
    apiLogin: string;
    organizationId: string;
    webhookToken: string;
    branches: { id: string; terminalGroupId: string | null }[];
  },
): Promise<void> {
  await transaction(db, async (tx) => {
    await tx
      .update(merchants)
      .set({
        kitchenLogin: input.apiLogin,
        kitchenOrganizationId: input.organizationId,
        kitchenWebhookToken: input.webhookToken,
      })
      .where(eq(merchants.id, input.merchantId));
    for (const b of input.branches) {
      await tx
        .update(branches)
        .set({ iikoTerminalGroupId: b.terminalGroupId })
        .where(and(eq(branches.id, b.id), eq(branches.merchantId, input.merchantId)));
    }
    await cachesChanged(tx, input.merchantId, ["merchant", "geo"]);
  });
}

/** The brand's branches bound to an iiko terminal group. */
export async function listTerminalGroupBranches(
  db: Db,
  merchantId: string,
): Promise<{ branchId: string; terminalGroupId: string }[]> {
  const rows = await db
    .select({ branchId: branches.id, terminalGroupId: branches.iikoTerminalGroupId })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), isNotNull(branches.iikoTerminalGroupId)));
  return rows.flatMap((r) =>
    r.terminalGroupId ? [{ branchId: r.branchId, terminalGroupId: r.terminalGroupId }] : [],
  );
}

/**
 * In the transaction that makes the order ready for the kitchen: its outbox row, when the brand has
 * iiko set up (one statement; a second call for the same order adds nothing).
 */
export async function enqueueKitchenOrder(
  tx: Db,
  { merchantId, orderId, now }: { merchantId: string; orderId: string; now: Date },
): Promise<boolean> {
  const result = await tx.execute<{ order_id: string }>(sql`
    insert into ${kitchenOrders} (id, merchant_id, order_id, state, next_attempt_at)
    select ${uuidv7()}::uuid, ${merchantId}, ${orderId}, 'PENDING', ${now.toISOString()}::timestamptz
    from ${merchants}
    where ${merchants.id} = ${merchantId}
      and ${merchants.kitchenLogin} is not null
      and ${merchants.kitchenOrganizationId} is not null
    on conflict (order_id) do nothing
    returning order_id
  `);
  return result.rows.length > 0;
}

/** Rows due at `now` (pending, or claimed by a worker whose lease ran out), oldest first. */
export async function listDueKitchenOrders(
  db: Db,
  { now, limit }: { now: Date; limit: number },
): Promise<{ id: string }[]> {
  return db
    .select({ id: kitchenOrders.id })
    .from(kitchenOrders)
    .where(and(inArray(kitchenOrders.state, ["PENDING", "SENDING"]), lte(kitchenOrders.nextAttemptAt, now)))
    .orderBy(asc(kitchenOrders.nextAttemptAt))
    .limit(limit);
}

/**
 * Claims a due row for one attempt: SENDING until `leaseUntil`, one more attempt counted. One guarded
 * statement, so of workers racing for it only one gets it.
 */
export async function claimKitchenOrder(
  db: Db,
  { id, now, leaseUntil }: { id: string; now: Date; leaseUntil: Date },
): Promise<KitchenOrderRow | undefined> {
  const [row] = await db
    .update(kitchenOrders)
    .set({ state: "SENDING", attempts: sql`${kitchenOrders.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(kitchenOrders.id, id),
        inArray(kitchenOrders.state, ["PENDING", "SENDING"]),
        lte(kitchenOrders.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

/** Settles a claimed row, only while it is still this attempt's (SENDING with its attempt count). */
export async function settleKitchenOrder(
  db: Db,
  {
    merchantId,
    id,
    attempts,
    set,
  }: { merchantId: string; id: string; attempts: number; set: Partial<typeof kitchenOrders.$inferInsert> },
): Promise<boolean> {
  const rows = await db
    .update(kitchenOrders)
    .set(set)
    .where(
      and(
        eq(kitchenOrders.id, id),
        eq(kitchenOrders.merchantId, merchantId),
        eq(kitchenOrders.state, "SENDING"),
        eq(kitchenOrders.attempts, attempts),
      ),
    )
    .returning({ id: kitchenOrders.id });
  return rows.length > 0;
}

export async function findKitchenOrderByIikoId(
  db: Db,
  { merchantId, iikoOrderId }: { merchantId: string; iikoOrderId: string },
): Promise<KitchenOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(kitchenOrders)
    .where(and(eq(kitchenOrders.merchantId, merchantId), eq(kitchenOrders.iikoOrderId, iikoOrderId)));
  return row;
}

/** Where the orders stand with the kitchen (the board's badge). */
export async function listKitchenStates(
  db: Db,
  { merchantId, orderIds }: { merchantId: string; orderIds: string[] },
): Promise<Map<string, { state: string; lastError: string | null }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: kitchenOrders.orderId,
      state: kitchenOrders.state,
      lastError: kitchenOrders.lastError,
    })
    .from(kitchenOrders)
    .where(and(eq(kitchenOrders.merchantId, merchantId), inArray(kitchenOrders.orderId, orderIds)));
  return new Map(rows.map((r) => [r.orderId, { state: r.state, lastError: r.lastError }]));
}

/** What the kitchen needs of an order: the row, its lines with iiko ids, the branch's terminal group, the payment type's iiko id. */
export async function findOrderForKitchen(
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
      productId: orderItems.productId,
      count: orderItems.count,
      costPrice: orderItems.costPrice,
      modifications: orderItems.modifications,
      iikoId: products.iikoId,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.merchantId, merchantId)))
    .orderBy(asc(orderItems.priority));
  const modIds = lines.flatMap((l) => l.modifications.map((m) => m.id));
  const mods =
    modIds.length === 0
      ? []
      : await db
          .select({ id: modifications.id, iikoId: modifications.iikoId })
          .from(modifications)
          .where(and(eq(modifications.merchantId, merchantId), inArray(modifications.id, modIds)));
  const [branch] = order.branchId
    ? await db
        .select({ terminalGroupId: branches.iikoTerminalGroupId })
        .from(branches)
        .where(and(eq(branches.id, order.branchId), eq(branches.merchantId, merchantId)))
    : [];
  // The customer's own name and phone when the order names no receiver (a pick-up for themselves).
  const [customer] = order.userId
    ? await db
        .select({ phone: users.phone, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.id, order.userId), eq(users.merchantId, merchantId)))
    : [];
  const [method] = await db
    .select({ iikoId: paymentMethods.iikoId })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.merchantId, merchantId),
        eq(paymentMethods.type, order.paymentType),
        isNotNull(paymentMethods.iikoId),
      ),
    )
    .orderBy(asc(paymentMethods.priority))
    .limit(1);
  // A dine-in order's table: its name ("12") is how iiko's table is found (iiko-outbox.ts).
  const [table] = order.tableId
    ? await db
        .select({ name: diningTables.name })
        .from(diningTables)
        .where(and(eq(diningTables.merchantId, merchantId), sql`${diningTables.id}::text = ${order.tableId}`))
    : [];
  return {
    order,
    lines,
    tableName: table?.name ?? null,
    modificationIikoIds: new Map(mods.map((m) => [m.id, m.iikoId])),
    terminalGroupId: branch?.terminalGroupId ?? null,
    paymentIikoId: method?.iikoId ?? null,
    customer: {
      name:
        order.receiver?.name ?? ([customer?.firstName, customer?.lastName].filter(Boolean).join(" ") || null),
      phone: order.receiver?.phone ?? customer?.phone ?? null,
    },
  };
}

/**
 * iiko's stop list of a branch: the brand's products carrying an iiko id are stopped there exactly
 * when iiko lists them (products without an iiko id keep what staff set). Answers whether anything changed.
 */
export async function replaceIikoStops(
  db: Db,
  {
    merchantId,
    branchId,
    stoppedIikoIds,
  }: { merchantId: string; branchId: string; stoppedIikoIds: string[] },
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const own = await tx
      .select({ id: products.id, iikoId: products.iikoId })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), isNotNull(products.iikoId)));
    const stopped = new Set(stoppedIikoIds);
    const stopIds = own.filter((p) => p.iikoId && stopped.has(p.iikoId)).map((p) => p.id);
    const freeIds = own.filter((p) => !p.iikoId || !stopped.has(p.iikoId)).map((p) => p.id);
    let changed = 0;
    if (freeIds.length > 0) {
      const gone = await tx
        .delete(branchStops)
        .where(
          and(
            eq(branchStops.merchantId, merchantId),
            eq(branchStops.branchId, branchId),
            inArray(branchStops.productId, freeIds),
          ),
        )
        .returning({ id: branchStops.id });
      changed += gone.length;
    }
    if (stopIds.length > 0) {
      const added = await tx
        .insert(branchStops)
        .values(stopIds.map((productId) => ({ merchantId, branchId, productId, createdBy: null })))
        .onConflictDoNothing()
        .returning({ id: branchStops.id });
      changed += added.length;
    }
    if (changed > 0) await cachesChanged(tx, merchantId, ["menu"]);
    return changed > 0;
  });
}

/** The brand's products and modifiers that carry an iiko id (the fake's nomenclature in the demo). */
export async function listIikoIds(db: Db, merchantId: string): Promise<string[]> {
  const [p, m] = await Promise.all([
    db
      .select({ id: products.iikoId })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), isNotNull(products.iikoId))),
    db
      .select({ id: modifications.iikoId })
      .from(modifications)
      .where(and(eq(modifications.merchantId, merchantId), isNotNull(modifications.iikoId))),
  ]);
  return [...p, ...m].flatMap((r) => (r.id ? [r.id] : []));
}

/** Brands (by id) whose kitchen is the iiko login given (the demo's fake account). */
export async function listBrandsOfKitchenLogin(db: Db, apiLogin: string): Promise<string[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.kitchenLogin, apiLogin), notInArray(merchants.deleted, [true])));
  return rows.map((r) => r.id);
}

/** The kitchen row of the brand's order number (iiko's externalNumber). */
export async function findKitchenOrderByNumber(
  db: Db,
  { merchantId, number }: { merchantId: string; number: number },
): Promise<KitchenOrderRow | undefined> {
  const [row] = await db
    .select({ k: kitchenOrders })
    .from(kitchenOrders)
    .innerJoin(orders, eq(orders.id, kitchenOrders.orderId))
    .where(
      and(
        eq(kitchenOrders.merchantId, merchantId),
        eq(orders.merchantId, merchantId),
        eq(orders.number, number),
      ),
    );
  return row?.k;
}

/** iiko could not create the order after all (its DeliveryOrderError): FAILED with its reason. */
export async function failKitchenOrder(
  db: Db,
  {
    merchantId,
    id,
    reason,
    iikoOrderId,
  }: { merchantId: string; id: string; reason: string; iikoOrderId?: string },
): Promise<void> {
  await db
    .update(kitchenOrders)
    .set({ state: "FAILED", lastError: reason.slice(0, 500), ...(iikoOrderId ? { iikoOrderId } : {}) })
    .where(and(eq(kitchenOrders.id, id), eq(kitchenOrders.merchantId, merchantId)));
}

/**
 * The demo's kitchen (server/src/fakes/iiko-demo.ts): the brand's categories, products, option groups,
 * options and payment methods without an iiko id get one (their own id; the payment type's name), as
 * an import of iiko's nomenclature would give them. Answers every iiko id of the brand's menu.
 */
export async function assignDemoIikoIds(db: Db, merchantId: string): Promise<string[]> {
  await transaction(db, async (tx) => {
    await tx
      .update(categories)
      .set({ iikoId: sql`${categories.id}::text` })
      .where(and(eq(categories.merchantId, merchantId), isNull(categories.iikoId)));
    await tx
      .update(modificationGroups)
      .set({ iikoId: sql`${modificationGroups.id}::text` })
      .where(and(eq(modificationGroups.merchantId, merchantId), isNull(modificationGroups.iikoId)));
    await tx
      .update(products)
      .set({ iikoId: sql`${products.id}::text` })
      .where(and(eq(products.merchantId, merchantId), isNull(products.iikoId)));
    await tx
      .update(modifications)
      .set({ iikoId: sql`${modifications.id}::text` })
      .where(and(eq(modifications.merchantId, merchantId), isNull(modifications.iikoId)));
    await tx
      .update(paymentMethods)
      .set({ iikoId: sql`'demo-' || lower(${paymentMethods.type}::text)` })
      .where(and(eq(paymentMethods.merchantId, merchantId), isNull(paymentMethods.iikoId)));
  });
  return listIikoIds(db, merchantId);
}

/**
 * Orders iiko took that are still under way and due for a look at iiko (a SENT row's next_attempt_at
 * is when to poll it next): the fallback for a webhook that never came.
 */
export async function listKitchenOrdersToPoll(
  db: Db,
  { now, limit, statuses }: { now: Date; limit: number; statuses: readonly OrderStatus[] },
): Promise<
  { id: string; merchantId: string; iikoOrderId: string; nextAttemptAt: Date; serviceType: ServiceType }[]
> {
  const rows = await db
    .select({
      id: kitchenOrders.id,
      merchantId: kitchenOrders.merchantId,
      iikoOrderId: kitchenOrders.iikoOrderId,
      nextAttemptAt: kitchenOrders.nextAttemptAt,
      serviceType: orders.serviceType,
    })
    .from(kitchenOrders)
    .innerJoin(orders, eq(orders.id, kitchenOrders.orderId))
    .where(
      and(
        eq(kitchenOrders.state, "SENT"),
        isNotNull(kitchenOrders.iikoOrderId),
        lte(kitchenOrders.nextAttemptAt, now),
        inArray(orders.status, [...statuses]),
      ),
    )
    .orderBy(asc(kitchenOrders.nextAttemptAt))
    .limit(limit);
  return rows.flatMap((r) => (r.iikoOrderId ? [{ ...r, iikoOrderId: r.iikoOrderId }] : []));
}

/** Takes a SENT row's poll: moves its next poll on, only if no other worker did (guarded by the old time). */
export async function claimKitchenPoll(
  db: Db,
  { id, from, to }: { id: string; from: Date; to: Date },
): Promise<boolean> {
  const rows = await db
    .update(kitchenOrders)
    .set({ nextAttemptAt: to })
    .where(
      and(eq(kitchenOrders.id, id), eq(kitchenOrders.state, "SENT"), eq(kitchenOrders.nextAttemptAt, from)),
    )
    .returning({ id: kitchenOrders.id });
  return rows.length > 0;
}
