// The webhook outbox worker (issue 38, docs/decisions.md): deliveries written with their change are
// claimed in batches by one statement (SKIP LOCKED, a lease of 60 s), so concurrent workers and
// processes each send a try once; then POSTed, signed the way Stripe signs (`Savat-Signature:
// t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), outside any transaction. A 2xx is DELIVERED;
// anything else waits 30 s, 1, 2, 4 ... min (at most an hour) and is tried again until a day after
// it was queued, then FAILED. A worker that dies mid-try leaves the row to be tried again after its
// lease: a receiver may see an event twice and keeps it once by its `Savat-Event-Id`.
import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { orderSchema } from "#domain/contract/orders.ts";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader, signedPayload } from "#domain/webhooks.ts";
import type { Db } from "../../db/types.ts";
import { startIntervalWorker, type IntervalWorker } from "../../lib/interval-worker.ts";
import { postWebhook, type WebhookAnswer, type WebhookPost } from "../../integrations/webhook-http.ts";
import { findMerchantById } from "../../repositories/merchants.ts";
import { findOrder, orderViews } from "../orders/lookup.ts";
import {
  claimDueDeliveries,
  keepEventData,
  updateDelivery,
  type ClaimedDelivery,
} from "../../repositories/webhooks.ts";

export const WEBHOOK_TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** How many receivers are called at once by one run. */
const PARALLEL = 8;

/** The wait after the n-th failed try (n from 1): 30 s doubled each time, at most an hour. */
export function webhookBackoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** Sends one delivery: the service's view of the outside call, so tests may count or refuse them. */
export type WebhookSender = (post: WebhookPost) => Promise<WebhookAnswer>;

export interface WebhookWorkerDeps {
  db: Db;
  allowLocal: boolean;
  send: WebhookSender;
  log: (level: "info" | "warn", message: string, detail: Record<string, unknown>) => void;
}

export type WebhookTryResult = "DELIVERED" | "PENDING" | "FAILED";

/** The HMAC the signature header carries. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(signedPayload(timestamp, body)).digest("hex");
}

/** The event's `data`: the order as the staff API shows it, or what the event recorded. */
async function eventData(db: Db, delivery: ClaimedDelivery): Promise<Record<string, unknown>> {
  if (delivery.data) return delivery.data;
  let data: Record<string, unknown> = delivery.facts;
  if (delivery.orderId) {
    const row = await findOrder(db, { merchantId: delivery.merchantId, id: delivery.orderId });
    const [view] = row ? await orderViews(db, [row]) : [];
    // Parsed through the staff API's schema: only what staff see, nothing the server keeps to itself.
    if (view) data = orderSchema.parse(view);
  }
  return keepEventData(db, { id: delivery.eventId, data });
}

async function body(db: Db, delivery: ClaimedDelivery): Promise<string> {
  const merchant = await findMerchantById(db, delivery.merchantId);
  const data = await eventData(db, delivery);
  const status = typeof delivery.facts.status === "string" ? { status: delivery.facts.status } : {};
  return JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    created: delivery.eventCreated.toISOString(),
    brand: { id: delivery.merchantId, sub: merchant?.sub ?? null },
    // The status the event moved the order to (data shows the order as it was at the first try).
    ...status,
    data,
  });
}

async function attempt(
  deps: WebhookWorkerDeps,
  delivery: ClaimedDelivery,
  now: Date,
): Promise<WebhookTryResult> {
  let answer: WebhookAnswer | null = null;
  let error: string | null = null;
  try {
    const text = await body(deps.db, delivery);
    const timestamp = Math.floor(now.getTime() / 1000);
    answer = await deps.send({
      url: delivery.url,
      body: text,
      headers: {
        "content-type": "application/json",
        "user-agent": "Savat-Webhooks/1",
        [SIGNATURE_HEADER]: signatureHeader(timestamp, webhookSignature(delivery.secret, timestamp, text)),
        [EVENT_ID_HEADER]: delivery.eventId,
      },
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      allowLocal: deps.allowLocal,
    });
    if (answer.status < 200 || answer.status > 299) error = `the receiver answered ${String(answer.status)}`;
  } catch (e) {
    error = e instanceof Error ? e.message : "the call failed";
  }
  const kept = {
    lastStatus: answer?.status ?? null,
    lastResponse: answer ? answer.bodyStart.replace(/\0/g, "") : null,
    lastError: error?.slice(0, 500) ?? null,
  };
  if (error === null) {
    await updateDelivery(deps.db, {
      id: delivery.id,
      set: { ...kept, state: "DELIVERED", deliveredAt: now },
    });
    return "DELIVERED";
  }
  const next = new Date(now.getTime() + webhookBackoffMs(delivery.attempts));
  const final = next > delivery.giveUpAt;
  await updateDelivery(deps.db, {
    id: delivery.id,
    set: { ...kept, state: final ? "FAILED" : "PENDING", nextAttemptAt: next },
  });
  deps.log(
    "warn",
    final ? "webhook failed for a day; not retried" : "webhook not delivered; it will be retried",
    {
      deliveryId: delivery.id,
      eventId: delivery.eventId,
      attempts: delivery.attempts,
      error,
    },
  );
  return final ? "FAILED" : "PENDING";
}

/** Sends the deliveries due at `now` (tests pass a later clock); answers what became of each one tried. */
export async function sendDueWebhooks(
  deps: WebhookWorkerDeps,
  options: { now?: Date; limit?: number } = {},
): Promise<WebhookTryResult[]> {
  const now = options.now ?? new Date();
  const claimed = await claimDueDeliveries(deps.db, {
    now,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    limit: options.limit ?? 100,
  });
  const results: WebhookTryResult[] = [];
  for (let i = 0; i < claimed.length; i += PARALLEL) {
    const batch = claimed.slice(i, i + PARALLEL);
    results.push(...(await Promise.all(batch.map((d) => attempt(deps, d, now)))));
  }
  return results;
}

export function webhookWorkerDeps(
  app: FastifyInstance,
  send: WebhookSender = postWebhook,
): WebhookWorkerDeps {
  return {
    db: app.database.db,
    allowLocal: app.config.webhookLocalTargets,
    send,
    log: (level, message, detail) => {
      app.log[level](detail, message);
    },
  };
}

/** Runs sendDueWebhooks every `webhooksSweepMs` (0: only when kicked). */
export function startWebhookWorker(app: FastifyInstance): IntervalWorker {
  const deps = webhookWorkerDeps(app);
  return startIntervalWorker({
    work: () => sendDueWebhooks(deps),
    everyMs: app.config.webhooksSweepMs,
    failed: (error) => {
      app.log.warn({ err: error }, "webhook run failed; the next run tries again");
    },
    rerunWhenBusy: true,
  });
}
