/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// A taximeter city (the city's isTaximeter, issue 42): the courier charges the meter's fare on
// arrival, so the order's total carries no delivery price, the quote says why in the city's words,
// and the order, its page and the bot's receipt say "by taximeter".
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, OrderQuote } from "#domain/contract/orders.ts";
import { branches, cities, orderSettings, orders, products, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { receiptText } from "../src/services/bot/texts.ts";
import { freshPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let chilonzor: string;
let tashkent: string;
let plain: { id: string; price: number };
let token: string;

/** Inside the "Tashkent centre" delivery region (price 10 000). */
const TASHKENT_POINT = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
const COMMENT = { ru: "Около 3 000 сум за км", uz: "Har km uchun 3 000 so'm", eng: "About 3,000 per km" };

const body = (over: Record<string, unknown> = {}) => ({
  serviceType: "DELIVERY",
  paymentType: "CASH",
  cartItems: [{ productId: plain.id, count: 1, modifications: [] }],
  address: TASHKENT_POINT,
  branchId: chilonzor,
  ...over,
});

function post(url: string, payload: object) {
  return t.app.inject({
    method: "POST",
    url: `/api/orders/v1/orders${url}`,
    headers: { merchant: lavash, authorization: `Bearer ${token}` },
    payload,
  });
}

const setTaximeter = (on: boolean) =>
  t.db
    .update(cities)
    .set({ isTaximeter: on, taximeterComment: on ? COMMENT : null })
    .where(eq(cities.id, tashkent));

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  const bs = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  chilonzor = bs.find((b) => b.name.eng?.startsWith("Chilonzor"))!.id;
  const found = await t.db.query.products.findMany({
    where: and(eq(products.merchantId, lavash), eq(products.discount, 0), eq(products.active, true)),
    with: { modificationGroups: true },
  });
  const p = found.find(
    (x) => x.modificationGroups.length === 0 && x.costPrice >= 35_000 && x.stock === null,
  )!;
  plain = { id: p.id, price: p.costPrice };
  tashkent = (await t.db.select().from(cities).where(eq(cities.merchantId, lavash))).find(
    (c) => c.name.eng === "Tashkent",
  )!.id;
  const [user] = await t.db.insert(users).values({ merchantId: lavash, phone: freshPhone() }).returning();
  ({ token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" }));
});

afterAll(async () => {
  await t.close();
});

describe("delivery to a taximeter city", () => {
  it("is quoted with no delivery price in the total, the source TAXIMETER and the city's comment", async () => {
    const before = (await post("/quote", body())).json<OrderQuote>();
    expect(before.deliveryPriceSource).toBe("TARIFF");
    expect(before.totals.deliveryPrice).toBe(10_000);
    await setTaximeter(true);
    try {
      const res = await post("/quote", body());
      expect(res.statusCode).toBe(200);
      const quote = res.json<OrderQuote>();
      expect(quote.deliveryPriceSource).toBe("TAXIMETER");
      expect(quote.totals.deliveryPrice).toBe(0);
      expect(quote.totals.totalPrice).toBe(plain.price);
      expect(quote.taximeterComment).toMatchObject(COMMENT);
    } finally {
      await setTaximeter(false);
    }
  });

  it("ignores the brand's minimal delivery price there: the meter decides the fare", async () => {
    const [row] = await t.db
      .insert(orderSettings)
      .values({ merchantId: lavash, cityId: tashkent, minimalDeliveryPrice: 25_000 })
      .returning();
    try {
      expect((await post("/quote", body())).json<OrderQuote>().totals.deliveryPrice).toBe(25_000);
      await setTaximeter(true);
      const quote = (await post("/quote", body())).json<OrderQuote>();
      expect(quote.totals.deliveryPrice).toBe(0);
    } finally {
      await setTaximeter(false);
      await t.db.delete(orderSettings).where(eq(orderSettings.id, row!.id));
    }
  });

  it("is placed marked by taximeter, which the order's view and the bot's receipt say; pickup is unaffected", async () => {
    await setTaximeter(true);
    try {
      const placed = await post("", body());
      expect(placed.statusCode).toBe(201);
      const { id } = placed.json<{ id: string }>();
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      expect(row).toMatchObject({ deliveryByTaximeter: true, deliveryPrice: 0, totalPrice: plain.price });
      const view = await t.app.inject({
        method: "GET",
        url: `/api/orders/v1/orders/${id}`,
        headers: { merchant: lavash, authorization: `Bearer ${token}` },
      });
      expect(view.json<Order>()).toMatchObject({ deliveryByTaximeter: true, deliveryPrice: 0 });

      const pickup = await post("", body({ serviceType: "PICK_UP", address: undefined }));
      expect(pickup.statusCode).toBe(201);
      const [pickupRow] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.id, pickup.json<{ id: string }>().id));
      expect(pickupRow?.deliveryByTaximeter).toBe(false);
    } finally {
      await setTaximeter(false);
    }
  });
});

describe("the bot's receipt", () => {
  it("names the taximeter instead of a delivery price", () => {
    const receipt = {
      number: 7,
      currency: "UZS" as const,
      provider: "PAYME" as const,
      lines: [{ name: "Lavash", count: 1, price: 30_000 }],
      deliveryPrice: 0,
      deliveryByTaximeter: true,
      servicePrice: 0,
      totalDiscount: 0,
      totalPrice: 30_000,
    };
    expect(receiptText(receipt, "eng")).toContain("Delivery: by the taximeter, paid to the courier");
    expect(receiptText({ ...receipt, deliveryByTaximeter: false }, "eng")).not.toContain("Delivery");
  });
});
