// Fiscal receipts registered after the payment (issue 40, docs/decisions.md "Fiscal receipts"): Click
// takes the receipt of a payment through its Merchant API (payment/ofd_data/submit_items), after a
// SHOP-API Complete or a card-token payment; an Uzum payment's receipt, and its return receipt after
// a refund, go to Uzum's fiscalization API. The fiscal_receipts row is written in the transaction
// that pays the order (or records its refund); this worker sends it outside any database transaction:
// - exactly once: a row is claimed by one guarded update (SENDING with a lease, one attempt counted)
//   and settled only by the attempt that claimed it; a second submission of the same payment (an
//   answer lost to a crash) is refused by Click as already submitted, which the adapter reads as
//   "already there" and reads the receipt back; Uzum's receipt carries the row's id as its operation
//   id, by which a retry first reads back what an earlier try registered;
// - Click unreachable, slow or 5xx: the row waits PENDING with a growing pause and is tried again;
// - Click refuses the items (a wrong code, sums that do not add up): FAILED with Click's reason.
import { clickOfdItems, uzumFiscalItems } from "#domain/fiscal.ts";
import type { Db } from "../../db/types.ts";
import { startIntervalWorker, type IntervalWorker } from "../../lib/interval-worker.ts";
import type { FastifyInstance } from "fastify";
import { ClickMerchantError } from "../../integrations/click-merchant.ts";
import { UzumFiscalError } from "../../integrations/uzum-fiscal.ts";
import {
  claimFiscalReceipt,
  enqueueFiscalReceipt,
  listDueFiscalReceipts,
  settleFiscalReceipt,
  type FiscalReceiptRow,
} from "../../repositories/fiscal.ts";
import { findMerchantById } from "../../repositories/merchants.ts";
import { findOrder, type OrderRow } from "../../repositories/orders.ts";
import { transaction } from "../../db/transaction.ts";
import { recordFiscalLinkMessage } from "../notifications/order-status.ts";
import type { Outside } from "../stand-ins.ts";
import { FiscalGap, orderReceipt } from "./fiscal.ts";
import { clickMerchantClient, uzumFiscalClient } from "./providers.ts";

/** The pause after the 1st, 2nd, ... failed try while Click is away (the last one repeats). */
export const FISCAL_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** Tries before a receipt Click never took is left FAILED for staff (about four days). */
export const FISCAL_MAX_ATTEMPTS = 50;
/** How long a claimed row belongs to its worker; a worker that died lets the next one retry after it. */
export const FISCAL_LEASE_MS = 2 * 60_000;

export type FiscalOutcome = "SENT" | "PENDING" | "FAILED";

/** In the transaction that pays the order with Click: its receipt to submit, once per payment. */
export async function queueClickReceipt(
  tx: Db,
  input: { merchantId: string; orderId: string; paymentId: string; now: Date },
): Promise<boolean> {
  return enqueueFiscalReceipt(tx, { ...input, provider: "CLICK", kind: "SALE" });
}

/**
 * In the transaction that records Uzum taking the money (SALE) or giving it back (RETURN): the
 * receipt for Uzum's fiscalization API, once per payment and kind.
 */
export async function queueUzumReceipt(
  tx: Db,
  input: { merchantId: string; orderId: string; paymentId: string; kind: "SALE" | "RETURN"; now: Date },
): Promise<boolean> {
  return enqueueFiscalReceipt(tx, { ...input, provider: "UZUM" });
}

export interface FiscalDeps extends Outside {
  db: Db;
  log: (message: string, detail: Record<string, unknown>) => void;
}

async function settle(
  deps: FiscalDeps,
  row: FiscalReceiptRow,
  outcome: FiscalOutcome,
  extra: { error?: string; receiptUrl?: string | null },
  now: Date,
): Promise<FiscalOutcome> {
  const wait = FISCAL_BACKOFF_MS[Math.min(row.attempts, FISCAL_BACKOFF_MS.length) - 1] ?? 30_000;
  const url = outcome === "SENT" ? (extra.receiptUrl ?? null) : null;
  await transaction(deps.db, async (tx) => {
    const settled = await settleFiscalReceipt(tx, {
      merchantId: row.merchantId,
      id: row.id,
      attempts: row.attempts,
      set:
        outcome === "SENT"
          ? {
              state: "SENT",
              sentAt: now,
              lastError: extra.error ?? null,
              receiptUrl: extra.receiptUrl ?? null,
            }
          : {
              state: outcome,
              nextAttemptAt: new Date(now.getTime() + wait),
              lastError: (extra.error ?? "").slice(0, 500),
            },
    });
    // The link reaches a bot customer with the settling attempt only (the first receipt read back).
    if (settled && url && row.receiptUrl === null && row.kind === "SALE")
      await recordFiscalLinkMessage(tx, { merchantId: row.merchantId, orderId: row.orderId, url });
  });
  if (outcome !== "SENT") {
    deps.log(
      outcome === "FAILED"
        ? "the provider refused the fiscal receipt; staff see why"
        : "fiscal receipt not sent; it will be retried",
      { orderId: row.orderId, attempts: row.attempts, error: extra.error },
    );
  }
  return outcome;
}

/** One attempt at one row, if it is still due and no other worker has it. */
async function attempt(deps: FiscalDeps, id: string, now: Date): Promise<FiscalOutcome | null> {
  const row = await claimFiscalReceipt(deps.db, {
    id,
    now,
    leaseUntil: new Date(now.getTime() + FISCAL_LEASE_MS),
  });
  if (!row) return null;
  const retryOrFail = (error: string): Promise<FiscalOutcome> =>
    settle(deps, row, row.attempts >= FISCAL_MAX_ATTEMPTS ? "FAILED" : "PENDING", { error }, now);
  const merchant = await findMerchantById(deps.db, row.merchantId);
  const send = merchant && sender(deps, merchant, row);
  if (!send) return retryOrFail(`${row.provider}'s fiscal API is not set up for this brand`);
  const order = await findOrder(deps.db, { merchantId: row.merchantId, id: row.orderId });
  if (!order) return settle(deps, row, "FAILED", { error: "the order no longer exists" }, now);
  let built: Awaited<ReturnType<typeof orderReceipt>>;
  try {
    built = await orderReceipt(deps.db, order);
  } catch (error) {
    if (error instanceof FiscalGap) return settle(deps, row, "FAILED", { error: error.message }, now);
    throw error;
  }
  try {
    const receiptUrl = await send(order, built);
    return await settle(deps, row, "SENT", { receiptUrl }, new Date());
  } catch (error) {
    if (!(error instanceof ClickMerchantError || error instanceof UzumFiscalError))
      return retryOrFail(error instanceof Error ? error.message : String(error));
    if (error.kind === "REFUSED") return settle(deps, row, "FAILED", { error: error.message }, now);
    return retryOrFail(error.message);
  }
}

type Built = Awaited<ReturnType<typeof orderReceipt>>;

/** Uzum takes an Uzbek number as 12 digits (998...) for the customer's cashback; anything else is left out. */
function uzumPhone(phone: string | undefined): string | null {
  const digits = phone?.replace(/\D/g, "") ?? "";
  return /^998\d{9}$/.test(digits) ? digits : null;
}

/** How the row's provider takes the receipt: undefined when the brand has no credentials for it. */
function sender(
  deps: FiscalDeps,
  merchant: NonNullable<Awaited<ReturnType<typeof findMerchantById>>>,
  row: FiscalReceiptRow,
): ((order: OrderRow, built: Built) => Promise<string | null>) | undefined {
  if (row.provider === "UZUM") {
    const uzum = uzumFiscalClient(merchant, deps);
    return (
      uzum &&
      ((order, built) =>
        uzum.send(
          {
            kind: row.kind === "RETURN" ? "RETURN" : "SALE",
            paymentId: row.paymentId,
            operationId: row.id,
            at: row.createdDate,
            items: uzumFiscalItems(built.receipt, built.brand.taxId),
            phone: uzumPhone(order.receiver?.phone),
          },
          { retry: row.attempts > 1 },
        ))
    );
  }
  const click = clickMerchantClient(merchant, deps);
  return (
    click &&
    ((_order, built) =>
      click.submitFiscalItems({
        paymentId: row.paymentId,
        items: clickOfdItems(built.receipt, built.brand.taxId),
        receivedCard: built.receipt.total,
      }))
  );
}

/** Sends the receipts due at `now` (tests pass a later clock); answers what became of each one tried. */
export async function sendDueFiscalReceipts(
  deps: FiscalDeps,
  options: { now?: Date; limit?: number } = {},
): Promise<FiscalOutcome[]> {
  const now = options.now ?? new Date();
  const due = await listDueFiscalReceipts(deps.db, { now, limit: options.limit ?? 50 });
  const results: FiscalOutcome[] = [];
  for (const { id } of due) {
    const outcome = await attempt(deps, id, now);
    if (outcome) results.push(outcome);
  }
  return results;
}

/** Runs sendDueFiscalReceipts when kicked (after a Click or Uzum payment) and every `paymentSweepMs`. */
export function startFiscalWorker(app: FastifyInstance): IntervalWorker {
  const deps: FiscalDeps = {
    db: app.database.db,
    config: app.config,
    standIns: app.standIns,
    log: (message, detail) => {
      app.log.warn(detail, message);
    },
  };
  return startIntervalWorker({
    work: () => sendDueFiscalReceipts(deps),
    everyMs: app.config.paymentSweepMs,
    failed: (error) => {
      app.log.warn({ err: error }, "fiscal receipt run failed; the next run tries again");
    },
    rerunWhenBusy: true,
  });
}
