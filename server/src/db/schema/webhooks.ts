// Signed webhooks to any other system (issue 38): a brand's endpoints, the events that happened and
// one delivery per event and endpoint, the outbox the worker (server/src/services/webhooks/worker.ts)
// sends from. Events and deliveries are written in the transaction of the change that causes them;
// an order's placement writes them through a trigger on orders (migration 0028), since the order is
// written by one statement (savat_place_order). Their ids are gen_random_uuid() for that reason.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { WebhookDeliveryState, WebhookEventType } from "#domain/webhooks.ts";
import { createdDate, id, lastModifiedDate, timestamptz } from "./columns.ts";
import { merchantId } from "./tenant.ts";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    merchantId: merchantId(),
    url: text().notNull(),
    events: text().array().$type<WebhookEventType[]>().notNull(),
    /** Made by the server (whsec_ + 32 random bytes), shown once; needed in clear to sign. */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("webhook_endpoints_merchant_id_idx").on(t.merchantId)],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    merchantId: merchantId(),
    /** One of WEBHOOK_EVENTS, or webhook.test. */
    type: text().notNull(),
    /** The order it is about (no foreign key: the log outlives a deleted order). */
    orderId: uuid(),
    /** What is known when it happens (the status it moved to, the menu entity saved). */
    facts: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The body's `data`, built at the first try (the order as the staff API shows it) and kept, so
     * every try and every endpoint gets the same bytes.
     */
    data: jsonb().$type<Record<string, unknown>>(),
    createdDate: createdDate(),
  },
  (t) => [index("webhook_events_merchant_id_created_date_idx").on(t.merchantId, t.createdDate)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    merchantId: merchantId(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    /** PENDING, SENDING (claimed by a worker until nextAttemptAt), DELIVERED or FAILED. */
    state: text().$type<WebhookDeliveryState>().notNull().default("PENDING"),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    /** Past this, a failed try is the last one (a day after it was queued or sent again). */
    giveUpAt: timestamptz()
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    lastStatus: integer(),
    lastResponse: text(),
    lastError: text(),
    deliveredAt: timestamptz(),
    createdDate: createdDate(),
  },
  (t) => [
    // One delivery per event and endpoint: "send again" re-queues it rather than adding one.
    uniqueIndex("webhook_deliveries_event_id_endpoint_id_idx").on(t.eventId, t.endpointId),
    index("webhook_deliveries_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_id_created_date_idx").on(t.endpointId, t.createdDate),
    check("webhook_deliveries_state_check", sql`${t.state} in ('PENDING', 'SENDING', 'DELIVERED', 'FAILED')`),
  ],
);
