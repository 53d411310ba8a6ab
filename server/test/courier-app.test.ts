/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The brand's own couriers (issue 39): the owner makes a courier from the staff section, the courier
// signs in with the staff's phone and code, sees and moves only their own orders and the offers of
// their branch, the first of two couriers to accept an offer takes it, and their positions reach only
// the customer of the order they carry, only while they carry it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { branches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { freshPhone, loginWithPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let mirobod: string;
let pizza: string;
let owner: Person;
let plovOwner: Person;
let seq = 0;

/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = {
  name: "Amir Temur 1",
  houseNumber: "1",
  latitude: 41.311081,
  longitude: 69.240562,
  entrance: "2",
  floor: "5",
  domophone: "52",
};

interface Person {
  id: string;
  token: string;
  merchant: string;
  phone: string;
}

async function person(merchant: string, role: "CUSTOMER" | "ADMIN" = "CUSTOMER"): Promise<Person> {
  seq += 1;
  const phone = `+99894${String(3000000 + seq)}`;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone, firstName: `Dilnoza${seq}`, lastName: "Rahimova", role })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, phone, merchant };
}

const headers = (p: Person) => ({ merchant: p.merchant, authorization: `Bearer ${p.token}` });

/** A courier the owner invites from the staff section, signed in with their phone and SMS code. */
async function courier(by: Person, branchId: string): Promise<Person> {
  const phone = freshPhone();
  const invited = await t.app.inject({
    method: "POST",
    url: "/api/staff/v1/staff-members",
    headers: headers(by),
    payload: { phone, brandRole: "COURIER", branchIds: [branchId] },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const login = await loginWithPhone(t, by.merchant, phone);
  return { id: login.user.id, token: login.token, merchant: by.merchant, phone };
}

async function shift(c: Person, onShift: boolean) {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/courier/v1/shift",
    headers: headers(c),
    payload: { onShift },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; onShift: boolean }>();
}

/** A cash delivery placed by `c` and walked by the owner to DONE (ready for a courier). */
async function readyOrder(c: Person, branchId = chilonzor): Promise<string> {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: headers(c),
    payload: {
      serviceType: "DELIVERY",
      paymentType: "CASH",
      cartItems: [{ productId: pizza, count: 2, modifications: [] }],
      address: ADDRESS,
      branchId,
      comment: "Ring twice",
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json<{ id: string }>().id;
  for (const status of ["ACCEPTED", "COOKING", "DONE"]) {
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${id}/status`,
      headers: headers(owner),
      payload: { status },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}

const move = (c: Person, id: string, m: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/courier/v1/orders/${id}/moves`,
    headers: headers(c),
    payload: { move: m },
  });

const offer = (id: string) =>
  t.app.inject({ method: "POST", url: `/api/staff/v1/orders/${id}/courier-offer`, headers: headers(owner) });

const positions = (c: Person, batch: unknown[]) =>
  t.app.inject({ method: "POST", url: "/api/courier/v1/positions", headers: headers(c), payload: batch });

async function assign(id: string, c: Person) {
  const me = await t.app.inject({ method: "GET", url: "/api/courier/v1/me", headers: headers(c) });
  expect(me.statusCode, me.body).toBe(200);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/orders/${id}/courier`,
    headers: headers(owner),
    payload: { courierId: me.json<{ id: string }>().id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return me.json<{ id: string }>().id;
}

async function anyBranch(merchant: string): Promise<string> {
  const [row] = await t.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.merchantId, merchant));
  return row!.id;
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  mirobod = await branchNamed(t, lavash, "Mirobod");
  pizza = await plainProduct(t, lavash);
  owner = await person(lavash, "ADMIN");
  plovOwner = await person(plov, "ADMIN");
});
afterAll(async () => {
  await t.close();
});

describe("the courier role", () => {
  it("needs exactly one branch, and keeps a courier off the staff board and the back office", async () => {
    const none = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/staff-members",
      headers: headers(owner),
      payload: { phone: freshPhone(), brandRole: "COURIER", branchIds: [] },
    });
    expect(none.statusCode, none.body).toBe(400);
    const c = await courier(owner, chilonzor);
    const board = await t.app.inject({ method: "GET", url: "/api/staff/v1/orders", headers: headers(c) });
    expect(board.statusCode).toBe(403);
    const me = await t.app.inject({ method: "GET", url: "/api/courier/v1/me", headers: headers(c) });
    expect(me.json()).toMatchObject({ branchId: chilonzor, onShift: false, phone: c.phone });
    // A customer is not a courier.
    const customer = await person(lavash);
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/courier/v1/orders",
      headers: headers(customer),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("a courier's orders", () => {
  it("walks an assigned order from accepted to delivered, cash collected, along the board's transitions", async () => {
    const c = await courier(owner, chilonzor);
    const customer = await person(lavash);
    const id = await readyOrder(customer);
    await assign(id, c);
    const list = await t.app.inject({ method: "GET", url: "/api/courier/v1/orders", headers: headers(c) });
    const mine =
      list.json<
        { id: string; mine: boolean; itemCount: number; cashToCollect: number; distanceM: number }[]
      >();
    const row = await orderRow(t, id);
    expect(mine.find((o) => o.id === id)).toMatchObject({
      mine: true,
      itemCount: 2,
      cashToCollect: row.totalPrice,
    });
    expect(mine.find((o) => o.id === id)?.distanceM).toBeGreaterThan(0);
    const one = await t.app.inject({
      method: "GET",
      url: `/api/courier/v1/orders/${id}`,
      headers: headers(c),
    });
    expect(one.json()).toMatchObject({
      customerPhone: customer.phone,
      comment: "Ring twice",
      address: { entrance: "2", floor: "5", intercom: "52" },
      moves: ["ACCEPT"],
    });
    // Delivering before picking up is not a legal move.
    expect((await move(c, id, "DELIVER")).statusCode).toBe(409);
    expect((await move(c, id, "ACCEPT")).json()).toMatchObject({
      status: "ATTACHED",
      courierStatus: "ACCEPTED",
    });
    expect((await move(c, id, "PICK_UP")).json()).toMatchObject({ status: "ON_WAY" });
    expect((await move(c, id, "ARRIVE")).json()).toMatchObject({ courierStatus: "PERFORMER_ARRIVED" });
    expect((await move(c, id, "DELIVER")).json()).toMatchObject({ status: "DELIVERED", cashToCollect: 0 });
    expect(await orderRow(t, id)).toMatchObject({ status: "DELIVERED", isPaid: true });
  });

  it("hides an order from a courier of another branch or brand, who cannot move it either", async () => {
    const c = await courier(owner, chilonzor);
    const otherBranch = await courier(owner, mirobod);
    const otherBrand = await courier(plovOwner, await anyBranch(plov));
    await shift(otherBranch, true);
    await shift(otherBrand, true);
    const id = await readyOrder(await person(lavash));
    await assign(id, c);
    const offered = await readyOrder(await person(lavash));
    expect((await offer(offered)).statusCode).toBe(200);
    for (const stranger of [otherBranch, otherBrand]) {
      for (const orderId of [id, offered]) {
        const read = await t.app.inject({
          method: "GET",
          url: `/api/courier/v1/orders/${orderId}`,
          headers: headers(stranger),
        });
        expect(read.statusCode).toBe(404);
        expect((await move(stranger, orderId, "ACCEPT")).statusCode).toBe(404);
        expect((await move(stranger, orderId, "PICK_UP")).statusCode).toBe(404);
      }
      const list = await t.app.inject({
        method: "GET",
        url: "/api/courier/v1/orders",
        headers: headers(stranger),
      });
      expect(list.json<{ id: string }[]>().map((o) => o.id)).not.toContain(id);
      expect(list.json<{ id: string }[]>().map((o) => o.id)).not.toContain(offered);
    }
    expect(await orderRow(t, id)).toMatchObject({ status: "ATTACHED", courierStatus: "PERFORMER_FOUND" });
    expect(await orderRow(t, offered)).toMatchObject({ status: "DONE", courierId: null });
  });
});

describe("an offer to the branch's couriers", () => {
  it("reaches only couriers on shift, and of two accepting at once exactly one takes it", async () => {
    const a = await courier(owner, chilonzor);
    const b = await courier(owner, chilonzor);
    const off = await courier(owner, chilonzor);
    await shift(a, true);
    await shift(b, true);
    const id = await readyOrder(await person(lavash));
    expect((await offer(id)).statusCode).toBe(200);
    const offList = await t.app.inject({
      method: "GET",
      url: "/api/courier/v1/orders",
      headers: headers(off),
    });
    expect(offList.json<{ id: string }[]>().map((o) => o.id)).not.toContain(id);
    const aList = await t.app.inject({ method: "GET", url: "/api/courier/v1/orders", headers: headers(a) });
    expect(aList.json<{ id: string; mine: boolean }[]>().find((o) => o.id === id)).toMatchObject({
      mine: false,
    });

    const answers = await Promise.all([move(a, id, "ACCEPT"), move(b, id, "ACCEPT")]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: "COURIER_OFFER_TAKEN" });
    const winner = answers[0].statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    const winnerId = (
      await t.app.inject({ method: "GET", url: "/api/courier/v1/me", headers: headers(winner) })
    ).json<{ id: string }>().id;
    expect(await orderRow(t, id)).toMatchObject({ courierId: winnerId, status: "ATTACHED" });
    // The loser no longer sees it, nor may move it.
    const after = await t.app.inject({
      method: "GET",
      url: `/api/courier/v1/orders/${id}`,
      headers: headers(loser),
    });
    expect(after.statusCode).toBe(404);
    expect((await move(loser, id, "PICK_UP")).statusCode).toBe(404);
    // A given order cannot be offered again.
    expect((await offer(id)).statusCode).toBe(409);
  });
});

describe("the courier's positions", () => {
  it("reach the customer of the order on its way only, refuse impossible ones and stop after delivery", async () => {
    const c = await courier(owner, chilonzor);
    const customer = await person(lavash);
    const stranger = await person(lavash);
    const id = await readyOrder(customer);
    const courierId = await assign(id, c);

    const idle = await courier(owner, chilonzor);
    const none = await positions(idle, [{ lat: 41.3, lon: 69.24, accuracy: 10, at: ago(1000) }]);
    expect(none.json()).toEqual({ accepted: false, dropped: 1 });

    await move(c, id, "ACCEPT");
    await move(c, id, "PICK_UP");
    const sent = await positions(c, [
      { lat: 41.3, lon: 69.24, accuracy: 10, at: ago(6000) },
      { lat: 41.301, lon: 69.241, accuracy: 8, at: ago(1000) },
      // In the future, and long ago.
      { lat: 41.302, lon: 69.242, accuracy: 8, at: new Date(Date.now() + 10 * 60_000).toISOString() },
      { lat: 41.302, lon: 69.242, accuracy: 8, at: ago(60 * 60_000) },
    ]);
    expect(sent.json()).toEqual({ accepted: true, dropped: 2 });
    const seen = await t.app.inject({
      method: "GET",
      url: `/api/deliveries/v1/delivery/courier/${courierId}`,
      headers: headers(customer),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ latitude: 41.301, longitude: 69.241 });
    // Another customer of the brand sees nothing of this courier.
    const other = await t.app.inject({
      method: "GET",
      url: `/api/deliveries/v1/delivery/courier/${courierId}`,
      headers: headers(stranger),
    });
    expect(other.statusCode).toBe(404);

    // A jump to Samarkand (about 270 km) in seconds is refused; the kept position stays.
    const jump = await positions(c, [{ lat: 39.65, lon: 66.96, accuracy: 5, at: ago(0) }]);
    expect(jump.json()).toEqual({ accepted: false, dropped: 1 });

    await move(c, id, "DELIVER");
    const late = await positions(c, [{ lat: 41.31, lon: 69.25, accuracy: 5, at: ago(0) }]);
    expect(late.json()).toEqual({ accepted: false, dropped: 1 });
    const gone = await t.app.inject({
      method: "GET",
      url: `/api/deliveries/v1/delivery/courier/${courierId}`,
      headers: headers(customer),
    });
    expect(gone.statusCode).toBe(404);
  });
});
