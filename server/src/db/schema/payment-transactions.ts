// Online payments: one row per transaction of a payment provider (Payme's Merchant API, Click's SHOP-API).
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdDate, id, lastModifiedDate, timestamptz } from "./columns.ts";
import { paymentTypeEnum } from "./enums.ts";
import { orderChanges, orders } from "./orders.ts";
import { merchantId } from "./tenant.ts";

/**
 * A provider's transaction for an order, as the provider named it. States are Payme's: 1 created,
 * 2 performed, -1 cancelled before perform, -2 cancelled after perform (Click: 1 prepared, 2
 * completed, -1 cancelled). At most one transaction of an order is open (state 1) at a time.
 */
export const paymentTransactions = pgTable(
  "payment_transactions",
  {
    id: id(),
    /**
     * A whole number naming the transaction to providers whose ids are integers: Click's
     * merchant_prepare_id and merchant_confirm_id.
     */
    number: bigint({ mode: "number" }).generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    provider: paymentTypeEnum().notNull(),
    /** The provider's id of the transaction (Payme's `id`). */
    providerTransactionId: text().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    /** Tiyin (1 so'm = 100). */
    amount: bigint({ mode: "number" }).notNull(),
    state: smallint().notNull(),
    /** The provider's cancel reason code. */
    reason: smallint(),
    /** When the provider created the transaction on its side (Payme's `time`). */
    providerTime: timestamptz().notNull(),
    /** When this server created, performed and cancelled it (Payme's create/perform/cancel_time). */
    createTime: timestamptz().notNull(),
    performTime: timestamptz(),
    cancelTime: timestamptz(),
    /**
     * When a performed transaction's order was cancelled (by the customer or staff) and its money
     * is owed back: Payme's Merchant API cannot start a refund, so it waits for the brand to refund
     * in Payme's cabinet, which then calls CancelTransaction (state -2).
     */
    refundRequestedAt: timestamptz(),
    /** The change of a paid order this transaction pays the difference of (issue 42); null: the order. */
    changeId: uuid().references(() => orderChanges.id),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("payment_transactions_number_uq").on(t.number),
    uniqueIndex("payment_transactions_provider_transaction_uq").on(t.provider, t.providerTransactionId),
    uniqueIndex("payment_transactions_order_id_open_uq")
      .on(t.orderId)
      .where(sql`${t.state} = 1`),
    index("payment_transactions_merchant_id_provider_time_idx").on(t.merchantId, t.provider, t.providerTime),
    check("payment_transactions_state_check", sql`${t.state} in (1, 2, -1, -2)`),
    check("payment_transactions_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * A refund the storefront owes and sends to the provider itself (docs/decisions.md, Refunds): one per
 * performed transaction (unique), written in the same database transaction that cancels the paid
 * order, then sent by the refund worker (server/src/services/payments/refunds.ts) with bounded retries.
 * States: PENDING (to send at `next_attempt_at`), SENDING (claimed by a worker until
 * `next_attempt_at`, then claimable again), DONE (the provider accepted it, or refunded on its own),
 * FAILED (the provider refused it, or it failed `attempts` times: staff settle it by hand).
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: id(),
    merchantId: merchantId(),
    transactionId: uuid()
      .notNull()
      .references(() => paymentTransactions.id),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    /** The API that refunds it: PAYME (Subscribe receipts.cancel), CLICK (payment reversal), UZUM. */
    via: text().notNull(),
    /** Tiyin, the transaction's whole amount. */
    amount: bigint({ mode: "number" }).notNull(),
    state: text().notNull().default("PENDING"),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamptz().notNull(),
    /** The provider's answer to the last failed attempt (never a credential). */
    lastError: text(),
    requestedAt: timestamptz().notNull(),
    doneAt: timestamptz(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("payment_refunds_transaction_id_uq").on(t.transactionId),
    index("payment_refunds_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    index("payment_refunds_order_id_idx").on(t.orderId),
    check("payment_refunds_state_check", sql`${t.state} in ('PENDING', 'SENDING', 'DONE', 'FAILED')`),
    check("payment_refunds_via_check", sql`${t.via} in ('PAYME', 'CLICK', 'UZUM')`),
  ],
);
