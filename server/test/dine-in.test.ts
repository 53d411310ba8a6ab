/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Dine-in at a table: a table's QR code resolves only within its brand and only while its table and
// branch serve; orders placed at a table carry the table and are refused for anyone else's; waiter
// calls keep one open call per table and reason, are limited per table, and staff answers reach the
// guest's table stream.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  branches,
  branchWorkHours,
  diningTables,
  products,
  users,
  waiterCalls,
} from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetGeo } from "../src/repositories/geo.ts";
import { WAITER_CALL_LIMIT } from "#domain/waiter-calls.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { freshIp } from "./support/accounts.ts";

let t: TestApp;
let plov: string;
let lavash: string;
let beshyogoch: string;
let yunusabad: string;
let productId: string;
let phoneSeq = 0;

/** Beshyog'och (open around the clock), main hall. */
const TABLE_1 = "plov-Kq7mT2";
const TABLE_2 = "plov-Rz4pW9";
const TABLE_3 = "plov-Hd8sN3";
const TABLE_4 = "plov-Vb2xL6";
const TABLE_5 = "plov-Mf6cJ8";
/** Yunusobod, main hall. */
const YUNUSABAD_TABLE = "plov-Ue8hZ3";

async function person(merchant: string, role: "CUSTOMER" | "STAFF" = "CUSTOMER") {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99893${String(1000000 + phoneSeq)}`, role })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, merchant };
}
type Person = Awaited<ReturnType<typeof person>>;

const as = (p: Person) => ({ merchant: p.merchant, authorization: `Bearer ${p.token}` });

async function tableByCode(code: string) {
  const [row] = await t.db.select().from(diningTables).where(eq(diningTables.code, code));
  return row!;
}

function resolve(code: string, merchant = plov) {
  return t.app.inject({ method: "GET", url: `/api/orders/v1/tables/${code}`, headers: { merchant } });
}

function callWaiter(
  code: string,
  reason: "CALL" | "BILL",
  headers: Record<string, string> = { merchant: plov },
) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders/v1/waiter-calls",
    headers,
    // Each press from an address of its own: the route's per-address limit is not what is tested here.
    remoteAddress: freshIp(),
    payload: { tableCode: code, reason },
  });
}

function staffMove(staff: Person, id: string, to: "acknowledge" | "close") {
  return t.app.inject({ method: "PUT", url: `/api/staff/v1/waiter-calls/${id}/${to}`, headers: as(staff) });
}

beforeAll(async () => {
  t = await createTestApp();
  plov = await merchantId(t, "plov");
  lavash = await merchantId(t, "lavash");
  const rows = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
  beshyogoch = rows.find((b) => b.name.uz === "Beshyog'och")!.id;
  yunusabad = rows.find((b) => b.name.uz === "Yunusobod")!.id;
  // A dish without required options, sold at Beshyog'och.
  const menu = await t.db.query.products.findMany({
    where: and(eq(products.merchantId, plov), eq(products.active, true), eq(products.isAvailable, true)),
    with: { modificationGroups: true, productBranches: true },
  });
  productId = menu.find(
    (p) =>
      p.webEnabled &&
      p.stock === null &&
      p.modificationGroups.every((g) => g.minSelect === 0) &&
      p.productBranches.some((l) => l.branchId === beshyogoch && l.isActive),
  )!.id;
});

afterAll(async () => {
  await t.close();
});

describe("a table's QR code", () => {
  it("names the brand's branch, hall and table", async () => {
    const res = await resolve(TABLE_1);
    expect(res.statusCode).toBe(200);
    const table = await tableByCode(TABLE_1);
    expect(res.json()).toEqual({
      code: TABLE_1,
      branch: expect.objectContaining({
        id: beshyogoch,
        name: expect.objectContaining({ uz: "Beshyog'och" }),
      }),
      hall: { id: table.hallId, name: expect.objectContaining({ eng: expect.any(String) }) },
      table: { id: table.id, name: "1", seats: table.seats },
    });
  });

  it("is unknown to another brand and when nobody has it", async () => {
    const other = await resolve(TABLE_1, lavash);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: "TABLE_NOT_FOUND", description: { uz: expect.any(String) } });
    expect((await resolve("plov-nope99")).json<{ code: string }>().code).toBe("TABLE_NOT_FOUND");
    expect((await resolve("bad code!")).statusCode).toBe(400);
  });

  it("is refused for a switched-off table", async () => {
    await t.db.update(diningTables).set({ isActive: false }).where(eq(diningTables.code, TABLE_5));
    const res = await resolve(TABLE_5);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe("TABLE_UNAVAILABLE");
    expect((await callWaiter(TABLE_5, "CALL")).json<{ code: string }>().code).toBe("TABLE_UNAVAILABLE");
    await t.db.update(diningTables).set({ isActive: true }).where(eq(diningTables.code, TABLE_5));
    expect((await resolve(TABLE_5)).statusCode).toBe(200);
  });

  it("is refused while its branch is closed for dine-in", async () => {
    await t.db
      .update(branchWorkHours)
      .set({ isDayOff: true })
      .where(and(eq(branchWorkHours.branchId, yunusabad), eq(branchWorkHours.type, "DINE_IN")));
    forgetGeo(t.db);
    try {
      const res = await resolve(YUNUSABAD_TABLE);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string }>().code).toBe("TABLE_CLOSED");
    } finally {
      await t.db
        .update(branchWorkHours)
        .set({ isDayOff: sql`${branchWorkHours.weekName} = 'MONDAY'` })
        .where(and(eq(branchWorkHours.branchId, yunusabad), eq(branchWorkHours.type, "DINE_IN")));
      forgetGeo(t.db);
    }
  });
});

describe("an order at a table", () => {
  async function place(c: Person, over: Record<string, unknown>) {
    return t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: as(c),
      payload: {
        serviceType: "DINE_IN",
        paymentType: "CASH",
        cartItems: [{ productId, count: 1, modifications: [] }],
        ...over,
      },
    });
  }

  it("carries the table and its hall, at the table's branch", async () => {
    const c = await person(plov);
    const table = await tableByCode(TABLE_1);
    const res = await place(c, { tableId: table.id, hallId: table.hallId, branchId: beshyogoch });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      serviceType: "DINE_IN",
      branchId: beshyogoch,
      tableId: table.id,
      hallId: table.hallId,
      address: null,
    });
    // Without a branch, the table names it.
    const noBranch = await place(c, { tableId: table.id });
    expect(noBranch.statusCode).toBe(201);
    expect(noBranch.json()).toMatchObject({ branchId: beshyogoch, tableId: table.id });
  });

  it("refuses a made-up table, another branch's table, another hall and a non-dine-in order", async () => {
    const c = await person(plov);
    const table = await tableByCode(TABLE_1);
    const elsewhere = await tableByCode(YUNUSABAD_TABLE);
    const refusals = [
      { tableId: "00000000-0000-4000-8000-000000000001", branchId: beshyogoch },
      { tableId: elsewhere.id, branchId: beshyogoch },
      { tableId: table.id, hallId: elsewhere.hallId },
      { tableId: table.id, serviceType: "PICK_UP", branchId: beshyogoch },
      { hallId: table.hallId, branchId: beshyogoch },
    ];
    for (const over of refusals) {
      const res = await place(c, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe("TABLE_INVALID");
    }
    await t.db.update(diningTables).set({ isActive: false }).where(eq(diningTables.id, table.id));
    const off = await place(c, { tableId: table.id });
    expect(off.json<{ code: string }>().code).toBe("TABLE_INVALID");
    await t.db.update(diningTables).set({ isActive: true }).where(eq(diningTables.id, table.id));
  });

  it("refuses another brand's table id", async () => {
    const c = await person(lavash);
    const table = await tableByCode(TABLE_1);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: as(c),
      payload: {
        serviceType: "PICK_UP",
        paymentType: "CASH",
        cartItems: [{ productId, count: 1, modifications: [] }],
        tableId: table.id,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe("TABLE_INVALID");
  });

  it("takes the brand's other way (OTHER) where its method is on: at the counter, not at a table", async () => {
    const c = await person(plov);
    const table = await tableByCode(TABLE_1);
    // Plov's "card transfer on pickup" is switched on for the website and Telegram, not for QR codes.
    const atTable = await place(c, { tableId: table.id, paymentType: "OTHER" });
    expect(atTable.statusCode).toBe(400);
    expect(atTable.json<{ code: string }>().code).toBe("PAYMENT_TYPE_UNAVAILABLE");
    const pickup = await place(c, { serviceType: "PICK_UP", branchId: beshyogoch, paymentType: "OTHER" });
    expect(pickup.statusCode, pickup.body).toBe(201);
    // Paid on receipt, as cash is: no provider, nothing to pay online.
    expect(pickup.json()).toMatchObject({ paymentType: "OTHER", isPaid: false });

    // The storefront names it as the brand does.
    const settings = await t.app.inject({
      method: "GET",
      url: "/api/support/v1/merchant/settings/web",
      headers: { merchant: plov },
    });
    const looks = settings.json<{ paymentMethodLooks: { type: string; title: unknown }[] }>()
      .paymentMethodLooks;
    expect(looks.find((l) => l.type === "OTHER")?.title).toMatchObject({
      ru: "Перевод на карту при получении",
    });
  });

  it("pays only as the table's QR channel allows", async () => {
    const c = await person(plov);
    const table = await tableByCode(TABLE_1);
    // Plov's Click is on for the website but not at tables.
    const res = await place(c, { tableId: table.id, paymentType: "CLICK" });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe("PAYMENT_TYPE_UNAVAILABLE");
    expect((await place(c, { tableId: table.id, paymentType: "TERMINAL" })).statusCode).toBe(201);
  });
});

describe("calling a waiter", () => {
  it("keeps one open call per table and reason, even for 10 presses at once", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => callWaiter(TABLE_2, "CALL")));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.json<{ id: string }>().id));
    expect(ids.size).toBe(1);
    const table = await tableByCode(TABLE_2);
    const open = await t.db
      .select()
      .from(waiterCalls)
      .where(and(eq(waiterCalls.tableId, table.id), sql`${waiterCalls.status} <> 'CLOSED'`));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      reason: "CALL",
      userId: null,
      branchId: beshyogoch,
      hallId: table.hallId,
    });
    // The bill is a call of its own.
    const bill = await callWaiter(TABLE_2, "BILL");
    expect(bill.statusCode).toBe(201);
    expect(bill.json<{ id: string }>().id).not.toBe([...ids][0]);
  });

  it("remembers the signed-in customer who called", async () => {
    const c = await person(plov);
    const res = await callWaiter(TABLE_4, "BILL", as(c));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(waiterCalls)
      .where(eq(waiterCalls.id, res.json<{ id: string }>().id));
    expect(row!.userId).toBe(c.id);
  });

  it("limits how many new calls one table makes in a short while", async () => {
    const staff = await person(plov, "STAFF");
    for (let i = 0; i < WAITER_CALL_LIMIT.calls; i += 1) {
      const res = await callWaiter(TABLE_3, "CALL");
      expect(res.statusCode).toBe(201);
      expect((await staffMove(staff, res.json<{ id: string }>().id, "close")).statusCode).toBe(200);
    }
    const limited = await callWaiter(TABLE_3, "CALL");
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string }>().code).toBe("WAITER_CALL_LIMIT");
    // Another table is not held back.
    expect((await callWaiter(TABLE_4, "CALL")).statusCode).toBe(201);
  });

  it("lets only the brand's staff list and answer calls", async () => {
    const customer = await person(plov);
    const staff = await person(plov, "STAFF");
    const otherStaff = await person(lavash, "STAFF");
    const call = (await callWaiter(TABLE_1, "CALL")).json<{ id: string }>();
    const list = (p: Person, branchId = beshyogoch) =>
      t.app.inject({ method: "GET", url: `/api/staff/v1/waiter-calls?branchId=${branchId}`, headers: as(p) });
    expect((await list(customer)).json<{ code: string }>().code).toBe("FORBIDDEN");
    expect((await staffMove(customer, call.id, "acknowledge")).statusCode).toBe(403);
    // Another brand's staff find neither the branch nor the call.
    expect((await list(otherStaff)).statusCode).toBe(404);
    expect((await staffMove(otherStaff, call.id, "acknowledge")).statusCode).toBe(404);
    const open = await list(staff);
    expect(open.statusCode).toBe(200);
    expect(open.json<{ id: string }[]>().map((c) => c.id)).toContain(call.id);
    expect((await staffMove(staff, call.id, "close")).json()).toMatchObject({ status: "CLOSED" });
    expect((await staffMove(staff, call.id, "acknowledge")).json<{ code: string }>().code).toBe(
      "WAITER_CALL_CLOSED",
    );
    expect((await list(staff)).json<{ id: string }[]>().map((c) => c.id)).not.toContain(call.id);
    // Without a session, no staff call at all.
    const anon = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/waiter-calls?branchId=${beshyogoch}`,
      headers: { merchant: plov },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("shows the guest's table the staff's answer live, and only that table's calls", async () => {
    const staff = await person(plov, "STAFF");
    const mine = (await callWaiter(TABLE_5, "CALL")).json<{ id: string }>();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/orders/v1/waiter-calls/events?table=${TABLE_5}`, {
      headers: { merchant: plov },
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    await reader.read(); // the "connected" comment
    // Another table's call is not this table's business.
    const other = (await callWaiter(TABLE_4, "BILL")).json<{ id: string }>();
    expect((await staffMove(staff, mine.id, "acknowledge")).statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    while (!text.includes("ACKNOWLEDGED") && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    expect(text).toContain("event: call");
    expect(text).toContain(`"id":"${mine.id}"`);
    expect(text).toContain(`"status":"ACKNOWLEDGED"`);
    expect(text).not.toContain(other.id);
    // The table's list answers the same state.
    const listed = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/waiter-calls?table=${TABLE_5}`,
      headers: { merchant: plov },
    });
    expect(listed.json()).toEqual([expect.objectContaining({ id: mine.id, status: "ACKNOWLEDGED" })]);
    const wrongBrand = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/waiter-calls?table=${TABLE_5}`,
      headers: { merchant: lavash },
    });
    expect(wrongBrand.statusCode).toBe(404);
  });
});
