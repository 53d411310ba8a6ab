/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// When will it arrive (issue 42): the checkout's quote answers the window the customer is promised,
// it moves later as the branch's queue of orders not yet ready grows, a delivery's window depends on
// the brand's courier speed, and the placed order keeps the window it was promised.
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, OrderQuote } from "#domain/contract/orders.ts";
import { orderSettings, orders, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let chilonzor: string;
let product: string;
let seq = 0;
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  product = await plainProduct(t, lavash);
});
afterAll(async () => {
  await t.close();
});

async function customer() {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: lavash, phone: `+99893${String(7100000 + seq)}`, firstName: `A${seq}` })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { merchant: lavash, authorization: `Bearer ${token}` };
}

const body = (serviceType: "PICK_UP" | "DELIVERY") => ({
  serviceType,
  paymentType: "CASH",
  branchId: chilonzor,
  cartItems: [{ productId: product, count: 1, modifications: [] }],
  ...(serviceType === "DELIVERY" ? { address: ADDRESS } : {}),
});

async function quote(serviceType: "PICK_UP" | "DELIVERY") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders/quote",
    headers: await customer(),
    payload: body(serviceType),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { arrival } = res.json<OrderQuote>();
  return { from: Date.parse(arrival.from), to: Date.parse(arrival.to) };
}

async function place(serviceType: "PICK_UP" | "DELIVERY") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: await customer(),
    payload: body(serviceType),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

describe("the promised window", () => {
  it("is quoted at checkout from now, and the placed order keeps the one it was promised", async () => {
    const before = Date.now();
    const quoted = await quote("PICK_UP");
    expect(quoted.from).toBeGreaterThan(before);
    expect(quoted.to - quoted.from).toBeGreaterThanOrEqual(10 * 60_000);
    const order = await place("PICK_UP");
    expect(order.estimatedFrom).not.toBeNull();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.estimatedFrom?.toISOString()).toBe(order.estimatedFrom);
    expect(row!.estimatedTo?.toISOString()).toBe(order.estimatedTo);
    expect(Date.parse(order.estimatedFrom!)).toBeGreaterThanOrEqual(quoted.from);
  });

  it("moves later as the branch's queue of orders not yet ready grows", async () => {
    // The branch's queue emptied: every open order of the branch is ready.
    await t.db
      .update(orders)
      .set({ status: "DONE" })
      .where(and(eq(orders.merchantId, lavash), eq(orders.branchId, chilonzor)));
    const empty = await quote("PICK_UP");
    for (let i = 0; i < 5; i += 1) await place("PICK_UP");
    const busy = await quote("PICK_UP");
    // Five orders ahead, three minutes each (give or take the 5-minute rounding of the ends).
    expect(busy.from - empty.from).toBeGreaterThanOrEqual(10 * 60_000);
    expect(busy.from - empty.from).toBeLessThanOrEqual(20 * 60_000);
  });

  it("a delivery adds the ride, shorter for a brand whose couriers are faster", async () => {
    const pickup = await quote("PICK_UP");
    const slow = await quote("DELIVERY");
    expect(slow.from).toBeGreaterThan(pickup.from);
    const brandWide = and(eq(orderSettings.merchantId, lavash), isNull(orderSettings.cityId));
    const [kept] = await t.db.select().from(orderSettings).where(brandWide);
    try {
      await t.db.update(orderSettings).set({ courierSpeedKmh: 5 }).where(brandWide);
      const crawling = await quote("DELIVERY");
      expect(crawling.from).toBeGreaterThan(slow.from);
    } finally {
      await t.db
        .update(orderSettings)
        .set({ courierSpeedKmh: kept?.courierSpeedKmh ?? null })
        .where(brandWide);
    }
  });
});
