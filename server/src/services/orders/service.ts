// What happens to an order: placing it exactly once, quoting it, and moving it through its statuses
// with its history, stock, cashback and live notifications. The rules come from src/domain and the
// order check (check.ts); every row is read and written through the repositories, in one
// transaction per change, and what must wait for the commit (live updates, the menu cache) is queued
// with it.
import { createHash } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { API_ERRORS, type ApiErrorCode } from "#domain/api-errors.ts";
import type { ArrivalWindow } from "#domain/arrival.ts";
import type { z } from "zod";
import type { Order, orderQuoteSchema } from "#domain/contract/orders.ts";
import type { CourierStatus, OrderChangeReason, OrderDevice, OrderStatus } from "#domain/enums.ts";
import { fromMinor } from "#domain/money.ts";
import {
  awaitsPayment,
  canAttachCourier,
  canTransition,
  collectsPaymentOn,
  customerCanCancel,
  earnsCashbackOn,
} from "#domain/order-status.ts";
import { isOnlinePayment, type OrderChannel } from "#domain/offer.ts";
import { goesToKitchen } from "#domain/kitchen.ts";
import { defaultDeliveryTypeFor } from "#domain/order-settings.ts";
import { linePrice } from "#domain/pricing.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { menuChanged } from "../../repositories/menu-cache.ts";
import { CACHE_NOTIFY_CHANNEL, dropCaches } from "../../db/cache-bus.ts";
import { findCourierId, moveCourier } from "../../repositories/couriers.ts";
import { listBranches } from "../../repositories/geo.ts";
import { cancelOpenTransactions } from "../../repositories/payments.ts";
import { recordRefunds } from "../payments/refunds.ts";
import { queueForKitchen } from "../kitchen/iiko-outbox.ts";
import type { MerchantRow } from "../../repositories/merchants.ts";
import {
  addCashback,
  findCancelOrderActive,
  findOrderByKey,
  giveBackStock,
  listCarriedOrders,
  listOrderItemCounts,
  lockOrder,
  must,
  toOrderView,
  updateOrder,
  writePlacedOrder,
  type PlacedOrder,
  type OrderInsert,
  type OrderItemInsert,
  type OrderRow,
  setOrderEstimate,
} from "../../repositories/orders.ts";
import {
  finishOrder,
  prepareOrder,
  type CheckContext,
  type CheckedOrder,
  type ParsedOrderRequest,
} from "./check.ts";
import { announce, ORDER_NOTIFY_CHANNEL, type OrderChange, type OrderEvents } from "./events.ts";
import { recordOrderHistory } from "./history.ts";
import { promisedWindow } from "./arrival.ts";
import { queueDeliveryClaim } from "../delivery/yandex-queue.ts";
import { requestClaimCancel } from "../../repositories/delivery-claims.ts";
import type { Outside } from "../stand-ins.ts";

export interface PlaceContext {
  merchant: MerchantRow;
  userId: string;
  channel: OrderChannel;
  orderDevice: OrderDevice;
  /** The staff member who took the order by phone: its first history entry names them. */
  takenBy?: string;
  later: boolean;
  idempotencyKey: string | undefined;
  events: OrderEvents;
  now?: Date;
  /** Where calls to outside systems go (Yandex Delivery's price at checkout). */
  outside?: Outside;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The amounts of a quote or order as the check decided them. */
export async function quoteOrder(
  db: Db,
  ctx: Omit<PlaceContext, "idempotencyKey" | "events" | "orderDevice">,
  req: ParsedOrderRequest,
): Promise<{ checked: CheckedOrder; cashbackBalance: number; arrival: ArrivalWindow }> {
  const check = checkContext(ctx);
  const prepared = await prepareOrder(db, check, req);
  const cashbackBalance = prepared.customer?.cashback ?? 0;
  const checked = finishOrder(check, prepared, req, cashbackBalance);
  return { checked, cashbackBalance, arrival: await promisedWindow(db, checked, check.now) };
}

/** A quote as the API answers it (the customer's checkout and the operator's phone order alike). */
export function quoteView({
  checked,
  cashbackBalance,
  arrival,
  paidChange,
}: Awaited<ReturnType<typeof quoteOrder>> & {
  paidChange?: { amount: number; replaces: boolean };
}): z.input<typeof orderQuoteSchema> {
  return {
    totals: checked.totals,
    branchId: checked.branch.id,
    deliveryTariffId: checked.deliveryTariffId,
    deliveryPriceSource: checked.deliveryPriceSource,
    taximeterComment: checked.taximeterComment,
    promoId: checked.promo?.id ?? null,
    cashbackBalance,
    cashbackEarned: checked.cashbackEarned,
    arrival: { from: arrival.from.toISOString(), to: arrival.to.toISOString() },
    ...(paidChange ? { paidChange } : {}),
  };
}

export function checkContext(
  ctx: Omit<PlaceContext, "idempotencyKey" | "events" | "orderDevice">,
): CheckContext {
  return {
    merchant: ctx.merchant,
    userId: ctx.userId,
    channel: ctx.channel,
    later: ctx.later,
    now: ctx.now ?? new Date(),
    ...(ctx.outside ? { outside: ctx.outside } : {}),
  };
}

/**
 * The fingerprint of a placing request: the endpoint (now or later) and the parsed body, whose keys
 * come in the schema's order, so a true retry matches and any other request does not.
 */
function requestHash(later: boolean, req: ParsedOrderRequest): string {
  return createHash("sha256")
    .update(JSON.stringify([later ? "at-time" : "now", req]))
    .digest("hex");
}

/** The first order of a key, when this request is a true retry of it; a reused key is refused. */
async function firstOrderOfKey(
  db: Db,
  q: { merchantId: string; userId: string; key: string; hash: string },
): Promise<string | undefined> {
  const existing = await findOrderByKey(db, q);
  if (!existing) return undefined;
  if (existing.requestHash !== null && existing.requestHash !== q.hash) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED");
  }
  return existing.id;
}

/** The refusal savat_place_order raised ('savat:<code>'), if the error is one. */
function placeRefusal(error: unknown): ApiErrorCode | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const message = (e as { message?: unknown }).message;
    if ((e as { code?: unknown }).code !== "P0001" || typeof message !== "string") continue;
    const code = /^savat:([A-Z_]+)$/.exec(message)?.[1];
    if (code && code in API_ERRORS) return code as ApiErrorCode;
  }
  return undefined;
}

/**
 * Places an order, or answers the first order of the same Idempotency-Key (a key sent again with
 * another request is refused). Three round trips in all (the session, the check's read, the write):
 * the check reads everything in one query and decides every amount with the shared rules; then
 * savat_place_order (migration 0012) locks the customer's row (one customer's submits take turns, so
 * the key, the balance and their own promo use cannot race) and a promo with its uses (customers
 * ordering at once with a limited promo take turns at its count), takes the stock with guarded
 * updates, and writes the order, its lines and history, the cashback spent, the promo use and the
 * notifications in the one statement's transaction. The unique index on the key is the last line of
 * defence. A placed order is answered from the rows it wrote, a retry from the rows of its first order.
 */
export async function placeOrder(
  db: Db,
  ctx: PlaceContext,
  req: ParsedOrderRequest,
): Promise<{ id: string; created: boolean; view?: Order }> {
  const merchantId = ctx.merchant.id;
  const userId = ctx.userId;
  const check = checkContext({ ...ctx, now: ctx.now ?? new Date() });
  const key = ctx.idempotencyKey;
  const hash = requestHash(ctx.later, req);
  try {
    const prepared = await prepareOrder(db, check, req);
    if (!prepared.customer) throw new AppError("UNAUTHORIZED");
    // The restaurant and the courier need a number to call (a Telegram customer may have declined).
    if (!prepared.customer.phone) throw new AppError("PHONE_REQUIRED");
    const checked = finishOrder(check, prepared, req, prepared.customer.cashback);
    // An order paid online waits OPEN for its payment; the provider's callback moves it on.
    const status: OrderStatus = isOnlinePayment(checked.paymentType)
      ? "OPEN"
      : checked.atTime
        ? "AT_TIME"
        : "CREATED";
    const orderId = uuidv7();
    const { number: _number, ...order } = orderValues(ctx, checked, { number: 0, status, hash });
    const change: OrderChange = { merchantId, userId, orderId, status, courierStatus: null };
    const notices = [{ channel: ORDER_NOTIFY_CHANNEL, payload: JSON.stringify(change) }];
    if (checked.stockTaken.length > 0)
      notices.push({ channel: CACHE_NOTIFY_CHANNEL, payload: `menu:${merchantId}` });
    // A brand with iiko gets the order's kitchen row in the placement's transaction (a payment on
    // receipt: the kitchen takes it now; an online one waits for mark-paid). Other brands keep the
    // placement's single statement.
    const toKitchen =
      !isOnlinePayment(checked.paymentType) &&
      goesToKitchen(checked.serviceType) &&
      ctx.merchant.kitchenLogin !== null &&
      ctx.merchant.kitchenOrganizationId !== null;
    // A brand that claims Yandex couriers at placement: the claim row in the placement's transaction
    // (an online payment waits for mark-paid, as the kitchen does).
    const toYandex =
      !isOnlinePayment(checked.paymentType) &&
      order.deliveryType === "YANDEX" &&
      ctx.merchant.yandexClaimAt === "PLACED";
    type Write = Parameters<typeof writePlacedOrder>[1];
    const write = (input: Write): Promise<PlacedOrder> =>
      toKitchen || toYandex
        ? transaction(db, async (tx) => {
            const result = await writePlacedOrder(tx, input);
            if (result.created) {
              const placedOrder = {
                id: orderId,
                merchantId,
                serviceType: checked.serviceType,
                deliveryType: order.deliveryType ?? null,
              };
              if (toKitchen) await queueForKitchen(tx, placedOrder, new Date());
              if (toYandex) await queueDeliveryClaim(tx, placedOrder, new Date());
            }
            return result;
          })
        : writePlacedOrder(db, input);
    let placed: PlacedOrder;
    try {
      placed = await write({
        merchantId,
        userId,
        key: key ?? null,
        hash,
        cashbackRequested: checked.web.cashbackActive ? (req.cashback ?? 0) : 0,
        cashbackSpent: checked.totals.cashback,
        promoId: checked.promo?.id ?? null,
        promoUseId: checked.promo ? uuidv7() : null,
        stock: checked.stockTaken,
        order: { ...order, id: orderId },
        items: orderItemValues(merchantId, orderId, checked),
        history: {
          merchantId,
          orderId,
          status,
          reason: "CHANGE_STATUS",
          comment: "placed",
          actorUserId: ctx.takenBy ?? userId,
        },
        notices,
      });
    } catch (error) {
      const refusal = placeRefusal(error);
      throw refusal ? new AppError(refusal) : error;
    }
    if (!placed.created) {
      // A retry answers its first order from the rows the function read (the branch from the
      // cache; a branch deleted since is left to the route, which reads the order again).
      if (placed.order && placed.items && placed.histories) {
        const row = placed.order;
        const branch =
          row.branchId === checked.branch.id
            ? checked.branch
            : (await listBranches(db, { merchantId })).find((b) => b.id === row.branchId);
        if (branch || row.branchId === null) {
          const view = toOrderView(
            row,
            placed.items,
            placed.histories,
            branch ?? null,
            checked.cancelOrderActive,
          );
          return { id: row.id, created: false, view };
        }
      }
      return { id: must(placed.id), created: false };
    }
    if (!placed.order || !placed.items || !placed.history)
      throw new Error("savat_place_order answered no rows");
    // The promise is kept beside the order, not in its placing statement: an order whose promise
    // was not written (a crash between the two) shows none, and is never refused for it.
    const promised = await promisedWindow(db, checked, check.now);
    placed.order =
      (await setOrderEstimate(db, { merchantId, id: placed.order.id, ...promised })) ?? placed.order;
    // Committed: this process's menus and live streams learn of it now (other processes by NOTIFY).
    if (checked.stockTaken.length > 0) dropCaches(["menu"], merchantId);
    ctx.events.committed(change);
    ctx.events.tally.placed();
    const row = placed.order;
    const view = toOrderView(row, placed.items, [placed.history], checked.branch, checked.cancelOrderActive);
    return { id: row.id, created: true, view };
  } catch (error) {
    // A retried submit answers its first order, even when that order's checks would refuse it now
    // (its stock taken, its promo used, the branch closed since) or when it lost the race to the
    // unique index.
    if (key && (error instanceof AppError || isUniqueViolation(error))) {
      if (error instanceof AppError && error.body.code === "IDEMPOTENCY_KEY_REUSED") throw error;
      const existing = await firstOrderOfKey(db, { merchantId, userId, key, hash });
      if (existing) return { id: existing, created: false };
    }
    throw error;
  }
}

/** The lines a checked request becomes. */
export function orderItemValues(
  merchantId: string,
  orderId: string,
  checked: CheckedOrder,
): OrderItemInsert[] {
  return checked.lines.map((l) => ({
    merchantId,
    orderId,
    productId: l.product.id,
    name: l.product.name,
    image: l.product.image,
    unit: l.product.unit,
    count: l.count,
    costPrice: l.input.costPrice,
    discount: l.product.discount,
    modifications: l.modifications,
    price: fromMinor(linePrice(l.input).price),
    priority: l.priority,
  }));
}

/** The order row a checked request becomes. */
export function orderValues(
  ctx: PlaceContext,
  checked: CheckedOrder,
  { number, status, hash }: { number: number; status: OrderStatus; hash: string },
): OrderInsert {
  const t = checked.totals;
  return {
    merchantId: ctx.merchant.id,
    number,
    status,
    serviceType: checked.serviceType,
    orderDevice: ctx.orderDevice,
    paymentType: checked.paymentType,
    userId: ctx.userId,
    receiver: checked.receiver,
    address: checked.address,
    branchId: checked.branch.id,
    hallId: checked.table?.hallId ?? null,
    tableId: checked.table?.id ?? null,
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
    deliveryByTaximeter: checked.deliveryPriceSource === "TAXIMETER",
    deliveryType:
      checked.serviceType === "DELIVERY" ? defaultDeliveryTypeFor(checked.settings, ctx.channel) : null,
    atTime: checked.atTime,
    idempotencyKey: ctx.idempotencyKey ?? null,
    idempotencyHash: ctx.idempotencyKey ? hash : null,
  };
}

/** What a cancelled order gives back: the stock it took and the cashback its customer spent. */
export async function giveBackOnCancel(tx: Db, order: OrderRow): Promise<void> {
  await giveBackStockOf(tx, order);
  if (order.cashback > 0 && order.userId) {
    await addCashback(tx, { merchantId: order.merchantId, userId: order.userId, delta: order.cashback });
  }
}

/** The stock an order's lines took goes back (a cancel, or a change that writes new lines). */
export async function giveBackStockOf(tx: Db, order: OrderRow): Promise<void> {
  const merchantId = order.merchantId;
  let stockChanged = false;
  for (const item of await listOrderItemCounts(tx, { merchantId, orderId: order.id })) {
    if (!item.productId) continue;
    if (await giveBackStock(tx, { merchantId, productId: item.productId, amount: item.count })) {
      stockChanged = true;
    }
  }
  if (stockChanged) await menuChanged(tx, merchantId);
}

/** Payme's cancel reason 3 ("the transaction could not be carried out"), used for an order cancelled here. */
export const PROVIDER_REASON_CANCELLED = 3;

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
  return transaction(db, async (tx) => {
    if (actor.kind === "customer" && !actor.userId) throw new AppError("NOT_FOUND");
    const order = await lockOrder(tx, {
      merchantId,
      orderId,
      userId: actor.kind === "customer" ? actor.userId : null,
    });
    if (actor.kind === "customer") {
      const cancelOrderActive = await findCancelOrderActive(tx, { merchantId });
      if (to !== "CANCELED" || !customerCanCancel(order.status, cancelOrderActive)) {
        throw new AppError("ORDER_NOT_CANCELLABLE");
      }
    } else if (
      !canTransition(order.status, to, order.serviceType) ||
      // The payment's callback moves an unpaid online order on (payments/mark-paid.ts), not a person.
      (actor.kind === "staff" && to !== "CANCELED" && awaitsPayment(order))
    ) {
      throw new AppError("ORDER_STATUS_TRANSITION");
    }
    return applyStatus(tx, events, order, to, {
      actorUserId: actor.userId,
      comment: input.comment ?? (actor.kind === "customer" ? "cancelled by the customer" : null),
    });
  });
}

/**
 * Writes one legal move of a locked order (the caller checked it with order-status.ts): its stamps,
 * the payment taken on receipt, the refund, stock and cashback, the history entry and the customer's
 * notice. `courierStatus`: the courier's progress recorded with the move (the courier app's moves).
 */
export async function applyStatus(
  tx: Db,
  events: OrderEvents,
  order: OrderRow,
  to: OrderStatus,
  opts: { actorUserId: string | null; comment: string | null; courierStatus?: CourierStatus },
): Promise<OrderRow> {
  const { merchantId } = order;
  const now = new Date();
  const stamp = TIMESTAMP_OF[to];
  const set: Partial<OrderInsert> = { status: to };
  if (stamp) set[stamp] = now;
  if (opts.courierStatus) set.courierStatus = opts.courierStatus;
  if (to === "CLOSED" && !order.deliveredAt) set.deliveredAt = now;
  // A paid order cancelled here owes its money back: a refund is recorded with the cancel and sent
  // to the provider after it (server/src/services/payments/refunds.ts); the order says when it was asked
  // for and stays paid until the provider has given the money back.
  const refundOwed = to === "CANCELED" && order.isPaid && isOnlinePayment(order.paymentType);
  if (refundOwed) {
    set.payment = { ...order.payment, refundRequestedAt: now.toISOString(), refundState: "PENDING" };
  }
  // A payment on receipt is taken when the food reaches the customer: the order is paid with that
  // move (no provider transaction; the history entry says so). docs/decisions.md, Cash collected.
  const collected = collectsPaymentOn(order, order.status, to);
  if (collected) {
    set.isPaid = true;
    set.payment = { ...order.payment, provider: order.paymentType, paidAt: now.toISOString() };
  }
  const row = await updateOrder(tx, { merchantId, id: order.id, set });
  // Yandex Delivery (issue 39): a ready delivery of a brand on Yandex gets its claim in this
  // transaction (a brand that claims at placement has one already); a cancelled one has its claim
  // cancelled. Both are one indexed statement that writes nothing for other orders.
  if (to === "DONE") await queueDeliveryClaim(tx, order, now);
  if (to === "CANCELED") {
    await requestClaimCancel(tx, { merchantId, orderId: order.id, now });
    await giveBackOnCancel(tx, order);
    // A payment under way for it can no longer be performed: Payme's CheckTransaction then sees
    // state -1 and its PerformTransaction is refused (-31008), Click's Complete and Uzum's confirm
    // likewise; the reason is Payme's 3, "the merchant cancelled" (docs/decisions.md, Refunds).
    await cancelOpenTransactions(tx, {
      merchantId,
      orderId: order.id,
      reason: PROVIDER_REASON_CANCELLED,
      now,
    });
  }
  if (refundOwed) await recordRefunds(tx, order, now);
  if (earnsCashbackOn(order.status, to) && order.cashbackEarned > 0 && order.userId) {
    await addCashback(tx, { merchantId, userId: order.userId, delta: order.cashbackEarned });
  }
  await recordOrderHistory(tx, {
    merchantId,
    orderId: order.id,
    status: to,
    courierStatus: row.courierStatus,
    reason: collected ? "PAID_AND_CHANGE_STATUS" : "CHANGE_STATUS",
    comment:
      opts.comment ?? (collected ? `${order.paymentType === "CASH" ? "cash" : "payment"} collected` : null),
    actorUserId: opts.actorUserId,
  });
  await announce(tx, events, {
    merchantId,
    userId: order.userId,
    orderId: order.id,
    status: to,
    courierStatus: row.courierStatus,
  });
  return row;
}

export async function recordCourierChange(
  tx: Db,
  events: OrderEvents,
  order: OrderRow,
  courierStatus: CourierStatus,
  actorUserId: string | null,
  reason: OrderChangeReason = "CHANGE_COURIER_STATUS",
): Promise<void> {
  await recordOrderHistory(tx, {
    merchantId: order.merchantId,
    orderId: order.id,
    status: order.status,
    courierStatus,
    reason,
    actorUserId,
  });
  await announce(tx, events, {
    merchantId: order.merchantId,
    userId: order.userId,
    orderId: order.id,
    status: order.status,
    courierStatus,
  });
}

/** Gives a delivery order to a courier; a DONE order becomes ATTACHED. */
export async function attachCourier(
  db: Db,
  events: OrderEvents,
  input: { merchantId: string; orderId: string; courierId: string; actorUserId: string | null },
): Promise<OrderRow> {
  const { merchantId } = input;
  return transaction(db, async (tx) => {
    const order = await lockOrder(tx, input);
    const courierId = await findCourierId(tx, { merchantId, id: input.courierId });
    if (!courierId) throw new AppError("NOT_FOUND");
    if (!canAttachCourier(order)) {
      throw new AppError("ORDER_STATUS_TRANSITION");
    }
    const status: OrderStatus = order.status === "DONE" ? "ATTACHED" : order.status;
    const row = await updateOrder(tx, {
      merchantId,
      id: order.id,
      set: { courierId, courierStatus: "PERFORMER_FOUND", status },
    });
    // One change, one history entry: a ready order given to a courier moves to ATTACHED, and that
    // move (which notifies the customer) carries the courier's PERFORMER_FOUND; a second entry for
    // the courier alone read as a doubled "Attached" line. Another courier for an order already
    // under way is the courier's entry alone.
    if (status !== order.status) {
      await recordOrderHistory(tx, {
        merchantId: order.merchantId,
        orderId: order.id,
        status,
        courierStatus: "PERFORMER_FOUND",
        reason: "CHANGE_STATUS",
        actorUserId: input.actorUserId,
      });
      await announce(tx, events, {
        merchantId: order.merchantId,
        userId: order.userId,
        orderId: order.id,
        status,
        courierStatus: "PERFORMER_FOUND",
      });
    } else {
      await recordCourierChange(tx, events, row, "PERFORMER_FOUND", input.actorUserId);
    }
    return row;
  });
}

export async function setCourierStatus(
  db: Db,
  events: OrderEvents,
  input: { merchantId: string; orderId: string; courierStatus: CourierStatus; actorUserId: string | null },
): Promise<OrderRow> {
  return transaction(db, async (tx) => {
    const order = await lockOrder(tx, input);
    if (!order.courierId) throw new AppError("ORDER_STATUS_TRANSITION");
    const row = await updateOrder(tx, {
      merchantId: input.merchantId,
      id: order.id,
      set: { courierStatus: input.courierStatus },
    });
    await recordCourierChange(tx, events, row, input.courierStatus, input.actorUserId);
    return row;
  });
}

/** Stores a courier's position and tells the customers of its active orders (their maps move). */
export async function setCourierPosition(
  db: Db,
  events: OrderEvents,
  input: { merchantId: string; courierId: string; latitude: number; longitude: number },
): Promise<void> {
  const { merchantId, courierId } = input;
  await transaction(db, async (tx) => {
    if (!(await moveCourier(tx, input))) throw new AppError("NOT_FOUND");
    for (const o of await listCarriedOrders(tx, { merchantId, courierId })) {
      await announce(tx, events, {
        merchantId,
        userId: o.userId,
        orderId: o.id,
        status: o.status,
        courierStatus: o.courierStatus,
      });
    }
  });
}
