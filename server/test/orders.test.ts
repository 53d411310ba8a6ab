/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Placing and following orders through the API: the server decides every amount, refuses
// what the brand cannot serve, places each order exactly once, keeps customers to their own orders,
// and lets only staff move orders along the allowed transitions.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  branches,
  branchWorkHours,
  categories,
  merchantWebSettings,
  modificationGroups,
  modifications,
  orders,
  products,
  promos,
  users,
} from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetGeo } from "../src/repositories/geo.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let chilonzor: string; // open around the clock
let mirobod: string;
let pizza: { id: string; costPrice: number };
let drink: { id: string; costPrice: number };
let lavashProduct: {
  id: string;
  costPrice: number;
  small: string;
  big: string;
  bigPrice: number;
  extra: string;
  extraPrice: number;
};
let otherProductMod: string;
let phoneSeq = 0;

/** Inside the "Tashkent centre" delivery region (price 10 000). */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

async function customer(channel: "WEB" | "TELEGRAM" = "WEB", role: "CUSTOMER" | "STAFF" = "CUSTOMER") {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: lavash,
      phone: `+99890${String(1000000 + phoneSeq)}`,
      firstName: `C${phoneSeq}`,
      role,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel });
  return { id: user!.id, token };
}

type Customer = Awaited<ReturnType<typeof customer>>;

const headers = (c: Customer, extra: Record<string, string> = {}) => ({
  merchant: lavash,
  authorization: `Bearer ${c.token}`,
  ...extra,
});

function pizzaOrder(over: Record<string, unknown> = {}) {
  return {
    serviceType: "DELIVERY",
    paymentType: "CASH",
    cartItems: [{ productId: pizza.id, count: 1, modifications: [] }],
    address: ADDRESS,
    branchId: chilonzor,
    ...over,
  };
}

async function place(c: Customer, body: unknown, opts: { key?: string; later?: boolean } = {}) {
  return t.app.inject({
    method: "POST",
    url: opts.later ? "/api/orders/v1/orders/at-time" : "/api/orders/v1/orders",
    headers: headers(c, opts.key ? { "idempotency-key": opts.key } : {}),
    payload: body as object,
  });
}

async function refused(c: Customer, body: unknown, code: string, opts: { later?: boolean } = {}) {
  const res = await place(c, body, opts);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
  expect(res.statusCode).toBe(400);
  const description = res.json<{ description: Record<string, string> }>().description;
  expect(description.uz && description.ru && description.eng).toBeTruthy();
  return res.json<{ description: Record<string, string> }>();
}

async function staffMove(staff: Customer, orderId: string, status: string) {
  return t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/orders/${orderId}/status`,
    headers: headers(staff),
    payload: { status },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  const bs = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  chilonzor = bs.find((b) => b.name.eng?.startsWith("Chilonzor"))!.id;
  mirobod = bs.find((b) => b.name.eng?.startsWith("Mirobod"))!.id;
  const plain = await t.db
    .select({
      id: products.id,
      costPrice: products.costPrice,
      discount: products.discount,
      cat: categories.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.merchantId, lavash),
        sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        eq(products.discount, 0),
      ),
    )
    .orderBy(asc(products.costPrice));
  pizza = plain.find((p) => p.costPrice >= 35_000)!;
  drink = plain.find((p) => p.costPrice < 10_000)!;
  const [withGroups] = await t.db
    .select({ id: products.id, costPrice: products.costPrice })
    .from(products)
    .where(
      and(
        eq(products.merchantId, lavash),
        eq(products.discount, 0),
        sql`exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
      ),
    )
    .limit(2);
  const groups = await t.db
    .select()
    .from(modificationGroups)
    .where(eq(modificationGroups.productId, withGroups!.id));
  const size = groups.find((g) => g.minSelect === 1)!;
  const extras = groups.find((g) => g.minSelect === 0)!;
  const sizeMods = await t.db
    .select()
    .from(modifications)
    .where(eq(modifications.groupId, size.id))
    .orderBy(asc(modifications.price));
  const extraMods = await t.db.select().from(modifications).where(eq(modifications.groupId, extras.id));
  lavashProduct = {
    ...withGroups!,
    small: sizeMods[0]!.id,
    big: sizeMods.at(-1)!.id,
    bigPrice: sizeMods.at(-1)!.price,
    extra: extraMods[0]!.id,
    extraPrice: extraMods[0]!.price,
  };
  const [foreign] = await t.db
    .select({ id: modifications.id })
    .from(modifications)
    .innerJoin(modificationGroups, eq(modificationGroups.id, modifications.groupId))
    .where(
      and(eq(modifications.merchantId, lavash), sql`${modificationGroups.productId} <> ${withGroups!.id}`),
    )
    .limit(1);
  otherProductMod = foreign!.id;
});
afterAll(async () => {
  await t.close();
});

describe("placing an order", () => {
  it("decides the totals itself: prices a caller changed have no effect", async () => {
    const c = await customer();
    const res = await place(c, {
      ...pizzaOrder({
        cartItems: [
          {
            productId: lavashProduct.id,
            count: 2,
            costPrice: 1,
            price: 1,
            modifications: [
              { id: lavashProduct.big, price: 0 },
              { id: lavashProduct.extra, price: 0 },
            ],
          },
          { productId: pizza.id, count: 1, costPrice: 0.01, modifications: [] },
        ],
      }),
      totalPrice: 1,
      productPrice: 1,
      deliveryPrice: 0,
      totalDiscount: 999_999,
      cashback: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<
      Record<string, unknown> & { cartItems: { price: number }[]; history: { status: string }[] }
    >();
    const lavashLine = (lavashProduct.costPrice + lavashProduct.bigPrice + lavashProduct.extraPrice) * 2;
    expect(order.productPrice).toBe(lavashLine + pizza.costPrice);
    expect(order.cartItems.map((i) => i.price)).toEqual([lavashLine, pizza.costPrice]);
    expect(order.deliveryPrice).toBe(lavashLine + pizza.costPrice >= 150_000 ? 0 : 10_000);
    expect(order.totalPrice).toBe((order.productPrice as number) + (order.deliveryPrice as number));
    expect(order.status).toBe("CREATED");
    expect(order.orderDevice).toBe("CLIENT_WEB");
    expect(order.history.map((h) => h.status)).toEqual(["CREATED"]);
  });

  it("numbers the brand's orders one after another", async () => {
    const c = await customer();
    const a = (await place(c, pizzaOrder())).json<{ number: number }>();
    const b = (await place(c, pizzaOrder())).json<{ number: number }>();
    expect(b.number).toBe(a.number + 1);
  });

  it("answers a retried submit with the first order, as it was answered the first time (same Idempotency-Key)", async () => {
    const c = await customer();
    const first = await place(c, pizzaOrder(), { key: "retry-key-0001" });
    const again = await place(c, pizzaOrder(), { key: "retry-key-0001" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    expect(again.json()).toEqual(first.json());
  });

  it("creates one order when the same Idempotency-Key arrives several times at once", async () => {
    const c = await customer();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => place(c, pizzaOrder(), { key: "same-time-key-1" })),
    );
    const ids = new Set(results.map((r) => r.json<{ id: string }>().id));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(ids.size).toBe(1);
    const rows = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, c.id), eq(orders.idempotencyKey, "same-time-key-1")));
    expect(rows).toHaveLength(1);
  });

  it("places a pickup order without delivery and a later order as AT_TIME", async () => {
    const c = await customer();
    const pickup = await place(
      c,
      pizzaOrder({
        serviceType: "PICK_UP",
        address: undefined,
        cartItems: [{ productId: drink.id, count: 1 }],
      }),
    );
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json<{ deliveryPrice: number; totalPrice: number }>()).toMatchObject({
      deliveryPrice: 0,
      totalPrice: drink.costPrice,
    });
    const at = new Date(Date.now() + 2 * 3600_000);
    const later = await place(c, pizzaOrder({ deliveryAt: at.toISOString() }), { later: true });
    expect(later.statusCode, later.body).toBe(201);
    const body = later.json<{ status: string; atTime: string }>();
    expect(body.status).toBe("AT_TIME");
    expect(new Date(body.atTime).getUTCSeconds()).toBe(0);
  });

  it("charges the delivery price the tariff call answers for the same point and products", async () => {
    const c = await customer();
    for (const count of [1, 5]) {
      const res = await place(c, pizzaOrder({ cartItems: [{ productId: pizza.id, count }] }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json<{
        deliveryPrice: number;
        totalProductPrice: number;
        deliveryTariffId: string;
      }>();
      const tariff = await t.app.inject({
        method: "POST",
        url: "/api/deliveries/v1/delivery/tariff/client/calculate",
        headers: { merchant: lavash },
        payload: { productPrice: order.totalProductPrice, ...ADDRESS },
      });
      const quote = tariff.json<{ price: number; deliveryTariffId: string }>();
      expect(order.deliveryPrice).toBe(quote.price);
      expect(order.deliveryTariffId).toBe(quote.deliveryTariffId);
    }
  });

  it("sends a delivery without a chosen branch to the closest open branch", async () => {
    const c = await customer();
    const res = await place(c, pizzaOrder({ branchId: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    const closest = await t.app.inject({
      method: "GET",
      url: `/api/users/v1/branches/merchant/${lavash}/closest?lat=${ADDRESS.latitude}&lon=${ADDRESS.longitude}`,
      headers: { merchant: lavash },
    });
    expect(res.json<{ branchId: string }>().branchId).toBe(closest.json<{ id: string }>().id);
  });

  it("answers a retried submit with its first order even when the stock it took is gone", async () => {
    const c = await customer();
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, pizza.id));
    const first = await place(c, pizzaOrder(), { key: "last-one-key-1" });
    const again = await place(c, pizzaOrder(), { key: "last-one-key-1" });
    await t.db.update(products).set({ stock: null }).where(eq(products.id, pizza.id));
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
  });

  it("records the Telegram channel as the order's device", async () => {
    const c = await customer("TELEGRAM");
    const res = await place(c, pizzaOrder({ orderDevice: "CLIENT_WEB" }));
    expect(res.json<{ orderDevice: string }>().orderDevice).toBe("TELEGRAM_BOT");
  });
});

describe("refusals", () => {
  let c: Customer;
  beforeAll(async () => {
    c = await customer();
  });

  it("refuses an empty basket, unknown, inactive and wrongly configured products", async () => {
    await refused(c, pizzaOrder({ cartItems: [] }), "ORDER_EMPTY");
    await refused(
      c,
      pizzaOrder({ cartItems: [{ productId: "0190a0a0-0000-7000-8000-000000000000", count: 1 }] }),
      "PRODUCT_NOT_AVAILABLE",
    );
    await refused(
      c,
      pizzaOrder({ cartItems: [{ productId: lavashProduct.id, count: 1 }] }),
      "MODIFICATION_INVALID",
    );
    await refused(
      c,
      pizzaOrder({
        cartItems: [
          {
            productId: lavashProduct.id,
            count: 1,
            modifications: [{ id: lavashProduct.small }, { id: lavashProduct.big }],
          },
        ],
      }),
      "MODIFICATION_INVALID",
    );
    await refused(
      c,
      pizzaOrder({
        cartItems: [
          {
            productId: lavashProduct.id,
            count: 1,
            modifications: [{ id: lavashProduct.small }, { id: otherProductMod }],
          },
        ],
      }),
      "MODIFICATION_INVALID",
    );
    await refused(c, pizzaOrder({ cartItems: [{ productId: pizza.id, count: 1.5 }] }), "QUANTITY_INVALID");
    const [off] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.merchantId, lavash),
          sql`${products.id} <> ${pizza.id}`,
          eq(products.costPrice, pizza.costPrice),
        ),
      )
      .limit(1);
    const target = off?.id ?? drink.id;
    await t.db.update(products).set({ isAvailable: false }).where(eq(products.id, target));
    await refused(
      c,
      pizzaOrder({
        cartItems: [
          { productId: target, count: 1 },
          { productId: pizza.id, count: 1 },
        ],
      }),
      "PRODUCT_NOT_AVAILABLE",
    );
    await t.db.update(products).set({ isAvailable: true }).where(eq(products.id, target));
  });

  it("refuses more than the stock and takes the stock of a placed order", async () => {
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, pizza.id));
    const res = await refused(
      c,
      pizzaOrder({ cartItems: [{ productId: pizza.id, count: 2 }] }),
      "STOCK_NOT_ENOUGH",
    );
    expect(res.description.eng).toContain("max 1");
    expect((await place(c, pizzaOrder())).statusCode).toBe(201);
    const [p] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, pizza.id));
    expect(p!.stock).toBe(0);
    await refused(c, pizzaOrder(), "STOCK_NOT_ENOUGH");
    await t.db.update(products).set({ stock: null }).where(eq(products.id, pizza.id));
  });

  it("refuses a service type or payment type the brand does not offer", async () => {
    await refused(c, pizzaOrder({ serviceType: "DINE_IN", address: undefined }), "SERVICE_TYPE_UNAVAILABLE");
    // Plov has Payme off (lavash, the demo's Payme brand, takes it: server/test/payme-checkout.test.ts).
    const plov = await merchantId(t, "plov");
    const [plovUser] = await t.db
      .insert(users)
      .values({ merchantId: plov, phone: "+998905550001", firstName: "Plov" })
      .returning();
    const plovSession = await createSession(t.db, { merchantId: plov, userId: plovUser!.id, channel: "WEB" });
    const plovRes = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: { merchant: plov, authorization: `Bearer ${plovSession.token}` },
      payload: pizzaOrder({ paymentType: "PAYME", serviceType: "PICK_UP", address: undefined }),
    });
    expect(plovRes.statusCode, plovRes.body).toBe(400);
    expect(plovRes.json<{ code: string }>().code, plovRes.body).toBe("PAYMENT_TYPE_UNAVAILABLE");
    await t.db
      .update(merchantWebSettings)
      .set({ terminalActive: false })
      .where(eq(merchantWebSettings.merchantId, lavash));
    await refused(c, pizzaOrder({ paymentType: "TERMINAL" }), "PAYMENT_TYPE_UNAVAILABLE");
    await t.db
      .update(merchantWebSettings)
      .set({ terminalActive: true })
      .where(eq(merchantWebSettings.merchantId, lavash));
    expect((await place(c, pizzaOrder({ paymentType: "TERMINAL" }))).statusCode).toBe(201);
  });

  it("refuses a delivery address without a house number, and takes the same address with one", async () => {
    for (const houseNumber of [undefined, null, "", "  ", "-"]) {
      const refusal = await refused(
        c,
        pizzaOrder({ address: { ...ADDRESS, houseNumber } }),
        "HOUSE_NUMBER_REQUIRED",
      );
      expect(refusal.description.ru).toBe("Укажите номер дома в адресе доставки");
    }
    const placed = await place(c, pizzaOrder({ address: { ...ADDRESS, houseNumber: "12A", floor: "3" } }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ address: { houseNumber: "12A", floor: "3" } });
  });

  it("refuses a delivery without an address, outside every zone, or below the minimum amount", async () => {
    await refused(c, pizzaOrder({ address: undefined }), "ADDRESS_REQUIRED");
    await refused(
      c,
      pizzaOrder({ address: { name: "Far away", houseNumber: "1", latitude: 40.0, longitude: 60.0 } }),
      "OUT_OF_ZONE",
    );
    const small = await refused(
      c,
      pizzaOrder({ cartItems: [{ productId: drink.id, count: 1 }] }),
      "MIN_ORDER_AMOUNT",
    );
    // The amount names its currency in each language.
    expect(small.description.eng).toContain("30 000 so'm");
    expect(small.description.ru).toContain("30 000 сум");
  });

  it("refuses a branch that is closed now, on its day off, or at the later time", async () => {
    const saved = await t.db.select().from(branchWorkHours).where(eq(branchWorkHours.branchId, mirobod));
    await t.db.update(branchWorkHours).set({ isDayOff: true }).where(eq(branchWorkHours.branchId, mirobod));
    // Hours change only on an import, which forgets the cached branches; these edits do so by hand.
    forgetGeo(t.db);
    await refused(
      c,
      pizzaOrder({ branchId: mirobod, serviceType: "PICK_UP", address: undefined }),
      "BRANCH_HOLIDAY",
    );
    // A one-minute window twelve hours away from now, every day.
    const hh = String((new Date().getUTCHours() + 5 + 12) % 24).padStart(2, "0");
    await t.db
      .update(branchWorkHours)
      .set({ isDayOff: false, open: `${hh}:00`, close: `${hh}:01` })
      .where(eq(branchWorkHours.branchId, mirobod));
    forgetGeo(t.db);
    await refused(
      c,
      pizzaOrder({ branchId: mirobod, serviceType: "PICK_UP", address: undefined }),
      "BRANCH_CLOSED",
    );
    await refused(
      c,
      pizzaOrder({
        branchId: mirobod,
        serviceType: "PICK_UP",
        address: undefined,
        deliveryAt: new Date(Date.now() + 6 * 3600_000).toISOString(),
      }),
      "AT_TIME_INVALID",
      { later: true },
    );
    for (const row of saved)
      await t.db.update(branchWorkHours).set(row).where(eq(branchWorkHours.id, row.id));
    forgetGeo(t.db);
  });

  it("refuses a later time in the past", async () => {
    await refused(
      c,
      pizzaOrder({ deliveryAt: new Date(Date.now() - 3600_000).toISOString() }),
      "AT_TIME_INVALID",
      { later: true },
    );
    await refused(c, pizzaOrder({}), "AT_TIME_INVALID", { later: true });
  });

  it("refuses promo codes that are unknown, off, not started, expired, below their minimum or used", async () => {
    await refused(c, pizzaOrder({ promoCode: "NOPE" }), "PROMO_NOT_FOUND");
    await refused(c, pizzaOrder({ promoCode: "FUTURE" }), "PROMO_NOT_STARTED");
    await refused(c, pizzaOrder({ promoCode: "old2024" }), "PROMO_EXPIRED");
    const min = await refused(c, pizzaOrder({ promoCode: "SAVE15K" }), "PROMO_MIN_PRICE");
    expect(min.description.eng).toBe("Product price must be above 100 000 so'm");
    expect(min.description.ru).toBe("Стоимость товаров должна быть выше 100 000 сум");
    const [p] = await t.db
      .insert(promos)
      .values({
        merchantId: lavash,
        code: "OFFCODE",
        discountType: "AMOUNT",
        productDiscount: 1000,
        isActive: false,
      })
      .returning();
    await refused(c, pizzaOrder({ promoCode: "OFFCODE" }), "PROMO_NOT_ACTIVE");
    const used = await customer();
    const ok = await place(used, pizzaOrder({ promoCode: "LAVASH10" }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ promo: unknown; totalProductDiscount: number; promoCode: string }>()).toMatchObject({
      totalProductDiscount: pizza.costPrice / 10,
      promoCode: "LAVASH10",
    });
    await refused(used, pizzaOrder({ promoCode: "LAVASH10" }), "PROMO_ALREADY_USED");
    expect(p).toBeDefined();
  });

  it("refuses spending more cashback than the balance and spends what it has", async () => {
    const rich = await customer();
    await t.db.update(users).set({ cashback: 5000 }).where(eq(users.id, rich.id));
    await refused(rich, pizzaOrder({ cashback: 5000.5 }), "CASHBACK_NOT_ENOUGH");
    const res = await place(rich, pizzaOrder({ cashback: 5000 }));
    expect(res.json<{ cashback: number; totalPrice: number }>()).toMatchObject({
      cashback: 5000,
      totalPrice: pizza.costPrice + 10_000 - 5000,
    });
    const [u] = await t.db.select({ cashback: users.cashback }).from(users).where(eq(users.id, rich.id));
    expect(u!.cashback).toBe(0);
  });

  it("refuses a customer without a phone, with nothing placed", async () => {
    const c = await customer("TELEGRAM");
    await t.db.update(users).set({ phone: null }).where(eq(users.id, c.id));
    const res = await place(c, pizzaOrder());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "PHONE_REQUIRED", description: { eng: expect.any(String) } });
    const placed = await t.db.select().from(orders).where(eq(orders.userId, c.id));
    expect(placed).toEqual([]);
  });

  it("needs a logged-in customer", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: { merchant: lavash },
      payload: pizzaOrder(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("following orders", () => {
  it("never shows or cancels another customer's order", async () => {
    const owner = await customer();
    const other = await customer();
    const id = (await place(owner, pizzaOrder())).json<{ id: string }>().id;
    const read = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${id}`,
      headers: headers(other),
    });
    expect(read.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${id}/cancel`,
      headers: headers(other),
      payload: {},
    });
    expect(cancel.statusCode).toBe(404);
    const hide = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${id}/hide`,
      headers: headers(other),
    });
    expect(hide.statusCode).toBe(404);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/user/${owner.id}`,
      headers: headers(other),
    });
    expect(list.statusCode).toBe(403);
    const active = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/user/${owner.id}/active`,
      headers: headers(other),
    });
    expect(active.statusCode).toBe(403);
    const own = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${id}`,
      headers: headers(owner),
    });
    expect(own.statusCode).toBe(200);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe("CREATED");
  });

  it("pages the customer's orders ten at a time, newest first, with an archive filter", async () => {
    const c = await customer();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await place(c, pizzaOrder(), { key: `paging-${c.id}-${i}` })).json<{ id: string }>().id);
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${ids[0]!}/cancel`,
      headers: headers(c),
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    const page0 = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/user/${c.id}?size=10&page=0`,
      headers: headers(c),
    });
    const p0 = page0.json<{
      content: { id: string }[];
      totalElements: number;
      totalPages: number;
      last: boolean;
    }>();
    expect(p0.content).toHaveLength(10);
    expect(p0).toMatchObject({ totalElements: 12, totalPages: 2, last: false });
    expect(p0.content[0]!.id).toBe(ids[11]);
    const page1 = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/user/${c.id}?size=10&page=1`,
      headers: headers(c),
    });
    const p1 = page1.json<{ content: { id: string }[]; last: boolean }>();
    expect(p1.content.map((o) => o.id)).toEqual([ids[1], ids[0]]);
    expect(p1.last).toBe(true);
    const archive = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/user/${c.id}?size=10&page=0&onlyArchive=true`,
      headers: headers(c),
    });
    expect(archive.json<{ content: { id: string; status: string }[] }>().content.map((o) => o.id)).toEqual([
      ids[0],
    ]);
    const active = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/user/${c.id}/active`,
      headers: headers(c),
    });
    expect(active.json<unknown[]>()).toHaveLength(11);
    const hide = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${ids[0]!}/hide`,
      headers: headers(c),
    });
    expect(hide.statusCode).toBe(200);
    const afterHide = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/user/${c.id}?onlyArchive=true`,
      headers: headers(c),
    });
    expect(afterHide.json<{ totalElements: number }>().totalElements).toBe(0);
  });

  it("lets the customer cancel only while the order is new and the brand allows it, giving back cashback", async () => {
    const c = await customer();
    const staff = await customer("WEB", "STAFF");
    await t.db.update(users).set({ cashback: 3000 }).where(eq(users.id, c.id));
    const id = (await place(c, pizzaOrder({ cashback: 3000 }))).json<{ id: string }>().id;
    const cancel = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${id}/cancel`,
      headers: headers(c),
      payload: {},
    });
    expect(cancel.json<{ status: string; history: { status: string }[] }>()).toMatchObject({
      status: "CANCELED",
    });
    const [u] = await t.db.select({ cashback: users.cashback }).from(users).where(eq(users.id, c.id));
    expect(u!.cashback).toBe(3000);
    const again = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${id}/cancel`,
      headers: headers(c),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe("ORDER_NOT_CANCELLABLE");

    const accepted = (await place(c, pizzaOrder())).json<{ id: string }>().id;
    expect((await staffMove(staff, accepted, "ACCEPTED")).statusCode).toBe(200);
    const late = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${accepted}/cancel`,
      headers: headers(c),
      payload: {},
    });
    expect(late.statusCode).toBe(409);

    await t.db
      .update(merchantWebSettings)
      .set({ cancelOrderActive: false })
      .where(eq(merchantWebSettings.merchantId, lavash));
    const fresh = (await place(c, pizzaOrder())).json<{ id: string; cancellable: boolean }>();
    expect(fresh.cancellable).toBe(false);
    const off = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${fresh.id}/cancel`,
      headers: headers(c),
      payload: {},
    });
    expect(off.statusCode).toBe(409);
    await t.db
      .update(merchantWebSettings)
      .set({ cancelOrderActive: true })
      .where(eq(merchantWebSettings.merchantId, lavash));
  });

  it("shows the order settings of the brand and of a city", async () => {
    const c = await customer();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/order/setting/${lavash}`,
      headers: headers(c),
    });
    expect(res.json()).toMatchObject({
      minOrderAmount: 30_000,
      feeFreeThreshold: 150_000,
      cashbackPercent: 2,
    });
    const unknown = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/order/setting/${chilonzor}`,
      headers: headers(c),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("staff", () => {
  it("refuses the staff API to customers", async () => {
    const c = await customer();
    const id = (await place(c, pizzaOrder())).json<{ id: string }>().id;
    const res = await staffMove(c, id, "ACCEPTED");
    expect(res.statusCode).toBe(403);
  });

  it("cannot send an order still waiting for its online payment to the kitchen, only cancel it", async () => {
    const c = await customer();
    const staff = await customer("WEB", "STAFF");
    const placed = await place(c, pizzaOrder({ paymentType: "PAYME" }));
    const order = placed.json<{ id: string; status: string; isPaid: boolean }>();
    expect(order, placed.body).toMatchObject({ status: "OPEN", isPaid: false });
    for (const to of ["CREATED", "AT_TIME"]) {
      const res = await staffMove(staff, order.id, to);
      expect(res.statusCode, to).toBe(409);
      expect(res.json<{ code: string }>().code).toBe("ORDER_STATUS_TRANSITION");
    }
    const cancelled = await staffMove(staff, order.id, "CANCELED");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it("refuses illegal transitions and walks a delivery to CLOSED with a courier, crediting cashback once", async () => {
    const c = await customer();
    const staff = await customer("WEB", "STAFF");
    const order = (await place(c, pizzaOrder())).json<{ id: string; cashbackEarned: number }>();
    expect(order.cashbackEarned).toBe(pizza.costPrice * 0.02);
    for (const bad of ["DONE", "DELIVERED", "CLOSED", "ON_WAY"]) {
      const res = await staffMove(staff, order.id, bad);
      expect(res.statusCode, bad).toBe(409);
      expect(res.json<{ code: string }>().code).toBe("ORDER_STATUS_TRANSITION");
    }
    for (const s of ["ACCEPTED", "COOKING", "DONE"])
      expect((await staffMove(staff, order.id, s)).statusCode).toBe(200);
    expect((await staffMove(staff, order.id, "CLOSED")).statusCode).toBe(409);
    const courierUser = await customer("WEB", "STAFF");
    const courier = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/couriers",
      headers: headers(staff),
      payload: { userId: courierUser.id },
    });
    const courierId = courier.json<{ id: string }>().id;
    const attached = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${order.id}/courier`,
      headers: headers(staff),
      payload: { courierId },
    });
    expect(attached.json<{ status: string; courierId: string }>()).toMatchObject({
      status: "ATTACHED",
      courierId,
    });
    const pos = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/couriers/${courierId}/position`,
      headers: headers(staff),
      payload: { latitude: 41.3, longitude: 69.24 },
    });
    expect(pos.statusCode).toBe(200);
    const seen = await t.app.inject({
      method: "GET",
      url: `/api/deliveries/v1/delivery/courier/${courierId}`,
      headers: headers(c),
    });
    // Attached: the customer sees who brings it; the position only once it is on its way.
    expect(seen.json()).toMatchObject({ id: courierId, latitude: null, longitude: null });
    const stranger = await customer();
    const hidden = await t.app.inject({
      method: "GET",
      url: `/api/deliveries/v1/delivery/courier/${courierId}`,
      headers: headers(stranger),
    });
    expect(hidden.statusCode).toBe(404);
    expect((await staffMove(staff, order.id, "ON_WAY")).statusCode).toBe(200);
    const onWay = await t.app.inject({
      method: "GET",
      url: `/api/deliveries/v1/delivery/courier/${courierId}`,
      headers: headers(c),
    });
    expect(onWay.json()).toMatchObject({ id: courierId, latitude: 41.3, longitude: 69.24 });
    expect((await staffMove(staff, order.id, "DELIVERED")).statusCode).toBe(200);
    const [after] = await t.db.select({ cashback: users.cashback }).from(users).where(eq(users.id, c.id));
    expect(after!.cashback).toBe(order.cashbackEarned);
    expect((await staffMove(staff, order.id, "CLOSED")).statusCode).toBe(200);
    const [closed] = await t.db.select({ cashback: users.cashback }).from(users).where(eq(users.id, c.id));
    expect(closed!.cashback).toBe(order.cashbackEarned);
    expect((await staffMove(staff, order.id, "CANCELED")).statusCode).toBe(409);
    const view = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${order.id}`,
      headers: headers(c),
    });
    const moves = view
      .json<{ history: { status: string; reason: string }[] }>()
      .history.filter((h) => h.reason === "CHANGE_STATUS" || h.reason === "PAID_AND_CHANGE_STATUS");
    // The cash is collected at the door: that move pays the order.
    expect(moves.find((h) => h.status === "DELIVERED")?.reason).toBe("PAID_AND_CHANGE_STATUS");
    const statuses = moves.map((h) => h.status);
    expect(statuses).toEqual([
      "CREATED",
      "ACCEPTED",
      "COOKING",
      "DONE",
      "ATTACHED",
      "ON_WAY",
      "DELIVERED",
      "CLOSED",
    ]);
  });

  it("lets staff cancel an order that is cooking and gives its stock back", async () => {
    const c = await customer();
    const staff = await customer("WEB", "STAFF");
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, pizza.id));
    const id = (await place(c, pizzaOrder({ cartItems: [{ productId: pizza.id, count: 2 }] }))).json<{
      id: string;
    }>().id;
    const [taken] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, pizza.id));
    expect(taken!.stock).toBe(3);
    for (const s of ["ACCEPTED", "COOKING", "CANCELED"])
      expect((await staffMove(staff, id, s)).statusCode).toBe(200);
    const [back] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, pizza.id));
    expect(back!.stock).toBe(5);
    await t.db.update(products).set({ stock: null }).where(eq(products.id, pizza.id));
  });
});

describe("promo codes of the customer", () => {
  it("adds a usable code, refuses an expired one, and marks a used one", async () => {
    const c = await customer();
    const added = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/promos",
      headers: headers(c),
      payload: { code: "lavash10" },
    });
    expect(added.json()).toMatchObject({ code: "LAVASH10", used: false, discountType: "PERCENTAGE" });
    const expired = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/promos",
      headers: headers(c),
      payload: { code: "OLD2024" },
    });
    expect(expired.json<{ code: string }>().code).toBe("PROMO_EXPIRED");
    expect((await place(c, pizzaOrder({ promoCode: "LAVASH10" }))).statusCode).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/orders/v1/promos", headers: headers(c) });
    expect(list.json()).toEqual([expect.objectContaining({ code: "LAVASH10", used: true })]);
  });
});

describe("live updates", () => {
  it("streams the customer's order changes as server-sent events", async () => {
    const c = await customer();
    const staff = await customer("WEB", "STAFF");
    const id = (await place(c, pizzaOrder())).json<{ id: string }>().id;
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/orders/v1/orders/events`, {
      headers: headers(c),
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    await reader.read(); // the "connected" comment
    expect((await staffMove(staff, id, "ACCEPTED")).statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    while (!text.includes("ACCEPTED") && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    expect(text).toContain("event: order");
    expect(text).toContain(`"orderId":"${id}"`);
    expect(text).toContain(`"status":"ACCEPTED"`);
  });
});
