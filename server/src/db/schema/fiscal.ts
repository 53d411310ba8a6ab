// The fiscal receipt outbox (issue 40): one row per receipt a provider registers after the payment
// (Click's ofd_data/submit_items; a return receipt after a refund), written in the transaction that
// pays (or refunds) the order and sent by server/src/services/payments/fiscal-outbox.ts exactly once.
import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdDate, id, lastModifiedDate, timestamptz } from "./columns.ts";
import { orders } from "./orders.ts";
import { merchantId } from "./tenant.ts";

export const fiscalReceipts = pgTable(
  "fiscal_receipts",
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The provider that registers it: CLICK (PAYME fiscalises from CheckPerformTransaction's detail). */
    provider: text().notNull(),
    /** SALE (after the payment) or RETURN (after a refund). */
    kind: text().notNull().default("SALE"),
    /** The provider's payment id the receipt belongs to. */
    paymentId: text().notNull(),
    /** PENDING (to send), SENDING (claimed until next_attempt_at), SENT, FAILED (the provider refused it). */
    state: text().notNull().default("PENDING"),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamptz().notNull(),
    /** The provider's reason for a refusal, or the last transport error (never a credential). */
    lastError: text(),
    /** The tax authority's receipt the provider answered (its link, shown as a QR code). */
    receiptUrl: text(),
    sentAt: timestamptz(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("fiscal_receipts_order_id_provider_kind_uq").on(t.orderId, t.provider, t.kind),
    index("fiscal_receipts_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    check("fiscal_receipts_state_check", sql`${t.state} in ('PENDING', 'SENDING', 'SENT', 'FAILED')`),
    check("fiscal_receipts_kind_check", sql`${t.kind} in ('SALE', 'RETURN')`),
  ],
);
