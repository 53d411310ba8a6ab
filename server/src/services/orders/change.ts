// The customer changes a placed order before the kitchen accepts it (issue 42): its dishes, its
// address or branch, its time, its way of getting it and of paying. The same check as placing decides
// every amount; the order keeps its promo (recomputed on the new basket, the order's own use not
// counted against the promo's limits) and may spend the cashback it spent before. Refused once the
// kitchen has accepted it and once the kitchen's system (iiko) or a courier service (Yandex) has it.
// One transaction: the old lines' stock goes back and the new lines' is taken, the cashback is
// settled, the order row and lines are rewritten, and the history, the customer's live stream and the
// kitchen's outbox follow.
//
// A paid order (Payme only: the other providers take one payment of the exact total) keeps paying
// with Payme: the change is checked, written in a transaction that is rolled back to learn its
// receipt, and kept PENDING with what is paid now. A pure addition pays the difference, with the
// receipt of what it adds; any other change pays the new total, and the earlier payments are
// refunded once it is paid (no provider refunds part of a payment). Payme's PerformTransaction
// applies it (applyPaidChange), checked again.
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
  /** The order was paid: the quote also names what the change is paid with. */
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
  // The change is paid with Payme like the order: its earlier payments come back only then.
  if (order.isPaid && checked.paymentType !== order.paymentType)
    throw new AppError("ORDER_PAID_KEEPS_PAYMENT");
  return { checked, cashbackBalance };
}

/** What the order would cost changed so, and for a paid order the difference to pay (nothing is written). */
export async function quoteChange(
  db: Db,
  ctx: ChangeContext,
  orderId: string,
  req: ParsedOrderRequest,
): Promise<{
  checked: CheckedOrder;
  cashbackBalance: number;
  arrival: ArrivalWindow;
  paidChange?: { amount: number; replaces: boolean };
}> {
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
    const payment = await paidChangePayment(db, { ...ctx, now }, orderId, req);
    return {
      ...error.quote,
      arrival,
      paidChange: { amount: fromMinor(payment.receipt.total), replaces: payment.replaces },
    };
  }
  throw new Error("unreachable: a change quote always rolls back");
}

/** What a change request asked: answered with the pending difference when the order is paid. */
export interface ChangeOutcome {
  orderId: string;
  /** A paid order's change waiting for its payment (tiyin) with Payme. */
  pending: { changeId: string; amount: number; replaces: boolean } | null;
}

/**
 * Changes the customer's order. A paid order's change is only kept, with what it is paid with (a
 * pure addition of nothing, e.g. a new comment, is written at once).
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
  const payment = await paidChangePayment(db, { ...ctx, now }, orderId, req);
  if (!payment.replaces && payment.receipt.total === 0) {
    await transaction(db, async (tx) => {
      const order = await lockOrder(tx, target);
      await applyChange(tx, { ...ctx, now }, order, req, "changed by the customer");
    });
    return { orderId, pending: null };
  }
  const change = await transaction(db, async (tx) => {
    await lockOrder(tx, target);
    // A payment begun for the change this one replaces can no longer complete.
    await cancelOpenTransactions(tx, { merchantId, orderId, reason: PROVIDER_REASON_CANCELLED, now });
    return replacePendingChange(tx, {
      merchantId,
      orderId,
      userId: ctx.userId,
      channel: ctx.channel,
      later: ctx.later,
      request: req,
      amount: payment.receipt.total,
      receipt: payment.receipt as unknown as Record<string, unknown>,
      replaces: payment.replaces,
    });
  });
  return { orderId, pending: { changeId: change.id, amount: change.amount, replaces: change.replaces } };
}

/** The payment (tiyin) the customer's paid Payme order waits for to change, or null. */
export async function pendingChangeAmount(db: Db, order: OrderRow): Promise<number | null> {
  if (!order.isPaid || !customerCanChange(order.status, order.isPaid, order.paymentType)) return null;
  const change = await findPendingChange(db, { merchantId: order.merchantId, orderId: order.id });
  return change?.amount ?? null;
}

/** What a paid order's change is paid with: the receipt of what is paid now, and whether it replaces. */
interface ChangePayment {
  receipt: FiscalReceipt;
  replaces: boolean;
}

/** Thrown to roll back a paid order's trial change with what it is paid with. */
class TrialOnly extends Error {
  readonly payment: ChangePayment;
  constructor(payment: ChangePayment) {
    super("trial");
    this.payment = payment;
  }
}

/** A pure addition pays the receipt of what it adds; anything else the whole new receipt. */
function changePayment(before: FiscalReceipt, after: FiscalReceipt): ChangePayment {
  const added = receiptDifference(before, after);
  return added ? { receipt: added, replaces: false } : { receipt: after, replaces: true };
}

/**
 * What the paid order's change is paid with: the change is written in a transaction that is rolled
 * back, and the order's receipts before and after compared. Refused for a brand whose receipt cannot
 * be made (ORDER_PAID_NOT_CHANGEABLE).
 */
async function paidChangePayment(
  db: Db,
  ctx: ChangeContext & { now: Date },
  orderId: string,
  req: ParsedOrderRequest,
): Promise<ChangePayment> {
  try {
    await transaction(db, async (tx) => {
      const order = await lockOrder(tx, { merchantId: ctx.merchant.id, orderId, userId: ctx.userId });
      const before = await receiptOf(tx, order);
      const { changed } = await applyChange(tx, ctx, order, req, "changed by the customer");
      throw new TrialOnly(changePayment(before, await receiptOf(tx, changed)));
    });
  } catch (error) {
    if (error instanceof TrialOnly) return error.payment;
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
 * Payme performed the payment of the paid order's pending change, in Payme's transaction with the
 * order locked: the change is checked again and written, and must come to what was paid (the added
 * part, or the new total of a change that replaces the payment). An AppError (the kitchen accepted
 * meanwhile, a dish sold out, another amount) means it cannot be applied: the caller rolls back and
 * refuses the payment.
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
  const comment = change.replaces
    ? "changed by the customer, paid anew with Payme (the earlier payment is refunded)"
    : "changed by the customer, the difference paid with Payme";
  const { changed } = await applyChange(tx, ctx, order, req, comment);
  const payment = changePayment(before, await receiptOf(tx, changed));
  if (payment.replaces !== change.replaces || payment.receipt.total !== change.amount) {
    throw new AppError("ORDER_NOT_CHANGEABLE");
  }
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
