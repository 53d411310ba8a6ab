/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The payment time-out and refunds: an order paid online that waited unpaid past its brand's
// time-out is cancelled as "not paid in time" (history, live event, Payme's callbacks refused with
// Payme's codes), a payment racing the sweep ends paid or cancelled and never both, the timer runs
// in the server and stops with it, and a paid order cancelled by the customer or staff waits for its
// refund until Payme's CancelTransaction (state -2) confirms it.
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { ConfigError, loadConfig } from "../src/config.ts";
import { orderHistory, orderSettings, orders, paymentTransactions, users } from "../src/db/schema/index.ts";
import { parseBrandFile } from "../src/import/brand-file.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { OrderEvents } from "../src/services/orders/events.ts";
import { sweepUnpaidOrders } from "../src/services/orders/payment-timeout.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct } from "./support/orders.ts";

const LAVASH_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";
/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
const MINUTE = 60_000;

let t: TestApp;
let events: OrderEvents;
let lavash: string;
let chilonzor: string;
let pizza: string;
let phoneSeq = 0;
let rpcSeq = 0;
let txSeq = 0;

interface RpcAnswer {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string };
}

interface OrderView {
  id: string;
  status: string;
  isPaid: boolean;
  cancellable: boolean;
  cancelReason: string | null;
  history: { status: string | null; reason: string; comment: string | null }[];
}

/** The clock `minutes` from now, for the sweep. */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

async function rpc(method: string, params: Record<string, unknown>) {
  rpcSeq += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/payments/v1/payme",
    headers: {
      authorization: `Basic ${Buffer.from(`Paycom:${LAVASH_KEY}`).toString("base64")}`,
      "content-type": "application/json",
    },
    payload: JSON.stringify({ jsonrpc: "2.0", id: rpcSeq, method, params }),
  });
  expect(res.statusCode).toBe(200);
  return res.json<RpcAnswer>();
}

function expectError(answer: RpcAnswer, code: number) {
  expect(answer.error?.code, JSON.stringify(answer)).toBe(code);
  expect(answer.result).toBeUndefined();
}

const newTxId = () => {
  txSeq += 1;
  return `sweep-${String(process.pid)}-${String(txSeq).padStart(6, "0")}`;
};

async function customer(role: "CUSTOMER" | "STAFF" = "CUSTOMER", cashback = 0) {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: lavash,
      phone: `+99893${String(3000000 + phoneSeq)}`,
      firstName: `S${phoneSeq}`,
      role,
      cashback,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const headers = (c: Customer) => ({ merchant: lavash, authorization: `Bearer ${c.token}` });

async function placeOrder(over: Record<string, unknown> = {}, c?: Customer) {
  const who = c ?? (await customer());
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: headers(who),
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
  const order = res.json<{ id: string; totalPrice: number; status: string }>();
  return { ...order, amount: Math.round(order.totalPrice * 100), customer: who };
}

/** An order with a created (state 1) Payme transaction. */
async function createdPayment(over: Record<string, unknown> = {}, c?: Customer) {
  const order = await placeOrder(over, c);
  const id = newTxId();
  const created = await rpc("CreateTransaction", {
    id,
    time: Date.now(),
    amount: order.amount,
    account: { order_id: order.id },
  });
  expect(created.result?.state).toBe(1);
  return { order, id };
}

async function transactionOf(providerTransactionId: string) {
  const [row] = await t.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.providerTransactionId, providerTransactionId));
  return row!;
}

async function historyOf(orderId: string) {
  return t.db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.createdDate), asc(orderHistory.id));
}

async function view(order: { id: string; customer: Customer }) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/orders/v1/orders/${order.id}`,
    headers: headers(order.customer),
  });
  expect(res.statusCode).toBe(200);
  return res.json<OrderView>();
}

async function setTimeoutMinutes(minutes: number) {
  await t.db
    .update(orderSettings)
    .set({ paymentTimeoutMinutes: minutes })
    .where(and(eq(orderSettings.merchantId, lavash), sql`${orderSettings.cityId} is null`));
}

beforeAll(async () => {
  // The main app's own timer is off: these tests sweep with a shifted clock, or start a fast timer.
  t = await createTestApp({ env: { PAYMENT_SWEEP_MS: "0" } });
  events = new OrderEvents(t.database);
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  pizza = await plainProduct(t, lavash);
  // The demo brand has a brand-wide order settings row, with the default time-out.
  const [settings] = await t.db
    .select({ minutes: orderSettings.paymentTimeoutMinutes })
    .from(orderSettings)
    .where(and(eq(orderSettings.merchantId, lavash), sql`${orderSettings.cityId} is null`));
  expect(settings?.minutes).toBe(15);
});
afterAll(async () => {
  await events.close();
  await t.close();
});

describe("the payment time-out", () => {
  it("cancels an unpaid online order after 15 minutes, not before, as 'not paid in time' with a history entry", async () => {
    const order = await placeOrder();
    expect(order.status).toBe("OPEN");
    expect(await sweepUnpaidOrders(t.db, events, inMinutes(14))).not.toContain(order.id);
    expect(await orderRow(t, order.id)).toMatchObject({ status: "OPEN", isPaid: false });

    const cancelled = await sweepUnpaidOrders(t.db, events, inMinutes(16));
    expect(cancelled).toContain(order.id);
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: "CANCELED", isPaid: false, reasons: ["NOT_PAID_IN_TIME"] });
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      status: "CANCELED",
      reason: "CHANGE_STATUS",
      comment: "not paid in time",
      actorUserId: null,
    });
    // Once only: a later sweep leaves it as it is.
    expect(await sweepUnpaidOrders(t.db, events, inMinutes(60))).not.toContain(order.id);
    expect((await historyOf(order.id)).filter((h) => h.status === "CANCELED")).toHaveLength(1);
  });

  it("shows the customer the reason, and the order leaves the active list for the archive", async () => {
    const order = await placeOrder();
    const active = async () => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/orders/v1/orders/user/${order.customer.id}/active`,
        headers: headers(order.customer),
      });
      return res.json<{ id: string }[]>().map((o) => o.id);
    };
    expect(await active()).toContain(order.id);
    expect((await view(order)).cancelReason).toBeNull();
    await sweepUnpaidOrders(t.db, events, inMinutes(16));
    const seen = await view(order);
    expect(seen).toMatchObject({
      status: "CANCELED",
      isPaid: false,
      cancellable: false,
      cancelReason: "NOT_PAID_IN_TIME",
    });
    expect(seen.history.at(-1)).toMatchObject({ status: "CANCELED", comment: "not paid in time" });
    expect(await active()).not.toContain(order.id);
    const archive = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/user/${order.customer.id}?onlyArchive=true`,
      headers: headers(order.customer),
    });
    expect(archive.json<{ content: { id: string }[] }>().content.map((o) => o.id)).toContain(order.id);
  });

  it("gives back the cashback the order spent", async () => {
    const c = await customer("CUSTOMER", 3000);
    const order = await placeOrder({ cashback: 3000 }, c);
    const balance = async () =>
      (await t.db.select({ cashback: users.cashback }).from(users).where(eq(users.id, c.id)))[0]!.cashback;
    expect(await balance()).toBe(0);
    expect(await sweepUnpaidOrders(t.db, events, inMinutes(16))).toContain(order.id);
    expect(await balance()).toBe(3000);
  });

  it("never touches an order paid on receipt, a paid order, or one cancelled already", async () => {
    const cash = await placeOrder({ paymentType: "CASH" });
    expect(cash.status).toBe("CREATED");
    const paid = await createdPayment();
    expect((await rpc("PerformTransaction", { id: paid.id })).result?.state).toBe(2);
    const gone = await placeOrder();
    const cancel = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${gone.id}/cancel`,
      headers: headers(gone.customer),
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    const swept = await sweepUnpaidOrders(t.db, events, inMinutes(24 * 60));
    for (const id of [cash.id, paid.order.id, gone.id]) expect(swept).not.toContain(id);
    expect(await orderRow(t, cash.id)).toMatchObject({ status: "CREATED", reasons: [] });
    expect(await orderRow(t, paid.order.id)).toMatchObject({ status: "CREATED", isPaid: true, reasons: [] });
    expect((await view(gone)).cancelReason).toBeNull();
  });

  it("takes the time-out from the brand's order settings, where 0 means never", async () => {
    try {
      await setTimeoutMinutes(30);
      const order = await placeOrder();
      expect(await sweepUnpaidOrders(t.db, events, inMinutes(20))).not.toContain(order.id);
      expect(await sweepUnpaidOrders(t.db, events, inMinutes(31))).toContain(order.id);
      await setTimeoutMinutes(0);
      const kept = await placeOrder();
      expect(await sweepUnpaidOrders(t.db, events, inMinutes(7 * 24 * 60))).not.toContain(kept.id);
      expect(await orderRow(t, kept.id)).toMatchObject({ status: "OPEN" });
    } finally {
      await setTimeoutMinutes(15);
    }
  });

  it("is a setting of the brand file's order settings, 15 minutes unless set", () => {
    const file = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, "../demo/brands/lavash.json"), "utf8"),
    ) as { orderSettings: Record<string, unknown> };
    const parsed = parseBrandFile(file);
    expect(parsed.success && parsed.data.orderSettings.paymentTimeoutMinutes).toBe(15);
    const own = parseBrandFile({
      ...file,
      orderSettings: { ...file.orderSettings, paymentTimeoutMinutes: 45 },
    });
    expect(own.success && own.data.orderSettings.paymentTimeoutMinutes).toBe(45);
    for (const bad of [-1, 1.5, 20_000]) {
      const refused = parseBrandFile({
        ...file,
        orderSettings: { ...file.orderSettings, paymentTimeoutMinutes: bad },
      });
      expect(refused.success).toBe(false);
      if (!refused.success) expect(refused.issues[0]?.path).toContain("paymentTimeoutMinutes");
    }
  });
});

describe("Payme's callbacks for an order that timed out", () => {
  it("are refused with Payme's codes: -31008 for its transaction, an account error for a new one", async () => {
    const { order, id } = await createdPayment();
    expect(await sweepUnpaidOrders(t.db, events, inMinutes(16))).toContain(order.id);
    // Its open transaction was cancelled with Payme's reason 4 (time-out).
    expect(await transactionOf(id)).toMatchObject({ state: -1, reason: 4, performTime: null });
    expectError(await rpc("PerformTransaction", { id }), -31008);
    const params = { amount: order.amount, account: { order_id: order.id } };
    expectError(await rpc("CreateTransaction", { id, time: Date.now(), ...params }), -31008);
    const fresh = await rpc("CreateTransaction", { id: newTxId(), time: Date.now(), ...params });
    expectError(fresh, -31052);
    expect(fresh.error?.data).toBe("order_id");
    const check = await rpc("CheckPerformTransaction", params);
    expectError(check, -31052);
    expect(check.error!.code).toBeGreaterThanOrEqual(-31099);
    expect(check.error!.code).toBeLessThanOrEqual(-31050);
    expect((await rpc("CheckTransaction", { id })).result).toMatchObject({ state: -1, reason: 4 });
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: false });
    // Payme's own cancel of it answers as it is.
    expect((await rpc("CancelTransaction", { id, reason: 3 })).result?.state).toBe(-1);
  });

  it("a payment before the time-out wins: the sweep leaves the paid order alone", async () => {
    const { order, id } = await createdPayment();
    expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
    expect(await sweepUnpaidOrders(t.db, events, inMinutes(16))).not.toContain(order.id);
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CREATED", isPaid: true });
    expect(await transactionOf(id)).toMatchObject({ state: 2 });
  });
});

describe("a Perform racing the sweep", () => {
  it("ends paid or cancelled, never both, every time (two sweeps at once, as from two servers)", async () => {
    const ROUNDS = 16;
    const outcomes = { paid: 0, cancelled: 0 };
    const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let round = 0; round < ROUNDS; round++) {
      const { order, id } = await createdPayment();
      const now = inMinutes(16);
      // Started together, the sweeps a little later in some rounds, so either may get there first.
      const [perform, swept1, swept2] = await Promise.all([
        rpc("PerformTransaction", { id }),
        after(round % 4).then(() => sweepUnpaidOrders(t.db, events, now)),
        after(round % 3).then(() => sweepUnpaidOrders(t.db, events, now)),
      ]);
      const row = await orderRow(t, order.id);
      const tx = await transactionOf(id);
      const history = await historyOf(order.id);
      const paidEntries = history.filter((h) => h.reason === "PAID");
      const cancelEntries = history.filter((h) => h.status === "CANCELED");
      const sweptIt = [swept1, swept2].filter((ids) => ids.includes(order.id)).length;
      if (perform.result) {
        outcomes.paid += 1;
        expect(perform.result.state).toBe(2);
        expect(row).toMatchObject({ status: "CREATED", isPaid: true, reasons: [] });
        expect(tx).toMatchObject({ state: 2 });
        expect(paidEntries).toHaveLength(1);
        expect(cancelEntries).toHaveLength(0);
        expect(sweptIt).toBe(0);
      } else {
        outcomes.cancelled += 1;
        expectError(perform, -31008);
        expect(row).toMatchObject({ status: "CANCELED", isPaid: false, reasons: ["NOT_PAID_IN_TIME"] });
        expect(tx).toMatchObject({ state: -1, reason: 4, performTime: null });
        expect(paidEntries).toHaveLength(0);
        expect(cancelEntries).toHaveLength(1);
        expect(sweptIt).toBe(1);
      }
      // A replayed Perform answers the same outcome.
      const again = await rpc("PerformTransaction", { id });
      expect(again.result?.state ?? again.error?.code).toBe(perform.result?.state ?? perform.error?.code);
    }
    expect(outcomes.paid + outcomes.cancelled).toBe(ROUNDS);
  });
});

describe("the sweep's timer in the server", () => {
  let fast: FastifyInstance | undefined;
  afterAll(async () => {
    await fast?.close();
  });

  async function backdate(orderId: string, minutes: number) {
    await t.db
      .update(orders)
      .set({ createdDate: new Date(Date.now() - minutes * MINUTE) })
      .where(eq(orders.id, orderId));
  }

  it("cancels a timed-out order by itself and streams it to the open order page; stops with the app", async () => {
    fast = await buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        DEMO: "1",
        LOG_LEVEL: "silent",
        STATIC_DIR: "/nonexistent",
        PAYMENT_SWEEP_MS: "100",
      }),
      database: t.database,
      logger: false,
      serveClient: false,
      rateLimitPerMinute: 100_000,
    });
    const address = await fast.listen({ port: 0, host: "127.0.0.1" });
    const order = await placeOrder();
    const controller = new AbortController();
    try {
      const res = await fetch(`${address}/api/orders/v1/orders/events`, {
        headers: headers(order.customer),
        signal: controller.signal,
      });
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      await reader.read(); // the "connected" comment
      await backdate(order.id, 16);
      let text = "";
      const deadline = Date.now() + 5000;
      while (!text.includes(`"status":"CANCELED"`) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      expect(text).toContain(`"orderId":"${order.id}"`);
      expect(text).toContain(`"status":"CANCELED"`);
      expect((await view(order)).cancelReason).toBe("NOT_PAID_IN_TIME");
    } finally {
      controller.abort();
    }

    await fast.close();
    fast = undefined;
    const later = await placeOrder();
    await backdate(later.id, 16);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await orderRow(t, later.id)).toMatchObject({ status: "OPEN" });
  });

  it("takes its interval from PAYMENT_SWEEP_MS: a minute unless set, 0 for none, at least 100 ms", () => {
    const base = { NODE_ENV: "test", DEMO: "1" };
    expect(loadConfig(base).paymentSweepMs).toBe(60_000);
    expect(loadConfig({ ...base, PAYMENT_SWEEP_MS: "0" }).paymentSweepMs).toBe(0);
    expect(loadConfig({ ...base, PAYMENT_SWEEP_MS: "250" }).paymentSweepMs).toBe(250);
    for (const bad of ["50", "-1", "soon", "3600001"]) {
      expect(() => loadConfig({ ...base, PAYMENT_SWEEP_MS: bad })).toThrow(ConfigError);
    }
  });
});

describe("cancelling a paid order", () => {
  async function paidOrder(c?: Customer) {
    const { order, id } = await createdPayment({}, c);
    expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
    return { order, id };
  }

  it("by the customer records the refund it owes, and Payme's later CancelTransaction (state -2) settles it", async () => {
    const { order, id } = await paidOrder();
    const cancel = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${order.id}/cancel`,
      headers: headers(order.customer),
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    let row = await orderRow(t, order.id);
    // Still paid: the money is with the brand until Payme refunds it.
    expect(row).toMatchObject({ status: "CANCELED", isPaid: true });
    expect(row.payment?.refundRequestedAt).toEqual(expect.any(String));
    const waiting = await transactionOf(id);
    expect(waiting.state).toBe(2);
    expect(waiting.refundRequestedAt).toBeInstanceOf(Date);

    const refunded = await rpc("CancelTransaction", { id, reason: 5 });
    expect(refunded.result).toMatchObject({ state: -2 });
    row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: "CANCELED", isPaid: false });
    expect(row.payment).toMatchObject({ refundReason: 5, refundRequestedAt: expect.any(String) });
    expect(row.payment?.refundedAt).toEqual(expect.any(String));
    expect(await transactionOf(id)).toMatchObject({ state: -2, reason: 5 });
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      status: "CANCELED",
      reason: "UPDATE",
      comment: "refunded by Payme",
    });
    // Payme's replay answers the same and changes nothing.
    expect((await rpc("CancelTransaction", { id, reason: 5 })).result).toEqual(refunded.result);
    expect((await view(order)).cancelReason).toBeNull();
  });

  it("by staff records the refund the same way", async () => {
    const staff = await customer("STAFF");
    const { order, id } = await paidOrder();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${order.id}/status`,
      headers: headers(staff),
      payload: { status: "CANCELED", comment: "out of dough" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: true });
    expect((await transactionOf(id)).refundRequestedAt).toBeInstanceOf(Date);
  });

  it("records no refund for an order that was never paid", async () => {
    const { order, id } = await createdPayment();
    const cancel = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${order.id}/cancel`,
      headers: headers(order.customer),
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: "CANCELED", isPaid: false });
    expect(row.payment?.refundRequestedAt).toBeUndefined();
    // Its transaction is cancelled with the order (state -1, Payme's reason 3): Payme's
    // CheckTransaction sees it, its CancelTransaction answers the same, and it can no longer be performed.
    expect(await transactionOf(id)).toMatchObject({ state: -1, reason: 3, refundRequestedAt: null });
    const checked = await rpc("CheckTransaction", { id });
    expect(checked.result).toMatchObject({ state: -1, reason: 3, perform_time: 0 });
    expect(checked.result?.cancel_time).toBeGreaterThan(0);
    expect((await rpc("CancelTransaction", { id, reason: 3 })).result).toMatchObject({
      state: -1,
      cancel_time: checked.result?.cancel_time,
    });
    expectError(await rpc("PerformTransaction", { id }), -31008);
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: false });
  });
});
