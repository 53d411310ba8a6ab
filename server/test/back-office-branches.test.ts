/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// A branch's own card in the back office (issue 36), finished: the payment types it takes (the
// checkout's order refused with one it does not), its holidays (closed as outside its hours, past
// ones dropping out), managers bound to branches editing their own branches only, and a save of the
// week that keeps a service's own hours on the days it did not change.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaceBranch, PlaceBranchBody } from "#domain/contract/back-office-places.ts";
import { localDate } from "#domain/hours.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { branches, branchWorkHours, staffBranches, users } from "../src/db/schema/index.ts";
import { forgetGeo } from "../src/repositories/geo.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

const TZ = "Asia/Tashkent";
let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let mirobod: string;
let product: string;
let seq = 0;

async function person(
  merchant: string,
  options: { role?: "CUSTOMER" | "STAFF" | "ADMIN"; brandRole?: BrandRole; branch?: string } = {},
) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99894${String(7300000 + seq)}`,
      firstName: "Aziz",
      lastName: `Manager ${String(seq)}`,
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  if (options.branch)
    await t.db
      .insert(staffBranches)
      .values({ merchantId: merchant, userId: user!.id, branchId: options.branch });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { merchant, authorization: `Bearer ${token}` };
}
type Person = Awaited<ReturnType<typeof person>>;

const call = (who: Person, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/staff/v1/${url}`, headers: who, ...(payload ? { payload } : {}) });

async function branchOf(who: Person, id: string): Promise<PlaceBranch> {
  const res = await call(who, "GET", "branches");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PlaceBranch[]>().find((b) => b.id === id)!;
}

/** The body the console sends for the branch as it is, with these changes. */
function bodyOf(b: PlaceBranch, changes: Partial<PlaceBranchBody> = {}): PlaceBranchBody {
  return {
    version: b.version,
    name: b.name,
    address: b.address,
    phone: b.phone,
    latitude: b.latitude,
    longitude: b.longitude,
    isActive: b.isActive,
    services: b.services,
    hours: b.hours,
    ...changes,
  };
}

function order(who: Person, paymentType: string, quote = false) {
  return t.app.inject({
    method: "POST",
    url: quote ? "/api/orders/v1/orders/quote" : "/api/orders/v1/orders",
    headers: who,
    payload: {
      serviceType: "PICK_UP",
      paymentType,
      cartItems: [{ productId: product, count: 1, modifications: [] }],
      branchId: chilonzor,
    },
  });
}

async function storefrontBranch(): Promise<{
  paymentTypes: string[] | null;
  workHours: { type: string; closedOn?: string[] }[];
}> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/users/v1/branches/${chilonzor}`,
    headers: { merchant: lavash },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const dayAfter = (days: number) => localDate(new Date(Date.now() + days * 86_400_000), TZ);

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  mirobod = await branchNamed(t, lavash, "Mirobod");
  product = await plainProduct(t, lavash);
});

afterAll(async () => {
  await t.close();
});

describe("a branch's payment types", () => {
  it("lists every method of the brand for a branch that never chose, and an order with a method the branch no longer takes is refused", async () => {
    const owner = await person(lavash, { brandRole: "OWNER" });
    const customer = await person(lavash, { role: "CUSTOMER" });
    const brandTypes = (await call(owner, "GET", "branches/payment-types")).json<string[]>();
    expect(brandTypes).toEqual(expect.arrayContaining(["CASH", "TERMINAL", "PAYME"]));
    const before = await branchOf(owner, chilonzor);
    expect(before.paymentTypes).toEqual(brandTypes);
    expect((await storefrontBranch()).paymentTypes).toBeNull();
    expect((await order(customer, "TERMINAL", true)).statusCode).toBe(200);

    const saved = await call(
      owner,
      "PUT",
      `branches/${chilonzor}`,
      bodyOf(before, { paymentTypes: ["CASH"] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PlaceBranch>().paymentTypes).toEqual(["CASH"]);
    expect((await storefrontBranch()).paymentTypes).toEqual(["CASH"]);

    const refused = await order(customer, "TERMINAL");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "PAYMENT_TYPE_UNAVAILABLE" });
    expect((await order(customer, "CASH")).statusCode).toBe(201);
    // Another branch of the brand still takes it (open around the clock here, so that the check
    // does not hang on the hour the suite runs at).
    await t.db
      .update(branchWorkHours)
      .set({ open: "00:00", close: "23:59", isDayOff: false })
      .where(eq(branchWorkHours.branchId, mirobod));
    forgetGeo(t.db);
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders/quote",
      headers: customer,
      payload: {
        serviceType: "PICK_UP",
        paymentType: "TERMINAL",
        cartItems: [{ productId: product, count: 1, modifications: [] }],
        branchId: mirobod,
      },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    // Every method again is the brand's whole list (a method added later is taken too); the log has both.
    const current = await branchOf(owner, chilonzor);
    const back = await call(
      owner,
      "PUT",
      `branches/${chilonzor}`,
      bodyOf(current, { paymentTypes: brandTypes as never }),
    );
    expect(back.json<PlaceBranch>().paymentTypes).toEqual(brandTypes);
    expect((await storefrontBranch()).paymentTypes).toBeNull();
    const [row] = await t.db.select().from(branches).where(eq(branches.id, chilonzor));
    expect(row!.paymentTypes).toBeNull();
    const log = await call(owner, "GET", `audit?entity=branch&entityId=${chilonzor}`);
    expect(log.json<{ after: { paymentTypes?: string[] } }[]>()[1]!.after.paymentTypes).toEqual(["CASH"]);
  });

  it("refuses none at all and a type the brand has no method of, and changes nothing", async () => {
    const owner = await person(lavash, { brandRole: "OWNER" });
    const before = await branchOf(owner, chilonzor);
    for (const paymentTypes of [[], ["CLICK"]] as const) {
      const res = await call(
        owner,
        "PUT",
        `branches/${chilonzor}`,
        bodyOf(before, { paymentTypes: [...paymentTypes] }),
      );
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await branchOf(owner, chilonzor)).version).toBe(before.version);
  });
});

describe("a branch's holidays", () => {
  it("closes the branch on the day as outside its hours, lists only days from today on, and opens it again when removed", async () => {
    const owner = await person(lavash, { brandRole: "OWNER" });
    const customer = await person(lavash, { role: "CUSTOMER" });
    const today = dayAfter(0);
    const later = dayAfter(10);
    const before = await branchOf(owner, chilonzor);
    const saved = await call(
      owner,
      "PUT",
      `branches/${chilonzor}`,
      bodyOf(before, {
        holidays: [
          { date: later, note: " Navruz " },
          { date: today, note: null },
          { date: dayAfter(-3), note: "past" },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PlaceBranch>().holidays).toEqual([
      { date: today, note: null },
      { date: later, note: "Navruz" },
    ]);
    const hours = (await storefrontBranch()).workHours;
    for (const entry of hours) expect(entry.closedOn).toEqual(expect.arrayContaining([today, later]));
    const closed = await order(customer, "CASH");
    expect(closed.json()).toMatchObject({ code: "BRANCH_HOLIDAY" });

    // Saving without the list keeps it; an empty list removes the days from today on.
    const kept = await call(
      owner,
      "PUT",
      `branches/${chilonzor}`,
      bodyOf(saved.json<PlaceBranch>(), { phone: "+998 90 111 22 33" }),
    );
    expect(kept.json<PlaceBranch>().holidays).toHaveLength(2);
    const removed = await call(
      owner,
      "PUT",
      `branches/${chilonzor}`,
      bodyOf(kept.json<PlaceBranch>(), { holidays: [] }),
    );
    expect(removed.json<PlaceBranch>().holidays).toEqual([]);
    expect((await storefrontBranch()).workHours.every((w) => !w.closedOn?.includes(today))).toBe(true);
    expect((await order(customer, "CASH")).statusCode).toBe(201);
  });

  it("refuses a date that is not one and the same date twice", async () => {
    const owner = await person(lavash, { brandRole: "OWNER" });
    const before = await branchOf(owner, chilonzor);
    for (const holidays of [
      [{ date: "2031-02-30", note: null }],
      [{ date: "tomorrow", note: null }],
      [
        { date: dayAfter(5), note: null },
        { date: dayAfter(5), note: "again" },
      ],
    ]) {
      expect(
        (await call(owner, "PUT", `branches/${chilonzor}`, bodyOf(before, { holidays }))).statusCode,
      ).toBe(400);
    }
  });
});

describe("a manager bound to branches", () => {
  it("sees and edits their own branch's card, keeps its name and place, and may not add branches or zones", async () => {
    const manager = await person(lavash, { brandRole: "MANAGER", branch: chilonzor });
    const list = await call(manager, "GET", "branches");
    expect(list.statusCode).toBe(200);
    expect(list.json<PlaceBranch[]>().map((b) => b.id)).toEqual([chilonzor]);
    const me = await call(manager, "GET", "me");
    expect(me.json<{ manages: string[] }>().manages).toEqual(["branches"]);

    const before = await branchOf(manager, chilonzor);
    const saved = await call(
      manager,
      "PUT",
      `branches/${chilonzor}`,
      bodyOf(before, {
        phone: "+998 90 555 44 33",
        paymentTypes: ["CASH", "TERMINAL"],
        holidays: [{ date: dayAfter(20), note: null }],
        name: { eng: "Renamed" },
        latitude: 40,
        isActive: false,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PlaceBranch>()).toMatchObject({
      phone: "+998905554433",
      paymentTypes: ["CASH", "TERMINAL"],
      holidays: [{ date: dayAfter(20), note: null }],
      name: before.name,
      latitude: before.latitude,
      isActive: true,
    });

    expect((await call(manager, "POST", "branches", bodyOf(before))).statusCode).toBe(403);
    expect((await call(manager, "GET", "zones")).statusCode).toBe(403);
    expect((await call(manager, "GET", "products")).statusCode).toBe(403);
  });

  it("a manager of another branch, an operator, the kitchen, a customer and another brand's owner are refused and change nothing", async () => {
    const owner = await person(lavash, { brandRole: "OWNER" });
    const before = await branchOf(owner, chilonzor);
    const refused: [Person, number][] = [
      [await person(lavash, { brandRole: "MANAGER", branch: mirobod }), 403],
      [await person(lavash, { brandRole: "OPERATOR", branch: chilonzor }), 403],
      [await person(lavash, { brandRole: "KITCHEN", branch: chilonzor }), 403],
      [await person(lavash, { role: "CUSTOMER" }), 403],
      [await person(plov, { brandRole: "OWNER" }), 404],
    ];
    for (const [who, status] of refused) {
      const res = await call(
        who,
        "PUT",
        `branches/${chilonzor}`,
        bodyOf(before, { phone: null, holidays: [] }),
      );
      expect(res.statusCode, res.body).toBe(status);
    }
    const other = await call(refused[0]![0], "GET", "branches");
    expect(other.json<PlaceBranch[]>().map((b) => b.id)).toEqual([mirobod]);
    expect(await branchOf(owner, chilonzor)).toEqual(before);
  });
});

describe("a week of hours saved from the console", () => {
  it("keeps a service's own hours on the days it did not change, and writes a changed day for every service", async () => {
    const owner = await person(lavash, { brandRole: "OWNER" });
    const pickupMonday = and(
      eq(branchWorkHours.branchId, mirobod),
      eq(branchWorkHours.type, "PICK_UP"),
      eq(branchWorkHours.weekName, "MONDAY"),
    );
    // As a brand file may keep it: pickup opens later on Mondays than delivery.
    await t.db
      .update(branchWorkHours)
      .set({ open: "12:00", close: "20:00", isDayOff: false })
      .where(pickupMonday);
    const before = await branchOf(owner, mirobod);
    expect(before.hoursDiffer).toBe(true);

    const phoneOnly = await call(
      owner,
      "PUT",
      `branches/${mirobod}`,
      bodyOf(before, { phone: "+998 90 777 66 55" }),
    );
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
    expect((await t.db.select().from(branchWorkHours).where(pickupMonday))[0]).toMatchObject({
      open: "12:00",
    });

    const tuesday = phoneOnly
      .json<PlaceBranch>()
      .hours.map((d) =>
        d.weekName === "TUESDAY" ? { ...d, closed: false, open: "08:00", close: "21:00" } : d,
      );
    const saved = await call(
      owner,
      "PUT",
      `branches/${mirobod}`,
      bodyOf(phoneOnly.json<PlaceBranch>(), { hours: tuesday }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await t.db.select().from(branchWorkHours).where(eq(branchWorkHours.branchId, mirobod));
    expect(rows.find((r) => r.type === "PICK_UP" && r.weekName === "MONDAY")).toMatchObject({
      open: "12:00",
    });
    for (const type of ["PICK_UP", "DELIVERY"] as const)
      expect(rows.find((r) => r.type === type && r.weekName === "TUESDAY")).toMatchObject({
        open: "08:00",
        close: "21:00",
      });
  });
});
