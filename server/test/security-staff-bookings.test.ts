/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Two holes of one security issue, on the demo brand plov:
// - staff bound to one branch acted brand-wide: they published news to every customer (with an
//   image from any host) and read any courier's phone and live position, through the staff routes
//   and the customers' courier route. One rule (src/domain/staff-scope.ts) now keeps them to their
//   branches, and the customers' courier route answers only for the caller's own delivery;
// - one customer could hold every booking slot of a branch: the brand's limits of open bookings per
//   branch and in all are enforced, also when the requests come all at once.
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingDays } from "#domain/booking.ts";
import { localMoment } from "#domain/order-time.ts";
import {
  branches,
  couriers,
  diningTables,
  merchantWebSettings,
  notifications,
  orders,
  products,
  reservations,
  staffBranches,
  users,
} from "../src/db/schema/index.ts";
import { parseBrandFile } from "../src/import/brand-file.ts";
import { DEMO_BRANDS_DIR } from "../src/import/demo.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { freshPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

const TZ = "Asia/Tashkent";
const IMAGE_HOST = "https://cdn.example.com";

let t: TestApp;
let plov: string;
/** Beshyog'och: open around the clock, 46 seats. */
let ownBranch: string;
/** Yunusobod: the other branch. */
let otherBranch: string;

async function person(
  role: "CUSTOMER" | "STAFF" = "CUSTOMER",
  bindTo: string[] = [],
  brandRole: "MANAGER" | null = null,
) {
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: plov, phone: freshPhone(), firstName: "Test", role, brandRole })
    .returning();
  for (const branchId of bindTo)
    await t.db.insert(staffBranches).values({ merchantId: plov, userId: user!.id, branchId });
  const { token } = await createSession(t.db, { merchantId: plov, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token };
}
type Person = Awaited<ReturnType<typeof person>>;

const as = (p: Person) => ({ merchant: plov, authorization: `Bearer ${p.token}` });

function expectError(res: { statusCode: number; body: string }, status: number, code: string) {
  const body = JSON.parse(res.body) as { status: number; code: string; description: Record<string, string> };
  expect(body.code, res.body).toBe(code);
  expect(res.statusCode).toBe(status);
  expect(body.status).toBe(status);
  for (const lang of ["uz", "ru", "eng"]) expect(body.description[lang], lang).toMatch(/\S/);
}

/** A courier (a staff account of their own) of the branch, or of no branch. */
async function courier(branchId: string | null) {
  const rider = await person("STAFF");
  const [row] = await t.db
    .insert(couriers)
    .values({ merchantId: plov, userId: rider.id, branchId, latitude: 41.31, longitude: 69.28 })
    .returning();
  return { id: row!.id, userId: rider.id, rider };
}

beforeAll(async () => {
  t = await createTestApp({ env: { IMAGE_HOSTS: IMAGE_HOST } });
  plov = await merchantId(t, "plov");
  const rows = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
  ownBranch = rows.find((b) => b.name.uz === "Beshyog'och")!.id;
  otherBranch = rows.find((b) => b.name.uz === "Yunusobod")!.id;
});

afterAll(async () => {
  await t.close();
});

describe("the brand's news is a brand-wide action", () => {
  const news = (image?: string | null) => ({
    title: { uz: "Yangilik", ru: "Новость", eng: "News" },
    body: { uz: "Matn", ru: "Текст", eng: "Text" },
    ...(image === undefined ? {} : { image }),
  });
  const publish = (p: Person, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/staff/v1/notifications", headers: as(p), payload });

  it("refuses staff bound to a branch with 403 STAFF_BRANCH_FORBIDDEN and publishes nothing", async () => {
    const bound = await person("STAFF", [ownBranch], "MANAGER");
    const published = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.merchantId, plov))).length;
    const before = await published();
    expectError(await publish(bound, news()), 403, "STAFF_BRANCH_FORBIDDEN");
    expectError(await publish(bound, news("/demo/plov.svg")), 403, "STAFF_BRANCH_FORBIDDEN");
    // Bound to every branch of the brand is still bound: news is not a branch's.
    const everywhere = await person("STAFF", [ownBranch, otherBranch], "MANAGER");
    expectError(await publish(everywhere, news()), 403, "STAFF_BRANCH_FORBIDDEN");
    expect(await published()).toBe(before);
  });

  it("lets a manager bound to no branch publish, with an image of the site or of a listed image host", async () => {
    const unbound = await person("STAFF", [], "MANAGER");
    const plain = await publish(unbound, news());
    expect(plain.statusCode, plain.body).toBe(201);
    const local = await publish(unbound, news("/demo/plov.svg"));
    expect(local.statusCode, local.body).toBe(201);
    expect(local.json<{ image: string }>().image).toBe("/demo/plov.svg");
    const listed = await publish(unbound, news(`${IMAGE_HOST}/news/opening.jpg`));
    expect(listed.statusCode, listed.body).toBe(201);
  });

  it("refuses a news image on any other host with 400 IMAGE_HOST_NOT_ALLOWED", async () => {
    const unbound = await person("STAFF", [], "MANAGER");
    for (const image of [
      "https://tracker.example/pixel.gif",
      "https://cdn.example.com.tracker.example/pixel.gif",
      "http://cdn.example.com/news/opening.jpg",
    ])
      expectError(await publish(unbound, news(image)), 400, "IMAGE_HOST_NOT_ALLOWED");
    expect((await publish(unbound, news("//tracker.example/pixel.gif"))).statusCode).toBe(400);
  });
});

describe("couriers for branch-bound staff", () => {
  let bound: Person;
  let unbound: Person;
  let own: Awaited<ReturnType<typeof courier>>;
  let other: Awaited<ReturnType<typeof courier>>;
  let brandWide: Awaited<ReturnType<typeof courier>>;

  beforeAll(async () => {
    bound = await person("STAFF", [ownBranch]);
    unbound = await person("STAFF");
    own = await courier(ownBranch);
    other = await courier(otherBranch);
    brandWide = await courier(null);
  });

  const list = async (p: Person) =>
    (await t.app.inject({ method: "GET", url: "/api/staff/v1/couriers", headers: as(p) }))
      .json<{ id: string }[]>()
      .map((c) => c.id);

  it("lists a bound staff member only the couriers of their branches; unbound staff see all", async () => {
    const seen = await list(bound);
    expect(seen).toContain(own.id);
    expect(seen).not.toContain(other.id);
    // A courier of no branch is brand-wide, with their phone and position: not for bound staff.
    expect(seen).not.toContain(brandWide.id);
    expect(await list(unbound)).toEqual(expect.arrayContaining([own.id, other.id, brandWide.id]));
  });

  it("answers 404 to a bound staff member who reaches another branch's courier by id", async () => {
    for (const target of [other, brandWide]) {
      const moved = await t.app.inject({
        method: "PUT",
        url: `/api/staff/v1/couriers/${target.id}/position`,
        headers: as(bound),
        payload: { latitude: 1, longitude: 1 },
      });
      expectError(moved, 404, "NOT_FOUND");
      // "Making" an existing courier of another branch a courier answered their row.
      const made = await t.app.inject({
        method: "POST",
        url: "/api/staff/v1/couriers",
        headers: as(bound),
        payload: { userId: target.userId, branchId: ownBranch },
      });
      expectError(made, 404, "NOT_FOUND");
      expect(made.body).not.toContain("41.31");
    }
    const [untouched] = await t.db.select().from(couriers).where(eq(couriers.id, other.id));
    expect(untouched).toMatchObject({ latitude: 41.31, longitude: 69.28, branchId: otherBranch });
    // Couriers of no branch are made by unbound staff only.
    const fresh = await person();
    expectError(
      await t.app.inject({
        method: "POST",
        url: "/api/staff/v1/couriers",
        headers: as(bound),
        payload: { userId: fresh.id },
      }),
      403,
      "STAFF_BRANCH_FORBIDDEN",
    );
  });

  it("refuses a bound staff member another branch's courier through the customers' courier route", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/deliveries/v1/delivery/courier/${other.id}`,
      headers: as(bound),
    });
    expectError(res, 404, "NOT_FOUND");
    expect(res.body).not.toContain("41.31");
  });
});

describe("the customers' courier route", () => {
  let buyer: Person;
  let carrying: Awaited<ReturnType<typeof courier>>;
  let idle: Awaited<ReturnType<typeof courier>>;
  let orderId: string;

  const follow = (p: Person, courierId: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/deliveries/v1/delivery/courier/${courierId}`,
      headers: as(p),
    });

  beforeAll(async () => {
    buyer = await person();
    carrying = await courier(ownBranch);
    idle = await courier(ownBranch);
    // An order of the buyer's at the branch, then handed to the courier and on its way.
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.code, "plov-Kq7mT2"));
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.merchantId, plov), eq(products.active, true), eq(products.isAvailable, true)))
      .limit(1);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: as(buyer),
      payload: {
        serviceType: "DINE_IN",
        paymentType: "CASH",
        tableId: table!.id,
        cartItems: [{ productId: product!.id, count: 1, modifications: [] }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json<{ id: string }>().id;
    await t.db.update(orders).set({ courierId: carrying.id, status: "ON_WAY" }).where(eq(orders.id, orderId));
  });

  it("shows the customer the courier carrying their order, with the position", async () => {
    const res = await follow(buyer, carrying.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: carrying.id, latitude: 41.31, longitude: 69.28 });
  });

  it("answers 404 for a courier who is not delivering the caller's order, whoever the caller is", async () => {
    expectError(await follow(buyer, idle.id), 404, "NOT_FOUND");
    // Staff accounts (every courier has one) follow nobody through it: they use the staff routes.
    expectError(await follow(idle.rider, carrying.id), 404, "NOT_FOUND");
    expectError(await follow(await person("STAFF"), carrying.id), 404, "NOT_FOUND");
    // Once delivered, the customer no longer follows the courier either.
    await t.db.update(orders).set({ status: "DELIVERED" }).where(eq(orders.id, orderId));
    expectError(await follow(buyer, carrying.id), 404, "NOT_FOUND");
  });
});

describe("open bookings per customer", () => {
  /** Days ahead (not today) on which both branches take bookings at noon (Yunusobod closes Mondays). */
  let days: string[];
  const at = (day: string, time: string) => localMoment(day, time, TZ).toISOString();
  const book = (p: Person, branchId: string, time: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/orders/v1/reservations",
      headers: as(p),
      payload: { branchId, guests: 2, name: "Aziz", phone: "+998901112233", time },
    });
  const limits = (set: { bookingOpenPerBranch: number; bookingOpenTotal: number }) =>
    t.db.update(merchantWebSettings).set(set).where(eq(merchantWebSettings.merchantId, plov));
  const held = async (p: Person) =>
    (await t.db.select().from(reservations).where(eq(reservations.userId, p.id))).filter(
      (r) => r.status === "REQUESTED",
    ).length;

  beforeAll(async () => {
    days = bookingDays(new Date(), TZ)
      .slice(1)
      .filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 1);
    // The brand's defaults: 2 open bookings per branch, 4 in all.
    await limits({ bookingOpenPerBranch: 2, bookingOpenTotal: 4 });
  });

  it("refuses the third open booking at one branch with 409 BOOKING_LIMIT; a cancelled or past one does not count", async () => {
    const c = await person();
    expect((await book(c, ownBranch, at(days[0]!, "12:00"))).statusCode).toBe(201);
    const second = await book(c, ownBranch, at(days[1]!, "12:00"));
    expect(second.statusCode).toBe(201);
    expectError(await book(c, ownBranch, at(days[2]!, "12:00")), 409, "BOOKING_LIMIT");
    // The other branch still takes them.
    expect((await book(c, otherBranch, at(days[2]!, "12:00"))).statusCode).toBe(201);
    // A booking that is over, though never closed by staff, is not open.
    const past = new Date(Date.now() - 4 * 3_600_000);
    await t.db.insert(reservations).values({
      merchantId: plov,
      userId: c.id,
      branchId: ownBranch,
      name: "Aziz",
      phone: "+998901112233",
      chairs: 2,
      time: past,
      endTime: new Date(past.getTime() + 2 * 3_600_000),
      status: "CONFIRMED",
    });
    expectError(await book(c, ownBranch, at(days[3]!, "12:00")), 409, "BOOKING_LIMIT");
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/orders/v1/reservations/${second.json<{ id: string }>().id}/cancel`,
      headers: as(c),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await book(c, ownBranch, at(days[3]!, "12:00"))).statusCode).toBe(201);
  });

  it("refuses the booking over the brand's total across branches with 409 BOOKING_LIMIT", async () => {
    await limits({ bookingOpenPerBranch: 3, bookingOpenTotal: 4 });
    try {
      const c = await person();
      for (const [branchId, day] of [
        [ownBranch, days[0]!],
        [ownBranch, days[1]!],
        [ownBranch, days[2]!],
        [otherBranch, days[0]!],
      ] as const)
        expect((await book(c, branchId, at(day, "13:00"))).statusCode).toBe(201);
      expectError(await book(c, otherBranch, at(days[1]!, "13:00")), 409, "BOOKING_LIMIT");
      expect(await held(c)).toBe(4);
    } finally {
      await limits({ bookingOpenPerBranch: 2, bookingOpenTotal: 4 });
    }
  });

  it("of 6 bookings sent at once to one branch, exactly the per-branch limit get through", async () => {
    const c = await person();
    const answers = await Promise.all(days.slice(0, 6).map((day) => book(c, ownBranch, at(day, "15:00"))));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const r of answers.filter((a) => a.statusCode !== 201)) expectError(r, 409, "BOOKING_LIMIT");
    expect(await held(c)).toBe(2);
  });

  it("of 6 bookings sent at once to two branches, exactly the total limit get through", async () => {
    await limits({ bookingOpenPerBranch: 10, bookingOpenTotal: 4 });
    try {
      const c = await person();
      const answers = await Promise.all(
        days.slice(0, 6).map((day, i) => book(c, i % 2 === 0 ? ownBranch : otherBranch, at(day, "16:00"))),
      );
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
      for (const r of answers.filter((a) => a.statusCode !== 201)) expectError(r, 409, "BOOKING_LIMIT");
      expect(await held(c)).toBe(4);
    } finally {
      await limits({ bookingOpenPerBranch: 2, bookingOpenTotal: 4 });
    }
  });

  it("takes the limits from a brand file's web settings, 2 and 4 when it names none", () => {
    const demo = JSON.parse(fs.readFileSync(path.join(DEMO_BRANDS_DIR, "plov.json"), "utf8")) as {
      webSettings?: Record<string, unknown>;
    };
    const read = (settings: Record<string, unknown>) =>
      parseBrandFile({ ...demo, webSettings: { ...demo.webSettings, ...settings } });
    const unset = read({});
    expect(unset.success && unset.data.webSettings).toMatchObject({
      bookingOpenPerBranch: 2,
      bookingOpenTotal: 4,
    });
    const set = read({ bookingOpenPerBranch: 1, bookingOpenTotal: 3 });
    expect(set.success && set.data.webSettings).toMatchObject({
      bookingOpenPerBranch: 1,
      bookingOpenTotal: 3,
    });
    const bad = read({ bookingOpenPerBranch: 0 });
    expect(bad.success ? [] : bad.issues.map((i) => i.path)).toContain("webSettings.bookingOpenPerBranch");
  });
});
