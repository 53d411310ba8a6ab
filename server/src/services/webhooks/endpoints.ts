// The brand's webhook endpoints from the back office (issue 38, owner only): made with a secret the
// server generates and answers once, changed, paused, deleted, the secret rolled; their delivery log,
// a delivery sent again, a test event. Every row is the brand's (the tenant is in every query); each
// change is in the change log.
import { randomBytes } from "node:crypto";
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from "#domain/contract/back-office-webhooks.ts";
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "#domain/webhooks.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { webhookTargetProblem, type WebhookTargetKind } from "../../integrations/webhook-http.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  countEndpoints,
  deleteEndpoint,
  insertEndpoint,
  insertTestDelivery,
  listDeliveryRows,
  listEndpointRows,
  requeueDelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from "../../repositories/webhooks.ts";

/** A brand has at most this many endpoints: each event is sent to each of them. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** The log shows this many deliveries of an endpoint, newest first. */
const LOG_SIZE = 100;

function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

function view(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    secretHint: row.secret.slice(-4),
    createdDate: row.createdDate.toISOString(),
    lastState: row.lastState,
  };
}

function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as WebhookDelivery["type"],
    orderId: row.orderId,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.state === "PENDING" ? row.nextAttemptAt.toISOString() : null,
    lastStatus: row.lastStatus,
    lastResponse: row.lastResponse,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdDate: row.createdDate.toISOString(),
  };
}

async function one(db: Db, merchantId: string, id: string): Promise<EndpointRow> {
  const [row] = await listEndpointRows(db, { merchantId, id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

const TARGET_TEXTS: Record<WebhookTargetKind, { uz: string; ru: string; eng: string }> = {
  invalid: {
    uz: "url: manzil noto'g'ri",
    ru: "url: неверный адрес",
    eng: "url: not an address",
  },
  scheme: {
    uz: "url: manzil https:// bilan boshlanishi kerak",
    ru: "url: адрес должен начинаться с https://",
    eng: "url: the address must start with https://",
  },
  credentials: {
    uz: "url: manzilda login yoki parol bo'lmasin",
    ru: "url: в адресе не должно быть логина или пароля",
    eng: "url: the address may not carry a user name or password",
  },
  unresolved: {
    uz: "url: bu nom hech qaysi manzilga olib bormaydi",
    ru: "url: это имя не разрешается ни в один адрес",
    eng: "url: the name does not resolve to any address",
  },
  private: {
    uz: "url: manzil ichki tarmoqqa (xususiy, loopback yoki link-local) olib boradi; ochiq manzil kiriting",
    ru: "url: адрес ведёт во внутреннюю сеть (частный, loopback или link-local адрес); укажите публичный адрес",
    eng: "url: the address leads to a private, loopback or link-local network; give a public address",
  },
  "http-remote": {
    uz: "url: http faqat shu kompyuterga ruxsat etilgan; https ishlating",
    ru: "url: http разрешён только для этого компьютера; используйте https",
    eng: "url: http is allowed only to this machine; use https",
  },
};

/** Refuses a URL the worker would refuse (scheme, private address), with the reason at the field. */
async function checkUrl(url: string, allowLocal: boolean): Promise<void> {
  const problem = await webhookTargetProblem(url, allowLocal);
  if (problem) throw new AppError("VALIDATION_FAILED", TARGET_TEXTS[problem.kind]);
}

export async function webhookEndpoints(db: Db, merchantId: string): Promise<WebhookEndpoint[]> {
  return (await listEndpointRows(db, { merchantId })).map(view);
}

interface Actor {
  merchantId: string;
  userId: string;
  allowLocal: boolean;
}

export async function createWebhookEndpoint(
  db: Db,
  actor: Actor,
  input: { url: string; events: WebhookEventType[]; enabled: boolean },
): Promise<WebhookEndpointWithSecret> {
  await checkUrl(input.url, actor.allowLocal);
  const secret = newSecret();
  const id = await transaction(db, async (tx) => {
    if ((await countEndpoints(tx, { merchantId: actor.merchantId })) >= WEBHOOK_ENDPOINTS_MAX)
      throw new AppError("VALIDATION_FAILED", {
        uz: `Brendda ${String(WEBHOOK_ENDPOINTS_MAX)} tadan ortiq manzil bo'lmaydi`,
        ru: `У бренда не больше ${String(WEBHOOK_ENDPOINTS_MAX)} адресов`,
        eng: `A brand has at most ${String(WEBHOOK_ENDPOINTS_MAX)} endpoints`,
      });
    const made = await insertEndpoint(tx, { merchantId: actor.merchantId, ...input, secret });
    await insertAudit(tx, {
      merchantId: actor.merchantId,
      userId: actor.userId,
      entity: "webhook",
      entityId: made,
      action: "create",
      before: {},
      after: { url: input.url, events: input.events, enabled: input.enabled },
    });
    return made;
  });
  return { endpoint: view(await one(db, actor.merchantId, id)), secret };
}

export async function changeWebhookEndpoint(
  db: Db,
  actor: Actor,
  id: string,
  changes: {
    url?: string | undefined;
    events?: WebhookEventType[] | undefined;
    enabled?: boolean | undefined;
  },
): Promise<WebhookEndpoint> {
  if (changes.url !== undefined) await checkUrl(changes.url, actor.allowLocal);
  const set = {
    ...(changes.url === undefined ? {} : { url: changes.url }),
    ...(changes.events === undefined ? {} : { events: changes.events }),
    ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
  };
  await transaction(db, async (tx) => {
    const before = await one(tx, actor.merchantId, id);
    if (Object.keys(set).length === 0) return;
    if (!(await updateEndpoint(tx, { merchantId: actor.merchantId, id, set })))
      throw new AppError("NOT_FOUND");
    await insertAudit(tx, {
      merchantId: actor.merchantId,
      userId: actor.userId,
      entity: "webhook",
      entityId: id,
      action: "update",
      before: Object.fromEntries(Object.keys(set).map((k) => [k, before[k as keyof typeof before]])),
      after: set,
    });
  });
  return view(await one(db, actor.merchantId, id));
}

export async function removeWebhookEndpoint(db: Db, actor: Actor, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await one(tx, actor.merchantId, id);
    if (!(await deleteEndpoint(tx, { merchantId: actor.merchantId, id }))) throw new AppError("NOT_FOUND");
    await insertAudit(tx, {
      merchantId: actor.merchantId,
      userId: actor.userId,
      entity: "webhook",
      entityId: id,
      action: "delete",
      before: { url: before.url, events: before.events, enabled: before.enabled },
      after: {},
    });
  });
}

/** A new secret, answered once; the old one stops signing at once (the receiver must change too). */
export async function rollWebhookSecret(
  db: Db,
  actor: Actor,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const secret = newSecret();
  await transaction(db, async (tx) => {
    if (!(await updateEndpoint(tx, { merchantId: actor.merchantId, id, set: { secret } })))
      throw new AppError("NOT_FOUND");
    await insertAudit(tx, {
      merchantId: actor.merchantId,
      userId: actor.userId,
      entity: "webhook",
      entityId: id,
      action: "roll-secret",
      before: {},
      after: {},
    });
  });
  return { endpoint: view(await one(db, actor.merchantId, id)), secret };
}

export async function webhookDeliveries(
  db: Db,
  merchantId: string,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  await one(db, merchantId, endpointId);
  return (await listDeliveryRows(db, { merchantId, endpointId, limit: LOG_SIZE })).map(deliveryView);
}

async function oneDelivery(
  db: Db,
  merchantId: string,
  endpointId: string,
  id: string,
): Promise<WebhookDelivery> {
  const [row] = await listDeliveryRows(db, { merchantId, endpointId, id, limit: 1 });
  if (!row) throw new AppError("NOT_FOUND");
  return deliveryView(row);
}

/** Queues a delivery again now, with the same event id and data (a receiver keeps it once). */
export async function resendWebhookDelivery(
  db: Db,
  merchantId: string,
  endpointId: string,
  id: string,
): Promise<WebhookDelivery> {
  await one(db, merchantId, endpointId);
  // One being sent right now is not queued again; it is answered as it is (an unknown one is 404).
  await requeueDelivery(db, { merchantId, endpointId, id });
  return oneDelivery(db, merchantId, endpointId, id);
}

/** Queues a `webhook.test` event for this endpoint only. */
export async function sendWebhookTest(
  db: Db,
  merchantId: string,
  endpointId: string,
): Promise<WebhookDelivery> {
  await one(db, merchantId, endpointId);
  const id = await transaction(db, (tx) =>
    insertTestDelivery(tx, {
      merchantId,
      endpointId,
      type: WEBHOOK_TEST_EVENT,
      facts: { message: "A test event from Savat: the signature checks out with this endpoint's secret." },
    }),
  );
  return oneDelivery(db, merchantId, endpointId, id);
}
