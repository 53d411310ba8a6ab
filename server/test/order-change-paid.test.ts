/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// A customer adds dishes to an order already paid with Payme (issue 42): the change waits until Payme
// performs its difference, which Payme's Merchant API checks (the amount, the receipt of what is
// added) like any payment; then the order holds the new dishes and both payments. A change that is
// not a pure addition is refused, and one the kitchen overtook before Payme performed is not applied.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, OrderQuote } from "#domain/contract/orders.ts";
import { paymeDetailSum, type PaymeDetail } from "#domain/fiscal.ts";
import { orderChanges, orders, paymentRefunds, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { decodePaymeCheckout } from "../src/services/payments/payme-checkout.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct, transactionsOf } from "./support/orders.ts";

const LAVASH_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";
/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
const OTHER_ADDRESS = { name: "Amir Temur 5", houseNumber: "5", latitude: 41.3125, longitude: 69.2412 };

let t: TestApp;
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
  const id = await payWithPayme(order.id, Math.round(order.totalPrice * 100));
  expect((await rpc("PerformTransaction", { id })).result?.state).toBe(2);
  const read = await call(token, "GET", `/orders/v1/orders/${order.id}`);
  return { token, order: read.json<Order>() };
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  first = await plainProduct(t, lavash);
  second = await plainProduct(t, lavash, 10_000);
  expect(second).not.toBe(first);
});
afterAll(async () => {
  await t.close();
});

describe("adding dishes to an order paid with Payme", () => {
  it("waits for the difference, which Payme checks with the receipt of what is added, then holds both payments", async () => {
    const { token, order } = await paidOrder();
    expect(order).toMatchObject({
      status: "CREATED",
      isPaid: true,
      changeable: true,
      pendingDifference: null,
    });
    const change = body({ cartItems: [line(first), line(second, 2)] });

    const quote = await call(token, "POST", `/orders/v1/orders/${order.id}/change/quote`, change);
    expect(quote.statusCode, quote.body).toBe(200);
    const quoted = quote.json<OrderQuote>();
    const difference = quoted.totals.totalPrice - order.totalPrice;
    expect(difference).toBeGreaterThan(0);
    expect(quoted.difference).toBe(difference);

    const asked = await call(token, "POST", `/orders/v1/orders/${order.id}/change`, change);
    expect(asked.statusCode, asked.body).toBe(200);
    // Nothing changes until the difference is paid.
    expect(asked.json<Order>()).toMatchObject({
      totalPrice: order.totalPrice,
      pendingDifference: difference,
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
    expect(after).toMatchObject({ isPaid: true, status: "CREATED", pendingDifference: null });
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

  it("refuses a change that is not only more dishes, and nothing waits", async () => {
    const { token, order } = await paidOrder();
    const fewer = await call(
      token,
      "POST",
      `/orders/v1/orders/${order.id}/change`,
      body({ cartItems: [line(second, 5)] }),
    );
    expect(fewer.statusCode, fewer.body).toBe(409);
    expect(fewer.json()).toMatchObject({
      code: "ORDER_PAID_CHANGE_ONLY_DISHES",
      description: { eng: expect.stringContaining("A paid order can only take more dishes") },
    });
    const moved = await call(
      token,
      "POST",
      `/orders/v1/orders/${order.id}/change/quote`,
      body({ cartItems: [line(first), line(second)], address: OTHER_ADDRESS }),
    );
    expect(moved.json<{ code: string }>().code).toBe("ORDER_PAID_CHANGE_ONLY_DISHES");
    const cash = await call(
      token,
      "POST",
      `/orders/v1/orders/${order.id}/change`,
      body({ cartItems: [line(first), line(second)], paymentType: "CASH" }),
    );
    expect(cash.json<{ code: string }>().code).toBe("ORDER_PAID_CHANGE_ONLY_DISHES");
    const waiting = await t.db.select().from(orderChanges).where(eq(orderChanges.orderId, order.id));
    expect(waiting).toEqual([]);
  });

  it("does not apply a change the kitchen overtook before Payme performed it: the payment is refused", async () => {
    const { token, order } = await paidOrder();
    const asked = await call(
      token,
      "POST",
      `/orders/v1/orders/${order.id}/change`,
      body({ cartItems: [line(first), line(second)] }),
    );
    const difference = asked.json<Order>().pendingDifference!;
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
