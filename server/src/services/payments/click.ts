// Click's SHOP-API (docs/decisions.md, Payments: Click): Click posts form data to the brand's Prepare
// URL (action 0) before it charges the payer and to its Complete URL (action 1) after, signed with the
// MD5 of the fields and the brand's secret key. Each call is answered with JSON naming Click's
// transaction, our order (merchant_trans_id), our transaction number and an error code (0 = ok).
//
// Exactly once: the order row, then the transaction row, are locked in that order inside one
// database transaction, so calls about one order take turns and a replay sees what the first call
// committed; a Complete of a completed transaction answers the same success and changes nothing.
// Every refusal is an answer (never an exception), and the database transaction commits whatever
// it changed before the answer goes out (a refused Complete cancels its prepared transaction, since
// Click reverses the payment on its side when Complete answers an error).
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { CLICK_ERRORS, type ClickErrorName } from "#domain/api-errors.ts";
import type { PaymentType } from "#domain/enums.ts";
import { toMinor } from "#domain/money.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { lockOrder, type OrderRow } from "../../repositories/orders.ts";
import {
  findOpenTransaction,
  findOrderMerchant,
  findProviderTransaction,
  insertPaymentTransaction,
  listClickCredentials,
  lockProviderTransaction,
  updatePaymentTransaction,
  type PaymentTransactionRow,
} from "../../repositories/payments.ts";
import type { OrderEvents } from "../orders/events.ts";
import { cancelIfPastPaymentTimeout } from "../orders/payment-timeout.ts";
import { queueClickReceipt } from "./fiscal-outbox.ts";
import { markOrderPaid, paidTransition } from "./mark-paid.ts";

export const CLICK_PREPARE = 0;
export const CLICK_COMPLETE = 1;
export type ClickStage = "prepare" | "complete";

/** The payment types Click's callbacks pay: Click on the web and in Telegram, Click in its mini app. */
export const CLICK_PAYMENT_TYPES: readonly PaymentType[] = ["CLICK", "CLICK_MINI_APP"];

/** Click's `sign_time`, read as Tashkent time (UTC+5, no daylight saving). */
export const CLICK_TIME_OFFSET = "+05:00";

const digits = z.string().regex(/^\d{1,19}$/);

/** The form fields of a Prepare or Complete call, as the strings Click sends (the sign reads them so). */
export const clickRequestSchema = z
  .object({
    click_trans_id: digits.describe("Click's id of the payment"),
    service_id: digits.describe("The brand's Click service id"),
    click_paydoc_id: digits.describe("Click's payment document number"),
    merchant_trans_id: z.string().min(1).max(255).describe("Our order id"),
    merchant_prepare_id: digits.optional().describe("Complete only: our answer to Prepare"),
    amount: z
      .string()
      .regex(/^\d{1,13}(\.\d{1,9})?$/)
      .describe("So'm, e.g. 1000 or 1000.00"),
    action: z
      .string()
      .regex(/^-?\d{1,3}$/)
      .describe("0 Prepare, 1 Complete"),
    error: z
      .string()
      .regex(/^-?\d{1,9}$/)
      .describe("Click's outcome: 0, or below 0 when the payment failed on Click's side"),
    error_note: z.string().max(1024).optional(),
    sign_time: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      .describe("YYYY-MM-DD HH:mm:ss"),
    sign_string: z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/)
      .describe("MD5 hex of the fields and the secret key"),
  })
  .meta({ id: "ClickRequest" });
export type ClickRequest = z.infer<typeof clickRequestSchema>;

export const clickAnswerSchema = z
  .object({
    click_trans_id: z.union([z.number(), z.string(), z.null()]),
    merchant_trans_id: z.string().nullable(),
    merchant_prepare_id: z.number().nullable().optional(),
    merchant_confirm_id: z.number().nullable().optional(),
    error: z.number().int(),
    error_note: z.string(),
  })
  .meta({ id: "ClickAnswer" });
export type ClickAnswer = z.infer<typeof clickAnswerSchema>;

/**
 * The sign of a call: MD5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id
 * [+ merchant_prepare_id, Complete only] + amount + action + sign_time), lower-case hex.
 */
export function clickSign(
  fields: Pick<
    ClickRequest,
    | "click_trans_id"
    | "service_id"
    | "merchant_trans_id"
    | "merchant_prepare_id"
    | "amount"
    | "action"
    | "sign_time"
  >,
  secretKey: string,
  stage: ClickStage,
): string {
  const text =
    fields.click_trans_id +
    fields.service_id +
    secretKey +
    fields.merchant_trans_id +
    (stage === "complete" ? (fields.merchant_prepare_id ?? "") : "") +
    fields.amount +
    fields.action +
    fields.sign_time;
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** "1000", "1000.5" or "1000.00" so'm -> tiyin; NaN for a fraction finer than a tiyin. */
export function clickAmountToTiyin(amount: string): number {
  const [whole = "", fraction = ""] = amount.split(".");
  if (/[1-9]/.test(fraction.slice(2))) return Number.NaN;
  const tiyin = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  return Number.isSafeInteger(tiyin) ? tiyin : Number.NaN;
}

/** 4500000 tiyin -> "45000.00", the amount of Click's pay link. */
export function tiyinToClickAmount(tiyin: number): string {
  return `${String(Math.floor(tiyin / 100))}.${String(tiyin % 100).padStart(2, "0")}`;
}

/**
 * Click's `sign_time` as a moment, or undefined when it is not a real date and time of the years
 * 2000 to 9998 (what the database stores a time for, with room for the offset).
 */
export function clickTime(signTime: string): Date | undefined {
  const year = Number(signTime.slice(0, 4));
  if (!(year >= 2000 && year <= 9998)) return undefined;
  const date = new Date(`${signTime.replace(" ", "T")}${CLICK_TIME_OFFSET}`);
  if (Number.isNaN(date.getTime())) return undefined;
  // Rejects rolled-over dates such as 2026-02-31.
  const back = new Date(date.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
  return back === signTime ? date : undefined;
}

export interface ClickContext {
  db: Db;
  events: OrderEvents;
  now: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idOf(value: string | undefined): number | string | null {
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** The answer to a call: Click's and our ids, and the outcome's code and English note. */
export function clickAnswer(
  stage: ClickStage,
  fields: Partial<Pick<ClickRequest, "click_trans_id" | "merchant_trans_id">>,
  outcome: ClickErrorName,
  number: number | null = null,
): ClickAnswer {
  const { code, eng } = CLICK_ERRORS[outcome];
  return {
    click_trans_id: idOf(fields.click_trans_id),
    merchant_trans_id: fields.merchant_trans_id ?? null,
    ...(stage === "prepare" ? { merchant_prepare_id: number } : { merchant_confirm_id: number }),
    error: code,
    error_note: eng,
  };
}

/** The brands of `service_id` whose secret key signs the call as sent (compared in constant time). */
async function signedBy(ctx: ClickContext, req: ClickRequest, stage: ClickStage): Promise<string[]> {
  const sent = Buffer.from(req.sign_string.toLowerCase(), "utf8");
  return (await listClickCredentials(ctx.db, req.service_id))
    .filter((brand) => timingSafeEqual(Buffer.from(clickSign(req, brand.secretKey, stage), "utf8"), sent))
    .map((brand) => brand.merchantId);
}

/** The order `merchant_trans_id` names, when it is of one of the signing brands. */
async function orderTarget(ctx: ClickContext, req: ClickRequest, brands: string[]) {
  if (!UUID.test(req.merchant_trans_id)) return undefined;
  const merchantId = await findOrderMerchant(ctx.db, req.merchant_trans_id);
  return merchantId && brands.includes(merchantId)
    ? { merchantId, orderId: req.merchant_trans_id }
    : undefined;
}

const isClickOrder = (order: OrderRow) => CLICK_PAYMENT_TYPES.includes(order.paymentType);

/** Why an order cannot take a Click payment now, or null when it can. */
function refusal(order: OrderRow): ClickErrorName | null {
  if (order.isPaid) return "ALREADY_PAID";
  if (order.status === "CANCELED") return "TRANSACTION_CANCELLED";
  if (!isClickOrder(order) || order.status !== "OPEN") return "ORDER_NOT_FOUND";
  return null;
}

/** Checks the action and the sign shared by both calls; answers the refusal or the signing brands. */
async function authenticate(
  ctx: ClickContext,
  req: ClickRequest,
  stage: ClickStage,
): Promise<{ refused: ClickAnswer } | { brands: string[] }> {
  const expected = stage === "prepare" ? CLICK_PREPARE : CLICK_COMPLETE;
  if (Number(req.action) !== expected) return { refused: clickAnswer(stage, req, "ACTION_NOT_FOUND") };
  const brands = await signedBy(ctx, req, stage);
  if (brands.length === 0) return { refused: clickAnswer(stage, req, "SIGN_CHECK_FAILED") };
  return { brands };
}

/** Prepare (action 0): checks the order and the amount and opens a transaction for Click's id. */
export async function clickPrepare(ctx: ClickContext, req: ClickRequest): Promise<ClickAnswer> {
  const answer = (outcome: ClickErrorName, number: number | null = null) =>
    clickAnswer("prepare", req, outcome, number);
  const auth = await authenticate(ctx, req, "prepare");
  if ("refused" in auth) return auth.refused;
  const providerTime = clickTime(req.sign_time);
  if (!providerTime) return answer("BAD_REQUEST");
  const target = await orderTarget(ctx, req, auth.brands);
  if (!target) return answer("ORDER_NOT_FOUND");
  const amount = clickAmountToTiyin(req.amount);
  const { now } = ctx;
  return transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, target);
    // Looked up under the order's lock: a replay racing the first call sees its row.
    const known = await findProviderTransaction(tx, {
      provider: "CLICK",
      providerTransactionId: req.click_trans_id,
    });
    if (known) {
      if (known.orderId !== order.id) return answer("BAD_REQUEST");
      if (known.state === 2) return answer("ALREADY_PAID");
      if (known.state !== 1) return answer("TRANSACTION_CANCELLED");
      if (known.amount !== amount) return answer("INCORRECT_AMOUNT");
      return answer("SUCCESS", known.number);
    }
    const refused = refusal(order);
    if (refused) return answer(refused);
    // Past its payment time-out: cancelled as the sweep would, answered as after the sweep.
    if (await cancelIfPastPaymentTimeout(tx, ctx.events, order, now)) return answer("TRANSACTION_CANCELLED");
    if (amount <= 0 || amount !== toMinor(order.totalPrice)) return answer("INCORRECT_AMOUNT");
    const open = await findOpenTransaction(tx, target);
    if (open) {
      // Another provider's payment under way (the order's payment type changed meanwhile).
      if (open.provider !== "CLICK") return answer("FAILED_TO_UPDATE");
      // The payer started again at Click: the newer payment replaces the one never completed (its
      // Complete, should it still come, is answered -9 and Click reverses it).
      await updatePaymentTransaction(tx, {
        merchantId: open.merchantId,
        id: open.id,
        set: { state: -1, reason: null, cancelTime: now },
      });
    }
    const t = await insertPaymentTransaction(tx, {
      merchantId: target.merchantId,
      provider: "CLICK",
      providerTransactionId: req.click_trans_id,
      orderId: order.id,
      amount,
      state: 1,
      providerTime,
      createTime: now,
    });
    return answer("SUCCESS", t.number);
  });
}

/** A smallint for the cancel reason: Click's or our (negative) error code. */
const reasonOf = (code: number) => Math.max(-32768, Math.min(32767, code));

async function cancel(tx: Db, t: PaymentTransactionRow, code: number, now: Date): Promise<void> {
  await updatePaymentTransaction(tx, {
    merchantId: t.merchantId,
    id: t.id,
    set: { state: -1, reason: reasonOf(code), cancelTime: now },
  });
}

/**
 * Complete (action 1): pays the order for the prepared transaction; Click's error below 0 cancels
 * the transaction instead (answered -9).
 */
export async function clickComplete(ctx: ClickContext, req: ClickRequest): Promise<ClickAnswer> {
  const answer = (outcome: ClickErrorName, number: number | null = null) =>
    clickAnswer("complete", req, outcome, number);
  const auth = await authenticate(ctx, req, "complete");
  if ("refused" in auth) return auth.refused;
  if (req.merchant_prepare_id === undefined) return answer("BAD_REQUEST");
  const target = await orderTarget(ctx, req, auth.brands);
  if (!target) return answer("ORDER_NOT_FOUND");
  const found = await findProviderTransaction(ctx.db, {
    provider: "CLICK",
    providerTransactionId: req.click_trans_id,
  });
  if (!found || found.orderId !== target.orderId || String(found.number) !== req.merchant_prepare_id) {
    return answer("TRANSACTION_NOT_FOUND");
  }
  const clickError = Number(req.error);
  const { now } = ctx;
  return transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, target);
    const t = await lockProviderTransaction(tx, { merchantId: found.merchantId, id: found.id });
    if (!t) return answer("TRANSACTION_NOT_FOUND");
    if (t.state === 2) {
      // A replay: the same success, nothing changed. Click cannot fail a payment it completed.
      return clickError < 0 ? answer("ALREADY_PAID") : answer("SUCCESS", t.number);
    }
    if (t.state !== 1) return answer("TRANSACTION_CANCELLED");
    // Click could not take the money: the transaction is cancelled, the order waits as before.
    if (clickError < 0) {
      await cancel(tx, t, clickError, now);
      return answer("TRANSACTION_CANCELLED");
    }
    const refuse = async (outcome: ClickErrorName) => {
      await cancel(tx, t, CLICK_ERRORS[outcome].code, now);
      return answer(outcome);
    };
    if (clickAmountToTiyin(req.amount) !== t.amount) return refuse("INCORRECT_AMOUNT");
    const refused = refusal(order);
    if (refused) return refuse(refused);
    // Past its payment time-out: the order and this transaction are cancelled as the sweep would.
    if (await cancelIfPastPaymentTimeout(tx, ctx.events, order, now)) return answer("TRANSACTION_CANCELLED");
    if (toMinor(order.totalPrice) !== t.amount) return refuse("INCORRECT_AMOUNT");
    const to = paidTransition(order, t.amount, now);
    if (!to) return refuse("FAILED_TO_UPDATE");
    // Click registers the fiscal receipt after the payment: submitted by the fiscal outbox (issue 40).
    await queueClickReceipt(tx, {
      merchantId: t.merchantId,
      orderId: order.id,
      paymentId: t.providerTransactionId,
      now,
    });
    await markOrderPaid(tx, ctx.events, order, to, {
      provider: "CLICK",
      transactionId: t.providerTransactionId,
      now,
      comment: "paid with Click",
      extra: { paydocId: req.click_paydoc_id },
    });
    await updatePaymentTransaction(tx, {
      merchantId: t.merchantId,
      id: t.id,
      set: { state: 2, performTime: now },
    });
    return answer("SUCCESS", t.number);
  });
}
