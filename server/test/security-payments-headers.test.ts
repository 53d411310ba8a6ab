/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brands' fixtures exist; a missing one should fail loudly */
// Payments and headers, the security review's items 5, 7 and 8: Payme and Click refuse (and cancel)
// an order past its payment time-out at the callback, before the sweep gets there; each brand's
// pages name only the analytics hosts its settings switch on, the staff console none; provider edge
// values answer the provider's own request error; the demo pay pages send the payer back only to
// this server's origin; a guest's live table view is never ended by another guest's streams; a brand
// without an SMS gateway is reported once, at the level its consequence deserves.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { branches, merchants, merchantWebSettings, orders, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { encodePaymeCheckout } from "../src/services/payments/payme-checkout.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { tableStreams } from "../src/routes/orders/tables.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, paidEntries, plainProduct, transactionsOf } from "./support/orders.ts";

const LAVASH_PAYME_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";
const PLOV_CLICK_SERVICE = "10002";
const PLOV_CLICK_MERCHANT = "20002";
const PLOV_CLICK_SECRET = "DEMO-plov-click-secret-key-for-local-testing-only";
const SUSHI_UZUM_SERVICE = "30003";
/** A plov table (Beshyog'och). */
const TABLE = "plov-Mf6cJ8";
/** Inside the "Tashkent centre" delivery region of lavash. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
const HOUR_AGO = () => new Date(Date.now() - 60 * 60_000);

let t: TestApp;
let lavash: string;
let plov: string;
let sushi: string;
let chilonzor: string;
let pizza: string;
let plovBranch: string;
let osh: string;
let seq = 0;
const extraApps: FastifyInstance[] = [];

const next = () => {
  seq += 1;
  return seq;
};

async function customer(merchant: string) {
  const n = next();
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99895${String(5000000 + n)}`, firstName: `S${n}` })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return token;
}

async function placeOrder(merchant: string, payload: Record<string, unknown>) {
  const token = await customer(merchant);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: { merchant, authorization: `Bearer ${token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: string; totalPrice: number }>();
  return { ...order, tiyin: Math.round(order.totalPrice * 100) };
}

const paymeOrder = () =>
  placeOrder(lavash, {
    serviceType: "DELIVERY",
    paymentType: "PAYME",
    cartItems: [{ productId: pizza, count: 1, modifications: [] }],
    address: ADDRESS,
    branchId: chilonzor,
  });

const clickOrder = () =>
  placeOrder(plov, {
    serviceType: "PICK_UP",
    paymentType: "CLICK",
    cartItems: [{ productId: osh, count: 2, modifications: [] }],
    branchId: plovBranch,
  });

/** The order waited an hour: past the brand's 15-minute payment time-out; the sweep is off. */
async function pastItsTimeout(orderId: string) {
  await t.db.update(orders).set({ createdDate: HOUR_AGO() }).where(eq(orders.id, orderId));
}

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; data?: string };
}

async function payme(method: string, params: Record<string, unknown>): Promise<RpcAnswer> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/payments/v1/payme",
    headers: {
      authorization: `Basic ${Buffer.from(`Paycom:${LAVASH_PAYME_KEY}`).toString("base64")}`,
      "content-type": "application/json",
    },
    payload: JSON.stringify({ jsonrpc: "2.0", id: next(), method, params }),
  });
  expect(res.statusCode).toBe(200);
  return res.json<RpcAnswer>();
}

function expectRpcError(answer: RpcAnswer, code: number) {
  expect(answer.error?.code, JSON.stringify(answer)).toBe(code);
  expect(answer.result).toBeUndefined();
}

const paymeId = () => `sec-${String(process.pid)}-${String(next()).padStart(8, "0")}`;

interface ClickAnswer {
  error: number;
  merchant_prepare_id?: number | null;
}

/** Now in Tashkent, as Click writes sign_time. */
const signTime = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

/** A Click call signed as Click signs it (MD5 of the fields and the secret key). */
async function click(stage: "prepare" | "complete", fields: Record<string, string>): Promise<ClickAnswer> {
  const f = fields;
  const prepareId = stage === "complete" ? (f.merchant_prepare_id ?? "") : "";
  const sign = createHash("md5")
    .update(
      `${f.click_trans_id}${f.service_id}${PLOV_CLICK_SECRET}${f.merchant_trans_id}${prepareId}${f.amount}${f.action}${f.sign_time}`,
    )
    .digest("hex");
  const res = await t.app.inject({
    method: "POST",
    url: `/api/payments/v1/click/${stage}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ ...fields, sign_string: sign }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<ClickAnswer>();
}

function prepareFields(order: { id: string; totalPrice: number }, over: Record<string, string> = {}) {
  return {
    click_trans_id: String(8_000_000_000 + process.pid * 10_000 + next()),
    service_id: PLOV_CLICK_SERVICE,
    click_paydoc_id: String(9_000_000_000 + next()),
    merchant_trans_id: order.id,
    amount: order.totalPrice.toFixed(2),
    action: "0",
    error: "0",
    error_note: "Success",
    sign_time: signTime(),
    ...over,
  };
}

/** The order was cancelled as the sweep cancels it: "not paid in time", its transactions with it. */
async function expectCancelledAsTheSweepDoes(orderId: string) {
  expect(await orderRow(t, orderId)).toMatchObject({
    status: "CANCELED",
    isPaid: false,
    reasons: ["NOT_PAID_IN_TIME"],
  });
  expect(await paidEntries(t, orderId)).toHaveLength(0);
  for (const tx of await transactionsOf(t, orderId)) expect(tx).toMatchObject({ state: -1, reason: 4 });
}

/** Another app on the test's database (its own config, served client or log stream). */
async function appWith(
  env: Record<string, string>,
  options: { serveClient?: boolean; logStream?: { write(line: string): void } } = {},
) {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: "test",
      DEMO: "1",
      LOG_LEVEL: "silent",
      STATIC_DIR: "/nonexistent",
      FIRST_SCREEN_BUNDLE: "/nonexistent",
      PAYMENT_SWEEP_MS: "0",
      ...env,
    }),
    database: t.database,
    logger: options.logStream !== undefined,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    serveClient: options.serveClient ?? false,
    rateLimitPerMinute: 100_000,
  });
  await app.ready();
  extraApps.push(app);
  return app;
}

beforeAll(async () => {
  // The sweep's timer is off: what refuses a late payment here is the callback itself.
  t = await createTestApp({ env: { PAYMENT_SWEEP_MS: "0" } });
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  sushi = await merchantId(t, "sushi");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  pizza = await plainProduct(t, lavash);
  const plovBranches = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
  plovBranch = plovBranches.find((b) => b.isMain)!.id;
  osh = await plainProduct(t, plov, 1);
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t.close();
});

describe("item 5: the payment time-out is checked at the provider's callback", () => {
  it("Payme refuses to check or create a transaction for an order past its payment time-out, and cancels the order as the sweep would", async () => {
    const checked = await paymeOrder();
    await pastItsTimeout(checked.id);
    const account = { order_id: checked.id };
    const check = await payme("CheckPerformTransaction", { amount: checked.tiyin, account });
    expectRpcError(check, -31052);
    expect(check.error?.data).toBe("order_id");
    await expectCancelledAsTheSweepDoes(checked.id);

    const created = await paymeOrder();
    await pastItsTimeout(created.id);
    const create = await payme("CreateTransaction", {
      id: paymeId(),
      time: Date.now(),
      amount: created.tiyin,
      account: { order_id: created.id },
    });
    expectRpcError(create, -31052);
    expect(await transactionsOf(t, created.id)).toEqual([]);
    await expectCancelledAsTheSweepDoes(created.id);
  });

  it("Payme refuses to perform (or re-create) a transaction whose order passed its payment time-out, and cancels both", async () => {
    const order = await paymeOrder();
    const id = paymeId();
    const params = { id, time: Date.now(), amount: order.tiyin, account: { order_id: order.id } };
    expect((await payme("CreateTransaction", params)).result?.state).toBe(1);
    await pastItsTimeout(order.id);
    expectRpcError(await payme("PerformTransaction", { id }), -31008);
    await expectCancelledAsTheSweepDoes(order.id);
    expect(await transactionsOf(t, order.id)).toMatchObject([{ state: -1, reason: 4 }]);
    // Replays answer the same.
    expectRpcError(await payme("PerformTransaction", { id }), -31008);
    expectRpcError(await payme("CreateTransaction", params), -31008);

    const other = await paymeOrder();
    const otherId = paymeId();
    const again = { id: otherId, time: Date.now(), amount: other.tiyin, account: { order_id: other.id } };
    expect((await payme("CreateTransaction", again)).result?.state).toBe(1);
    await pastItsTimeout(other.id);
    expectRpcError(await payme("CreateTransaction", again), -31008);
    await expectCancelledAsTheSweepDoes(other.id);
  });

  it("Click refuses Prepare for an order past its payment time-out with -9, and cancels the order as the sweep would", async () => {
    const order = await clickOrder();
    await pastItsTimeout(order.id);
    expect((await click("prepare", prepareFields(order))).error).toBe(-9);
    expect(await transactionsOf(t, order.id)).toEqual([]);
    await expectCancelledAsTheSweepDoes(order.id);
  });

  it("Click refuses Complete of a payment whose order passed its payment time-out with -9: nothing paid, both cancelled", async () => {
    const order = await clickOrder();
    const fields = prepareFields(order);
    const prepared = await click("prepare", fields);
    expect(prepared.error).toBe(0);
    await pastItsTimeout(order.id);
    const complete = { ...fields, action: "1", merchant_prepare_id: String(prepared.merchant_prepare_id) };
    expect((await click("complete", complete)).error).toBe(-9);
    await expectCancelledAsTheSweepDoes(order.id);
    expect(await transactionsOf(t, order.id)).toMatchObject([{ state: -1, reason: 4 }]);
    // Click's replay of the Complete is refused the same way.
    expect((await click("complete", complete)).error).toBe(-9);
  });
});

describe("item 7: each page's Content-Security-Policy names only the analytics it loads", () => {
  const ANALYTICS_HOSTS = ["googletagmanager", "google-analytics", "mc.yandex", "facebook", "amocrm"];
  const analyticsIn = (policy: unknown) => ANALYTICS_HOSTS.filter((h) => String(policy).includes(h));
  let app: FastifyInstance;

  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "savat-csp-"));
    const page = (title: string) =>
      `<!doctype html><html><head><title>${title}</title></head><body><div id="root"></div></body></html>`;
    fs.writeFileSync(path.join(dist, "index.html"), page("shop"));
    fs.writeFileSync(path.join(dist, "staff.html"), page("staff"));
    app = await appWith({ STATIC_DIR: dist }, { serveClient: true });
    await t.db
      .update(merchantWebSettings)
      .set({ googleTagManagerActive: true, googleTagManagerId: "GTM-SAVAT01" })
      .where(eq(merchantWebSettings.merchantId, lavash));
    await t.db
      .update(merchantWebSettings)
      .set({ yandexMetricsEnabled: true, yandexMetricsId: "12345678" })
      .where(eq(merchantWebSettings.merchantId, sushi));
    await t.db
      .update(merchantWebSettings)
      .set({
        googleTagManagerActive: false,
        yandexMetricsEnabled: false,
        metaPixelActive: false,
        amoCRMActive: false,
      })
      .where(eq(merchantWebSettings.merchantId, plov));
  });

  const shell = (host: string, url = "/profile", headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { host, ...headers } });

  it("a brand's pages allow only the hosts its analytics switches turn on; the staff console and the API none", async () => {
    const withGtm = await shell("lavash.localhost");
    expect(withGtm.statusCode).toBe(200);
    const gtmPolicy = String(withGtm.headers["content-security-policy"]);
    expect(gtmPolicy).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(gtmPolicy).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(analyticsIn(gtmPolicy)).toEqual(["googletagmanager", "google-analytics"]);

    const withMetrica = String((await shell("sushi.localhost")).headers["content-security-policy"]);
    expect(withMetrica).toMatch(/script-src [^;]*https:\/\/mc\.yandex\.ru/);
    expect(analyticsIn(withMetrica)).toEqual(["mc.yandex"]);

    const without = await shell("plov.localhost");
    expect(without.statusCode).toBe(200);
    expect(analyticsIn(without.headers["content-security-policy"])).toEqual([]);
    expect(String(without.headers["content-security-policy"])).toContain("default-src 'self'");

    const staff = await shell("lavash.localhost", "/staff/orders");
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toContain("<title>staff</title>");
    expect(analyticsIn(staff.headers["content-security-policy"])).toEqual([]);

    const api = await app.inject({ method: "GET", url: "/api/health" });
    expect(analyticsIn(api.headers["content-security-policy"])).toEqual([]);
    // The brand's policy is the base one with its hosts added, nothing else changed.
    const base = String(api.headers["content-security-policy"]);
    expect(String(without.headers["content-security-policy"])).toBe(base);
  });

  it("a cached shell is not revalidated under the policy of settings that changed since", async () => {
    const first = await shell("lavash.localhost");
    const etag = String(first.headers.etag);
    expect((await shell("lavash.localhost", "/profile", { "if-none-match": etag })).statusCode).toBe(304);
    await t.db
      .update(merchantWebSettings)
      .set({ googleTagManagerActive: false })
      .where(eq(merchantWebSettings.merchantId, lavash));
    const after = await shell("lavash.localhost", "/profile", { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(analyticsIn(after.headers["content-security-policy"])).toEqual([]);
  });
  it("a brand's pages carry its Meta domain verification code in the head; a pasted snippet is never written", async () => {
    const setContent = (merchantId: string, metaPixelContent: string) =>
      t.db
        .update(merchantWebSettings)
        .set({ metaPixelContent })
        .where(eq(merchantWebSettings.merchantId, merchantId));
    await setContent(plov, "x7k2ploverif9q3zz1");
    await setContent(sushi, '<script>alert("x")</script>');
    const verified = (await shell("plov.localhost", "/")).body;
    const head = verified.slice(0, verified.indexOf("</head>"));
    expect(head).toContain('<meta name="facebook-domain-verification" content="x7k2ploverif9q3zz1">');
    const pasted = (await shell("sushi.localhost", "/")).body;
    expect(pasted).not.toContain("facebook-domain-verification");
    expect(pasted).not.toContain("<script>alert(");
    expect((await shell("lavash.localhost", "/")).body).not.toContain("facebook-domain-verification");
    await setContent(plov, "");
    await setContent(sushi, "");
  });
});

describe("item 8a: provider edge values answer the provider's own request error", () => {
  it("Payme answers -32600 for a time beyond what can be stored and a cancel reason out of range, not a system error", async () => {
    const order = await paymeOrder();
    const account = { order_id: order.id };
    for (const time of [8.64e15, 1e15, -1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1.5]) {
      const answer = await payme("CreateTransaction", { id: paymeId(), time, amount: order.tiyin, account });
      expectRpcError(answer, -32600);
    }
    expect(await transactionsOf(t, order.id)).toEqual([]);
    expectRpcError(await payme("GetStatement", { from: 0, to: 8.64e15 }), -32600);
    expectRpcError(await payme("GetStatement", { from: -5, to: Date.now() }), -32600);
    const id = paymeId();
    const created = await payme("CreateTransaction", { id, time: Date.now(), amount: order.tiyin, account });
    expect(created.result?.state).toBe(1);
    for (const reason of [40_000, -40_000, 0]) {
      expectRpcError(await payme("CancelTransaction", { id, reason }), -32600);
    }
    expect(await transactionsOf(t, order.id)).toMatchObject([{ state: 1 }]);
  });

  it("Click answers -8 for a sign_time that is no usable moment, not a failure to update", async () => {
    const order = await clickOrder();
    for (const time of [
      "0000-01-01 00:00:00",
      "0001-01-01 00:00:00",
      "1899-12-31 23:59:59",
      "9999-12-31 23:59:59",
    ]) {
      expect((await click("prepare", prepareFields(order, { sign_time: time }))).error, time).toBe(-8);
    }
    expect(await transactionsOf(t, order.id)).toEqual([]);
    expect((await click("prepare", prepareFields(order))).error).toBe(0);
  });
});

describe("item 8b: the demo pay pages send the payer back only to this server", () => {
  const HOST = "lavash.localhost:4318";
  const form = { "content-type": "application/x-www-form-urlencoded" };

  async function paymeMerchant() {
    const [row] = await t.db
      .select({ paymeMerchantId: merchants.paymeMerchantId })
      .from(merchants)
      .where(eq(merchants.id, lavash));
    return row!.paymeMerchantId!;
  }

  async function pages(returnUrl: string) {
    const orderId = randomUUID();
    const payme = `/api/dev/payme/checkout/${encodePaymeCheckout({
      merchantId: await paymeMerchant(),
      orderId,
      amount: 4_500_000,
      returnUrl,
    })}`;
    const clickPage = `/api/dev/click/pay?${new URLSearchParams({
      service_id: PLOV_CLICK_SERVICE,
      merchant_id: PLOV_CLICK_MERCHANT,
      amount: "45000.00",
      transaction_param: orderId,
      return_url: returnUrl,
    }).toString()}`;
    const uzum = `/api/dev/uzum/pay?${new URLSearchParams({
      serviceId: SUSHI_UZUM_SERVICE,
      orderId,
      amount: "4500000",
      redirectUrl: returnUrl,
    }).toString()}`;
    return [payme, clickPage, uzum];
  }

  it("refuses a return URL on another origin with 400 in the API's error shape, on the page and on Decline", async () => {
    for (const returnUrl of [
      "https://evil.example/profile",
      "http://lavash.localhost:9999/x",
      "https://lavash.localhost:4318/x",
    ]) {
      for (const url of await pages(returnUrl)) {
        const page = await t.app.inject({ method: "GET", url, headers: { host: HOST } });
        expect(page.statusCode, `${url} GET`).toBe(400);
        expect(page.json()).toMatchObject({
          status: 400,
          code: "VALIDATION_FAILED",
          description: { eng: expect.stringContaining("return URL") },
        });
        const declined = await t.app.inject({
          method: "POST",
          url,
          headers: { host: HOST, ...form },
          payload: "action=decline",
        });
        expect(declined.statusCode, `${url} POST`).toBe(400);
        expect(declined.headers.location).toBeUndefined();
        expect(declined.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
      }
    }
  });

  it("still sends the payer back to the storefront on its own origin", async () => {
    const back = `http://${HOST}/profile/orders/${randomUUID()}`;
    for (const url of await pages(back)) {
      expect((await t.app.inject({ method: "GET", url, headers: { host: HOST } })).statusCode, url).toBe(200);
      const declined = await t.app.inject({
        method: "POST",
        url,
        headers: { host: HOST, ...form },
        payload: "action=decline",
      });
      expect(declined.statusCode, url).toBe(303);
      expect(declined.headers.location).toBe(back);
    }
  });
});

describe("item 8c: a guest's live table view is never ended by someone else's streams", () => {
  const saved = { ...tableStreams };
  let address = "";
  let live: FastifyInstance;
  const opened: AbortController[] = [];

  beforeAll(async () => {
    tableStreams.maxPerTable = 3;
    tableStreams.pingMs = 40;
    live = await appWith({});
    address = await live.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => {
    for (const c of opened) c.abort();
    Object.assign(tableStreams, saved);
  });

  async function stream(viewer?: string) {
    const controller = new AbortController();
    opened.push(controller);
    const res = await fetch(
      `${address}/api/orders/v1/waiter-calls/events?table=${TABLE}${viewer ? `&viewer=${viewer}` : ""}`,
      { headers: { merchant: plov }, signal: controller.signal },
    );
    return { res, controller };
  }

  /** Whether the stream still delivers (a ping within a second) rather than having been ended. */
  async function stillLive(res: Response): Promise<boolean> {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const deadline = Date.now() + 1000;
    try {
      while (Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += decoder.decode(value);
        if (text.includes(": ping")) return true;
      }
      return false;
    } finally {
      reader.releaseLock();
    }
  }

  it("another guest filling the table with streams is refused (429) instead of ending the first guest's view", async () => {
    const guest = await stream("guest-view-0000000001");
    expect(guest.res.status).toBe(200);
    const others = [];
    for (let i = 0; i < 4; i += 1) others.push(await stream());
    expect(others.map((o) => o.res.status)).toEqual([200, 200, 429, 429]);
    expect(await others[2]!.res.json()).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(await stillLive(guest.res)).toBe(true);
    for (const o of others) o.controller.abort();
  });

  it("the guest's own reconnect (the same viewer id) replaces its earlier stream", async () => {
    // The streams of the test above are gone once their sockets close.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const viewer = "guest-view-0000000002";
    const first = await stream(viewer);
    expect(first.res.status).toBe(200);
    const again = await stream(viewer);
    expect(again.res.status).toBe(200);
    expect(await stillLive(first.res)).toBe(false);
    expect(await stillLive(again.res)).toBe(true);
  });
});

describe("item 8d: a brand without an SMS gateway is reported once, at the level it deserves", () => {
  function logged(lines: string[]) {
    return lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((l) => l.level >= 40);
  }

  async function askTwice(app: FastifyInstance, merchant: string) {
    const statuses = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({
        method: "POST",
        url: "/api/users/v1/auth/otp",
        headers: { merchant },
        remoteAddress: `10.9.${String(next() % 250)}.${String(i + 1)}`,
        payload: { phone: `+99890${String(7000000 + next())}` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it("outside production: one warning naming the brand and the console gateway standing in, no error", async () => {
    const lines: string[] = [];
    const app = await appWith(
      { NODE_ENV: "development", DEMO: "0", SMS_GATEWAY: "merchant", LOG_LEVEL: "info" },
      { logStream: { write: (line) => lines.push(line) } },
    );
    forgetTenants(t.db);
    expect(await askTwice(app, plov)).toEqual([200, 200]);
    const problems = logged(lines);
    expect(problems.filter((l) => l.level >= 50)).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/plov has no SMS gateway.*console/) }),
    ]);
  });

  it("in production: one error saying its customers cannot sign in by SMS, not one per request", async () => {
    const lines: string[] = [];
    const app = await appWith(
      { NODE_ENV: "production", DEMO: "0", SMS_GATEWAY: "merchant", LOG_LEVEL: "info" },
      { logStream: { write: (line) => lines.push(line) } },
    );
    forgetTenants(t.db);
    expect(await askTwice(app, plov)).toEqual([503, 503]);
    expect(logged(lines)).toEqual([
      expect.objectContaining({
        level: 50,
        msg: expect.stringMatching(/plov has no SMS gateway.*cannot sign in by SMS/),
      }),
    ]);
  });
});
