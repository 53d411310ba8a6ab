// The customer changes a placed order before the kitchen accepts it (issue 42): its dishes, its
// address or branch, its time, its way of getting it and of paying. The same check as placing decides
// every amount; the order keeps its promo (recomputed on the new basket, the order's own use not
// counted against the promo's limits) and may spend the cashback it spent before. Refused once the
// kitchen has accepted it and once the kitchen's system (iiko) or a courier service (Yandex) has it.
// One transaction: the old lines' stock goes back and the new lines' is taken, the cashback is
// settled, the order row and lines are rewritten, and the history, the customer's live stream and the
// kitchen's outbox follow.
//
// A paid order (Payme only: the other providers take one payment of the exact total) may only take
// more dishes: the change is checked, written in a transaction that is rolled back to learn its
// receipt, and kept PENDING with the difference to pay and that difference's sale receipt. Payme's
// PerformTransaction of the difference applies it (applyPaidChange), checked again.
import type { ArrivalWindow } from "#domain/arrival.ts";
import { fromMinor } from "#domain/money.ts";
import { isOnlinePayment } from "#domain/offer.ts";
import { goesToKitchen } from "#domain/kitchen.ts";
import { customerCanChange } from "#domain/order-status.ts";
import type { OrderChangeReason, OrderStatus } from "#domain/enums.ts";
import { receiptDifference, type FiscalReceipt } from "#domain/fiscal.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { menuChanged } from "../../repositories/menu-cache.ts";
import { findMerchantById } from "../../repositories/merchants.ts";
import {
  findPendingChange,
  replacePendingChange,
  setChangeState,
  type OrderChangeRow,
} from "../../repositories/order-changes.ts";
import { findDeliveryClaimOfOrder, findYandexClaimMoment } from "../../repositories/delivery-claims.ts";
import { listKitchenStates } from "../../repositories/kitchen.ts";
import { cancelOpenTransactions } from "../../repositories/payments.ts";
import {
  addCashback,
  lockOrder,
  replaceOrderItems,
  setOrderEstimate,
  takeStock,
  updateOrder,
  type OrderRow,
} from "../../repositories/orders.ts";
import { queueForKitchen } from "../kitchen/iiko-outbox.ts";
import { queueDeliveryClaim } from "../delivery/yandex-queue.ts";
import { FiscalGap, orderReceipt } from "../payments/fiscal.ts";
import { promisedWindow } from "./arrival.ts";
import { finishOrder, prepareOrder, type CheckedOrder, type ParsedOrderRequest } from "./check.ts";
import { announce } from "./events.ts";
import { recordOrderHistory } from "./history.ts";
import { recordWebhookEvent } from "../webhooks/events.ts";
import {
  checkContext,
  giveBackStockOf,
  orderItemValues,
  orderValues,
  PROVIDER_REASON_CANCELLED,
  type PlaceContext,
} from "./service.ts";

export type ChangeContext = Omit<PlaceContext, "idempotencyKey" | "orderDevice" | "takenBy">;

/** Why this order cannot be changed now, or null. */
async function changeRefusal(tx: Db, order: OrderRow): Promise<AppError | null> {
  if (order.isPaid && order.paymentType !== "PAYME") return new AppError("ORDER_PAID_NOT_CHANGEABLE");
  if (!customerCanChange(order.status, order.isPaid, order.paymentType)) {
    return new AppError("ORDER_NOT_CHANGEABLE");
  }
  const target = { merchantId: order.merchantId, orderId: order.id };
  const kitchen = await listKitchenStates(tx, { merchantId: order.merchantId, orderIds: [order.id] });
  if (kitchen.size > 0 || (await findDeliveryClaimOfOrder(tx, target))) {
    return new AppError("ORDER_IN_KITCHEN_SYSTEM");
  }
  return null;
}

/** The history reason of a change: its payment type, else its service type, else its contents. */
function changeReason(order: OrderRow, checked: CheckedOrder): OrderChangeReason {
  if (order.paymentType !== checked.paymentType) return "CHANGE_PAYMENT_TYPE";
  if (order.serviceType !== checked.serviceType) return "CHANGE_DELIVERY_TYPE";
  return "UPDATE";
}

/** Thrown to roll a quote's transaction back (the stock it gave back) with its answer. */
class QuoteOnly extends Error {
  readonly quote: { checked: CheckedOrder; cashbackBalance: number };
  /** The order was paid: the quote also names the difference. */
  readonly paid: boolean;
  constructor(quote: { checked: CheckedOrder; cashbackBalance: number }, paid: boolean) {
    super("quote");
    this.quote = quote;
    this.paid = paid;
  }
}

/**
 * Checks the change against the locked order with its own stock given back, in `tx`: the order's
 * promo stays (its own use not counted), and the cashback it spent is the customer's to spend again.
 */
async function checkChange(
  tx: Db,
  ctx: ChangeContext,
  order: OrderRow,
  req: ParsedOrderRequest,
): Promise<{ checked: CheckedOrder; cashbackBalance: number }> {
  const refusal = await changeRefusal(tx, order);
  if (refusal) throw refusal;
  await giveBackStockOf(tx, order);
  const request: ParsedOrderRequest = { ...req, promoCode: order.promoCode };
  const check = checkContext(ctx);
  const prepared = await prepareOrder(tx, check, request);
  if (!prepared.customer) throw new AppError("UNAUTHORIZED");
  const promo = prepared.promo;
  if (promo && promo.row.id === order.promoId) {
    prepared.promo = { ...promo, mine: Math.max(0, promo.mine - 1), all: Math.max(0, promo.all - 1) };
  }
  const cashbackBalance = prepared.customer.cashback + order.cashback;
  const checked = finishOrder(check, prepared, request, cashbackBalance);
  // An online payment waits OPEN until the order's payment time-out, counted from its placing: an
  // order paid on receipt that switched late would be cancelled unpaid at once.
  if (!order.isPaid && order.status !== "OPEN" && isOnlinePayment(checked.paymentType)) {
    throw new AppError("ORDER_CHANGE_TO_ONLINE");
  }
  if (order.isPaid && !keepsPaidTerms(order, checked)) throw new AppError("ORDER_PAID_CHANGE_ONLY_DISHES");
  return { checked, cashbackBalance };
}

/** A paid order's change keeps how it is paid, served, where and when, and the cashback it spent. */
function keepsPaidTerms(order: OrderRow, checked: CheckedOrder): boolean {
  const place = (a: { latitude: number; longitude: number } | null) =>
    a ? `${String(a.latitude)},${String(a.longitude)}` : "";
  return (
    checked.paymentType === order.paymentType &&
    checked.serviceType === order.serviceType &&
    checked.branch.id === order.branchId &&
    place(checked.address) === place(order.address) &&
    (checked.atTime?.getTime() ?? null) === (order.atTime?.getTime() ?? null) &&
    checked.totals.cashback === order.cashback
  );
}

/** What the order would cost changed so, and for a paid order the difference to pay (nothing is written). */
export async function quoteChange(
  db: Db,
  ctx: ChangeContext,
  orderId: string,
  req: ParsedOrderRequest,
): Promise<{ checked: CheckedOrder; cashbackBalance: number; arrival: ArrivalWindow; difference?: number }> {
  const now = ctx.now ?? new Date();
  try {
    await transaction(db, async (tx) => {
      const order = await lockOrder(tx, { merchantId: ctx.merchant.id, orderId, userId: ctx.userId });
      throw new QuoteOnly(await checkChange(tx, ctx, order, req), order.isPaid);
    });
  } catch (error) {
    if (!(error instanceof QuoteOnly)) throw error;
    const { checked } = error.quote;
    const arrival = await promisedWindow(db, checked, now);
    if (!error.paid) return { ...error.quote, arrival };
    const difference = await paidDifference(db, { ...ctx, now }, orderId, req);
    return { ...error.quote, arrival, difference: fromMinor(difference.total) };
  }
  throw new Error("unreachable: a change quote always rolls back");
}

/** What a change request asked: answered with the pending difference when the order is paid. */
export interface ChangeOutcome {
  orderId: string;
  /** A paid order's change waiting for its difference (tiyin) to be paid with Payme. */
  pending: { changeId: string; amount: number } | null;
}

/**
 * Changes the customer's order. A paid order's change is only kept, with its difference to pay
 * (none: written at once, e.g. a new comment).
 */
export async function changeOrder(
  db: Db,
  ctx: ChangeContext,
  orderId: string,
  req: ParsedOrderRequest,
): Promise<ChangeOutcome> {
  const merchantId = ctx.merchant.id;
  const now = ctx.now ?? new Date();
  const target = { merchantId, orderId, userId: ctx.userId };
  const unpaid = await transaction(db, async (tx) => {
    const order = await lockOrder(tx, target);
    if (order.isPaid) return false;
    await applyChange(tx, { ...ctx, now }, order, req, "changed by the customer");
    return true;
  });
  if (unpaid) return { orderId, pending: null };
  const difference = await paidDifference(db, { ...ctx, now }, orderId, req);
  if (difference.total === 0) {
    await transaction(db, async (tx) => {
      const order = await lockOrder(tx, target);
      await applyChange(tx, { ...ctx, now }, order, req, "changed by the customer");
    });
    return { orderId, pending: null };
  }
  const change = await transaction(db, async (tx) => {
    await lockOrder(tx, target);
    return replacePendingChange(tx, {
      merchantId,
      orderId,
      userId: ctx.userId,
      channel: ctx.channel,
      later: ctx.later,
      request: req,
      amount: difference.total,
      receipt: difference as unknown as Record<string, unknown>,
    });
  });
  return { orderId, pending: { changeId: change.id, amount: change.amount } };
}

/** The difference (tiyin) the customer's paid Payme order waits for, or null. */
export async function pendingDifference(db: Db, order: OrderRow): Promise<number | null> {
  if (!order.isPaid || !customerCanChange(order.status, order.isPaid, order.paymentType)) return null;
  const change = await findPendingChange(db, { merchantId: order.merchantId, orderId: order.id });
  return change?.amount ?? null;
}

/** Thrown to roll back a paid order's trial change with the receipt of what it adds. */
class TrialOnly extends Error {
  readonly difference: FiscalReceipt;
  constructor(difference: FiscalReceipt) {
    super("trial");
    this.difference = difference;
  }
}

/**
 * The sale receipt of what the change adds to the paid order: the change is written in a transaction
 * that is rolled back, and the order's receipts before and after compared. A change that is not a
 * pure addition is refused (ORDER_PAID_CHANGE_ONLY_DISHES); so is a brand whose receipt cannot be made.
 */
async function paidDifference(
  db: Db,
  ctx: ChangeContext & { now: Date },
  orderId: string,
  req: ParsedOrderRequest,
): Promise<FiscalReceipt> {
  try {
    await transaction(db, async (tx) => {
      const order = await lockOrder(tx, { merchantId: ctx.merchant.id, orderId, userId: ctx.userId });
      const before = await receiptOf(tx, order);
      const { changed } = await applyChange(tx, ctx, order, req, "changed by the customer");
      const difference = receiptDifference(before, await receiptOf(tx, changed));
      if (!difference) throw new AppError("ORDER_PAID_CHANGE_ONLY_DISHES");
      throw new TrialOnly(difference);
    });
  } catch (error) {
    if (error instanceof TrialOnly) return error.difference;
    throw error;
  }
  throw new Error("unreachable: a trial change always rolls back");
}

async function receiptOf(tx: Db, order: OrderRow): Promise<FiscalReceipt> {
  try {
    return (await orderReceipt(tx, order)).receipt;
  } catch (error) {
    if (error instanceof FiscalGap) throw new AppError("ORDER_PAID_NOT_CHANGEABLE");
    throw error;
  }
}

/**
 * Payme performed the difference of the paid order's pending change, in Payme's transaction with the
 * order locked: the change is checked again and written, and must add exactly what was paid. An
 * AppError (the kitchen accepted meanwhile, a dish sold out, another difference) means it cannot be
 * applied: the caller rolls back and refuses the payment.
 */
export async function applyPaidChange(
  tx: Db,
  input: { order: OrderRow; change: OrderChangeRow; events: ChangeContext["events"]; now: Date },
): Promise<void> {
  const { order, change, now } = input;
  const merchant = await findMerchantById(tx, order.merchantId);
  if (!merchant || change.state !== "PENDING") throw new AppError("ORDER_NOT_CHANGEABLE");
  const ctx = {
    merchant,
    userId: change.userId,
    channel: change.channel as ChangeContext["channel"],
    later: change.later,
    events: input.events,
    now,
  };
  const before = await receiptOf(tx, order);
  const req = change.request as unknown as ParsedOrderRequest;
  const { changed } = await applyChange(
    tx,
    ctx,
    order,
    req,
    "changed by the customer, the difference paid with Payme",
  );
  const difference = receiptDifference(before, await receiptOf(tx, changed));
  if (difference?.total !== change.amount) throw new AppError("ORDER_NOT_CHANGEABLE");
  await setChangeState(tx, { merchantId: order.merchantId, id: change.id, state: "APPLIED" });
}

/** Writes the change of the locked order in `tx`. */
async function applyChange(
  tx: Db,
  ctx: ChangeContext & { now: Date },
  order: OrderRow,
  req: ParsedOrderRequest,
  comment: string,
): Promise<{ checked: CheckedOrder; changed: OrderRow }> {
  const merchantId = ctx.merchant.id;
  const orderId = order.id;
  const { now } = ctx;
  const { checked } = await checkChange(tx, ctx, order, req);
  for (const s of checked.stockTaken) {
    if (!(await takeStock(tx, { merchantId, ...s }))) throw new AppError("STOCK_NOT_ENOUGH");
  }
  if (checked.stockTaken.length > 0) await menuChanged(tx, merchantId);
  const spentBefore = order.cashback;
  const spentNow = checked.totals.cashback;
  if (spentBefore !== spentNow && order.userId) {
    await addCashback(tx, { merchantId, userId: order.userId, delta: spentBefore - spentNow });
  }
  const online = isOnlinePayment(checked.paymentType);
  const status: OrderStatus = order.isPaid
    ? order.status
    : online
      ? "OPEN"
      : checked.atTime
        ? "AT_TIME"
        : "CREATED";
  // A payment begun for the old total can no longer complete: the customer pays the new one.
  if (order.status === "OPEN") {
    await cancelOpenTransactions(tx, { merchantId, orderId, reason: PROVIDER_REASON_CANCELLED, now });
  }
  const {
    number: _n,
    orderDevice: _d,
    userId: _u,
    idempotencyKey: _k,
    idempotencyHash: _h,
    merchantId: _m,
    ...values
  } = orderValues(
    { ...ctx, orderDevice: order.orderDevice ?? "CLIENT_WEB", idempotencyKey: undefined },
    checked,
    { number: order.number, status, hash: "" },
  );
  const changed = await updateOrder(tx, { merchantId, id: orderId, set: values });
  await replaceOrderItems(tx, {
    merchantId,
    orderId,
    items: orderItemValues(merchantId, orderId, checked),
  });
  const promised = await promisedWindow(tx, checked, now);
  await setOrderEstimate(tx, { merchantId, id: orderId, ...promised });
  const reason = changeReason(order, checked);
  await recordOrderHistory(tx, {
    merchantId,
    orderId,
    status,
    courierStatus: order.courierStatus,
    reason,
    comment,
    actorUserId: ctx.userId,
  });
  // The brand's endpoints (a kitchen screen, an ERP) read the order again.
  const totalPrice = checked.totals.totalPrice;
  await recordWebhookEvent(tx, {
    merchantId,
    types: ["order.changed"],
    orderId,
    facts: { status, reason, totalPrice },
  });
  // Now payable on receipt: the kitchen's system and Yandex get it as at placement.
  if (!online) {
    if (goesToKitchen(changed.serviceType)) await queueForKitchen(tx, changed, now);
    if (changed.deliveryType === "YANDEX" && (await findYandexClaimMoment(tx, merchantId)) === "PLACED") {
      await queueDeliveryClaim(tx, changed, now);
    }
  }
  await announce(tx, ctx.events, {
    merchantId,
    userId: order.userId,
    orderId,
    status,
    courierStatus: order.courierStatus,
  });
  return { checked, changed };
}
