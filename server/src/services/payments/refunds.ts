// Refunds the storefront starts itself when a paid order is cancelled here (docs/decisions.md,
// Refunds). The cancel writes one payment_refunds row per performed transaction in its own database
// transaction (so a refund is never lost and a replayed cancel adds none); the worker then sends it
// to the provider, outside any database transaction:
//   PAYME  Payme Subscribe `receipts.cancel` of the receipt: a saved-card payment's receipt, or a
//          Merchant API payment (Payme's transaction id is its receipt id; Payme then also calls our
//          CancelTransaction, which answers the state -2 already recorded)
//   CLICK  Click Merchant API `DELETE payment/reversal/{service_id}/{payment_id}`: a SHOP-API
//          payment by its click_trans_id, a card-token payment by its payment_id
//   UZUM   Uzum checkout API refund of the transId (server/src/integrations/uzum-checkout.ts)
// Exactly once: a row is claimed by one atomic update before the call; a success marks the
// transaction -2 (reason 5, refund), the order unpaid with `payment.refundedAt`, and the row DONE;
// an unavailable provider leaves it PENDING with a growing wait, up to REFUND_MAX_ATTEMPTS tries,
// then FAILED; a provider's refusal is FAILED at once (staff see `payment.refundState` and settle it).
import type { FastifyInstance } from "fastify";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { startIntervalWorker } from "../../lib/interval-worker.ts";
import { ClickMerchantError } from "../../integrations/click-merchant.ts";
import { UzumCheckoutError } from "../../integrations/uzum-checkout.ts";
import type { OrderEvents } from "../orders/events.ts";
import { queueUzumReceipt } from "./fiscal-outbox.ts";
import { findMerchantById, type MerchantRow } from "../../repositories/merchants.ts";
import { findOrder, lockOrder, updateOrder, type OrderRow } from "../../repositories/orders.ts";
import {
  claimRefund,
  findTransaction,
  insertRefunds,
  listDueRefunds,
  lockProviderTransaction,
  requestRefund,
  updateRefund,
  type PaymentTransactionRow,
  type RefundRow,
  type RefundVia,
} from "../../repositories/payments.ts";
import type { Outside } from "../stand-ins.ts";
import { CardProviderError } from "./card-provider.ts";
import { clickMerchantClient, paymeCardProvider, uzumCheckoutClient } from "./providers.ts";
import { recordRefund } from "./refund-record.ts";

/** Tries of one refund before it is left FAILED for staff. */
export const REFUND_MAX_ATTEMPTS = 6;
/** The wait after the 1st, 2nd, ... failed try (the last one repeats). */
export const REFUND_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000];
/** How long a claimed refund belongs to its worker; a worker that died lets the next one retry after it. */
export const REFUND_LEASE_MS = 5 * 60_000;
/** Payme's cancel reason "refund", kept on the transaction refunded here. */
export const REASON_REFUND = 5;

export type RefundState = "PENDING" | "SENDING" | "DONE" | "FAILED";

/** The API that gives back a transaction's money, or null for one paid otherwise. */
export function refundVia(t: PaymentTransactionRow, order: OrderRow): RefundVia | null {
  switch (t.provider) {
    case "PAYME":
      return "PAYME";
    case "CLICK":
    case "CLICK_MINI_APP":
      return "CLICK";
    case "UZUM":
      return "UZUM";
    case "CARD":
      return order.payment?.cardProvider === "CLICK" ? "CLICK" : "PAYME";
    default:
      return null;
  }
}

/**
 * In the cancel's transaction, with the order locked: the order's performed transactions owe their
 * money back (refund_requested_at) and get their refund to send. Answers how many were recorded.
 */
export async function recordRefunds(tx: Db, order: OrderRow, now: Date): Promise<number> {
  const owed = await requestRefund(tx, { merchantId: order.merchantId, orderId: order.id, now });
  const rows = owed.flatMap((t) => {
    const via = refundVia(t, order);
    return via
      ? [{ merchantId: t.merchantId, transactionId: t.id, orderId: t.orderId, via, amount: t.amount, now }]
      : [];
  });
  return (await insertRefunds(tx, rows)).length;
}

class RefundFailure extends Error {
  readonly retry: boolean;
  constructor(retry: boolean, message: string) {
    super(message);
    this.retry = retry;
  }
}

function failureOf(error: unknown): RefundFailure {
  if (error instanceof RefundFailure) return error;
  if (error instanceof CardProviderError)
    return new RefundFailure(error.failure === "UNAVAILABLE", error.message);
  if (error instanceof ClickMerchantError || error instanceof UzumCheckoutError) {
    return new RefundFailure(error.kind === "UNAVAILABLE", error.message);
  }
  return new RefundFailure(true, error instanceof Error ? error.message : String(error));
}

/**
 * How each provider gives a transaction's money back: only its protocol. Deciding, recording and
 * retrying are this file's, the same for all of them.
 */
interface RefundAdapter {
  name: string;
  /** What the brand lacks when the adapter cannot be made (the refund then fails for staff). */
  needs: string;
  /** A sender for the brand, or undefined without credentials or an URL. */
  sender(
    merchant: MerchantRow,
    outside: Outside,
  ): ((t: PaymentTransactionRow, refund: RefundRow) => Promise<void>) | undefined;
}

const ADAPTERS: Record<RefundVia, RefundAdapter> = {
  PAYME: {
    name: "Payme",
    needs: "Payme Subscribe API (PAYME_API_URL, cashbox id and key)",
    sender: (merchant, outside) => {
      const payme = paymeCardProvider(merchant, outside);
      return payme && ((t) => payme.cancelReceipt(t.providerTransactionId));
    },
  },
  CLICK: {
    name: "Click",
    needs: "Click Merchant API (CLICK_MERCHANT_API_URL, merchant user id, secret key)",
    sender: (merchant, outside) => {
      const click = clickMerchantClient(merchant, outside);
      return click && ((t) => click.reversePayment(t.providerTransactionId));
    },
  },
  UZUM: {
    name: "Uzum",
    needs: "Uzum checkout API (UZUM_API_URL, terminal id, API key)",
    sender: (merchant, outside) => {
      const uzum = uzumCheckoutClient(merchant, outside);
      return (
        uzum && ((t, refund) => uzum.refund({ orderId: t.providerTransactionId, amount: refund.amount }))
      );
    },
  },
};

/** A stored route the code no longer knows has no adapter. */
function adapterOf(via: string): RefundAdapter | undefined {
  return (ADAPTERS as Partial<Record<string, RefundAdapter>>)[via];
}

/** Sends one refund to its provider; throws RefundFailure. */
async function sendToProvider(
  merchant: MerchantRow,
  outside: Outside,
  refund: RefundRow,
  t: PaymentTransactionRow,
): Promise<void> {
  const adapter = adapterOf(refund.via);
  if (!adapter) throw new RefundFailure(false, `unknown refund route ${refund.via}`);
  const send = adapter.sender(merchant, outside);
  if (!send) throw new RefundFailure(false, `no ${adapter.needs} for this brand`);
  await send(t, refund);
}

export interface RefundDeps extends Outside {
  db: Db;
  events: OrderEvents;
  log: (message: string, detail: Record<string, unknown>) => void;
}

/** The provider gave the money back: transaction -2, order unpaid with the refund, row DONE. */
async function markRefunded(deps: RefundDeps, refund: RefundRow, now: Date): Promise<void> {
  await transaction(deps.db, async (tx) => {
    const { merchantId } = refund;
    const order = await lockOrder(tx, { merchantId, orderId: refund.orderId });
    const t = await lockProviderTransaction(tx, { merchantId, id: refund.transactionId });
    if (t?.state === 2) {
      await recordRefund(tx, deps.events, {
        order,
        transactionId: t.id,
        now,
        status: order.status,
        comment: `refunded through ${adapterOf(refund.via)?.name ?? refund.via}`,
        transaction: { state: -2, reason: REASON_REFUND, cancelTime: now },
      });
      // Uzum's payments carry the merchant's fiscal receipt: its return follows the money back.
      if (refund.via === "UZUM")
        await queueUzumReceipt(tx, {
          merchantId,
          orderId: order.id,
          paymentId: t.providerTransactionId,
          kind: "RETURN",
          now,
        });
    }
    await updateRefund(tx, {
      merchantId,
      id: refund.id,
      set: { state: "DONE", doneAt: now, lastError: null },
    });
  });
}

async function markFailed(deps: RefundDeps, refund: RefundRow, failure: RefundFailure, now: Date) {
  const final = !failure.retry || refund.attempts >= REFUND_MAX_ATTEMPTS;
  const wait = REFUND_BACKOFF_MS[Math.min(refund.attempts, REFUND_BACKOFF_MS.length) - 1] ?? 60_000;
  await transaction(deps.db, async (tx) => {
    const { merchantId } = refund;
    await updateRefund(tx, {
      merchantId,
      id: refund.id,
      set: {
        state: final ? "FAILED" : "PENDING",
        nextAttemptAt: new Date(now.getTime() + wait),
        lastError: failure.message.slice(0, 500),
      },
    });
    const order = await findOrder(tx, { merchantId, id: refund.orderId });
    const refundState: RefundState = final ? "FAILED" : "PENDING";
    if (order && order.payment?.refundState !== refundState) {
      await updateOrder(tx, {
        merchantId,
        id: order.id,
        set: { payment: { ...order.payment, refundState } },
      });
    }
  });
  deps.log(final ? "refund failed; staff must settle it" : "refund not sent; it will be retried", {
    refundId: refund.id,
    orderId: refund.orderId,
    via: refund.via,
    attempts: refund.attempts,
    error: failure.message,
  });
}

/** One attempt at one refund, if it is still due and no other worker has it. */
async function attempt(deps: RefundDeps, id: string, now: Date): Promise<RefundState | null> {
  const refund = await claimRefund(deps.db, {
    id,
    now,
    leaseUntil: new Date(now.getTime() + REFUND_LEASE_MS),
  });
  if (!refund) return null;
  const t = await findTransaction(deps.db, { merchantId: refund.merchantId, id: refund.transactionId });
  // The provider gave the money back on its own meanwhile (Payme's CancelTransaction, Uzum's reverse).
  if (t?.state !== 2) {
    await markRefunded(deps, refund, now);
    return "DONE";
  }
  const merchant = await findMerchantById(deps.db, refund.merchantId);
  try {
    if (!merchant) throw new RefundFailure(false, "brand not found");
    await sendToProvider(merchant, deps, refund, t);
  } catch (error) {
    const failure = failureOf(error);
    await markFailed(deps, refund, failure, now);
    return failure.retry && refund.attempts < REFUND_MAX_ATTEMPTS ? "PENDING" : "FAILED";
  }
  await markRefunded(deps, refund, new Date());
  return "DONE";
}

/** Sends the refunds due at `now` (tests pass a later clock); answers what became of each one tried. */
export async function sendDueRefunds(
  deps: RefundDeps,
  options: { now?: Date; orderId?: string; limit?: number } = {},
): Promise<RefundState[]> {
  const now = options.now ?? new Date();
  const due = await listDueRefunds(deps.db, {
    now,
    limit: options.limit ?? 50,
    ...(options.orderId ? { orderId: options.orderId } : {}),
  });
  const results: RefundState[] = [];
  for (const { id } of due) {
    const state = await attempt(deps, id, now);
    if (state) results.push(state);
  }
  return results;
}

export interface RefundWorker {
  /** Sends what is due now, in the background (after a cancel); calls while one runs join it. */
  kick(): void;
  /** Resolves when no run is under way (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs sendDueRefunds when kicked and every `paymentSweepMs` (0: only when kicked). */
export function startRefundWorker(app: FastifyInstance, events: OrderEvents): RefundWorker {
  const deps: RefundDeps = {
    db: app.database.db,
    config: app.config,
    standIns: app.standIns,
    events,
    log: (message, detail) => {
      app.log.warn(detail, message);
    },
  };
  return startIntervalWorker({
    work: () => sendDueRefunds(deps),
    everyMs: app.config.paymentSweepMs,
    failed: (error) => {
      app.log.warn({ err: error }, "refund run failed; the next run tries again");
    },
    rerunWhenBusy: true,
  });
}
