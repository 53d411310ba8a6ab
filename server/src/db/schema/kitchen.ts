// The kitchen outbox (issue 38): one row per order to send to the brand's iiko, written in the
// transaction that makes the order ready for the kitchen (placed for a payment on receipt, paid for
// an online one) and sent by server/src/services/kitchen/iiko-outbox.ts exactly once.
import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdDate, id, lastModifiedDate, timestamptz } from "./columns.ts";
import { orders } from "./orders.ts";
import { merchantId } from "./tenant.ts";

export const kitchenOrders = pgTable(
  "kitchen_orders",
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** PENDING (to send), SENDING (claimed until next_attempt_at), SENT, FAILED (iiko refused it). */
    state: text().notNull().default("PENDING"),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamptz().notNull(),
    /** iiko's reason for a refusal, or the last transport error (never a credential). */
    lastError: text(),
    /** iiko's id of the delivery order and the correlation id of its creation. */
    iikoOrderId: text(),
    correlationId: text(),
    sentAt: timestamptz(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("kitchen_orders_order_id_uq").on(t.orderId),
    index("kitchen_orders_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    index("kitchen_orders_iiko_order_id_idx").on(t.merchantId, t.iikoOrderId),
    check("kitchen_orders_state_check", sql`${t.state} in ('PENDING', 'SENDING', 'SENT', 'FAILED')`),
  ],
);
