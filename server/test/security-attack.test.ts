/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Holes an attack on the API found, each closed at its root: a promo's global limit under
// concurrent orders, a client-sent city choosing another city's settings, a past customer following
// a courier, forged X-Forwarded-For dodging per-address limits, the testers' harness signing in as a
// real customer, a reused Idempotency-Key and a Telegram contact of a country the brand does not serve.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { branches, cities, orders, orderSettings, products, promos, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetGeo } from "../src/repositories/geo.ts";
import { freshIp, freshPhone, loginWithPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let chilonzor: string;
let pizza: { id: string; costPrice: number };
let tashkent: string;
let samarkand: string;

/** Inside the "Tashkent centre" delivery region (price 10 000). */
const TASHKENT_POINT = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

async function customer(role: "CUSTOMER" | "STAFF" = "CUSTOMER") {
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: lavash, phone: freshPhone(), firstName: "Attack", role })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const headers = (c: Customer, extra: Record<string, string> = {}) => ({
  merchant: lavash,
  authorization: `Bearer ${c.token}`,
  ...extra,
});

function order(over: Record<string, unknown> = {}) {
  return {
    serviceType: "DELIVERY",
    paymentType: "CASH",
    cartItems: [{ productId: pizza.id, count: 1, modifications: [] }],
    address: TASHKENT_POINT,
    branchId: chilonzor,
    ...over,
  };
}

function place(c: Customer, body: object, opts: { key?: string; later?: boolean } = {}) {
  return t.app.inject({
    method: "POST",
    url: opts.later ? "/api/orders/v1/orders/at-time" : "/api/orders/v1/orders",
    headers: headers(c, opts.key ? { "idempotency-key": opts.key } : {}),
    payload: body,
  });
}

function staffCall(staff: Customer, method: "PUT" | "POST", url: string, payload: object) {
  return t.app.inject({ method, url: `/api/staff/v1${url}`, headers: headers(staff), payload });
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  const bs = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  chilonzor = bs.find((b) => b.name.eng?.startsWith("Chilonzor"))!.id;
  const plain = await t.db.query.products.findMany({
    where: and(eq(products.merchantId, lavash), eq(products.discount, 0), eq(products.active, true)),
    with: { modificationGroups: true },
  });
  pizza = plain.find((p) => p.modificationGroups.length === 0 && p.costPrice >= 35_000 && p.stock === null)!;
  const cs = await t.db.select().from(cities).where(eq(cities.merchantId, lavash));
  tashkent = cs.find((c) => c.name.eng === "Tashkent")!.id;
  samarkand = cs.find((c) => c.name.eng === "Samarkand")!.id;
});

afterAll(async () => {
  await t.close();
});

describe("a promo's global usage limit", () => {
  it("holds under 12 customers ordering at once: exactly the limit get it, the rest are told it is used up", async () => {
    await t.db.insert(promos).values({
      merchantId: lavash,
      code: "RACE3",
      discountType: "PERCENTAGE",
      productDiscount: 10,
      usageLimit: 3,
      isActive: true,
    });
    const crowd = await Promise.all(Array.from({ length: 12 }, () => customer()));
    const answers = await Promise.all(crowd.map((c) => place(c, order({ promoCode: "race3" }))));
    const placed = answers.filter((r) => r.statusCode < 300);
    const refused = answers.filter((r) => r.statusCode >= 300);
    expect(placed).toHaveLength(3);
    for (const r of refused) expect(r.json()).toMatchObject({ status: 400, code: "PROMO_USED_UP" });
    const [promo] = await t.db.select().from(promos).where(eq(promos.code, "RACE3"));
    const withPromo = await t.db.select().from(orders).where(eq(orders.promoId, promo!.id));
    expect(withPromo).toHaveLength(3);
    // A refused customer's order was not placed without the promo either: nothing else changed.
    const refusedIds = crowd.filter((_, i) => answers[i]!.statusCode >= 300).map((c) => c.id);
    const theirs = await t.db.select().from(orders).where(eq(orders.merchantId, lavash));
    expect(theirs.filter((o) => refusedIds.includes(o.userId!))).toEqual([]);
  });

  it("gives the last use to exactly one of 12 concurrent orders", async () => {
    await t.db.insert(promos).values({
      merchantId: lavash,
      code: "LASTONE",
      discountType: "AMOUNT",
      productDiscount: 5000,
      usageLimit: 1,
      isActive: true,
    });
    const crowd = await Promise.all(Array.from({ length: 12 }, () => customer()));
    const answers = await Promise.all(crowd.map((c) => place(c, order({ promoCode: "LASTONE" }))));
    expect(answers.filter((r) => r.statusCode < 300)).toHaveLength(1);
    expect(answers.filter((r) => r.json<{ code?: string }>().code === "PROMO_USED_UP")).toHaveLength(11);
  });
});

describe("the city of an order", () => {
  beforeAll(async () => {
    // Samarkand's own settings are far kinder: no minimum, delivery free from 1, 50% cashback.
    await t.db.insert(orderSettings).values({
      merchantId: lavash,
      cityId: samarkand,
      minOrderAmount: 0,
      feeFreeThreshold: 1,
      cashbackPercent: 50,
    });
    forgetGeo(t.db);
  });

  it("comes from the point, not the sent cityId: a Tashkent point sent as Samarkand gets Tashkent's settings", async () => {
    const c = await customer();
    const spoofed = await place(c, order({ address: { ...TASHKENT_POINT, cityId: samarkand } }));
    expect(spoofed.statusCode, spoofed.body).toBe(201);
    const body = spoofed.json<{
      deliveryPrice: number;
      cashbackEarned: number;
      address: { cityId: string };
    }>();
    expect(body.deliveryPrice).toBe(10_000);
    expect(body.cashbackEarned).toBe(pizza.costPrice * 0.02);
    expect(body.address.cityId).toBe(tashkent);
  });

  it("keeps the brand's minimum order for a Tashkent point whatever city is sent, in the quote too", async () => {
    const c = await customer();
    const [cheap] = await t.db.query.products.findMany({
      where: and(eq(products.merchantId, lavash), eq(products.active, true), eq(products.discount, 0)),
      with: { modificationGroups: true },
      orderBy: (p, { asc }) => asc(p.costPrice),
    });
    const small = {
      cartItems: [{ productId: cheap!.id, count: 1, modifications: [] }],
      address: { ...TASHKENT_POINT, cityId: samarkand },
    };
    const res = await place(c, order(small));
    expect(res.json()).toMatchObject({ code: "MIN_ORDER_AMOUNT" });
  });

  it("is decided from the point by the tariff call: Samarkand's free delivery does not reach Tashkent", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/deliveries/v1/delivery/tariff/client/calculate",
      headers: { merchant: lavash },
      payload: {
        productPrice: 40_000,
        latitude: TASHKENT_POINT.latitude,
        longitude: TASHKENT_POINT.longitude,
        cityId: samarkand,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 10_000, free: false, cityId: tashkent });
  });
});

describe("following a courier", () => {
  it("shows the position only to the customer whose order is on its way with that courier, and only while it is", async () => {
    const staff = await customer("STAFF");
    const courierUser = await customer("STAFF");
    const courierId = (await staffCall(staff, "POST", "/couriers", { userId: courierUser.id })).json<{
      id: string;
    }>().id;
    const seeCourier = (c: Customer) =>
      t.app.inject({
        method: "GET",
        url: `/api/deliveries/v1/delivery/courier/${courierId}`,
        headers: headers(c),
      });
    const deliver = async (c: Customer) => {
      const placed = (await place(c, order())).json<{ id: string }>();
      for (const s of ["ACCEPTED", "COOKING", "DONE"]) {
        expect((await staffCall(staff, "PUT", `/orders/${placed.id}/status`, { status: s })).statusCode).toBe(
          200,
        );
      }
      expect((await staffCall(staff, "PUT", `/orders/${placed.id}/courier`, { courierId })).statusCode).toBe(
        200,
      );
      return placed.id;
    };
    const move = (id: string, status: string) => staffCall(staff, "PUT", `/orders/${id}/status`, { status });

    const first = await customer();
    const firstOrder = await deliver(first);
    await staffCall(staff, "PUT", `/couriers/${courierId}/position`, { latitude: 41.3, longitude: 69.24 });
    // Attached: the courier's name, no position yet.
    expect((await seeCourier(first)).json()).toMatchObject({
      id: courierId,
      latitude: null,
      longitude: null,
    });
    await move(firstOrder, "ON_WAY");
    expect((await seeCourier(first)).json()).toMatchObject({ latitude: 41.3, longitude: 69.24 });
    await move(firstOrder, "DELIVERED");
    await move(firstOrder, "CLOSED");

    // The courier takes the next customer's order; the first customer no longer sees anything.
    const second = await customer();
    const secondOrder = await deliver(second);
    await move(secondOrder, "ON_WAY");
    await staffCall(staff, "PUT", `/couriers/${courierId}/position`, { latitude: 41.35, longitude: 69.3 });
    const past = await seeCourier(first);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await seeCourier(second)).json()).toMatchObject({ latitude: 41.35, longitude: 69.3 });
  });
});

describe("an Idempotency-Key", () => {
  it("answers the first order to a true retry, and 422 IDEMPOTENCY_KEY_REUSED to another body or the at-time endpoint", async () => {
    const c = await customer();
    const key = "attack-key-0001";
    const first = await place(c, order(), { key });
    expect(first.statusCode).toBe(201);
    const retry = await place(c, order(), { key });
    expect(retry.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    const other = await place(c, order({ comment: "two of them" }), { key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 422, code: "IDEMPOTENCY_KEY_REUSED" });
    const later = new Date(Date.now() + 3 * 3600_000).toISOString();
    const atTime = await place(c, order({ deliveryAt: later }), { key, later: true });
    expect(atTime.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    const mine = await t.db.select().from(orders).where(eq(orders.userId, c.id));
    expect(mine).toHaveLength(1);
  });

  it("answers one order to 10 concurrent retries of the same request", async () => {
    const c = await customer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place(c, order(), { key: "attack-key-0002" })),
    );
    const ids = new Set(answers.map((r) => r.json<{ id: string }>().id));
    expect(answers.every((r) => r.statusCode < 300)).toBe(true);
    expect(ids.size).toBe(1);
  });
});

describe("forwarded client addresses", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({
      demo: false,
      env: { PUBLIC_URL: "https://shop.example", DEMO: "0" },
      rateLimitPerMinute: 5,
    });
  });
  afterAll(async () => {
    await proxied.close();
  });
  const hit = (remoteAddress: string, forwarded: string) =>
    proxied.app.inject({
      method: "GET",
      url: "/api/users/v1/merchants/sub/lavash",
      remoteAddress,
      headers: { "x-forwarded-for": forwarded },
    });

  it("ignores a made-up X-Forwarded-For from a client: the per-address limit still counts its own address", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i += 1) codes.push((await hit("203.0.113.9", `198.51.100.${i + 1}`)).statusCode);
    expect(codes.slice(0, 5).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429, 429]);
  });

  it("believes the proxy on this machine (the default behind PUBLIC_URL): each forwarded client has its own limit", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i += 1) codes.push((await hit("127.0.0.1", `198.51.100.${i + 20}`)).statusCode);
    expect(codes.includes(429)).toBe(false);
  });

  it("reads TRUSTED_PROXIES: addresses and ranges, none, and refuses anything else by name", () => {
    expect(loadConfig({ PUBLIC_URL: "https://a.example", DEMO: "0" }).trustedProxies).toEqual(["loopback"]);
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.4" }).trustedProxies).toEqual([
      "10.0.0.0/8",
      "192.168.1.4",
    ]);
    expect(
      loadConfig({ PUBLIC_URL: "https://a.example", DEMO: "0", TRUSTED_PROXIES: "none" }).trustedProxies,
    ).toEqual([]);
    expect(() => loadConfig({ TRUSTED_PROXIES: "everyone" })).toThrow(/TRUSTED_PROXIES="everyone"/);
    expect(() => loadConfig({ TRUSTED_PROXIES: "10.0.0.0/40" })).toThrow(/TRUSTED_PROXIES/);
  });
});

describe("the testers' harness in demo mode", () => {
  it("refuses to start on a public address", () => {
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(/DEMO=0/);
    expect(() => loadConfig({ HOST: "192.168.1.10", DEMO: "1" })).toThrow(/HOST="192.168.1.10"/);
    expect(loadConfig({ HOST: "0.0.0.0", DEMO: "0" }).demo).toBe(false);
    expect(loadConfig({ HOST: "::1" }).demo).toBe(true);
    expect(loadConfig({ HOST: "localhost" }).demo).toBe(true);
  });

  it("never opens a Click session or signs a Telegram contact with an existing customer's phone", async () => {
    const phone = freshPhone();
    const victim = await loginWithPhone(t, lavash, phone);
    const click = await t.app.inject({
      method: "POST",
      url: "/api/dev/click/launch",
      payload: { sub: "lavash", profile: { userId: "66600001", phone, firstName: "Mallory" } },
    });
    expect(click.statusCode).toBe(409);
    expect(click.json()).toMatchObject({ code: "HARNESS_PHONE_TAKEN" });
    for (const phoneVerification of ["verified", "required"]) {
      const tg = await t.app.inject({
        method: "POST",
        url: "/api/dev/telegram/launch",
        payload: { sub: "lavash", user: { id: "66600002", firstName: "Mallory" }, phoneVerification, phone },
      });
      expect(tg.json()).toMatchObject({ status: 409, code: "HARNESS_PHONE_TAKEN" });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row).toMatchObject({ phone, telegramId: null, clickUserId: null });
  });

  it("joins an existing account only when its phone is in the harness's own test range", async () => {
    const phone = `+9989700${String(Date.now()).slice(-5)}`;
    const web = await loginWithPhone(t, lavash, phone);
    const tg = await t.app.inject({
      method: "POST",
      url: "/api/dev/telegram/launch",
      payload: {
        sub: "lavash",
        user: { id: "66600004", firstName: "Tess" },
        phoneVerification: "verified",
        phone,
      },
    });
    expect(tg.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, web.user.id));
    expect(row).toMatchObject({ phone, telegramId: 66600004n });
  });

  it("still lets a test identity come back with its own phone", async () => {
    const phone = freshPhone();
    const launch = () =>
      t.app.inject({
        method: "POST",
        url: "/api/dev/telegram/launch",
        payload: {
          sub: "lavash",
          user: { id: "66600003", firstName: "Tess" },
          phoneVerification: "verified",
          phone,
        },
      });
    expect((await launch()).statusCode).toBe(200);
    expect((await launch()).statusCode).toBe(200);
  });
});

describe("a Telegram contact", () => {
  it("of a country the brand does not serve is refused like the code login refuses it", async () => {
    const launch = await t.app.inject({
      method: "POST",
      url: "/api/dev/telegram/launch",
      payload: { sub: "lavash", user: { id: "66600005", firstName: "Ivan" }, phone: "+79161234567" },
    });
    expect(launch.statusCode).toBe(200);
    const { initData, contact } = launch.json<{ initData: string; contact: string }>();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webbot/v1/users/login",
      headers: { merchant: lavash },
      remoteAddress: freshIp(),
      payload: { initData, contact },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "PHONE_COUNTRY_NOT_SERVED" });
    const code = await t.app.inject({
      method: "POST",
      url: "/api/users/v1/auth/otp",
      headers: { merchant: lavash },
      remoteAddress: freshIp(),
      payload: { phone: "+79161234567" },
    });
    expect(code.json()).toMatchObject({ code: "PHONE_COUNTRY_NOT_SERVED" });
  });
});
