/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// A customer changes an order already paid with Payme (issue 42): the change waits until Payme
// performs its payment, which Payme's Merchant API checks (the amount, the receipt) like any payment.
// A pure addition pays its difference and the order then holds both payments; any other change pays
// the new total and the earlier payment is refunded through Payme, the order staying paid. A change
// the kitchen overtook before Payme performed is not applied.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, OrderQuote } from "#domain/contract/orders.ts";
import { paymeDetailSum, type PaymeDetail } from "#domain/fiscal.ts";
import { merchants, orderChanges, orders, paymentRefunds, users } from "../src/db/schema/index.ts";
import { handleFakeSubscribeRpc, registerFakePaidReceipt } from "../src/fakes/fake-payme-subscribe.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { OrderEvents } from "../src/services/orders/events.ts";
import { sendDueRefunds } from "../src/services/payments/refunds.ts";
import { startFake, type FakeServer } from "./fakes/http.ts";
import { decodePaymeCheckout } from "../src/services/payments/payme-checkout.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct, transactionsOf } from "./support/orders.ts";

const LAVASH_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";
/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
const OTHER_ADDRESS = { name: "Amir Temur 5", houseNumber: "5", latitude: 41.3125, longitude: 69.2412 };

let t: TestApp;
let payme: FakeServer;
let paymeCashbox: string;
let lavash: string;
let chilonzor: string;
let first: string;
let second: string;
let seq = 0;

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number };
}

async function rpc(method: string, params: Record<string, unknown>): Promise<RpcAnswer> {
  seq += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/payments/v1/payme",
    headers: {
      authorization: `Basic ${Buffer.from(`Paycom:${LAVASH_KEY}`).toString("base64")}`,
      "content-type": "application/json",
    },
    payload: JSON.stringify({ jsonrpc: "2.0", id: seq, method, params }),
  });
  expect(res.statusCode).toBe(200);
  return res.json<RpcAnswer>();
}

/** Payme checks, creates and performs a payment of `amount` tiyin for the order; answers its id. */
async function payWithPayme(orderId: string, amount: number): Promise<string> {
  const account = { order_id: orderId };
  const check = await rpc("CheckPerformTransaction", { amount, account });
  expect(check.result?.allow, JSON.stringify(check)).toBe(true);
  seq += 1;
  const id = `change-${String(process.pid)}-${String(seq)}`;
  const created = await rpc("CreateTransaction", { id, time: Date.now(), amount, account });
  expect(created.result?.state, JSON.stringify(created)).toBe(1);
  return id;
}

async function customer(): Promise<string> {
  seq += 1;
  const phone = `+99893${String(3000000 + seq + (process.pid % 1000) * 1000)}`;
  const [user] = await t.db.insert(users).values({ merchantId: lavash, phone }).returning();
  return (await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" })).token;
}

const line = (productId: string, count = 1) => ({ productId, count, modifications: [] });
const body = (over: Record<string, unknown> = {}) => ({
  serviceType: "DELIVERY",
  paymentType: "PAYME",
  cartItems: [line(first)],
  address: ADDRESS,
  branchId: chilonzor,
  ...over,
});

function call(token: string, method: "GET" | "POST", url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { merchant: lavash, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

/** A lavash delivery order of the first dish, paid with Payme. */
async function paidOrder(): Promise<{ token: string; order: Order }> {
  const token = await customer();
  const placed = await call(token, "POST", "/orders/v1/orders", body());
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<Order>();
  const amount = Math.round(order.totalPrice * 100);
  const id = await payWithPayme(order.id, amount);
  expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
  // Payme keeps the payment as a receipt the brand may cancel (refund) through its Subscribe API.
  registerFakePaidReceipt({ cashbox: paymeCashbox, id, amount, orderId: order.id });
  const read = await call(token, "GET", `/orders/v1/orders/${order.id}`);
  return { token, order: read.json<Order>() };
}

beforeAll(async () => {
  // Payme's Subscribe API, where the storefront's own refunds go (receipts.cancel).
  payme = await startFake(async (request) => {
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const answer = handleFakeSubscribeRpc(headers, await request.text());
    return new Response(answer.body, {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  t = await createTestApp({ env: { PAYME_API_URL: payme.url, PAYMENT_SWEEP_MS: "0" } });
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  const [brand] = await t.db.select().from(merchants).where(eq(merchants.id, lavash));
  paymeCashbox = brand!.paymeMerchantId!;
  first = await plainProduct(t, lavash);
  second = await plainProduct(t, lavash, 10_000);
  expect(second).not.toBe(first);
});
afterAll(async () => {
  await t.close();
  await payme.close();
});

describe("changing an order paid with Payme", () => {
  it("waits for the difference, which Payme checks with the receipt of what is added, then holds both payments", async () => {
    const { token, order } = await paidOrder();
    expect(order).toMatchObject({
      status: "CREATED",
      isPaid: true,
      changeable: true,
      pendingPayment: null,
    });
    const change = body({ cartItems: [line(first), line(second, 2)] });

    const quote = await call(token, "POST", `/orders/v1/orders/${order.id}/change/quote`, change);
    expect(quote.statusCode, quote.body).toBe(200);
    const quoted = quote.json<OrderQuote>();
    const difference = quoted.totals.totalPrice - order.totalPrice;
    expect(difference).toBeGreaterThan(0);
    expect(quoted.paidChange).toEqual({ amount: difference, replaces: false });

    const asked = await call(token, "POST", `/orders/v1/orders/${order.id}/change`, change);
    expect(asked.statusCode, asked.body).toBe(200);
    // Nothing changes until the difference is paid.
    expect(asked.json<Order>()).toMatchObject({
      totalPrice: order.totalPrice,
      pendingPayment: { amount: difference, replaces: false },
    });
    expect((await orderRow(t, order.id)).productCount).toBe(1);

    const link = await call(token, "GET", `/payments/v2/checkout/${order.id}?via=web`);
    expect(link.statusCode, link.body).toBe(200);
    const encoded = link.json<{ url: string }>().url.split("/").at(-1)!;
    expect(decodePaymeCheckout(encoded)?.amount).toBe(Math.round(difference * 100));

    const account = { order_id: order.id };
    const wrong = await rpc("CheckPerformTransaction", {
      amount: Math.round(order.totalPrice * 100),
      account,
    });
    expect(wrong.error?.code).toBe(-31001);
    const amount = Math.round(difference * 100);
    const check = await rpc("CheckPerformTransaction", { amount, account });
    const detail = check.result?.detail as PaymeDetail;
    expect(paymeDetailSum(detail)).toBe(amount);
    expect(detail.items).toHaveLength(1);
    expect(detail.items[0]!.count).toBe(2);

    const id = await payWithPayme(order.id, amount);
    expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
    const after = (await call(token, "GET", `/orders/v1/orders/${order.id}`)).json<Order>();
    expect(after).toMatchObject({ isPaid: true, status: "CREATED", pendingPayment: null });
    expect(after.totalPrice).toBe(quoted.totals.totalPrice);
    expect(after.cartItems.map((i) => [i.productId, i.count])).toEqual([
      [first, 1],
      [second, 2],
    ]);
    expect(after.history.at(-1)).toMatchObject({
      reason: "UPDATE",
      comment: "changed by the customer, the difference paid with Payme",
    });
    expect((await transactionsOf(t, order.id)).map((x) => [x.state, x.amount])).toEqual([
      [2, Math.round(order.totalPrice * 100)],
      [2, amount],
    ]);
    // A performed difference is not performed twice.
    expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
    expect((await orderRow(t, order.id)).productCount).toBe(3);

    // Payme gives the difference back on its own: the order is cancelled and its first payment is owed back too.
    const cancelled = await rpc("CancelTransaction", { id, reason: 5 });
    expect(cancelled.result?.state).toBe(-2);
    expect((await orderRow(t, order.id)).status).toBe("CANCELED");
    const owed = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(owed.map((r) => r.amount)).toEqual([Math.round(order.totalPrice * 100)]);
  });

  it("pays any other change anew: the new total, then the earlier payment comes back and the order stays paid", async () => {
    const { token, order } = await paidOrder();
    const cash = await call(
      token,
      "POST",
      `/orders/v1/orders/${order.id}/change`,
      body({ cartItems: [line(first), line(second)], paymentType: "CASH" }),
    );
    expect(cash.statusCode).toBe(409);
    expect(cash.json<{ code: string }>().code).toBe("ORDER_PAID_KEEPS_PAYMENT");
    expect(await t.db.select().from(orderChanges).where(eq(orderChanges.orderId, order.id))).toEqual([]);

    // The first dish swapped for five of the second, to another door: no pure addition.
    const change = body({ cartItems: [line(second, 5)], address: OTHER_ADDRESS });
    const quoted = (
      await call(token, "POST", `/orders/v1/orders/${order.id}/change/quote`, change)
    ).json<OrderQuote>();
    expect(quoted.paidChange).toEqual({ amount: quoted.totals.totalPrice, replaces: true });
    const asked = await call(token, "POST", `/orders/v1/orders/${order.id}/change`, change);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<Order>().pendingPayment).toEqual({ amount: quoted.totals.totalPrice, replaces: true });

    const amount = Math.round(quoted.totals.totalPrice * 100);
    const check = await rpc("CheckPerformTransaction", { amount, account: { order_id: order.id } });
    expect(paymeDetailSum(check.result?.detail as PaymeDetail)).toBe(amount);
    const id = await payWithPayme(order.id, amount);
    expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
    const after = (await call(token, "GET", `/orders/v1/orders/${order.id}`)).json<Order>();
    expect(after).toMatchObject({ isPaid: true, status: "CREATED", pendingPayment: null });
    expect(after.cartItems.map((i) => [i.productId, i.count])).toEqual([[second, 5]]);
    expect(after.address).toMatchObject({
      latitude: OTHER_ADDRESS.latitude,
      longitude: OTHER_ADDRESS.longitude,
    });
    const [earlier, renewed] = await transactionsOf(t, order.id);
    expect(earlier?.refundRequestedAt).not.toBeNull();
    expect(renewed).toMatchObject({ state: 2, amount, refundRequestedAt: null });

    // The refund worker gives the earlier payment back through Payme; the order stays paid by the new one.
    const deps = {
      db: t.db,
      config: t.config,
      standIns: t.app.standIns,
      events: new OrderEvents(t.database),
      log: () => undefined,
    };
    expect(await sendDueRefunds(deps, { now: new Date(Date.now() + 60_000), orderId: order.id })).toEqual([
      "DONE",
    ]);
    expect((await transactionsOf(t, order.id)).map((x) => x.state)).toEqual([-2, 2]);
    // Payme's own CancelTransaction of that payment answers what is recorded, and cancels nothing.
    expect(
      (await rpc("CancelTransaction", { id: earlier!.providerTransactionId, reason: 5 })).result?.state,
    ).toBe(-2);
    const kept = (await call(token, "GET", `/orders/v1/orders/${order.id}`)).json<Order>();
    expect(kept).toMatchObject({ isPaid: true, status: "CREATED", refundState: null });
    expect(kept.history.at(-1)?.comment).toContain("the payment before the change");
  });

  it("stays paid when Payme refunds the earlier payment before the storefront's own refund call answers", async () => {
    const { token, order } = await paidOrder();
    const change = body({ cartItems: [line(second, 5)] });
    const asked = await call(token, "POST", `/orders/v1/orders/${order.id}/change`, change);
    const amount = Math.round(asked.json<Order>().pendingPayment!.amount * 100);
    const id = await payWithPayme(order.id, amount);
    expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
    const [earlier] = await transactionsOf(t, order.id);
    expect(
      (await rpc("CancelTransaction", { id: earlier!.providerTransactionId, reason: 5 })).result?.state,
    ).toBe(-2);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "CREATED" });
    const [refund] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(refund?.state).toBe("DONE");
  });

  it("does not apply a change the kitchen overtook before Payme performed it: the payment is refused", async () => {
    const { token, order } = await paidOrder();
    const asked = await call(
      token,
      "POST",
      `/orders/v1/orders/${order.id}/change`,
      body({ cartItems: [line(first), line(second)] }),
    );
    const difference = asked.json<Order>().pendingPayment!.amount;
    const id = await payWithPayme(order.id, Math.round(difference * 100));
    await t.db.update(orders).set({ status: "ACCEPTED" }).where(eq(orders.id, order.id));
    expect((await rpc("PerformTransaction", { id })).error?.code).toBe(-31008);
    expect((await orderRow(t, order.id)).productCount).toBe(1);
    const [change] = await t.db
      .select()
      .from(orderChanges)
      .where(and(eq(orderChanges.orderId, order.id)));
    expect(change?.state).toBe("CANCELLED");
    expect((await rpc("CancelTransaction", { id, reason: 3 })).result?.state).toBe(-1);
  });
});
