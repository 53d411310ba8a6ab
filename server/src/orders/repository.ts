// Orders in the database: placing exactly once, reading the customer's own orders, and
// moving an order through its statuses with its history, stock, cashback and live notifications.
import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Order, OrderItem, OrderPage } from "#domain/contract/orders.ts";
import type {
  AuthChannel,
  CourierStatus,
  OrderChangeReason,
  OrderDevice,
  OrderStatus,
} from "#domain/enums.ts";
import {
  ARCHIVE_ORDER_STATUSES,
  ACTIVE_ORDER_STATUSES,
  canTransition,
  customerCanCancel,
  earnsCashbackOn,
} from "#domain/order-status.ts";
import { fromMinor } from "#domain/money.ts";
import { linePrice } from "#domain/pricing.ts";
import {
  branches,
  couriers,
  merchantWebSettings,
  orderHistory,
  orderItems,
  orderNumberCounters,
  orders,
  products,
  users,
  userPromos,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import { AppError } from "../lib/errors.ts";
import { transaction } from "../db/transaction.ts";
import { menuChanged } from "../lib/menu-cache.ts";
import type { MerchantRow } from "../repositories/merchants.ts";
import {
  finishOrder,
  prepareOrder,
  type CheckContext,
  type CheckedOrder,
  type ParsedOrderRequest,
} from "./check.ts";
import { notifyOrderChanged, type OrderChange, type OrderEvents } from "./events.ts";

export type OrderRow = typeof orders.$inferSelect;

/** The row a statement that must produce one produced. */
export function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a row");
  return value;
}

/** What a transaction leaves to do after its commit (a holder, so closures can set it). */
interface AfterCommit {
  changes: OrderChange[];
  stockChanged: boolean;
}

export interface PlaceContext {
  merchant: MerchantRow;
  userId: string;
  channel: AuthChannel;
  orderDevice: OrderDevice;
  later: boolean;
  idempotencyKey: string | undefined;
  events: OrderEvents;
  now?: Date;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function findByKey(
  db: Db,
  merchantId: string,
  userId: string,
  key: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row?.id;
}

/** The amounts of a quote or order as the check decided them. */
export async function quoteOrder(
  db: Db,
  ctx: Omit<PlaceContext, "idempotencyKey" | "events" | "orderDevice">,
  req: ParsedOrderRequest,
): Promise<{ checked: CheckedOrder; cashbackBalance: number }> {
  const [[user], checked] = await Promise.all([
    db
      .select({ cashback: users.cashback })
      .from(users)
      .where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchant.id)))
      .limit(1),
    prepareOrder(db, checkContext(ctx), req),
  ]);
  const cashbackBalance = user?.cashback ?? 0;
  return {
    checked: await finishOrder(db, checkContext(ctx), checked, req, cashbackBalance),
    cashbackBalance,
  };
}

function checkContext(ctx: Omit<PlaceContext, "idempotencyKey" | "events" | "orderDevice">): CheckContext {
  return {
    merchant: ctx.merchant,
    userId: ctx.userId,
    channel: ctx.channel,
    later: ctx.later,
    now: ctx.now ?? new Date(),
  };
}

/**
 * Places an order, or answers the first order of the same Idempotency-Key. One customer's submits are
 * serialised by a lock on the customer's row, so the key, the cashback balance and promo use are
 * read and written without a race; the unique index on the key is the last line of defence.
 * The checks that read only configuration and products run before the transaction (stock is taken
 * by a guarded update inside it); a placed order is answered from the rows it wrote.
 */
export async function placeOrder(
  db: Db,
  ctx: PlaceContext,
  req: ParsedOrderRequest,
): Promise<{ id: string; created: boolean; view?: Order }> {
  const merchantId = ctx.merchant.id;
  const check = checkContext({ ...ctx, now: ctx.now ?? new Date() });
  const after: AfterCommit = { changes: [], stockChanged: false };
  try {
    const prepared = await prepareOrder(db, check, req);
    const result = await transaction(db, async (tx) => {
      const [user] = await tx
        .select({ id: users.id, cashback: users.cashback })
        .from(users)
        .where(and(eq(users.id, ctx.userId), eq(users.merchantId, merchantId)))
        .for("update");
      if (!user) throw new AppError("UNAUTHORIZED");
      if (ctx.idempotencyKey) {
        const existing = await findByKey(tx, merchantId, ctx.userId, ctx.idempotencyKey);
        if (existing) return { id: existing, created: false };
      }
      const checked = await finishOrder(tx, check, prepared, req, user.cashback);
      for (const { productId, amount } of checked.stockTaken) {
        const taken = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${amount}` })
          .where(
            and(eq(products.id, productId), eq(products.merchantId, merchantId), gte(products.stock, amount)),
          )
          .returning({ id: products.id });
        if (taken.length === 0) throw new AppError("STOCK_NOT_ENOUGH");
        after.stockChanged = true;
      }
      if (after.stockChanged) await menuChanged(tx, merchantId);
      const [counter] = await tx
        .insert(orderNumberCounters)
        .values({ merchantId, lastNumber: 1 })
        .onConflictDoUpdate({
          target: orderNumberCounters.merchantId,
          set: { lastNumber: sql`${orderNumberCounters.lastNumber} + 1` },
        })
        .returning({ number: orderNumberCounters.lastNumber });
      const status: OrderStatus = checked.atTime ? "AT_TIME" : "CREATED";
      const t = checked.totals;
      const channelDefault =
        ctx.channel === "TELEGRAM"
          ? checked.settings?.defaultDeliveryTypeBot
          : ctx.channel === "WEB"
            ? checked.settings?.defaultDeliveryTypeWeb
            : checked.settings?.defaultDeliveryTypeApp;
      const [order] = await tx
        .insert(orders)
        .values({
          merchantId,
          number: counter?.number ?? 1,
          status,
          serviceType: checked.serviceType,
          orderDevice: ctx.orderDevice,
          paymentType: checked.paymentType,
          userId: ctx.userId,
          receiver: checked.receiver,
          address: checked.address,
          branchId: checked.branch.id,
          comment: checked.comment,
          courierComment: checked.courierComment,
          promoId: checked.promo?.id ?? null,
          promoCode: checked.promo?.code ?? null,
          cashback: t.cashback,
          cashbackEarned: checked.cashbackEarned,
          productPrice: t.productPrice,
          productDiscount: t.productDiscount,
          deliveryPrice: t.deliveryPrice,
          deliveryDiscount: t.deliveryDiscount,
          totalProductPrice: t.totalProductPrice,
          totalProductDiscount: t.totalProductDiscount,
          totalPrice: t.totalPrice,
          totalDiscount: t.totalDiscount,
          servicePrice: t.servicePrice,
          productCount: t.productCount,
          deliveryTariffId: checked.deliveryTariffId,
          deliveryType: checked.serviceType === "DELIVERY" ? (channelDefault ?? "MERCHANT") : null,
          atTime: checked.atTime,
          idempotencyKey: ctx.idempotencyKey ?? null,
        })
        .returning();
      if (!order) throw new Error("order insert returned no row");
      const items = await tx
        .insert(orderItems)
        .values(
          checked.lines.map((l) => ({
            merchantId,
            orderId: order.id,
            productId: l.product.id,
            name: l.product.name,
            image: l.product.image,
            unit: l.product.unit,
            count: l.count,
            costPrice: l.product.costPrice,
            discount: l.product.discount,
            modifications: l.modifications,
            price: fromMinor(linePriceMinor(l.input)),
            priority: l.priority,
          })),
        )
        .returning();
      const history = await tx
        .insert(orderHistory)
        .values({
          merchantId,
          orderId: order.id,
          status,
          reason: "CHANGE_STATUS",
          comment: "placed",
          actorUserId: ctx.userId,
        })
        .returning();
      if (t.cashback > 0) {
        await tx
          .update(users)
          .set({ cashback: sql`${users.cashback} - ${t.cashback}` })
          .where(and(eq(users.id, ctx.userId), eq(users.merchantId, merchantId)));
      }
      if (checked.promo) {
        await tx
          .insert(userPromos)
          .values({ merchantId, userId: ctx.userId, promoId: checked.promo.id })
          .onConflictDoNothing();
      }
      const change = { merchantId, userId: ctx.userId, orderId: order.id, status, courierStatus: null };
      await notifyOrderChanged(tx, change);
      after.changes.push(change);
      items.sort((a, b) => a.priority - b.priority);
      const view = toOrderView(order, items, history, checked.branch, checked.cancelOrderActive);
      return { id: order.id, created: true, view };
    });
    for (const c of after.changes) ctx.events.committed(c);
    return result;
  } catch (error) {
    // A retried submit answers its first order, even when that order's checks would refuse it now
    // (its stock taken, the branch closed since) or when it lost the race to the unique index.
    if (ctx.idempotencyKey && (error instanceof AppError || isUniqueViolation(error))) {
      const existing = await findByKey(db, merchantId, ctx.userId, ctx.idempotencyKey);
      if (existing) return { id: existing, created: false };
    }
    throw error;
  }
}

function linePriceMinor(input: Parameters<typeof linePrice>[0]): number {
  return linePrice(input).price;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Orders as the API answers them, with their lines, history and branch. */
export async function orderViews(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const merchantId = must(rows[0]).merchantId;
  const [items, history, branchRows, ws] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.priority)),
    db
      .select()
      .from(orderHistory)
      .where(inArray(orderHistory.orderId, ids))
      .orderBy(asc(orderHistory.createdDate), asc(orderHistory.id)),
    db
      .select()
      .from(branches)
      .where(
        inArray(branches.id, [
          ...new Set(rows.map((r) => r.branchId).filter((b): b is string => b !== null)),
        ]),
      ),
    db
      .select({ cancelOrderActive: merchantWebSettings.cancelOrderActive })
      .from(merchantWebSettings)
      .where(eq(merchantWebSettings.merchantId, merchantId))
      .limit(1),
  ]);
  const cancelOrderActive = ws[0]?.cancelOrderActive ?? false;
  return rows.map((o) =>
    toOrderView(
      o,
      items.filter((i) => i.orderId === o.id),
      history.filter((h) => h.orderId === o.id),
      branchRows.find((b) => b.id === o.branchId) ?? null,
      cancelOrderActive,
    ),
  );
}

type BranchInView = Pick<
  typeof branches.$inferSelect,
  "id" | "name" | "address" | "phone" | "latitude" | "longitude"
>;

/** One order as the API answers it, from its row, its lines (in order) and its history. */
function toOrderView(
  o: OrderRow,
  items: readonly (typeof orderItems.$inferSelect)[],
  history: readonly (typeof orderHistory.$inferSelect)[],
  branch: BranchInView | null,
  cancelOrderActive: boolean,
): Order {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    serviceType: o.serviceType,
    orderDevice: o.orderDevice,
    paymentType: o.paymentType,
    isPaid: o.isPaid,
    userId: o.userId,
    merchantId: o.merchantId,
    receiver: o.receiver,
    address: o.address,
    branch: branch && {
      id: branch.id,
      name: branch.name,
      address: branch.address,
      phone: branch.phone,
      latitude: branch.latitude,
      longitude: branch.longitude,
    },
    branchId: o.branchId,
    courierId: o.courierId,
    courierStatus: o.courierStatus,
    deliveryType: o.deliveryType,
    deliveryTariffId: o.deliveryTariffId,
    comment: o.comment,
    courierComment: o.courierComment,
    promoId: o.promoId,
    promoCode: o.promoCode,
    cashback: o.cashback,
    cashbackEarned: o.cashbackEarned,
    productPrice: o.productPrice,
    productDiscount: o.productDiscount,
    deliveryPrice: o.deliveryPrice,
    deliveryDiscount: o.deliveryDiscount,
    totalProductPrice: o.totalProductPrice,
    totalProductDiscount: o.totalProductDiscount,
    totalPrice: o.totalPrice,
    totalDiscount: o.totalDiscount,
    servicePrice: o.servicePrice,
    productCount: o.productCount,
    atTime: iso(o.atTime),
    cookingAt: iso(o.cookingAt),
    readyAt: iso(o.readyAt),
    deliveredAt: iso(o.deliveredAt),
    cartItems: items.map((i): OrderItem => ({
      id: i.id,
      productId: i.productId,
      name: i.name,
      image: i.image,
      unit: i.unit,
      count: i.count,
      costPrice: i.costPrice,
      discount: i.discount,
      modifications: i.modifications,
      price: i.price,
    })),
    history: history.map((h) => ({
      status: h.status,
      courierStatus: h.courierStatus,
      reason: h.reason,
      comment: h.comment,
      createdDate: h.createdDate.toISOString(),
    })),
    cancellable: customerCanCancel(o.status, cancelOrderActive),
    createdDate: o.createdDate.toISOString(),
    lastModifiedDate: o.lastModifiedDate.toISOString(),
  };
}

/** One order of the merchant; `userId` limits it to its owner (anyone else gets 404, never a hint). */
export async function findOrder(
  db: Db,
  { merchantId, id, userId }: { merchantId: string; id: string; userId?: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.merchantId, merchantId),
        userId ? eq(orders.userId, userId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** One page of orders, newest first, as the API answers it (page numbers are zero-based). */
async function orderPage(
  db: Db,
  where: SQL | undefined,
  { page, size }: { page: number; size: number },
): Promise<OrderPage> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdDate), desc(orders.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const total = totals[0]?.n ?? 0;
  const totalPages = Math.ceil(total / size);
  return {
    content: await orderViews(db, rows),
    page,
    size,
    totalElements: total,
    totalPages,
    last: page >= totalPages - 1,
  };
}

/** The customer's visible orders, optionally only the archive. */
export function listUserOrders(
  db: Db,
  q: { merchantId: string; userId: string; page: number; size: number; onlyArchive: boolean },
): Promise<OrderPage> {
  return orderPage(
    db,
    and(
      eq(orders.merchantId, q.merchantId),
      eq(orders.userId, q.userId),
      eq(orders.isHidden, false),
      q.onlyArchive ? inArray(orders.status, [...ARCHIVE_ORDER_STATUSES]) : undefined,
    ),
    q,
  );
}

/** The brand's orders (the staff list), optionally of one status. */
export function listMerchantOrders(
  db: Db,
  q: { merchantId: string; status?: OrderStatus | undefined; page: number; size: number },
): Promise<OrderPage> {
  return orderPage(
    db,
    and(eq(orders.merchantId, q.merchantId), q.status ? eq(orders.status, q.status) : undefined),
    q,
  );
}

export async function listActiveOrders(
  db: Db,
  { merchantId, userId }: { merchantId: string; userId: string },
) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.userId, userId),
        eq(orders.isHidden, false),
        inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
      ),
    )
    .orderBy(desc(orders.createdDate), desc(orders.id))
    .limit(50);
}

export async function hideOrder(
  db: Db,
  { merchantId, id, userId }: { merchantId: string; id: string; userId: string },
) {
  const updated = await db
    .update(orders)
    .set({ isHidden: true })
    .where(and(eq(orders.id, id), eq(orders.merchantId, merchantId), eq(orders.userId, userId)))
    .returning({ id: orders.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND");
}

export interface Actor {
  kind: "customer" | "staff" | "system";
  userId: string | null;
}

const TIMESTAMP_OF: Partial<Record<OrderStatus, "cookingAt" | "readyAt" | "deliveredAt">> = {
  COOKING: "cookingAt",
  DONE: "readyAt",
  DELIVERED: "deliveredAt",
};

/**
 * Moves an order to `to` with its history entry: a customer may only cancel (decisions' rule), staff
 * and the system only along the transitions of order-status.ts. Cancelling gives back the stock and
 * the cashback spent; completing credits the cashback earned (once).
 */
export async function changeStatus(
  db: Db,
  events: OrderEvents,
  input: { merchantId: string; orderId: string; to: OrderStatus; actor: Actor; comment?: string | null },
): Promise<OrderRow> {
  const { merchantId, orderId, to, actor } = input;
  const after: AfterCommit = { changes: [], stockChanged: false };
  const updated = await transaction(db, async (tx) => {
    if (actor.kind === "customer" && !actor.userId) throw new AppError("NOT_FOUND");
    const order = await lockOrder(tx, {
      merchantId,
      orderId,
      userId: actor.kind === "customer" ? actor.userId : null,
    });
    if (actor.kind === "customer") {
      const [ws] = await tx
        .select({ cancelOrderActive: merchantWebSettings.cancelOrderActive })
        .from(merchantWebSettings)
        .where(eq(merchantWebSettings.merchantId, merchantId));
      if (to !== "CANCELED" || !customerCanCancel(order.status, ws?.cancelOrderActive ?? false)) {
        throw new AppError("ORDER_NOT_CANCELLABLE");
      }
    } else if (!canTransition(order.status, to, order.serviceType)) {
      throw new AppError("ORDER_STATUS_TRANSITION");
    }
    const now = new Date();
    const stamp = TIMESTAMP_OF[to];
    const set: Partial<typeof orders.$inferInsert> = { status: to };
    if (stamp) set[stamp] = now;
    if (to === "CLOSED" && !order.deliveredAt) set.deliveredAt = now;
    const [row] = await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning();
    if (to === "CANCELED") {
      const items = await tx
        .select({ productId: orderItems.productId, count: orderItems.count })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      for (const item of items) {
        if (!item.productId) continue;
        const back = await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${item.count}` })
          .where(
            and(
              eq(products.id, item.productId),
              eq(products.merchantId, merchantId),
              sql`${products.stock} is not null`,
            ),
          )
          .returning({ id: products.id });
        if (back.length > 0) after.stockChanged = true;
      }
      if (after.stockChanged) await menuChanged(tx, merchantId);
      if (order.cashback > 0 && order.userId) {
        await tx
          .update(users)
          .set({ cashback: sql`${users.cashback} + ${order.cashback}` })
          .where(and(eq(users.id, order.userId), eq(users.merchantId, merchantId)));
      }
    }
    if (earnsCashbackOn(order.status, to) && order.cashbackEarned > 0 && order.userId) {
      await tx
        .update(users)
        .set({ cashback: sql`${users.cashback} + ${order.cashbackEarned}` })
        .where(and(eq(users.id, order.userId), eq(users.merchantId, merchantId)));
    }
    await tx.insert(orderHistory).values({
      merchantId,
      orderId: order.id,
      status: to,
      courierStatus: order.courierStatus,
      reason: "CHANGE_STATUS",
      comment: input.comment ?? (actor.kind === "customer" ? "cancelled by the customer" : null),
      actorUserId: actor.userId,
    });
    const change = {
      merchantId,
      userId: order.userId,
      orderId: order.id,
      status: to,
      courierStatus: order.courierStatus,
    };
    await notifyOrderChanged(tx, change);
    after.changes.push(change);
    return must(row);
  });
  for (const c of after.changes) events.committed(c);
  return updated;
}

async function recordCourierChange(
  tx: Db,
  order: OrderRow,
  courierStatus: CourierStatus,
  actorUserId: string | null,
  reason: OrderChangeReason = "CHANGE_COURIER_STATUS",
): Promise<OrderChange> {
  await tx.insert(orderHistory).values({
    merchantId: order.merchantId,
    orderId: order.id,
    status: order.status,
    courierStatus,
    reason,
    actorUserId,
  });
  const change = {
    merchantId: order.merchantId,
    userId: order.userId,
    orderId: order.id,
    status: order.status,
    courierStatus,
  };
  await notifyOrderChanged(tx, change);
  return change;
}

/**
 * The brand's order, locked for the rest of the transaction; with `userId`, only that customer's.
 * NOT_FOUND otherwise, so another customer's order looks like no order at all.
 */
async function lockOrder(
  tx: Db,
  where: { merchantId: string; orderId: string; userId?: string | null },
): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, where.orderId),
        eq(orders.merchantId, where.merchantId),
        where.userId ? eq(orders.userId, where.userId) : undefined,
      ),
    )
    .for("update");
  if (!order) throw new AppError("NOT_FOUND");
  return order;
}

/** Gives a delivery order to a courier; a DONE order becomes ATTACHED. */
export async function attachCourier(
  db: Db,
  events: OrderEvents,
  input: { merchantId: string; orderId: string; courierId: string; actorUserId: string | null },
): Promise<OrderRow> {
  const changes: OrderChange[] = [];
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input);
    const [courier] = await tx
      .select({ id: couriers.id })
      .from(couriers)
      .where(and(eq(couriers.id, input.courierId), eq(couriers.merchantId, input.merchantId)));
    if (!courier) throw new AppError("NOT_FOUND");
    const attachable: OrderStatus[] = ["CREATED", "ACCEPTED", "COOKING", "DONE", "ATTACHED"];
    if (order.serviceType !== "DELIVERY" || !attachable.includes(order.status)) {
      throw new AppError("ORDER_STATUS_TRANSITION");
    }
    const status: OrderStatus = order.status === "DONE" ? "ATTACHED" : order.status;
    const [row] = await tx
      .update(orders)
      .set({ courierId: courier.id, courierStatus: "PERFORMER_FOUND", status })
      .where(eq(orders.id, order.id))
      .returning();
    changes.push(await recordCourierChange(tx, must(row), "PERFORMER_FOUND", input.actorUserId));
    if (status !== order.status) {
      await tx.insert(orderHistory).values({
        merchantId: order.merchantId,
        orderId: order.id,
        status,
        courierStatus: "PERFORMER_FOUND",
        reason: "CHANGE_STATUS",
        actorUserId: input.actorUserId,
      });
    }
    return must(row);
  });
  for (const c of changes) events.committed(c);
  return result;
}

export async function setCourierStatus(
  db: Db,
  events: OrderEvents,
  input: { merchantId: string; orderId: string; courierStatus: CourierStatus; actorUserId: string | null },
): Promise<OrderRow> {
  const after: AfterCommit = { changes: [], stockChanged: false };
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input);
    if (!order.courierId) throw new AppError("ORDER_STATUS_TRANSITION");
    const [row] = await tx
      .update(orders)
      .set({ courierStatus: input.courierStatus })
      .where(eq(orders.id, order.id))
      .returning();
    after.changes.push(await recordCourierChange(tx, must(row), input.courierStatus, input.actorUserId));
    return must(row);
  });
  for (const c of after.changes) events.committed(c);
  return result;
}

/** Stores a courier's position and tells the customers of its active orders (their maps move). */
export async function setCourierPosition(
  db: Db,
  events: OrderEvents,
  input: { merchantId: string; courierId: string; latitude: number; longitude: number },
): Promise<void> {
  const changes: OrderChange[] = [];
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(couriers)
      .set({ latitude: input.latitude, longitude: input.longitude, positionAt: new Date() })
      .where(and(eq(couriers.id, input.courierId), eq(couriers.merchantId, input.merchantId)))
      .returning({ id: couriers.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND");
    const active = await tx
      .select({
        id: orders.id,
        userId: orders.userId,
        status: orders.status,
        courierStatus: orders.courierStatus,
      })
      .from(orders)
      .where(
        and(
          eq(orders.merchantId, input.merchantId),
          eq(orders.courierId, input.courierId),
          inArray(orders.status, ["ATTACHED", "ON_WAY"]),
        ),
      );
    for (const o of active) {
      const change = {
        merchantId: input.merchantId,
        userId: o.userId,
        orderId: o.id,
        status: o.status,
        courierStatus: o.courierStatus,
      };
      await notifyOrderChanged(tx, change);
      changes.push(change);
    }
  });
  for (const c of changes) events.committed(c);
}

/** Whether the customer has an order carried by this courier (they may see the courier then). */
export async function customerHasCourier(
  db: Db,
  q: { merchantId: string; userId: string; courierId: string },
) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, q.merchantId),
        eq(orders.userId, q.userId),
        eq(orders.courierId, q.courierId),
      ),
    );
  return (row?.n ?? 0) > 0;
}
