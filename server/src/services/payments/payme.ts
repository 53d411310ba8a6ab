// Payme's Merchant API (docs/decisions.md, Payments): Payme calls the server to check an order, create
// a transaction for it, perform (pay) it, cancel it, look at it and list them. Every method answers
// either a result or one of Payme's errors (PaymeFault); the route wraps them in JSON-RPC 2.0.
//
// Locks: a method that writes locks the order row, then the transaction row, in that order, inside
// one database transaction, so calls about one order take turns and a replay sees what the first
// call committed. Outcomes that change rows and still answer an error (a transaction that timed out
// is cancelled, then refused) commit first and throw after.
import { PAYME_ERRORS, type PaymeErrorName } from "#domain/api-errors.ts";
import { paymeDetail, type FiscalReceipt } from "#domain/fiscal.ts";
import { customerCanChange } from "#domain/order-status.ts";
import { toMinor } from "#domain/money.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { lockOrder, type OrderRow } from "../../repositories/orders.ts";
import {
  findOpenTransaction,
  findOrderMerchant,
  findProviderTransaction,
  insertPaymentTransaction,
  listProviderTransactions,
  lockProviderTransaction,
  updatePaymentTransaction,
  type PaymentTransactionRow,
} from "../../repositories/payments.ts";
import type { OrderEvents } from "../orders/events.ts";
import { cancelIfPastPaymentTimeout } from "../orders/payment-timeout.ts";
import { recordFiscalReceipt } from "../../repositories/fiscal.ts";
import {
  findPendingChange,
  lockChange,
  setChangeState,
  type OrderChangeRow,
} from "../../repositories/order-changes.ts";
import { applyPaidChange } from "../orders/change.ts";
import { recordFiscalLinkMessage } from "../notifications/order-status.ts";
import { FiscalGap, orderReceipt } from "./fiscal.ts";
import { markOrderPaid, paidTransition } from "./mark-paid.ts";
import { cancelPerformedByProvider } from "./provider-cancel.ts";
import { recordRefunds } from "./refunds.ts";

/** A created transaction not performed within 12 hours can no longer be performed. */
export const PAYME_TIMEOUT_MS = 43_200_000;
/** Payme's cancel reason "the transaction timed out". */
export const REASON_TIMEOUT = 4;

export const PAYME_METHODS = [
  "CheckPerformTransaction",
  "CreateTransaction",
  "PerformTransaction",
  "CancelTransaction",
  "CheckTransaction",
  "GetStatement",
  "SetFiscalData",
] as const;
export type PaymeMethod = (typeof PAYME_METHODS)[number];

/** One of Payme's errors; `data` names the account field an account error is about. */
export class PaymeFault extends Error {
  override readonly name = "PaymeFault";
  readonly error: PaymeErrorName;
  readonly data: string | undefined;
  constructor(error: PaymeErrorName, data?: string) {
    super(error);
    this.error = error;
    this.data = data;
  }

  get code(): number {
    return PAYME_ERRORS[this.error].code;
  }
}

export interface PaymeContext {
  db: Db;
  events: OrderEvents;
  /** The brands whose Payme key the request carried. */
  merchantIds: readonly string[];
  now: Date;
}

type Params = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fail(error: PaymeErrorName, data?: string): never {
  throw new PaymeFault(error, data);
}

function text(params: Params, key: string): string {
  const value = params[key];
  if (typeof value !== "string" || value.length === 0 || value.length > 255) fail("INVALID_REQUEST");
  return value;
}

function integer(params: Params, key: string): number {
  const value = params[key];
  if (typeof value !== "number" || !Number.isSafeInteger(value)) fail("INVALID_REQUEST");
  return value;
}

/** The last moment a `time` may name: the end of year 9999, as far as the database stores a time. */
const LAST_MOMENT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A moment in ms since the epoch, from 1970 to the end of year 9999; a request error otherwise. */
function moment(params: Params, key: string): Date {
  const value = integer(params, key);
  if (value < 0 || value > LAST_MOMENT_MS) fail("INVALID_REQUEST");
  return new Date(value);
}

/** Payme's cancel reason: a small positive code (1..10 in Payme's documentation); a request error otherwise. */
function cancelReason(params: Params): number {
  const value = integer(params, "reason");
  if (value < 1 || value > 99) fail("INVALID_REQUEST");
  return value;
}

function ms(date: Date | null): number {
  return date ? date.getTime() : 0;
}

function authorize(ctx: PaymeContext, merchantId: string): void {
  if (!ctx.merchantIds.includes(merchantId)) fail("INSUFFICIENT_PRIVILEGE");
}

function timedOut(t: PaymentTransactionRow, now: Date): boolean {
  return now.getTime() - t.createTime.getTime() > PAYME_TIMEOUT_MS;
}

interface OrderTarget {
  merchantId: string;
  orderId: string;
}

/**
 * The order named by `account.order_id`, of a brand the request may act for. Only its brand is
 * read here: the callers read the order itself under its lock (lockAccountOrder).
 */
async function accountOrder(ctx: PaymeContext, params: Params): Promise<OrderTarget> {
  const account = params.account;
  if (typeof account !== "object" || account === null || Array.isArray(account)) fail("INVALID_REQUEST");
  const orderId = (account as Params).order_id;
  if (typeof orderId !== "string" || !UUID.test(orderId)) fail("ORDER_NOT_FOUND", "order_id");
  const merchantId = await findOrderMerchant(ctx.db, orderId);
  if (!merchantId) fail("ORDER_NOT_FOUND", "order_id");
  authorize(ctx, merchantId);
  return { merchantId, orderId };
}

/** The order a call is about, locked; Payme's "order not found" if it is gone. */
async function lockAccountOrder(tx: Db, target: OrderTarget): Promise<OrderRow> {
  try {
    return await lockOrder(tx, target);
  } catch (error) {
    if (error instanceof AppError && error.body.code === "NOT_FOUND") fail("ORDER_NOT_FOUND", "order_id");
    throw error;
  }
}

/**
 * Why Payme may not pay the locked order now, as the fault to answer once the transaction commits:
 * not a Payme order, paid or no longer OPEN, past its payment time-out (cancelled here as the sweep
 * would, so the answer is the same before and after the sweep), or an amount other than its total.
 * A paid order is payable only for the payment of its pending change (issue 42), while the
 * customer may still change it.
 */
async function payableFault(
  tx: Db,
  ctx: PaymeContext,
  order: OrderRow,
  amount: number,
): Promise<{ fault: PaymeFault } | { change: OrderChangeRow | null }> {
  const notPayable = { fault: new PaymeFault("ORDER_NOT_PAYABLE", "order_id") };
  if (order.paymentType !== "PAYME") return notPayable;
  if (order.isPaid) {
    const change = await findPendingChange(tx, { merchantId: order.merchantId, orderId: order.id });
    if (!change || !customerCanChange(order.status, true, order.paymentType)) return notPayable;
    if (amount !== change.amount) return { fault: new PaymeFault("WRONG_AMOUNT", "amount") };
    return { change };
  }
  if (order.status !== "OPEN") return notPayable;
  if (await cancelIfPastPaymentTimeout(tx, ctx.events, order, ctx.now)) return notPayable;
  if (amount <= 0 || amount !== toMinor(order.totalPrice)) {
    return { fault: new PaymeFault("WRONG_AMOUNT", "amount") };
  }
  return { change: null };
}

/** The transaction named by `params.id`, of a brand the request may act for. */
async function namedTransaction(ctx: PaymeContext, params: Params): Promise<PaymentTransactionRow> {
  const providerTransactionId = text(params, "id");
  const t = await findProviderTransaction(ctx.db, { provider: "PAYME", providerTransactionId });
  if (!t) fail("TRANSACTION_NOT_FOUND");
  authorize(ctx, t.merchantId);
  return t;
}

type Outcome<T> = { result: T } | { fault: PaymeFault };

/** Runs `work` in a transaction that commits even when the answer is an error, then answers. */
async function committed<T>(db: Db, work: (tx: Db) => Promise<Outcome<T>>): Promise<T> {
  const outcome = await transaction(db, work);
  if ("fault" in outcome) throw outcome.fault;
  return outcome.result;
}

/** The order and its transaction, locked in that order. */
async function lockBoth(tx: Db, t: PaymentTransactionRow) {
  const order = await lockOrder(tx, { merchantId: t.merchantId, orderId: t.orderId });
  const locked = await lockProviderTransaction(tx, { merchantId: t.merchantId, id: t.id });
  if (!locked) throw new AppError("NOT_FOUND");
  return { order, t: locked };
}

async function cancelTimedOut(tx: Db, t: PaymentTransactionRow, now: Date): Promise<PaymentTransactionRow> {
  return updatePaymentTransaction(tx, {
    merchantId: t.merchantId,
    id: t.id,
    set: { state: -1, reason: REASON_TIMEOUT, cancelTime: now },
  });
}

const createAnswer = (t: PaymentTransactionRow) => ({
  create_time: ms(t.createTime),
  transaction: t.id,
  state: t.state,
});

const performAnswer = (t: PaymentTransactionRow) => ({
  transaction: t.id,
  perform_time: ms(t.performTime),
  state: t.state,
});

const cancelAnswer = (t: PaymentTransactionRow) => ({
  transaction: t.id,
  cancel_time: ms(t.cancelTime),
  state: t.state,
});

async function checkPerformTransaction(ctx: PaymeContext, params: Params) {
  const amount = integer(params, "amount");
  const target = await accountOrder(ctx, params);
  return committed(ctx.db, async (tx) => {
    const order = await lockAccountOrder(tx, target);
    const payable = await payableFault(tx, ctx, order, amount);
    if ("fault" in payable) return payable;
    const open = await findOpenTransaction(tx, target);
    if (open && !timedOut(open, ctx.now)) return { fault: new PaymeFault("ORDER_BEING_PAID", "order_id") };
    // A change's payment is sold with the receipt made when it was asked for (what it adds, or all).
    if (payable.change) {
      const difference = payable.change.receipt as unknown as FiscalReceipt;
      return { result: { allow: true, detail: paymeDetail(difference) } };
    }
    // The fiscal receipt Payme registers for the payment (issue 40): without it the order is not payable.
    try {
      const { receipt } = await orderReceipt(tx, order);
      return { result: { allow: true, detail: paymeDetail(receipt) } };
    } catch (error) {
      if (error instanceof FiscalGap) return { fault: new PaymeFault("ORDER_NOT_PAYABLE", "order_id") };
      throw error;
    }
  });
}

async function createTransaction(ctx: PaymeContext, params: Params) {
  const providerTransactionId = text(params, "id");
  const time = moment(params, "time");
  const amount = integer(params, "amount");
  const { now } = ctx;
  // A known id is a replay: its order is the one it was created for, whatever the account says.
  const known = await findProviderTransaction(ctx.db, { provider: "PAYME", providerTransactionId });
  if (known) authorize(ctx, known.merchantId);
  const target = known
    ? { merchantId: known.merchantId, orderId: known.orderId }
    : await accountOrder(ctx, params);
  const { merchantId, orderId } = target;
  return committed(ctx.db, async (tx) => {
    const locked = await lockAccountOrder(tx, target);
    // Looked up again under the order's lock: a replay racing the first call sees its row.
    const existing = await findProviderTransaction(tx, { provider: "PAYME", providerTransactionId });
    if (existing) {
      if (existing.state !== 1) return { fault: new PaymeFault("CANNOT_PERFORM") };
      // Its order passed its payment time-out: cancelled with the order, as the sweep would.
      if (await cancelIfPastPaymentTimeout(tx, ctx.events, locked, now)) {
        return { fault: new PaymeFault("CANNOT_PERFORM") };
      }
      if (timedOut(existing, now)) {
        await cancelTimedOut(tx, existing, now);
        return { fault: new PaymeFault("CANNOT_PERFORM") };
      }
      return { result: createAnswer(existing) };
    }
    const payable = await payableFault(tx, ctx, locked, amount);
    if ("fault" in payable) return payable;
    const open = await findOpenTransaction(tx, { merchantId, orderId });
    if (open) {
      if (!timedOut(open, now)) return { fault: new PaymeFault("ORDER_BEING_PAID", "order_id") };
      await cancelTimedOut(tx, open, now);
    }
    const t = await insertPaymentTransaction(tx, {
      merchantId,
      provider: "PAYME",
      providerTransactionId,
      orderId,
      amount,
      state: 1,
      providerTime: time,
      createTime: now,
      changeId: payable.change?.id ?? null,
    });
    return { result: createAnswer(t) };
  });
}

/** Thrown to roll back a perform whose change can no longer be applied. */
class ChangeNotApplied extends Error {
  override readonly name = "ChangeNotApplied";
}

/**
 * Performs the payment of a paid order's change: the change is applied (checked again) and the
 * transaction performed; a change that replaces the payment has the order's earlier payments owed
 * back (refunds the worker sends). A change that cannot be applied now throws ChangeNotApplied.
 */
async function performChange(
  tx: Db,
  ctx: PaymeContext,
  order: OrderRow,
  t: PaymentTransactionRow,
): Promise<PaymentTransactionRow> {
  const change = t.changeId ? await lockChange(tx, { merchantId: t.merchantId, id: t.changeId }) : undefined;
  if (!change || change.amount !== t.amount) throw new ChangeNotApplied();
  try {
    await applyPaidChange(tx, { order, change, events: ctx.events, now: ctx.now });
  } catch (error) {
    if (error instanceof AppError) throw new ChangeNotApplied(error.body.code);
    throw error;
  }
  // Before this one is performed: only the earlier payments are owed back.
  if (change.replaces) await recordRefunds(tx, order, ctx.now);
  return updatePaymentTransaction(tx, {
    merchantId: t.merchantId,
    id: t.id,
    set: { state: 2, performTime: ctx.now },
  });
}

async function performTransaction(ctx: PaymeContext, params: Params) {
  const found = await namedTransaction(ctx, params);
  try {
    return await performOnce(ctx, found);
  } catch (error) {
    if (!(error instanceof ChangeNotApplied) || !found.changeId) throw error;
    // Nothing of the change was written; it no longer waits, and Payme gives the money back.
    const changeId = found.changeId;
    await transaction(ctx.db, async (tx) => {
      await lockOrder(tx, { merchantId: found.merchantId, orderId: found.orderId });
      await setChangeState(tx, { merchantId: found.merchantId, id: changeId, state: "CANCELLED" });
    });
    throw new PaymeFault("CANNOT_PERFORM");
  }
}

async function performOnce(ctx: PaymeContext, found: PaymentTransactionRow) {
  const { now } = ctx;
  return committed(ctx.db, async (tx) => {
    const { order, t } = await lockBoth(tx, found);
    if (t.state === 2) return { result: performAnswer(t) };
    if (t.state !== 1) return { fault: new PaymeFault("CANNOT_PERFORM") };
    // Its order passed its payment time-out: cancelled with the order, as the sweep would.
    if (await cancelIfPastPaymentTimeout(tx, ctx.events, order, now)) {
      return { fault: new PaymeFault("CANNOT_PERFORM") };
    }
    if (timedOut(t, now)) {
      await cancelTimedOut(tx, t, now);
      return { fault: new PaymeFault("CANNOT_PERFORM") };
    }
    if (t.changeId) return { result: performAnswer(await performChange(tx, ctx, order, t)) };
    const to = paidTransition(order, t.amount, now);
    if (!to) return { fault: new PaymeFault("CANNOT_PERFORM") };
    await markOrderPaid(tx, ctx.events, order, to, {
      provider: "PAYME",
      transactionId: t.providerTransactionId,
      now,
      comment: "paid with Payme",
    });
    const performed = await updatePaymentTransaction(tx, {
      merchantId: t.merchantId,
      id: t.id,
      set: { state: 2, performTime: now },
    });
    return { result: performAnswer(performed) };
  });
}

async function cancelTransaction(ctx: PaymeContext, params: Params) {
  const reason = cancelReason(params);
  const found = await namedTransaction(ctx, params);
  const { now } = ctx;
  return committed(ctx.db, async (tx) => {
    const { order, t } = await lockBoth(tx, found);
    if (t.state === -1 || t.state === -2) return { result: cancelAnswer(t) };
    const merchantId = order.merchantId;
    if (t.state === 1) {
      const cancelled = await updatePaymentTransaction(tx, {
        merchantId,
        id: t.id,
        set: { state: -1, reason, cancelTime: now },
      });
      return { result: cancelAnswer(cancelled) };
    }
    // Performed: the money goes back, unless the food has reached the customer.
    const cancelled = await cancelPerformedByProvider(tx, ctx.events, {
      order,
      transaction: t,
      now,
      provider: "Payme",
      set: { state: -2, reason, cancelTime: now },
      payment: { refundReason: reason },
    });
    if (!cancelled) return { fault: new PaymeFault("CANNOT_CANCEL") };
    return { result: cancelAnswer(cancelled) };
  });
}

async function checkTransaction(ctx: PaymeContext, params: Params) {
  const t = await namedTransaction(ctx, params);
  return {
    create_time: ms(t.createTime),
    perform_time: ms(t.performTime),
    cancel_time: ms(t.cancelTime),
    transaction: t.id,
    state: t.state,
    reason: t.reason,
  };
}

async function getStatement(ctx: PaymeContext, params: Params) {
  const rows = await listProviderTransactions(ctx.db, {
    merchantIds: [...ctx.merchantIds],
    provider: "PAYME",
    from: moment(params, "from"),
    to: moment(params, "to"),
  });
  return {
    transactions: rows.map((t) => ({
      id: t.providerTransactionId,
      time: ms(t.providerTime),
      amount: t.amount,
      account: { order_id: t.orderId },
      create_time: ms(t.createTime),
      perform_time: ms(t.performTime),
      cancel_time: ms(t.cancelTime),
      transaction: t.id,
      state: t.state,
      reason: t.reason,
    })),
  };
}

/**
 * SetFiscalData (issue 40): Payme reports the fiscal receipt it registered for a performed
 * transaction (`type` PERFORM) or for its cancel (CANCEL, the return receipt), with the tax
 * authority's link in `fiscal_data.qr_code_url`. Kept as the order's SALE or RETURN receipt; a
 * repeated call replaces the link.
 */
async function setFiscalData(ctx: PaymeContext, params: Params) {
  const found = await namedTransaction(ctx, params);
  const type = params.type;
  if (type !== "PERFORM" && type !== "CANCEL") fail("INVALID_REQUEST");
  const data = params.fiscal_data;
  if (typeof data !== "object" || data === null || Array.isArray(data)) fail("INVALID_REQUEST");
  const url = (data as Params).qr_code_url;
  if (typeof url !== "string" || !/^https?:\/\/\S{1,2000}$/.test(url)) fail("INVALID_REQUEST");
  if (type === "PERFORM" ? found.state !== 2 && found.state !== -2 : found.state !== -2)
    fail("CANNOT_PERFORM");
  // A change's payment has a receipt of its own at the tax authority; the order's page keeps
  // linking the order's first sale (one SALE and one RETURN link per order).
  if (found.changeId) return { success: true };
  await transaction(ctx.db, async (tx) => {
    const fresh = await recordFiscalReceipt(tx, {
      merchantId: found.merchantId,
      orderId: found.orderId,
      provider: "PAYME",
      kind: type === "PERFORM" ? "SALE" : "RETURN",
      paymentId: found.providerTransactionId,
      receiptUrl: url,
      now: ctx.now,
    });
    // A bot customer gets the sale's link once (a repeated call with the same link sends nothing).
    if (fresh && type === "PERFORM")
      await recordFiscalLinkMessage(tx, { merchantId: found.merchantId, orderId: found.orderId, url });
  });
  return { success: true };
}

const HANDLERS: Record<PaymeMethod, (ctx: PaymeContext, params: Params) => Promise<unknown>> = {
  CheckPerformTransaction: checkPerformTransaction,
  CreateTransaction: createTransaction,
  PerformTransaction: performTransaction,
  CancelTransaction: cancelTransaction,
  CheckTransaction: checkTransaction,
  GetStatement: getStatement,
  SetFiscalData: setFiscalData,
};

export function isPaymeMethod(method: string): method is PaymeMethod {
  return (PAYME_METHODS as readonly string[]).includes(method);
}

/** Answers one Merchant API call, or throws its PaymeFault. */
export async function callPayme(ctx: PaymeContext, method: PaymeMethod, params: Params): Promise<unknown> {
  return HANDLERS[method](ctx, params);
}
