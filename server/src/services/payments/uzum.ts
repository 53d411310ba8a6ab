// Uzum Bank's Merchant API (docs/decisions.md, Payments: Uzum): Uzum calls five JSON webhooks of the
// merchant, in this order for one payment: check (may this order be paid?), create (Uzum opened its
// transaction `transId` for `amount` tiyin), confirm (Uzum took the money: pay the order), and
// reverse (the payment is undone: before confirm it only cancels, after confirm it is a refund);
// status answers what we know of a transaction. Every call carries HTTP Basic credentials the brand
// agreed with Uzum, the brand's `serviceId` and `timestamp` (ms since the epoch).
//
// ASSUMPTIONS (Uzum's public description is thin; each is repeated in docs/decisions.md):
//  A1 Every answer is HTTP 200 JSON with `status: "OK"` or `status: "FAILED"` plus `errorCode` (a
//     string of digits, UZUM_ERRORS); the transaction's own state is `transState` (CREATED,
//     CONFIRMED, REVERSED), with `transTime`, `confirmTime`, `reverseTime` in ms.
//  A2 The order is named by `params.order_id` (Uzum lets the merchant name the account fields).
//  A3 `amount` is an integer in tiyin (so'm x 100) on check (optional), create and confirm (optional;
//     when sent it must equal the created amount).
//  A4 `transId` is Uzum's id of the transaction (a string, UUID in Uzum's examples), unique per
//     provider: one row per transId (payment_transactions' unique index on provider + id).
//  A5 The brand is the one whose Basic login and password match (compared in constant time) AND whose
//     Uzum service id is `serviceId`; wrong credentials answer 10001, a service id of another brand
//     10006. Credentials are never answered or logged.
//  A6 Reverse after confirm means Uzum gave the money back: the order is cancelled (stock and
//     cashback given back) and the refund recorded on the order (`payment.refundedAt`) and the
//     transaction (state -2, refund_requested_at); a delivered/closed order refuses (10018). A
//     reverse of a reversed transaction answers the same success (idempotent).
//
// Exactly once, as for Payme and Click: the order row, then the transaction row, are locked in that
// order inside one database transaction, so calls about one order take turns and a replay sees what
// the first call committed; a confirm of a confirmed transaction answers the same success and changes
// nothing. Every refusal is an answer, never an exception.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { UZUM_ERRORS, type UzumErrorName } from "#domain/api-errors.ts";
import { toMinor } from "#domain/money.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { lockOrder, lockUnpaidOrderDue, type OrderRow } from "../../repositories/orders.ts";
import {
  findOpenTransaction,
  findOrderMerchant,
  findProviderTransaction,
  insertPaymentTransaction,
  listUzumCredentials,
  lockProviderTransaction,
  updatePaymentTransaction,
  type PaymentTransactionRow,
} from "../../repositories/payments.ts";
import type { OrderEvents } from "../orders/events.ts";
import { queueUzumReceipt } from "./fiscal-outbox.ts";
import { markOrderPaid, paidTransition } from "./mark-paid.ts";
import { cancelPerformedByProvider } from "./provider-cancel.ts";

export const UZUM_OPERATIONS = ["check", "create", "confirm", "reverse", "status"] as const;
export type UzumOperation = (typeof UZUM_OPERATIONS)[number];

/** Our transaction states as Uzum's names (1 created, 2 confirmed, -1/-2 reversed before/after confirm). */
export type UzumTransState = "CREATED" | "CONFIRMED" | "REVERSED";

const serviceId = z
  .number()
  .int()
  .nonnegative()
  .max(Number.MAX_SAFE_INTEGER)
  .describe("The brand's Uzum service id");
const timestamp = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).describe("ms since the epoch");
const transId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/)
  .describe("Uzum's id of the transaction (assumption A4)");
const tiyin = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe("Tiyin (so'm x 100)");
const params = z
  .looseObject({ order_id: z.string().min(1).max(64).describe("Our order id (assumption A2)") })
  .describe("The account fields the payer filled in; `order_id` names the order");

/** One body schema for the five calls: which fields each needs is checked by the handler. */
export const uzumRequestSchema = z
  .looseObject({
    serviceId,
    timestamp,
    transId: transId.optional(),
    params: params.optional(),
    amount: tiyin.optional(),
    paymentSource: z.string().max(64).optional(),
    tariff: z.string().max(64).nullable().optional(),
    processingReferenceNumber: z.string().max(64).nullable().optional(),
    phone: z.string().max(32).nullable().optional(),
  })
  .meta({ id: "UzumRequest" });
export type UzumRequest = z.infer<typeof uzumRequestSchema>;

export const uzumAnswerSchema = z
  .object({
    serviceId: z.number().nullable(),
    timestamp: z.number(),
    status: z.enum(["OK", "FAILED"]),
    errorCode: z.string().optional(),
    transId: z.string().optional(),
    transState: z.enum(["CREATED", "CONFIRMED", "REVERSED"]).optional(),
    transTime: z.number().optional(),
    confirmTime: z.number().nullable().optional(),
    reverseTime: z.number().nullable().optional(),
    amount: z.number().optional(),
    data: z.record(z.string(), z.object({ value: z.string() })).optional(),
  })
  .meta({ id: "UzumAnswer" });
export type UzumAnswer = z.infer<typeof uzumAnswerSchema>;

export interface UzumContext {
  db: Db;
  events: OrderEvents;
  now: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Basic credentials of an `Authorization` header, or undefined. */
export function basicCredentials(
  header: string | undefined,
): { login: string; password: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(header?.trim() ?? "");
  if (!match?.[1]) return undefined;
  const text = Buffer.from(match[1], "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon <= 0) return undefined;
  return { login: text.slice(0, colon), password: text.slice(colon + 1) };
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** A failure answer. */
export function uzumFailure(
  req: Partial<Pick<UzumRequest, "serviceId" | "transId">>,
  outcome: UzumErrorName,
  now: Date,
): UzumAnswer {
  return {
    serviceId: req.serviceId ?? null,
    timestamp: now.getTime(),
    status: "FAILED",
    errorCode: UZUM_ERRORS[outcome].code,
    ...(req.transId ? { transId: req.transId } : {}),
  };
}

const ms = (date: Date | null) => (date ? date.getTime() : null);

function transState(t: PaymentTransactionRow): UzumTransState {
  if (t.state === 2) return "CONFIRMED";
  if (t.state === 1) return "CREATED";
  return "REVERSED";
}

/** A transaction's answer: its state, times and amount. */
function transAnswer(req: UzumRequest, t: PaymentTransactionRow, now: Date): UzumAnswer {
  return {
    serviceId: req.serviceId,
    timestamp: now.getTime(),
    status: "OK",
    transId: t.providerTransactionId,
    transState: transState(t),
    transTime: t.createTime.getTime(),
    confirmTime: ms(t.performTime),
    reverseTime: ms(t.cancelTime),
    amount: t.amount,
    data: { order_id: { value: t.orderId } },
  };
}

/** The brand the Basic credentials name, when its service id is the call's: or the refusal. */
async function authenticate(
  ctx: UzumContext,
  req: UzumRequest,
  authorization: string | undefined,
): Promise<{ refused: UzumErrorName } | { merchantId: string }> {
  const sent = basicCredentials(authorization);
  if (!sent) return { refused: "ACCESS_DENIED" };
  const password = digest(sent.password);
  const brands = (await listUzumCredentials(ctx.db, sent.login)).filter((b) =>
    timingSafeEqual(digest(b.password), password),
  );
  if (brands.length === 0) return { refused: "ACCESS_DENIED" };
  const brand = brands.find((b) => b.serviceId === String(req.serviceId));
  return brand ? { merchantId: brand.merchantId } : { refused: "SERVICE_ID_MISMATCH" };
}

/** Why an order cannot take an Uzum payment now, or null when it can. */
function refusal(order: OrderRow): UzumErrorName | null {
  if (order.isPaid) return "ALREADY_PAID";
  if (order.status === "CANCELED") return "ORDER_CANCELLED";
  if (order.paymentType !== "UZUM" || order.status !== "OPEN") return "ORDER_NOT_FOUND";
  return null;
}

/** The refusal of the locked order, including one past its payment time-out the sweep has not reached. */
async function lockedRefusal(tx: Db, order: OrderRow, now: Date): Promise<UzumErrorName | null> {
  const refused = refusal(order);
  if (refused) return refused;
  const due = await lockUnpaidOrderDue(tx, { merchantId: order.merchantId, orderId: order.id, now });
  return due ? "ORDER_CANCELLED" : null;
}

/** The brand's order `params.order_id` names, or undefined. */
async function orderOf(ctx: UzumContext, req: UzumRequest, merchantId: string) {
  const orderId = req.params?.order_id;
  if (!orderId || !UUID.test(orderId)) return undefined;
  const owner = await findOrderMerchant(ctx.db, orderId);
  return owner === merchantId ? { merchantId, orderId } : undefined;
}

/** The brand's transaction `transId` names, or undefined. */
async function transactionOf(ctx: UzumContext, req: UzumRequest, merchantId: string) {
  if (!req.transId) return undefined;
  const t = await findProviderTransaction(ctx.db, { provider: "UZUM", providerTransactionId: req.transId });
  return t?.merchantId === merchantId ? t : undefined;
}

async function check(ctx: UzumContext, req: UzumRequest, merchantId: string): Promise<UzumAnswer> {
  const { now } = ctx;
  const target = await orderOf(ctx, req, merchantId);
  if (!target) return uzumFailure(req, "ORDER_NOT_FOUND", now);
  return transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, target);
    const refused = await lockedRefusal(tx, order, now);
    if (refused) return uzumFailure(req, refused, now);
    const total = toMinor(order.totalPrice);
    if (req.amount !== undefined && req.amount !== total) return uzumFailure(req, "INCORRECT_AMOUNT", now);
    return {
      serviceId: req.serviceId,
      timestamp: now.getTime(),
      status: "OK" as const,
      amount: total,
      data: { order_id: { value: order.id }, amount: { value: String(total) } },
    };
  });
}

async function create(ctx: UzumContext, req: UzumRequest, merchantId: string): Promise<UzumAnswer> {
  const { now } = ctx;
  if (!req.transId || req.amount === undefined) return uzumFailure(req, "BAD_REQUEST", now);
  const target = await orderOf(ctx, req, merchantId);
  if (!target) return uzumFailure(req, "ORDER_NOT_FOUND", now);
  const { transId: id, amount } = req;
  return transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, target);
    // Looked up under the order's lock: a replay racing the first call sees its row.
    const known = await findProviderTransaction(tx, { provider: "UZUM", providerTransactionId: id });
    if (known) {
      if (known.orderId !== order.id || known.amount !== amount) {
        return uzumFailure(req, "TRANSACTION_CONFLICT", now);
      }
      if (known.state < 0) return uzumFailure(req, "TRANSACTION_REVERSED", now);
      return transAnswer(req, known, now);
    }
    const refused = await lockedRefusal(tx, order, now);
    if (refused) return uzumFailure(req, refused, now);
    if (amount !== toMinor(order.totalPrice)) return uzumFailure(req, "INCORRECT_AMOUNT", now);
    const open = await findOpenTransaction(tx, target);
    if (open) {
      // Another provider's payment under way (the order's payment type changed meanwhile).
      if (open.provider !== "UZUM") return uzumFailure(req, "ALREADY_PAID", now);
      // The payer started again at Uzum: the newer transaction replaces the one never confirmed (its
      // confirm, should it still come, is refused 10017).
      await updatePaymentTransaction(tx, {
        merchantId: open.merchantId,
        id: open.id,
        set: { state: -1, reason: null, cancelTime: now },
      });
    }
    const t = await insertPaymentTransaction(tx, {
      merchantId,
      provider: "UZUM",
      providerTransactionId: id,
      orderId: order.id,
      amount,
      state: 1,
      providerTime: new Date(req.timestamp),
      createTime: now,
    });
    return transAnswer(req, t, now);
  });
}

/** Cancel reason stored for a transaction we refused at confirm. */
const REASON_REFUSED = 1;
/** Cancel reason stored for Uzum's reverse. */
const REASON_REVERSED = 2;

async function confirm(ctx: UzumContext, req: UzumRequest, merchantId: string): Promise<UzumAnswer> {
  const { now } = ctx;
  const found = await transactionOf(ctx, req, merchantId);
  if (!found) return uzumFailure(req, "TRANSACTION_NOT_FOUND", now);
  return transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, { merchantId, orderId: found.orderId });
    const t = await lockProviderTransaction(tx, { merchantId, id: found.id });
    if (!t) return uzumFailure(req, "TRANSACTION_NOT_FOUND", now);
    if (req.amount !== undefined && req.amount !== t.amount) return uzumFailure(req, "INCORRECT_AMOUNT", now);
    // A replay: the same success, nothing changed.
    if (t.state === 2) return transAnswer(req, t, now);
    // Cancelled with its order (the payment time-out's sweep, or staff): the order's reason first.
    if (t.state === -1 && order.status === "CANCELED") return uzumFailure(req, "ORDER_CANCELLED", now);
    if (t.state !== 1) return uzumFailure(req, "TRANSACTION_REVERSED", now);
    const refuse = async (outcome: UzumErrorName) => {
      await updatePaymentTransaction(tx, {
        merchantId,
        id: t.id,
        set: { state: -1, reason: REASON_REFUSED, cancelTime: now },
      });
      return uzumFailure(req, outcome, now);
    };
    const refused = await lockedRefusal(tx, order, now);
    if (refused) return refuse(refused);
    if (toMinor(order.totalPrice) !== t.amount) return refuse("INCORRECT_AMOUNT");
    const to = paidTransition(order, t.amount, now);
    if (!to) return refuse("ORDER_NOT_FOUND");
    // The merchant registers the receipt of an Uzum payment: sent by the fiscal outbox (issue 40).
    await queueUzumReceipt(tx, {
      merchantId,
      orderId: order.id,
      paymentId: t.providerTransactionId,
      kind: "SALE",
      now,
    });
    await markOrderPaid(tx, ctx.events, order, to, {
      provider: "UZUM",
      transactionId: t.providerTransactionId,
      now,
      comment: "paid with Uzum",
      ...(req.processingReferenceNumber ? { extra: { rrn: req.processingReferenceNumber } } : {}),
    });
    const confirmed = await updatePaymentTransaction(tx, {
      merchantId,
      id: t.id,
      set: { state: 2, performTime: now },
    });
    return transAnswer(req, confirmed, now);
  });
}

async function reverse(ctx: UzumContext, req: UzumRequest, merchantId: string): Promise<UzumAnswer> {
  const { now } = ctx;
  const found = await transactionOf(ctx, req, merchantId);
  if (!found) return uzumFailure(req, "TRANSACTION_NOT_FOUND", now);
  return transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, { merchantId, orderId: found.orderId });
    const t = await lockProviderTransaction(tx, { merchantId, id: found.id });
    if (!t) return uzumFailure(req, "TRANSACTION_NOT_FOUND", now);
    // Reversed already: the same success (idempotent).
    if (t.state < 0) return transAnswer(req, t, now);
    if (t.state === 1) {
      const cancelled = await updatePaymentTransaction(tx, {
        merchantId,
        id: t.id,
        set: { state: -1, reason: REASON_REVERSED, cancelTime: now },
      });
      return transAnswer(req, cancelled, now);
    }
    // Confirmed: the money went back to the payer, unless the food has reached the customer.
    const reversed = await cancelPerformedByProvider(tx, ctx.events, {
      order,
      transaction: t,
      now,
      provider: "Uzum",
      set: {
        state: -2,
        reason: REASON_REVERSED,
        cancelTime: now,
        refundRequestedAt: t.refundRequestedAt ?? now,
      },
    });
    if (!reversed) return uzumFailure(req, "CANNOT_REVERSE", now);
    await queueUzumReceipt(tx, {
      merchantId,
      orderId: order.id,
      paymentId: t.providerTransactionId,
      kind: "RETURN",
      now,
    });
    return transAnswer(req, reversed, now);
  });
}

async function status(ctx: UzumContext, req: UzumRequest, merchantId: string): Promise<UzumAnswer> {
  const found = await transactionOf(ctx, req, merchantId);
  if (!found) return uzumFailure(req, "TRANSACTION_NOT_FOUND", ctx.now);
  return transAnswer(req, found, ctx.now);
}

const HANDLERS: Record<
  UzumOperation,
  (ctx: UzumContext, req: UzumRequest, merchantId: string) => Promise<UzumAnswer>
> = { check, create, confirm, reverse, status };

/** Answers one webhook call (the body already passed the schema). */
export async function callUzum(
  ctx: UzumContext,
  operation: UzumOperation,
  req: UzumRequest,
  authorization: string | undefined,
): Promise<UzumAnswer> {
  const auth = await authenticate(ctx, req, authorization);
  if ("refused" in auth) return uzumFailure(req, auth.refused, ctx.now);
  if (operation !== "check" && operation !== "create" && !req.transId) {
    return uzumFailure(req, "BAD_REQUEST", ctx.now);
  }
  return HANDLERS[operation](ctx, req, auth.merchantId);
}
