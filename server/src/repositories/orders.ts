// Orders in the database, always of one merchant: the rows placing and moving an order write, and
// the reads the API answers from (an order with its lines, history and branch).
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  notExists,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { REFUND_STATES, type Order, type OrderItem, type OrderPage } from "#domain/contract/orders.ts";
import {
  GRADE_REASONS,
  ORDER_CANCEL_REASONS,
  type GradeReason,
  type OrderCancelReason,
  type OrderStatus,
} from "#domain/enums.ts";
import { DEFAULT_PAYMENT_TIMEOUT_MINUTES } from "#domain/order-settings.ts";
import {
  ARCHIVE_ORDER_STATUSES,
  ACTIVE_ORDER_STATUSES,
  canGrade,
  customerCanCancel,
  customerCanChange,
} from "#domain/order-status.ts";
import {
  branches,
  grades,
  kitchenOrders,
  merchantWebSettings,
  orderHistory,
  orderItems,
  orderSettings,
  orders,
  products,
  users,
} from "../db/schema/index.ts";
import type { OrderAddressSnapshot, OrderItemModification, OrderReceiver } from "../db/schema/orders.ts";
import { jsonForInsert, rowFromJson } from "../db/json-rows.ts";
import { transaction } from "../db/transaction.ts";
import type { Db } from "../db/types.ts";
import { AppError } from "../lib/errors.ts";
import { findSaleReceiptUrls } from "./fiscal.ts";
import { fromMinor } from "#domain/money.ts";
import { listPendingChanges } from "./order-changes.ts";

interface Tenant {
  merchantId: string;
}

export type OrderRow = typeof orders.$inferSelect;

/** The row a statement that must produce one produced. */
export function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a row");
  return value;
}

export type OrderInsert = typeof orders.$inferInsert;
export type { OrderAddressSnapshot, OrderItemModification, OrderReceiver };
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;
export type OrderHistoryInsert = typeof orderHistory.$inferInsert;
export type OrderItemInsert = typeof orderItems.$inferInsert;

/** The order a customer placed with an Idempotency-Key, if any, with the hash of its request. */
export async function findOrderByKey(
  db: Db,
  { merchantId, userId, key }: Tenant & { userId: string; key: string },
): Promise<{ id: string; requestHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: orders.id, requestHash: orders.idempotencyHash })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Adds `delta` (negative to spend) to the customer's cashback balance. */
export async function addCashback(
  tx: Db,
  { merchantId, userId, delta }: Tenant & { userId: string; delta: number },
): Promise<void> {
  await tx
    .update(users)
    .set({ cashback: sql`${users.cashback} + ${delta}` })
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)));
}

/** Gives `amount` back to a product's stock; false when the product keeps no stock (or is gone). */
export async function giveBackStock(
  tx: Db,
  { merchantId, productId, amount }: Tenant & { productId: string; amount: number },
): Promise<boolean> {
  const back = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${amount}` })
    .where(
      and(
        eq(products.id, productId),
        eq(products.merchantId, merchantId),
        sql`${products.stock} is not null`,
      ),
    )
    .returning({ id: products.id });
  return back.length > 0;
}

/** Takes `amount` from a product's stock when it holds that much (or keeps none); false otherwise. */
export async function takeStock(
  tx: Db,
  { merchantId, productId, amount }: Tenant & { productId: string; amount: number },
): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${amount}` })
    .where(
      and(
        eq(products.id, productId),
        eq(products.merchantId, merchantId),
        sql`${products.stock} >= ${amount}`,
      ),
    )
    .returning({ id: products.id });
  return taken.length > 0;
}

/** Replaces an order's lines (the customer changed it before the kitchen accepted it). */
export async function replaceOrderItems(
  tx: Db,
  { merchantId, orderId, items }: Tenant & { orderId: string; items: OrderItemInsert[] },
): Promise<OrderItemRow[]> {
  await tx
    .delete(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.merchantId, merchantId)));
  return items.length > 0 ? tx.insert(orderItems).values(items).returning() : [];
}

/** Writes an entry of the order's history (services/orders/history.ts also tells the customer). */
export async function insertOrderHistory(tx: Db, values: OrderHistoryInsert): Promise<OrderHistoryRow[]> {
  return tx.insert(orderHistory).values(values).returning();
}

/** Whether the brand lets customers cancel their orders. */
export async function findCancelOrderActive(db: Db, { merchantId }: Tenant): Promise<boolean> {
  const [ws] = await db
    .select({ cancelOrderActive: merchantWebSettings.cancelOrderActive })
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId));
  return ws?.cancelOrderActive ?? false;
}

export async function updateOrder(
  tx: Db,
  { merchantId, id, set }: Tenant & { id: string; set: Partial<OrderInsert> },
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), eq(orders.merchantId, merchantId)))
    .returning();
  return must(row);
}

/** The products and counts of an order's lines. */
export async function listOrderItemCounts(
  tx: Db,
  { merchantId, orderId }: Tenant & { orderId: string },
): Promise<{ productId: string | null; count: number }[]> {
  return tx
    .select({ productId: orderItems.productId, count: orderItems.count })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.merchantId, merchantId)));
}

/** The orders a courier is carrying right now (their customers follow the courier on a map). */
export async function listCarriedOrders(tx: Db, { merchantId, courierId }: Tenant & { courierId: string }) {
  return tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      courierStatus: orders.courierStatus,
    })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.courierId, courierId),
        inArray(orders.status, ["ATTACHED", "ON_WAY"]),
      ),
    );
}

/**
 * Orders of every brand, oldest change first, in `statuses` and due for a step of the demo simulator:
 * unchanged since `due` (or ON_WAY, which moves every tick), an order for later only once its time
 * has come, and never one a person of the brand has touched: an order whose history has an entry by
 * someone other than its customer (a staff status move, a courier attached or its status, a comment
 * with a move) is the staff's to work, and the simulator leaves it alone from then on.
 */
export async function listOrdersDueForSimulator(
  db: Db,
  { statuses, due, now, limit }: { statuses: OrderStatus[]; due: Date; now: Date; limit: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, statuses),
        or(lte(orders.lastModifiedDate, due), eq(orders.status, "ON_WAY")),
        or(isNull(orders.atTime), lte(orders.atTime, now), eq(orders.status, "AT_TIME")),
        // The brand's kitchen system (iiko) moves its orders itself.
        notExists(
          db
            .select({ one: sql`1` })
            .from(kitchenOrders)
            .where(eq(kitchenOrders.orderId, orders.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderHistory)
            .where(
              and(
                eq(orderHistory.orderId, orders.id),
                isNotNull(orderHistory.actorUserId),
                sql`${orderHistory.actorUserId} is distinct from ${orders.userId}`,
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(orders.lastModifiedDate))
    .limit(limit);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The system's cancel reason among an order's reasons, if any. */
/** The refund state the refund worker keeps on the order's payment (server/src/services/payments/refunds.ts). */
function refundStateOf(payment: OrderRow["payment"]): (typeof REFUND_STATES)[number] | null {
  const state = payment?.refundState;
  return REFUND_STATES.find((s) => s === state) ?? null;
}

function cancelReasonOf(reasons: readonly string[]): OrderCancelReason | null {
  return ORDER_CANCEL_REASONS.find((r) => reasons.includes(r)) ?? null;
}

/**
 * The words staff typed when they cancelled the order: the comment of its cancelling entry, when a
 * person other than its customer made it (the customer's own cancel and the system's carry none).
 */
export function staffCancelComment(
  o: Pick<OrderRow, "userId">,
  history: readonly Pick<typeof orderHistory.$inferSelect, "status" | "reason" | "comment" | "actorUserId">[],
): string | null {
  const entry = history.findLast((h) => h.status === "CANCELED" && h.reason === "CHANGE_STATUS");
  if (!entry?.actorUserId || entry.actorUserId === o.userId) return null;
  return entry.comment?.trim() || null;
}

/**
 * Orders of every brand that waited OPEN and unpaid longer than their brand's payment time-out
 * (`order_settings.payment_timeout_minutes` of the brand-wide row, DEFAULT_PAYMENT_TIMEOUT_MINUTES
 * without one; 0 = never), oldest first. Read without a lock: the sweep locks and checks each again.
 */
export async function listUnpaidOrdersDue(
  db: Db,
  { now, limit }: { now: Date; limit: number },
): Promise<{ id: string; merchantId: string }[]> {
  return (
    db
      .select({ id: orders.id, merchantId: orders.merchantId })
      .from(orders)
      .leftJoin(
        orderSettings,
        and(eq(orderSettings.merchantId, orders.merchantId), isNull(orderSettings.cityId)),
      )
      // Written as the partial index orders_open_unpaid_created_date_idx says it, so it is used.
      .where(and(sql`${orders.status} = 'OPEN' and not ${orders.isPaid}`, unpaidPastDeadline(now)))
      .orderBy(asc(orders.createdDate))
      .limit(limit)
  );
}

/** The order was created longer ago than its brand's payment time-out (joined as order_settings). */
function unpaidPastDeadline(now: Date): SQL {
  const minutes = sql`coalesce(${orderSettings.paymentTimeoutMinutes}, ${DEFAULT_PAYMENT_TIMEOUT_MINUTES})`;
  return sql`${minutes} > 0 and ${orders.createdDate} <= ${now.toISOString()}::timestamptz - make_interval(mins => ${minutes})`;
}

/**
 * Locks one order (FOR UPDATE) if it is still OPEN, unpaid and past its payment time-out; undefined
 * otherwise (paid, cancelled or moved meanwhile). A payment callback locks the same row first, so the
 * two take turns and the second sees what the first committed.
 */
export async function lockUnpaidOrderDue(
  tx: Db,
  { merchantId, orderId, now }: Tenant & { orderId: string; now: Date },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select({ order: orders })
    .from(orders)
    .leftJoin(
      orderSettings,
      and(eq(orderSettings.merchantId, orders.merchantId), isNull(orderSettings.cityId)),
    )
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.merchantId, merchantId),
        eq(orders.status, "OPEN"),
        eq(orders.isPaid, false),
        unpaidPastDeadline(now),
      ),
    )
    .for("update", { of: orders });
  return row?.order;
}

/** Orders as the API answers them, with their lines, history and branch. */
export async function orderViews(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const merchantId = must(rows[0]).merchantId;
  // Only a paid Payme order the customer may still change can wait for a difference.
  const mayWait = rows.filter((r) => r.isPaid && customerCanChange(r.status, r.isPaid, r.paymentType));
  const [items, history, branchRows, ws, receipts, pending] = await Promise.all([
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
    findSaleReceiptUrls(db, { merchantId, orderIds: ids }),
    listPendingChanges(db, { merchantId, orderIds: mayWait.map((r) => r.id) }),
  ]);
  const cancelOrderActive = ws[0]?.cancelOrderActive ?? false;
  return rows.map((o) =>
    toOrderView(
      o,
      items.filter((i) => i.orderId === o.id),
      history.filter((h) => h.orderId === o.id),
      branchRows.find((b) => b.id === o.branchId) ?? null,
      cancelOrderActive,
      receipts.get(o.id) ?? null,
      pending.get(o.id) ?? null,
    ),
  );
}

type BranchInView = Pick<
  typeof branches.$inferSelect,
  "id" | "name" | "address" | "phone" | "latitude" | "longitude"
>;

/** One order as the API answers it, from its row, its lines (in order) and its history. */
export function toOrderView(
  o: OrderRow,
  items: readonly (typeof orderItems.$inferSelect)[],
  history: readonly (typeof orderHistory.$inferSelect)[],
  branch: BranchInView | null,
  cancelOrderActive: boolean,
  fiscalReceiptUrl: string | null = null,
  /** A change waiting for its payment. */
  pendingChange: { amount: number; replaces: boolean } | null = null,
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
    hallId: o.hallId,
    tableId: o.tableId,
    courierId: o.courierId,
    courierStatus: o.courierStatus,
    deliveryType: o.deliveryType,
    deliveryByTaximeter: o.deliveryByTaximeter,
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
    estimatedFrom: iso(o.estimatedFrom),
    estimatedTo: iso(o.estimatedTo),
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
    changeable: o.userId !== null && customerCanChange(o.status, o.isPaid, o.paymentType),
    pendingPayment:
      pendingChange === null
        ? null
        : { amount: fromMinor(pendingChange.amount), replaces: pendingChange.replaces },
    cancelReason: o.status === "CANCELED" ? cancelReasonOf(o.reasons) : null,
    cancelComment: o.status === "CANCELED" ? staffCancelComment(o, history) : null,
    refundState: refundStateOf(o.payment),
    fiscalReceiptUrl,
    gradeable: o.userId !== null && canGrade(o.status, o.grade !== null),
    review:
      o.grade === null
        ? null
        : {
            grade: o.grade,
            reasons: o.reasons.filter((r): r is GradeReason =>
              (GRADE_REASONS as readonly string[]).includes(r),
            ),
            comment: o.gradeComment,
            createdDate: o.gradedAt?.toISOString() ?? null,
          },
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

/** The brand's orders (the staff list), optionally of one status and of some branches (null = all). */
export function listMerchantOrders(
  db: Db,
  q: {
    merchantId: string;
    status?: OrderStatus | undefined;
    branchIds?: readonly string[] | null;
    page: number;
    size: number;
  },
): Promise<OrderPage> {
  return orderPage(
    db,
    and(
      eq(orders.merchantId, q.merchantId),
      q.status ? eq(orders.status, q.status) : undefined,
      q.branchIds ? inArray(orders.branchId, [...q.branchIds]) : undefined,
    ),
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

/**
 * The brand's order, locked for the rest of the transaction; with `userId`, only that customer's.
 * NOT_FOUND otherwise, so another customer's order looks like no order at all.
 */
export async function lockOrder(
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

/**
 * What the customer may see of a courier: nothing unless one of their orders is with that courier
 * right now; the courier's name while it is attached, and the live position only while it is on its
 * way (a past order gives nothing, or the courier could be followed into other deliveries).
 */
export async function customerCourierAccess(
  db: Db,
  q: { merchantId: string; userId: string; courierId: string },
): Promise<"none" | "attached" | "on-way"> {
  const rows = await db
    .select({ status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, q.merchantId),
        eq(orders.userId, q.userId),
        eq(orders.courierId, q.courierId),
        inArray(orders.status, ["ATTACHED", "ON_WAY"]),
      ),
    );
  if (rows.some((r) => r.status === "ON_WAY")) return "on-way";
  return rows.length > 0 ? "attached" : "none";
}

/**
 * The owner grades a finished order, once: the order keeps the grade, reasons and comment, and each
 * product of the order gets the grade (GET /products/v1/grade averages them). Another customer's
 * order is NOT_FOUND; an unfinished one ORDER_NOT_GRADEABLE; a second grade ORDER_ALREADY_GRADED.
 */
export async function gradeOrder(
  db: Db,
  input: {
    merchantId: string;
    orderId: string;
    userId: string;
    grade: number;
    reasons: GradeReason[];
    comment: string | null;
    now: Date;
  },
): Promise<OrderRow> {
  return transaction(db, async (tx) => {
    const order = await lockOrder(tx, input);
    if (order.grade !== null) throw new AppError("ORDER_ALREADY_GRADED");
    if (!canGrade(order.status, false)) throw new AppError("ORDER_NOT_GRADEABLE");
    // A cancel reason never sits beside a grade (only a finished order is graded).
    const [updated] = await tx
      .update(orders)
      .set({
        grade: input.grade,
        reasons: input.reasons,
        gradeComment: input.comment,
        gradedAt: input.now,
      })
      .where(and(eq(orders.id, order.id), isNull(orders.grade)))
      .returning();
    if (!updated) throw new AppError("ORDER_ALREADY_GRADED");
    const productIds = [
      ...new Set(
        (
          await tx
            .select({ productId: orderItems.productId })
            .from(orderItems)
            .where(and(eq(orderItems.orderId, order.id), eq(orderItems.merchantId, input.merchantId)))
        ).flatMap((i) => (i.productId ? [i.productId] : [])),
      ),
    ];
    if (productIds.length > 0) {
      await tx.insert(grades).values(
        productIds.map((productId) => ({
          merchantId: input.merchantId,
          userId: input.userId,
          productId,
          orderId: order.id,
          grade: input.grade,
          comment: input.comment,
        })),
      );
    }
    return updated;
  });
}

/** What savat_place_order writes in its one statement's transaction (services/orders/service.ts). */
export interface PlaceOrderWrite {
  merchantId: string;
  userId: string;
  key: string | null;
  hash: string;
  cashbackRequested: number;
  cashbackSpent: number;
  promoId: string | null;
  promoUseId: string | null;
  stock: { productId: string; amount: number }[];
  order: Omit<OrderInsert, "number">;
  items: OrderItemInsert[];
  history: OrderHistoryInsert;
  /** NOTIFY messages sent with the commit. */
  notices: { channel: string; payload: string }[];
}

/** What savat_place_order answered: the placed order's rows, or a retried key's first order. */
export interface PlacedOrder {
  created: boolean;
  id?: string;
  order?: OrderRow;
  items?: OrderItemRow[];
  /** The entry of a placed order. */
  history?: OrderHistoryRow;
  /** The whole history of the first order of a retried key. */
  histories?: OrderHistoryRow[];
}

interface PlacedJson {
  created: boolean;
  id?: string;
  order?: Record<string, unknown>;
  items?: Record<string, unknown>[];
  history?: Record<string, unknown>;
  histories?: Record<string, unknown>[];
}

/**
 * Places an order with savat_place_order (migration 0012) in one round trip; its refusals are thrown
 * as the database raised them ('savat:<code>'). The order's number is the function's to give.
 */
export async function writePlacedOrder(db: Db, write: PlaceOrderWrite): Promise<PlacedOrder> {
  const payload = {
    ...write,
    order: jsonForInsert(orders, write.order as OrderInsert),
    items: write.items.map((i) => jsonForInsert(orderItems, i)),
    history: jsonForInsert(orderHistory, write.history),
  };
  const result = await db.execute<{ placed: PlacedJson }>(
    sql`select savat_place_order(${JSON.stringify(payload)}::jsonb) as placed`,
  );
  const placed = must(result.rows[0]).placed;
  return {
    created: placed.created,
    ...(placed.id === undefined ? {} : { id: placed.id }),
    ...(placed.order ? { order: rowFromJson(orders, placed.order) } : {}),
    ...(placed.items ? { items: placed.items.map((i) => rowFromJson(orderItems, i)) } : {}),
    ...(placed.history ? { history: rowFromJson(orderHistory, placed.history) } : {}),
    ...(placed.histories ? { histories: placed.histories.map((h) => rowFromJson(orderHistory, h)) } : {}),
  };
}

/** The orders of a branch accepted and not yet ready: the queue a new order waits behind. */
export async function countBranchQueue(
  db: Db,
  { merchantId, branchId }: { merchantId: string; branchId: string },
) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.branchId, branchId),
        inArray(orders.status, ["CREATED", "ACCEPTED", "COOKING"]),
      ),
    );
  return row?.n ?? 0;
}

/** Keeps the window promised to the customer with the order (written right after placing it). */
export async function setOrderEstimate(
  db: Db,
  { merchantId, id, from, to }: { merchantId: string; id: string; from: Date; to: Date },
) {
  const [row] = await db
    .update(orders)
    .set({ estimatedFrom: from, estimatedTo: to })
    .where(and(eq(orders.merchantId, merchantId), eq(orders.id, id)))
    .returning();
  return row;
}
