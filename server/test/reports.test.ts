/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The back office's reports (issue 42): an owner reads a period's orders and revenue by day, branch,
// service, payment and channel in the brand's time zone; another brand's orders never count; a
// manager may read them, an operator and a branch-bound manager may not; a bad period is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderReportAnswer } from "#domain/contract/reports.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { orders, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let other: string;
let seq = 0;

async function person(merchant: string, brandRole: BrandRole, branchId?: string) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99894${String(4100000 + seq)}`,
      firstName: "Report",
      role: "STAFF",
      brandRole,
    })
    .returning();
  if (branchId) await t.db.insert(staffBranches).values({ merchantId: merchant, userId: user!.id, branchId });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { merchant, authorization: `Bearer ${token}` };
}

/** An order of `merchant` placed at `iso`, straight into the table (a past period no journey touches). */
async function pastOrder(merchant: string, iso: string, over: Partial<typeof orders.$inferInsert> = {}) {
  seq += 1;
  await t.db.insert(orders).values({
    merchantId: merchant,
    number: 900_000 + seq,
    status: "CLOSED",
    serviceType: "PICK_UP",
    paymentType: "CASH",
    orderDevice: "TELEGRAM_BOT",
    isPaid: true,
    totalPrice: 50_000,
    createdDate: new Date(iso),
    ...over,
  });
}

const report = (who: { merchant: string; authorization: string }, query: string) =>
  t.app.inject({ method: "GET", url: `/api/staff/v1/reports?${query}`, headers: who });

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  other = await branchNamed(t, lavash, "Yunusabad");
  // March 2025 in Tashkent (UTC+5): the 10th, late in the evening, counts on the 10th.
  await pastOrder(lavash, "2025-03-10T23:30:00+05:00", { branchId: chilonzor });
  await pastOrder(lavash, "2025-03-11T12:00:00+05:00", {
    branchId: other,
    serviceType: "DELIVERY",
    paymentType: "PAYME",
    orderDevice: "CLIENT_WEB_MOBILE",
    totalPrice: 80_000,
    readyAt: new Date("2025-03-11T12:20:00+05:00"),
    deliveredAt: new Date("2025-03-11T12:50:00+05:00"),
    estimatedTo: new Date("2025-03-11T12:45:00+05:00"),
  });
  await pastOrder(lavash, "2025-03-11T13:00:00+05:00", { branchId: chilonzor, status: "CANCELED" });
  await pastOrder(lavash, "2025-03-11T14:00:00+05:00", {
    branchId: chilonzor,
    isPaid: false,
    status: "OPEN",
  });
  // Another brand's order on the same day.
  await pastOrder(plov, "2025-03-11T12:00:00+05:00", { totalPrice: 1_000_000 });
});
afterAll(async () => {
  await t.close();
});

describe("reports in the back office", () => {
  it("an owner reads the period's orders and revenue by local day, branch, service, payment and channel", async () => {
    const owner = await person(lavash, "OWNER");
    const res = await report(owner, "from=2025-03-09&to=2025-03-11");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrderReportAnswer>();
    expect(body).toMatchObject({
      timeZone: "Asia/Tashkent",
      orders: 3,
      canceled: 1,
      revenue: 130_000,
      averageCheck: 65_000,
      averageReadyMinutes: 20,
      averageDeliveryMinutes: 50,
      lateShare: 1,
    });
    expect(body.days).toEqual([
      { key: "2025-03-09", orders: 0, revenue: 0 },
      { key: "2025-03-10", orders: 1, revenue: 50_000 },
      { key: "2025-03-11", orders: 2, revenue: 80_000 },
    ]);
    expect(body.byBranch).toEqual([
      { key: other, orders: 1, revenue: 80_000 },
      { key: chilonzor, orders: 2, revenue: 50_000 },
    ]);
    expect(body.byPayment.map((r) => r.key)).toEqual(["PAYME", "CASH"]);
    expect(body.byChannel.map((r) => r.key)).toEqual(["CLIENT_WEB_MOBILE", "TELEGRAM_BOT"]);

    const one = await report(owner, `from=2025-03-11&to=2025-03-11&branchId=${chilonzor}`);
    expect(one.json<OrderReportAnswer>()).toMatchObject({ orders: 1, canceled: 1, revenue: 0 });
  });

  it("a manager may read them; an operator and a manager bound to a branch may not", async () => {
    expect((await report(await person(lavash, "MANAGER"), "from=2025-03-10&to=2025-03-10")).statusCode).toBe(
      200,
    );
    for (const who of [await person(lavash, "OPERATOR"), await person(lavash, "MANAGER", chilonzor)]) {
      const res = await report(who, "from=2025-03-10&to=2025-03-10");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "BACK_OFFICE_FORBIDDEN" });
    }
  });

  it("another brand's branch is refused, and a backwards, too long or impossible period is explained", async () => {
    const owner = await person(plov, "OWNER");
    const foreign = await report(owner, `from=2025-03-11&to=2025-03-11&branchId=${chilonzor}`);
    expect(foreign.statusCode).toBeGreaterThanOrEqual(403);
    expect(foreign.statusCode).toBeLessThan(500);
    for (const query of [
      "from=2025-03-11&to=2025-03-10",
      "from=2025-01-01&to=2025-12-31",
      "from=2025-02-30&to=2025-03-01",
    ]) {
      const res = await report(owner, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ description: { eng: string } }>().description.eng.length).toBeGreaterThan(0);
    }
    // Plov's own figures hold its order only.
    const own = await report(owner, "from=2025-03-11&to=2025-03-11");
    expect(own.json<OrderReportAnswer>()).toMatchObject({ orders: 1, revenue: 1_000_000 });
  });
});
