/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Uzum Bank's Merchant API through POST /api/payments/v1/uzum/{check,create,confirm,reverse,status}:
// JSON with HTTP Basic auth per brand, answered `status: "OK"|"FAILED"` with `errorCode`; an order
// paid exactly once for exactly its total; replays, concurrency, another brand, a timed-out order,
// reverse before and after confirm; the pay link and the demo's fake Uzum page; the per-channel
// payment rule for UZUM.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { branches, merchants, orders, products, users } from "../src/db/schema/index.ts";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { OrderEvents } from "../src/services/orders/events.ts";
import { sweepUnpaidOrders } from "../src/services/orders/payment-timeout.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, paidEntries, transactionsOf } from "./support/orders.ts";

/** The demo sushi's Uzum credentials (scripts/demo-brands/sushi.ts). */
const SUSHI_SERVICE = 30003;
const SUSHI_LOGIN = "sushi-uzum";
const SUSHI_PASSWORD = "DEMO-sushi-uzum-password-for-local-testing-only";
/** Given to lavash by this file, so another brand's credentials can be tried. */
const LAVASH_SERVICE = 30001;
const LAVASH_LOGIN = "lavash-uzum";
const LAVASH_PASSWORD = "test-lavash-uzum-password";
/** Inside sushi's "City centre" delivery zone. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
const HOST = "sushi.localhost:5173";

let t: TestApp;
let events: OrderEvents;
let sushi: string;
let lavash: string;
let kitchen: string;
let roll: { id: string; price: number };
let phoneSeq = 0;

interface Answer {
  serviceId: number | null;
  timestamp: number;
  status: "OK" | "FAILED";
  errorCode?: string;
  transId?: string;
  transState?: string;
  transTime?: number;
  confirmTime?: number | null;
  reverseTime?: number | null;
  amount?: number;
  data?: Record<string, { value: string }>;
}

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
const SUSHI_AUTH = basic(SUSHI_LOGIN, SUSHI_PASSWORD);

async function raw(operation: string, payload: string, authorization: string | undefined = SUSHI_AUTH) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/payments/v1/uzum/${operation}`,
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toContain(SUSHI_PASSWORD);
  return res.json<Answer>();
}

async function call(
  operation: string,
  fields: Record<string, unknown>,
  { auth = SUSHI_AUTH, serviceId = SUSHI_SERVICE }: { auth?: string; serviceId?: number } = {},
) {
  return raw(operation, JSON.stringify({ serviceId, timestamp: Date.now(), ...fields }), auth);
}

function expectFailed(answer: Answer, code: string) {
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: "FAILED", errorCode: code });
}

interface Placed {
  id: string;
  totalPrice: number;
  status: string;
  isPaid: boolean;
  customer: { id: string; token: string };
}

const tiyin = (order: { totalPrice: number }) => Math.round(order.totalPrice * 100);

async function customer(merchant: string, channel: "WEB" | "CLICK" | "TELEGRAM" = "WEB") {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99893${String(5000000 + phoneSeq)}`, firstName: `U${phoneSeq}` })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel });
  return { id: user!.id, token };
}

async function placeRaw(paymentType: string, channel: "WEB" | "CLICK" | "TELEGRAM" = "WEB") {
  const c = await customer(sushi, channel);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: { merchant: sushi, authorization: `Bearer ${c.token}` },
    payload: {
      serviceType: "DELIVERY",
      paymentType,
      cartItems: [{ productId: roll.id, count: Math.ceil(60_000 / roll.price), modifications: [] }],
      address: ADDRESS,
      branchId: kitchen,
    },
  });
  return { res, c };
}

/** A sushi delivery order (Uzum unless told). */
async function placeOrder(paymentType = "UZUM"): Promise<Placed> {
  const { res, c } = await placeRaw(paymentType);
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<Omit<Placed, "customer">>(), customer: c };
}

const params = (order: { id: string }) => ({ order_id: order.id });

/** check -> create of a new Uzum transaction; answers its transId. */
async function created(order: Placed): Promise<string> {
  const transId = randomUUID();
  expect((await call("check", { params: params(order), amount: tiyin(order) })).status).toBe("OK");
  const answer = await call("create", { transId, params: params(order), amount: tiyin(order) });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: "OK", transState: "CREATED", transId });
  return transId;
}

beforeAll(async () => {
  t = await createTestApp();
  events = new OrderEvents(t.database);
  sushi = await merchantId(t, "sushi");
  lavash = await merchantId(t, "lavash");
  const sushiBranches = await t.db.select().from(branches).where(eq(branches.merchantId, sushi));
  kitchen = sushiBranches.find((b) => b.isMain)!.id;
  const [product] = await t.db
    .select({ id: products.id, price: products.costPrice })
    .from(products)
    .where(
      and(
        eq(products.merchantId, sushi),
        eq(products.discount, 0),
        sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
      ),
    )
    .orderBy(asc(products.costPrice))
    .limit(1);
  roll = { id: product!.id, price: product!.price };
  await t.db
    .update(merchants)
    .set({
      uzumServiceId: String(LAVASH_SERVICE),
      uzumWebhookLogin: LAVASH_LOGIN,
      uzumWebhookPassword: LAVASH_PASSWORD,
    })
    .where(eq(merchants.id, lavash));
  forgetTenants(t.db);
});
afterAll(async () => {
  await events.close();
  await t.close();
});

describe("placing an order paid with Uzum (the per-channel rule)", () => {
  it("creates it OPEN and unpaid on the web, where sushi switched Uzum on", async () => {
    const order = await placeOrder();
    expect(order).toMatchObject({ status: "OPEN", isPaid: false });
  });

  it("is refused inside the Click mini app, whose channel sushi's Uzum method is not on for", async () => {
    const { res } = await placeRaw("UZUM", "CLICK");
    expect(res.statusCode, res.body).toBe(400);
    // Telegram (bot channel) takes it.
    expect((await placeRaw("UZUM", "TELEGRAM")).res.statusCode).toBe(201);
  });

  it("answers the per-channel method types in the web settings, never the Uzum password", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/support/v1/merchant/settings/web",
      headers: { merchant: sushi },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ uzumActive: boolean; channelPaymentTypes: Record<string, string[]> }>();
    expect(body.uzumActive).toBe(true);
    expect(body.channelPaymentTypes.WEB).toContain("UZUM");
    expect(body.channelPaymentTypes.BOT).toContain("UZUM");
    expect(body.channelPaymentTypes.APP).not.toContain("UZUM");
    expect(res.body).not.toContain(SUSHI_PASSWORD);
    const merchant = await t.app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/sushi" });
    expect(merchant.body).not.toContain(SUSHI_PASSWORD);
  });
});

describe("authentication", () => {
  it("10001 without credentials, with a wrong password or an unknown login", async () => {
    const order = await placeOrder();
    const fields = { params: params(order) };
    expectFailed(await call("check", fields, { auth: "" }), "10001");
    expectFailed(await call("check", fields, { auth: basic(SUSHI_LOGIN, "wrong") }), "10001");
    expectFailed(await call("check", fields, { auth: basic("nobody", SUSHI_PASSWORD) }), "10001");
    expectFailed(await call("check", fields, { auth: "Bearer x" }), "10001");
  });

  it("10006 when serviceId is not the authenticated brand's", async () => {
    const order = await placeOrder();
    expectFailed(await call("check", { params: params(order) }, { serviceId: 99999 }), "10006");
    // Lavash's own credentials with sushi's service id.
    const lavashAuth = basic(LAVASH_LOGIN, LAVASH_PASSWORD);
    expectFailed(await call("check", { params: params(order) }, { auth: lavashAuth }), "10006");
  });

  it("10002 for a body that is not JSON, 10005 for one that is not Uzum's", async () => {
    expectFailed(await raw("check", "{not json"), "10002");
    expectFailed(await raw("check", JSON.stringify({ serviceId: "x" })), "10005");
    expectFailed(await call("create", { params: { order_id: randomUUID() } }), "10005");
    expectFailed(await call("confirm", {}), "10005");
    expectFailed(await call("create", { transId: "t", params: {}, amount: 1.5 }), "10005");
  });
});

describe("check", () => {
  it("answers OK with the order and its total in tiyin", async () => {
    const order = await placeOrder();
    const answer = await call("check", { params: params(order) });
    expect(answer).toMatchObject({
      status: "OK",
      serviceId: SUSHI_SERVICE,
      amount: tiyin(order),
      data: { order_id: { value: order.id }, amount: { value: String(tiyin(order)) } },
    });
  });

  it("10011 for an amount other than the total; 10007 for an unknown, malformed or cash order", async () => {
    const order = await placeOrder();
    expectFailed(await call("check", { params: params(order), amount: tiyin(order) + 1 }), "10011");
    expectFailed(await call("check", { params: { order_id: randomUUID() } }), "10007");
    expectFailed(await call("check", { params: { order_id: "1; drop table" } }), "10007");
    const cash = await placeOrder("CASH");
    expectFailed(await call("check", { params: params(cash) }), "10007");
  });

  it("10007 for another brand's order, whatever the credentials", async () => {
    // A lavash order named with sushi's credentials.
    const c = await customer(lavash);
    const chilonzor = await branchNamed(t, lavash, "Chilonzor");
    const [pizza] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.merchantId, lavash),
          eq(products.discount, 0),
          sql`${products.costPrice} >= 35000`,
          sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        ),
      )
      .limit(1);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: { merchant: lavash, authorization: `Bearer ${c.token}` },
      payload: {
        serviceType: "DELIVERY",
        paymentType: "PAYME",
        cartItems: [{ productId: pizza!.id, count: 1, modifications: [] }],
        address: ADDRESS,
        branchId: chilonzor,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const lavashOrder = placed.json<{ id: string; totalPrice: number }>();
    expectFailed(await call("check", { params: params(lavashOrder) }), "10007");
    expectFailed(
      await call("create", {
        transId: randomUUID(),
        params: params(lavashOrder),
        amount: tiyin(lavashOrder),
      }),
      "10007",
    );
    // A sushi order named with lavash's credentials and service id.
    const order = await placeOrder();
    const lavashAuth = basic(LAVASH_LOGIN, LAVASH_PASSWORD);
    expectFailed(
      await call("check", { params: params(order) }, { auth: lavashAuth, serviceId: LAVASH_SERVICE }),
      "10007",
    );
    expectFailed(
      await call(
        "create",
        { transId: randomUUID(), params: params(order), amount: tiyin(order) },
        { auth: lavashAuth, serviceId: LAVASH_SERVICE },
      ),
      "10007",
    );
    expect(await transactionsOf(t, order.id)).toHaveLength(0);
  });
});

describe("create", () => {
  it("stores one row per transId and answers a replay the same", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    const again = await call("create", { transId, params: params(order), amount: tiyin(order) });
    expect(again).toMatchObject({ status: "OK", transState: "CREATED", transId, amount: tiyin(order) });
    expect(await transactionsOf(t, order.id)).toMatchObject([
      { provider: "UZUM", providerTransactionId: transId, state: 1, amount: tiyin(order) },
    ]);
  });

  it("10011 for a wrong amount; 10016 for a transId reused with another amount or order", async () => {
    const order = await placeOrder();
    expectFailed(
      await call("create", { transId: randomUUID(), params: params(order), amount: tiyin(order) - 1 }),
      "10011",
    );
    const transId = await created(order);
    expectFailed(
      await call("create", { transId, params: params(order), amount: tiyin(order) + 100 }),
      "10016",
    );
    const other = await placeOrder();
    expectFailed(await call("create", { transId, params: params(other), amount: tiyin(other) }), "10016");
    expect(await transactionsOf(t, other.id)).toHaveLength(0);
  });

  it("lets a newer transaction replace one never confirmed; the older confirm is then 10017", async () => {
    const order = await placeOrder();
    const first = await created(order);
    const second = await created(order);
    expectFailed(await call("confirm", { transId: first }), "10017");
    expect((await call("confirm", { transId: second })).transState).toBe("CONFIRMED");
    expect((await transactionsOf(t, order.id)).map((x) => x.state)).toEqual([-1, 2]);
  });
});

describe("confirm", () => {
  it("pays the order: isPaid, OPEN -> CREATED, a PAID history entry, the transaction confirmed", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    const answer = await call("confirm", { transId, processingReferenceNumber: "RRN1" });
    expect(answer).toMatchObject({ status: "OK", transState: "CONFIRMED", transId, amount: tiyin(order) });
    expect(typeof answer.confirmTime).toBe("number");
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ isPaid: true, status: "CREATED" });
    expect(row.payment).toMatchObject({ provider: "UZUM", transactionId: transId, rrn: "RRN1" });
    expect(await paidEntries(t, order.id)).toHaveLength(1);
    expect(await transactionsOf(t, order.id)).toMatchObject([{ state: 2 }]);
  });

  it("answers a replay the same and changes nothing; 10014 for an unknown transId", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    const first = await call("confirm", { transId });
    const again = await call("confirm", { transId });
    expect(again).toMatchObject({ status: "OK", transState: "CONFIRMED", confirmTime: first.confirmTime });
    expect(await paidEntries(t, order.id)).toHaveLength(1);
    expectFailed(await call("confirm", { transId: randomUUID() }), "10014");
    expectFailed(await call("confirm", { transId, amount: tiyin(order) + 1 }), "10011");
  });

  it("pays once when the same confirm arrives 10 times at once", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("confirm", { transId })));
    for (const a of answers)
      expect(a, JSON.stringify(a)).toMatchObject({ status: "OK", transState: "CONFIRMED" });
    expect(await paidEntries(t, order.id)).toHaveLength(1);
    expect(await transactionsOf(t, order.id)).toHaveLength(1);
  });

  it("pays once when 10 different Uzum transactions of one order are created and confirmed at once", async () => {
    const order = await placeOrder();
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const transId = randomUUID();
        await call("create", { transId, params: params(order), amount: tiyin(order) });
        return call("confirm", { transId });
      }),
    );
    expect(answers.filter((a) => a.status === "OK")).toHaveLength(1);
    expect(await paidEntries(t, order.id)).toHaveLength(1);
    expect((await transactionsOf(t, order.id)).filter((x) => x.state === 2)).toHaveLength(1);
  });

  it("10008 for an order already paid (by any provider), at create and at confirm", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    await call("confirm", { transId });
    expectFailed(await call("check", { params: params(order) }), "10008");
    expectFailed(
      await call("create", { transId: randomUUID(), params: params(order), amount: tiyin(order) }),
      "10008",
    );
    // Paid meanwhile by another provider: the Uzum transaction is refused and cancelled.
    const other = await placeOrder();
    const pending = await created(other);
    await t.db.update(orders).set({ isPaid: true }).where(eq(orders.id, other.id));
    expectFailed(await call("confirm", { transId: pending }), "10008");
    expect(await transactionsOf(t, other.id)).toMatchObject([{ state: -1 }]);
    expect(await paidEntries(t, other.id)).toHaveLength(0);
  });

  it("10009 for a cancelled order", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    await t.db.update(orders).set({ status: "CANCELED" }).where(eq(orders.id, order.id));
    expectFailed(await call("check", { params: params(order) }), "10009");
    expectFailed(await call("confirm", { transId }), "10009");
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
  });

  it("10009 for an order past its payment time-out, before and after the sweep cancels it", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    const later = await placeOrder();
    const laterId = await created(later);
    await t.db
      .update(orders)
      .set({ createdDate: new Date(Date.now() - 60 * 60_000) })
      .where(inArray(orders.id, [order.id, later.id]));
    expectFailed(await call("check", { params: params(order) }), "10009");
    expectFailed(await call("confirm", { transId }), "10009");
    const swept = await sweepUnpaidOrders(t.db, events, new Date());
    expect(swept).toEqual(expect.arrayContaining([order.id, later.id]));
    // The sweep cancelled the open transaction with its order: its confirm says why.
    expectFailed(await call("confirm", { transId: laterId }), "10009");
    expect(await transactionsOf(t, later.id)).toMatchObject([{ state: -1, reason: 4 }]);
    expectFailed(
      await call("create", { transId: randomUUID(), params: params(order), amount: tiyin(order) }),
      "10009",
    );
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: false });
    expect(await paidEntries(t, order.id)).toHaveLength(0);
  });
});

describe("reverse and status", () => {
  it("before confirm: cancels the transaction, the order waits as before; replays answer the same", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    expect(await call("status", { transId })).toMatchObject({ status: "OK", transState: "CREATED" });
    const reversed = await call("reverse", { transId });
    expect(reversed).toMatchObject({ status: "OK", transState: "REVERSED", transId });
    expect((await call("reverse", { transId })).reverseTime).toBe(reversed.reverseTime);
    expect(await orderRow(t, order.id)).toMatchObject({ status: "OPEN", isPaid: false });
    expectFailed(await call("confirm", { transId }), "10017");
    expect(await call("status", { transId })).toMatchObject({ status: "OK", transState: "REVERSED" });
    expectFailed(await call("status", { transId: randomUUID() }), "10014");
    expectFailed(await call("reverse", { transId: randomUUID() }), "10014");
  });

  it("after confirm: refunds, the order cancelled and unpaid with refundedAt; a done order refuses 10018", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    await call("confirm", { transId });
    expect(await call("status", { transId })).toMatchObject({ transState: "CONFIRMED" });
    const reversed = await call("reverse", { transId });
    expect(reversed).toMatchObject({ status: "OK", transState: "REVERSED" });
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: "CANCELED", isPaid: false });
    expect((row.payment as { refundedAt?: string }).refundedAt).toBeTruthy();
    const [tx] = await transactionsOf(t, order.id);
    expect(tx).toMatchObject({ state: -2 });
    expect(tx!.refundRequestedAt).not.toBeNull();
    expect((await call("reverse", { transId })).status).toBe("OK");

    const done = await placeOrder();
    const doneId = await created(done);
    await call("confirm", { transId: doneId });
    await t.db.update(orders).set({ status: "DELIVERED" }).where(eq(orders.id, done.id));
    expectFailed(await call("reverse", { transId: doneId }), "10018");
    expect((await orderRow(t, done.id)).isPaid).toBe(true);
  });

  it("keeps another brand's transaction out of reach (10014)", async () => {
    const order = await placeOrder();
    const transId = await created(order);
    const lavashAuth = basic(LAVASH_LOGIN, LAVASH_PASSWORD);
    for (const op of ["confirm", "reverse", "status"]) {
      expectFailed(await call(op, { transId }, { auth: lavashAuth, serviceId: LAVASH_SERVICE }), "10014");
    }
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
  });
});

describe("the pay link and the demo's fake Uzum page", () => {
  async function payPath(order: Placed) {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/payments/v2/checkout/${order.id}`,
      headers: { merchant: sushi, host: HOST, authorization: `Bearer ${order.customer.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ provider: string; url: string }>();
    expect(body.provider).toBe("UZUM");
    const url = new URL(body.url);
    expect(url.pathname).toBe("/api/dev/uzum/pay");
    expect(url.searchParams.get("serviceId")).toBe(String(SUSHI_SERVICE));
    expect(url.searchParams.get("orderId")).toBe(order.id);
    expect(url.searchParams.get("amount")).toBe(String(tiyin(order)));
    expect(url.searchParams.get("redirectUrl")).toBe(`http://${HOST}/profile/orders/${order.id}`);
    expect(body.url).not.toContain(SUSHI_PASSWORD);
    return `${url.pathname}${url.search}`;
  }
  const submit = (path: string, action: string) =>
    t.app.inject({
      method: "POST",
      url: path,
      headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
      payload: `action=${action}`,
    });

  it("shows the page; Pay calls check, create, confirm and returns to the order's page", async () => {
    const order = await placeOrder();
    const path = await payPath(order);
    const page = await t.app.inject({ method: "GET", url: path, headers: { host: HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(order.id);
    expect(page.body).toMatch(/<button[^>]*value="pay">Pay<\/button>/);
    const res = await submit(path, "pay");
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`http://${HOST}/profile/orders/${order.id}`);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "CREATED" });
    expect(await transactionsOf(t, order.id)).toMatchObject([{ provider: "UZUM", state: 2 }]);
    // Paying again is refused by our check (10008) and shown.
    const again = await submit(path, "pay");
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("10008");
  });

  it("Decline reverses the created transaction; the order stays unpaid and payable", async () => {
    const order = await placeOrder();
    const path = await payPath(order);
    const res = await submit(path, "decline");
    expect(res.statusCode).toBe(303);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
    expect(await transactionsOf(t, order.id)).toMatchObject([{ state: -1 }]);
    expect((await submit(path, "pay")).statusCode).toBe(303);
    expect((await orderRow(t, order.id)).isPaid).toBe(true);
  });

  it("answers 404 for a link of an unknown service or a malformed one", async () => {
    const order = await placeOrder();
    const path = await payPath(order);
    const unknown = path.replace(`serviceId=${String(SUSHI_SERVICE)}`, "serviceId=55555");
    expect((await t.app.inject({ method: "GET", url: unknown })).statusCode).toBe(404);
    expect((await submit(unknown, "pay")).statusCode).toBe(404);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
  });

  it("in production: no fake page, and no credential in the log", async () => {
    const lines: string[] = [];
    const prod = await buildApp({
      config: loadConfig({
        NODE_ENV: "production",
        DEMO: "0",
        LOG_LEVEL: "trace",
        STATIC_DIR: "/nonexistent",
      }),
      database: t.database,
      logger: true,
      logStream: { write: (line) => lines.push(line) },
      serveClient: false,
      rateLimitPerMinute: 100_000,
    });
    try {
      await prod.ready();
      const order = await placeOrder();
      const link = await prod.inject({
        method: "GET",
        url: `/api/payments/v2/checkout/${order.id}`,
        headers: {
          merchant: sushi,
          host: "shop.example.uz",
          authorization: `Bearer ${order.customer.token}`,
        },
      });
      expect(new URL(link.json<{ url: string }>().url).origin).toBe("https://www.uzumbank.uz");
      expect((await prod.inject({ method: "GET", url: "/api/dev/uzum/pay" })).statusCode).toBe(404);
      const res = await prod.inject({
        method: "POST",
        url: "/api/payments/v1/uzum/check",
        headers: { "content-type": "application/json", authorization: SUSHI_AUTH },
        payload: JSON.stringify({ serviceId: SUSHI_SERVICE, timestamp: Date.now(), params: params(order) }),
      });
      expect(res.json<Answer>().status).toBe("OK");
      const log = lines.join("");
      expect(log).toContain("/api/payments/v1/uzum/check");
      expect(log).not.toContain(SUSHI_PASSWORD);
      expect(log).not.toContain(SUSHI_AUTH.slice(6));
    } finally {
      await prod.close();
    }
  });
});
