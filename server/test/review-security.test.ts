// Findings of the review of issues 4-7, one test each: the phone-change account oracle, the
// delivery tariff agreeing with the order check's city settings, a saved address's city belonging
// to the brand, the public offline map style of an inactive brand, and the bounded image variants.
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tariff } from "#domain/contract/geo.ts";
import { cities, orderSettings, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { VariantCache, type Variant } from "../src/routes/products/images.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { freshIp, freshPhone, loginWithPhone, sentTo } from "./support/accounts.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let closed: string;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  closed = await merchantId(t, "closed");
});
afterAll(async () => {
  await t.close();
});

function call(
  method: "GET" | "POST" | "PUT",
  url: string,
  merchant: string,
  token?: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { merchant, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: freshIp(),
    ...(payload ? { payload } : {}),
  });
}

describe("the phone change", () => {
  it("counts a probe of a taken number against the customer's code limits, so it is no free oracle", async () => {
    const takenA = freshPhone();
    const takenB = freshPhone();
    await loginWithPhone(t, lavash, takenA);
    await loginWithPhone(t, lavash, takenB);
    const { token } = await loginWithPhone(t, lavash, freshPhone());
    const sentBefore = sentTo(takenA).length;

    const first = await call("PUT", "/users/v1/users/phone", lavash, token, { phone: takenA });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: "PHONE_TAKEN" });
    expect(sentTo(takenA).length).toBe(sentBefore);

    // The next number, taken or not, waits for the resend countdown like any other code.
    const second = await call("PUT", "/users/v1/users/phone", lavash, token, { phone: takenB });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: "OTP_RESEND_TOO_EARLY" });
    expect(second.headers["retry-after"]).toBeDefined();
  });
});

describe("the delivery tariff", () => {
  it("reads the city's own order settings, as the order check does", async () => {
    const all = await t.db.select().from(cities).where(eq(cities.merchantId, lavash));
    const city = all.find((c) => c.latitude < 40.5);
    if (!city) throw new Error("no Samarkand city");
    const [brandWide] = await t.db
      .select()
      .from(orderSettings)
      .where(and(eq(orderSettings.merchantId, lavash), isNull(orderSettings.cityId)));
    expect(brandWide?.feeFreeThreshold).toBe(150_000);
    // Samarkand delivers free from 40 000.
    await t.db
      .insert(orderSettings)
      .values({ merchantId: lavash, cityId: city.id, feeFreeThreshold: 40_000 });
    try {
      const res = await call("POST", "/deliveries/v1/delivery/tariff/client/calculate", lavash, undefined, {
        productPrice: 50_000,
        latitude: 39.654167,
        longitude: 66.959722,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Tariff>()).toMatchObject({ price: 0, free: true, feeFreeThreshold: 40_000 });
    } finally {
      await t.db.delete(orderSettings).where(eq(orderSettings.cityId, city.id));
    }
  });
});

describe("saved addresses", () => {
  it("refuse a city of another brand", async () => {
    const [user] = await t.db.insert(users).values({ merchantId: lavash, phone: freshPhone() }).returning();
    if (!user) throw new Error("no user");
    const { token } = await createSession(t.db, { merchantId: lavash, userId: user.id, channel: "WEB" });
    const [foreign] = await t.db.select().from(cities).where(eq(cities.merchantId, plov));
    const [own] = await t.db.select().from(cities).where(eq(cities.merchantId, lavash));
    if (!foreign || !own) throw new Error("no cities");
    const address = { name: "Home", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
    const bad = await call("POST", `/users/v1/addresses/user/${user.id}`, lavash, token, {
      ...address,
      cityId: foreign.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    const good = await call("POST", `/users/v1/addresses/user/${user.id}`, lavash, token, {
      ...address,
      cityId: own.id,
    });
    expect(good.statusCode).toBe(200);
    const id = good.json<{ id: string }>().id;
    const moved = await call("PUT", `/users/v1/addresses/${id}`, lavash, token, {
      ...address,
      cityId: foreign.id,
    });
    expect(moved.statusCode).toBe(400);
  });
});

describe("the offline map style", () => {
  it("is served for a live brand only", async () => {
    const live = await t.app.inject({ method: "GET", url: `/api/users/v1/map/style/${lavash}` });
    expect(live.statusCode).toBe(200);
    const inactive = await t.app.inject({ method: "GET", url: `/api/users/v1/map/style/${closed}` });
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the image variant cache", () => {
  it("keeps its rendered bytes under the budget, oldest out first", async () => {
    const cache = new VariantCache(100, 1_000);
    const variant = (n: number): Promise<Variant> =>
      Promise.resolve({ bytes: Buffer.alloc(n), etag: `"${String(n)}"` });
    for (let i = 0; i < 10; i += 1) await cache.add(`k${String(i)}`, variant(300));
    await Promise.resolve();
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBe(3);
    expect(cache.peek("k9")).toBeDefined();
    expect(cache.peek("k0")).toBeUndefined();
  });
});
