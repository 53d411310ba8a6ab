/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brands exist; a missing one should fail loudly */
// Signed webhooks (issue 38) against a real HTTP receiver on 127.0.0.1: a placed order arrives signed
// and the signature verifies with the secret shown once (checked here with node:crypto, not the
// server's code); a receiver answering 500 then 200 gets the event delivered once after a retry, the
// worker driven by an injected clock; a day of failures ends FAILED; ten concurrent worker runs send
// each delivery once; an endpoint gets only the events it asked for; "send again", the test event and
// a rolled secret; addresses into a private network are refused; only the brand's owner reaches them.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from "#domain/contract/back-office-webhooks.ts";
import type { OrderStatus } from "#domain/enums.ts";
import { happyNextStatus } from "#domain/order-status.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { users, webhookEndpoints } from "../src/db/schema/index.ts";
import { postWebhook, webhookTargetProblem } from "../src/integrations/webhook-http.ts";
import { createSession } from "../src/repositories/sessions.ts";
import {
  sendDueWebhooks,
  webhookWorkerDeps,
  type WebhookWorkerDeps,
} from "../src/services/webhooks/worker.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  answered: number;
}

let t: TestApp;
let deps: WebhookWorkerDeps;
let lavash: string;
let plov: string;
let seq = 0;
let receiverUrl = "";
let receiver: http.Server;
const received: Received[] = [];
/** Per path: the statuses to answer in turn (then 200). */
const answers = new Map<string, number[]>();
const fixture = { branch: "", product: "" };

async function person(
  merchant: string,
  options: { role?: "CUSTOMER" | "STAFF"; brandRole?: BrandRole | null } = {},
) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99894${String(3000000 + seq)}`,
      firstName: "Dilnoza",
      lastName: `Hooks ${String(seq)}`,
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { merchant, authorization: `Bearer ${token}` };
}
type Headers = Awaited<ReturnType<typeof person>>;
let owner: Headers;

const call = (who: Headers, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/staff/v1${url}`,
    headers: who,
    ...(payload === undefined ? {} : { payload }),
  });

async function endpoint(path: string, events: string[]): Promise<WebhookEndpointWithSecret> {
  const res = await call(owner, "POST", "/webhooks", { url: `${receiverUrl}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookEndpointWithSecret>();
}

async function placeOrder(): Promise<string> {
  const customer = await person(lavash, { role: "CUSTOMER" });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: customer,
    payload: {
      serviceType: "PICK_UP",
      paymentType: "CASH",
      branchId: fixture.branch,
      cartItems: [{ productId: fixture.product, count: 1, modifications: [] }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** The receiver's own check: Stripe's scheme, with node:crypto, in constant time, within 5 minutes. */
function verifies(secret: string, header: string, body: string, nowS: number): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowS - timestamp) > 300 || !parts.v1) return false;
  const expected = createHmac("sha256", secret)
    .update(`${String(timestamp)}.${body}`)
    .digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const at = (path: string) => received.filter((r) => r.path === path);

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const status = answers.get(path)?.shift() ?? 200;
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        answered: status,
      });
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? "ok, got it" : "receiver is down");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}`;
  // The timer stays off: every run below is this test's, at the clock it gives.
  t = await createTestApp({ env: { WEBHOOKS_SWEEP_MS: "0" } });
  deps = webhookWorkerDeps(t.app);
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  fixture.branch = await branchNamed(t, lavash, "Chilonzor");
  fixture.product = await plainProduct(t, lavash);
  owner = await person(lavash, { brandRole: "OWNER" });
}, 60_000);

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(async () => {
  // Each case starts with no endpoint and nothing due from an earlier one.
  await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.merchantId, lavash));
  received.length = 0;
  answers.clear();
});

describe("signed webhooks", () => {
  it("delivers a placed order signed with the secret shown once; an endpoint that did not ask for it gets nothing", async () => {
    const placed = await endpoint("/placed", ["order.placed"]);
    const menuOnly = await endpoint("/menu", ["menu.changed"]);
    expect(placed.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // The list never shows a secret again, only its last characters.
    const list = await call(owner, "GET", "/webhooks");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(placed.secret);
    expect(list.json<WebhookEndpoint[]>().find((e) => e.id === placed.endpoint.id)?.secretHint).toBe(
      placed.secret.slice(-4),
    );

    const orderId = await placeOrder();
    const now = new Date();
    expect(await sendDueWebhooks(deps, { now })).toEqual(["DELIVERED"]);

    expect(at("/menu")).toHaveLength(0);
    const [got] = at("/placed");
    expect(got).toBeDefined();
    const event = JSON.parse(got!.body) as {
      id: string;
      type: string;
      created: string;
      brand: { id: string; sub: string };
      status: string;
      data: { id: string; status: string; cartItems: unknown[] };
    };
    expect(event).toMatchObject({
      type: "order.placed",
      brand: { id: lavash, sub: "lavash" },
      status: "CREATED",
    });
    expect(event.data.id).toBe(orderId);
    expect(event.data.cartItems).toHaveLength(1);
    expect(got!.headers["savat-event-id"]).toBe(event.id);
    expect(got!.headers["content-type"]).toBe("application/json");
    const signature = String(got!.headers["savat-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const nowS = Math.floor(now.getTime() / 1000);
    expect(verifies(placed.secret, signature, got!.body, nowS)).toBe(true);
    // Another secret, a changed body or a stale timestamp do not verify.
    expect(verifies(menuOnly.secret, signature, got!.body, nowS)).toBe(false);
    expect(verifies(placed.secret, signature, got!.body.replace(orderId, lavash), nowS)).toBe(false);
    expect(verifies(placed.secret, signature, got!.body, nowS + 301)).toBe(false);

    const log = await call(owner, "GET", `/webhooks/${placed.endpoint.id}/deliveries`);
    expect(log.json<WebhookDelivery[]>()).toMatchObject([
      { eventId: event.id, type: "order.placed", orderId, state: "DELIVERED", attempts: 1, lastStatus: 200 },
    ]);
    expect(log.json<WebhookDelivery[]>()[0]!.lastResponse).toBe("ok, got it");
    const none = await call(owner, "GET", `/webhooks/${menuOnly.endpoint.id}/deliveries`);
    expect(none.json<WebhookDelivery[]>()).toEqual([]);
  });

  it("sends a staff cancel as order.status_changed and order.cancelled to the endpoint that asked, not to a paused one", async () => {
    const moves = await endpoint("/moves", ["order.status_changed", "order.cancelled"]);
    const paused = await endpoint("/paused", ["order.cancelled"]);
    expect((await call(owner, "PUT", `/webhooks/${paused.endpoint.id}`, { enabled: false })).statusCode).toBe(
      200,
    );
    const orderId = await placeOrder();
    const cancel = await call(owner, "PUT", `/orders/${orderId}/status`, {
      status: "CANCELED",
      comment: "test",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await sendDueWebhooks(deps)).toEqual(["DELIVERED", "DELIVERED"]);
    const types = at("/moves").map((r) => (JSON.parse(r.body) as { type: string; status: string }).type);
    expect(types.sort()).toEqual(["order.cancelled", "order.status_changed"]);
    expect(at("/paused")).toHaveLength(0);
    expect(moves.endpoint.events).toEqual(["order.status_changed", "order.cancelled"]);
  });

  it("sends order.paid once when the cash of a pickup order is collected, walking its statuses", async () => {
    await endpoint("/paid", ["order.paid"]);
    const orderId = await placeOrder();
    let status: OrderStatus = "CREATED";
    for (let step = 0; step < 10; step += 1) {
      const next = happyNextStatus(status, "PICK_UP");
      if (!next) break;
      const moved = await call(owner, "PUT", `/orders/${orderId}/status`, { status: next });
      expect(moved.statusCode, moved.body).toBe(200);
      status = next;
    }
    expect(await sendDueWebhooks(deps)).toEqual(["DELIVERED"]);
    const [paid] = at("/paid");
    expect(JSON.parse(paid!.body)).toMatchObject({ type: "order.paid", data: { id: orderId, isPaid: true } });
  });

  it("retries a receiver that answered 500 and delivers once when it answers 200, by the worker's clock", async () => {
    const flaky = await endpoint("/flaky", ["order.placed"]);
    answers.set("/flaky", [500]);
    await placeOrder();
    const start = new Date();
    expect(await sendDueWebhooks(deps, { now: start })).toEqual(["PENDING"]);
    const [waiting] = (await call(owner, "GET", `/webhooks/${flaky.endpoint.id}/deliveries`)).json<
      WebhookDelivery[]
    >();
    expect(waiting).toMatchObject({
      state: "PENDING",
      attempts: 1,
      lastStatus: 500,
      lastResponse: "receiver is down",
    });
    expect(new Date(waiting!.nextAttemptAt!).getTime()).toBe(start.getTime() + 30_000);
    // Not due yet: nothing is sent.
    expect(await sendDueWebhooks(deps, { now: new Date(start.getTime() + 10_000) })).toEqual([]);
    expect(await sendDueWebhooks(deps, { now: new Date(start.getTime() + 31_000) })).toEqual(["DELIVERED"]);
    expect(await sendDueWebhooks(deps, { now: new Date(start.getTime() + 3600_000) })).toEqual([]);
    const tries = at("/flaky");
    expect(tries.map((r) => r.answered)).toEqual([500, 200]);
    expect(new Set(tries.map((r) => r.headers["savat-event-id"])).size).toBe(1);
    const [done] = (await call(owner, "GET", `/webhooks/${flaky.endpoint.id}/deliveries`)).json<
      WebhookDelivery[]
    >();
    expect(done).toMatchObject({ state: "DELIVERED", attempts: 2, lastStatus: 200, nextAttemptAt: null });
  });

  it("gives up a day after a delivery was queued (FAILED), and sends it again on request", async () => {
    const down = await endpoint("/down", ["order.placed"]);
    answers.set("/down", Array<number>(40).fill(503));
    await placeOrder();
    let now = new Date();
    const states: string[] = [];
    for (let run = 0; run < 40 && !states.includes("FAILED"); run += 1) {
      states.push(...(await sendDueWebhooks(deps, { now })));
      now = new Date(now.getTime() + 60 * 60_000);
    }
    expect(states.at(-1)).toBe("FAILED");
    expect(states.filter((s) => s === "FAILED")).toHaveLength(1);
    expect(states.length).toBeGreaterThan(10);
    expect(states.length).toBeLessThan(40);
    const [failed] = (await call(owner, "GET", `/webhooks/${down.endpoint.id}/deliveries`)).json<
      WebhookDelivery[]
    >();
    expect(failed).toMatchObject({ state: "FAILED", lastStatus: 503, nextAttemptAt: null });
    expect(await sendDueWebhooks(deps, { now: new Date(now.getTime() + 86_400_000) })).toEqual([]);

    answers.set("/down", []);
    const again = await call(owner, "POST", `/webhooks/${down.endpoint.id}/deliveries/${failed!.id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<WebhookDelivery>()).toMatchObject({ state: "PENDING", attempts: 0 });
    expect(await sendDueWebhooks(deps)).toEqual(["DELIVERED"]);
    const last = at("/down").at(-1)!;
    expect(last.answered).toBe(200);
    expect(last.headers["savat-event-id"]).toBe(failed!.eventId);
  });

  it("sends each delivery once across 10 concurrent worker runs", async () => {
    await endpoint("/busy", ["order.placed"]);
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await placeOrder());
    const runs = await Promise.all(Array.from({ length: 10 }, () => sendDueWebhooks(deps)));
    expect(runs.flat()).toEqual(Array<string>(5).fill("DELIVERED"));
    const got = at("/busy");
    expect(got).toHaveLength(5);
    expect(new Set(got.map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id))).toEqual(
      new Set(ids),
    );
    expect(await sendDueWebhooks(deps, { now: new Date(Date.now() + 86_400_000) })).toEqual([]);
  });

  it("sends a test event to the one endpoint, and a rolled secret signs from then on", async () => {
    const hook = await endpoint("/test", ["menu.changed"]);
    const rolled = await call(owner, "POST", `/webhooks/${hook.endpoint.id}/secret`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const { secret } = rolled.json<WebhookEndpointWithSecret>();
    expect(secret).not.toBe(hook.secret);
    const queued = await call(owner, "POST", `/webhooks/${hook.endpoint.id}/test`);
    expect(queued.statusCode, queued.body).toBe(201);
    expect(queued.json<WebhookDelivery>()).toMatchObject({ type: "webhook.test", state: "PENDING" });
    await sendDueWebhooks(deps);
    await t.app.webhooks.idle();
    const [got] = at("/test");
    expect(JSON.parse(got!.body)).toMatchObject({ type: "webhook.test", brand: { id: lavash } });
    const nowS = Math.floor(Date.now() / 1000);
    expect(verifies(secret, String(got!.headers["savat-signature"]), got!.body, nowS)).toBe(true);
    expect(verifies(hook.secret, String(got!.headers["savat-signature"]), got!.body, nowS)).toBe(false);
  });

  it("sends menu.changed when the owner saves a product in the menu editor", async () => {
    await endpoint("/menu", ["menu.changed"]);
    const products = (await call(owner, "GET", "/products")).json<
      {
        id: string;
        version: number;
        name: object;
        description: object;
        costPrice: number;
        discount: number;
        active: boolean;
      }[]
    >();
    const product = products[0]!;
    const saved = await call(owner, "PUT", `/products/${product.id}`, {
      version: product.version,
      name: product.name,
      description: product.description,
      costPrice: product.costPrice,
      discount: product.discount === 5 ? 6 : 5,
      active: product.active,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await sendDueWebhooks(deps)).toEqual(["DELIVERED"]);
    expect(JSON.parse(at("/menu")[0]!.body)).toMatchObject({
      type: "menu.changed",
      data: { entity: "product", id: product.id, action: "update" },
    });
  });
});

describe("who may reach the webhooks", () => {
  it("keeps a brand's endpoint from another brand's owner: not listed, and 404 on every call", async () => {
    const hook = await endpoint("/mine", ["order.placed"]);
    const other = await person(plov, { brandRole: "OWNER" });
    const list = await call(other, "GET", "/webhooks");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<WebhookEndpoint[]>().map((e) => e.id)).not.toContain(hook.endpoint.id);
    const id = hook.endpoint.id;
    for (const [method, url, body] of [
      ["PUT", `/webhooks/${id}`, { enabled: false }],
      ["DELETE", `/webhooks/${id}`, undefined],
      ["POST", `/webhooks/${id}/secret`, undefined],
      ["GET", `/webhooks/${id}/deliveries`, undefined],
      ["POST", `/webhooks/${id}/test`, undefined],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = (await call(owner, "GET", "/webhooks")).json<WebhookEndpoint[]>();
    expect(still.find((e) => e.id === id)).toMatchObject({ enabled: true });
  });

  it("refuses a manager, an operator and a customer", async () => {
    const hook = await endpoint("/mine", ["order.placed"]);
    for (const who of [
      await person(lavash, { brandRole: "MANAGER" }),
      await person(lavash, { brandRole: "OPERATOR" }),
    ]) {
      const list = await call(who, "GET", "/webhooks");
      expect(list.statusCode).toBe(403);
      expect(list.json<{ code: string }>().code).toBe("BACK_OFFICE_FORBIDDEN");
      const made = await call(who, "POST", "/webhooks", { url: `${receiverUrl}/x`, events: ["order.paid"] });
      expect(made.statusCode).toBe(403);
      expect((await call(who, "DELETE", `/webhooks/${hook.endpoint.id}`)).statusCode).toBe(403);
    }
    const customer = await person(lavash, { role: "CUSTOMER" });
    expect((await call(customer, "GET", "/webhooks")).statusCode).toBe(403);
  });
});

describe("addresses a webhook may call", () => {
  it("refuses at save what is not https, or http beyond this machine, with the reason", async () => {
    for (const url of ["ftp://127.0.0.1/x", "http://10.1.2.3/hooks", "https://user:pw@127.0.0.1/x"]) {
      const res = await call(owner, "POST", "/webhooks", { url, events: ["order.placed"] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ code: string; description: { eng: string } }>().description.eng).toMatch(/^url: /);
    }
    const none = await call(owner, "POST", "/webhooks", { url: `${receiverUrl}/x`, events: [] });
    expect(none.statusCode).toBe(400);
  });

  it("in production refuses private, loopback and link-local addresses, also at send time", async () => {
    for (const url of [
      "https://127.0.0.1/hooks",
      "https://10.0.0.5/hooks",
      "https://172.20.1.1/hooks",
      "https://192.168.1.10/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hooks",
      "https://[fe80::1]/hooks",
      "https://[::ffff:10.0.0.1]/hooks",
      "https://localhost/hooks",
    ])
      expect((await webhookTargetProblem(url, false))?.kind, url).toBe("private");
    expect((await webhookTargetProblem("http://93.184.215.14/hooks", false))?.kind).toBe("scheme");
    expect(await webhookTargetProblem("https://93.184.215.14/hooks", false)).toBeNull();
    // The sender itself refuses before any connection is made.
    await expect(
      postWebhook({ url: `${receiverUrl}/x`, body: "{}", headers: {}, timeoutMs: 1000, allowLocal: false }),
    ).rejects.toThrow(/private, loopback or link-local/);
    await expect(
      postWebhook({
        url: "http://localhost:1/x",
        body: "{}",
        headers: {},
        timeoutMs: 1000,
        allowLocal: false,
      }),
    ).rejects.toThrow(/private, loopback or link-local/);
    expect(received).toHaveLength(0);
    // In demo and tests a name that resolves to this machine is reached through the same checked lookup.
    const local = receiverUrl.replace("127.0.0.1", "localhost");
    const answer = await postWebhook({
      url: `${local}/named`,
      body: "{}",
      headers: {},
      timeoutMs: 5000,
      allowLocal: true,
    });
    expect(answer).toEqual({ status: 200, bodyStart: "ok, got it" });
    expect(at("/named")).toHaveLength(1);
  });
});
