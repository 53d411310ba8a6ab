/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// GET /metrics: Prometheus text for the operator's scraper only (a bearer token, 404 for anyone
// else, never in the OpenAPI document), and the counters moving with what the API does: an order
// placed and paid through Payme's callbacks, the menu read twice, requests labelled by their route
// pattern and never by a raw id, and the outboxes' depth read at scrape time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { backend } from "./support/db.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

const TOKEN = "metrics-test-token-0123456789abcdef";
const LAVASH_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";
/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

let t: TestApp;
let lavash: string;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  lavash = await merchantId(t, "lavash");
});
afterAll(async () => {
  await t.close();
});

const scrape = (authorization?: string, app = t.app) =>
  app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/** The value of the first sample of `name` whose labels include `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = new Map(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found.get(k) === v)) return Number(match[3]);
  }
  return undefined;
}

const basic = (key: string) => `Basic ${Buffer.from(`Paycom:${key}`).toString("base64")}`;
let rpcId = 0;
async function payme(method: string, params: Record<string, unknown>, key = LAVASH_KEY) {
  rpcId += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/payments/v1/payme",
    headers: { authorization: basic(key), "content-type": "application/json" },
    payload: JSON.stringify({ jsonrpc: "2.0", id: rpcId, method, params }),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ result?: Record<string, unknown>; error?: { code: number } }>();
}

describe("who may read /metrics", () => {
  it("answers 404 in the error shape without the token, with a wrong one, or another scheme", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong-token-0123456789abcdef",
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
      expect(res.body).not.toContain("savat_");
    }
  });

  it("answers the Prometheus text with the token", async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    // The process's default metrics carry the prefix too.
    expect(res.body).toMatch(/^savat_process_cpu_user_seconds_total \d/m);
    expect(res.body).toMatch(/^savat_nodejs_eventloop_lag_seconds \d/m);
  });

  it("is a 404 whatever is sent when METRICS_TOKEN is unset", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      DEMO: "1",
      LOG_LEVEL: "silent",
      STATIC_DIR: "/nonexistent",
    });
    const app = await buildApp({ config, database: t.database, logger: false, serveClient: false });
    await app.ready();
    try {
      expect((await scrape(`Bearer ${TOKEN}`, app)).statusCode).toBe(404);
      expect((await scrape(undefined, app)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("is not in the OpenAPI document", () => {
    const doc = t.app.swagger() as { paths?: Record<string, unknown> };
    expect(Object.keys(doc.paths ?? {})).not.toContain("/metrics");
    expect(JSON.stringify(doc)).not.toContain("/metrics");
  });
});

describe("what the metrics count", () => {
  it("moves with an order placed and paid, payment callbacks, menu reads and requests", async () => {
    const chilonzor = await branchNamed(t, lavash, "Chilonzor");
    const pizza = await plainProduct(t, lavash);
    const [user] = await t.db
      .insert(users)
      .values({ merchantId: lavash, phone: "+998912345001", firstName: "Metrics" })
      .returning();
    const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });

    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
      payload: {
        serviceType: "DELIVERY",
        paymentType: "PAYME",
        cartItems: [{ productId: pizza, count: 1, modifications: [] }],
        address: ADDRESS,
        branchId: chilonzor,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: string; totalPrice: number }>();
    const amount = Math.round(order.totalPrice * 100);

    // Paid through Payme's callbacks; one more call with a wrong key is refused.
    const txId = `metrics-${String(process.pid)}-1`;
    const created = await payme("CreateTransaction", {
      id: txId,
      time: Date.now(),
      amount,
      account: { order_id: order.id },
    });
    expect(created.result?.state).toBe(1);
    expect((await payme("PerformTransaction", { id: txId })).result?.state).toBe(2);
    expect((await payme("CheckTransaction", { id: txId }, "not-the-key")).error?.code).toBe(-32504);
    // Unknown transaction: Payme's own error code is the result.
    expect((await payme("CheckTransaction", { id: "metrics-unknown" })).error?.code).toBe(-31003);

    // The order read by its id: the histogram must show the pattern, not the id.
    const read = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${order.id}`,
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(200);
    const unknownPath = `/api/no-such-route/${order.id}`;
    expect((await t.app.inject({ method: "GET", url: unknownPath })).statusCode).toBe(404);

    // The menu twice: built once (miss), then answered from the cache (hit).
    for (let i = 0; i < 2; i += 1) {
      const menu = await t.app.inject({
        method: "GET",
        url: "/api/products/v1/overalls?type=WEB",
        headers: { merchant: lavash },
      });
      expect(menu.statusCode).toBe(200);
    }

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(sample(text, "savat_orders_placed_total")).toBe(1);
    expect(sample(text, "savat_orders_paid_total")).toBe(1);
    expect(sample(text, "savat_payment_callbacks_total", { provider: "payme", result: "ok" })).toBe(2);
    expect(sample(text, "savat_payment_callbacks_total", { provider: "payme", result: "refused" })).toBe(1);
    expect(sample(text, "savat_payment_callbacks_total", { provider: "payme", result: "-31003" })).toBe(1);
    expect(sample(text, "savat_menu_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "savat_menu_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);

    // Requests by route pattern; the raw id appears nowhere, an unknown path is "unmatched".
    expect(
      sample(text, "savat_http_request_duration_seconds_count", {
        method: "POST",
        route: "/api/orders/v1/orders",
        status_code: "201",
      }),
    ).toBe(1);
    expect(
      sample(text, "savat_http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/orders/v1/orders/:id",
        status_code: "200",
      }),
    ).toBe(1);
    expect(
      sample(text, "savat_http_request_duration_seconds_count", {
        method: "GET",
        route: "unmatched",
        status_code: "404",
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "savat_http_request_duration_seconds_bucket", {
        route: "/api/products/v1/overalls",
        le: "+Inf",
      }),
    ).toBe(2);
    expect(text).not.toContain(order.id);
    expect(text).not.toContain("no-such-route");

    // Outbox depth, read by one query at scrape time: every outbox, both states.
    for (const outbox of ["bot_messages", "refunds", "webhooks"]) {
      for (const state of ["waiting", "given_up"]) {
        expect(
          sample(text, "savat_outbox_depth", { outbox, state }),
          `${outbox} ${state}`,
        ).toBeGreaterThanOrEqual(0);
      }
    }
    // No stream is open; each kind is reported.
    for (const stream of ["orders", "staff", "waiter_calls"]) {
      expect(sample(text, "savat_event_streams_open", { stream })).toBe(0);
    }
    // The PostgreSQL pool's connections; PGlite has no pool and no such metric.
    if (backend === "postgres") {
      expect(sample(text, "savat_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "savat_db_pool_connections", { state: "waiting" })).toBe(0);
    } else {
      expect(text).not.toContain("savat_db_pool_connections");
    }
  });
});
