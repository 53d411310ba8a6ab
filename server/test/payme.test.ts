/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Payme's Merchant API through POST /api/payments/v1/payme: JSON-RPC 2.0 answered with HTTP 200,
// Basic auth with the key of the order's brand, an order paid exactly once for exactly its total,
// idempotent replays, cancellation before and after paying, the 12-hour time-out and the statement.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  merchants,
  merchantWebSettings,
  orderHistory,
  orders,
  paymentTransactions,
  users,
} from "../src/db/schema/index.ts";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { PAYME_TIMEOUT_MS } from "../src/services/payments/payme.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { cachesChanged } from "../src/db/cache-bus.ts";
import { transaction } from "../src/db/transaction.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct, transactionsOf } from "./support/orders.ts";

const LAVASH_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";
const PLOV_KEY = "DEMO-plov-payme-test-key-for-local-testing-only";
/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let pizza: string;
let phoneSeq = 0;
let rpcSeq = 0;
let txSeq = 0;

interface RpcAnswer {
  jsonrpc: string;
  id: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string };
}

const basic = (key: string, login = "Paycom") => `Basic ${Buffer.from(`${login}:${key}`).toString("base64")}`;

async function rpc(method: string, params: Record<string, unknown>, key = LAVASH_KEY) {
  rpcSeq += 1;
  const id = rpcSeq;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/payments/v1/payme",
    headers: { authorization: basic(key), "content-type": "application/json" },
    payload: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<RpcAnswer>();
  expect(body.jsonrpc).toBe("2.0");
  expect(body.id).toBe(id);
  return body;
}

/** Expects Payme's error `code` with its message in the three languages. */
function expectError(answer: RpcAnswer, code: number) {
  expect(answer.error?.code, JSON.stringify(answer)).toBe(code);
  expect(answer.result).toBeUndefined();
  const m = answer.error!.message;
  expect(m.ru && m.uz && m.en).toBeTruthy();
}

const newTxId = () => {
  txSeq += 1;
  return `payme-${String(process.pid)}-${String(txSeq).padStart(6, "0")}`;
};

async function customer() {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: lavash, phone: `+99891${String(2000000 + phoneSeq)}`, firstName: `P${phoneSeq}` })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token };
}

/** Places a lavash order paid with `paymentType`; answers its id and total in tiyin. */
async function placeOrder(over: Record<string, unknown> = {}, later = false) {
  const c = await customer();
  const res = await t.app.inject({
    method: "POST",
    url: later ? "/api/orders/v1/orders/at-time" : "/api/orders/v1/orders",
    headers: { merchant: lavash, authorization: `Bearer ${c.token}` },
    payload: {
      serviceType: "DELIVERY",
      paymentType: "PAYME",
      cartItems: [{ productId: pizza, count: 1, modifications: [] }],
      address: ADDRESS,
      branchId: chilonzor,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: string; totalPrice: number; status: string; isPaid: boolean }>();
  return { ...order, amount: Math.round(order.totalPrice * 100), customer: c };
}

/** An order with a created (state 1) Payme transaction. */
async function createdPayment() {
  const order = await placeOrder();
  const id = newTxId();
  const created = await rpc("CreateTransaction", {
    id,
    time: Date.now(),
    amount: order.amount,
    account: { order_id: order.id },
  });
  expect(created.result?.state).toBe(1);
  return { order, id, transaction: created.result!.transaction as string };
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  pizza = await plainProduct(t, lavash);
  // The demo data has lavash take Payme on the web (paymeActive and an active PAYME method).
  const [web] = await t.db
    .select({ paymeActive: merchantWebSettings.paymeActive })
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, lavash));
  expect(web?.paymeActive).toBe(true);
});
afterAll(async () => {
  await t.close();
});

describe("placing an order paid with Payme", () => {
  it("creates it OPEN and unpaid, waiting for the payment", async () => {
    const order = await placeOrder();
    expect(order.status).toBe("OPEN");
    expect(order.isPaid).toBe(false);
    const row = await orderRow(t, order.id);
    expect(row.paymentType).toBe("PAYME");
    expect(row.status).toBe("OPEN");
  });

  it("is refused where the brand's paymeActive switch is off", async () => {
    await t.db
      .update(merchantWebSettings)
      .set({ paymeActive: false })
      .where(eq(merchantWebSettings.merchantId, lavash));
    forgetTenants(t.db);
    try {
      const c = await customer();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/orders/v1/orders",
        headers: { merchant: lavash, authorization: `Bearer ${c.token}` },
        payload: {
          serviceType: "DELIVERY",
          paymentType: "PAYME",
          cartItems: [{ productId: pizza, count: 1, modifications: [] }],
          address: ADDRESS,
          branchId: chilonzor,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string }>().code).toBe("PAYMENT_TYPE_UNAVAILABLE");
    } finally {
      await t.db
        .update(merchantWebSettings)
        .set({ paymeActive: true })
        .where(eq(merchantWebSettings.merchantId, lavash));
      forgetTenants(t.db);
    }
  });
});

describe("protocol and authorisation", () => {
  it("answers malformed JSON with -32700 and HTTP 200", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/v1/payme",
      headers: { authorization: basic(LAVASH_KEY), "content-type": "application/json" },
      payload: '{"method": "CheckTransaction", ',
    });
    expect(res.statusCode).toBe(200);
    expectError(res.json<RpcAnswer>(), -32700);
    expect(res.json<RpcAnswer>().id).toBeNull();
  });

  it("answers a request without a method or params with -32600, and an unknown method with -32601", async () => {
    const send = (payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/v1/payme",
        headers: { authorization: basic(LAVASH_KEY), "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
    expectError((await send({ id: 1, params: {} })).json<RpcAnswer>(), -32600);
    expectError((await send({ id: 2, method: "CheckTransaction" })).json<RpcAnswer>(), -32600);
    expectError((await send([1, 2])).json<RpcAnswer>(), -32600);
    const unknown = (await send({ id: 3, method: "ChangePassword", params: {} })).json<RpcAnswer>();
    expectError(unknown, -32601);
    expect(unknown.id).toBe(3);
    // A field of the wrong type.
    expectError(await rpc("CheckTransaction", { id: 42 }), -32600);
    expectError(await rpc("CheckPerformTransaction", { amount: "100", account: {} }), -32600);
  });

  it("refuses a missing, forged or non-Paycom Basic auth with -32504", async () => {
    const order = await placeOrder();
    const params = { amount: order.amount, account: { order_id: order.id } };
    const payload = JSON.stringify({ id: 7, method: "CheckPerformTransaction", params });
    for (const authorization of [
      undefined,
      basic("not-the-key"),
      basic(LAVASH_KEY, "Payme"),
      `Bearer ${LAVASH_KEY}`,
      basic(`${LAVASH_KEY}x`),
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/payments/v1/payme",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expectError(res.json<RpcAnswer>(), -32504);
    }
  });

  it("refuses another brand's key for a lavash order and its transaction with -32504", async () => {
    const order = await placeOrder();
    expectError(
      await rpc(
        "CheckPerformTransaction",
        { amount: order.amount, account: { order_id: order.id } },
        PLOV_KEY,
      ),
      -32504,
    );
    const { id } = await createdPayment();
    expectError(await rpc("PerformTransaction", { id }, PLOV_KEY), -32504);
    expectError(await rpc("CheckTransaction", { id }, PLOV_KEY), -32504);
    expectError(await rpc("CancelTransaction", { id, reason: 5 }, PLOV_KEY), -32504);
    const statement = await rpc("GetStatement", { from: 0, to: Date.now() + 60_000 }, PLOV_KEY);
    expect(statement.result?.transactions).toEqual([]);
    expect(plov).not.toBe(lavash);
  });

  it("takes a brand's replaced key at once, in every process, and refuses the old one", async () => {
    const order = await placeOrder();
    const check = (key: string) =>
      rpc("CheckPerformTransaction", { amount: order.amount, account: { order_id: order.id } }, key);
    expect((await check(LAVASH_KEY)).result).toMatchObject({ allow: true });
    const replace = (key: string) =>
      transaction(t.db, async (tx) => {
        await tx.update(merchants).set({ paymeKey: key }).where(eq(merchants.id, lavash));
        // What the back office's brand settings do (services/back-office/brand-settings.ts).
        await cachesChanged(tx, lavash, ["merchant"]);
      });
    await replace("DEMO-lavash-payme-rotated-key");
    try {
      expectError(await check(LAVASH_KEY), -32504);
      expect((await check("DEMO-lavash-payme-rotated-key")).result).toMatchObject({ allow: true });
    } finally {
      await replace(LAVASH_KEY);
    }
    expect((await check(LAVASH_KEY)).result).toMatchObject({ allow: true });
  });

  it("never answers the key: it is not in the brand's public merchant or web settings", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/lavash" });
    expect(res.body).not.toContain(LAVASH_KEY);
    const settings = await t.app.inject({
      method: "GET",
      url: `/api/users/v1/merchants/web-settings`,
      headers: { merchant: lavash },
    });
    expect(settings.body).not.toContain(LAVASH_KEY);
  });
});

describe("logs", () => {
  it("hold neither the key nor the Authorization header of a call, accepted or refused", async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: loadConfig({
        NODE_ENV: "production",
        DEMO: "1",
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
      await logged.ready();
      const order = await placeOrder();
      for (const key of [LAVASH_KEY, `${LAVASH_KEY}-forged`]) {
        const res = await logged.inject({
          method: "POST",
          url: "/api/payments/v1/payme",
          headers: { authorization: basic(key), "content-type": "application/json" },
          payload: JSON.stringify({
            id: 1,
            method: "CheckPerformTransaction",
            params: { amount: order.amount, account: { order_id: order.id } },
          }),
        });
        expect(res.statusCode).toBe(200);
      }
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join("");
      expect(log).toContain("/api/payments/v1/payme");
      expect(log).not.toContain(LAVASH_KEY);
      expect(log).not.toContain(Buffer.from(`Paycom:${LAVASH_KEY}`).toString("base64"));
    } finally {
      await logged.close();
    }
  });
});

describe("CheckPerformTransaction", () => {
  it("allows an OPEN unpaid Payme order for exactly its total in tiyin", async () => {
    const order = await placeOrder();
    const answer = await rpc("CheckPerformTransaction", {
      amount: order.amount,
      account: { order_id: order.id },
    });
    // With the fiscal receipt Payme registers (issue 40; its sums are proven in fiscal.test.ts).
    expect(answer.result).toMatchObject({ allow: true, detail: { receipt_type: 0 } });
  });

  it("refuses another amount with -31001", async () => {
    const order = await placeOrder();
    for (const amount of [order.amount - 1, order.amount + 100, order.totalPrice]) {
      expectError(await rpc("CheckPerformTransaction", { amount, account: { order_id: order.id } }), -31001);
    }
  });

  it("refuses an unknown or malformed order id with -31050 naming order_id", async () => {
    for (const orderId of ["0190a1b2-0000-7000-8000-000000000000", "not-a-uuid", 42]) {
      const answer = await rpc("CheckPerformTransaction", { amount: 100_00, account: { order_id: orderId } });
      expectError(answer, -31050);
      expect(answer.error?.data).toBe("order_id");
    }
  });

  it("refuses an order that is not paid with Payme, or no longer OPEN, with -31052", async () => {
    const cash = await placeOrder({ paymentType: "CASH" });
    expectError(
      await rpc("CheckPerformTransaction", { amount: cash.amount, account: { order_id: cash.id } }),
      -31052,
    );
    const cancelled = await placeOrder();
    await t.db.update(orders).set({ status: "CANCELED" }).where(eq(orders.id, cancelled.id));
    expectError(
      await rpc("CheckPerformTransaction", { amount: cancelled.amount, account: { order_id: cancelled.id } }),
      -31052,
    );
  });
});

describe("CreateTransaction", () => {
  it("creates a transaction in state 1 and answers the same for a replay, storing one row", async () => {
    const order = await placeOrder();
    const id = newTxId();
    const time = Date.now() - 1000;
    const params = { id, time, amount: order.amount, account: { order_id: order.id } };
    const first = await rpc("CreateTransaction", params);
    expect(first.result).toMatchObject({ state: 1, transaction: expect.any(String) });
    expect(first.result?.create_time).toEqual(expect.any(Number));
    const again = await rpc("CreateTransaction", params);
    expect(again.result).toEqual(first.result);
    const rows = await transactionsOf(t, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      merchantId: lavash,
      provider: "PAYME",
      providerTransactionId: id,
      amount: order.amount,
      state: 1,
    });
    expect(rows[0]!.providerTime.getTime()).toBe(time);
  });

  it("refuses a second transaction for an order being paid with -31051", async () => {
    const { order } = await createdPayment();
    const answer = await rpc("CreateTransaction", {
      id: newTxId(),
      time: Date.now(),
      amount: order.amount,
      account: { order_id: order.id },
    });
    expectError(answer, -31051);
    expect(answer.error?.data).toBe("order_id");
    expectError(
      await rpc("CheckPerformTransaction", { amount: order.amount, account: { order_id: order.id } }),
      -31051,
    );
  });

  it("refuses a wrong amount with -31001 and an unknown order with -31050", async () => {
    const order = await placeOrder();
    const base = { id: newTxId(), time: Date.now() };
    expectError(
      await rpc("CreateTransaction", { ...base, amount: order.amount + 1, account: { order_id: order.id } }),
      -31001,
    );
    expectError(
      await rpc("CreateTransaction", {
        ...base,
        amount: order.amount,
        account: { order_id: "0190a1b2-0000-7000-8000-000000000001" },
      }),
      -31050,
    );
    expect(await transactionsOf(t, order.id)).toHaveLength(0);
  });

  it("opens one transaction when 10 different ones for the same order arrive at once, refusing 9 with -31051", async () => {
    const order = await placeOrder();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        rpc("CreateTransaction", {
          id: newTxId(),
          time: Date.now(),
          amount: order.amount,
          account: { order_id: order.id },
        }),
      ),
    );
    expect(answers.filter((a) => a.result?.state === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.code === -31051)).toHaveLength(9);
    expect(await transactionsOf(t, order.id)).toHaveLength(1);
  });

  it("lets a new transaction replace one cancelled before it was performed", async () => {
    const { order, id } = await createdPayment();
    expect((await rpc("CancelTransaction", { id, reason: 3 })).result?.state).toBe(-1);
    const next = await rpc("CreateTransaction", {
      id: newTxId(),
      time: Date.now(),
      amount: order.amount,
      account: { order_id: order.id },
    });
    expect(next.result?.state).toBe(1);
  });
});

describe("PerformTransaction", () => {
  it("pays the order: isPaid, OPEN -> CREATED, a PAID history entry and state 2 in one go", async () => {
    const { order, id, transaction } = await createdPayment();
    const answer = await rpc("PerformTransaction", { id });
    expect(answer.result).toMatchObject({ transaction, state: 2 });
    expect(answer.result?.perform_time).toEqual(expect.any(Number));
    const row = await orderRow(t, order.id);
    expect(row.isPaid).toBe(true);
    expect(row.status).toBe("CREATED");
    expect(row.payment).toMatchObject({ provider: "PAYME", transactionId: id });
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.filter((h) => h.reason === "PAID")).toMatchObject([
      { status: "CREATED", actorUserId: null },
    ]);
    // The customer sees it paid.
    const view = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${order.id}`,
      headers: { merchant: lavash, authorization: `Bearer ${order.customer.token}` },
    });
    expect(view.json<{ isPaid: boolean; status: string }>()).toMatchObject({
      isPaid: true,
      status: "CREATED",
    });
  });

  it("moves a later order from OPEN to AT_TIME", async () => {
    const order = await placeOrder({ deliveryAt: new Date(Date.now() + 6 * 3600_000).toISOString() }, true);
    expect(order.status).toBe("OPEN");
    const id = newTxId();
    await rpc("CreateTransaction", {
      id,
      time: Date.now(),
      amount: order.amount,
      account: { order_id: order.id },
    });
    expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "AT_TIME" });
  });

  it("answers a replay the same and changes nothing", async () => {
    const { order, id } = await createdPayment();
    const first = await rpc("PerformTransaction", { id });
    const before = await orderRow(t, order.id);
    const again = await rpc("PerformTransaction", { id });
    expect(again.result).toEqual(first.result);
    const after = await orderRow(t, order.id);
    expect(after.lastModifiedDate).toEqual(before.lastModifiedDate);
    const paid = await t.db
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, order.id), eq(orderHistory.reason, "PAID")));
    expect(paid).toHaveLength(1);
  });

  it("pays once when the same Perform arrives 10 times at once, all 10 answering the same success", async () => {
    const { order, id } = await createdPayment();
    const answers = await Promise.all(Array.from({ length: 10 }, () => rpc("PerformTransaction", { id })));
    for (const a of answers) expect(a.result).toEqual(answers[0]!.result);
    expect(answers[0]!.result?.state).toBe(2);
    const paid = await t.db
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, order.id), eq(orderHistory.reason, "PAID")));
    expect(paid).toHaveLength(1);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "CREATED" });
  });

  it("streams the payment to the customer's open order stream as a server-sent event", async () => {
    const { order, id } = await createdPayment();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    try {
      const res = await fetch(`${address}/api/orders/v1/orders/events`, {
        headers: { merchant: lavash, authorization: `Bearer ${order.customer.token}` },
        signal: controller.signal,
      });
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      await reader.read(); // the "connected" comment
      expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
      const deadline = Date.now() + 5000;
      while (!text.includes(`"status":"CREATED"`) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      expect(text).toContain(`"orderId":"${order.id}"`);
      expect(text).toContain(`"status":"CREATED"`);
    } finally {
      controller.abort();
    }
  });

  it("refuses an unknown transaction with -31003", async () => {
    expectError(await rpc("PerformTransaction", { id: "no-such-transaction" }), -31003);
  });

  it("refuses a cancelled transaction, or an order cancelled meanwhile, with -31008", async () => {
    const cancelled = await createdPayment();
    await rpc("CancelTransaction", { id: cancelled.id, reason: 3 });
    expectError(await rpc("PerformTransaction", { id: cancelled.id }), -31008);
    const gone = await createdPayment();
    await t.db.update(orders).set({ status: "CANCELED" }).where(eq(orders.id, gone.order.id));
    expectError(await rpc("PerformTransaction", { id: gone.id }), -31008);
    expect((await orderRow(t, gone.order.id)).isPaid).toBe(false);
  });
});

describe("the 12-hour time-out", () => {
  it("cancels a transaction created more than 12 h ago (state -1, reason 4) and refuses to perform it", async () => {
    const { order, id } = await createdPayment();
    await t.db
      .update(paymentTransactions)
      .set({ createTime: new Date(Date.now() - PAYME_TIMEOUT_MS - 1000) })
      .where(eq(paymentTransactions.providerTransactionId, id));
    expectError(await rpc("PerformTransaction", { id }), -31008);
    const checked = await rpc("CheckTransaction", { id });
    expect(checked.result).toMatchObject({ state: -1, reason: 4, perform_time: 0 });
    expect(checked.result?.cancel_time).toBeGreaterThan(0);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
    // A replayed CreateTransaction for it is refused too, and the order can be paid anew.
    expectError(
      await rpc("CreateTransaction", {
        id,
        time: Date.now(),
        amount: order.amount,
        account: { order_id: order.id },
      }),
      -31008,
    );
    const fresh = await rpc("CreateTransaction", {
      id: newTxId(),
      time: Date.now(),
      amount: order.amount,
      account: { order_id: order.id },
    });
    expect(fresh.result?.state).toBe(1);
  });

  it("lets a new transaction replace an open one that timed out", async () => {
    const { order, id } = await createdPayment();
    await t.db
      .update(paymentTransactions)
      .set({ createTime: new Date(Date.now() - PAYME_TIMEOUT_MS - 1000) })
      .where(eq(paymentTransactions.providerTransactionId, id));
    const next = await rpc("CreateTransaction", {
      id: newTxId(),
      time: Date.now(),
      amount: order.amount,
      account: { order_id: order.id },
    });
    expect(next.result?.state).toBe(1);
    expect((await rpc("CheckTransaction", { id })).result).toMatchObject({ state: -1, reason: 4 });
  });
});

describe("CancelTransaction", () => {
  it("cancels before perform: state -1 with the reason, the order stays OPEN and unpaid; replays answer the same", async () => {
    const { order, id, transaction } = await createdPayment();
    const first = await rpc("CancelTransaction", { id, reason: 3 });
    expect(first.result).toMatchObject({ transaction, state: -1 });
    expect(first.result?.cancel_time).toBeGreaterThan(0);
    expect(await rpc("CancelTransaction", { id, reason: 3 })).toMatchObject({ result: first.result });
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
    expect((await rpc("CheckTransaction", { id })).result).toMatchObject({ state: -1, reason: 3 });
  });

  it("refunds after perform: state -2, the order cancelled and unpaid with the refund recorded", async () => {
    const { order, id } = await createdPayment();
    await rpc("PerformTransaction", { id });
    const first = await rpc("CancelTransaction", { id, reason: 5 });
    expect(first.result?.state).toBe(-2);
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ isPaid: false, status: "CANCELED" });
    expect(row.payment).toMatchObject({ provider: "PAYME", transactionId: id, refundReason: 5 });
    expect(row.payment?.refundedAt).toEqual(expect.any(String));
    const history = await t.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order.id))
      .orderBy(asc(orderHistory.createdDate));
    expect(history.at(-1)).toMatchObject({ status: "CANCELED", comment: "refunded by Payme" });
    // A replay answers the same and changes nothing.
    const again = await rpc("CancelTransaction", { id, reason: 5 });
    expect(again.result).toEqual(first.result);
    expect((await orderRow(t, order.id)).lastModifiedDate).toEqual(row.lastModifiedDate);
    expect((await rpc("CheckTransaction", { id })).result).toMatchObject({ state: -2, reason: 5 });
  });

  it("refuses to cancel after perform once the order is delivered, with -31007", async () => {
    const { order, id } = await createdPayment();
    await rpc("PerformTransaction", { id });
    await t.db.update(orders).set({ status: "DELIVERED" }).where(eq(orders.id, order.id));
    expectError(await rpc("CancelTransaction", { id, reason: 5 }), -31007);
    expect((await rpc("CheckTransaction", { id })).result?.state).toBe(2);
    expect((await orderRow(t, order.id)).isPaid).toBe(true);
  });

  it("refuses an unknown transaction with -31003 and a missing reason with -32600", async () => {
    expectError(await rpc("CancelTransaction", { id: "no-such-transaction", reason: 1 }), -31003);
    const { id } = await createdPayment();
    expectError(await rpc("CancelTransaction", { id }), -32600);
  });
});

describe("CheckTransaction", () => {
  it("answers the times, state and reason of each stage", async () => {
    const { id, transaction } = await createdPayment();
    const created = await rpc("CheckTransaction", { id });
    expect(created.result).toMatchObject({
      transaction,
      state: 1,
      perform_time: 0,
      cancel_time: 0,
      reason: null,
    });
    await rpc("PerformTransaction", { id });
    const performed = await rpc("CheckTransaction", { id });
    expect(performed.result).toMatchObject({ state: 2, cancel_time: 0, reason: null });
    expect(performed.result?.perform_time).toBeGreaterThanOrEqual(created.result?.create_time as number);
  });

  it("refuses an unknown transaction with -31003", async () => {
    expectError(await rpc("CheckTransaction", { id: "no-such-transaction" }), -31003);
  });
});

describe("GetStatement", () => {
  it("lists the brand's transactions whose Payme time is within [from, to], oldest first", async () => {
    const base = Date.UTC(2030, 0, 1);
    const made: { id: string; orderId: string; amount: number; time: number }[] = [];
    for (const offset of [0, 1000, 2000]) {
      const order = await placeOrder();
      const id = newTxId();
      await rpc("CreateTransaction", {
        id,
        time: base + offset,
        amount: order.amount,
        account: { order_id: order.id },
      });
      made.push({ id, orderId: order.id, amount: order.amount, time: base + offset });
    }
    await rpc("PerformTransaction", { id: made[1]!.id });
    const answer = await rpc("GetStatement", { from: base, to: base + 1000 });
    const listed = answer.result?.transactions as Record<string, unknown>[];
    expect(listed.map((x) => x.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(listed[1]).toMatchObject({
      time: base + 1000,
      amount: made[1]!.amount,
      account: { order_id: made[1]!.orderId },
      state: 2,
      reason: null,
      cancel_time: 0,
    });
    expect(listed[1]!.perform_time).toBeGreaterThan(0);
    const none = await rpc("GetStatement", { from: base + 3000, to: base + 9000 });
    expect(none.result).toEqual({ transactions: [] });
    expectError(await rpc("GetStatement", { from: base }), -32600);
    expectError(await rpc("GetStatement", { from: base, to: 9e15 }), -32600);
  });
});
