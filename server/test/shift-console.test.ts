/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The shift console, finished (issue 44): granting staff is all or nothing and revoking signs them
// out; cash is paid when it is collected and the day's revenue counts only what was paid (pending
// apart, per branch and for the chain, within the caller's branches); the demo simulator leaves
// the orders staff work alone; a cancelled order tells the customer the reason staff gave.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffTotals } from "#domain/contract/staff.ts";
import { StaffAccessError, grantStaff, revokeStaff } from "../src/services/staff/access.ts";
import {
  botMessages,
  branches,
  merchantWebSettings,
  orderHistory,
  orders,
  staffBranches,
  users,
} from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { statusTexts } from "../src/services/notifications/texts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct, transactionsOf } from "./support/orders.ts";

/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

let seq = 0;
const freshPhone = () => `+99895${String(4000000 + (seq += 1))}`;

async function person(
  t: TestApp,
  merchant: string,
  role: "CUSTOMER" | "STAFF" = "CUSTOMER",
  extra: { bindTo?: string[]; telegramId?: bigint; language?: string } = {},
) {
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: freshPhone(),
      role,
      ...(extra.telegramId === undefined ? {} : { telegramId: extra.telegramId }),
      ...(extra.language === undefined ? {} : { language: extra.language }),
    })
    .returning();
  for (const branchId of extra.bindTo ?? [])
    await t.db.insert(staffBranches).values({ merchantId: merchant, userId: user!.id, branchId });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, merchant };
}
type Person = Awaited<ReturnType<typeof person>>;
const headers = (p: Person) => ({ merchant: p.merchant, authorization: `Bearer ${p.token}` });

async function place(
  t: TestApp,
  c: Person,
  o: { branchId: string; product: string; serviceType?: "DELIVERY" | "PICK_UP" },
) {
  const serviceType = o.serviceType ?? "DELIVERY";
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: headers(c),
    payload: {
      serviceType,
      paymentType: "CASH",
      cartItems: [{ productId: o.product, count: 1, modifications: [] }],
      ...(serviceType === "DELIVERY" ? { address: ADDRESS } : {}),
      branchId: o.branchId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; number: number; totalPrice: number }>();
}

async function move(t: TestApp, staff: Person, orderId: string, status: string, comment?: string) {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/orders/${orderId}/status`,
    headers: headers(staff),
    payload: { status, ...(comment === undefined ? {} : { comment }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ status: string; isPaid: boolean }>();
}

describe("the shift console", () => {
  let t: TestApp;
  let lavash: string;
  let chilonzor: string;
  let mirobod: string;
  let product: string;
  let staff: Person;

  beforeAll(async () => {
    t = await createTestApp();
    lavash = await merchantId(t, "lavash");
    chilonzor = await branchNamed(t, lavash, "Chilonzor");
    mirobod = await branchNamed(t, lavash, "Mirobod");
    product = await plainProduct(t, lavash);
    staff = await person(t, lavash, "STAFF");
    await t.db
      .update(merchantWebSettings)
      .set({ notificationsActive: true, cancelOrderActive: true })
      .where(eq(merchantWebSettings.merchantId, lavash));
  });
  afterAll(async () => {
    await t.close();
  });

  describe("staff grant and revoke", () => {
    it("refuses a grant with a branch that is not the brand's and writes nothing", async () => {
      const phone = freshPhone();
      await expect(
        grantStaff(t.db, { sub: "lavash", phone, branchArgs: ["chilonzor", "chilonzr"], allBranches: false }),
      ).rejects.toThrow(StaffAccessError);
      await expect(
        grantStaff(t.db, { sub: "lavash", phone, branchArgs: ["chilonzr"], allBranches: false }),
      ).rejects.toThrow(/no branch "chilonzr" of lavash; nothing was changed/);
      expect(await t.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);

      // An existing customer stays a customer, bound nowhere.
      const customer = await person(t, lavash);
      const [row] = await t.db.select().from(users).where(eq(users.id, customer.id));
      await expect(
        grantStaff(t.db, { sub: "lavash", phone: row!.phone!, branchArgs: ["nowhere"], allBranches: false }),
      ).rejects.toThrow(StaffAccessError);
      const [after] = await t.db.select().from(users).where(eq(users.id, customer.id));
      expect(after!.role).toBe("CUSTOMER");
      expect(await t.db.select().from(staffBranches).where(eq(staffBranches.userId, customer.id))).toEqual(
        [],
      );
    });

    it("grants a branch by name, and revoke makes them a customer again, unbound and signed out", async () => {
      const phone = freshPhone();
      const granted = await grantStaff(t.db, {
        sub: "lavash",
        phone,
        branchArgs: ["chilonzor (24/7)"],
        allBranches: false,
      });
      expect(granted.created).toBe(true);
      const as = { merchant: lavash, authorization: `Bearer ${granted.token}` };
      const me = await t.app.inject({ method: "GET", url: "/api/staff/v1/me", headers: as });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json<{ bound: boolean; branches: { id: string }[] }>()).toMatchObject({
        bound: true,
        branches: [{ id: chilonzor }],
      });

      const revoked = await revokeStaff(t.db, { sub: "lavash", phone });
      expect(revoked).toMatchObject({ userId: granted.userId, branches: 1 });
      expect(revoked.sessions).toBeGreaterThanOrEqual(1);
      const [user] = await t.db.select().from(users).where(eq(users.id, granted.userId));
      expect(user!.role).toBe("CUSTOMER");
      expect(await t.db.select().from(staffBranches).where(eq(staffBranches.userId, granted.userId))).toEqual(
        [],
      );
      const after = await t.app.inject({ method: "GET", url: "/api/staff/v1/me", headers: as });
      expect([401, 403]).toContain(after.statusCode);
      const board = await t.app.inject({ method: "GET", url: "/api/staff/v1/orders", headers: as });
      expect([401, 403]).toContain(board.statusCode);

      // Revoking again (no longer staff), or an unknown phone, is refused.
      await expect(revokeStaff(t.db, { sub: "lavash", phone })).rejects.toThrow(/is not staff of lavash/);
      await expect(revokeStaff(t.db, { sub: "lavash", phone: freshPhone() })).rejects.toThrow(
        /has no user with the phone/,
      );
    });
  });

  describe("cash collected and the day's totals", () => {
    const totals = async (who: Person, day?: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/staff/v1/totals${day ? `?day=${day}` : ""}`,
        headers: headers(who),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StaffTotals>();
    };
    const ofBranch = (all: StaffTotals, branchId: string) =>
      all.branches.find((b) => b.branchId === branchId)!;

    it("marks a delivered cash order paid, with a history entry and no provider transaction", async () => {
      const customer = await person(t, lavash);
      const order = await place(t, customer, { branchId: chilonzor, product });
      for (const s of ["ACCEPTED", "COOKING", "DONE", "ATTACHED", "ON_WAY"]) {
        expect((await move(t, staff, order.id, s)).isPaid).toBe(false);
      }
      expect(await move(t, staff, order.id, "DELIVERED")).toMatchObject({
        status: "DELIVERED",
        isPaid: true,
      });
      const row = await orderRow(t, order.id);
      expect(row.isPaid).toBe(true);
      expect(row.payment).toMatchObject({ provider: "CASH", paidAt: expect.any(String) as string });
      const paidEntries = await t.db
        .select()
        .from(orderHistory)
        .where(and(eq(orderHistory.orderId, order.id), eq(orderHistory.reason, "PAID_AND_CHANGE_STATUS")));
      expect(paidEntries).toMatchObject([
        { status: "DELIVERED", comment: "cash collected", actorUserId: staff.id },
      ]);
      expect(await transactionsOf(t, order.id)).toEqual([]);
      // Closing it later changes nothing more.
      await move(t, staff, order.id, "CLOSED");
      expect((await orderRow(t, order.id)).payment).toEqual(row.payment);
    });

    it("marks a picked-up cash order paid when it is closed", async () => {
      const customer = await person(t, lavash);
      const order = await place(t, customer, { branchId: chilonzor, product, serviceType: "PICK_UP" });
      for (const s of ["ACCEPTED", "COOKING", "DONE"]) await move(t, staff, order.id, s);
      expect((await orderRow(t, order.id)).isPaid).toBe(false);
      expect(await move(t, staff, order.id, "CLOSED")).toMatchObject({ isPaid: true });
    });

    it("counts paid orders as revenue and unpaid ones as pending, per branch and for the chain, scoped to the caller", async () => {
      const before = await totals(staff);
      const day = before.day;
      const customer = await person(t, lavash);
      // Paid: delivered at Chilonzor.
      const paid = await place(t, customer, { branchId: chilonzor, product });
      for (const s of ["ACCEPTED", "COOKING", "DONE", "ATTACHED", "ON_WAY", "DELIVERED"])
        await move(t, staff, paid.id, s);
      // Pending: placed at Chilonzor, accepted, not delivered yet.
      const pending = await place(t, customer, { branchId: chilonzor, product });
      await move(t, staff, pending.id, "ACCEPTED");
      // Cancelled: neither.
      const cancelled = await place(t, customer, { branchId: chilonzor, product });
      await move(t, staff, cancelled.id, "CANCELED", "Out of dough");
      // Pending at Mirobod (placed at Chilonzor, which is open around the clock, then moved there).
      const elsewhere = await place(t, customer, { branchId: chilonzor, product });
      await t.db.update(orders).set({ branchId: mirobod }).where(eq(orders.id, elsewhere.id));

      const after = await totals(staff, day);
      const was = { chil: ofBranch(before, chilonzor).totals, miro: ofBranch(before, mirobod).totals };
      const now = { chil: ofBranch(after, chilonzor).totals, miro: ofBranch(after, mirobod).totals };
      expect(now.chil.revenue - was.chil.revenue).toBe(paid.totalPrice);
      expect(now.chil.paidOrders - was.chil.paidOrders).toBe(1);
      expect(now.chil.pending - was.chil.pending).toBe(pending.totalPrice);
      expect(now.chil.pendingOrders - was.chil.pendingOrders).toBe(1);
      expect(now.chil.orders - was.chil.orders).toBe(2);
      expect(now.chil.canceled - was.chil.canceled).toBe(1);
      const cash = (x: typeof now.chil) =>
        x.byPaymentType.find((p) => p.paymentType === "CASH") ?? { revenue: 0, pending: 0 };
      expect(cash(now.chil).revenue - cash(was.chil).revenue).toBe(paid.totalPrice);
      expect(now.miro.revenue - was.miro.revenue).toBe(0);
      expect(now.miro.pending - was.miro.pending).toBe(elsewhere.totalPrice);
      // The chain is the sum of the branches.
      expect(after.chain.revenue - before.chain.revenue).toBe(paid.totalPrice);
      expect(after.chain.pending - before.chain.pending).toBe(pending.totalPrice + elsewhere.totalPrice);
      expect(after.chain.revenue).toBe(after.branches.reduce((n, b) => n + b.totals.revenue, 0));
      expect(after.chain.pending).toBe(after.branches.reduce((n, b) => n + b.totals.pending, 0));
      // The branch's own page says the same.
      const today = await t.app.inject({
        method: "GET",
        url: `/api/staff/v1/branches/${chilonzor}/today`,
        headers: headers(staff),
      });
      expect(today.json<{ totals: { revenue: number; pending: number } }>().totals).toMatchObject({
        revenue: now.chil.revenue,
        pending: now.chil.pending,
      });

      // Staff bound to Chilonzor see Chilonzor only, and their "chain" is their branch.
      const bound = await person(t, lavash, "STAFF", { bindTo: [chilonzor] });
      const theirs = await totals(bound, day);
      expect(theirs.branches.map((b) => b.branchId)).toEqual([chilonzor]);
      expect(theirs.chain).toEqual(theirs.branches[0]!.totals);
      // A customer is refused.
      const res = await t.app.inject({
        method: "GET",
        url: "/api/staff/v1/totals",
        headers: headers(customer),
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe("the cancel reason", () => {
    it("is in the cancelled order's answer and in the bot message; a customer's own cancel has none", async () => {
      const telegramId = BigInt(7_300_000_000 + (Date.now() % 100_000));
      const customer = await person(t, lavash, "CUSTOMER", { telegramId, language: "ru" });
      const order = await place(t, customer, { branchId: chilonzor, product });
      await move(t, staff, order.id, "CANCELED", "Нет теста, простите");
      const res = await t.app.inject({
        method: "GET",
        url: `/api/orders/v1/orders/${order.id}`,
        headers: headers(customer),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ status: string; cancelComment: string | null }>()).toMatchObject({
        status: "CANCELED",
        cancelComment: "Нет теста, простите",
      });
      const messages = await t.db.select().from(botMessages).where(eq(botMessages.orderId, order.id));
      const cancelled = messages.find((m) => m.text.includes("Ваш заказ отменён"));
      expect(cancelled?.text).toBe(`Заказ №${order.number}\nВаш заказ отменён\nПричина: Нет теста, простите`);
      expect(statusTexts("CANCELED", "Out of dough").eng).toBe(
        "Your order has been cancelled\nReason: Out of dough",
      );

      // Cancelled by the customer: no staff reason.
      const own = await place(t, customer, { branchId: chilonzor, product });
      const cancel = await t.app.inject({
        method: "PUT",
        url: `/api/orders/v1/orders/${own.id}/cancel`,
        headers: headers(customer),
        payload: { reason: "Changed my mind" },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json<{ status: string; cancelComment: string | null }>()).toMatchObject({
        status: "CANCELED",
        cancelComment: null,
      });
    });
  });

  describe("today at the branch", () => {
    it("says which services guests still have with delivery off: the branch's and the brand's", async () => {
      const [branch] = await t.db.select().from(branches).where(eq(branches.id, chilonzor));
      const res = await t.app.inject({
        method: "GET",
        url: `/api/staff/v1/branches/${chilonzor}/today`,
        headers: headers(staff),
      });
      expect(res.statusCode, res.body).toBe(200);
      // Lavash has no dine-in as a brand, whatever its branches say.
      expect(branch!.pickupEnabled).toBe(true);
      expect(res.json()).toMatchObject({ pickupOffered: true, dineInOffered: false });
    });
  });

  describe("couriers added from the console", () => {
    const addCourier = (who: Person, payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/staff/v1/couriers", headers: headers(who), payload });

    it("adds a courier by name and phone at the caller's branch, and the board names them on the order", async () => {
      const phone = freshPhone();
      const added = await addCourier(staff, { name: "Bekzod", phone: phone.slice(4), branchId: chilonzor });
      expect(added.statusCode, added.body).toBe(200);
      const courier = added.json<{ id: string; name: string; phone: string; branchId: string }>();
      expect(courier).toMatchObject({ name: "Bekzod", phone, branchId: chilonzor });
      // The courier's account is an ordinary one: no staff role comes with it.
      const [account] = await t.db.select().from(users).where(eq(users.phone, phone));
      expect(account).toMatchObject({ role: "CUSTOMER", firstName: "Bekzod" });
      // The same phone again answers the same courier.
      const again = await addCourier(staff, { name: "Someone else", phone, branchId: chilonzor });
      expect(again.json<{ id: string; name: string }>()).toMatchObject({ id: courier.id, name: "Bekzod" });

      const list = await t.app.inject({
        method: "GET",
        url: "/api/staff/v1/couriers",
        headers: headers(staff),
      });
      expect(list.json<{ id: string }[]>().map((c) => c.id)).toContain(courier.id);

      const customer = await person(t, lavash);
      const order = await place(t, customer, { branchId: chilonzor, product });
      for (const s of ["ACCEPTED", "COOKING", "DONE"]) await move(t, staff, order.id, s);
      const boardBefore = await t.app.inject({
        method: "GET",
        url: `/api/staff/v1/board?branchId=${chilonzor}`,
        headers: headers(staff),
      });
      type BoardOrder = { id: string; status: string; courier: { name: string; phone: string } | null };
      const before = boardBefore.json<{ orders: BoardOrder[] }>().orders.find((o) => o.id === order.id);
      expect(before?.courier).toBeNull();
      const attached = await t.app.inject({
        method: "PUT",
        url: `/api/staff/v1/orders/${order.id}/courier`,
        headers: headers(staff),
        payload: { courierId: courier.id },
      });
      expect(attached.statusCode, attached.body).toBe(200);
      const board = await t.app.inject({
        method: "GET",
        url: `/api/staff/v1/board?branchId=${chilonzor}`,
        headers: headers(staff),
      });
      expect(board.json<{ orders: BoardOrder[] }>().orders.find((o) => o.id === order.id)).toMatchObject({
        status: "ATTACHED",
        courier: { name: "Bekzod", phone },
      });
    });

    it("refuses a customer, another branch of bound staff, a bad phone and a half-filled form", async () => {
      const customer = await person(t, lavash);
      const asCustomer = await addCourier(customer, {
        name: "Ali",
        phone: freshPhone(),
        branchId: chilonzor,
      });
      expect(asCustomer.statusCode).toBe(403);

      const bound = await person(t, lavash, "STAFF", { bindTo: [chilonzor] });
      const phone = freshPhone();
      const elsewhere = await addCourier(bound, { name: "Ali", phone, branchId: mirobod });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json<{ code: string }>().code).toBe("STAFF_BRANCH_FORBIDDEN");
      const brandWide = await addCourier(bound, { name: "Ali", phone });
      expect(brandWide.statusCode).toBe(403);
      // Nothing was made for the refused phone.
      expect(await t.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);

      const badPhone = await addCourier(staff, { name: "Ali", phone: "12345", branchId: chilonzor });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json<{ code: string }>().code).toBe("PHONE_INVALID");
      const noPhone = await addCourier(staff, { name: "Ali", branchId: chilonzor });
      expect(noPhone.statusCode).toBe(400);
      const blankName = await addCourier(staff, { name: "  ", phone: freshPhone(), branchId: chilonzor });
      expect(blankName.statusCode).toBe(400);
    });
  });
});

describe("the demo simulator and the orders staff work", () => {
  let t: TestApp;
  let lavash: string;
  let chilonzor: string;
  let product: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ORDER_SIMULATOR: "1", ORDER_SIMULATOR_STEP_MS: "200" } });
    lavash = await merchantId(t, "lavash");
    chilonzor = await branchNamed(t, lavash, "Chilonzor");
    product = await plainProduct(t, lavash);
  });
  afterAll(async () => {
    await t.close();
  });

  it("leaves an order a staff member moved alone and still walks an untouched one", async () => {
    const staff = await person(t, lavash, "STAFF");
    const customer = await person(t, lavash);
    const worked = await place(t, customer, { branchId: chilonzor, product, serviceType: "PICK_UP" });
    await move(t, staff, worked.id, "ACCEPTED");
    const untouched = await place(t, customer, { branchId: chilonzor, product, serviceType: "PICK_UP" });
    let status = "CREATED";
    for (let i = 0; i < 100 && status !== "CLOSED"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await orderRow(t, untouched.id)).status;
    }
    expect(status).toBe("CLOSED");
    expect((await orderRow(t, worked.id)).status).toBe("ACCEPTED");
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, worked.id));
    expect(history.map((h) => h.status)).toEqual(["CREATED", "ACCEPTED"]);
  });
});
