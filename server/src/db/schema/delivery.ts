// The delivery-service outbox (Yandex Delivery, issue 39): one claim per order, written in the
// transaction that makes the order due for a courier (ready, or placed when the brand says so) and
// created, accepted, followed and cancelled by server/src/services/delivery/yandex-claims.ts.
import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdDate, id, lastModifiedDate, money, timestamptz } from "./columns.ts";
import { branches } from "./geo.ts";
import { couriers, orders } from "./orders.ts";
import { merchantId } from "./tenant.ts";

export const deliveryClaims = pgTable(
  "delivery_claims",
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    branchId: uuid().references(() => branches.id, { onDelete: "set null" }),
    /** Yandex's idempotency key of claims/create: the same on every try, so one claim at most. */
    requestId: uuid().notNull(),
    /**
     * PENDING (to create/accept), WORKING (claimed until next_attempt_at), FOLLOWING (accepted: read
     * back at next_attempt_at), DONE (delivered), CANCELLED, FAILED (refused or no performer).
     */
    state: text().notNull().default("PENDING"),
    /** When the order was cancelled: the claim is then to be cancelled at Yandex. */
    cancelRequestedAt: timestamptz(),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamptz().notNull(),
    claimId: text(),
    /** Yandex's status of the claim as last read (new, estimating, ..., delivered_finish). */
    claimStatus: text(),
    /** The claim's version (claims/accept and claims/cancel take it). */
    version: smallint(),
    /** Yandex's price of the claim once estimated, so'm. */
    price: money(),
    /** The courier row that stands for the claim's performer (provider YANDEX). */
    courierId: uuid().references(() => couriers.id, { onDelete: "set null" }),
    /** The secret in the callback URL given to Yandex for this claim. */
    callbackToken: text().notNull(),
    lastError: text(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("delivery_claims_order_id_uq").on(t.orderId),
    index("delivery_claims_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    check(
      "delivery_claims_state_check",
      sql`${t.state} in ('PENDING', 'WORKING', 'FOLLOWING', 'DONE', 'CANCELLED', 'FAILED')`,
    ),
  ],
);
