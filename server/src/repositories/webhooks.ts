// A brand's webhook endpoints, the events for them and the deliveries the worker sends (issue 38).
// Every read and write of an endpoint names its brand; the worker's claim is across brands.
import { and, desc, eq, sql } from "drizzle-orm";
import type { WebhookDeliveryState, WebhookEventType } from "#domain/webhooks.ts";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

export async function listEndpointRows(db: Db, { merchantId, id }: Tenant & { id?: string }) {
  const last = sql<WebhookDeliveryState | null>`(
    select d.state from ${webhookDeliveries} d
    where d.endpoint_id = ${webhookEndpoints.id}
    order by d.created_date desc, d.id desc limit 1
  )`;
  return db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      enabled: webhookEndpoints.enabled,
      secret: webhookEndpoints.secret,
      createdDate: webhookEndpoints.createdDate,
      lastState: last,
    })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.merchantId, merchantId),
        id === undefined ? undefined : eq(webhookEndpoints.id, id),
      ),
    )
    .orderBy(webhookEndpoints.createdDate, webhookEndpoints.id);
}
export type EndpointRow = Awaited<ReturnType<typeof listEndpointRows>>[number];

export async function countEndpoints(db: Db, { merchantId }: Tenant): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.merchantId, merchantId));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  db: Db,
  values: Tenant & { url: string; events: WebhookEventType[]; secret: string; enabled: boolean },
): Promise<string> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  if (!row) throw new Error("webhook endpoint insert returned no row");
  return row.id;
}

/** Changes the brand's endpoint; false when it has none of that id. */
export async function updateEndpoint(
  db: Db,
  {
    merchantId,
    id,
    set,
  }: Tenant & {
    id: string;
    set: Partial<{ url: string; events: WebhookEventType[]; enabled: boolean; secret: string }>;
  },
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.merchantId, merchantId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Deletes the brand's endpoint and its deliveries; false when it has none of that id. */
export async function deleteEndpoint(db: Db, { merchantId, id }: Tenant & { id: string }): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.merchantId, merchantId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * Writes one event per type that some enabled endpoint of the brand wants, and a delivery per such
 * endpoint, in one statement (inside the caller's transaction). Nothing when no endpoint wants them.
 */
export async function insertWebhookEvents(
  db: Db,
  {
    merchantId,
    types,
    orderId,
    facts,
  }: Tenant & { types: readonly WebhookEventType[]; orderId: string | null; facts: Record<string, unknown> },
): Promise<void> {
  if (types.length === 0) return;
  await db.execute(sql`
    with wanted as (select jsonb_array_elements_text(${JSON.stringify(types)}::jsonb) as type),
    targets as (
      select e.id as endpoint_id, w.type from ${webhookEndpoints} e
      join wanted w on w.type = any (e.events)
      where e.merchant_id = ${merchantId} and e.enabled
    ),
    made as (
      insert into ${webhookEvents} (merchant_id, type, order_id, facts)
      select ${merchantId}, w.type, ${orderId}::uuid, ${JSON.stringify(facts)}::jsonb from wanted w
      where exists (select 1 from targets t where t.type = w.type)
      returning id, type
    )
    insert into ${webhookDeliveries} (merchant_id, endpoint_id, event_id)
    select ${merchantId}, t.endpoint_id, m.id from targets t join made m on m.type = t.type
  `);
}

/** A test event for the one endpoint of the brand, whatever it subscribed to; the delivery's id. */
export async function insertTestDelivery(
  db: Db,
  { merchantId, endpointId, type, facts }: Tenant & { endpointId: string; type: string; facts: object },
): Promise<string> {
  const [event] = await db
    .insert(webhookEvents)
    .values({ merchantId, type, facts: { ...facts } })
    .returning({ id: webhookEvents.id });
  if (!event) throw new Error("webhook event insert returned no row");
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ merchantId, endpointId, eventId: event.id })
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error("webhook delivery insert returned no row");
  return delivery.id;
}

export interface ClaimedDelivery {
  id: string;
  merchantId: string;
  eventId: string;
  attempts: number;
  giveUpAt: Date;
  url: string;
  secret: string;
  type: string;
  orderId: string | null;
  facts: Record<string, unknown>;
  data: Record<string, unknown> | null;
  eventCreated: Date;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints for one try each: SENDING until
 * `leaseUntil`, one more attempt counted. Rows another worker holds are skipped (SKIP LOCKED), and a
 * row claimed meanwhile no longer matches (its next try is the lease), so each try has one worker.
 */
export async function claimDueDeliveries(
  db: Db,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedDelivery[]> {
  const result = await db.execute<{
    id: string;
    merchant_id: string;
    event_id: string;
    attempts: number;
    give_up_at: string | Date;
    url: string;
    secret: string;
    type: string;
    order_id: string | null;
    facts: Record<string, unknown>;
    data: Record<string, unknown> | null;
    event_created: string | Date;
  }>(sql`
    with due as (
      select d.id from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id
      where d.state in ('PENDING', 'SENDING') and d.next_attempt_at <= ${now.toISOString()}::timestamptz
        and e.enabled
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    ),
    claimed as (
      update ${webhookDeliveries} d
      set state = 'SENDING', attempts = d.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      from due where d.id = due.id
        and d.state in ('PENDING', 'SENDING') and d.next_attempt_at <= ${now.toISOString()}::timestamptz
      returning d.id, d.merchant_id, d.event_id, d.endpoint_id, d.attempts, d.give_up_at
    )
    select c.id, c.merchant_id, c.event_id, c.attempts, c.give_up_at, e.url, e.secret,
      ev.type, ev.order_id, ev.facts, ev.data, ev.created_date as event_created
    from claimed c
    join ${webhookEndpoints} e on e.id = c.endpoint_id
    join ${webhookEvents} ev on ev.id = c.event_id
  `);
  return result.rows.map((r) => ({
    id: r.id,
    merchantId: r.merchant_id,
    eventId: r.event_id,
    attempts: r.attempts,
    giveUpAt: new Date(r.give_up_at),
    url: r.url,
    secret: r.secret,
    type: r.type,
    orderId: r.order_id,
    facts: r.facts,
    data: r.data,
    eventCreated: new Date(r.event_created),
  }));
}

/** Keeps the event's data as first built (a concurrent first try may have kept its own: that one wins). */
export async function keepEventData(
  db: Db,
  { id, data }: { id: string; data: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  const [row] = await db
    .update(webhookEvents)
    .set({ data: sql`coalesce(${webhookEvents.data}, ${JSON.stringify(data)}::jsonb)` })
    .where(eq(webhookEvents.id, id))
    .returning({ data: webhookEvents.data });
  return row?.data ?? data;
}

export async function updateDelivery(
  db: Db,
  { id, set }: { id: string; set: Partial<typeof webhookDeliveries.$inferInsert> },
): Promise<void> {
  await db.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id));
}

export async function listDeliveryRows(
  db: Db,
  { merchantId, endpointId, id, limit }: Tenant & { endpointId?: string; id?: string; limit: number },
) {
  return db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      type: webhookEvents.type,
      orderId: webhookEvents.orderId,
      state: webhookDeliveries.state,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatus: webhookDeliveries.lastStatus,
      lastResponse: webhookDeliveries.lastResponse,
      lastError: webhookDeliveries.lastError,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdDate: webhookDeliveries.createdDate,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.merchantId, merchantId),
        endpointId === undefined ? undefined : eq(webhookDeliveries.endpointId, endpointId),
        id === undefined ? undefined : eq(webhookDeliveries.id, id),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdDate), desc(webhookDeliveries.id))
    .limit(limit);
}
export type DeliveryRow = Awaited<ReturnType<typeof listDeliveryRows>>[number];

/** Queues the brand's delivery again from now, for another day of tries; false when it has none. */
export async function requeueDelivery(
  db: Db,
  { merchantId, endpointId, id }: Tenant & { endpointId: string; id: string },
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      state: "PENDING",
      attempts: 0,
      nextAttemptAt: sql`now()`,
      giveUpAt: sql`now() + interval '24 hours'`,
      lastError: null,
    })
    .where(
      and(
        eq(webhookDeliveries.merchantId, merchantId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
        // One being sent right now finishes its try first.
        sql`${webhookDeliveries.state} <> 'SENDING'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}
