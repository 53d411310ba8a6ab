/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The customer changes a placed order before the kitchen accepts it (issue 42): the same checks as
// placing decide the new amounts, the promo stays and is recomputed, the stock and the cashback are
// settled, and once the kitchen has accepted it, or it is paid online, the change is refused with
// the reason and nothing moves.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, OrderQuote } from "#domain/contract/orders.ts";
import {
  branches,
  kitchenOrders,
  orders,
  products,
  promos,
  users,
  webhookEndpoints,
  webhookEvents,
} from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { freshPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let chilonzor: string;
let dishes: { id: string; price: number }[];

/** Inside the "Tashkent centre" delivery region (price 10 000). */
const TASHKENT_POINT = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
/** Far outside every zone of the brand (Nukus). */
const NUKUS_POINT = { name: "Nukus 1", houseNumber: "1", latitude: 42.46, longitude: 59.6 };

const line = (i: number, count = 1) => ({ productId: dishes[i]!.id, count, modifications: [] });

const body = (over: Record<string, unknown> = {}) => ({
  serviceType: "DELIVERY",
  paymentType: "CASH",
  cartItems: [line(0)],
  address: TASHKENT_POINT,
  branchId: chilonzor,
  ...over,
});

async function customer(): Promise<{ token: string; userId: string }> {
  const [user] = await t.db.insert(users).values({ merchantId: lavash, phone: freshPhone() }).returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { token, userId: user!.id };
}

function call(token: string, url: string, payload?: object) {
  return t.app.inject({
    method: "POST",
    url: `/api/orders/v1/orders${url}`,
    headers: { merchant: lavash, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

async function place(token: string, over: Record<string, unknown> = {}): Promise<Order> {
  const res = await call(token, "", body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const row = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  const bs = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  chilonzor = bs.find((b) => b.name.eng?.startsWith("Chilonzor"))!.id;
  const found = await t.db.query.products.findMany({
    where: and(eq(products.merchantId, lavash), eq(products.discount, 0), eq(products.active, true)),
    with: { modificationGroups: true },
  });
  dishes = found
    .filter((x) => x.modificationGroups.length === 0 && x.costPrice >= 20_000 && x.stock === null)
    .slice(0, 2)
    .map((p) => ({ id: p.id, price: p.costPrice }));
  expect(dishes).toHaveLength(2);
});

afterAll(async () => {
  await t.close();
});

describe("changing a placed order", () => {
  it("adds a dish before the kitchen accepts it: the total is recomputed, the lines replaced, the history and the brand's webhook say so", async () => {
    // A receiver on this machine that takes nothing (port 9): the event is written, never sent out.
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        merchantId: lavash,
        url: "http://127.0.0.1:9/order-change",
        events: ["order.changed"],
        secret: "whsec_order_change_test_0123456789",
      })
      .returning();
    const { token } = await customer();
    const order = await place(token);
    expect(order.changeable).toBe(true);
    const change = body({ cartItems: [line(0), line(1, 2)] });
    const quote = await call(token, `/${order.id}/change/quote`, change);
    expect(quote.statusCode, quote.body).toBe(200);
    const expected = dishes[0]!.price + 2 * dishes[1]!.price;
    expect(quote.json<OrderQuote>().totals.totalProductPrice).toBe(expected);
    // The quote wrote nothing.
    expect((await row(order.id)).totalProductPrice).toBe(dishes[0]!.price);

    const res = await call(token, `/${order.id}/change`, change);
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<Order>();
    expect(changed.number).toBe(order.number);
    expect(changed.status).toBe("CREATED");
    expect(changed.totalProductPrice).toBe(expected);
    expect(changed.totalPrice).toBe(expected + 10_000);
    expect(changed.cartItems.map((i) => [i.productId, i.count])).toEqual([
      [dishes[0]!.id, 1],
      [dishes[1]!.id, 2],
    ]);
    expect(changed.history.at(-1)).toMatchObject({ reason: "UPDATE", comment: "changed by the customer" });
    const events = await t.db.select().from(webhookEvents).where(eq(webhookEvents.orderId, order.id));
    expect(events.map((e) => [e.type, e.facts])).toEqual([
      ["order.changed", { status: "CREATED", reason: "UPDATE", totalPrice: expected + 10_000 }],
    ]);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
  });

  it("is refused once the kitchen has accepted the order, with the reason, and nothing moves", async () => {
    const { token } = await customer();
    const order = await place(token);
    await t.db.update(orders).set({ status: "ACCEPTED" }).where(eq(orders.id, order.id));
    const res = await call(token, `/${order.id}/change`, body({ cartItems: [line(0, 3)] }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "ORDER_NOT_CHANGEABLE",
      description: { eng: "The kitchen has accepted this order, so it can no longer be changed" },
    });
    expect((await row(order.id)).totalProductPrice).toBe(dishes[0]!.price);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${order.id}`,
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
    });
    expect(read.json<Order>().changeable).toBe(false);
  });

  it("is refused once the kitchen's system (iiko) has the order: the restaurant changes it there", async () => {
    const { token } = await customer();
    const order = await place(token);
    await t.db
      .insert(kitchenOrders)
      .values({ merchantId: lavash, orderId: order.id, state: "SENT", nextAttemptAt: new Date() });
    const res = await call(token, `/${order.id}/change`, body({ cartItems: [line(1)] }));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe("ORDER_IN_KITCHEN_SYSTEM");
    expect((await row(order.id)).productCount).toBe(1);
  });

  it("refuses an address outside the delivery zones and keeps the order as it was", async () => {
    const { token } = await customer();
    const order = await place(token);
    const res = await call(token, `/${order.id}/change`, body({ address: NUKUS_POINT }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe("OUT_OF_ZONE");
    const kept = await row(order.id);
    expect(kept.address?.latitude).toBeCloseTo(TASHKENT_POINT.latitude, 5);
    expect(kept.totalPrice).toBe(order.totalPrice);
  });

  it("keeps the order's promo, recomputed on the new basket, though the customer's one use is this order's", async () => {
    await t.db.insert(promos).values({
      merchantId: lavash,
      code: "CHANGE10",
      discountType: "PERCENTAGE",
      productDiscount: 10,
      isActive: true,
      perCustomerLimit: 1,
      usageLimit: 1,
    });
    const { token } = await customer();
    const order = await place(token, { promoCode: "CHANGE10" });
    const before = dishes[0]!.price;
    expect(order.totalPrice).toBe(before - before / 10 + 10_000);
    // The promo's code is the order's: a code sent with the change is not taken.
    const res = await call(
      token,
      `/${order.id}/change`,
      body({ cartItems: [line(0), line(1)], promoCode: "SOMETHINGELSE" }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = dishes[0]!.price + dishes[1]!.price;
    const changed = res.json<Order>();
    expect(changed.promoCode).toBe("CHANGE10");
    expect(changed.totalPrice).toBe(after - after / 10 + 10_000);
  });

  it("gives the old lines' stock back and takes the new: the same dish up to its stock, one more refused", async () => {
    const [stocked] = await t.db
      .update(products)
      .set({ stock: 3 })
      .where(eq(products.id, dishes[1]!.id))
      .returning();
    try {
      const { token } = await customer();
      const order = await place(token, { cartItems: [line(1, 2)] });
      expect((await t.db.select().from(products).where(eq(products.id, stocked!.id)))[0]!.stock).toBe(1);
      const three = await call(token, `/${order.id}/change`, body({ cartItems: [line(1, 3)] }));
      expect(three.statusCode, three.body).toBe(200);
      expect((await t.db.select().from(products).where(eq(products.id, stocked!.id)))[0]!.stock).toBe(0);
      const four = await call(token, `/${order.id}/change`, body({ cartItems: [line(1, 4)] }));
      expect(four.statusCode).toBe(400);
      expect((await row(order.id)).productCount).toBe(3);
      expect((await t.db.select().from(products).where(eq(products.id, stocked!.id)))[0]!.stock).toBe(0);
    } finally {
      await t.db.update(products).set({ stock: null }).where(eq(products.id, dishes[1]!.id));
    }
  });

  it("changes the way of paying and of getting it, with the history's reason for each", async () => {
    const { token } = await customer();
    const order = await place(token);
    const pickup = await call(
      token,
      `/${order.id}/change`,
      body({ serviceType: "PICK_UP", address: null, branchId: chilonzor }),
    );
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(pickup.json<Order>()).toMatchObject({ serviceType: "PICK_UP", deliveryPrice: 0 });
    expect(pickup.json<Order>().history.at(-1)?.reason).toBe("CHANGE_DELIVERY_TYPE");
    const terminal = await call(
      token,
      `/${order.id}/change`,
      body({ serviceType: "PICK_UP", address: null, paymentType: "TERMINAL" }),
    );
    expect(terminal.statusCode, terminal.body).toBe(200);
    expect(terminal.json<Order>().paymentType).toBe("TERMINAL");
    expect(terminal.json<Order>().history.at(-1)?.reason).toBe("CHANGE_PAYMENT_TYPE");
    // Paid on receipt, it does not switch to paying online: its payment time-out has been running.
    const payme = await call(
      token,
      `/${order.id}/change/quote`,
      body({ serviceType: "PICK_UP", address: null, paymentType: "PAYME" }),
    );
    expect(payme.statusCode).toBe(409);
    expect(payme.json<{ code: string }>().code).toBe("ORDER_CHANGE_TO_ONLINE");
  });

  it("refuses a paid order, and another customer's order is not found", async () => {
    const { token } = await customer();
    const order = await place(token);
    const stranger = await customer();
    const theirs = await call(stranger.token, `/${order.id}/change`, body({ cartItems: [line(1)] }));
    expect(theirs.statusCode).toBe(404);
    await t.db.update(orders).set({ isPaid: true }).where(eq(orders.id, order.id));
    const paid = await call(token, `/${order.id}/change`, body({ cartItems: [line(1)] }));
    expect(paid.statusCode).toBe(409);
    expect(paid.json<{ code: string }>().code).toBe("ORDER_PAID_NOT_CHANGEABLE");
    expect((await row(order.id)).productCount).toBe(1);
  });

  it("gives back the cashback the order spent when the change spends less", async () => {
    const { token, userId } = await customer();
    await t.db.update(users).set({ cashback: 5_000 }).where(eq(users.id, userId));
    const order = await place(token, { cashback: 5_000 });
    expect(order.cashback).toBe(5_000);
    const balance = async () => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.cashback;
    expect(await balance()).toBe(0);
    const quote = await call(token, `/${order.id}/change/quote`, body({ cashback: 2_000 }));
    expect(quote.json<OrderQuote>().cashbackBalance).toBe(5_000);
    const res = await call(token, `/${order.id}/change`, body({ cashback: 2_000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().cashback).toBe(2_000);
    expect(await balance()).toBe(3_000);
  });
});
