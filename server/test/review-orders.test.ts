/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Findings of the review of the orders and geography code, one test each where the API can show
// them: a courier's branch belongs to the brand, the live order stream is capped and ends with its
// session, an order keeps only the caller's own saved address id, the staff order list pages like
// the customer's, the city's order settings, and the short geography cache (kept for its time,
// forgotten by a brand import).
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  branches,
  cities,
  couriers,
  deliveryRegions,
  orderSettings,
  users,
} from "../src/db/schema/index.ts";
import { DEMO_BRANDS_DIR } from "../src/import/demo.ts";
import { importBrand } from "../src/import/import-brand.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetGeo, listBranches, listRegions } from "../src/repositories/geo.ts";
import { eventStreams } from "../src/routes/orders/order-events.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let pizza: string;
let seq = 0;

/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  pizza = await plainProduct(t, lavash);
});
afterAll(async () => {
  await t.close();
});

async function person(merchant = lavash, role: "CUSTOMER" | "STAFF" = "CUSTOMER") {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99891${String(2000000 + seq)}`, firstName: `R${seq}`, role })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, merchant };
}
type Person = Awaited<ReturnType<typeof person>>;

const headers = (p: Person) => ({ merchant: p.merchant, authorization: `Bearer ${p.token}` });

describe("making a courier", () => {
  it("refuses a branch of another brand and keeps one of its own", async () => {
    const staff = await person(lavash, "STAFF");
    const [plovBranch] = await t.db.select().from(branches).where(eq(branches.merchantId, plov)).limit(1);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/couriers",
      headers: headers(staff),
      payload: { userId: (await person()).id, branchId: plovBranch!.id },
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json<{ code: string }>().code).toBe("NOT_FOUND");

    const own = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/couriers",
      headers: headers(staff),
      payload: { userId: (await person()).id, branchId: chilonzor },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ branchId: string }>().branchId).toBe(chilonzor);
  });
});

describe("the staff courier list", () => {
  it("lists every courier of the brand, oldest first, with its user's name and phone, and no other brand's", async () => {
    const staff = await person(lavash, "STAFF");
    const plovStaff = await person(plov, "STAFF");
    const make = async (by: Person, user: Person) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/staff/v1/couriers",
          headers: headers(by),
          payload: { userId: user.id },
        })
      ).json<{ id: string }>().id;
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) made.push(await make(staff, await person()));
    await make(plovStaff, await person(plov));

    const res = await t.app.inject({ method: "GET", url: "/api/staff/v1/couriers", headers: headers(staff) });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ id: string; name: string | null; phone: string | null }[]>();
    const ours = list.filter((c) => made.includes(c.id));
    expect(ours.map((c) => c.id)).toEqual(made);
    for (const c of ours) {
      expect(c.name).toMatch(/^R\d+$/);
      expect(c.phone).toMatch(/^\+99891/);
    }
    const [plovCourier] = await t.db
      .select({ id: couriers.id })
      .from(couriers)
      .where(eq(couriers.merchantId, plov));
    expect(list.map((c) => c.id)).not.toContain(plovCourier!.id);
  });
});

describe("saved address of an order", () => {
  async function placeWithAddressId(c: Person, id: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: headers(c),
      payload: {
        serviceType: "DELIVERY",
        paymentType: "CASH",
        cartItems: [{ productId: pizza, count: 1, modifications: [] }],
        address: { ...ADDRESS, id },
        branchId: chilonzor,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ address: { id: string | null } }>().address.id;
  }

  it("keeps the caller's own saved address id and drops anyone else's", async () => {
    const owner = await person();
    const other = await person();
    const [saved] = await t.db
      .insert(addresses)
      .values({ merchantId: lavash, userId: owner.id, ...ADDRESS })
      .returning({ id: addresses.id });
    expect(await placeWithAddressId(owner, saved!.id)).toBe(saved!.id);
    expect(await placeWithAddressId(other, saved!.id)).toBeNull();
    expect(await placeWithAddressId(owner, "0190a5f0-0000-7000-8000-000000000000")).toBeNull();
  });
});

describe("the staff order list", () => {
  it("pages the brand's orders of one status, newest first", async () => {
    const staff = await person(lavash, "STAFF");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/orders?status=CREATED&size=2&page=0",
      headers: headers(staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{
      content: { status: string }[];
      totalElements: number;
      totalPages: number;
      last: boolean;
    }>();
    expect(page.content.length).toBeLessThanOrEqual(2);
    expect(page.content.every((o) => o.status === "CREATED")).toBe(true);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
    expect(page.last).toBe(page.totalPages <= 1);
  });
});

describe("order settings of a city", () => {
  it("answers the city's own row, and the brand's for the merchant id", async () => {
    const c = await person();
    const [city] = await t.db.select().from(cities).where(eq(cities.merchantId, lavash)).limit(1);
    const [row] = await t.db
      .insert(orderSettings)
      .values({ merchantId: lavash, cityId: city!.id, minOrderAmount: 12_345 })
      .returning();
    try {
      const own = await t.app.inject({
        method: "GET",
        url: `/api/orders/v1/order/setting/${city!.id}`,
        headers: headers(c),
      });
      expect(own.json()).toMatchObject({ cityId: city!.id, minOrderAmount: 12_345 });
      const brand = await t.app.inject({
        method: "GET",
        url: `/api/orders/v1/order/setting/${lavash}`,
        headers: headers(c),
      });
      expect(brand.json()).toMatchObject({ cityId: null, minOrderAmount: 30_000 });
    } finally {
      await t.db.delete(orderSettings).where(eq(orderSettings.id, row!.id));
    }
  });
});

describe("the live order stream", () => {
  const saved = { ...eventStreams };
  afterEach(() => {
    Object.assign(eventStreams, saved);
  });

  /** Opens a stream; `ended` settles when the server ends it, `text` is what came so far. */
  async function open(base: string, c: Person, signal: AbortSignal) {
    const res = await fetch(`${base}/api/orders/v1/orders/events`, { headers: headers(c), signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read(); // the "connected" comment
    let text = decoder.decode(first.value);
    const ended = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return "ended" as const;
        text += decoder.decode(value);
      }
    })();
    ended.catch(() => undefined);
    return { ended, text: () => text };
  }

  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([
      p,
      new Promise<"open">((resolve) => {
        setTimeout(() => {
          resolve("open");
        }, ms);
      }),
    ]);

  it("keeps at most three streams per customer, closing the oldest", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const c = await person();
    const controller = new AbortController();
    try {
      const streams = [];
      for (let i = 0; i < eventStreams.maxPerUser; i++) streams.push(await open(base, c, controller.signal));
      expect(await within(streams[0]!.ended, 200)).toBe("open");
      const newest = await open(base, c, controller.signal);
      expect(await within(streams[0]!.ended, 2000)).toBe("ended");
      for (const s of [...streams.slice(1), newest]) expect(await within(s.ended, 200)).toBe("open");
    } finally {
      controller.abort();
    }
  });

  it("ends the stream once its session is logged out", async () => {
    eventStreams.pingMs = 50;
    const base = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: "127.0.0.1" });
    const c = await person();
    const controller = new AbortController();
    try {
      const stream = await open(base, c, controller.signal);
      expect(await within(stream.ended, 300)).toBe("open");
      expect(stream.text()).toContain(": ping");
      const logout = await t.app.inject({
        method: "POST",
        url: "/api/users/v1/users/logout",
        headers: headers(c),
      });
      expect(logout.statusCode, logout.body).toBeLessThan(300);
      expect(await within(stream.ended, 2000)).toBe("ended");
    } finally {
      controller.abort();
    }
  });
});

describe("the geography cache", () => {
  it("keeps a brand's regions for its short time and forgets them when told", async () => {
    forgetGeo(t.db, lavash);
    const [before] = await listRegions(t.db, { merchantId: lavash });
    await t.db
      .update(deliveryRegions)
      .set({ price: before!.price + 1 })
      .where(eq(deliveryRegions.id, before!.id));
    try {
      // Cached: the same answer, not the query run again.
      const [again] = await listRegions(t.db, { merchantId: lavash });
      expect(again!.price).toBe(before!.price);
      forgetGeo(t.db, lavash);
      const [fresh] = await listRegions(t.db, { merchantId: lavash });
      expect(fresh!.price).toBe(before!.price + 1);
    } finally {
      await t.db
        .update(deliveryRegions)
        .set({ price: before!.price })
        .where(eq(deliveryRegions.id, before!.id));
      forgetGeo(t.db, lavash);
    }
  });

  it("shows a brand import's branches at once", async () => {
    await t.db.update(branches).set({ isActive: false }).where(eq(branches.id, chilonzor));
    forgetGeo(t.db, lavash);
    const stale = await listBranches(t.db, { merchantId: lavash });
    expect(stale.find((b) => b.id === chilonzor)?.isActive).toBe(false);
    const file: unknown = JSON.parse(fs.readFileSync(path.join(DEMO_BRANDS_DIR, "lavash.json"), "utf8"));
    await importBrand(t.db, file);
    const fresh = await listBranches(t.db, { merchantId: lavash });
    expect(fresh.find((b) => b.id === chilonzor)?.isActive).toBe(true);
  });
});
