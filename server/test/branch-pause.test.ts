/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// "Pause for 30 minutes" (issue 44, item 15): staff pause a service at their branch and the
// storefront refuses it there as when it is switched off for the day; once the stored moment has
// passed it is taken again by itself (no worker: every reader compares with now), and "resume now"
// brings it back at once. A past until-time stands in for the 30 minutes going by.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAUSE_MINUTES } from "#domain/hours.ts";
import {
  branchPauses,
  branches,
  diningTables,
  products,
  staffBranches,
  users,
} from "../src/db/schema/index.ts";
import { forgetGeo } from "../src/repositories/geo.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

let t: TestApp;
let lavash: string;
let chilonzor: string;
let mirobod: string;
let product: string;
let seq = 0;

async function person(role: "CUSTOMER" | "STAFF", bindTo: string[] = []) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: lavash, phone: `+99894${String(6100000 + seq)}`, role })
    .returning();
  for (const branchId of bindTo)
    await t.db.insert(staffBranches).values({ merchantId: lavash, userId: user!.id, branchId });
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { merchant: lavash, authorization: `Bearer ${token}` };
}

function place(who: Record<string, string>, serviceType: "DELIVERY" | "PICK_UP", quote = false) {
  return t.app.inject({
    method: "POST",
    url: quote ? "/api/orders/v1/orders/quote" : "/api/orders/v1/orders",
    headers: who,
    payload: {
      serviceType,
      paymentType: "CASH",
      cartItems: [{ productId: product, count: 1, modifications: [] }],
      ...(serviceType === "DELIVERY" ? { address: ADDRESS } : {}),
      branchId: chilonzor,
    },
  });
}

function pause(who: Record<string, string>, branchId: string, services: string[], paused: boolean) {
  return t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/branches/${branchId}/pause`,
    headers: who,
    payload: { services, paused },
  });
}

type Today = { paused: { type: string; until: string }[] };
type Branch = { id: string; workHours: { type: string; pausedUntil?: string }[] };

async function storefrontBranch(): Promise<Branch> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/users/v1/branches",
    headers: { merchant: lavash },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Branch[]>().find((b) => b.id === chilonzor)!;
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  mirobod = await branchNamed(t, lavash, "Mirobod");
  product = await plainProduct(t, lavash);
});

afterAll(async () => {
  await t.close();
});

describe("pausing a service for 30 minutes", () => {
  it("refuses delivery at the paused branch as when it is off, keeps pickup, and takes it again once the time has passed", async () => {
    const staff = await person("STAFF", [chilonzor]);
    const customer = await person("CUSTOMER");
    expect((await place(customer, "DELIVERY")).statusCode).toBe(201);

    const before = Date.now();
    const paused = await pause(staff, chilonzor, ["DELIVERY"], true);
    expect(paused.statusCode, paused.body).toBe(200);
    const today = paused.json<Today>();
    expect(today.paused.map((p) => p.type)).toEqual(["DELIVERY"]);
    const until = new Date(today.paused[0]!.until).getTime();
    expect(until - before).toBeGreaterThanOrEqual(PAUSE_MINUTES * 60_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(PAUSE_MINUTES * 60_000 + 5000);

    // The storefront reads the pause with the hours, and placing is refused as for a closed branch.
    const hours = (await storefrontBranch()).workHours.find((w) => w.type === "DELIVERY");
    expect(hours?.pausedUntil).toBe(today.paused[0]!.until);
    const refused = await place(customer, "DELIVERY");
    expect(refused.json<{ code: string }>().code, refused.body).toBe("BRANCH_CLOSED");
    expect(refused.statusCode).toBe(400);
    // The checkout's quote says so before the customer presses "Order".
    const quoted = await place(customer, "DELIVERY", true);
    expect(quoted.json<{ code: string }>().code, quoted.body).toBe("BRANCH_CLOSED");
    // Only delivery is paused: pickup at the same branch still goes through.
    expect((await place(customer, "PICK_UP")).statusCode).toBe(201);

    // The 30 minutes are over: the stored moment is in the past, and delivery is taken by itself.
    await t.db
      .update(branchPauses)
      .set({ until: new Date(Date.now() - 60_000) })
      .where(and(eq(branchPauses.branchId, chilonzor), eq(branchPauses.type, "DELIVERY")));
    forgetGeo(t.db);
    expect((await place(customer, "DELIVERY", true)).statusCode).toBe(200);
    const again = await place(customer, "DELIVERY");
    expect(again.statusCode, again.body).toBe(201);
    const after = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/branches/${chilonzor}/today`,
      headers: staff,
    });
    expect(after.json<Today>().paused).toEqual([]);
  });

  it("resumes at once with 'resume now', and a pause of every service refuses pickup too", async () => {
    const staff = await person("STAFF");
    const customer = await person("CUSTOMER");
    const all = await pause(staff, chilonzor, ["DELIVERY", "PICK_UP", "DINE_IN"], true);
    expect(all.statusCode, all.body).toBe(200);
    expect(
      all
        .json<Today>()
        .paused.map((p) => p.type)
        .sort(),
    ).toEqual(["DELIVERY", "DINE_IN", "PICK_UP"]);
    expect((await place(customer, "PICK_UP")).json<{ code: string }>().code).toBe("BRANCH_CLOSED");
    expect((await place(customer, "DELIVERY")).json<{ code: string }>().code).toBe("BRANCH_CLOSED");

    const resumed = await pause(staff, chilonzor, ["DELIVERY", "PICK_UP", "DINE_IN"], false);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<Today>().paused).toEqual([]);
    expect((await storefrontBranch()).workHours.every((w) => w.pausedUntil === undefined)).toBe(true);
    expect((await place(customer, "PICK_UP")).statusCode).toBe(201);
    expect((await place(customer, "DELIVERY")).statusCode).toBe(201);
  });

  it("is refused to a customer, to staff of another branch and for an unknown service", async () => {
    const storedPauses = () => t.db.select().from(branchPauses).where(eq(branchPauses.branchId, chilonzor));
    const before = await storedPauses();
    const customer = await person("CUSTOMER");
    expect((await pause(customer, chilonzor, ["DELIVERY"], true)).statusCode).toBe(403);
    const elsewhere = await person("STAFF", [mirobod]);
    const other = await pause(elsewhere, chilonzor, ["DELIVERY"], true);
    expect(other.statusCode).toBe(403);
    expect(other.json<{ code: string }>().code).toBe("STAFF_BRANCH_FORBIDDEN");
    const staff = await person("STAFF", [chilonzor]);
    expect((await pause(staff, chilonzor, ["TAKEAWAY"], true)).statusCode).toBe(400);
    expect((await pause(staff, chilonzor, [], true)).statusCode).toBe(400);
    // Nothing was written by any of them.
    expect(await storedPauses()).toEqual(before);
  });

  it("of dine-in refuses orders at a table, yet the guests already seated still open their table and call the waiter", async () => {
    const plov = await merchantId(t, "plov");
    const [main] = await t.db
      .select()
      .from(branches)
      .where(and(eq(branches.merchantId, plov), eq(branches.isMain, true)));
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.code, "plov-Rz4pW9"));
    const menu = await t.db.query.products.findMany({
      where: and(eq(products.merchantId, plov), eq(products.active, true), eq(products.isAvailable, true)),
      with: { modificationGroups: true, productBranches: true },
    });
    const dish = menu.find(
      (p) =>
        p.webEnabled &&
        p.stock === null &&
        p.modificationGroups.every((g) => g.minSelect === 0) &&
        p.productBranches.some((l) => l.branchId === main!.id && l.isActive),
    )!;
    seq += 1;
    const [staffUser] = await t.db
      .insert(users)
      .values({ merchantId: plov, phone: `+99894${String(6200000 + seq)}`, role: "STAFF" })
      .returning();
    const staff = {
      merchant: plov,
      authorization: `Bearer ${(await createSession(t.db, { merchantId: plov, userId: staffUser!.id, channel: "WEB" })).token}`,
    };
    const [guestUser] = await t.db
      .insert(users)
      .values({ merchantId: plov, phone: `+99894${String(6300000 + seq)}`, role: "CUSTOMER" })
      .returning();
    const guest = {
      merchant: plov,
      authorization: `Bearer ${(await createSession(t.db, { merchantId: plov, userId: guestUser!.id, channel: "WEB" })).token}`,
    };
    const order = () =>
      t.app.inject({
        method: "POST",
        url: "/api/orders/v1/orders",
        headers: guest,
        payload: {
          serviceType: "DINE_IN",
          paymentType: "CASH",
          cartItems: [{ productId: dish.id, count: 1, modifications: [] }],
          tableId: table!.id,
        },
      });

    const paused = await pause(staff, main!.id, ["DINE_IN"], true);
    expect(paused.statusCode, paused.body).toBe(200);
    try {
      const refused = await order();
      expect(refused.statusCode, refused.body).toBe(400);
      // As when the branch is closed for dine-in: the table is closed for orders.
      expect(refused.json<{ code: string }>().code).toBe("TABLE_CLOSED");
      const opened = await t.app.inject({
        method: "GET",
        url: "/api/orders/v1/tables/plov-Rz4pW9",
        headers: { merchant: plov },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const call = await t.app.inject({
        method: "POST",
        url: "/api/orders/v1/waiter-calls",
        headers: { merchant: plov },
        payload: { tableCode: "plov-Rz4pW9", reason: "CALL" },
      });
      expect([200, 201], call.body).toContain(call.statusCode);
    } finally {
      await pause(staff, main!.id, ["DINE_IN"], false);
    }
    expect((await order()).statusCode).toBe(201);
  });
});
